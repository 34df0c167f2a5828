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

The simulated people run in client processes of their own (``--processes``), so that one
client interpreter does not limit what is measured. ``--url`` may be given several times for
several processes of one site: tables are created round robin over them. The server's CPU
seconds per action are measured from its processes (and their children, the bot workers):
the one the benchmark started, or those named by ``--server-pid``.
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
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import msgspec
from websockets.asyncio.client import connect

MAX_TABLES = 2000
MAX_DURATION = 600.0
#: How fast the simulated people connect by default (see :func:`default_ramp`).
CONNECTS_PER_SECOND = 200


class _Message(msgspec.Struct):
    """The fields of a server message a simulated player reads (the view is skipped)."""

    type: str
    version: int = 0
    role: str | None = None
    actions: list[list[Any]] = msgspec.field(default_factory=list)
    ending: list[str] = msgspec.field(default_factory=list)  # the title's ending verbs
    table: Any = None
    code: str | None = None  # an error's code


@dataclass
class Figures:
    """What the benchmark measured."""

    tables: int
    players: int
    seconds: float
    actions: int = 0
    errors: int = 0
    #: The errors by kind: the server's code for a refused action (``stale``, ``too_fast``
    #: ...), or the exception that ended a simulated person's connection.
    error_kinds: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    processes: int = 1
    #: Simulated people whose connection opened.
    connected: int = 0
    #: Seconds over which the people connected, before the measured ``seconds`` began.
    ramp: float = 0.0
    #: Simulated people who had their first state when the measured seconds began.
    served: int = 0
    #: Seconds after the ramp until all of them had it (or the wait was given up).
    settle: float = 0.0
    #: For each person served: seconds from their moment to connect until the connection
    #: opened (the handshake), and from then until their first state.
    opening: list[float] = field(default_factory=list)
    first_state: list[float] = field(default_factory=list)
    #: CPU seconds the server's processes used while measuring (None: not measured).
    server_cpu: float | None = None
    #: CPU seconds the simulated people's client processes used while measuring.
    client_cpu: float | None = None
    #: How busy the whole machine's cores were while measuring, in percent (every process:
    #: server, clients, database); near 100 the figures show the machine's limit, not the
    #: server's.
    machine_busy: float | None = None

    def summary(self) -> dict[str, Any]:
        """Actions per second, latency percentiles in milliseconds, and the errors by kind."""
        lat = sorted(self.latencies) or [0.0]

        def pct(p: float, of: list[float] = lat, scale: float = 1000) -> float:
            return scale * of[min(len(of) - 1, int(p * len(of)))]

        opening, first = sorted(self.opening) or [0.0], sorted(self.first_state) or [0.0]

        return {
            "tables": self.tables,
            "clients": self.tables * self.players,
            "connected": self.connected,
            "ramp_seconds": self.ramp,
            "served": self.served,
            "settle_seconds": self.settle,
            "open_p95_seconds": pct(0.95, opening, 1),
            "open_max_seconds": opening[-1],
            "first_state_p95_seconds": pct(0.95, first, 1),
            "first_state_max_seconds": first[-1],
            "seconds": self.seconds,
            "actions": self.actions,
            "errors": self.errors,
            "error_kinds": ", ".join(f"{k} {n}" for k, n in self.error_kinds.most_common()) or "-",
            "actions_per_second": self.actions / self.seconds if self.seconds else 0.0,
            "p50_ms": pct(0.50),
            "p95_ms": pct(0.95),
            "p99_ms": pct(0.99),
            "mean_ms": 1000 * statistics.fmean(lat),
            "client_processes": self.processes,
            "server_cpu_seconds": self.server_cpu if self.server_cpu is not None else -1.0,
            "server_cpu_ms_per_action": (
                1000 * self.server_cpu / self.actions
                if self.server_cpu is not None and self.actions
                else -1.0
            ),
            "client_cpu_ms_per_action": (
                1000 * self.client_cpu / self.actions
                if self.client_cpu is not None and self.actions
                else -1.0
            ),
            "machine_busy_percent": self.machine_busy if self.machine_busy is not None else -1.0,
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


#: Ports :func:`free_port` has handed out in this process, never handed out again.
_HANDED: set[int] = set()


def _ephemeral_ports() -> tuple[int, int]:
    """The kernel's range for the local ports of outgoing connections (Linux's default if
    it cannot be read)."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low, high = (int(x) for x in f.read().split())
        return low, high
    except (OSError, ValueError):
        return 32768, 60999


def free_port() -> int:
    """An unused TCP port on 127.0.0.1 for a server about to start.

    Drawn at random below the kernel's ephemeral range, so that no outgoing connection (the
    load test opens thousands) takes it before the server binds it, and never the same port
    twice in one process; other processes drawing at the same time rarely meet in 20,000
    ports, and :func:`wait_until_up` refuses a server that is not the one started."""
    low = _ephemeral_ports()[0]
    draw = random.SystemRandom()
    for _ in range(100):
        port = draw.randrange(10000, low) if low > 11000 else draw.randrange(1024, 10000)
        if port in _HANDED:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _HANDED.add(port)
        return port
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


def stop_server(proc: subprocess.Popen[bytes], wait: float = 10.0) -> None:
    """Stop a server started by :func:`start_server`: politely, then by force."""
    proc.terminate()
    try:
        proc.wait(wait)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def _listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` or one of its children listens on TCP ``port``."""
    import psutil

    try:
        root = psutil.Process(pid)
        family = [root, *root.children(recursive=True)]
    except psutil.Error:
        return False
    for proc in family:
        with contextlib.suppress(psutil.Error):
            for conn in proc.net_connections(kind="tcp"):
                if conn.status == psutil.CONN_LISTEN and conn.laddr and conn.laddr.port == port:
                    return True
    return False


