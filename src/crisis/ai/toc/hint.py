"""Time of Crisis's own hint (declared in :mod:`crisis.ai.toc.bots`; asked through
:func:`crisis.ai.advice.hint`): the turn-plan search's choices, each rated by playing it and
the rest of the round with the plans, scored by the position evaluator.

At the start of its Take Actions the search (:mod:`crisis.ai.toc.ismcts`) picks the turn
plan first; the plan's heuristic then makes the choice, and every choice, with those of the
other turn plans and a random sample of the rest, is rated on common luck
(:func:`crisis.ai.plan.rate`).
"""

from __future__ import annotations

import random
from typing import Any

from crisis.ai.advice import MACRO_SHARE, MAX_CANDIDATES, PLAN_SHARE, candidates, choices
from crisis.ai.plan import Policy, plan_turn, play_out, rate
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
    """The top choices for ``role`` from ``view`` (see :func:`crisis.ai.advice.hint`), with
    the turn plan each belongs to."""
    from crisis.ai.toc.evaluate import win_chances
    from crisis.ai.toc.heuristic import decide
    from crisis.ai.toc.ismcts import MACROS, OPPONENTS, ISMCTSBot
    from crisis.ai.toc.observe import Obs
    from crisis.ai.toc.profiles import BALANCED, Profile
    from crisis.games import time_of_crisis as toc
    from crisis.games.time_of_crisis import TITLE

    view = {**view, "log": []}  # history the rules never read
    plan = BALANCED
    rate_share = 1.0 - PLAN_SHARE
    if view.get("current") == role and view.get("step") == "actions" and len(actions) > 1:
        bot = ISMCTSBot(seconds=MACRO_SHARE * seconds, iterations=iterations)
        plan = bot.search(view, role, rng)
        rate_share -= MACRO_SHARE
    pick = decide(Obs(view, role), actions, plan)
    pick = pick if pick in actions else actions[0]
    firsts = [decide(Obs(view, role), actions, m) for m in MACROS]  # the other plans' choices

    def seat(profiles: dict[str, Profile]) -> Policy:
        def policy(state: Any, who: str, legal: list[Action], _: random.Random) -> Action:
            return decide(Obs(toc.view(state, who), who), legal, profiles.get(who, BALANCED))

        return policy

    turns = max(1, len(view["players"]))

    def value(state: Any, luck: random.Random) -> float:
        opponents = {r: luck.choice(OPPONENTS) for r in toc.roles(state) if r != role}
        seen = [state.current, 0]

        def horizon(s: Any) -> bool:  # the bot's own horizon: one round of turns
            if s.current != seen[0]:
                seen[0], seen[1] = s.current, seen[1] + 1
            return seen[1] >= turns

        play_out(TITLE, state, seat({**opponents, role: plan}), luck, stop=horizon, depth=600)
        return win_chances(toc.view(state, role))[role]

    name = plan.name
    turn = plan_turn(TITLE, view, role, pick, seat({role: plan}), rng, seconds=PLAN_SHARE * seconds)
    if len(actions) == 1:
        chance = win_chances(view)[role]
        only = {"action": pick, "chance": chance, "error": None, "basis": "position"}
        return [{**only, "plan": name, "pick": True, "turn": turn}]
    ratings = rate(
        TITLE,
        view,
        role,
        candidates(actions, [pick, *firsts], rng, MAX_CANDIDATES),
        value,
        rng,
        seconds=rate_share * seconds,
        rollouts=iterations,
        protect=pick,
    )
    return choices(ratings, pick, top, name, turn, len(actions))


__all__ = ["hint"]
