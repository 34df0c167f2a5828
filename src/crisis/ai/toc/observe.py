"""Reading a Time of Crisis view: the questions a bot asks of what it can see.

Everything here starts from the view dict (``title.view(state, role)``) and the title's
static data (map, cards, tables), never from the game's state: it is all a player at the table
could know. The numbers come from the rules' own queries (votes, odds of a Place Governor,
to-hit numbers, the strength of a foe, who may enter a capital), asked of :attr:`Obs.board`:
the board rebuilt from the view by the title's ``public_board``, in which other players'
cards and the event deck are simply empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

import msgspec

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.combat import (
    army_capacity,
    army_targets,
    defender_targets,
    defender_units,
    opponent,
    to_hit,
)
from crisis.games.time_of_crisis.determinize import public_board
from crisis.games.time_of_crisis.populace import improvement_cost
from crisis.games.time_of_crisis.senate import Vote, can_target, vote_for
from crisis.games.time_of_crisis.state import Army, State, army, capital_free_for, capital_units

if TYPE_CHECKING:
    once = cached_property
else:

    class once:
        """:func:`functools.cached_property` without its lock (Python 3.11 takes one at every
        first read, a cost paid per decision for every part of the view): the value is
        worked out at the first read and kept in the instance, which later reads find first."""

        def __init__(self, fn):
            self.fn = fn
            self.name = fn.__name__
            self.__doc__ = fn.__doc__

        def __set_name__(self, owner, name):
            self.name = name

        def __get__(self, obj, cls=None):
            if obj is None:
                return self
            value = obj.__dict__[self.name] = self.fn(obj)
            return value


class Obs:
    """A view seen by ``role``, with the lookups the bots need."""

    def __init__(self, view: Mapping[str, Any], role: str, board: State | None = None) -> None:
        """``board``: a state showing ``role`` exactly ``view`` to ask the rules' queries
        of instead of the board rebuilt from the view (a search's own sampled state, which
        it never changes while the decision is made: the queries read only what lies in
        plain sight, so they answer alike; the tests check it)."""
        if board is not None:
            self.__dict__["board"] = board
        self.v = view
        self.me = role
        self._votes: dict[str, Vote] = {}
        self._chances: dict[tuple[str, int], float] = {}

    # -- the view's parts, read when first asked for (a rollout's view builds them so) ---
    @once
    def players(self) -> dict[str, dict[str, Any]]:
        """Each player's part of the view, by role."""
        return {p["role"]: p for p in self.v["players"]}

    @once
    def p(self) -> dict[str, Any]:
        """My part of the view."""
        return self.players[self.me]

    @once
    def prov(self) -> dict[str, dict[str, Any]]:
        """The provinces."""
        out: dict[str, dict[str, Any]] = self.v["provinces"]
        return out

    @once
    def turn(self) -> dict[str, Any]:
        """This turn's record (points, cards played ...)."""
        out: dict[str, Any] = self.v["turn"]
        return out

    @once
    def pool(self) -> dict[str, int]:
        """This turn's influence points by sphere."""
        out: dict[str, int] = self.turn["pool"]
        return out

    @once
    def armies(self) -> list[dict[str, Any]]:
        """Every army on the map."""
        out: list[dict[str, Any]] = self.v["armies"]
        return out

    # -- who holds what --------------------------------------------------------------------
    @once
    def mine(self) -> list[str]:
        """Provinces I govern."""
        return [n for n, p in self.prov.items() if p["governor"] == self.me]

    @once
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
        return capital_units(self.board, province, role)

    def capital_free(self, province: str) -> bool:
        """Whether my army may enter ``province``'s capital."""
        return capital_free_for(self.board, province, self.me)

    # -- threats ---------------------------------------------------------------------------
    def barbarians_in(self, province: str) -> dict[str, int]:
        """Barbarian counters by tribe in ``province`` (active and inactive); worked out
        once per province (callers only read it)."""
        found = self._barbarians.get(province)
        if found is None:
            prov = self.prov[province]
            out = dict(prov["active"])
            for t, n in prov["inactive"].items():
                out[t] = out.get(t, 0) + n
            found = self._barbarians[province] = {t: n for t, n in out.items() if n}
        return found

    @once
    def _barbarians(self) -> dict[str, dict[str, int]]:
        return {}

    def leaders_in(self, region: str) -> list[str]:
        """Barbarian leaders standing in ``region`` (callers only read the list)."""
        return self._leaders_at.get(region, [])

    def rivals_in(self, region: str) -> list[str]:
        """Rival Emperors standing in ``region`` (callers only read the list)."""
        return self._rivals_at.get(region, [])

    @once
    def _leaders_at(self) -> dict[str, list[str]]:
        """The leaders by the region they stand in, in the view's order."""
        out: dict[str, list[str]] = {}
        for n, w in self.v["leaders"].items():
            out.setdefault(w, []).append(n)
        return out

    @once
    def _rivals_at(self) -> dict[str, list[str]]:
        """The Rival Emperors by the region they stand in, in the view's order."""
        out: dict[str, list[str]] = {}
        for n, w in self.v["rivals"].items():
            out.setdefault(w, []).append(n)
        return out

    def threatened(self, province: str) -> bool:
        """Whether the governor of ``province`` loses support at the Support Check."""
        prov = self.prov[province]
        if any(prov["active"].values()) or self.leaders_in(province) or self.rivals_in(province):
            return True
        a = self.capital_army(province)
        return a is not None and a["owner"] != prov["governor"]

    # -- the rules, asked of the board ---------------------------------------------------
    @once
    def board(self) -> State:
        """The board as a rules state, rebuilt from the view with nothing hidden filled in,
        so that the bots ask the rules' own queries instead of re-deriving them."""
        return public_board(self.v if isinstance(self.v, dict) else dict(self.v))

    # -- votes -----------------------------------------------------------------------------
    def can_target(self, province: str) -> bool:
        """Whether my Place Governor may target ``province`` now."""
        return can_target(self.board, self.me, province)

    def vote(self, province: str, paid: int) -> Vote:
        """The vote my Place Governor in ``province`` with ``paid`` dice would face now:
        votes needed, dice (with Basilicas and Ambitus), odds and automatic success."""
        base = self._votes.get(province)
        if base is None:
            base = self._votes[province] = vote_for(self.board, self.me, province, 0)
        return base.paying(paid) if paid else base

    def vote_chance(self, province: str, paid: int) -> float:
        """``vote(province, paid).chance``, worked out once per decision."""
        key = (province, paid)
        odds = self._chances.get(key)
        if odds is None:
            odds = self._chances[key] = self.vote(province, 0).chance_paying(paid)
        return odds

    def votes_needed(self, province: str) -> int:
        """Votes my Place Governor in ``province`` needs (RULES 6.3.2), this turn's cards
        applied."""
        return self.vote(province, 0).need

    def extra_dice(self, province: str) -> int:
        """Free dice for Place Governor: Basilicas (for Italia) and a declared Ambitus."""
        return self.vote(province, 0).dice

    @property
    def improvement_cost(self) -> int:
        """What an improvement costs now (Inflation included)."""
        return improvement_cost(self.board)

    # -- armies ----------------------------------------------------------------------------
    def roman(self, base: int) -> int:
        """A Roman unit's to-hit number under the lasting auguries."""
        return to_hit(base, self.v.get("lasting"))

    def _army(self, a: dict[str, Any]) -> Army:
        """Army ``a`` on the board, moved to where ``a`` says (a bot may ask about an army
        it imagines elsewhere)."""
        real = army(self.board, a["id"])
        if real.region == a["region"] and real.capital == a["capital"]:
            return real
        return msgspec.structs.replace(real, region=a["region"], capital=a["capital"])

    def army_dice(self, a: dict[str, Any]) -> tuple[int, ...]:
        """To-hit numbers of army ``a``."""
        return tuple(army_targets(self.board, self._army(a)))

    def army_capacity(self, a: dict[str, Any]) -> int:
        """Hits army ``a`` can absorb."""
        return army_capacity(self.board, self._army(a))

    def army_size(self, a: dict[str, Any]) -> int:
        """Legions and Foederati in army ``a``."""
        return a["full"] + a["reduced"] + sum(a["foederati"].values())

    def enemy_dice(self, region: str, target: str) -> tuple[tuple[int, ...], int, int]:
        """Dice, capacity and barbarian count of what my army would fight as ``target``
        (a tribe, a Rival Emperor, ``militia`` or ``#id``) in ``region``."""
        if target.startswith("#") and not any(b["id"] == int(target[1:]) for b in self.armies):
            return (), 0, 0
        foe = opponent(self.board, 0, region, target)
        strength = defender_units(self.board, foe)
        barbarians = strength if foe.kind == "tribe" else 0
        return tuple(defender_targets(self.board, foe)), strength, barbarians

    # -- the game's clock ------------------------------------------------------------------
    @once
    def turns_left(self) -> float:
        """A rough count of my turns still to come, from the leading legacy."""
        opts = self.v["options"]
        goal = data.SHORT_GAME_LEGACY if opts.get("short_game") else data.GAME_END_LEGACY
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
