"""The load test against this tree's server and older trees' servers, interleaved in one run.

    git worktree add --detach /tmp/base c50798d
    .venv/bin/python scripts/load_vs_base.py --base c50798d=/tmp/base --tables 200 --reps 3

Each repetition starts, for every tree in turn (the bases, then this one), a fresh
``python -m crisis.server`` on a new SQLite file from that tree's sources (same interpreter
and packages), measures it with this tree's ``crisis loadtest`` (the same simulated people
for all), and stops it; a noisy machine then slows every tree alike. The table shows each
figure's median over the repetitions, with the single runs after it.

The bases run on the standard asyncio loop and HTTP parser, as they shipped (before uvloop
and httptools were dependencies, uvicorn found neither): the packages are hidden from them.
``--same-packages`` runs them with this tree's packages instead, for a base that shipped with
uvloop and httptools itself (19fd4e6 and later).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from crisis.server import loadtest

HERE = Path(__file__).resolve().parent.parent

#: The figures compared (``loadtest.run``'s keys) and how they are printed.
FIGURES = {
    "actions_per_second": "actions/s",
    "p50_ms": "p50 ms",
    "p95_ms": "p95 ms",
    "p99_ms": "p99 ms",
    "server_cpu_ms_per_action": "server CPU ms/action",
    "settle_seconds": "settle s",
    "machine_busy_percent": "machine busy %",
    "errors": "errors",
}


#: Packages a base tree's server must not find (it shipped without them).
HIDDEN = ("uvloop", "httptools")


def _hider(where: Path) -> Path:
    """A folder of stand-ins that make ``import uvloop`` (and the rest of :data:`HIDDEN`)
    fail, for the front of a base server's path."""
    for name in HIDDEN:
        (where / name).mkdir(parents=True, exist_ok=True)
        (where / name / "__init__.py").write_text(f"raise ImportError('{name} hidden')\n")
    return where


def measure(
    src: Path, tables: int, duration: float, hide: Path | None, think: float = 1.0
) -> dict[str, float]:
    """One load test of a fresh server running ``src``'s code (``hide``: a folder of
    stand-ins put first on its path)."""
    port = loadtest.free_port()
    with tempfile.TemporaryDirectory(prefix="crisis-vs-") as tmp:
        database = f"sqlite:///{Path(tmp) / 'load.db'}"
        cmd = [sys.executable, "-m", "crisis.server", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--database", database, "--log-level", "warning"]
        path = f"{hide}{os.pathsep}{src}" if hide else str(src)
        env = {**os.environ, "PYTHONPATH": path}
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            loadtest.wait_until_up(f"http://127.0.0.1:{port}", proc)
            return loadtest.run(
                tables,
                duration=duration,
                think=think,
                url=f"http://127.0.0.1:{port}",
                server_pids=[proc.pid],
            )
        finally:
            loadtest.stop_server(proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", action="append", required=True, help="LABEL=DIR of a tree")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a person thinks (30: connections)"
    )
    parser.add_argument(
        "--same-packages", action="store_true", help="run the bases with uvloop and httptools"
    )
    args = parser.parse_args()
    trees = [(label, Path(d) / "src") for label, _, d in (b.partition("=") for b in args.base)]
    trees.append(("this tree", HERE / "src"))
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in trees}
    with tempfile.TemporaryDirectory(prefix="crisis-hide-") as hidden:
        hide = _hider(Path(hidden))
        for rep in range(args.reps):
            for label, src in trees:
                base = label != "this tree" and not args.same_packages
                figures = measure(
                    src, args.tables, args.duration, hide if base else None, args.think
                )
                runs[label].append(figures)
                said = ", ".join(f"{FIGURES[k]} {figures[k]:.1f}" for k in FIGURES)
                print(f"rep {rep + 1}, {label}: {said}", flush=True)
    print(f"\n{args.tables} tables, {args.duration:.0f} s each, medians (single runs):")
    print("| figure | " + " | ".join(label for label, _ in trees) + " |")
    print("|---|" + "---:|" * len(trees))
    for key, name in FIGURES.items():
        cells = []
        for label, _ in trees:
            values = [r[key] for r in runs[label]]
            singles = " / ".join(f"{v:.1f}" for v in values)
            cells.append(f"{statistics.median(values):.1f} ({singles})")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
