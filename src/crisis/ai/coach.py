"""The coach of a newcomer's first games: on each of their decisions, a suggestion with its
reason, and the common mistakes among their choices, caught before they are made.

Cheap by design, so that it can answer every decision of a game: the suggestion is the choice
of the title's ``medium`` level (a bot that answers at once, never a search), its reason the
rest of the turn as that bot would play it (:func:`crisis.ai.plan.plan_turn`, a few samples),
and the warnings are the title's own (:attr:`crisis.ai.support.TitleBots.warnings`). Like
every bot it reads only the seat's view.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.ai.plan import plan_turn
from crisis.ai.support import title_bots
from crisis.engine.action import Action
from crisis.games import get_title

#: Samples of the turn's plan: the reason shown, not an estimate, so a few are enough.
PLAN_SAMPLES = 3


def coach(
    title: str, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
) -> dict[str, Any]:
    """For ``role`` choosing among ``actions`` (legal now) from ``view``: ``action`` (the
    suggestion), ``turn`` (the rest of the turn as the suggesting bot plays it: ``steps``
    with ``label`` and ``cost``) and ``warnings`` (``{"action", "text"}`` each)."""
    from crisis.ai import default_bot, get_bot, level, searches

    if not actions:
        return {"action": None, "turn": {"steps": []}, "warnings": []}
    chosen = level("medium", title)
    name = chosen.spec if chosen is not None and not searches(chosen.bot, title) else None
    bot = get_bot(name or default_bot(title), title=title)
    spec = get_title(title)
    pick = bot.choose(view, role, actions, random.Random(rng.getrandbits(64)))
    pick = pick if pick in actions else actions[0]

    def policy(state: Any, who: str, legal: list[Action], luck: random.Random) -> Action:
        return bot.choose(spec.rules.view(state, who), who, legal, luck)

    turn = plan_turn(spec, view, role, pick, policy, rng, samples=PLAN_SAMPLES)
    warn = title_bots(title).warnings
    return {
        "action": pick,
        "turn": turn,
        "warnings": warn(view, role, actions) if warn is not None else [],
    }
