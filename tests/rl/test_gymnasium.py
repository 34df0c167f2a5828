"""The single-agent Gymnasium environment: check_env, registration, bots and masks."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from crisis.rl.gymnasium import ENV_IDS, CrisisEnv, env_id
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_check_env(title: str) -> None:
    check_env(gymnasium.make(env_id(title), players=2).unwrapped)
    check_env(CrisisEnv(title=title, players=3, render_mode="ansi"), skip_render_check=False)


def test_ids_registered() -> None:
    assert "crisis/TimeOfCrisis-v0" in ENV_IDS
    for title in RL_TITLES:
        assert env_id(title) in gymnasium.registry


def test_game_against_a_heuristic_bot() -> None:
    """The learner only ever sees its own decisions; the game ends with a win reward."""
    e = CrisisEnv(
        players=2,
        seat="blue",
        opponents="balanced",
        options={"short_game": True},
        reward="win",
        invalid_action="raise",
    )
    obs, info = e.reset(seed=4)
    done, reward, steps = False, 0.0, 0
    rnd = np.random.default_rng(0)
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert e.role in e.title.active(e.state)
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = e.step(int(rnd.choice(legal)))
        done = terminated or truncated
        steps += 1
    assert reward in (0.0, 1.0)
    assert (reward == 1.0) == (info["result"]["winner"] == "blue")
    assert steps > 10


def test_invalid_action_modes() -> None:
    e = CrisisEnv(players=2, invalid_action="raise")
    obs, _ = e.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    p = CrisisEnv(players=2)
    obs, _ = p.reset(seed=0)
    before = p.title.to_json(p.state)
    obs2, reward, terminated, truncated, info = p.step(bad)
    assert reward == -1.0 and not terminated and not truncated and info["invalid_action"]
    assert p.title.to_json(p.state) == before
    assert np.array_equal(obs["observation"], obs2["observation"])
