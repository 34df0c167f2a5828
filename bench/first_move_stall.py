"""How long a fresh server's event loop stalls when its first bot moves, and how long it takes
to be up: for each source tree given, a ``python -m crisis.server`` child on a temporary
SQLite file is started (timed until it answers), a person's table is opened and pinged over
its websocket every 100 ms (well under its messages' rate limit), and a table of bots only
is created; the longest ping round trip in the next few seconds is the loop's stall while
the bots' worker processes were started (before they were started ahead of serving, the
first bot move started the fork server, which imports the bots, on the event loop).

    git worktree add --detach /tmp/base <commit>
    .venv/bin/python bench/first_move_stall.py /tmp/base/src src --rounds 3

Each round runs every tree once, in turn; the medians are printed side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from websockets.asyncio.client import connect

from crisis.devtools.loadtest import free_port, post, stop_server, wait_until_up


async def _pings(url: str, token: str, seconds: float, start_bots: Callable[[], None]) -> float:
    """The longest ping round trip over ``seconds``, the bots' table made after the first."""
    worst = 0.0
    async with connect(url, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        end = time.monotonic() + seconds
        first = True
        while time.monotonic() < end:
            sent = time.monotonic()
            await ws.send(json.dumps({"type": "ping"}))
            while (kind := json.loads(await ws.recv())["type"]) != "pong":
                if kind == "error":
                    raise RuntimeError("the server refused a ping")
            worst = max(worst, time.monotonic() - sent)
            if first:
                await asyncio.to_thread(start_bots)
                first = False
            await asyncio.sleep(0.1)
    return worst


def one_run(src: str, seconds: float) -> tuple[float, float]:
    """Seconds until a fresh server answers, and its loop's longest stall (s)."""
    env = {**os.environ, "PYTHONPATH": src}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "crisis.server", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--database", f"sqlite:///{tmp}/site.db", "--bot-delay", "0"]
        started = time.monotonic()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_up(base, proc)
            up = time.monotonic() - started
            seats = [{"kind": "human"}, {"kind": "human"}]
            made = post(base, "/api/tables", {"seats": seats, "options": {}}, None, "127.0.3.1")
            table, token = made["table"]["id"], made["tokens"]["green"]
            bots = [{"kind": "bot", "bot": "random"}] * 2

            def start_bots() -> None:
                post(base, "/api/tables", {"seats": bots, "options": {}}, None, "127.0.3.2")

            url = f"ws://127.0.0.1:{port}/ws/{table}"
            stall = asyncio.run(_pings(url, token, seconds, start_bots))
        finally:
            stop_server(proc)
    return up, stall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src", nargs="+", help="source trees (a checkout's src)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0, help="pinging after the bots")
    args = parser.parse_args()
    ups: dict[str, list[float]] = {s: [] for s in args.src}
    stalls: dict[str, list[float]] = {s: [] for s in args.src}
    for _ in range(args.rounds):
        for src in args.src:
            up, stall = one_run(src, args.seconds)
            ups[src].append(up)
            stalls[src].append(stall)
    print(f"{'tree':40} {'up (s)':>8} {'longest ping (ms)':>18}")
    for src in args.src:
        up = statistics.median(ups[src])
        stall = 1000 * statistics.median(stalls[src])
        print(f"{src:40} {up:8.2f} {stall:18.0f}")


if __name__ == "__main__":
    main()
