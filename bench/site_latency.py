"""How long a move made through one server process takes to reach a watcher connected to
another process of the same site (PostgreSQL NOTIFY, then the other process applies it and
sends it), beside the time the mover's own process takes to show it to a watcher of its own.

    python bench/site_latency.py --database postgresql+psycopg://127.0.0.1:5432/crisis_bench \
        --moves 200

Starts two ``python -m crisis.server`` processes on the database (which should be an empty
one made for this), makes a table of two people through the first, plays random moves over a
websocket to the first and prints, per move, the time from sending it to the state reaching
a spectator on each process (p50, p95, max).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from websockets.sync.client import ClientConnection, connect

from crisis.devtools.loadtest import free_port, post, start_server, stop_server


def _socket(base: str, table: str, tokens: list[str]) -> ClientConnection:
    ws = connect(base.replace("http", "ws", 1) + f"/ws/{table}", open_timeout=10, legacy=True)
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    json.loads(ws.recv(10))  # welcome
    return ws


def _state(ws: ClientConnection, after: int) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(10))
        if msg["type"] == "state" and msg["version"] > after:
            return msg


def _figures(name: str, seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"{name}: p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--database", required=True, help="an empty PostgreSQL database's URL")
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    ports = [free_port(), free_port()]
    procs = [start_server(args.database, p, "--bot-workers", "1") for p in ports]
    try:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        rng = random.Random(1)
        local: list[float] = []
        remote: list[float] = []
        made = 0
        while len(remote) < args.moves:
            table = post(a, "/api/tables", {"seats": [{"kind": "human"}] * 2})
            made += 1
            tokens = list(table["tokens"].values())
            table_id = table["table"]["id"]
            player = _socket(a, table_id, tokens)
            here, there = _socket(a, table_id, []), _socket(b, table_id, [])
            now = _state(player, -1)
            _state(here, -1), _state(there, -1)
            while len(remote) < args.moves and now["table"]["status"] == "playing":
                legal = [x for x in now["actions"] if x[0] != "undo"]
                if not legal:  # the other seat is to move: look as it
                    active = now["view"]["active"]
                    time.sleep(0.12)
                    player.send(json.dumps({"type": "look", "role": active[0]}))
                    now = _state(player, now["version"] - 1)
                    continue
                time.sleep(0.12)  # within a connection's message rate (a flood is refused)
                act = {"action": rng.choice(legal), "role": now["role"]}
                sent = time.perf_counter()
                player.send(json.dumps({"type": "act", "version": now["version"], **act}))
                _state(here, now["version"])
                local.append(time.perf_counter() - sent)
                _state(there, now["version"])
                remote.append(time.perf_counter() - sent)
                now = _state(player, now["version"])
            for ws in (player, here, there):
                ws.close()
        print(f"{len(remote)} moves at {made} tables")
        print(_figures("watcher on the mover's process", local))
        print(_figures("watcher on the other process  ", remote))
    finally:
        for proc in procs:
            stop_server(proc)


if __name__ == "__main__":
    main()
