"""Every episode ends in every adapter, a cut-short game is scored the same way by all three,
and observations stay inside their declared bounds."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pyspiel
import pytest

import crisis.rl.openspiel as cos
from crisis.games import get_title
from crisis.rl.encoding import (
    DEFAULT_MAX_STEPS,
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    final_rewards,
    truncated_result,
)
from crisis.rl.gymnasium import CrisisEnv, env_id
from crisis.rl.pettingzoo import raw_env
from tests.rl.conftest import RL_TITLES


def _stalling(title: str, catalog: list, mask: np.ndarray, rnd: random.Random) -> int:
    """A policy that never ends a turn, phase or step when anything else is legal."""
    ending = get_title(title).rules.machine.ending()
    legal = np.flatnonzero(mask).tolist()
    other = [a for a in legal if catalog[a].verb not in ending]
    return rnd.choice(other or legal)


def test_default_limits_are_registered() -> None:
    for title in RL_TITLES:
        assert gymnasium.spec(env_id(title)).max_episode_steps == DEFAULT_MAX_STEPS
        assert raw_env(title=title, players=2).max_cycles == DEFAULT_MAX_STEPS
        game = pyspiel.load_game(cos.game_name(title), {"players": 2})
        assert game.max_game_length() == 2 * DEFAULT_MAX_STEPS


@pytest.mark.parametrize("title", RL_TITLES)
def test_stalling_episodes_end_and_are_scored_alike(title: str) -> None:
    rnd = random.Random(0)
    # Gymnasium: the learner stalls and so do policy opponents.
    e = CrisisEnv(title=title, players=2, max_steps=40, reward="rank", flat=True)
    cat = e.encoding.catalog
    e.opponent_specs = {
        r: (lambda obs, mask: _stalling(title, cat, mask, rnd)) for r in e.opponent_specs
    }
    obs, info = e.reset(seed=1)
    done, steps = False, 0
    while not done:
        obs, reward, terminated, truncated, info = e.step(
            _stalling(title, cat, e.action_masks(), rnd)
        )
        done, steps = terminated or truncated, steps + 1
    assert steps <= 40 and truncated and not terminated
    expected = truncated_result(e.title, e.state)
    assert info["result"] == expected
    assert reward == final_rewards(expected, e.roles, "rank")[e.role]

    # PettingZoo.
    p = raw_env(title=title, players=2, max_cycles=30, reward="rank")
    p.reset(seed=1)
    agent = ""
    for agent in p.agent_iter():  # noqa: B007  (the last agent is checked below)
        obs, reward, terminated, truncated, info = p.last()
        if terminated or truncated:
            p.step(None)
            continue
        p.step(_stalling(title, p.encoding.catalog, obs["action_mask"], rnd))
    assert truncated
    expected = truncated_result(p.title, p.state_)
    assert info["result"] == expected
    assert reward == final_rewards(expected, p.possible_agents, "rank")[agent]

    # OpenSpiel.
    game = pyspiel.load_game(
        cos.game_name(title), {"players": 2, "max_moves": 60, "reward": "rank"}
    )
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        mask = np.zeros(game.num_distinct_actions(), np.int8)
        mask[state.legal_actions()] = 1
        state.apply_action(_stalling(title, game.encoding.catalog, mask, rnd))
    result = state.result()
    assert result is not None
    expected = truncated_result(game.title, state.title_state)
    assert result == expected
    ranks = final_rewards(expected, game.roles, "rank")
    assert state.returns() == [ranks[r] for r in game.roles]


@pytest.mark.parametrize("title", RL_TITLES)
def test_observation_bounds_hold_over_long_random_runs(title: str) -> None:
    t = get_title(title)
    checked = 0
    for seed in range(3):
        state = t.rules.setup(seed, {"players": 2 + seed})
        rnd = random.Random(seed)
        for _ in range(1500):
            if t.rules.result(state) is not None:
                break
            role = t.rules.active(state)[0]
            raw = np.asarray(t.research.observe(t.rules.view(state, role), role))
            assert raw.min() >= OBSERVATION_LOW and raw.max() <= OBSERVATION_HIGH
            checked += 1
            t.rules.apply(state, role, rnd.choice(t.rules.actions(state, role)))
    assert checked > 500
    e = CrisisEnv(title=title, players=2)
    obs, _ = e.reset(seed=0)
    assert e.observation_space.contains(obs)
    assert np.isfinite(e.observation_space["observation"].high).all()
