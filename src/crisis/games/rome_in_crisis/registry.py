"""Rome in Crisis's steps on the engine's state machine (:mod:`crisis.engine.machine`).

The phase modules declare here, through the decorators below, each decision step (its
prompt, who acts, what it lists), each verb's handler and the automatic steps (dealing,
scoring, dying ...) that run one after another until a player must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crisis.engine.action import Action
from crisis.engine.machine import Args, Ends, Machine
from crisis.games.rome_in_crisis.state import State

Handler = Callable[[State, str, Any], None]
Lister = Callable[[State, str], list[Action]]
Actor = Callable[[State], list[str]]
Auto = Callable[[State], None]


def roles(state: State) -> list[str]:
    """The seats in turn order from the first seat."""
    return [p.role for p in state.players]


#: The title's rules: every step and verb, as the phase modules declare them.
RULES: Machine[State] = Machine("rome_in_crisis", roles)


def decision(step: str, prompt: str, actor: Actor) -> Callable[[Lister], Lister]:
    """Register the lister of a decision step, its prompt and who acts there."""
    return RULES.lists(step, prompt, actor)


def handles(
    step: str, verb: str, *, ends: Ends | None = None, args: Args = ()
) -> Callable[[Handler], Handler]:
    """Register the function performing ``verb`` at ``step`` (``ends``: what it ends;
    ``args``: the domains of its argument, whose values :func:`encoding.domains` gives; the
    action catalog is built from them)."""
    return RULES.handles(verb, step, ends=ends, args=args)


def automatic(step: str) -> Callable[[Auto], Auto]:
    """Register an automatic step (it must move ``state.step`` on)."""
    return RULES.automatic(step)


def advance(state: State) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    RULES.advance(state)