def wait_until_up(base: str, proc: subprocess.Popen[bytes], timeout: float = 180.0) -> None:
    """Poll ``/api/meta`` until the server answers (or its process dies); a loaded machine
    may take a while to import and migrate, so the wait is generous. An answer counts only
    once ``proc`` itself listens on the port: another program that took the port first (a
    server of another test run, say) would otherwise be measured in its place, and ``proc``
    then exits with the bind's error."""
    port = urlparse(base).port or 80
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server exited ({proc.returncode}): {err[-2000:]}")
        try:
            with urllib.request.urlopen(f"{base}/api/meta", timeout=5):
                if _listens(proc.pid, port):
                    return
        except OSError:
            pass
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
    connect_at: float,
    figures: Figures,
    source: str | None = None,
) -> None:
    """One simulated person: connects at ``connect_at`` (``time.monotonic``), then waits a
    think time whenever its seat must act, plays a random legal action and times the round
    trip until the server's ``acted``, until it is cancelled at the end of the run. It
    counts itself served at its first state, and counts only the actions sent while the
    start line (:data:`_START`) says the run is being measured."""
    assert _START is not None
    line = _START
    decode = msgspec.json.Decoder(_Message).decode
    loop = asyncio.get_running_loop()
    me: dict[str, Any] = {"latest": None, "sent_at": None, "timer": None, "counted": False}

    await asyncio.sleep(max(0.0, connect_at - time.monotonic()))
    local: dict[str, Any] = {"local_addr": (source, 0)} if source else {}
    async with connect(ws_url, max_size=2**23, open_timeout=60, compression=None, **local) as ws:
        figures.connected += 1
        opened = time.monotonic()
        figures.opening.append(opened - connect_at)

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
            me["counted"] = 0 < line.measure.value <= time.monotonic()
            me["send"] = loop.create_task(ws.send(json.dumps(message)))
            # A send still in flight when the run ends fails on the closed connection: that
            # is the end of the run, not an error to report.
            me["send"].add_done_callback(lambda t: t.cancelled() or t.exception())

        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        try:
            async for raw in ws:
                msg = decode(raw)
                kind = msg.type
                if kind == "state":
                    if me["latest"] is None:
                        figures.first_state.append(time.monotonic() - opened)
                        with line.served.get_lock():
                            line.served.value += 1
                    me["latest"] = msg
                    if isinstance(msg.table, dict) and msg.table.get("status") == "finished":
                        break
                elif kind in ("acted", "error") and me["sent_at"] is not None:
                    if not me["counted"]:
                        pass  # sent before the measured seconds
                    elif kind == "acted":
                        figures.actions += 1
                        figures.latencies.append(time.perf_counter() - me["sent_at"])
                    else:
                        figures.errors += 1
                        figures.error_kinds[msg.code or "error"] += 1
                    me["sent_at"] = None
                latest = me["latest"]
                if latest is None or me["sent_at"] is not None or me["timer"] is not None:
                    continue
                if any(a[0] != "undo" for a in latest.actions):
                    me["timer"] = loop.call_later(rng.uniform(0, 2 * think), fire)
        finally:
            if me["timer"] is not None:
                me["timer"].cancel()


