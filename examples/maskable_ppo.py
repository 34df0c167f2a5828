"""sb3-contrib's MaskablePPO on crisis's Gymnasium environments, with no adapter code.

For each title (``--title``, by default both) the learner holds seat 0 of a 2-player game
against the title's heuristic bot (Time of Crisis: ``balanced`` in a short game; Rome in
Crisis: ``heuristic``). The environment is made with ``gymnasium.make`` from its registered
id with ``flat=True``: a bare ``Box`` observation that SB3's ``VecNormalize`` normalizes,
and the legal actions from ``env.action_masks()``, which MaskablePPO calls by itself. The
script measures the masked policy's win rate over ``--eval-games`` games on fixed seeds
before training (an untrained network: close to uniform over legal actions) and after
``--timesteps`` steps of training (PPO updates every 512 steps), and prints both with the
time taken::

    .venv/bin/python examples/maskable_ppo.py --title rome_in_crisis --timesteps 60000

Needs the ``rl`` and ``train`` extras (sb3-contrib, stable-baselines3, PyTorch CPU).
docs/measurements/research.md has measured figures.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

import crisis.rl.gymnasium  # noqa: F401  (registers the ids)
from crisis.rl.gymnasium import env_id

OPPONENT = {"time_of_crisis": "balanced", "rome_in_crisis": "heuristic"}
OPTIONS: dict[str, dict[str, Any]] = {"time_of_crisis": {"short_game": True}, "rome_in_crisis": {}}


def make_env(title: str) -> gymnasium.Env[Any, Any]:
    """Seat 0 of a 2-player game against the title's heuristic bot, flat observations."""
    return gymnasium.make(
        env_id(title),
        players=2,
        opponents=OPPONENT[title],
        options=OPTIONS[title],
        reward="rank",
        flat=True,
        invalid_action="raise",
    )


def win_rate(
    model: MaskablePPO, venv: VecNormalize, games: int, seed: int, deterministic: bool
) -> float:
    """The share of ``games`` won by the model's masked policy (sampling from it unless
    ``deterministic``: then its most likely action)."""
    env = make_env(venv.get_attr("title_name")[0])
    wins = 0
    for game in range(games):
        obs, info = env.reset(seed=seed + game)
        done = False
        while not done:
            masks = env.get_wrapper_attr("action_masks")()
            action, _ = model.predict(
                venv.normalize_obs(obs), action_masks=masks, deterministic=deterministic
            )
            obs, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += info["result"]["ranking"][0] == env.get_wrapper_attr("role")
    return wins / games


def run(
    title: str, timesteps: int, eval_games: int, seed: int, deterministic: bool = False
) -> dict[str, float]:
    """Evaluate, train, evaluate again; returns the figures."""
    venv = VecNormalize(DummyVecEnv([lambda: make_env(title)]), norm_reward=False)
    venv.seed(seed)
    steps = max(32, min(512, timesteps))
    model = MaskablePPO("MlpPolicy", venv, n_steps=steps, batch_size=min(64, steps), seed=seed)
    venv.training = False
    before = win_rate(model, venv, eval_games, 10_000, deterministic)
    venv.training = True
    start = time.perf_counter()
    model.learn(total_timesteps=timesteps)
    seconds = time.perf_counter() - start
    venv.training = False
    after = win_rate(model, venv, eval_games, 10_000, deterministic)
    return {"before": before, "after": after, "seconds": seconds}


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and run every chosen title."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", choices=sorted(OPPONENT), action="append")
    parser.add_argument("--timesteps", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--deterministic", action="store_true", help="evaluate the most likely actions"
    )
    args = parser.parse_args(argv)
    for title in args.title or sorted(OPPONENT):
        r = run(title, args.timesteps, args.eval_games, args.seed, args.deterministic)
        print(
            f"{title} vs {OPPONENT[title]}: win rate {r['before']:.2f} before, "
            f"{r['after']:.2f} after {args.timesteps} steps ({r['seconds']:.0f} s of training)"
        )


if __name__ == "__main__":
    main()
