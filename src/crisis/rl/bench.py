"""Steps per second of the research adapters, on one core: ``python -m crisis.rl.bench``.

For every title: PettingZoo's own ``performance_benchmark`` (uniform random legal actions,
AEC steps), the Gymnasium environment (learner steps against ``random`` bots, the bots' moves
included in the time) and OpenSpiel (player actions of uniform random games, chance nodes
included in the time).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import time

import numpy as np


def pettingzoo_steps(title: str, players: int) -> float:
    """AEC steps per second from PettingZoo's ``performance_benchmark`` (about 5 s)."""
    from pettingzoo.test import performance_benchmark

    from crisis.rl.pettingzoo import env

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        performance_benchmark(env(title=title, players=players))
    return float(buf.getvalue().split(" turns per second")[0].split()[-1])


def gymnasium_steps(title: str, players: int, seconds: float = 5.0) -> float:
    """Learner steps per second against ``random`` bots."""
    from crisis.rl.gymnasium import CrisisEnv

    env = CrisisEnv(title=title, players=players, opponents="random")
    rnd = np.random.default_rng(0)
    steps, game = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=game)
        game += 1
        done = False
        while not done:
            action = int(rnd.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, terminated, truncated, _ = env.step(action)
            steps += 1
            done = terminated or truncated
    return steps / (time.perf_counter() - start)


def openspiel_steps(title: str, players: int, seconds: float = 5.0) -> float:
    """Player actions per second of uniform random OpenSpiel games (chance included)."""
    import pyspiel

    from crisis.rl.openspiel import game_name

    game = pyspiel.load_game(game_name(title), {"players": players})
    rnd = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal() and time.perf_counter() - start < seconds:
            if state.is_chance_node():
                state.apply_action(rnd.randrange(len(state.chance_outcomes())))
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    """Print the three figures for every title."""
    from crisis.rl.encoding import available_titles

    parser = argparse.ArgumentParser(description="Steps per second of the RL adapters.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--title", action="append", help="title(s) to time (default: all)")
    args = parser.parse_args()
    for title in args.title or available_titles():
        pz = pettingzoo_steps(title, args.players)
        gym = gymnasium_steps(title, args.players)
        osp = openspiel_steps(title, args.players)
        print(
            f"{title} ({args.players} players): PettingZoo AEC {pz:,.0f} steps/s; "
            f"Gymnasium {gym:,.0f} learner steps/s; OpenSpiel {osp:,.0f} actions/s"
        )


if __name__ == "__main__":
    main()
