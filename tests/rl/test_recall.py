"""Perfect recall in the OpenSpiel adapter: what a decision keeps, and what it costs."""

from __future__ import annotations

import gc
import random

import pyspiel
import pytest

import crisis.rl.openspiel as cos
from crisis.rl import recall
from crisis.rl.encoding import Encoding, acting_role
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_snapshot_leaves_the_state_and_keeps_its_view(title: str) -> None:
    """A snapshot changes nothing in the state, and the state it restores shows every role
    the same view, the log given by its length."""
    enc = Encoding(title, {"players": 3})
    spec, rng = enc.title, random.Random(5)
    state = spec.rules.setup(5, enc.options)
    for step in range(240):
        role = acting_role(spec, state)
        if role is None:
            break
        if step % 40 == 0:
            before = spec.rules.to_json(state)
            data, length = recall.snapshot(spec, state)
            assert spec.rules.to_json(state) == before
            assert length == len(state.log) > 0
            restored = spec.rules.from_json(data)
            assert restored.log == []
            for r in spec.rules.roles(state):
                assert {**spec.rules.view(restored, r), "log": None} == {
                    **spec.rules.view(state, r),
                    "log": None,
                }
        spec.rules.machine.perform(state, role, rng.choice(spec.rules.actions(state, role)))


@pytest.mark.parametrize("title", RL_TITLES)
def test_digest_counts_the_log_at_the_decision(title: str) -> None:
    """Two decisions taken in one position but at different log lengths differ."""
    enc = Encoding(title, {"players": 2})
    spec = enc.title
    state = spec.rules.setup(1, enc.options)
    role = acting_role(spec, state)
    assert role is not None
    first = recall.Decision(spec, role, recall.snapshot(spec, state), 0)
    state.log.append("something public happened")
    second = recall.Decision(spec, role, recall.snapshot(spec, state), 0)
    assert first.digest != second.digest
    state.log.pop()
    again = recall.Decision(spec, role, recall.snapshot(spec, state), 0)
    assert again.digest == first.digest


@pytest.mark.parametrize("title", RL_TITLES)
def test_recall_keeps_no_live_states(title: str) -> None:
    """A game's history keeps each decision as one flat object, not a live title state
    (hundreds of live states made the garbage collector take 40% of a game's time)."""
    game = pyspiel.load_game(cos.game_name(title), {"players": 4})
    rng = random.Random(0)
    state = game.new_initial_state()
    actions = 0

    def play(n: int) -> None:
        nonlocal actions
        while actions < n and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1

    play(20)
    gc.collect()
    start, at = len(gc.get_objects()), actions
    play(220)
    assert not state.is_terminal()
    gc.collect()
    per_action = (len(gc.get_objects()) - start) / (actions - at)
    assert per_action < 10, per_action  # a live Time of Crisis state is about 85 objects
