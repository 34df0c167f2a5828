"""Bots for crisis titles (see :mod:`crisis.ai.base` for the interface)."""

from collections.abc import Callable

from crisis.ai.base import ENDING_VERBS, Bot, RandomBot

#: Bot factories by name; other bot modules register themselves here.
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def get_bot(name: str) -> Bot:
    """A new bot called ``name`` (``random`` and any registered bot)."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "ENDING_VERBS", "Bot", "RandomBot", "get_bot"]
