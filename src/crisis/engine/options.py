"""How a title describes its setup options to clients, so that a lobby can draw the form
from :attr:`crisis.engine.title.Presentation.info` instead of a hand-written one per
title.

Each option becomes a plain dict in ``info()["options"]``:

- ``name``: the key of ``setup``'s options;
- ``kind``: ``bool`` (a checkbox), ``choice`` (one of ``choices``), ``role`` (one of the
  seats, or the default) or ``data`` (structured data such as a card set: not drawn as a
  form field; the command line or the Python API passes it);
- ``label``: what a person reads; ``default``: the value when left out;
- ``choices``: for ``choice``, a list of ``{"value", "label"}``;
- ``help``: an optional longer explanation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["bool", "choice", "role", "data"]
KINDS: tuple[str, ...] = ("bool", "choice", "role", "data")


@dataclass(frozen=True)
class Option:
    """One setup option as a client offers it."""

    name: str
    kind: Kind
    label: str
    default: Any = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    help: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"option {self.name}: choices go with kind 'choice' only")
        if self.kind == "choice" and self.default not in {v for v, _ in self.choices}:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.kind == "bool" and not isinstance(self.default, bool):
            raise ValueError(f"option {self.name}: a bool option needs a bool default")

    def to_dict(self) -> dict[str, Any]:
        """The JSON-simple form sent to clients."""
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "default": self.default,
        }
        if self.choices:
            out["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        if self.help:
            out["help"] = self.help
        return out


def describe(options: tuple[Option, ...]) -> list[dict[str, Any]]:
    """``info()["options"]``: every option in the order a form shows them."""
    return [o.to_dict() for o in options]
