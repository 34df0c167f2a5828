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
        assert e.role in e.title.rules.active(e.state)
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
    before = p.title.rules.to_json(p.state)
    obs2, reward, terminated, truncated, info = p.step(bad)
    assert reward == -1.0 and not terminated and not truncated and info["invalid_action"]
    assert p.title.rules.to_json(p.state) == before
    assert np.array_equal(obs["observation"], obs2["observation"])


def test_policy_opponents_masks_and_metadata() -> None:
    """An opponent may be a policy on (observation, mask); action_masks() is the mask."""
    calls: list[int] = []

    def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
        assert obs.dtype == np.float32 and mask.any()
        calls.append(1)
        return int(np.flatnonzero(mask)[0])

    e = CrisisEnv(title="rome_in_crisis", players=3, opponents=["random", first_legal])
    assert e.metadata["render_fps"] > 0
    _, info = e.reset(seed=2)
    for _ in range(30):
        masks = e.action_masks()
        assert masks.dtype == bool and np.array_equal(masks, info["action_mask"] == 1)
        _, _, terminated, truncated, info = e.step(int(np.flatnonzero(masks)[0]))
        if terminated or truncated:
            break
    assert calls
    with pytest.raises(ValueError, match="bot name or a policy"):
        CrisisEnv(players=2, opponents=[3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="not legal"):
        bad = CrisisEnv(players=2, seat=1, opponents=lambda o, m: int(np.flatnonzero(m == 0)[0]))
        bad.reset(seed=0)


def test_opponents_may_be_strength_levels() -> None:
    """The research adapters take a level wherever they take a bot name."""
    from crisis.ai import get_bot
    from crisis.ai.novice import NoviceBot

    e = CrisisEnv(players=3, opponents=["easy", "medium"])
    _obs, info = e.reset(seed=2)
    assert isinstance(e.bots["blue"], NoviceBot) and e.bots["blue"].blunder == 0.05
    assert e.bots["yellow"].name == get_bot("balanced").name
    legal = np.flatnonzero(info["action_mask"])
    e.step(int(legal[0]))
    with pytest.raises(ValueError, match="known: easy, medium, hard"):
        CrisisEnv(players=2, opponents="expert")
