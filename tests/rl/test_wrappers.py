"""Third-party wrappers run on the flat observation option without glue: SuperSuit on both
adapters, SB3's VecNormalize, and sb3-contrib's mask lookup on a made environment."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
import supersuit
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

from crisis.rl.encoding import OBSERVATION_HIGH
from crisis.rl.gymnasium import CrisisEnv, env_id
from crisis.rl.pettingzoo import raw_env
from tests.rl.conftest import RL_TITLES


def _wrapped(env: object) -> object:
    env = supersuit.dtype_v0(env, np.float32)
    env = supersuit.normalize_obs_v0(env, env_min=0.0, env_max=1.0)
    return supersuit.frame_stack_v1(env, 2)


@pytest.mark.parametrize("title", RL_TITLES)
def test_supersuit_on_gymnasium(title: str) -> None:
    env = _wrapped(CrisisEnv(title=title, players=2, flat=True, max_steps=30))
    obs, info = env.reset(seed=0)
    size = CrisisEnv(title=title, players=2).encoding.observation_size
    assert obs.shape == (2 * size,) and obs.min() >= 0.0 and obs.max() <= 1.0
    rnd = np.random.default_rng(0)
    done = False
    while not done:
        action = int(rnd.choice(np.flatnonzero(info["action_mask"])))
        obs, _, terminated, truncated, info = env.step(action)
        assert obs.max() <= 1.0
        done = terminated or truncated
    assert "result" in info


@pytest.mark.parametrize("title", RL_TITLES)
def test_supersuit_on_pettingzoo(title: str) -> None:
    env = _wrapped(raw_env(title=title, players=2, flat=True, max_cycles=15))
    env.reset(seed=0)
    rnd = np.random.default_rng(0)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rnd.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    assert steps == 30


def test_vecnormalize_and_mask_lookup() -> None:
    venv = VecNormalize(
        DummyVecEnv([lambda: gymnasium.make(env_id("rome_in_crisis"), players=2, flat=True)])
    )
    obs = venv.reset()
    masks = get_action_masks(venv)
    assert masks.dtype == bool and masks.shape == (1, venv.action_space.n) and masks.any()
    obs, _, _, _ = venv.step(np.array([int(np.flatnonzero(masks[0])[0])]))
    assert np.isfinite(obs).all()
    assert venv.observation_space.high.max() == OBSERVATION_HIGH
    assert np.abs(obs).max() <= venv.clip_obs
