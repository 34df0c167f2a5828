"""Two checkouts side by side in one run: µs per action (checked, trusted, floor) of both
titles and the ``hard`` search's rollouts per second, the median of interleaved rounds.

Usage::

    git worktree add --detach /tmp/base 6b1d907
    python bench/compare.py --base /tmp/base [--base /tmp/other ...] [--new .] [--rounds 5]

``--base`` may be given several times: every base then runs in each round beside the new
tree, and the table has a column and a ratio per base.

Each round runs this checkout's ``src/crisis/sim/speed.py`` once with each checkout's
``src`` first on ``PYTHONPATH`` (bases, then new, then the other way round in the next round),
in a fresh interpreter pinned to one core when ``taskset`` is there, so that a busy, shared
machine slows both alike; the file reads only the engine contract and the bots' registry,
which both checkouts have. Figures are CPU time of the measuring process. Prints a Markdown
table of medians and each side's ratio.
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
SPEED = HERE / "src" / "crisis" / "sim" / "speed.py"
#: The runner: this checkout's measuring file, executed against whichever ``crisis`` is on
#: the path (``run_path`` adds nothing to ``sys.path``).
RUN = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"

ROWS = (
    ("checked_us", "µs per action, actions + apply", False),
    ("trusted_us", "µs per action, actions + perform", False),
    ("floor_us", "µs per action, floor loop", False),
    ("rollouts_per_second", "hard search rollouts per CPU second", True),
    ("search_seconds", "hard search CPU seconds (fixed rollouts)", False),
)


def measure(tree: Path, title: str, games: int, decisions: int) -> dict[str, float]:
    """One run of the measuring file against ``tree``'s sources."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    args = [str(SPEED), "--title", title, "--games", str(games), "--rounds", "1"]
    args += ["--decisions", str(decisions)]
    done = subprocess.run(
        [*pin, sys.executable, "-c", RUN, *args],
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
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="random games per title")
    parser.add_argument("--decisions", type=int, default=30, help="hard search decisions")
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
                got = measure(trees[side], title, args.games, args.decisions)
                runs.setdefault((title, side), []).append(got)
                print(f"round {r + 1} {title} {side}: {json.dumps(got)}", file=sys.stderr)
    for side, tree in trees.items():
        print(f"{side}: {tree}")
    print(f"medians of {args.rounds} rounds\n")
    head = " | ".join(bases)
    ratios = " | ".join(f"new vs {b}" for b in bases)
    print(f"| title | figure | {head} | new | {ratios} |")
    print("|---|---|" + "---:|" * (2 * len(bases) + 1))
    for title in args.titles.split(","):
        for key, label, higher in ROWS:
            if key not in runs[(title, "new")][0]:
                continue  # not measured (--decisions 0)
            new = statistics.median(x[key] for x in runs[(title, "new")])
            olds = [statistics.median(x[key] for x in runs[(title, b)]) for b in bases]
            gains = [(new / old if higher else old / new) if old and new else 0.0 for old in olds]
            cells = " | ".join(f"{old:.2f}" for old in olds)
            rcells = " | ".join(f"{g:.2f}x" for g in gains)
            print(f"| {title} | {label} | {cells} | {new:.2f} | {rcells} |")


if __name__ == "__main__":
    main()
