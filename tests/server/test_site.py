"""Several server processes over one PostgreSQL database are one site (crisis.server.play.site):
a table made through one is played and watched through another, a move reaches the other
process's watchers at once, two processes never accept two moves for one version, each bot
move happens once, the per-address limits count the whole site, and a process killed
outright loses nothing that was acknowledged: its clients carry on through another.

Real processes (``python -m crisis.server``) on loopback ports, real websockets.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psutil
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from crisis.devtools import loadtest
from crisis.devtools.loadtest import free_port, post, start_server, stop_server
from tests.databases import BACKENDS, Database, fresh_database
from tests.server.test_crash import _consistent

pytestmark = pytest.mark.slow

ARGS = ("--allow-seed", "--bot-delay", "0.02", "--bot-workers", "1")


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[Database]:
    with fresh_database("postgresql", tmp_path) as found:
        yield found


@contextmanager
def servers(url: str, n: int, *extra: str) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """``n`` server processes on the database ``url``: (base URL, process) each."""
    running: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        for _ in range(n):
            port = free_port()
            running.append((f"http://127.0.0.1:{port}", start_server(url, port, *ARGS, *extra)))
        yield running
    finally:
        for _, proc in running:
            if proc.poll() is None:
                stop_server(proc)


def get(base: str, path: str, token: str | None = None) -> Any:
    req = urllib.request.Request(f"{base}{path}", headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read())


def act(base: str, table: str, role: str, action: Any, version: int, token: str) -> int:
    """POST an action; the HTTP status (200 accepted, 409 stale ...)."""
    body = {"role": role, "action": action, "version": version}
    try:
        post(base, f"/api/tables/{table}/actions", body, token)
    except urllib.error.HTTPError as exc:
        return exc.code
    return 200


def socket(base: str, table: str, tokens: list[str]) -> ClientConnection:
    """A greeted websocket at ``table`` (its welcome read; the first state is next)."""
    ws = connect(base.replace("http", "ws") + f"/ws/{table}", open_timeout=60, legacy=True)
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    welcome = json.loads(ws.recv(10))
    assert welcome["type"] == "welcome", welcome
    return ws


def next_state(ws: ClientConnection, timeout: float = 10.0, after: int = -1) -> dict[str, Any]:
    """The next ``state`` message past version ``after``."""
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(max(0.01, deadline - time.monotonic())))
        if msg["type"] == "state" and msg["version"] > after:
            return msg


def my_move(
    ws: ClientConnection, after: int = -1, now: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The first state (from ``now`` on, else the next past version ``after``) in which a
    seat this socket holds has something to do, looking as the seat to move (a hotseat
    socket holds every seat)."""
    if now is None:
        now = next_state(ws, after=after)
    while not any(x[0] != "undo" for x in now["actions"]):
        active = now["view"]["active"]
        if active and active[0] != now["role"]:
            ws.send(json.dumps({"type": "look", "role": active[0]}))
            now = next_state(ws, after=now["version"] - 1)
        else:
            now = next_state(ws, after=now["version"])
    return now


