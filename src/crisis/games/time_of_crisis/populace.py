"""Populace actions (RULES 6.3.3): support, Militia, games and improvements."""

from __future__ import annotations

from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import SUPPORT_MAX, article, log
from crisis.games.time_of_crisis.registry import arg_tuple, handles, lists, narrows
from crisis.games.time_of_crisis.state import (
    State,
    enemy_in_capital,
    governed,
    improvements_built,
    militia_on_map,
)

MILITIA_COST = data.COSTS.militia
GAMES_COST = data.COSTS.hold_games


def improvement_cost(state: State) -> int:
    """Three Populace points, one more under Inflation."""
    return data.IMPROVEMENT_COST + (1 if state.lasting == "inflation" else 0)


def support_cost(support: int) -> int:
    """Populace points to raise a province's support from ``support``: the next space's
    value (RULES 6.3.3)."""
    return support + 1


def can_build_in(state: State, role: str, province: str) -> bool:
    """No Mob, active barbarian, barbarian leader, Rival Emperor or enemy army in the capital."""
    prov = state.provinces[province]
    return not (
        prov.mobs
        or any(prov.active.values())
        or province in state.leaders.values()
        or province in state.rivals.values()
        or enemy_in_capital(state, province, role)
    )


def militia_welcome(state: State, role: str, province: str) -> bool:
    """Ruling 49: a province "free of enemy units" for Place Militia (6.3.3) holds no army of
    another player (in the capital or not), no active barbarian, barbarian leader or Rival
    Emperor. Inactive barbarians do not count: the Example of Play places a Militia in Gallia
    beside inactive Franks (turn 4), and inactive counters harm nothing until woken."""
    prov = state.provinces[province]
    return not (
        any(prov.active.values())
        or province in state.leaders.values()
        or province in state.rivals.values()
        or any(a.region == province and a.owner != role for a in state.armies)
    )


#: The verbs listed province by province (:func:`_province_actions`).
POPULACE_VERBS = ("increase_support", "place_militia", "hold_games", "build")


@lists("actions", verbs=POPULACE_VERBS)
def _list_populace(state: State, role: str) -> list[Action]:
    out: list[Action] = []
    yellow = state.turn.pool["yellow"]
    if not yellow:
        return out
    cost = improvement_cost(state)
    militia_left = militia_on_map(state) < data.MILITIA
    for name in governed(state, role):
        out += _province_actions(state, role, name, cost, militia_left)
    return out


def _province_actions(
    state: State, role: str, name: str, cost: int, militia_left: bool
) -> list[Action]:
    """The Populace actions of ``role`` in ``name``, a province ``role`` governs (``cost``:
    of an improvement now; ``militia_left``: a Militia is left in the supply)."""
    out: list[Action] = []
    yellow = state.turn.pool["yellow"]
    prov = state.provinces[name]
    if name != data.ITALIA and prov.support < SUPPORT_MAX and yellow >= support_cost(prov.support):
        out.append(Action("increase_support", name))
    if yellow >= MILITIA_COST:
        if militia_left and not prov.militia and militia_welcome(state, role, name):
            out.append(Action("place_militia", name))
        if prov.mobs:
            out.append(Action("hold_games", name))
    if yellow >= cost and can_build_in(state, role, name):
        for kind in data.IMPROVEMENTS:
            if kind not in prov.improvements and improvements_built(state, kind) < (
                data.IMPROVEMENT_EACH
            ):
                out.append(Action("build", (name, kind)))
    return out


@narrows("actions", POPULACE_VERBS)
def _one_province(state: State, role: str, action: Action) -> list[Action]:
    """The actions :func:`_list_populace` lists for the province ``action`` names."""
    arg = action.arg
    name = arg[0] if isinstance(arg, tuple) and arg else arg
    if not (state.turn.pool["yellow"] and isinstance(name, str)):
        return []
    prov = state.provinces.get(name)
    if prov is None or prov.governor != role:
        return []
    militia_left = militia_on_map(state) < data.MILITIA
    return _province_actions(state, role, name, improvement_cost(state), militia_left)


def raise_support(state: State, province: str) -> None:
    """Move the province's Governor one space up the support track."""
    state.provinces[province].support += 1


@handles(
    "increase_support",
    step="actions",
    args=("province",),
    cost=lambda state, _r, province: {"yellow": support_cost(state.provinces[province].support)},
)
def increase_support(state: State, role: str, province: str) -> None:
    """Pay the next space's value in Populace points to raise support by one."""
    prov = state.provinces[province]
    raise_support(state, province)
    log(state, f"{role} raises support in {province} to {prov.support}")


@handles(
    "place_militia", step="actions", args=("province",), cost=lambda *_: {"yellow": MILITIA_COST}
)
def place_militia(state: State, role: str, province: str) -> None:
    """Two Populace points: a Militia in the capital of a province you govern."""
    state.provinces[province].militia = True
    log(state, f"{role} raises a Militia in {province}")


@handles("hold_games", step="actions", args=("province",), cost=lambda *_: {"yellow": GAMES_COST})
def hold_games(state: State, role: str, province: str) -> None:
    """Two Populace points remove one Mob from a province you govern."""
    state.provinces[province].mobs -= 1
    log(state, f"{role} holds games in {province}")


@handles(
    "build",
    step="actions",
    args=("province", "improvement"),
    cost=lambda state, *_: {"yellow": improvement_cost(state)},
)
def build(state: State, role: str, arg: tuple[str, str]) -> None:
    """Build an Amphitheater, Basilica or Limes in a province you govern."""
    province, kind = arg_tuple(arg)
    state.provinces[province].improvements.append(kind)
    log(state, f"{role} builds {article(kind)} in {province}")
