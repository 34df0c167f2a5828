"""Fast deep copies of a title's state, built from its msgspec declaration.

Searching bots and the research adapters copy states all the time, so ``copy_state`` must be
cheap. Going through an encoding (MessagePack) walks every string of the game log and every
card of the static data each time; this module instead writes, once per struct type, a copy
function from the fields' declared types: a struct is copied shallowly and then each field
that can change in place gets its own copy (``list(x)`` for a list of strings, a copy per
item for a list of structs ...), while strings, numbers and fields named ``shared`` (frozen
data nothing mutates, such as a card set) are shared.

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
        for f in info.fields:
            attr = f"{local}.{f.name}"
            expr = None if f.name in shared else self.expr(f.type, attr)
            args.append(attr if expr is None else expr)
        if local != value and args:  # arguments are evaluated in order: bind it in the first
            plain = f"{local}.{info.fields[0].name}"
            bound = f"({local} := {value})"
            args[0] = (
                f"{bound}{plain[len(local) :]}" if args[0] == plain else f"({bound}, {args[0]})[1]"
            )
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
