"""The Time of Crisis bots read their view through the rules' own queries: what they
conclude from a view is what the rules conclude from the state behind it."""

from __future__ import annotations

import random

from crisis.ai.toc.observe import Obs
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import senate
from crisis.games.time_of_crisis.fuzzing import fuzz_options, fuzz_policy


def _positions(seed: int, steps: int = 400) -> list[toc.State]:
    state = toc.setup(seed, fuzz_options(4, seed))
    rnd = random.Random(seed)
    out = []
    for _ in range(steps):
        if toc.result(state) is not None:
            break
        role = toc.active(state)[0]
        toc.apply(state, role, fuzz_policy(rnd, state, role, toc.actions(state, role)))
        if state.step == "actions":
            out.append(toc.copy_state(state))
    return out


def test_targets_and_votes_agree_with_the_rules() -> None:
    checked = 0
    for seed in range(4):
        for state in _positions(seed)[::10]:
            role = toc.active(state)[0]
            o = Obs(toc.view(state, role), role)
            for province in state.provinces:
                assert o.can_target(province) == senate.can_target(state, role, province)
                if senate.can_target(state, role, province):
                    vote = senate.vote_for(state, role, province, 1)
                    assert o.votes_needed(province) == vote.need
                    checked += 1
    assert checked > 20
