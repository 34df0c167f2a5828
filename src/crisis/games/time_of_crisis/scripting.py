"""Helpers to script a game: force dice, stack the event deck, and skip through setup.

Tests use these to replay the rulebook's worked examples with the dice fixed; analysts use
them to start studies from a chosen position. All of them change the state only through data
that a real game could also reach (the scripted dice are consumed like random ones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.rules import active, apply, setup
from crisis.games.time_of_crisis.state import State


def script_dice(state: State, results: Sequence[int]) -> None:
    """The next die rolls return ``results`` in order (crisis, invasion, votes, combat)."""
    dice.force_dice(state.rng, list(results))


def stack_events(state: State, event_ids: Sequence[str]) -> None:
    """Put ``event_ids`` on top of the event deck in this order."""
    for eid in event_ids:
        if eid not in data.EVENTS:
            raise ValueError(f"unknown event {eid!r}")
        if eid not in state.event_deck:
            raise ValueError(f"event {eid!r} is not in the deck")
    rest = [e for e in state.event_deck if e not in event_ids]
    state.event_deck = [*event_ids, *rest]


def quick_start(
    provinces: Sequence[str],
    *,
    seed: int = 0,
    first: str = "green",
    hands: Mapping[str, Sequence[str]] | None = None,
    dice_results: Sequence[int] = (),
    events: Sequence[str] = (),
    short_game: bool = False,
) -> State:
    """A game played through setup with ordinary actions: ``provinces`` are chosen in turn
    order starting with ``first``; each player keeps ``hands[role]`` (default: three Blue 1
    and two Yellow 1). ``dice_results`` and ``events`` are scripted before the first Crisis
    roll, which happens as soon as the last hand is chosen."""
    options = {"players": len(provinces), "first_player": first, "short_game": short_game}
    state = setup(seed, options)
    script_dice(state, dice_results)
    stack_events(state, events)
    for province in provinces:
        apply(state, active(state)[0], Action("choose_province", province))
    default = ("blue1", "blue1", "blue1", "yellow1", "yellow1")
    for p in state.players:
        for cid in (hands or {}).get(p.role, default):
            if state.step != "choose_hand" or state.choosing.get(p.role, 0) <= 0:
                break
            apply(state, p.role, Action("choose_card", cid))
    return state
