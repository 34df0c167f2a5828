"""The contract every title implements, as a typing Protocol.

A title is a module with these functions; everything above the engine (server, bots, RL
adapters, CLI) talks to a title only through them.
"""

from __future__ import annotations

from typing import Any, Protocol

from crisis.engine.action import Action


class Title(Protocol):
    """Module-level functions of a title (see DESIGN.md, "The engine contract")."""

    NAME: str

    def setup(self, seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new game state for ``seed`` and ``options``."""
        ...

    def roles(self, state: Any) -> list[str]:
        """Every seat of this game, in turn order from the first seat."""
        ...

    def active(self, state: Any) -> list[str]:
        """The roles that may act now (several during simultaneous choices)."""
        ...

    def actions(self, state: Any, role: str) -> list[Action]:
        """Every legal action for ``role`` now (empty if it may not act)."""
        ...

    def apply(self, state: Any, role: str, action: Action) -> None:
        """Perform ``action`` for ``role``; raise IllegalAction and change nothing if illegal."""
        ...

    def view(self, state: Any, role: str | None) -> dict[str, Any]:
        """What ``role`` may see (``None``: an observer's public view)."""
        ...

    def result(self, state: Any) -> dict[str, Any] | None:
        """Final scores and ranking once the game is over, else ``None``."""
        ...

    def checkpoint(self, state: Any) -> tuple[int, ...]:
        """A value that changes whenever dice are rolled or hidden information is revealed."""
        ...

    def to_json(self, state: Any) -> bytes:
        """The state as JSON."""
        ...

    def from_json(self, data: bytes | str) -> Any:
        """The state from :func:`to_json`'s output."""
        ...
