"""Where the phase modules register their prompts, verbs and automatic steps.

Each decision step (``state.step``) has a function saying who must act, one listing the
legal actions and a handler per verb. Automatic steps (dealing, scoring, dying...) run one
after another in :func:`advance` until a decision is due.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis.state import State

Handler = Callable[[State, str, Any], None]
Lister = Callable[[State, str], list[Action]]
Actor = Callable[[State], list[str]]
Auto = Callable[[State], None]

HANDLERS: dict[tuple[str, str], Handler] = {}
LISTERS: dict[str, Lister] = {}
ACTORS: dict[str, Actor] = {}
PROMPTS: dict[str, str] = {}
AUTO: dict[str, Auto] = {}


def decision(step: str, prompt: str, actor: Actor) -> Callable[[Lister], Lister]:
    """Register the lister of a decision step, its prompt and who acts there."""

    def deco(fn: Lister) -> Lister:
        LISTERS[step] = fn
        PROMPTS[step] = prompt
        ACTORS[step] = actor
        return fn

    return deco


def handles(step: str, verb: str) -> Callable[[Handler], Handler]:
    """Register the function performing ``verb`` at ``step``."""

    def deco(fn: Handler) -> Handler:
        HANDLERS[(step, verb)] = fn
        return fn

    return deco


def automatic(step: str) -> Callable[[Auto], Auto]:
    """Register an automatic step (it must move ``state.step`` on)."""

    def deco(fn: Auto) -> Auto:
        AUTO[step] = fn
        return fn

    return deco


def advance(state: State) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    for _ in range(10_000):
        fn = AUTO.get(state.step)
        if fn is None:
            return
        fn(state)
    raise RuntimeError(f"automatic steps loop at {state.step}")
