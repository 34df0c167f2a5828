"""Time of Crisis's own hint (declared in :mod:`crisis.ai.toc.bots`; asked through
:func:`crisis.ai.advice.hint`): the ``hard`` level's search, thinking longer, and its
choices rated the way that search rates them.

1. The bot's choice: the level's bot (:class:`crisis.ai.toc.search.SearchBot` with the
   level's settings) chooses with :data:`crisis.ai.advice.SEARCH_SHARE` of the budget (at
   the server's 1 s, about twice what it spends on a decision at the table).
2. The ratings: that choice, the search's other candidates (the moves of the other
   profiles) and a random sample of the rest, at most
   :data:`crisis.ai.advice.MAX_CANDIDATES`, each played on the same sampled games
   (:func:`crisis.ai.plan.rate`) and scored as the search scores a rollout
   (:meth:`SearchBot.value`: its base profile in the seat, each opponent as the faction it
   buys like, to the end of the seat's next turn, then the position evaluator).
3. The plan for the rest of the turn: the search's base profile in the seat and the same
   opponent models (:func:`crisis.ai.plan.plan_turn`). The search plays that profile's
   move wherever it finds nothing clearly better, so the plan is the bot's as far as its
   base goes.

Only ``view`` is read: the search, the ratings and the plan all play on determinizations
of it.
"""

from __future__ import annotations

import random
import time
from typing import Any

from crisis.ai.advice import MAX_CANDIDATES, PLAN_SHARE, SEARCH_SHARE, candidates, choices
from crisis.ai.plan import plan_turn, rate
from crisis.engine.action import Action


def hint(
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seconds: float,
    iterations: int | None,
    rng: random.Random,
    top: int,
) -> list[dict[str, Any]]:
    """The top choices for ``role`` from ``view`` (see :func:`crisis.ai.advice.hint`); the
    bot's own is the ``hard`` level's search's."""
    from crisis.ai import level
    from crisis.ai.toc.evaluate import win_chances
    from crisis.ai.toc.search import SearchBot
    from crisis.games.time_of_crisis import TITLE

    view = {**view, "log": []}  # history the rules never read
    hard = level("hard", TITLE.name)
    settings = dict(hard.settings) if hard is not None and hard.bot == "search" else {}
    budget = SEARCH_SHARE * seconds
    settings.update(seconds=budget, turn=budget, iterations=iterations)
    bot = SearchBot(**settings)
    start = time.perf_counter()
    pick = bot.choose(view, role, actions, random.Random(rng.getrandbits(64)))
    searched = time.perf_counter() - start  # less than its share where it had no choice to weigh
    pick = pick if pick in actions else actions[0]
    weighed = [c.action for c in bot.last_search] if bot.last_search else [pick]
    bot.model_opponents(view, role)

    def policy(state: Any, who: str, legal: list[Action], _: random.Random) -> Action:
        return bot.policy(state, who, legal, role)

    # With ``iterations`` the plan plays all its samples, so the same call gives the same plan
    # however busy the machine.
    plan_seconds = None if iterations is not None else PLAN_SHARE * seconds
    turn = plan_turn(TITLE, view, role, pick, policy, rng, seconds=plan_seconds)
    if len(actions) == 1:
        chance = win_chances(view)[role]
        only = {"action": pick, "chance": chance, "error": None, "basis": "position"}
        return [{**only, "pick": True, "turn": turn}]

    def value(state: Any, _: random.Random) -> float:
        return bot.value(state, role)

    ratings = rate(
        TITLE,
        view,
        role,
        candidates(actions, [pick, *weighed], rng, MAX_CANDIDATES),
        value,
        rng,
        seconds=max(0.0, (1.0 - PLAN_SHARE) * seconds - searched),
        rollouts=iterations,
        protect=pick,
    )
    return choices(ratings, pick, top, turn, len(actions))


__all__ = ["hint"]
