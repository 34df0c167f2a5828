"""Sequentializing simultaneous secret choices is sound: the second chooser's observation
does not depend on what the first chooser picked (TOC: starting hand, Pax Deorum, refills,
Demagogue discards)."""

from __future__ import annotations

import random

import pytest

from crisis.games import get_title
from crisis.rl.encoding import acting_role
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_second_chooser_cannot_see_the_first_pick(title: str) -> None:
    t = get_title(title)
    checked = 0
    for seed in range(6):
        options = {"players": 3, "expansion_cards": True} if title == "time_of_crisis" else {}
        state = t.rules.setup(seed, options or {"players": 3})
        rnd = random.Random(seed)
        for _ in range(1500):
            if t.rules.result(state) is not None:
                break
            active = t.rules.active(state)
            role = acting_role(t, state)
            assert role is not None
            if len(active) >= 2:
                first = role
                second = next(r for r in t.rules.roles(state) if r in active and r != first)
                seen = set()
                for action in t.rules.actions(state, first):
                    copy = t.rules.from_json(t.rules.to_json(state))
                    t.rules.apply(copy, first, action)
                    seen.add(tuple(t.research.observe(t.rules.view(copy, second), second)))
                assert len(seen) == 1, f"{second} sees {first}'s pick at {active}"
                checked += 1
            t.rules.apply(state, role, rnd.choice(t.rules.actions(state, role)))
    assert checked >= 20
