"""A load benchmark: simulated players on loopback playing many tables at once.

``crisis loadtest --tables 200`` starts a server in a child process (temporary SQLite file,
loopback only), seats ``players`` simulated people at each table, one websocket each, and lets
them play random legal actions after a think time for ``duration`` seconds. It reports actions
per second and the round-trip latency of an action (sent, applied, stored in the database,
broadcast, acknowledged). Traffic never leaves the machine: only loopback addresses are allowed.

It measures a plain ``crisis serve`` (``--url http://127.0.0.1:8000``) as it is deployed: each
simulated person connects from an address of its own in the loopback range (127.0.x.y, which
Linux routes to this machine), so the server's per-address limits (tables per minute, open
connections) treat them as the different people they stand for. Against an IPv6 loopback URL
every client shares ``::1`` and those limits apply to all of them together.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import http.client
import io
import ipaddress
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import msgspec
from websockets.asyncio.client import connect

MAX_TABLES = 500
MAX_DURATION = 600.0


class _Message(msgspec.Struct):
    """The fields of a server message a simulated player reads (the view is skipped)."""

    type: str
    version: int = 0
    role: str | None = None
    actions: list[list[Any]] = msgspec.field(default_factory=list)
    ending: list[str] = msgspec.field(default_factory=list)  # the title's ending verbs
    table: Any = None


@dataclass
class Figures:
    """What the benchmark measured."""

    tables: int
    players: int
    seconds: float
    actions: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        """Actions per second and latency percentiles in milliseconds."""
        lat = sorted(self.latencies) or [0.0]

        def pct(p: float) -> float:
            return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))]

        return {
            "tables": self.tables,
            "clients": self.tables * self.players,
            "seconds": self.seconds,
            "actions": self.actions,
            "errors": self.errors,
            "actions_per_second": self.actions / self.seconds if self.seconds else 0.0,
            "p50_ms": pct(0.50),
            "p95_ms": pct(0.95),
            "p99_ms": pct(0.99),
            "mean_ms": 1000 * statistics.fmean(lat),
        }


def check_loopback(url: str) -> None:
    """Refuse any target but this machine."""
    host = urlparse(url).hostname or ""
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise ValueError(f"the load test only targets loopback addresses, not {host!r}")


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``python -m crisis.server`` on 127.0.0.1:``port``; returns once it answers."""
    cmd = [sys.executable, "-m", "crisis.server", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--database", database, "--log-level", "warning", *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_until_up(f"http://127.0.0.1:{port}", proc)
    return proc


def wait_until_up(base: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """Poll ``/api/meta`` until the server answers (or its process dies)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server exited ({proc.returncode}): {err[-2000:]}")
        try:
            with urllib.request.urlopen(f"{base}/api/meta", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start in time")


def client_address(n: int) -> str:
    """The loopback address simulated person ``n`` connects from (127.0.x.y, never 127.0.0.1)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def post(
    base: str, path: str, body: dict[str, Any], token: str | None = None, source: str | None = None
) -> Any:
    """POST JSON (from loopback address ``source`` if given) and return the decoded answer;
    raises ``urllib.error.HTTPError`` (its body is the server's coded error) on a refusal."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    where = urlparse(base)
    conn = http.client.HTTPConnection(
        where.hostname or "127.0.0.1",
        where.port or 80,
        timeout=30,
        source_address=(source, 0) if source else None,
    )
    try:
        conn.request("POST", path, body=json.dumps(body), headers=headers)
        res = conn.getresponse()
        data = res.read()
    finally:
        conn.close()
    if res.status >= 400:
        raise urllib.error.HTTPError(
            f"{base}{path}", res.status, res.reason, res.headers, io.BytesIO(data)
        )
    return json.loads(data)


async def _player(
    ws_url: str,
    token: str,
    rng: random.Random,
    think: float,
    stop_at: float,
    figures: Figures,
    source: str | None = None,
) -> None:
    """One simulated person: waits a think time whenever its seat must act, then plays a
    random legal action and times the round trip until the server's ``acted``."""
    decode = msgspec.json.Decoder(_Message).decode
    loop = asyncio.get_running_loop()
    me: dict[str, Any] = {"latest": None, "sent_at": None, "timer": None}

    local: dict[str, Any] = {"local_addr": (source, 0)} if source else {}
    async with connect(ws_url, max_size=2**23, open_timeout=60, compression=None, **local) as ws:

        def fire() -> None:
            me["timer"] = None
            latest = me["latest"]
            legal = [a for a in latest.actions if a[0] != "undo"]
            if not legal or me["sent_at"] is not None:
                return
            ends = [a for a in legal if a[0] in latest.ending]
            action = ends[0] if ends and rng.random() < 0.3 else rng.choice(legal)
            message = {
                "type": "act",
                "role": latest.role,
                "action": action,
                "version": latest.version,
            }
            me["sent_at"] = time.perf_counter()
            me["send"] = loop.create_task(ws.send(json.dumps(message)))

        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(0.0, stop_at - time.monotonic())):
                async for raw in ws:
                    msg = decode(raw)
                    kind = msg.type
                    if kind == "state":
                        me["latest"] = msg
                        if isinstance(msg.table, dict) and msg.table.get("status") == "finished":
                            break
                    elif kind in ("acted", "error") and me["sent_at"] is not None:
                        if kind == "acted":
                            figures.actions += 1
                            figures.latencies.append(time.perf_counter() - me["sent_at"])
                        else:
                            figures.errors += 1
                        me["sent_at"] = None
                    latest = me["latest"]
                    if latest is None or me["sent_at"] is not None or me["timer"] is not None:
                        continue
                    if any(a[0] != "undo" for a in latest.actions):
                        me["timer"] = loop.call_later(rng.uniform(0, 2 * think), fire)
        if me["timer"] is not None:
            me["timer"].cancel()


async def _run(base: str, tables: int, players: int, duration: float, think: float) -> Figures:
    figures = Figures(tables=tables, players=players, seconds=duration)
    seats = [{"kind": "human"} for _ in range(players)]
    jobs = []
    ws_base = base.replace("http", "ws", 1)
    ipv4 = ipaddress.ip_address(socket.gethostbyname(urlparse(base).hostname or "127.0.0.1"))
    spread = ipv4.version == 4  # one loopback address per simulated person

    def source(n: int) -> str | None:
        return client_address(n) if spread else None

    for i in range(tables):
        made = await asyncio.to_thread(
            post, base, "/api/tables", {"seats": seats, "options": {}}, None, source(i * players)
        )
        table_id = made["table"]["id"]
        for j, token in enumerate(made["tokens"].values()):
            rng = random.Random(i * 10 + j)
            jobs.append((f"{ws_base}/ws/{table_id}", token, rng, source(i * players + j)))
    start = time.monotonic()
    stop_at = start + duration
    tasks = [
        asyncio.create_task(_player(url, token, rng, think, stop_at, figures, address))
        for url, token, rng, address in jobs
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    figures.seconds = time.monotonic() - start
    figures.errors += sum(1 for r in results if isinstance(r, BaseException))
    return figures


def run(
    tables: int = 50,
    *,
    players: int = 4,
    duration: float = 30.0,
    think: float = 1.0,
    url: str | None = None,
) -> dict[str, float]:
    """Run the benchmark against ``url`` (or a fresh local server) and summarise it."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be between 1 and {MAX_TABLES}")
    if not 0 < duration <= MAX_DURATION:
        raise ValueError(f"duration must be between 0 and {MAX_DURATION} seconds")
    if not 2 <= players <= 4:
        raise ValueError("players must be 2, 3 or 4")
    proc = None
    with tempfile.TemporaryDirectory(prefix="crisis-load-") as tmp:
        if url is None:
            port = free_port()
            database = f"sqlite:///{os.path.join(tmp, 'load.db')}"
            proc = start_server(database, port)  # a plain server, limits and all
            url = f"http://127.0.0.1:{port}"
        check_loopback(url)
        before = gc.get_threshold()
        gc.set_threshold(20_000, 20, 20)  # the simulated players' own pauses are not the server's
        try:
            figures = asyncio.run(_run(url.rstrip("/"), tables, players, duration, think))
        finally:
            gc.set_threshold(*before)
            if proc is not None:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(10)
                if proc.poll() is None:
                    proc.kill()
    return figures.summary()
