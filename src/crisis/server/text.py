"""Text that comes from people: refused if it cannot be stored or shown, cleaned where it is
shown to others (chat, seat names)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from crisis.server.errors import BadMessage

_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` (a decoded JSON value) holds a lone surrogate anywhere, in a string
    or a key: such text cannot be written as UTF-8, so it is refused at the door."""
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if depth > 64:
        return False  # deeper than any message the server reads; the parser refuses those
    if isinstance(value, dict):
        return any(
            has_surrogate(k, depth + 1) or has_surrogate(v, depth + 1) for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return any(has_surrogate(v, depth + 1) for v in value)
    return False


def refuse_surrogates(value: Any) -> None:
    """Raise :class:`BadMessage` if ``value`` holds a lone surrogate."""
    if has_surrogate(value):
        raise BadMessage("the message holds a lone surrogate (text that is not Unicode)")


def clean_line(text: str) -> str:
    """``text`` as others may see it on one line: control, format (bidirectional overrides,
    zero-width characters) and other invisible characters removed, spaces kept, trimmed."""
    return "".join(
        c for c in text if c == " " or (c.isprintable() and unicodedata.category(c) != "Cf")
    ).strip()
