"""Shared helpers for the Rome in Crisis tests."""

from __future__ import annotations

import random

from crisis.engine import Action
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.state import State


def play(state: State, role: str, verb: str, arg: object = None) -> None:
    """Apply one action, failing loudly if it is not legal."""
    ric.apply(state, role, Action(verb, arg))  # type: ignore[arg-type]


def random_game(seed: int, players: int, cap: int = 5000) -> tuple[State, list[tuple[str, Action]]]:
    """A finished random game and its action log."""
    rnd = random.Random(seed)
    state = ric.setup(seed, {"players": players})
    log: list[tuple[str, Action]] = []
    for _ in range(cap):
        if ric.result(state) is not None:
            break
        role = rnd.choice(ric.active(state))
        action = rnd.choice(ric.actions(state, role))
        log.append((role, action))
        ric.apply(state, role, action)
    return state, log
