"""The load test against this tree's server and older trees' servers, interleaved in one run.

    git worktree add --detach /tmp/base c50798d
    .venv/bin/python bench/load_vs_base.py --base c50798d=/tmp/base --tables 200 --reps 3

Each repetition starts, for every tree in turn (the bases, then this one), a fresh
``python -m crisis.server`` on a new SQLite file from that tree's sources (same interpreter
and packages), measures it with this tree's ``crisis loadtest`` (the same simulated people
for all), and stops it; a noisy machine then slows every tree alike. The table shows each
figure's median over the repetitions, with the single runs after it.

The bases run on the standard asyncio loop and HTTP parser, as they shipped (before uvloop
and httptools were dependencies, uvicorn found neither): the packages are hidden from them.
``--same-packages`` runs them with this tree's packages instead, for a base that shipped with
uvloop and httptools itself (19fd4e6 and later).

``--postgres URL --servers 2 --mix`` runs each tree as a site of two processes on a fresh
PostgreSQL database (made on the server of ``URL`` and dropped after), each table's people
spread over both processes::

    .venv/bin/python bench/load_vs_base.py --base e632fdb=/tmp/base --same-packages \
        --postgres postgresql+psycopg://127.0.0.1:5432/postgres --servers 2 --mix --tables 400
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from crisis.devtools import loadtest

HERE = Path(__file__).resolve().parent.parent

#: The figures compared (``loadtest.run``'s keys) and how they are printed.
FIGURES = {
    "actions_per_second": "actions/s",
    "p50_ms": "p50 ms",
    "p95_ms": "p95 ms",
    "p99_ms": "p99 ms",
    "server_cpu_ms_per_action": "server CPU ms/action",
    "settle_seconds": "settle s",
    "open_max_seconds": "slowest opening s",
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
    src: Path,
    tables: int,
    duration: float,
    hide: Path | None,
    think: float = 1.0,
    *,
    postgres: str | None = None,
    servers: int = 1,
    mix: bool = False,
) -> dict[str, float]:
    """One load test of a fresh site running ``src``'s code (``hide``: a folder of
    stand-ins put first on its path): ``servers`` processes on a new SQLite file or, with
    ``postgres``, a new database on that PostgreSQL server; ``mix`` spreads each table's
    people over the processes."""
    path = f"{hide}{os.pathsep}{src}" if hide else str(src)
    env = {**os.environ, "PYTHONPATH": path}
    with tempfile.TemporaryDirectory(prefix="crisis-vs-") as tmp, _database(postgres, tmp) as db:
        procs: list[subprocess.Popen[bytes]] = []
        urls = []
        try:
            for _ in range(servers):  # one after another: the first makes the schema
                port = loadtest.free_port()
                cmd = [sys.executable, "-m", "crisis.server", "--host", "127.0.0.1"]
                cmd += ["--port", str(port), "--database", db, "--log-level", "warning"]
                procs.append(
                    subprocess.Popen(
                        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
                    )
                )
                urls.append(f"http://127.0.0.1:{port}")
                loadtest.wait_until_up(urls[-1], procs[-1])
            return loadtest.run(
                tables,
                duration=duration,
                think=think,
                url=urls if servers > 1 else urls[0],
                server_pids=[p.pid for p in procs],
                mix=mix,
            )
        finally:
            for proc in procs:
                loadtest.stop_server(proc)


@contextlib.contextmanager
def _database(postgres: str | None, tmp: str) -> Iterator[str]:
    """A fresh database for one run: a SQLite file in ``tmp``, or a new PostgreSQL database
    on ``postgres``'s server, dropped afterwards."""
    if postgres is None:
        yield f"sqlite:///{Path(tmp) / 'load.db'}"
        return
    import sqlalchemy

    url = sqlalchemy.make_url(postgres)
    name = f"crisis_vs_{secrets.token_hex(4)}"
    admin = sqlalchemy.create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


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
    parser.add_argument("--postgres", help="a PostgreSQL server's URL: each run on a new database")
    parser.add_argument("--servers", type=int, default=1, help="processes of each site")
    parser.add_argument("--mix", action="store_true", help="each table's people on every process")
    args = parser.parse_args()
    if args.servers > 1 and args.postgres is None:
        parser.error("several servers share a site only on PostgreSQL (--postgres)")
    trees = [(label, Path(d) / "src") for label, _, d in (b.partition("=") for b in args.base)]
    trees.append(("this tree", HERE / "src"))
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in trees}
    with tempfile.TemporaryDirectory(prefix="crisis-hide-") as hidden:
        hide = _hider(Path(hidden))
        for rep in range(args.reps):
            for label, src in trees:
                base = label != "this tree" and not args.same_packages
                figures = measure(
                    src,
                    args.tables,
                    args.duration,
                    hide if base else None,
                    args.think,
                    postgres=args.postgres,
                    servers=args.servers,
                    mix=args.mix,
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
