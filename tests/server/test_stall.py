"""Attacks against a real server process: greedy bots, crowds of spectators.

A stranger could seat ``ismcts:seconds=1e9`` bots at six tables and stop every other table's
bots (and every hint) on the server, even across a restart; and 64 spectator sockets from a
few addresses locked a player out of their own table. Each test below is that attack."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import time
import urllib.error
from collections.abc import Iterator
from typing import Any

import psutil
import pytest
from websockets.asyncio.client import ClientConnection, connect

from crisis.devtools.loadtest import client_address, free_port, post, start_server, stop_server
from crisis.server import limits
from tests.databases import Database

#: Each test starts a real server process and floods it: the load kind, slow.
pytestmark = pytest.mark.load

GREEDY = ["ismcts:seconds=1e9", "ismcts:seconds=inf", "ismcts:iterations=1000000000"]
GREEDY += ["ismcts:rollout=ismcts", "hard:seconds=100", " ismcts", "ISMCTS", "nobody"]


class Server:
    """A ``python -m crisis.server`` child on a free port and a fresh database."""

    def __init__(self, db: Database, *extra: str) -> None:
        self.db, self.extra = db, extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = start_server(self.db.url, self.port, *self.extra)
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop_server(self.proc, 15)
            self.proc = None


@pytest.fixture
def server(db: Database) -> Iterator[Server]:
    s = Server(db, "--bot-delay", "0", "--think-seconds", "1", "--bot-workers", "1")
    s.start()
    try:
        yield s
    finally:
        s.stop()


def _create(base: str, seats: list[dict[str, Any]], source: str) -> dict[str, Any]:
    made: dict[str, Any] = post(base, "/api/tables", {"seats": seats, "options": {}}, None, source)
    return made


def _refusal(base: str, seats: list[dict[str, Any]], source: str) -> tuple[int, dict[str, Any]]:
    try:
        _create(base, seats, source)
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())
    return 201, {}


def test_the_bots_processes_are_up_before_the_server_serves(server: Server) -> None:
    """Made at a lane's first job, they were made on the event loop: the fork server's start
    (importing the bots) stalled every table for seconds at the first bot move. A serving
    process starts them before it answers: the fork server, the quick worker and the one
    search worker (``--bot-workers 1``) run before any table exists."""
    assert server.proc is not None
    assert server.db.execute("SELECT count(*) FROM games") == [(0,)]
    forked = []
    for child in psutil.Process(server.proc.pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "multiprocessing.forkserver" in " ".join(child.cmdline()):
                forked.append(child)
    assert len(forked) >= 3, [p.cmdline() for p in forked]


def test_bots_with_settings_are_refused_with_a_code(server: Server) -> None:
    for n, spec in enumerate(GREEDY):
        seats = [{"kind": "bot", "bot": spec}] * 4
        status, body = _refusal(server.base, seats, client_address(n))
        assert (status, body["code"]) == (400, "bad_bot"), spec
        assert spec.strip() in body["message"] or repr(spec) in body["message"]
    assert server.db.execute("SELECT count(*) FROM games") == [(0,)]


def test_one_address_runs_a_few_tables_of_bots_only(server: Server) -> None:
    seats = [{"kind": "bot", "bot": "hard"}] * 4
    for _ in range(limits.BOT_TABLES_PER_ADDRESS):
        _create(server.base, seats, "127.0.9.9")
    status, body = _refusal(server.base, seats, "127.0.9.9")
    assert (status, body["code"]) == (429, "rate_limited") and "bots only" in body["message"]
    _create(server.base, seats, "127.0.9.10")  # another address has its own quota
    people = [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]
    _create(server.base, people, "127.0.9.9")  # and a table with a person is not counted
    # ... among those of bots only; tables with a searching bot have a quota of their own,
    # so that a script playing one seat cannot fill the search workers either.
    for _ in range(limits.SEARCH_TABLES_PER_ADDRESS):
        _create(server.base, people, "127.0.9.11")
    status, body = _refusal(server.base, people, "127.0.9.11")
    assert (status, body["code"]) == (429, "rate_limited") and "searching" in body["message"]
    _create(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "medium"}], "127.0.9.11")


async def _bot_moves(url: str, token: str, *, moves: int, seconds: float) -> list[float]:
    """Play a person's seat (always the first legal action that ends something, else the
    first) and time every bot move in between: from the state that hands a bot the turn to
    the next state."""
    gaps: list[float] = []
    async with connect(url, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        last = time.monotonic()
        deadline = last + seconds
        while len(gaps) < moves and time.monotonic() < deadline:
            left = max(0.1, deadline - time.monotonic())
            msg = json.loads(await asyncio.wait_for(ws.recv(), left))
            if msg["type"] != "state":
                continue
            now = time.monotonic()
            bot_moved = msg["role"] not in msg["table"]["active"]
            if bot_moved and msg["version"] > 0:
                gaps.append(now - last)
            last = now
            if msg["table"]["status"] == "finished":
                break
            acts = [a for a in msg["actions"] if a[0] != "undo"]
            if acts:
                ends = [a for a in acts if a[0] in msg["ending"]]
                act = (ends or acts)[0]
                await ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "role": msg["role"],
                            "action": act,
                            "version": msg["version"],
                        }
                    )
                )
                last = time.monotonic()
    return gaps


def _person_table(base: str) -> tuple[str, str]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    made = _create(base, seats, "127.0.8.1")
    return made["table"]["id"], made["tokens"]["green"]


@pytest.mark.slow
def test_searching_tables_of_bots_do_not_slow_a_person_s_random_bots(server: Server) -> None:
    """Six strangers each seat four of the strongest bots (the most a client may ask for);
    the bots at a person's table still move at once, and again after a restart."""
    for n in range(6):
        _create(server.base, [{"kind": "bot", "bot": "hard"}] * 4, client_address(100 + n))
    table, token = _person_table(server.base)
    url = f"ws://127.0.0.1:{server.port}/ws/{table}"
    gaps = asyncio.run(_bot_moves(url, token, moves=60, seconds=60))
    assert len(gaps) >= 60, f"only {len(gaps)} bot moves in a minute"
    gaps.sort()
    assert gaps[int(0.95 * len(gaps))] < 0.5 and gaps[-1] < 2.0, gaps[-5:]

    # Older versions stored whatever a client sent; such a seat is cleaned when loaded.
    server.db.execute("UPDATE seats SET bot = 'ismcts:seconds=1e9' WHERE bot = 'hard'")
    server.stop()
    server.start()  # the server resumes every table's bots
    gaps = asyncio.run(_bot_moves(url, token, moves=30, seconds=60))
    assert len(gaps) >= 30
    gaps.sort()
    assert gaps[int(0.95 * len(gaps))] < 0.5 and gaps[-1] < 2.0, gaps[-5:]
    bots = {b for (b,) in server.db.execute("SELECT DISTINCT bot FROM seats WHERE kind = 'bot'")}
    assert bots == {"random", "ismcts"}