def choose(now: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An act message for a random legal action (never undo) of the seat ``now`` shows."""
    legal = [x for x in now["actions"] if x[0] != "undo"]
    return {
        "type": "act",
        "role": now["role"],
        "action": rng.choice(legal),
        "version": now["version"],
    }


def consistent(url: str, table: str) -> int:
    """The stored state is setup + the stored log (as tests/server/test_crash.py checks);
    returns the log's length."""
    return _consistent(
        Database("postgresql" if url.startswith("postgresql") else "sqlite", url), table
    )


def people(base: str, n: int = 2, seed: int = 3) -> tuple[str, dict[str, str]]:
    made = post(base, "/api/tables", {"seats": [{"kind": "human"}] * n, "seed": seed})
    return made["table"]["id"], made["tokens"]


def test_a_table_made_through_one_process_is_played_and_watched_through_another(
    pg: Database,
) -> None:
    with servers(pg.url, 2) as [(a, _), (b, _)]:
        table, tokens = people(a)
        watcher = socket(b, table, [])  # a spectator on the other process
        first = next_state(watcher)
        player = socket(a, table, list(tokens.values()))
        rng = random.Random(1)
        assert first["version"] == 0
        for _ in range(12):
            now = my_move(player)
            player.send(json.dumps(choose(now, rng)))
            seen = next_state(watcher, after=now["version"])
            assert seen["version"] == now["version"] + 1
            assert '"hand"' not in json.dumps(seen["view"]["players"])  # still the public view
        # How long the watcher waits is measured (docs/measurements/load.md), not tested
        # here: a busy machine may take any time, and the move still arrives.
        # The same table read through either process is the same game, once the mover's own
        # process has shown its last move (the other may hear of the commit before the
        # mover's process has taken the write's answer back from its database thread).
        next_state(player, after=now["version"])
        assert get(a, f"/api/tables/{table}") == get(b, f"/api/tables/{table}")
        player.close()
        watcher.close()
        consistent(pg.url, table)


def test_two_processes_never_accept_two_moves_for_one_version(pg: Database) -> None:
    with servers(pg.url, 2) as [(a, _), (b, _)]:
        table, tokens = people(a, seed=7)
        accepted = 0
        for _ in range(15):
            role = next(
                r for r in tokens if get(a, f"/api/tables/{table}/state", tokens[r])["actions"]
            )
            now = get(a, f"/api/tables/{table}/state", tokens[role])
            legal = [x for x in now["actions"] if x[0] != "undo"]
            if now["table"]["status"] != "playing" or not legal:
                break
            both = [legal[0], legal[-1]]
            results: list[int] = []
            threads = [
                threading.Thread(
                    target=lambda out, *how: out.append(act(*how)),
                    args=(results, base, table, role, choice, now["version"], tokens[role]),
                )
                for base, choice in zip((a, b), both, strict=True)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(results)[0] == 200 and results.count(200) == 1, results
            assert all(r in (200, 409) for r in results), results
            accepted += 1
            after = get(b, f"/api/tables/{table}/state", tokens[role])
            assert after["version"] == now["version"] + 1
        assert accepted >= 10
        assert consistent(pg.url, table) == accepted


def test_each_bot_move_happens_once_whichever_process_holds_the_table(pg: Database) -> None:
    with servers(pg.url, 2) as [(a, _), (b, _)]:
        made = post(a, "/api/tables", {"seats": [{"kind": "bot"}] * 3, "seed": 9})
        table = made["table"]["id"]
        watchers = [socket(a, table, []), socket(b, table, [])]  # both hold it in memory
        deadline = time.monotonic() + 120
        while consistent(pg.url, table) <= 10:  # the bots play on, whoever holds the table
            assert time.monotonic() < deadline, "the bots did not play"
            time.sleep(0.2)
        versions = [get(base, f"/api/tables/{table}")["version"] for base in (a, b)]
        for ws in watchers:
            ws.close()
        moved = consistent(pg.url, table)
        assert moved > 10
        assert max(versions) <= moved


def test_the_limits_per_address_count_the_whole_site(pg: Database) -> None:
    with servers(pg.url, 2, "--tables-per-minute", "4") as [(a, _), (b, _)]:
        bots = {"seats": [{"kind": "bot"}] * 2}
        for base in (a, b, a):  # three tables of bots only, through both processes
            post(base, "/api/tables", bots)
        with pytest.raises(urllib.error.HTTPError) as refused:
            post(b, "/api/tables", bots)
        assert refused.value.code == 429 and "bots only" in refused.value.read().decode()
        people(b)  # a fourth table, of people: within the quota, the last of the minute
        with pytest.raises(urllib.error.HTTPError) as fast:
            people(a)
        assert fast.value.code == 429 and "minute" in fast.value.read().decode()


def play_acknowledged(ws: ClientConnection, moves: int, rng: random.Random) -> int:
    """Make ``moves`` random moves over a hotseat socket, each waiting for its ``acted``;
    returns the last acknowledged version."""
    acknowledged = -1
    latest = next_state(ws)
    for _ in range(moves):
        if latest["version"] <= acknowledged - 1:
            latest = next_state(ws, after=acknowledged - 1)
        latest = my_move(ws, now=latest)
        ws.send(json.dumps(choose(latest, rng)))
        while True:
            reply = json.loads(ws.recv(10))
            if reply["type"] == "acted":
                acknowledged = reply["version"]
                break
            assert reply["type"] == "state", reply
            latest = reply
    return acknowledged


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_process_killed_mid_game_loses_no_acknowledged_action(
    backend: str, tmp_path: Path
) -> None:
    """SIGKILL one process: its players reconnect (PostgreSQL: to the other process, which
    was running all along; SQLite, one process per file: to a restarted one) and carry on
    from their last acknowledged move; the bots of its tables play on."""
    shared = backend == "postgresql"
    with (
        fresh_database(backend, tmp_path) as db,
        servers(db.url, 2 if shared else 1) as running,
    ):
        a, doomed = running[0]
        table, tokens = people(a, seed=11)
        made = post(a, "/api/tables", {"seats": [{"kind": "bot"}] * 3, "seed": 12})
        bots_id = made["table"]["id"]
        ws = socket(a, table, list(tokens.values()))
        acknowledged = play_acknowledged(ws, 20, random.Random(3))
        assert acknowledged == 20
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait(10)
        ws.close()
        bot_moves = consistent(db.url, bots_id)
        with servers(db.url, 0 if shared else 1) as restarted:
            b = (running[1] if shared else restarted[0])[0]
            ws = socket(b, table, list(tokens.values()))
            again = my_move(ws)
            assert again["version"] == acknowledged
            assert consistent(db.url, table) == acknowledged
            ws.send(json.dumps(choose(again, random.Random(4))))
            assert next_state(ws, after=acknowledged)["version"] == acknowledged + 1
            ws.close()
            deadline = time.monotonic() + 120
            while get(b, f"/api/tables/{bots_id}")["version"] <= bot_moves:
                assert time.monotonic() < deadline, "nobody took over the bots"
                time.sleep(0.2)


def test_the_other_process_takes_over_a_killed_ones_bots_at_once(pg: Database) -> None:
    """A process killed outright loses its lock of life with its connection, and that alone
    lets another take its bots over: its beat is set an hour ahead after the kill, so the
    other way of counting it dead (8 s without a beat) cannot be what frees its tables."""
    with servers(pg.url, 2) as [(a, doomed), (b, _)]:
        made = post(a, "/api/tables", {"seats": [{"kind": "bot"}] * 3, "seed": 13})
        table = made["table"]["id"]
        engine = create_engine(pg.url)
        owner = _owner(engine, table)  # the process that made the table
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait(10)
        with engine.begin() as db:
            db.execute(
                text("UPDATE processes SET beat = :later WHERE id = :p"),
                {"later": int(time.time()) + 3600, "p": owner},
            )
        moved = consistent(pg.url, table)
        # Read from the database, not the site (whose per-address limit a poll would meet).
        deadline = time.monotonic() + 120  # a guard against hanging, not a measure
        while _owner(engine, table) == owner:
            assert time.monotonic() < deadline, "the bots were not taken over"
            time.sleep(0.2)
        engine.dispose()
        while get(b, f"/api/tables/{table}")["version"] <= moved:  # and they play on
            assert time.monotonic() < deadline, "the bots did not play on"
            time.sleep(0.5)
        assert consistent(pg.url, table) > moved


def _owner(engine: Any, table: str) -> str:
    """The process that moves ``table``'s bots, as the database says."""
    with engine.connect() as db:
        return str(
            db.execute(text("SELECT bot_owner FROM games WHERE id = :t"), {"t": table}).scalar_one()
        )


def served_by(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """The worker processes of a ``--workers`` server (its children that multiprocessing
    spawned: not its resource tracker)."""
    found = []
    for child in psutil.Process(proc.pid).children():
        with contextlib.suppress(psutil.Error):  # one just killed is a zombie until reaped
            if child.status() != psutil.STATUS_ZOMBIE:
                if "spawn_main" in " ".join(child.cmdline()):
                    found.append(child)
    return found


def moves_over_new_connections(
    base: str, table: str, tokens: dict[str, str], versions: range, rng: random.Random
) -> None:
    """One move at each of ``versions``, each over a connection of its own (the kernel
    spreads new connections over the processes sharing the port)."""
    for n in versions:
        ws = socket(base, table, list(tokens.values()))
        now = my_move(ws)
        assert now["version"] == n
        ws.send(json.dumps(choose(now, rng)))
        assert next_state(ws, after=n)["version"] == n + 1
        ws.close()


def test_serve_with_workers_runs_several_processes_as_one_site(pg: Database) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(pg.url, port, *ARGS, "--workers", "2")
    try:
        workers = served_by(proc)
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline:  # uvicorn's workers start
            time.sleep(0.2)
            workers = served_by(proc)
        assert len(workers) == 2
        table, tokens = people(base, seed=21)
        rng = random.Random(5)
        moves_over_new_connections(base, table, tokens, range(8), rng)
        assert consistent(pg.url, table) == 8
        # A worker killed outright is replaced by uvicorn's supervisor; play goes on.
        victim = workers[0]
        victim.send_signal(signal.SIGKILL)
        deadline = time.monotonic() + 120
        while True:
            now_serving = {c.pid for c in served_by(proc)}
            if victim.pid not in now_serving and len(now_serving) == 2:
                break
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.2)
        moves_over_new_connections(base, table, tokens, range(8, 12), rng)
        assert consistent(pg.url, table) == 12
    finally:
        stop_server(proc)


def test_several_workers_on_sqlite_are_refused(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "crisis.server", "--workers", "2"]
    cmd += ["--database", f"sqlite:///{tmp_path / 'crisis.db'}", "--port", str(free_port())]
    done = subprocess.run(cmd, capture_output=True, timeout=60, check=False)
    assert done.returncode != 0
    assert b"PostgreSQL" in done.stderr and b"SQLite" in done.stderr
    assert b"Traceback" not in done.stderr  # a clear message, not a crash


def test_a_load_test_can_mix_each_tables_people_over_the_processes(pg: Database) -> None:
    """``crisis loadtest --mix``: each table's people play through the processes in turn, so
    every move reaches people on the other process; the tables keep going (last round they
    stalled within seconds there: tests/server/test_following.py)."""
    with servers(pg.url, 2) as [(a, _), (b, _)]:
        jobs = loadtest._make_tables([a, b], 2, 4, spread=True, mix=True)
        assert [url.split("/ws/")[0] for url, *_ in jobs] == [
            w.replace("http", "ws") for w in (a, b, a, b, b, a, b, a)
        ]
        figures = loadtest.run(6, duration=5, think=0.05, url=[a, b], mix=True)
    assert figures["errors"] == 0 and figures["served"] == figures["clients"] == 24
    assert figures["actions"] > 20
