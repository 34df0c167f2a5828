"""Advice for people at the table: what the strongest bot would do, and how a game went.

* :func:`hint` answers "what would the bot do?" for one seat. It reads only that seat's view
  (like every bot) and returns the bot's own choice and the best rated others (three in
  all, best estimate first), each with its estimated chance of winning and that estimate's
  standard error, and the rest of the turn as the bot would play it (:mod:`crisis.ai.plan`).
  A title may declare a hint of its own (:class:`crisis.ai.support.TitleBots`; Time of
  Crisis's is its ``hard`` level's search's, :mod:`crisis.ai.toc.hint`). The generic hint's
  own choice is the bot of the title's ``hard`` strength level (its default bot where the
  title declares no levels), given :data:`SEARCH_SHARE` of the budget where that bot
  searches; it rates every choice by playing the game out with that bot (with the
  title's default bot where ``hard`` searches: a search inside every playout would be
  far too slow) and counting wins.
* :func:`review` replays a finished game's record and gives every player's score at the start
  of each round, and, where the title declares a position evaluator, each player's estimated
  chance to win then (from the public view only, as a spectator would see it).
"""

from __future__ import annotations

import random
import time
from typing import Any

from crisis.ai.plan import Rating, plan_turn, play_out, rate
from crisis.ai.support import Level, WinEstimate, title_bots
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title


def win_estimate(title: str) -> WinEstimate | None:
    """The title's position evaluator, if it declares one."""
    return title_bots(title).estimate


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
    """The bot's top choices for ``role`` from ``view``, best estimate first: up to ``top``
    dicts with ``action``, ``chance`` (estimated chance of winning after it, 0-1; ``None``
    for the only choice of a title without an evaluator, or from fewer than
    :data:`MIN_FOR_ERROR` samples, as a busy server may give), ``error`` (its standard
    error, or ``None``), ``basis`` (what the estimate rests on, in words) and ``pick``
    (whether it is the bot's own choice). The bot's choice also carries ``turn``: the rest
    of the turn as the bot would play it (:func:`crisis.ai.plan.plan_turn`). The title's
    own hint answers where it declares one (:attr:`crisis.ai.support.TitleBots.hint`),
    else the generic search.

    The budget is ``seconds`` in all (:data:`SEARCH_SHARE` for the ``hard`` level's
    search to choose where it searches, a tenth for the turn's plan, the rest for rating
    the choices) or, reproducibly, ``iterations`` plays for each search. Only ``view`` is
    read."""
    rng = rng or random.Random()
    if not actions:
        return []
    own = title_bots(title).hint
    if own is not None:
        return own(view, role, actions, seconds, iterations, rng, top)
    return _search_hint(title, view, role, actions, seconds, iterations, rng, top)


def hard_bot(title: str) -> str:
    """The registered bot behind ``title``'s ``hard`` level (its default bot if it has none)."""
    from crisis.ai import default_bot, level

    chosen = level("hard", title)
    return chosen.bot if chosen is not None else default_bot(title)


#: Share of the budget for the turn's plan.
PLAN_SHARE = 0.1
#: Share of the budget for the ``hard`` level's own search to choose, where it searches.
SEARCH_SHARE = 0.35
#: The fewest samples a choice's estimate is given from (fewer say little; the choices are
#: still ordered by them).
MIN_FOR_ERROR = 5
#: What a choice rated on too few samples says instead of an estimate.
FEW = "too few for an estimate"
#: The most choices rated at one decision (the bot's own choice, the others its search
#: weighed, and a random sample of the rest): past it, one play of each would take
#: the whole budget.
MAX_CANDIDATES = 16


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
    from crisis.ai import default_bot, get_bot, level, searches

    hard = hard_bot(title)
    bot = get_bot(default_bot(title) if searches(hard, title) else hard, title=title)
    chooser = bot
    chosen = level("hard", title)
    if chosen is not None and searches(chosen.bot, title):
        budget = {"iterations": iterations} if iterations else {"seconds": SEARCH_SHARE * seconds}
        chooser = get_bot(Level(chosen.bot, {**chosen.settings, **budget}).spec, title=title)
    spec = get_title(title)

    def policy(state: Any, who: str, legal: list[Action], luck: random.Random) -> Action:
        return bot.choose(spec.rules.view(state, who), who, legal, luck)

    start = time.perf_counter()
    pick = chooser.choose(view, role, actions, random.Random(rng.getrandbits(64)))
    pick = pick if pick in actions else actions[0]
    chose = time.perf_counter() - start  # what the search left of its share goes to rating
    # With ``iterations`` the plan plays all its samples, so the same call gives the same plan
    # however busy the machine.
    plan_seconds = None if iterations is not None else PLAN_SHARE * seconds
    turn = plan_turn(spec, view, role, pick, policy, rng, seconds=plan_seconds)
    if len(actions) == 1:
        only = {"action": pick, "chance": None, "error": None, "basis": "the only choice"}
        return [{**only, "pick": True, "turn": turn}]

    def value(state: Any, luck: random.Random) -> float:
        play_out(spec, state, policy, luck)
        return won_share(spec.rules.result(state), role)

    ratings = rate(
        spec,
        view,
        role,
        candidates(actions, [pick], rng, MAX_CANDIDATES),
        value,
        rng,
        seconds=max(0.0, (1.0 - PLAN_SHARE) * seconds - chose),
        rollouts=iterations,
        protect=pick,
    )
    return choices(ratings, pick, top, turn, len(actions))


