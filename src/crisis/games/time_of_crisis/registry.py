"""Where the rules modules register their verbs.

Each prompt (``state.step``) has listers that return the legal actions; each verb has one
handler that performs it. :mod:`rules` dispatches through these tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crisis.engine.action import Action, Arg
from crisis.games.time_of_crisis.state import State

Handler = Callable[[State, str, Any], None]
Lister = Callable[[State, str], list[Action]]

HANDLERS: dict[str, Handler] = {}
LISTERS: dict[str, list[Lister]] = {}
PROMPTS: dict[str, str] = {}


def handles(verb: str) -> Callable[[Handler], Handler]:
    """Register the function performing ``verb``."""

    def deco(fn: Handler) -> Handler:
        if verb in HANDLERS:
            raise ValueError(f"verb {verb!r} registered twice")
        HANDLERS[verb] = fn
        return fn

    return deco


def lists(step: str, prompt: str | None = None) -> Callable[[Lister], Lister]:
    """Register a function listing legal actions at prompt ``step``."""

    def deco(fn: Lister) -> Lister:
        LISTERS.setdefault(step, []).append(fn)
        if prompt is not None:
            PROMPTS[step] = prompt
        return fn

    return deco


def arg_tuple(arg: Arg) -> tuple[Any, ...]:
    """The arg as a tuple (handlers of compound args use it)."""
    assert isinstance(arg, tuple)
    return arg
