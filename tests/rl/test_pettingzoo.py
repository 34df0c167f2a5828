"""The PettingZoo AEC environment passes PettingZoo's own test functions for every title."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, performance_benchmark, render_test, seed_test

from crisis.rl.pettingzoo import env, raw_env
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_api(title: str) -> None:
    api_test(env(title=title, players=3), num_cycles=200)


@pytest.mark.parametrize("title", RL_TITLES)
def test_seed(title: str) -> None:
    seed_test(lambda **kw: env(title=title, players=2, **kw), num_cycles=200)


@pytest.mark.parametrize("title", RL_TITLES)
def test_render(title: str) -> None:
    render_test(lambda **kw: env(title=title, players=2, **kw))


@pytest.mark.slow  # plays whole episodes for seconds: a benchmark run, not a check
@pytest.mark.parametrize("title", RL_TITLES)
def test_performance_benchmark(title: str, capsys: pytest.CaptureFixture[str]) -> None:
    performance_benchmark(env(title=title, players=4))
    out = capsys.readouterr().out
    turns = float(out.split(" turns per second")[0].split()[-1])
    # How fast is measured (docs/measurements/speed.md), not tested: a busy machine may be
    # slow, and the benchmark still plays whole episodes and reports a rate.
    assert turns > 0


@pytest.mark.parametrize("title", RL_TITLES)
def test_full_game_rewards_and_truncation(title: str) -> None:
    """A whole random game ends with every agent terminated and rewarded with its score;
    ``max_cycles`` truncates instead."""
    e = env(title=title, players=2, reward="score")
    e.reset(seed=3)
    rnd = random.Random(0)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert terminated and not truncated
            final[agent] = reward
            result = info["result"]
            e.step(None)
            continue
        assert obs["action_mask"].sum() > 0
        e.step(rnd.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert final == {r: float(s) for r, s in result["scores"].items()}

    cut = env(title=title, players=2, max_cycles=5)
    cut.reset(seed=1)
    moves = 0
    for _agent in cut.agent_iter():
        obs, _, terminated, truncated, _ = cut.last()
        if terminated or truncated:
            assert truncated and not terminated
            cut.step(None)
            continue
        moves += 1
        cut.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert moves == 10


def test_illegal_action_raises() -> None:
    e = raw_env(players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))


def test_reward_modes() -> None:
    for mode, check in (
        ("rank", lambda r: sorted(r.values()) == [-1.0, 1.0]),
        ("win", lambda r: sorted(r.values()) == [0.0, 1.0]),
    ):
        e = raw_env(players=2, reward=mode)
        e.reset(seed=5)
        rnd = random.Random(1)
        while not any(e.terminations.values()):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(rnd.choice(np.flatnonzero(mask).tolist()))
        assert check(dict(e.rewards)), (mode, e.rewards)


def test_order_enforcing_matches_pettingzoos_wrapper() -> None:
    """``env()``'s wrapper refuses what PettingZoo's refuses before ``reset`` and plays a
    seeded game exactly as the stock ``OrderEnforcingWrapper`` does."""
    from pettingzoo.utils import wrappers

    ours = env(title="time_of_crisis", players=3)
    stock = wrappers.OrderEnforcingWrapper(raw_env(title="time_of_crisis", players=3))
    assert isinstance(ours, wrappers.OrderEnforcingWrapper)
    assert str(ours) == str(stock) == "crisis_time_of_crisis_v0"
    for name in ("agents", "rewards", "terminations", "agent_selection", "num_agents"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(ours, name)
    for wrapped in (ours, stock):
        with pytest.raises(AttributeError, match="agent_selection cannot be accessed before"):
            wrapped.last()
    with pytest.raises(AttributeError, match="private"):
        ours._moves  # noqa: B018
    ours.reset(seed=3)
    stock.reset(seed=3)
    rng = random.Random(3)
    for steps, (a, b) in enumerate(zip(ours.agent_iter(), stock.agent_iter(), strict=False)):
        assert a == b
        got, want = ours.last(), stock.last()
        assert np.array_equal(got[0]["observation"], want[0]["observation"])
        assert np.array_equal(got[0]["action_mask"], want[0]["action_mask"])
        assert got[1:4] == want[1:4]
        assert ours.num_agents == stock.num_agents
        assert ours.rewards == stock.rewards and ours.infos.keys() == stock.infos.keys()
        if got[2] or got[3] or steps >= 400:
            break
        action = rng.choice(np.flatnonzero(got[0]["action_mask"]).tolist())
        ours.step(action)
        stock.step(action)


def test_agents_that_may_not_act_have_empty_masks() -> None:
    e = env(title="rome_in_crisis", players=3)
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(60):
        acting = e.agent_selection
        for agent in e.agents:
            mask = e.infos[agent]["action_mask"]
            if agent == acting:
                assert mask.sum() > 0 and mask.flags.writeable
            else:
                assert mask.sum() == 0 and not mask.flags.writeable
        obs = e.last()[0]
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
