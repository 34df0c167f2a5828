"""Time of Crisis's bots, declared (``TitleSpec.bots.module`` names this module; see
:mod:`crisis.ai.support`): the faction heuristics ``military`` (Maximinus Thrax), ``senate``
(Pupienus & Balbinus), ``populace`` (Gordian III), ``balanced`` and ``consul`` (``balanced``
tuned against ``senate``), the turn-plan ``ismcts``
(in place of the generic search), the title's own ``search``, the default bot,
the strength levels, the hint and the position evaluator. The modules behind them (the rules
among them) are imported when a bot is made, a hint asked or a position rated, not when this
declaration is read."""

from __future__ import annotations

import random
from typing import Any

from crisis.ai.base import Bot
from crisis.ai.support import Factory, Level, TitleBots
from crisis.engine.action import Action


def _heuristic(profile: str) -> Factory:
    def make(**settings: Any) -> Bot:
        from crisis.ai.toc.heuristic import HeuristicBot

        return HeuristicBot(profile, **settings)

    return make


def _ismcts(**settings: Any) -> Bot:
    from crisis.ai.toc.ismcts import ISMCTSBot

    return ISMCTSBot(**settings)


def _search(**settings: Any) -> Bot:
    from crisis.ai.toc.search import SearchBot

    return SearchBot(**settings)


def _hint(
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seconds: float,
    iterations: int | None,
    rng: random.Random,
    top: int,
) -> list[dict[str, Any]]:
    """:func:`crisis.ai.toc.hint.hint`."""
    from crisis.ai.toc.hint import hint

    return hint(view, role, actions, seconds, iterations, rng, top)


def _win_chances(view: dict[str, Any]) -> dict[str, float]:
    """:func:`crisis.ai.toc.evaluate.win_chances`."""
    from crisis.ai.toc.evaluate import win_chances

    return win_chances(view)


def _warnings(view: dict[str, Any], role: str, actions: list[Action]) -> list[dict[str, Any]]:
    from crisis.ai.toc.coach import warnings

    return warnings(view, role, actions)


BOTS = TitleBots(
    bots={
        "military": _heuristic("military"),
        "senate": _heuristic("senate"),
        "populace": _heuristic("populace"),
        "balanced": _heuristic("balanced"),
        "consul": _heuristic("consul"),
        "ismcts": _ismcts,
        "search": _search,
    },
    # The strongest that answers at once: the round robin in docs/measurements/bots.md
    # rates ``balanced`` level with ``ismcts`` (1858 and 1877, within the error) at a
    # fraction of its thinking time.
    default="balanced",
    levels={
        # A random move at one decision in twenty already costs a Time of Crisis bot most of
        # its games against three ``medium`` bots (one in three: all of them).
        "easy": Level("novice", {"blunder": 0.05}),
        "medium": Level("balanced"),
        # The title's own search over real actions, rolling out with ``consul`` (its own
        # seat) and each opponent as the faction of the suit it bought most (measured in
        # docs/measurements/bots.md): 72.5% of 80 games against three ``senate`` where the
        # turn-plan ``ismcts`` (the level before) won 27.5% and the same search rolling out
        # with ``balanced`` 38.8% of the same games. 0.15 s per searched decision, 2 s a turn.
        "hard": Level("search", {"seconds": 0.15, "own": "consul", "opponents": "infer"}),
    },
    hint=_hint,
    estimate=_win_chances,
    warnings=_warnings,
)

__all__ = ["BOTS"]
