"""Time of Crisis's steps on the engine's state machine (:mod:`crisis.engine.machine`).

The rules modules declare here each step's listers with its prompt and who acts there
(``@lists``) and each verb's handler (``@handles``, with what the verb ends); :mod:`rules`
runs the game through :data:`RULES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from crisis.engine.action import Arg
from crisis.engine.machine import Args, Ends, Handler, Machine
from crisis.games.time_of_crisis import costs
from crisis.games.time_of_crisis.state import State


def roles(state: State) -> list[str]:
    """The seats in turn order from the first seat."""
    return [p.role for p in state.players]


#: The title's rules: every step and verb, as the rules modules declare them.
RULES: Machine[State] = Machine("time_of_crisis", roles, start="choose_province")


#: The declarations, in the one grammar both titles use (:class:`~crisis.engine.machine.Machine`):
#: ``@lists(step, prompt, actors)`` for (some of) a step's legal actions, its prompt and who
#: acts; ``@handles(verb, step=..., ends=..., args=..., option=..., cost=...)`` for the
#: function that performs a verb at the step (or steps) that accept it: ``ends`` is the
#: turn, phase or step it ends, for clients and bots, ``args`` the domains of its argument
#: (whose values :func:`catalog.domains` gives; the action catalog is built from them),
#: ``option`` the setup option without which it never occurs, ``cost`` what it takes from
#: the turn's influence or political points (:mod:`costs`; paid before the handler runs);
#: ``@automatic(step)`` for a step nobody decides; ``@narrows(step, verbs)`` for the piece of
#: a step's listing that lists the actions of one kind (one army's, one province's), which
#: the check of an action of those verbs runs instead of the whole listing. ``@lists`` and
#: ``@automatic`` also take the step's flow (``goes``: the steps it leads to, ``calls``: the
#: sub-procedures it enters, ``phase``: its phase of the turn), and ``flow(step, ...)``
#: declares more of it where a rule that moves on is written.
lists = RULES.lists
narrows = RULES.narrows
automatic = RULES.automatic
flow = RULES.flow
#: The moves between steps (:meth:`~crisis.engine.machine.Machine.goto` to a step the current
#: one declares it goes to, :meth:`~crisis.engine.machine.Machine.end` when the game is over):
#: the only way the rules change ``state.step``.
goto = RULES.goto
end = RULES.end


def arg_tuple(arg: Arg) -> tuple[Any, ...]:
    """The arg as a tuple (handlers of compound args use it)."""
    assert isinstance(arg, tuple)
    return arg


def handles(
    verb: str,
    step: str | Iterable[str],
    *,
    ends: Ends | None = None,
    args: Args = (),
    option: str | None = None,
    cost: costs.CostRule | None = None,
) -> Callable[[Handler], Handler]:
    """:meth:`Machine.handles <crisis.engine.machine.Machine.handles>`, and the verb's
    ``cost`` (see :mod:`costs`): the handler registered pays it before it runs."""

    def deco(fn: Handler) -> Handler:
        performs = fn
        if cost is not None:
            costs.declare(verb, cost)
            performs = costs.paying(cost, fn)
        RULES.handles(verb, step, ends=ends, args=args, option=option)(performs)
        return performs

    return deco
