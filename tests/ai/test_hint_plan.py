"""The hint as a turn plan: the bot's top three choices with estimates and
the rest of the turn as the bot would play it, from the seat's view alone."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from crisis.ai.advice import hint
from crisis.ai.plan import plan_turn, rate
from crisis.ai.toc.heuristic import decide
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import BALANCED
from crisis.engine.action import Action
from crisis.games import rome_in_crisis as ric
from crisis.games import time_of_crisis as toc
from crisis.games.rome_in_crisis import TITLE as RIC
from crisis.games.time_of_crisis import TITLE as TOC

from .test_ismcts import _own_turn, _scramble


def _toc_policy(state: Any, who: str, legal: list[Action], _: random.Random) -> Action:
    return decide(Obs(toc.view(state, who), who), legal, BALANCED)


def _ric_decision(seed: int, after: int) -> ric.State:
    """A Rome in Crisis state at the first decision with several choices after ``after``
    actions of heuristic play."""
    from crisis.ai import get_bot

    state = ric.setup(seed, {"players": 4})
    bot = get_bot("heuristic", "rome_in_crisis")
    rnd = random.Random(seed)
    for n in range(10_000):
        role = ric.active(state)[0]
        legal = ric.actions(state, role)
        if n >= after and len(legal) > 1:
            return state
        ric.apply(state, role, bot.choose(ric.view(state, role), role, legal, rnd))
    raise AssertionError("no decision found")


def test_toc_hint_gives_three_ordered_choices_and_a_plan_from_the_choice() -> None:
    state = _own_turn(3, {})
    role = toc.active(state)[0]
    legal = toc.actions(state, role)
    out = hint(
        "time_of_crisis", toc.view(state, role), role, legal, iterations=20, rng=random.Random(1)
    )
    assert len(out) == 3
    chances = [c["chance"] for c in out]
    assert chances == sorted(chances, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert all(c["action"] in legal and 0.0 <= c["error"] < 0.2 for c in out)
    picks = [c for c in out if c["pick"]]
    assert len(picks) == 1 and "turn" in picks[0]
    steps = picks[0]["turn"]["steps"]
    # The plan starts with the bot's choice, named as the buttons name it.
    assert Action.parse(steps[0]["action"]) == picks[0]["action"]
    label = toc.describe(state, role, [picks[0]["action"]])[0]["label"]
    assert steps[0]["label"] == label
    shares = [s["share"] for s in steps]
    assert shares == sorted(shares, reverse=True) and shares[0] == 1.0
    assert len(steps) > 3 and all(s["label"] for s in steps)


def test_toc_plan_is_legal_in_order_and_ends_with_the_turn() -> None:
    """With every secret known (the determinization is the true state), the plan replays
    on the true state action by action, and the turn has passed after its last step."""
    for seed in (3, 5):
        state = _own_turn(seed, {})
        role = toc.active(state)[0]
        known = dataclasses.replace(
            TOC,
            research=dataclasses.replace(
                TOC.research, determinize=lambda view, r, rng, s=state: toc.copy_state(s)
            ),
        )
        first = toc.actions(state, role)[0]
        plan = plan_turn(
            known, toc.view(state, role), role, first, _toc_policy, random.Random(2), samples=2
        )
        assert plan["samples"] == 2 and all(s["share"] == 1.0 for s in plan["steps"])
        replay = toc.copy_state(state)
        for step in plan["steps"]:
            # Other seats act in between as the plan had them act.
            while role not in toc.active(replay):
                who = toc.active(replay)[0]
                toc.apply(replay, who, _toc_policy(replay, who, toc.actions(replay, who), None))  # type: ignore[arg-type]
            action = Action.parse(step["action"])
            assert action in toc.actions(replay, role), step
            toc.apply(replay, role, action)
        assert replay.current != role or toc.result(replay) is not None


def test_ric_plan_is_legal_in_order_and_ends_when_the_seat_has_nothing_to_decide() -> None:
    from crisis.ai import get_bot

    bot = get_bot("heuristic", "rome_in_crisis")

    def policy(state: Any, who: str, legal: list[Action], rng: random.Random) -> Action:
        return bot.choose(ric.view(state, who), who, legal, rng)

    state = _ric_decision(4, 100)
    role = ric.active(state)[0]
    known = dataclasses.replace(
        RIC,
        research=dataclasses.replace(
            RIC.research, determinize=lambda view, r, rng: ric.copy_state(state)
        ),
    )
    first = ric.actions(state, role)[-1]
    plan = plan_turn(known, ric.view(state, role), role, first, policy, random.Random(3), samples=1)
    replay = ric.copy_state(state)
    for step in plan["steps"]:
        assert role in ric.active(replay)
        action = Action.parse(step["action"])
        assert action in ric.actions(replay, role)
        ric.apply(replay, role, action)
        if step is not plan["steps"][-1]:
            while role not in ric.active(replay):  # others decide within the turn
                who = ric.active(replay)[0]
                ric.apply(
                    replay, who, policy(replay, who, ric.actions(replay, who), random.Random())
                )
    assert role not in ric.active(replay) or ric.result(replay) is not None


def test_toc_hint_is_the_same_for_positions_that_look_the_same_to_the_seat() -> None:
    state = _own_turn(8, {"expansion_cards": True, "market": "variable"})
    role = toc.active(state)[0]
    scrambled = _scramble(state, role, 41)
    assert toc.to_json(scrambled) != toc.to_json(state)
    assert toc.view(scrambled, role) == toc.view(state, role)
    legal = toc.actions(state, role)
    answers = [
        hint("time_of_crisis", toc.view(s, role), role, legal, iterations=10, rng=random.Random(9))
        for s in (state, scrambled)
    ]
    assert answers[0] == answers[1]
    assert any(c.get("turn", {}).get("steps") for c in answers[0])


def test_ric_hint_is_the_same_for_positions_that_look_the_same_to_the_seat() -> None:
    state = _ric_decision(6, 80)
    role = ric.active(state)[0]
    view = ric.view(state, role)
    other = ric.determinize(view, role, random.Random(123))  # another world behind the view
    assert ric.to_json(other) != ric.to_json(state)
    assert ric.view(other, role) == view
    legal = ric.actions(state, role)
    answers = [
        hint("rome_in_crisis", ric.view(s, role), role, legal, iterations=60, rng=random.Random(4))
        for s in (state, other)
    ]
    assert answers[0] == answers[1]
    chances = [c["chance"] for c in answers[0]]
    assert chances == sorted(chances, reverse=True)
    assert sum(c["pick"] for c in answers[0]) == 1


def test_rate_compares_choices_on_the_same_samples_and_keeps_the_protected_one() -> None:
    """Sequential halving drops the weak half but never the bot's own choice, and every
    choice still standing was played on the same determinizations."""
    state = _own_turn(5, {})
    role = toc.active(state)[0]
    legal = toc.actions(state, role)
    worst = legal[-1]
    bonus = {a: i / 10 for i, a in enumerate(reversed(legal))}  # the last is valued lowest
    last: list[Action] = []

    def apply(s: Any, who: str, action: Action) -> None:
        last.append(action)
        toc.apply(s, who, action)

    def value(s: Any, rng: random.Random) -> float:
        return bonus[last[-1]] + rng.random() / 100

    recording = dataclasses.replace(TOC, rules=dataclasses.replace(TOC.rules, apply=apply))
    view = toc.view(state, role)
    out = rate(
        recording, view, role, legal, value, random.Random(7), rollouts=40, keep=2, protect=worst
    )
    kept = [r for r in out if r.visits == max(x.visits for x in out)]
    assert worst in [r.action for r in kept]
    assert len({frozenset(r.values) for r in kept}) == 1  # the same sweeps
    # The two best stand with the protected worst, best first; the dropped ones follow.
    assert [r.action for r in kept] == [legal[0], legal[1], worst] == [r.action for r in out[:3]]
    dropped = [r.mean() for r in out[3:]]
    assert dropped == sorted(dropped, reverse=True) and all(r.visits < 40 / 5 for r in out[3:])
