"""Advice for people at the table: what the strongest bot would do, and how a game went.

* :func:`hint` answers "what would the bot do?" for one seat, with the bot of the ``hard``
  strength level (:data:`crisis.ai.LEVELS`). It reads only that seat's view (like every bot),
  searches, and returns its top choices with their estimated chance of winning. Time of
  Crisis, whose ``hard`` is the turn-plan search (:mod:`crisis.ai.toc.ismcts`): at the start
  of a turn it rates its plans and each plan's next action is shown; at other prompts the
  default plan's choice, with the position's estimated chances. Other titles: the generic
  ISMCTS, rolling out with the ``hard`` bot (the default bot where ``hard`` itself
  searches), counting wins per choice.
* :func:`review` replays a finished game's record and gives every player's score at the start
  of each round, and, where the title has a position evaluator, each player's estimated chance
  to win then (from the public view only, as a spectator would see it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title

#: Position evaluators by title: a view -> each role's estimated chance of winning.
WinEstimate = Callable[[dict[str, Any]], dict[str, float]]


def _estimators() -> dict[str, WinEstimate]:
    from crisis.ai.toc.evaluate import win_chances

    return {"time_of_crisis": win_chances}


def win_estimate(title: str) -> WinEstimate | None:
    """The title's position evaluator, if it has one."""
    return _estimators().get(title)


def hint(
    title: str,
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
    rng: random.Random | None = None,
    top: int = 3,
) -> list[dict[str, Any]]:
    """The bot's top choices for ``role`` from ``view``: up to ``top`` dicts with ``action``,
    ``chance`` (estimated chance of winning after it, 0-1), ``basis`` (how many rollouts or
    what the estimate rests on) and ``plan`` (Time of Crisis's turn plan, if any)."""
    rng = rng or random.Random()
    if not actions:
        return []
    if title == "time_of_crisis" and hard_bot(title) == "ismcts":
        return _toc_hint(view, role, actions, seconds, iterations, rng, top)
    return _search_hint(title, view, role, actions, seconds, iterations, rng, top)


def hard_bot(title: str) -> str:
    """The registered bot behind ``title``'s ``hard`` level (its default bot if it has none)."""
    from crisis.ai import default_bot, level

    chosen = level("hard", title)
    return chosen.bot if chosen is not None else default_bot(title)


def _toc_hint(
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seconds: float,
    iterations: int | None,
    rng: random.Random,
    top: int,
) -> list[dict[str, Any]]:
    from crisis.ai.toc.evaluate import win_chances
    from crisis.ai.toc.heuristic import decide
    from crisis.ai.toc.ismcts import ISMCTSBot
    from crisis.ai.toc.observe import Obs
    from crisis.ai.toc.profiles import BALANCED

    if view.get("current") == role and view.get("step") == "actions" and len(actions) > 1:
        bot = ISMCTSBot(seconds=seconds, iterations=iterations)
        bot.search(view, role, rng)
        nodes = sorted((n for n in bot.last_search if n.visits), key=lambda n: -n.mean())
        out: list[dict[str, Any]] = []
        for node in nodes:
            act = decide(Obs(view, role), actions, node.macro)
            act = act if act in actions else actions[0]
            if any(o["action"] == act for o in out):
                continue  # two plans that start alike: show the better one
            basis = f"{node.visits} rollouts"
            out.append(
                {"action": act, "chance": node.mean(), "plan": node.macro.name, "basis": basis}
            )
            if len(out) == top:
                break
        return out
    act = decide(Obs(view, role), actions, BALANCED)
    act = act if act in actions else actions[0]
    chance = win_chances(view)[role]
    return [{"action": act, "chance": chance, "plan": BALANCED.name, "basis": "position"}]


def _search_hint(
    title: str,
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seconds: float,
    iterations: int | None,
    rng: random.Random,
    top: int,
) -> list[dict[str, Any]]:
    from crisis.ai import default_bot, searches
    from crisis.ai.ismcts import ISMCTSBot

    if len(actions) == 1:
        only = actions[0]
        return [{"action": only, "chance": None, "plan": None, "basis": "the only choice"}]
    hard = hard_bot(title)
    rollout = default_bot(title) if searches(hard, title) else hard
    bot = ISMCTSBot(title, seconds=seconds, iterations=iterations, rollout=rollout)
    bot.choose(view, role, actions, rng)
    arms = sorted((a for a in bot.last_search if a.visits), key=lambda a: (-a.visits, -a.mean()))
    return [
        {
            "action": arm.action,
            "chance": arm.wins / arm.visits,
            "plan": None,
            "basis": f"{arm.visits} rollouts",
        }
        for arm in arms[:top]
    ]


def review(title_name: str, record: dict[str, Any]) -> dict[str, Any]:
    """A finished game round by round: ``rounds`` (the round numbers), ``scores`` (role ->
    score at the start of each round, then the final score) and ``chances`` (role -> the
    evaluator's estimate at the same points, or ``None`` if the title has no evaluator)."""
    title = get_title(title_name)
    match = Match(title, record["seed"], dict(record.get("options") or {}))
    estimate = win_estimate(title_name)
    roles = title.roles(match.state)
    rounds: list[Any] = []
    scores: dict[str, list[int]] = {r: [] for r in roles}
    chances: dict[str, list[float]] = {r: [] for r in roles}

    def sample(label: Any) -> None:
        rounds.append(label)
        now = title.scores(match.state)
        for r in roles:
            scores[r].append(int(now.get(r, 0)))
        if estimate is not None:
            public = title.view(match.state, None)
            for r, p in estimate(public).items():
                chances[r].append(round(p, 4))

    last = None
    for entry in record.get("log", []):
        at = _round_of(title.view(match.state, None))
        if at != last:
            sample(at)
            last = at
        role, verb, arg = entry[0], entry[1], entry[2] if len(entry) > 2 else None
        match.apply(role, [verb, arg])
    sample("end")
    return {"rounds": rounds, "scores": scores, "chances": chances if estimate else None}


def _round_of(view: dict[str, Any]) -> Any:
    """The round (Time of Crisis) or turn (Rome in Crisis) a public view is in."""
    return view.get("round", view.get("turn"))