def _make_tables(
    urls: list[str], tables: int, players: int, spread: bool, mix: bool = False
) -> list[tuple[str, str, int, str | None]]:
    """Create ``tables`` tables round robin over ``urls``; returns one job per simulated
    person: (websocket URL, seat secret, seed, source address). Each table's people play
    through the URL it was created at, or, with ``mix``, through the URLs in turn (the next
    person through the next one), so that every move must reach people on other processes."""
    seats = [{"kind": "human"} for _ in range(players)]
    jobs = []
    for i in range(tables):
        base = urls[i % len(urls)]
        source = client_address(i * players) if spread else None
        made = post(base, "/api/tables", {"seats": seats, "options": {}}, None, source)
        table_id = made["table"]["id"]
        for j, token in enumerate(made["tokens"].values()):
            ws_base = (urls[(i + j) % len(urls)] if mix else base).replace("http", "ws", 1)
            n = i * players + j
            address = client_address(n) if spread else None
            jobs.append((f"{ws_base}/ws/{table_id}", token, i * 10 + j, address))
    return jobs


@dataclass
class StartLine:
    """What the run's processes share to start and measure together: ``ready`` (each
    client process says it is up), ``go`` (everybody starts), ``start`` (when, by
    ``time.monotonic``: one clock for every process on Linux), ``served`` (people who have
    their first state), ``measure`` and ``stop`` (when the measured seconds begin and end;
    0 until known)."""

    ready: Any
    go: Any
    start: Any
    served: Any
    measure: Any
    stop: Any


#: (In a client process.) The run's start line (see :func:`_at_the_start`).
_START: StartLine | None = None


def _at_the_start(line: StartLine) -> None:
    """Client process initializer: keep the start line."""
    global _START
    _START = line


def _people(jobs: list[tuple[str, str, int, str | None, float]], think: float) -> Figures:
    """(In a client process.) Say this process is ready, wait for the start, then play every
    job's seat, each connecting at its own offset from the start, until the run's end.
    Waiting for every process to be up keeps a slow start (a loaded machine takes seconds
    to start an interpreter) out of the run."""
    gc.set_threshold(20_000, 20, 20)  # the simulated players' own pauses are not the server's
    assert _START is not None, "client processes start with _at_the_start"
    line = _START
    line.ready.put(os.getpid())
    line.go.wait()

    async def main() -> Figures:
        figures = Figures(tables=0, players=0, seconds=0.0)
        tasks = [
            asyncio.create_task(
                _player(
                    url,
                    token,
                    random.Random(seed),
                    think,
                    line.start.value + offset,
                    figures,
                    address,
                )
            )
            for url, token, seed, address, offset in jobs
        ]
        while not 0 < line.stop.value <= time.monotonic():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError):
                figures.errors += 1
                figures.error_kinds[type(r).__name__] += 1
        return figures

    return asyncio.run(main())


