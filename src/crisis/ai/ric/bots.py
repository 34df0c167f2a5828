"""Rome in Crisis's bots, declared (``TitleSpec.bots.module`` names this module; see
:mod:`crisis.ai.support`): the rule-of-thumb ``heuristic`` (also the reference bot the
levels are measured against), the generic search rolling out with it (``ismcts``), the
title's own ``search`` (short heuristic rollouts judged by the victory-point lead,
:mod:`crisis.ai.ric.search`), the default bot and the strength levels. It has no hint or
evaluator of its own (the generic hint rates choices with the heuristic)."""

from __future__ import annotations

from typing import Any

from crisis.ai.base import Bot
from crisis.ai.support import Level, TitleBots
from crisis.games.rome_in_crisis import NAME


def _heuristic(**settings: Any) -> Bot:
    from crisis.ai.ric.heuristic import HeuristicBot

    return HeuristicBot(**settings)


def _ismcts(**settings: Any) -> Bot:
    """The generic search (:mod:`crisis.ai.ismcts`), rolling out with the heuristic."""
    from crisis.ai.ismcts import ISMCTSBot

    return ISMCTSBot(NAME, **{"rollout": "heuristic", **settings})


def _search(**settings: Any) -> Bot:
    """Rome in Crisis's own search (:mod:`crisis.ai.ric.search`): short heuristic rollouts."""
    from crisis.ai.ric.search import SearchBot

    return SearchBot(**settings)


BOTS = TitleBots(
    bots={"heuristic": _heuristic, "ismcts": _ismcts, "search": _search},
    # A new table's bots answer at once; the search is the ``hard`` level.
    default="heuristic",
    # ``hard`` is the title's own search with a budget per decision; the
    # generic ``ismcts`` did no better than the heuristic it rolls out with.
    levels={
        "easy": Level("novice"),
        "medium": Level("heuristic"),
        "hard": Level("search", {"seconds": 0.1}),
    },
)

__all__ = ["BOTS"]
