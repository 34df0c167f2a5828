"""Before/after speed table: this tree against a base checkout, interleaved in one run.

Usage: ``python bench/bench_vs_base.py --base ../old-checkout [--reps 3] [--games 20]``
(``git worktree add --detach ../old-checkout <commit>`` makes the base). Each repetition
runs ``crisis bench`` (games per second and copy_state cost of random 4-player Time of
Crisis games) and ``python -m crisis.rl.bench`` (PettingZoo, Gymnasium and OpenSpiel steps
per second, both titles) and times ``crisis simulate`` of the four Time of Crisis heuristics
(the bots' own speed, which the searches' rollouts run on) on the base tree's sources and
then on this one's, with this interpreter and one core, so that a shared, noisy machine
slows both alike; the table shows the median of each figure.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

ROWS = {
    "ToC complete games/s": r"== time_of_crisis.*?complete games per second\s*│\s*([\d,.]+)",
    "ToC copy_state (us)": r"== time_of_crisis.*?copy_state \(us\)\s*│\s*([\d,.]+)",
    "ToC view (us)": r"== time_of_crisis.*?view for one role \(us\)\s*│\s*([\d,.]+)",
    "RiC complete games/s": r"== rome_in_crisis.*?complete games per second\s*│\s*([\d,.]+)",
    "RiC copy_state (us)": r"== rome_in_crisis.*?copy_state \(us\)\s*│\s*([\d,.]+)",
    "RiC view (us)": r"== rome_in_crisis.*?view for one role \(us\)\s*│\s*([\d,.]+)",
    "ToC PettingZoo steps/s": r"time_of_crisis.*?PettingZoo AEC ([\d,]+)",
    "ToC Gymnasium steps/s": r"time_of_crisis.*?Gymnasium ([\d,]+)",
    "ToC OpenSpiel actions/s": r"time_of_crisis.*?OpenSpiel ([\d,]+)",
    "RiC PettingZoo steps/s": r"rome_in_crisis.*?PettingZoo AEC ([\d,]+)",
    "RiC Gymnasium steps/s": r"rome_in_crisis.*?Gymnasium ([\d,]+)",
    "RiC OpenSpiel actions/s": r"rome_in_crisis.*?OpenSpiel ([\d,]+)",
    "ToC heuristic games/s": r"heuristic games per second ([\d.]+)",
}


#: Runs the command line of whichever tree is on the path (its entry point moved over time).
CLI = "import sys; from crisis.cli import app; app(sys.argv[1:])"
#: The same, timing the command itself (not the imports) and printing heuristic games/s.
TIMED = (
    "import sys, time\n"
    "from crisis.cli import app\n"
    "t = time.perf_counter()\n"
    "try:\n    app(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "print('heuristic games per second', int(sys.argv[3]) / (time.perf_counter() - t))\n"
)
HEURISTICS = "balanced,military,senate,populace"


def run_tree(tree: Path, games: int) -> dict[str, float]:
    """Every figure of one tree's two benchmarks, pinned to one core."""
    env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(tree / "src")}
    pin = ["taskset", "-c", "0", sys.executable]
    out = ""
    for title in ("time_of_crisis", "rome_in_crisis"):
        args = ["bench", "--games", str(games), "--title", title]
        out += f"== {title}\n"
        out += subprocess.run(
            [*pin, "-c", CLI, *args], cwd=tree, capture_output=True, text=True, check=True, env=env
        ).stdout
    out += subprocess.run(
        [*pin, "-m", "crisis.rl.bench"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    sim = ["simulate", "--games", str(games), "--jobs", "1", "--bots", HEURISTICS, "--seed", "7"]
    out += subprocess.run(
        [*pin, "-c", TIMED, *sim], cwd=tree, capture_output=True, text=True, check=True, env=env
    ).stdout
    figures = {}
    for name, pattern in ROWS.items():
        m = re.search(pattern, out, flags=re.S if pattern.startswith("==") else 0)
        if m:
            figures[name] = float(m.group(1).replace(",", ""))
    return figures


def main() -> None:
    """Run both trees in turn ``--reps`` times and print the medians side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for _ in range(args.reps):
        runs["before"].append(run_tree(args.base.resolve(), args.games))
        runs["after"].append(run_tree(HERE, args.games))
    print(f"| measure (median of {args.reps}) | before | after | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for name in ROWS:
        b = [r[name] for r in runs["before"] if name in r]
        a = [r[name] for r in runs["after"] if name in r]
        if not a or not b:
            continue
        mb, ma = statistics.median(b), statistics.median(a)
        print(f"| {name} | {mb:,.1f} | {ma:,.1f} | {ma / mb:.2f}x |")


if __name__ == "__main__":
    main()