def default_ramp(tables: int, players: int) -> float:
    """Seconds over which the simulated people connect by default: 200 a second, at least
    two seconds (1,000 tables of four people: 20 s)."""
    return max(2.0, tables * players / CONNECTS_PER_SECOND)


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU seconds used so far by the processes ``pids`` and their children
    (a server's bot workers included)."""
    import psutil

    total = 0.0
    for pid in pids:
        try:
            root = psutil.Process(pid)
            for proc in [root, *root.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    times = proc.cpu_times()
                    total += times.user + times.system
        except psutil.Error:
            continue
    return total


def _client_pids(server_pids: list[int]) -> list[int]:
    """This process's children that are not servers (nor a server's children): the client
    processes of the simulated people."""
    import psutil

    servers: set[int] = set()
    for pid in server_pids:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(pid)
            servers |= {root.pid, *(c.pid for c in root.children(recursive=True))}
    return [c.pid for c in psutil.Process().children() if c.pid not in servers]


def run(
    tables: int = 50,
    *,
    players: int = 4,
    duration: float = 30.0,
    think: float = 1.0,
    url: str | list[str] | None = None,
    processes: int = 2,
    server_pids: list[int] | None = None,
    ramp: float | None = None,
    mix: bool = False,
) -> dict[str, float]:
    """Run the benchmark against ``url`` (one or several servers of one site; default: a fresh
    local server) and summarise it. The simulated people run in ``processes`` processes of
    their own, so that the figures measure the server rather than one client's interpreter;
    the server's CPU seconds per action are measured from ``server_pids`` (the started
    server's own when ``url`` is None; absent otherwise unless given). The people connect
    one after another over ``ramp`` seconds (default :func:`default_ramp`), as a site's
    people arrive, and only what follows is measured: the figures are a busy site's steady
    state, not a reconnection storm. ``mix``: each table's people play through the URLs
    in turn rather than all through one (see :func:`_make_tables`)."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"tables must be between 1 and {MAX_TABLES}")
    if not 0 < duration <= MAX_DURATION:
        raise ValueError(f"duration must be between 0 and {MAX_DURATION} seconds")
    if not 2 <= players <= 4:
        raise ValueError("players must be 2, 3 or 4")
    if not 1 <= processes <= 64:
        raise ValueError("processes must be between 1 and 64")
    if ramp is not None and not 0 <= ramp <= MAX_DURATION:
        raise ValueError(f"ramp must be between 0 and {MAX_DURATION} seconds")
    urls = [url] if isinstance(url, str) else list(url or [])
    pids = list(server_pids or [])
    proc = None
    with tempfile.TemporaryDirectory(prefix="crisis-load-") as tmp:
        try:
            if not urls:
                port = free_port()
                database = f"sqlite:///{os.path.join(tmp, 'load.db')}"
                proc = start_server(database, port)  # a plain server, limits and all
                urls, pids = [f"http://127.0.0.1:{port}"], [proc.pid]
            urls = [u.rstrip("/") for u in urls]
            for u in urls:
                check_loopback(u)
            hosts = {socket.gethostbyname(urlparse(u).hostname or "127.0.0.1") for u in urls}
            spread = all(ipaddress.ip_address(h).version == 4 for h in hosts)
            jobs = _make_tables(urls, tables, players, spread, mix)
            if ramp is None:
                ramp = default_ramp(tables, players)
            figures = _measure(jobs, tables, players, duration, think, processes, pids, ramp)
        finally:
            if proc is not None:
                stop_server(proc)
    return figures.summary()


def _measure(
    jobs: list[tuple[str, str, int, str | None]],
    tables: int,
    players: int,
    duration: float,
    think: float,
    processes: int,
    pids: list[int],
    ramp: float,
) -> Figures:
    """Play ``jobs`` split over ``processes`` client processes, the people connecting one
    after another over ``ramp`` seconds, and measure ``duration`` seconds once they have all
    been served (or a minute, at least the ramp, has passed); the merged figures."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    step = ramp / len(jobs) if jobs else 0.0
    timed = [(*job, n * step) for n, job in enumerate(jobs)]
    shares = [timed[i::processes] for i in range(processes) if timed[i::processes]]
    context = multiprocessing.get_context("spawn")
    line = StartLine(
        ready=context.Queue(),
        go=context.Event(),
        start=context.Value("d", 0.0),
        served=context.Value("i", 0),
        measure=context.Value("d", 0.0),
        stop=context.Value("d", 0.0),
    )
    with ProcessPoolExecutor(
        len(shares), mp_context=context, initializer=_at_the_start, initargs=(line,)
    ) as pool:
        futures = [pool.submit(_people, share, think) for share in shares]
        try:
            for _ in shares:
                line.ready.get(timeout=300)  # every client process is up before the start
            line.start.value = time.monotonic() + 0.2
            line.go.set()
            # Measure once everybody has connected and been served a first state: the seconds
            # measured are a busy site's steady state, not its backlog of people arriving. How
            # long the server took past the ramp to serve them all is reported (``settle``).
            ramp_end = line.start.value + ramp
            give_up = ramp_end + max(60.0, ramp)
            while time.monotonic() < ramp_end or (
                line.served.value < len(jobs) and time.monotonic() < give_up
            ):
                time.sleep(0.05)
            served = line.served.value
            import psutil

            clients = _client_pids(pids)
            cpu_before, client_before = cpu_seconds(pids), cpu_seconds(clients)
            psutil.cpu_percent()  # starts the machine-wide count read at the end
            line.measure.value = time.monotonic()
            line.stop.value = line.measure.value + duration
            settle = line.measure.value - ramp_end
            while time.monotonic() < line.stop.value:  # the clients end on their own
                time.sleep(0.05)
            busy = psutil.cpu_percent()
            client_cpu = cpu_seconds(clients) - client_before
            cpu = cpu_seconds(pids) - cpu_before if pids else None
            parts = [f.result() for f in futures]
        finally:
            # Whatever failed here (a client process too slow to start, psutil missing),
            # the client processes must not wait for ever for a start or an end: the pool
            # waits for them on the way out.
            if line.stop.value == 0:
                line.stop.value = time.monotonic()
            line.go.set()
    figures = Figures(
        tables=tables, players=players, seconds=duration, ramp=ramp, served=served, settle=settle
    )
    for part in parts:
        figures.connected += part.connected
        figures.actions += part.actions
        figures.errors += part.errors
        figures.error_kinds.update(part.error_kinds)
        figures.latencies += part.latencies
        figures.opening += part.opening
        figures.first_state += part.first_state
    figures.processes = len(shares)
    figures.server_cpu = cpu
    figures.client_cpu = client_cpu
    figures.machine_busy = busy
    return figures
