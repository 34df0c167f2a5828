"""Heuristic bots for Time of Crisis: a Military, a Senate and a Populace faction.

These are the project's own bots in the spirit of the Age of Iron and Rust's non-player
factions (see :mod:`crisis.ai.toc.profiles`; the printed bot rules are not available). They
read only their role's view. A turn goes: play every card, use the events that pay off,
spend each sphere's points in the faction's order (fight barbarians threatening my provinces,
take neutral provinces, seek Italia when the odds allow, build and raise support), end the
actions, buy the best card the political points allow, then choose the hand.

A bot never stalls: it answers every prompt with a legal action, and after
:data:`TURN_CAP` decisions in one turn it ends the phase.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.ai.toc import shopping, spending
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import PROFILES, Profile
from crisis.engine.action import Action
from crisis.games.time_of_crisis import TITLE, data
from crisis.games.time_of_crisis.odds import expected_hits
from crisis.games.time_of_crisis.state import NEUTRAL

TURN_CAP = 250


class HeuristicBot:
    """A faction bot: ``HeuristicBot("military")``, ``"senate"``, ``"populace"`` or
    ``"balanced"``; or any :class:`Profile`."""

    def __init__(self, profile: str | Profile = "balanced") -> None:
        self.profile = PROFILES[profile] if isinstance(profile, str) else profile
        self.name = self.profile.name
        self._turn: tuple[Any, ...] = ()
        self._count = 0

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """The faction's choice among ``actions`` for ``role``, from ``view`` only."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        key = (view["round"], view["current"], view["step"] == "buy")
        if key != self._turn:
            self._turn, self._count = key, 0
        self._count += 1
        if self._count > TURN_CAP:
            ends = [a for a in actions if a.verb in TITLE.rules.machine.ending()]
            return ends[0] if ends else rng.choice(actions)
        act = decide(Obs(view, role), actions, self.profile)
        return act if act in actions else actions[0]


def decide(o: Obs, actions: list[Action], prof: Profile) -> Action:
    """The faction's action for the prompt the view shows."""
    step = o.v["step"]
    verbs = spending.by_verb(actions)
    if step == "actions":
        return take_actions(o, verbs, prof)
    if step == "buy":
        return shopping.choose_buy(o, actions, prof)
    if step in ("choose_hand", "pax", "refill"):
        return shopping.choose_card(o, actions, prof)
    if step == "choose_province":
        names = [str(a.arg) for a in actions]
        for name in prof.start:
            if name in names:
                return spending.find(verbs, "choose_province", name) or actions[0]
        return actions[0]
    if step == "battle":
        return battle_choice(o, verbs, actions)
    return small_choice(o, step, verbs, actions, prof)


def take_actions(o: Obs, verbs: spending.Verbs, prof: Profile) -> Action:
    """One step of the Take Actions phase."""
    at_sea = spending.plan_leave_sea(o, verbs)
    if at_sea is not None:
        return at_sea
    plays = verbs.get("play_card")
    if plays:
        return max(plays, key=lambda a: (data.INFLUENCE[str(a.arg)].value, str(a.arg)))
    event = spending.plan_events(o, verbs, prof)
    if event is not None:
        return event
    for sphere in prof.order:
        planned = _plan(o, verbs, prof, sphere)
        if planned is not None:
            return planned[1]
    for extra in (
        spending.plan_build_army(o, verbs, prof),
        spending.plan_mob_dispersal(o, verbs),
        spending.plan_enter(o, verbs),
    ):
        if extra is not None:
            return extra[1]
    leftover = spending.plan_leftover_events(o, verbs)
    if leftover is not None:
        return leftover
    end = spending.find(verbs, "end_actions")
    if end is not None:
        return end
    # An army at sea with no way out left: any move at all, else anything legal.
    return (verbs.get("move_army") or [a for v in verbs.values() for a in v])[0]


def _plan(o: Obs, verbs: spending.Verbs, prof: Profile, sphere: str) -> tuple[float, Action] | None:
    if sphere == "military":
        return (
            spending.plan_battle(o, verbs, prof)
            or spending.plan_march(o, verbs, prof)
            or spending.plan_praetorians(o, verbs, prof)
        )
    if sphere == "senate":
        return spending.plan_senate(o, verbs, prof)
    return spending.plan_populace(o, verbs, prof)


def battle_choice(o: Obs, verbs: spending.Verbs, actions: list[Action]) -> Action:
    """Re-roll a poor flanking roll, take hits on the cheapest units, advance, take rewards."""
    battle = o.v["battle"] or {}
    if "reroll" in verbs:
        army = next((a for a in o.armies if a["id"] == battle.get("attacker")), None)
        mean = expected_hits(o.army_dice(army)) if army else 0.0
        return verbs["reroll" if battle.get("hits_on_defender", 0) < mean - 0.3 else "keep"][0]
    if "take_hit" in verbs:
        options = [str(a.arg) for a in verbs["take_hit"]]
        for pick in ("reduce", *sorted(o.v["leaders"]), *options):
            if pick in options:
                return Action("take_hit", pick)
    if "advance" in verbs:
        return verbs["advance"][0]
    if "reward" in verbs:
        return spending.find(verbs, "reward", "support") or verbs["reward"][0]
    return actions[0]


def small_choice(
    o: Obs, step: str, verbs: spending.Verbs, actions: list[Action], prof: Profile
) -> Action:
    """Occupation, the Emperor token, Frumentarii, Demagogue and the Ludi Saeculares."""
    if step == "occupy":
        return spending.find(verbs, "occupy", "governor") or actions[0]
    if step == "emperor":
        return _emperor_place(o, actions, prof)
    if step == "demagogue":
        return min(actions, key=lambda a: (data.INFLUENCE[str(a.arg)].value, str(a.arg)))
    if step == "ludi":
        cards = verbs.get("ludi", [])
        if cards:
            return max(cards, key=lambda a: (data.INFLUENCE[str(a.arg)].value, str(a.arg)))
        return actions[-1]
    if step == "frumentarii":
        # Diocletian as late as possible; otherwise keep the order.
        def late(a: Action) -> int:
            order = list(spending.parts(a))
            return order.index("diocletian") if "diocletian" in order else -1

        return max(actions, key=late)
    return actions[0]


def _emperor_place(o: Obs, actions: list[Action], prof: Profile) -> Action:
    """Senate Emperor by default; Populace on a strong home province; Military with a big
    army for the Military faction."""
    italia = o.prov[data.ITALIA]["support"]
    best, best_value = actions[0], float(italia)
    for a in actions:
        where = str(a.arg)
        if where.startswith("#"):
            army = next((x for x in o.my_armies if x["id"] == int(where[1:])), None)
            if prof.emperor == "military" and army and o.army_size(army) >= 4:
                value = italia + 1.0
            else:
                continue
        elif where != data.ITALIA and where in o.prov and o.prov[where]["governor"] != NEUTRAL:
            value = 2 * o.prov[where]["support"] + (0.5 if prof.emperor == "populace" else -0.5)
        else:
            continue
        if value > best_value:
            best, best_value = a, value
    return best
