"""Reading a Time of Crisis view: the questions a bot asks of what it can see.

Everything here works on the view dict (``title.view(state, role)``) and the title's static
data (map, cards, tables), never on a state: it is all a player at the table could know. The
numbers come from the rules' own queries (``votes_required``, ``to_hit``, ``barbarian_dice``),
fed with what the view shows.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.combat import (
    BARBARIAN,
    FULL,
    MILITIA,
    REDUCED,
    barbarian_dice,
    rival_dice,
    to_hit,
)
from crisis.games.time_of_crisis.senate import target_open, votes_required
from crisis.games.time_of_crisis.state import NEUTRAL


class Obs:
    """A view seen by ``role``, with the lookups the bots need."""

    def __init__(self, view: dict[str, Any], role: str) -> None:
        self.v = view
        self.me = role
        self.players: dict[str, dict[str, Any]] = {p["role"]: p for p in view["players"]}
        self.p = self.players[role]
        self.prov: dict[str, dict[str, Any]] = view["provinces"]
        self.turn: dict[str, Any] = view["turn"]
        self.pool: dict[str, int] = self.turn["pool"]
        self.armies: list[dict[str, Any]] = view["armies"]

    # -- who holds what --------------------------------------------------------------------
    @cached_property
    def mine(self) -> list[str]:
        """Provinces I govern."""
        return [n for n, p in self.prov.items() if p["governor"] == self.me]

    @cached_property
    def my_armies(self) -> list[dict[str, Any]]:
        """My armies."""
        return [a for a in self.armies if a["owner"] == self.me]

    def governed_by(self, role: str) -> list[str]:
        """Provinces ``role`` governs."""
        return [n for n, p in self.prov.items() if p["governor"] == role]

    @property
    def emperor(self) -> str | None:
        """The player governing Italia, if any."""
        return self.v.get("emperor")

    def capital_army(self, province: str) -> dict[str, Any] | None:
        """The army in ``province``'s capital, if any."""
        for a in self.armies:
            if a["capital"] and a["region"] == province:
                return a
        return None

    def capital_units(self, province: str, role: str) -> int:
        """Units of ``role`` in ``province``'s capital (Militia counts for its governor)."""
        prov = self.prov[province]
        n = 1 if prov["militia"] and prov["governor"] == role else 0
        a = self.capital_army(province)
        if a is not None and a["owner"] == role:
            n += a["full"] + a["reduced"] + sum(a["foederati"].values())
        return n

    def capital_free(self, province: str) -> bool:
        """Whether my army may enter ``province``'s capital."""
        if self.capital_army(province) is not None:
            return False
        prov = self.prov[province]
        return not (prov["militia"] and prov["governor"] != self.me)

    # -- threats ---------------------------------------------------------------------------
    def barbarians_in(self, province: str) -> dict[str, int]:
        """Barbarian counters by tribe in ``province`` (active and inactive)."""
        prov = self.prov[province]
        out = dict(prov["active"])
        for t, n in prov["inactive"].items():
            out[t] = out.get(t, 0) + n
        return {t: n for t, n in out.items() if n}

    def leaders_in(self, region: str) -> list[str]:
        """Barbarian leaders standing in ``region``."""
        return [n for n, w in self.v["leaders"].items() if w == region]

    def rivals_in(self, region: str) -> list[str]:
        """Rival Emperors standing in ``region``."""
        return [n for n, w in self.v["rivals"].items() if w == region]

    def threatened(self, province: str) -> bool:
        """Whether the governor of ``province`` loses support at the Support Check."""
        prov = self.prov[province]
        if any(prov["active"].values()) or self.leaders_in(province) or self.rivals_in(province):
            return True
        a = self.capital_army(province)
        return a is not None and a["owner"] != prov["governor"]

    # -- votes -----------------------------------------------------------------------------
    def can_target(self, province: str) -> bool:
        """Whether my Place Governor may target ``province`` now."""
        prov = self.prov[province]
        turn = (self.turn["targeted"], self.turn["recalled"], self.turn["was_emperor"])
        return target_open(
            province,
            prov["governor"],
            prov["no_place_governor"],
            prov["pretender"],
            self.me,
            turn,
        )

    def votes_needed(self, province: str) -> int:
        """Votes my Place Governor in ``province`` needs (RULES 6.3.2)."""
        prov = self.prov[province]
        gov = prov["governor"]
        defenders = self.capital_units(province, gov) if gov not in (None, NEUTRAL) else 0
        attackers = self.capital_units(province, self.me)
        return votes_required(
            prov["support"], defenders, attackers, bool(self.turn.get("princeps"))
        )

    def extra_dice(self, province: str) -> int:
        """Free dice for Place Governor: Basilicas (for Italia) and a declared Ambitus."""
        n = self.turn.get("ambitus", 0)
        if province == data.ITALIA:
            n += sum(1 for m in self.mine if "Basilica" in self.prov[m]["improvements"])
        return n

    # -- armies ----------------------------------------------------------------------------
    def roman(self, base: int) -> int:
        """A Roman unit's to-hit number under the lasting auguries."""
        return to_hit(base, self.v.get("lasting"))

    def stacked_militia(self, a: dict[str, Any]) -> bool:
        """Whether a Militia fights alongside army ``a``."""
        prov = self.prov.get(a["region"])
        return bool(
            prov is not None and a["capital"] and prov["militia"] and prov["governor"] == a["owner"]
        )

    def army_dice(self, a: dict[str, Any]) -> tuple[int, ...]:
        """To-hit numbers of army ``a``."""
        dice = [self.roman(FULL)] * a["full"] + [self.roman(REDUCED)] * a["reduced"]
        if self.stacked_militia(a):
            dice.append(self.roman(MILITIA))
        dice += [self.roman(BARBARIAN)] * sum(a["foederati"].values())
        return tuple(dice)

    def army_capacity(self, a: dict[str, Any]) -> int:
        """Hits army ``a`` can absorb."""
        extra = 1 if self.stacked_militia(a) else 0
        return 2 * a["full"] + a["reduced"] + sum(a["foederati"].values()) + extra

    def army_size(self, a: dict[str, Any]) -> int:
        """Legions and Foederati in army ``a``."""
        return a["full"] + a["reduced"] + sum(a["foederati"].values())

    def enemy_dice(self, region: str, target: str) -> tuple[tuple[int, ...], int, int]:
        """Dice, capacity and barbarian count of what my army would fight as ``target``
        (a tribe, a Rival Emperor, ``militia`` or ``#id``) in ``region``."""
        if target.startswith("#"):
            for b in self.armies:
                if b["id"] == int(target[1:]):
                    return self.army_dice(b), self.army_capacity(b), 0
            return (), 0, 0
        if target == "militia":
            return (self.roman(MILITIA),), 1, 0
        if target in data.RIVAL_EMPERORS:
            return tuple(rival_dice()), 1, 0
        leaders = [n for n in self.leaders_in(region) if data.BARBARIAN_LEADERS[n] == target]
        if region in data.HOMELANDS:
            counters = self.v["tribes"][target]["active"]
        else:
            counters = self.barbarians_in(region).get(target, 0)
        dice = tuple(barbarian_dice(target, counters, leaders))
        return dice, counters + len(leaders), counters + len(leaders)

    # -- the game's clock ------------------------------------------------------------------
    @cached_property
    def turns_left(self) -> float:
        """A rough count of my turns still to come, from the leading legacy."""
        opts = self.v["options"]
        goal = 40 if opts.get("short_game") else 60
        lead = max(p["legacy"] for p in self.v["players"])
        if self.v.get("last_round"):
            return 0.5
        drawn = len(self.v["events_drawn"])
        by_events = max(1.0, (15 - drawn) * 1.2)
        return max(1.0, min(by_events, (goal - lead) / 5.0 + 1.0, 14.0))


def path_step(start: str, goal: str, *, avoid_seas: bool = False) -> str | None:
    """The first region on a shortest path from ``start`` to ``goal`` (None if none)."""
    if start == goal:
        return None
    best: str | None = None
    dist = data.DISTANCE
    for nxt in sorted(data.ADJACENT[start]):
        if nxt in data.HOMELANDS and nxt != goal:
            continue
        if avoid_seas and nxt in data.SEAS:
            continue
        d = dist[nxt].get(goal)
        if d is None:
            continue
        if best is None or d < dist[best][goal]:
            best = nxt
    return best
