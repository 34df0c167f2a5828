"""Errors raised by the engine contract.

Every rejected input raises a subclass of :class:`IllegalAction` with a message a player can
read; the state is left exactly as it was.
"""


class IllegalAction(ValueError):
    """The action is not legal for this role in this state (nothing changed)."""


class NotYourTurn(IllegalAction):
    """The role is not among those who may act now."""


class MalformedAction(IllegalAction):
    """The action could not be parsed as a ``(verb, arg)`` pair of JSON-simple values."""


class UndoUnavailable(IllegalAction):
    """There is nothing this role may undo right now."""


class FlowError(RuntimeError):
    """The rules tried to move to a step their declared flow does not lead to: a bug in a
    title's rules or in its declarations, never a player's mistake (see
    :meth:`crisis.engine.machine.Machine.goto`)."""
