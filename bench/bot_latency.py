"""Figures for the bots' share of the server: how long a bot at a person's table takes to move
while strangers keep many all-bot ISMCTS tables running on the same server.

A server is started in a child process (``python -m crisis.server`` on 127.0.0.1, a temporary
SQLite file, ``--bot-delay 0`` by default so that no pause is added between bot moves;
``--bot-delay S`` passes S on and subtracts it from the waits it lies in). ``--tables N``
all-bot tables (four ``ismcts`` seats of Time of Crisis) are created, each from its own
loopback address (127.0.x.y) as N different strangers would; refusals (a 429 past a quota,
any coded 4xx) are counted, not fatal. Then a person's table (one human seat, three ``random``
bots) is created from one more address, and one websocket plays random legal actions for the
person for ``--duration`` seconds (an ending verb 30% of the time, so the game moves on; the
person waits while a bot is to act, so that every wait below is the bots' alone; a finished
game is followed by a new table).

A bot move's latency is the time from the arrival of the state in which a bot at the
person's table is to act (the state after the person's own move, or after the previous bot
move) to the arrival of the next state whose version advanced, less the server's bot delay
where that delay lies inside the wait. It includes the bot's thinking (a random bot's is
negligible), its wait for a worker of the server's thread pool, the event loop's delay and
the delivery of the message. A wait still open at the end is reported apart (``unfinished``).
The person's own action round trip (sent to ``acted``) is shown for comparison.

    .venv/bin/python bench/bot_latency.py --src /tmp/base/src            # before
    .venv/bin/python bench/bot_latency.py --src src                      # after
    .venv/bin/python bench/bot_latency.py --both /tmp/base/src           # both, interleaved
    .venv/bin/python bench/bot_latency.py --src /tmp/base/src --tables 0 # no load

``--src DIR`` puts DIR first on the server's PYTHONPATH (without it the server runs the
installed ``crisis``). ``--both BASE_SRC`` runs BASE_SRC ("before") and this checkout's
``src`` (or ``--src``: "after") alternately, ``--rounds`` times each, and prints one table.
Traffic stays on loopback, every run has a fixed length, and the server is stopped at the
end of each run, on an error too. Nothing is asserted: these are figures for a report.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import connect

from crisis.devtools.loadtest import client_address, free_port, post, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
MAX_TABLES = 200
MAX_DURATION = 600.0
#: Chance that the person picks an ending verb (end the step or turn) when one is legal.
ENDING_ODDS = 0.3


class _Seat(msgspec.Struct):
    role: str
    kind: str


class _Table(msgspec.Struct):
    id: str
    status: str
    version: int = 0
    active: list[str] = msgspec.field(default_factory=list)
    seats: list[_Seat] = msgspec.field(default_factory=list)


class _Message(msgspec.Struct):
    """The fields of a server message the person reads (the view is skipped)."""

    type: str
    version: int = 0
    role: str | None = None
    actions: list[list[Any]] = msgspec.field(default_factory=list)
    ending: list[str] = msgspec.field(default_factory=list)
    table: _Table | str | None = None
    code: str | None = None


@dataclass
class Run:
    """What one run (one server) measured."""

    label: str
    src: str
    tables: int
    duration: float
    accepted: list[str] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)  # "429 rate_limited" -> count
    bot_latencies: list[float] = field(default_factory=list)  # seconds, one per advance seen
    bot_versions: int = 0  # bot moves behind those advances (one advance may hold several)
    unfinished: list[float] = field(default_factory=list)  # ages of waits open at the end
    act_latencies: list[float] = field(default_factory=list)  # the person's sent -> acted
    act_errors: int = 0
    games: int = 0  # person's tables played (a finished game is followed by a new one)
    allbot_moves: int = 0  # versions the all-bot tables reached at the end, together
    allbot_finished: int = 0
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p`` quantile of ``values`` in milliseconds (0 if there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def start_server(
    src: str | None, port: int, database: str, log: Path, bot_delay: float
) -> subprocess.Popen[bytes]:
    """``python -m crisis.server`` on 127.0.0.1:``port`` with ``--bot-delay bot_delay``,
    ``src`` first on its PYTHONPATH; returns once it answers. Its stderr goes to ``log``."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    cmd = [sys.executable, "-m", "crisis.server", "--host", HOST, "--port", str(port)]
    cmd += ["--database", database, "--log-level", "warning", "--bot-delay", str(bot_delay)]
    with log.open("wb") as err:
        # A session of its own: whatever it starts (worker processes) is stopped with it.
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, start_new_session=True
        )
    try:
        wait_until_up(f"http://{HOST}:{port}", proc)
    except BaseException as exc:
        stop_server(proc)
        tail = log.read_text(errors="replace")[-2000:]
        raise RuntimeError(f"the server did not start: {exc}\n{tail}") from None
    return proc


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Terminate the server, kill it if it does not stop within ten seconds, then kill what
    is left of its process group (worker processes it started)."""
    if proc.poll() is None:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # its group: the id of the session it leads


def refusal(exc: urllib.error.HTTPError) -> str:
    """``"<status> <code>"`` of a refused request (the code from the server's error body)."""
    try:
        body = json.loads(exc.read() or b"{}")
    except ValueError:
        body = {}
    code = body.get("code") if isinstance(body, dict) else None
    return f"{exc.code} {code or '?'}"


def create_allbot_tables(base: str, run: Run) -> None:
    """``run.tables`` all-bot ISMCTS tables, table ``i`` from loopback address ``i``."""
    body = {"title": "time_of_crisis", "seats": [{"kind": "bot", "bot": "ismcts"}] * 4}
    for i in range(run.tables):
        try:
            made = post(base, "/api/tables", {**body, "options": {}}, None, client_address(i))
        except urllib.error.HTTPError as exc:
            key = refusal(exc)
            run.refused[key] = run.refused.get(key, 0) + 1
            continue
        run.accepted.append(made["table"]["id"])


def person_table(base: str, address: str) -> tuple[str, str]:
    """A new table with one person and three random bots: its id and the person's token."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    body = {"title": "time_of_crisis", "seats": seats, "options": {}}
    made = post(base, "/api/tables", body, None, address)
    (token,) = made["tokens"].values()
    return made["table"]["id"], token


def bot_is_active(table: _Table) -> bool:
    """Whether a bot seat is among those to act."""
    bots = {s.role for s in table.seats if s.kind == "bot"}
    return table.status == "playing" and any(r in bots for r in table.active)


async def play_person(
    base: str, address: str, stop_at: float, think: float, bot_delay: float, run: Run, seed: int
) -> None:
    """Play people's tables one after another until ``stop_at``, timing the bots' moves."""
    rng = random.Random(seed)
    while time.monotonic() < stop_at:
        table_id, token = await asyncio.to_thread(person_table, base, address)
        run.games += 1
        url = f"{base.replace('http', 'ws', 1)}/ws/{table_id}"
        finished = await play_one(url, token, address, stop_at, think, bot_delay, run, rng)
        if not finished:
            return


async def play_one(
    url: str,
    token: str,
    address: str,
    stop_at: float,
    think: float,
    bot_delay: float,
    run: Run,
    rng: random.Random,
) -> bool:
    """One person's game on one websocket until it ends (True) or ``stop_at`` (False)."""
    decode = msgspec.json.Decoder(_Message).decode
    latest: _Message | None = None
    act_at: float | None = None  # when the person will send its next action
    sent_at: float | None = None  # an action awaiting its "acted"
    # An open wait for a bot: (arrival of the state it started at, version, delay inside).
    waiting: tuple[float, int, float] | None = None
    async with connect(url, max_size=2**23, open_timeout=60, local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        while True:
            now = time.monotonic()
            if now >= stop_at:
                if waiting is not None:
                    run.unfinished.append(time.perf_counter() - waiting[0])
                return False
            if act_at is not None and now >= act_at and latest is not None:
                act_at = None
                sent_at = await send_action(ws, latest, rng)
                continue
            until = min(stop_at, act_at) if act_at is not None else stop_at
            try:
                async with asyncio.timeout(max(0.0, until - now)):
                    raw = await ws.recv()
            except TimeoutError:
                continue
            arrived = time.perf_counter()
            msg = decode(raw)
            if msg.type in ("acted", "error") and sent_at is not None:
                if msg.type == "acted":
                    run.act_latencies.append(arrived - sent_at)
                else:
                    run.act_errors += 1
                sent_at = None
            if msg.type != "state" or not isinstance(msg.table, _Table):
                if sent_at is None and latest is not None and act_at is None:
                    act_at = plan(latest, think, rng)
                continue
            delay = 0.0
            if waiting is not None and msg.version > waiting[1]:
                run.bot_latencies.append(max(0.0, arrived - waiting[0] - waiting[2]))
                run.bot_versions += msg.version - waiting[1]
                waiting, delay = None, bot_delay  # the server pauses after a bot's move
            latest = msg
            if msg.table.status != "playing":
                return True
            if bot_is_active(msg.table):
                act_at = None  # the person lets the bots move first
                if waiting is None:
                    waiting = (arrived, msg.version, delay)
            elif sent_at is None:
                act_at = plan(msg, think, rng)


def plan(state: _Message, think: float, rng: random.Random) -> float | None:
    """When the person will act on ``state`` (None if it has nothing to do)."""
    if not any(a[0] != "undo" for a in state.actions):
        return None
    if isinstance(state.table, _Table) and bot_is_active(state.table):
        return None
    return time.monotonic() + rng.uniform(0, 2 * think)


async def send_action(ws: Any, state: _Message, rng: random.Random) -> float | None:
    """Send a random legal action (an ending verb ``ENDING_ODDS`` of the time); returns when."""
    legal = [a for a in state.actions if a[0] != "undo"]
    if not legal:
        return None
    ends = [a for a in legal if a[0] in state.ending]
    action = rng.choice(ends) if ends and rng.random() < ENDING_ODDS else rng.choice(legal)
    message = {"type": "act", "role": state.role, "action": action, "version": state.version}
    sent = time.perf_counter()
    await ws.send(json.dumps(message))
    return sent


def allbot_progress(base: str, run: Run) -> None:
    """How far the accepted all-bot tables got: moves made (versions) and games finished."""
    for table_id in run.accepted:
        try:
            with urllib.request.urlopen(f"{base}/api/tables/{table_id}", timeout=30) as res:
                summary = json.loads(res.read())
        except OSError:
            continue
        run.allbot_moves += int(summary.get("version", 0))
        run.allbot_finished += summary.get("status") == "finished"


def measure(
    label: str,
    src: str | None,
    tables: int,
    duration: float,
    *,
    think: float = 0.1,
    warmup: float = 3.0,
    bot_delay: float = 0.0,
) -> Run:
    """One run: a fresh server, the all-bot tables, then the person's play for ``duration``."""
    run = Run(label=label, src=src or "(installed)", tables=tables, duration=duration)
    run.load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="crisis-botlat-") as tmp:
        port = free_port()
        database = f"sqlite:///{os.path.join(tmp, 'x.db')}"
        proc = start_server(src, port, database, Path(tmp) / "server.log", bot_delay)
        base = f"http://{HOST}:{port}"
        try:
            create_allbot_tables(base, run)
            time.sleep(warmup if run.accepted else 0.0)
            stop_at = time.monotonic() + duration
            person = client_address(tables)  # an address none of the all-bot tables used
            asyncio.run(play_person(base, person, stop_at, think, bot_delay, run, seed=tables))
            allbot_progress(base, run)
        finally:
            stop_server(proc)
    run.load_after = os.getloadavg()
    return run


def rows(run: Run) -> list[tuple[str, str]]:
    """The report's lines for one run."""
    lat, acts = run.bot_latencies, run.act_latencies
    refused = ", ".join(f"{n} x {k}" for k, n in sorted(run.refused.items())) or "-"
    unfinished = (
        f"{len(run.unfinished)} (oldest {1000 * max(run.unfinished):.0f} ms)"
        if run.unfinished
        else "0"
    )

    def load(avg: tuple[float, float, float]) -> str:
        return " ".join(f"{x:.2f}" for x in avg)

    return [
        ("server src", run.src),
        ("all-bot tables asked", str(run.tables)),
        ("  accepted", str(len(run.accepted))),
        ("  refused", refused),
        ("  their moves (versions)", str(run.allbot_moves)),
        ("  finished by the end", str(run.allbot_finished)),
        ("person's games", str(run.games)),
        ("bot moves timed (advances)", str(len(lat))),
        ("  bot versions in them", str(run.bot_versions)),
        ("bot move p50 ms", f"{percentile(lat, 0.50):.1f}"),
        ("bot move p95 ms", f"{percentile(lat, 0.95):.1f}"),
        ("bot move p99 ms", f"{percentile(lat, 0.99):.1f}"),
        ("bot move max ms", f"{1000 * max(lat, default=0.0):.1f}"),
        ("unfinished bot waits", unfinished),
        ("person's acts (errors)", f"{len(acts)} ({run.act_errors})"),
        ("act round trip p50 ms", f"{percentile(acts, 0.50):.1f}"),
        ("act round trip p95 ms", f"{percentile(acts, 0.95):.1f}"),
        ("load avg 1/5/15 before", load(run.load_before)),
        ("load avg 1/5/15 after", load(run.load_after)),
    ]


def merged(runs: list[Run]) -> Run:
    """Several runs of one side as one (samples pooled, counts added, loads of the first and
    last run)."""
    first = runs[0]
    out = Run(label=first.label, src=first.src, tables=first.tables, duration=first.duration)
    out.load_before, out.load_after = first.load_before, runs[-1].load_after
    for r in runs:
        out.accepted += r.accepted
        for k, n in r.refused.items():
            out.refused[k] = out.refused.get(k, 0) + n
        out.bot_latencies += r.bot_latencies
        out.bot_versions += r.bot_versions
        out.unfinished += r.unfinished
        out.act_latencies += r.act_latencies
        out.act_errors += r.act_errors
        out.games += r.games
        out.allbot_moves += r.allbot_moves
        out.allbot_finished += r.allbot_finished
    out.tables = sum(r.tables for r in runs)
    return out


def print_table(runs: list[Run], duration: float, rounds: int) -> None:
    """One column per run (side), one line per figure."""
    columns = [rows(r) for r in runs]
    names = [name for name, _ in columns[0]]
    width = max(len(n) for n in names) + 2
    cells = [[value for _, value in col] for col in columns]
    widths = [max(len(r.label), *(len(v) for v in c)) + 2 for r, c in zip(runs, cells, strict=True)]
    print(f"\nbot-move latency at a person's table ({duration:g} s x {rounds} per column)")
    print(" " * width + "".join(r.label.rjust(w) for r, w in zip(runs, widths, strict=True)))
    for i, name in enumerate(names):
        line = "".join(c[i].rjust(w) for c, w in zip(cells, widths, strict=True))
        print(name.ljust(width) + line)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run, print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=12, help="all-bot ISMCTS tables (12)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play (60)")
    parser.add_argument("--src", help="put DIR first on the server's PYTHONPATH")
    parser.add_argument("--both", metavar="BASE_SRC", help="also run BASE_SRC, interleaved")
    parser.add_argument("--rounds", type=int, default=1, help="runs per side with --both (1)")
    parser.add_argument("--think", type=float, default=0.1, help="person's mean think (0.1 s)")
    parser.add_argument("--warmup", type=float, default=3.0, help="load before playing (3 s)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the server's pause after a bot move (0 s)"
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    if not 0 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables is between 0 and {MAX_TABLES}")
    if not 0 < args.duration <= MAX_DURATION:
        parser.error(f"--duration is between 0 and {MAX_DURATION:g} seconds")
    if not 1 <= args.rounds <= 10 or not 0 <= args.think <= 10 or not 0 <= args.warmup <= 60:
        parser.error("--rounds is 1-10, --think 0-10 s, --warmup 0-60 s")
    if not 0 <= args.bot_delay <= 5:
        parser.error("--bot-delay is 0-5 s")
    # A SIGTERM unwinds like Ctrl-C, so the server is stopped on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    after = str(Path(args.src).resolve()) if args.src else None
    sides: list[tuple[str, str | None]]
    if args.both:
        sides = [("before", str(Path(args.both).resolve())), ("after", after or str(ROOT / "src"))]
    else:
        sides = [("run", after)]
    done: dict[str, list[Run]] = {label: [] for label, _ in sides}
    for n in range(args.rounds):
        order = sides if n % 2 == 0 else sides[::-1]  # alternate who goes first
        for label, src in order:
            print(f"round {n + 1}: {label} ({src or 'installed crisis'})...", file=sys.stderr)
            run = measure(
                label,
                src,
                args.tables,
                args.duration,
                think=args.think,
                warmup=args.warmup,
                bot_delay=args.bot_delay,
            )
            done[label].append(run)
    runs = [merged(done[label]) for label, _ in sides]
    print_table(runs, args.duration, args.rounds)
    if args.json:
        figures = {r.label: dict(rows(r)) for r in runs}
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
