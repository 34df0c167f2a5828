"""Fast deep copies of a title's state, built from its msgspec declaration.

Searching bots and the research adapters copy states all the time, so ``copy_state`` must be
cheap. Going through an encoding (MessagePack) walks every string of the game log and every
card of the static data each time; this module instead writes, once per struct type, a copy
function from the fields' declared types: a struct is copied shallowly and then each field
that can change in place gets its own copy (``list(x)`` for a list of strings, a copy per
item for a list of structs, a copy of its own type for a value of a union of tagged structs
such as the frames of a call stack ...), while strings, numbers and fields named ``shared``
(frozen data nothing mutates, such as a card set) are shared.

The result equals the MessagePack round trip it replaces: the same types come back (a list
field holding a tuple comes back as a list) and values declared ``Any`` are copied as the
round trip would copy them. The generated source of a type is :func:`source`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
import msgspec.inspect as mi

T = TypeVar("T", bound=msgspec.Struct)

_ATOMS = (mi.IntType, mi.StrType, mi.BoolType, mi.FloatType, mi.NoneType, mi.LiteralType)
_PLAIN = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """A value declared ``Any``, copied as the MessagePack round trip copies it."""
    kind = type(value)
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    if kind is list:
        return [_plain(v) for v in value]
    if kind in _PLAIN:
        return value
    return msgspec.msgpack.decode(msgspec.msgpack.encode(value))


class _Writer:
    """Writes the copy function of one root type: a single expression that builds every
    struct it contains with its constructor (each struct read through a local name bound
    once), each field copied as its declared type needs. ``[*x]`` and ``{**x}`` copy lists
    and dicts without looking a name up."""

    def __init__(self) -> None:
        self.env: dict[str, Any] = {"_plain": _plain}
        self.names = 0

    def _name(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    def struct(self, cls: type, value: str, shared: frozenset[str] = frozenset()) -> str:
        """An expression building a copy of the struct ``value`` of type ``cls``; its
        fields named in ``shared`` are shared."""
        name = f"_{cls.__name__}_{id(cls):x}"
        self.env[name] = cls
        info = mi.type_info(cls)
        assert isinstance(info, mi.StructType)
        local = value if value.isidentifier() else self._name("s")
        args = []
        positional = len(getattr(cls, "__match_args__", ()))  # the rest are keyword-only
        for i, f in enumerate(info.fields):
            attr = f"{local}.{f.name}"
            expr = None if f.name in shared else self.expr(f.type, attr)
            arg = attr if expr is None else expr
            args.append(arg if i < positional else f"{f.name}={arg}")
        if local != value and args:  # arguments are evaluated in order: bind it in the first
            plain = f"{local}.{info.fields[0].name}"
            bound = f"({local} := {value})"
            key, first = "", args[0]
            if positional == 0:  # a keyword argument: bind it in its value
                key = f"{info.fields[0].name}="
                first = first[len(key) :]
            first = f"{bound}{plain[len(local) :]}" if first == plain else f"({bound}, {first})[1]"
            args[0] = key + first
        return f"{name}({', '.join(args)})"

    def expr(self, t: mi.Type, value: str) -> str | None:
        """An expression copying ``value`` of declared type ``t`` (None: share it)."""
        if isinstance(t, _ATOMS):
            return None
        if isinstance(t, mi.UnionType):
            parts = [x for x in t.types if not isinstance(x, mi.NoneType)]
            if all(isinstance(x, _ATOMS) for x in parts):
                return None
            if len(parts) == 1 and len(parts) < len(t.types):
                inner = self.expr(parts[0], value)
                return None if inner is None else f"(None if {value} is None else {inner})"
            classes = [x.cls for x in parts if isinstance(x, mi.StructType)]
            if len(classes) == len(parts):  # a tagged union of structs
                return self.structs(classes, value, len(parts) < len(t.types))
            return f"_plain({value})"
        if isinstance(t, mi.StructType):
            return self.struct(t.cls, value)
        if isinstance(t, mi.ListType):
            v = self._name("v")
            item = self.expr(t.item_type, v)
            return f"[*{value}]" if item is None else f"[{item} for {v} in {value}]"
        if isinstance(t, mi.DictType):
            k, v = self._name("k"), self._name("v")
            item = self.expr(t.value_type, v)
            return (
                f"{{**{value}}}"
                if item is None
                else f"{{{k}: {item} for {k}, {v} in {value}.items()}}"
            )
        return f"_plain({value})"

    def structs(self, classes: list[type], value: str, optional: bool) -> str:
        """An expression copying ``value``, a struct of one of ``classes`` (a tagged union,
        None too when ``optional``), as its own type."""
        local = value if value.isidentifier() else self._name("u")
        out = f"{self.struct(classes[-1], local)}"
        for cls in reversed(classes[:-1]):
            name = f"_{cls.__name__}_{id(cls):x}"
            self.env[name] = cls
            out = f"{self.struct(cls, local)} if {local}.__class__ is {name} else {out}"
        if optional:
            out = f"None if {local} is None else {out}"
        return f"({out})" if local == value else f"(({local} := {value}), ({out}))[1]"

    def function(self, cls: type, shared: frozenset[str]) -> str:
        """The source of ``copy(o)`` for ``cls``."""
        return f"def copy(o):\n    return {self.struct(cls, 'o', shared)}\n"


def copier(cls: type[T], shared: frozenset[str] = frozenset()) -> Callable[[T], T]:
    """A function deep-copying ``cls`` instances; ``cls``'s own fields named in ``shared``
    are shared with the original, never copied."""
    writer = _Writer()
    text = writer.function(cls, shared)
    exec(compile(text, f"<copy {cls.__qualname__}>", "exec"), writer.env)
    fn: Callable[[T], T] = writer.env["copy"]
    return fn


def source(cls: type, shared: frozenset[str] = frozenset()) -> str:
    """The generated source of :func:`copier` for ``cls`` (for reading and debugging)."""
    return _Writer().function(cls, shared)