def won_share(result: dict[str, Any] | None, role: str) -> float:
    """``role``'s share of the win in a finished game's ``result`` (0 if unfinished or lost)."""
    if result is None:
        return 0.0
    winners = list(result.get("winners") or ([result["winner"]] if result.get("winner") else []))
    return 1.0 / len(winners) if role in winners else 0.0


def candidates(
    actions: list[Action], first: list[Action], rng: random.Random, most: int
) -> list[Action]:
    """The choices to rate: ``first`` (the bot's own choice, then others it weighs) in that
    order, then the rest of ``actions``, a random sample of them if there are more than
    ``most`` in all."""
    head = list(dict.fromkeys(a for a in first if a in actions))
    rest = [a for a in actions if a not in head]
    if len(head) + len(rest) > most:
        rest = rng.sample(rest, max(0, most - len(head)))
    return [*head, *rest]


def choices(
    ratings: list[Rating],
    pick: Action,
    top: int,
    turn: dict[str, Any],
    weighed: int,
) -> list[dict[str, Any]]:
    """The ``top`` best rated choices: the bot's own first (the choice its search made, so
    the list never says the bot would do something else), then the best rated of the rest,
    best first. A choice with fewer than :data:`MIN_FOR_ERROR` samples has no estimate
    (its ``basis`` says so; whether the server was busy is the caller's to say)."""
    shown = ratings[:top]
    mine = next((r for r in ratings if r.action == pick), None)
    if mine is not None and mine not in shown:
        shown = [*shown[: top - 1], mine]
    rated = len(ratings)
    out = []
    for r in sorted(shown, key=lambda r: (r.action != pick, -r.mean(), -r.visits)):
        basis = f"{r.visits} sample" if r.visits == 1 else f"{r.visits} samples"
        chance: float | None = r.mean()
        error: float | None = r.error()
        if r.visits < MIN_FOR_ERROR:  # too few to say anything
            chance = error = None
            basis += f", {FEW}"
        entry: dict[str, Any] = {
            "action": r.action,
            "chance": chance,
            "error": error,
            "basis": basis,
        }
        entry.update(pick=r.action == pick, rated=rated, choices=weighed)
        if r.action == pick:
            entry["turn"] = turn
        out.append(entry)
    if mine is None:  # no sample allowed it (should not happen): still say what it is
        only: dict[str, Any] = {"action": pick, "chance": None, "error": None, "basis": "not rated"}
        out.append({**only, "pick": True, "turn": turn})
    return out


def review(title_name: str, record: dict[str, Any]) -> dict[str, Any]:
    """A finished game round by round: ``rounds`` (the round numbers), ``scores`` (role ->
    score at the start of each round, then the final score) and ``chances`` (role -> the
    evaluator's estimate at the same points, or ``None`` if the title has no evaluator)."""
    title = get_title(title_name)
    match = Match(title, record["seed"], dict(record.get("options") or {}))
    estimate = win_estimate(title_name)
    roles = title.rules.roles(match.state)
    rounds: list[Any] = []
    scores: dict[str, list[int]] = {r: [] for r in roles}
    chances: dict[str, list[float]] = {r: [] for r in roles}

    def sample(label: Any) -> None:
        rounds.append(label)
        now = title.rules.scores(match.state)
        for r in roles:
            scores[r].append(int(now.get(r, 0)))
        if estimate is not None:
            public = title.rules.view(match.state, None)
            for r, p in estimate(public).items():
                chances[r].append(round(p, 4))

    last = None
    for entry in record.get("log", []):
        at = _round_of(title.rules.view(match.state, None))
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