async def _spectate(url: str, source: str) -> ClientConnection:
    ws = await connect(url, open_timeout=30, local_addr=(source, 0))
    await ws.send(json.dumps({"type": "hello", "tokens": []}))
    while json.loads(await ws.recv())["type"] != "state":
        pass
    return ws


async def _crowd_then_player(port: int, table: str, token: str) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{port}/ws/{table}"
    crowd = [
        await _spectate(url, client_address(200 + n // limits.SPECTATORS_PER_ADDRESS))
        for n in range(limits.SPECTATORS_PER_TABLE)
    ]
    out: dict[str, Any] = {}
    async with connect(url, open_timeout=30) as player:
        await player.send(json.dumps({"type": "hello", "tokens": [token]}))
        out["player"] = [json.loads(await player.recv())["type"] for _ in range(2)]
        # One more spectator: the oldest makes room and is told why.
        newcomer = await _spectate(url, client_address(300))
        while (msg := json.loads(await asyncio.wait_for(crowd[0].recv(), 10)))["type"] != "error":
            pass  # the player's arrival was broadcast to everyone first
        out["oldest"] = msg
        try:
            await asyncio.wait_for(crowd[0].recv(), 10)
            out["oldest_closed"] = False
        except Exception:
            out["oldest_closed"] = True
        await newcomer.close()
    for ws in crowd:
        await ws.close()
    return out


def test_a_crowd_of_spectators_never_locks_the_player_out(server: Server) -> None:
    table, token = _person_table(server.base)
    out = asyncio.run(_crowd_then_player(server.port, table, token))
    assert out["player"] == ["welcome", "state"]
    assert out["oldest"]["type"] == "error" and out["oldest"]["code"] == "rate_limited"
    assert "spectators" in out["oldest"]["message"] and out["oldest_closed"]


async def _churn(port: int, table: str) -> bool:
    """A real spectator, then four addresses reconnecting their spectators again and again:
    whether the real one is still watching at the end."""
    url = f"ws://127.0.0.1:{port}/ws/{table}"
    real = await _spectate(url, client_address(400))
    crowd = []
    for round_ in range(3):
        for n in range(4 * limits.SPECTATORS_PER_ADDRESS):
            crowd.append(await _spectate(url, client_address(410 + n % 4)))
        if round_ < 2:
            await asyncio.sleep(0.2)
    await real.send(json.dumps({"type": "ping"}))
    alive = True
    try:
        while (msg := json.loads(await asyncio.wait_for(real.recv(), 10)))["type"] != "pong":
            alive = alive and msg["type"] != "error"
    except Exception:
        alive = False
    for ws in [real, *crowd]:
        await ws.close()
    return alive


def test_churning_spectators_push_out_only_their_own(server: Server) -> None:
    table, _ = _person_table(server.base)
    assert asyncio.run(_churn(server.port, table))
