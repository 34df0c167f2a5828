"""What a title brings for play against the machine, declared by the title.

A title's :class:`~crisis.engine.title.TitleSpec` names, in ``ai``, the module of its own
bots; that module exports ``BOTS``, a :class:`TitleBots`: the bots it adds to the generic
ones of :mod:`crisis.ai` (or overrides), the bot a new table offers by default, its strength
levels (each a bot and its thinking budget), its own hint and its position evaluator, if it
has them. :func:`title_bots` reads it; :mod:`crisis.ai`, the hint (:mod:`crisis.ai.advice`),
the fuzzer's players (:mod:`crisis.ai.explore`) and the server ask it, and none of them
compares a title's name.

The title names the module by its dotted path and :func:`title_bots` imports it on first use,
so a title's rules never import the bots (which import the rules). A third title with bots
of its own writes them under ``crisis/ai/<title>/``, declares them there in one
:class:`TitleBots` and puts that module's path in its ``TitleSpec(ai=...)``; a title
without one plays with the generic bots alone (``random`` is its default, it has no
strength levels, its hint is the generic search).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crisis.ai.base import Bot
from crisis.engine.action import Action
from crisis.games import get_title

#: Makes a bot from its settings (``ismcts:seconds=1.0`` -> ``seconds=1.0``).
Factory = Callable[..., Bot]
#: A position evaluator: a view -> each role's estimated chance of winning.
WinEstimate = Callable[[dict[str, Any]], dict[str, float]]
#: A title's own hint (:func:`crisis.ai.advice.hint` without the title): ``(view, role,
#: actions, seconds, iterations, rng, top)`` -> the top choices, best first.
Hint = Callable[
    [dict[str, Any], str, list[Action], float, int | None, random.Random, int],
    list[dict[str, Any]],
]
#: A title's coach's warnings (:mod:`crisis.ai.coach`): ``(view, role, actions)`` -> the
#: common mistakes among those actions, each ``{"action": [verb, arg], "text": words}``.
Warnings = Callable[[dict[str, Any], str, list[Action]], list[dict[str, Any]]]


@dataclass(frozen=True)
class Level:
    """A strength level: the registered ``bot`` it plays and that bot's ``settings`` (for a
    search, its thinking budget ``seconds`` per decision or turn)."""

    bot: str
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def spec(self) -> str:
        """The level as a :func:`crisis.ai.get_bot` spec (``ismcts:seconds=1.0``)."""
        return ":".join([self.bot, *(f"{k}={v}" for k, v in self.settings.items())])


@dataclass(frozen=True)
class TitleBots:
    """A title's own bots and what it plays with them, declared once (exported as ``BOTS``
    by the module its ``TitleSpec.bots.module`` names)."""

    #: The title's own bot factories by name; a name here overrides a generic bot of
    #: :data:`crisis.ai.GENERIC_BOTS` (Time of Crisis's turn-plan ``ismcts``).
    bots: Mapping[str, Factory] = field(default_factory=dict)
    #: The bot a new table offers by default (and the one ``novice`` slips from).
    default: str = "random"
    #: The strength levels offered to people by name (``easy``, ``medium``, ``hard``), each
    #: a registered bot and its settings. Measured figures: ``crisis.ai.level_figures``.
    levels: Mapping[str, Level] = field(default_factory=dict)
    #: The title's own hint; None: the generic one (:func:`crisis.ai.advice.hint`: the
    #: ``hard`` level's bot, every choice rated by playing the game out).
    hint: Hint | None = None
    #: The title's position evaluator, if it has one (game reviews chart it).
    estimate: WinEstimate | None = None
    #: The mistakes a newcomer's coach warns of before they are made; None: none.
    warnings: Warnings | None = None


#: What a title without a declaration of its own gets: the generic bots alone.
GENERIC = TitleBots()


def title_bots(title: str) -> TitleBots:
    """The bots ``title`` declares (its ``TitleSpec.bots.module`` module's ``BOTS``), or
    :data:`GENERIC` if it declares none (or is no known title: its bots are then the
    generic ones, and fail when one is made)."""
    try:
        path = get_title(title).bots.module
    except ValueError:
        return GENERIC
    if not path:
        return GENERIC
    declared = importlib.import_module(path).BOTS
    if not isinstance(declared, TitleBots):
        raise TypeError(f"{path}.BOTS is not a TitleBots")
    return declared


__all__ = [
    "GENERIC",
    "Factory",
    "Hint",
    "Level",
    "TitleBots",
    "Warnings",
    "WinEstimate",
    "title_bots",
]
