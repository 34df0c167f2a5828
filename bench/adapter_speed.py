"""The research adapters' speed on two checkouts side by side in one run: CPU µs per step
of the PettingZoo AEC environment, of the Gymnasium environment and of the OpenSpiel game
(each player action: its observation tensor, its legal actions, the action; chance outcomes
drawn uniformly) over uniform random legal actions (seeded, a fixed number of steps, so
every run plays the same games).

Usage::

    git worktree add --detach /tmp/base 6b1d907
    python bench/adapter_speed.py --base /tmp/base [--base /tmp/other ...] [--rounds 3]

Each round runs the measuring code below once per checkout (bases, then this tree, the
other way round in the next round) in a fresh interpreter pinned to one core, with that
checkout's ``src`` first on ``PYTHONPATH``; it reads only the adapters' public entry points
(``crisis.rl.pettingzoo.env``, ``crisis.rl.gymnasium.CrisisEnv``, the ``crisis_<title>``
OpenSpiel games), which older checkouts have too. Figures are CPU time of the measuring
process (not wall time, which a shared machine makes swing), medians over the rounds; steps
per second is 1e6 over µs per step.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: Run in the measured checkout's interpreter: prints {figure: µs per step} as JSON.
MEASURE = r"""
import json, sys, time
import numpy as np
from crisis.rl.pettingzoo import env as aec_env
from crisis.rl.gymnasium import CrisisEnv

title, steps = sys.argv[1], int(sys.argv[2])

def aec():
    env = aec_env(title=title, players=4)
    rnd = np.random.default_rng(0)
    n, game = 0, 0
    start = time.process_time()
    while n < steps:
        env.reset(seed=game)
        game += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                act = None
            else:
                act = int(rnd.choice(np.flatnonzero(obs["action_mask"])))
                n += 1
            env.step(act)
            if n >= steps:
                break
    return (time.process_time() - start) / n * 1e6

def gym():
    env = CrisisEnv(title=title, players=4, opponents="random")
    rnd = np.random.default_rng(0)
    n, game = 0, 0
    start = time.process_time()
    while n < steps:
        obs, _ = env.reset(seed=game)
        game += 1
        done = False
        while not done and n < steps:
            act = int(rnd.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, term, trunc, _ = env.step(act)
            n += 1
            done = term or trunc
    return (time.process_time() - start) / n * 1e6

def spiel():
    import pyspiel
    import crisis.rl.openspiel  # registers the titles' games
    game = pyspiel.load_game(f"crisis_{title}(players=4)")
    rnd = np.random.default_rng(0)
    n = 0
    start = time.process_time()
    while n < steps:
        state = game.new_initial_state()
        while not state.is_terminal() and n < steps:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd.integers(len(outcomes)))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(int(legal[int(rnd.integers(len(legal)))]))
            n += 1
    return (time.process_time() - start) / n * 1e6

print(json.dumps({"pettingzoo_us": aec(), "gymnasium_us": gym(), "openspiel_us": spiel()}))
"""

ROWS = (
    ("pettingzoo_us", "PettingZoo AEC, CPU µs per step (random legal actions)"),
    ("gymnasium_us", "Gymnasium, CPU µs per learner step (random opponents included)"),
    ("openspiel_us", "OpenSpiel, CPU µs per player action (observation tensor, legal, apply)"),
)


def measure(tree: Path, title: str, steps: int) -> dict[str, float]:
    """One run of :data:`MEASURE` against ``tree``'s sources."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    done = subprocess.run(
        [*pin, sys.executable, "-c", MEASURE, title, str(steps)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--base", type=Path, action="append", required=True, help="a checkout to compare to"
    )
    parser.add_argument("--new", type=Path, default=HERE, help="the checkout measured")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=3000, help="agent steps per figure")
    parser.add_argument(
        "--titles", default="time_of_crisis,rome_in_crisis", help="comma-separated titles"
    )
    args = parser.parse_args()
    bases = [f"base{i + 1}" if len(args.base) > 1 else "base" for i in range(len(args.base))]
    trees = {b: p.resolve() for b, p in zip(bases, args.base, strict=True)}
    trees["new"] = args.new.resolve()
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    for r in range(args.rounds):
        order = list(trees) if r % 2 == 0 else list(reversed(trees))
        for title in args.titles.split(","):
            for side in order:
                got = measure(trees[side], title, args.steps)
                runs.setdefault((title, side), []).append(got)
                print(f"round {r + 1} {title} {side}: {json.dumps(got)}", file=sys.stderr)
    for side, tree in trees.items():
        print(f"{side}: {tree}")
    print(f"medians of {args.rounds} rounds, {args.steps} steps each\n")
    head = " | ".join(bases)
    ratios = " | ".join(f"new vs {b}" for b in bases)
    print(f"| title | figure | {head} | new | {ratios} |")
    print("|---|---|" + "---:|" * (2 * len(bases) + 1))
    for title in args.titles.split(","):
        for key, label in ROWS:
            new = statistics.median(x[key] for x in runs[(title, "new")])
            olds = [statistics.median(x[key] for x in runs[(title, b)]) for b in bases]
            cells = " | ".join(f"{old:.1f}" for old in olds)
            rcells = " | ".join(f"{old / new:.2f}x" for old in olds)
            print(f"| {title} | {label} | {cells} | {new:.1f} | {rcells} |")


if __name__ == "__main__":
    main()
