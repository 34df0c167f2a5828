"""Rome in Crisis's steps on the engine's state machine (:mod:`crisis.engine.machine`).

The phase modules declare here, through the decorators below, each decision step (its
prompt, who acts, what it lists), each verb's handler and the automatic steps (dealing,
scoring, dying ...) that run one after another until a player must decide.
"""

from __future__ import annotations

from crisis.engine.machine import Machine
from crisis.games.rome_in_crisis.state import State


def roles(state: State) -> list[str]:
    """The seats in turn order from the first seat."""
    return [p.role for p in state.players]


#: The title's rules: every step and verb, as the phase modules declare them.
RULES: Machine[State] = Machine("rome_in_crisis", roles, start="choose_method")


#: The declarations, in the one grammar both titles use (:class:`~crisis.engine.machine.Machine`):
#: ``@lists(step, prompt, actors)`` for a decision step's legal actions, its prompt and who
#: acts; ``@handles(verb, step=..., ends=..., args=..., option=...)`` for the function that
#: performs a verb at the step (or steps) that accept it; ``@automatic(step)`` for a step
#: nobody decides.
lists = RULES.lists
handles = RULES.handles
#: ``@narrows(step, verbs)``: the piece of a step's listing that lists one action's kind,
#: which the check of such an action runs instead of the whole listing.
narrows = RULES.narrows
automatic = RULES.automatic
#: The moves between steps (:meth:`~crisis.engine.machine.Machine.goto` to a step the current
#: one declares it goes to, :meth:`~crisis.engine.machine.Machine.end` when the game is over):
#: the only way the rules change ``state.step``.
goto = RULES.goto
end = RULES.end


def advance(state: State) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    RULES.advance(state)
