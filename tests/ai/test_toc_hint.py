"""Time of Crisis's hint is its ``hard`` level's search ("the hint uses hard"):
the bot's own choice is the search's, the choices it weighed are all rated, and the plan
for the turn plays the search's base profile against the opponents it models."""

from __future__ import annotations

import random
from typing import Any

from crisis.ai import level
from crisis.ai.advice import SEARCH_SHARE, hint
from crisis.ai.toc.search import SearchBot
from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc

from .test_ismcts import _own_turn, _scramble

ROLLOUTS = 24


def _hard(**settings: Any) -> SearchBot:
    """The ``hard`` level's bot, with ``settings`` changed."""
    hard = level("hard", "time_of_crisis")
    assert hard is not None and hard.bot == "search"
    return SearchBot(**{**hard.settings, **settings})


def _searched_purchase() -> tuple[toc.State, str]:
    """A mid-game purchase the level's search weighs (the seat's turn played as its base
    profile would up to there)."""
    state = _own_turn(3, {})
    role = toc.active(state)[0]
    bot = _hard(iterations=ROLLOUTS)
    for _ in range(40):
        view, legal = toc.view(state, role), toc.actions(state, role)
        if any(a.verb == "buy" for a in legal) and bot.will_search(view, role, legal):
            return state, role
        toc.apply(state, role, bot._default(view, role, legal))
    raise AssertionError("no searched purchase in the turn")


def test_the_hint_chooses_as_the_hard_levels_search() -> None:
    state, role = _searched_purchase()
    view, legal = toc.view(state, role), toc.actions(state, role)
    seed = 8  # a sample on which the search overrules its base (most agree with it)
    out = hint("time_of_crisis", view, role, legal, iterations=ROLLOUTS, rng=random.Random(seed))
    # The search the hint runs first: the level's settings, the hint's own budget, and the
    # first draw of the hint's generator.
    search = _hard(iterations=ROLLOUTS, seconds=SEARCH_SHARE, turn=SEARCH_SHARE)
    inner = random.Random(random.Random(seed).getrandbits(64))
    expected = search.choose(view, role, legal, inner)
    heuristic = search._default(view, role, legal)
    assert expected != heuristic  # here the search overrules its base profile ...
    picks = [c for c in out if c["pick"]]
    assert len(picks) == 1 and picks[0]["action"] == expected  # ... and so does the hint
    # Every choice the search weighed was rated (with the random sample of the rest).
    weighed = {c.action for c in search.last_search}
    assert len(weighed) > 1 and out[0]["rated"] >= len(weighed)
    assert out[0]["choices"] == len(legal)


def test_the_plan_plays_the_search_base_against_its_opponent_models() -> None:
    """The rest of the turn is the base profile's, as the search's rollouts play it: with
    every secret known, each step is the move :meth:`SearchBot.policy` makes there."""
    state, role = _searched_purchase()
    view, legal = toc.view(state, role), toc.actions(state, role)
    out = hint("time_of_crisis", view, role, legal, iterations=ROLLOUTS, rng=random.Random(4))
    steps = next(c for c in out if c["pick"])["turn"]["steps"]
    assert steps and Action.parse(steps[0]["action"]) in legal
    bot = _hard()
    models = bot.model_opponents(view, role)
    assert role not in models and set(models) == {p for p in toc.roles(state) if p != role}
    replay = toc.copy_state(state)
    toc.apply(replay, role, Action.parse(steps[0]["action"]))
    for step in steps[1:]:
        if step["share"] < 1.0:
            break  # dice or unseen cards part the samples here
        while role not in toc.active(replay):
            who = toc.active(replay)[0]
            toc.apply(replay, who, bot.policy(replay, who, toc.actions(replay, who), role))
        assert Action.parse(step["action"]) == bot.policy(
            replay, role, toc.actions(replay, role), role
        ), step
        toc.apply(replay, role, Action.parse(step["action"]))


def test_the_hint_reads_only_the_seat_view_at_a_searched_decision() -> None:
    state, role = _searched_purchase()
    scrambled = _scramble(state, role, 91)
    assert toc.to_json(scrambled) != toc.to_json(state)
    assert toc.view(scrambled, role) == toc.view(state, role)
    legal = toc.actions(state, role)
    answers = [
        hint("time_of_crisis", toc.view(s, role), role, legal, iterations=16, rng=random.Random(2))
        for s in (state, scrambled)
    ]
    assert answers[0] == answers[1]
