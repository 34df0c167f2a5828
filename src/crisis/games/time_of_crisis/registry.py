"""Time of Crisis's steps on the engine's state machine (:mod:`crisis.engine.machine`).

The rules modules declare here each prompt's listers (``@lists``) and each verb's handler
(``@handles``, with what the verb ends); :mod:`rules` says who acts at each step and runs
the game through :data:`RULES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crisis.engine.action import Action, Arg
from crisis.engine.machine import Args, Ends, Machine
from crisis.games.time_of_crisis.state import State

Handler = Callable[[State, str, Any], None]
Lister = Callable[[State, str], list[Action]]


def roles(state: State) -> list[str]:
    """The seats in turn order from the first seat."""
    return [p.role for p in state.players]


#: The title's rules: every step and verb, as the rules modules declare them.
RULES: Machine[State] = Machine("time_of_crisis", roles)


def handles(
    verb: str, *, ends: Ends | None = None, args: Args = (), option: str | None = None
) -> Callable[[Handler], Handler]:
    """Register the function performing ``verb``: ``ends`` (the turn, phase or step it ends,
    for clients and bots), ``args`` (the domains of its argument, whose values
    :func:`catalog.domains` gives; the action catalog is built from them) and ``option``
    (the setup option without which it never occurs)."""
    return RULES.handles(verb, ends=ends, args=args, option=option)


def lists(step: str, prompt: str | None = None) -> Callable[[Lister], Lister]:
    """Register a function listing legal actions at prompt ``step``."""
    return RULES.lists(step, prompt)


def arg_tuple(arg: Arg) -> tuple[Any, ...]:
    """The arg as a tuple (handlers of compound args use it)."""
    assert isinstance(arg, tuple)
    return arg
