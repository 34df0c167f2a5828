"""Bots for crisis titles (see :mod:`crisis.ai.base` for the interface).

Registered bots: ``random``; the Time of Crisis factions ``military`` (Maximinus Thrax),
``senate`` (Pupienus & Balbinus), ``populace`` (Gordian III) and ``balanced``; and
``ismcts``, the search bot. :func:`get_bot` also takes settings after colons, e.g.
``ismcts:iterations=200`` or ``ismcts:seconds=1.5:horizon=2``.
"""

from collections.abc import Callable
from typing import Any

from crisis.ai.base import ENDING_VERBS, Bot, RandomBot


def _heuristic(profile: str) -> Callable[..., Bot]:
    def make(**settings: Any) -> Bot:
        from crisis.ai.toc.heuristic import HeuristicBot

        return HeuristicBot(profile, **settings)

    return make


def _ismcts(**settings: Any) -> Bot:
    from crisis.ai.toc.ismcts import ISMCTSBot

    return ISMCTSBot(**settings)


#: Bot factories by name; other bot modules register themselves here.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "military": _heuristic("military"),
    "senate": _heuristic("senate"),
    "populace": _heuristic("populace"),
    "balanced": _heuristic("balanced"),
    "ismcts": _ismcts,
}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:key=value:key=value`` -> (name, settings); values become int, float or str.
    (Colons, not commas, so that lists of bots can be written with commas.)"""
    name, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(":")):
        key, eq, raw = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} in {spec!r} is not key=value")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        settings[key.strip()] = value
    return name.strip(), settings


def get_bot(name: str) -> Bot:
    """A new bot from a spec: a registered name, optionally with settings after a colon."""
    base, settings = parse_spec(name)
    try:
        factory = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r}; known: {', '.join(sorted(BOTS))}") from None
    try:
        return factory(**settings)
    except TypeError as exc:
        raise ValueError(f"bad settings for bot {base!r}: {exc}") from None


__all__ = ["BOTS", "ENDING_VERBS", "Bot", "RandomBot", "get_bot", "parse_spec"]
