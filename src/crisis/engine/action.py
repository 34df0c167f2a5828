"""Actions: the ``(verb, arg)`` pairs every title accepts.

The same values are the UI's clickable things, the replay log's entries and the RL action space.
An arg is JSON-simple: ``None``, a string, an int, or a tuple of strings and ints (a list in
JSON).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from crisis.engine.errors import MalformedAction

Arg = None | str | int | tuple[str | int, ...]


class Action(NamedTuple):
    """One legal move: a verb named after the rulebook and its argument."""

    verb: str
    arg: Arg = None

    def __str__(self) -> str:
        if self.arg is None:
            return self.verb
        if isinstance(self.arg, tuple):
            return f"{self.verb} {' '.join(str(a) for a in self.arg)}"
        return f"{self.verb} {self.arg}"

    def to_json(self) -> list[Any]:
        """The action as a JSON list ``[verb, arg]`` (tuples become lists)."""
        arg = list(self.arg) if isinstance(self.arg, tuple) else self.arg
        return [self.verb, arg]

    @classmethod
    def parse(cls, value: Any) -> Action:
        """Build an action from ``[verb, arg]``, ``(verb, arg)``, ``{"verb":..,"arg":..}`` or
        an :class:`Action`; raise :class:`MalformedAction` on anything else."""
        if type(value) is cls and type(value.verb) is str and value.verb:
            if type(value.arg) in _PLAIN:  # a plain int, not a bool or a float
                return value  # already sound: the action itself
        if isinstance(value, Action):
            # Validated like any other input: Action(v, 1.0) or Action(v, True) would compare
            # equal to Action(v, 1) and slip a float or bool into the state.
            verb, arg = value.verb, value.arg
        elif isinstance(value, dict):
            if set(value) - {"verb", "arg"} or "verb" not in value:
                raise MalformedAction(f"an action object needs 'verb' and 'arg', got {value!r}")
            verb, arg = value["verb"], value.get("arg")
        elif isinstance(value, (list, tuple)) and len(value) in (1, 2):
            verb = value[0]
            arg = value[1] if len(value) == 2 else None
        else:
            raise MalformedAction(f"an action is [verb, arg], got {value!r}")
        if not isinstance(verb, str) or not verb:
            raise MalformedAction(f"an action's verb must be a non-empty string, got {verb!r}")
        return cls(verb, _parse_arg(arg))


#: Argument types an action needs no further look at (``type(x) is int`` leaves out bools).
_PLAIN = frozenset({str, int, type(None)})


def _parse_arg(arg: Any) -> Arg:
    if arg is None or isinstance(arg, str):
        return arg
    if isinstance(arg, bool):
        raise MalformedAction(f"an action's arg may not be a boolean, got {arg!r}")
    if isinstance(arg, int):
        return arg
    if isinstance(arg, (list, tuple)):
        items: list[str | int] = []
        for item in arg:
            if isinstance(item, bool) or not isinstance(item, (str, int)):
                raise MalformedAction(f"an action's arg list holds strings and ints, got {arg!r}")
            items.append(item)
        return tuple(items)
    raise MalformedAction(f"an action's arg must be null, a string, an int or a list: {arg!r}")


class SharedActions(dict[Any, Action]):
    """The actions of one verb by argument, each built at its first use and the same object
    handed out afterwards: ``PLAY = SharedActions("play_card")`` then ``PLAY[card]``.

    Actions are immutable and a lister asks for the same ones at position after position
    (the cards in a hand, the cards on offer), so sharing them spares building them anew
    (a lookup costs a fraction of an :class:`Action`'s construction). For arguments from a
    title's finite sets (card ids, provinces): it keeps every one it is asked for."""

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, arg: Arg) -> Action:
        made = self[arg] = Action(self.verb, arg)
        return made
