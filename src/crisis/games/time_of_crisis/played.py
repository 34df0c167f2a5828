"""Events of the cards played this turn: each may be used once, in the turn its card was
played (RULES 5.2). Shared by the base card events and the expansion's."""

from __future__ import annotations

from crisis.games.time_of_crisis.state import State


def ready(state: State, cid: str) -> bool:
    """Whether an unused ``cid`` event was played this turn."""
    return cid in state.turn.events


def use(state: State, cid: str) -> None:
    """Mark one ``cid`` event as used."""
    state.turn.events.remove(cid)
