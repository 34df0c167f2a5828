"""Position helpers for the Age of Iron and Rust tests (expansion cards, markets, Emperor rules).

``xstart`` is ``quick_start`` with setup options: a 4-player game played through setup with
real actions, at the first player's Take Actions prompt after a quiet crisis roll. The other
helpers build on :mod:`positions` and change the state only as a game could have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.military import new_army
from crisis.games.time_of_crisis.scripting import script_dice, stack_events
from crisis.games.time_of_crisis.senate import votes_needed
from crisis.games.time_of_crisis.state import NEUTRAL, Army, State, current_role, player

from .positions import OPENING, QUIET_CRISIS, ready_governor

DEFAULT_HAND = ("blue1", "blue1", "blue1", "yellow1", "yellow1")


def xstart(
    provinces: Sequence[str] = OPENING,
    *,
    seed: int = 0,
    first: str = "green",
    events: Sequence[str] = (),
    **options: Any,
) -> State:
    """A game with ``options`` after setup, at ``first``'s Take Actions prompt (quiet crisis).

    Green starts in Aegyptus (army 1), Blue in Hispania (army 2), Yellow in Pannonia (army 3)
    and Red in Asia (army 4); every hand is three Blue 1 and two Yellow 1.
    """
    state = toc.setup(seed, {"players": len(provinces), "first_player": first, **options})
    script_dice(state, QUIET_CRISIS)
    stack_events(state, events)
    for province in provinces:
        toc.apply(state, toc.active(state)[0], Action("choose_province", province))
    for p in state.players:
        for cid in DEFAULT_HAND:
            if state.step != "choose_hand" or state.choosing.get(p.role, 0) <= 0:
                break
            toc.apply(state, p.role, Action("choose_card", cid))
    assert state.step == "actions", state.step
    return state


def act(state: State, verb: str, arg: Any = None, role: str | None = None) -> None:
    """Apply ``(verb, arg)`` for ``role`` (default: the first active role)."""
    toc.apply(state, role or toc.active(state)[0], Action(verb, arg))


def verbs(state: State, role: str | None = None) -> set[str]:
    """The verbs ``role`` (default: the current player) may use now."""
    return {a.verb for a in toc.actions(state, role or current_role(state))}


def args(state: State, verb: str, role: str | None = None) -> list[Any]:
    """The args of ``verb`` that ``role`` (default: the current player) may use now."""
    return [a.arg for a in toc.actions(state, role or current_role(state)) if a.verb == verb]


def second_army(state: State, role: str, region: str) -> Army:
    """A second army of ``role`` (a General recruited and an army created on earlier turns),
    outside the capital of ``region``."""
    p = player(state, role)
    p.generals_unclaimed.remove(min(p.generals_unclaimed))
    p.generals_ready += 1
    return new_army(state, role, region)


def without_militia(state: State, province: str) -> None:
    """The province's Militia was lost earlier (its army in the capital fights alone)."""
    state.provinces[province].militia = False


def finish_battle(state: State) -> None:
    """Answer the battle's closing prompts: stay outside the capital, take the discount."""
    while state.step == "battle":
        legal = toc.actions(state, toc.active(state)[0])
        chosen = next(
            (a for a in legal if a.verb in ("stay", "keep") or a.arg == "discount"), legal[0]
        )
        toc.apply(state, toc.active(state)[0], chosen)


def crown(state: State, where: str) -> None:
    """The current player takes a Neutral Italia (enough Senate points to win without
    rolling) and places the Emperor token at ``where`` (Italia, a province or "#army")."""
    role = current_role(state)
    assert state.provinces["Italia"].governor == NEUTRAL
    if not player(state, role).governors_ready:
        ready_governor(state, role)
    need = votes_needed(state, role, "Italia")
    state.turn.pool["blue"] += need
    draws = state.rng.draws
    act(state, "place_governor", ("Italia", need), role)
    assert state.rng.draws == draws, "a Neutral Italia is taken without rolling"
    assert state.provinces["Italia"].governor == role
    assert state.step == "emperor"
    act(state, "place_emperor", where, role)
    assert state.step == "actions"
