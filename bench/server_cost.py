"""The server's own work per action, without a network: CPU milliseconds per move.

``crisis loadtest`` measures the whole round trip through real sockets, and on a small
machine the simulated people and the server share the cores, so its figures move by tens of
percent from run to run. This script drives the same code a move goes through (the hall's
``act``: the checks, the rules, the database write in its thread, and the ``state`` message
built for each of the table's four watchers), in one process, with no sockets: what it
prints is the server's work per action and nothing else, steady enough to compare two
versions side by side:

    PYTHONPATH=src .venv/bin/python bench/server_cost.py --tables 50 --actions 4000
    PYTHONPATH=/tmp/base/src .venv/bin/python bench/server_cost.py ...   # an older tree

Every table seats four people of Time of Crisis (``--title`` for another), each watched by
a connection looking as that seat; moves are random legal ones (never ``undo``), played
round robin over the tables, each at the version its table is at.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from crisis.server.play.hall import Hall, SeatSpec
from crisis.server.store.repository import Store


class Watcher:
    """A connection that keeps only the latest message it was given."""

    def __init__(self, role: str) -> None:
        self.roles = {role}
        self.look: str | None = role
        self.latest: bytes = b""
        self.sent = 0

    def deliver(self, payload: bytes, *, replaceable: bool) -> None:
        """Keep ``payload`` as what would be sent."""
        self.latest = payload
        self.sent += len(payload)


async def _done(result: Any) -> Any:
    """``result``, awaited if it must be: older trees' hall created and acted synchronously,
    and this script measures them too (side by side with the current one)."""
    return await result if inspect.isawaitable(result) else result


async def measure(
    database: str, title: str, tables: int, actions: int, seed: int
) -> dict[str, Any]:
    """Play ``actions`` random moves over ``tables`` tables; the CPU and wall time they took."""
    store = Store(database)
    hall = Hall(store, bot_delay=0.0)
    hall.tables_per_minute = 10**6
    rng = random.Random(seed)
    lives = []
    for i in range(tables):
        live, _ = await _done(
            hall.create([SeatSpec() for _ in range(4)], {}, title=title, seed=seed + i)
        )
        watchers = [Watcher(role) for role in live.match.roles()]
        for w in watchers:
            hall.watch(live, w)
        lives.append((live, watchers))
    gc.collect()
    done = finished = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while done < actions and lives:
        for entry in list(lives):
            live, watchers = entry
            if live.finished:
                lives.remove(entry)
                finished += 1
                continue
            role = live.match.active()[0]
            legal = [a for a in live.match.actions(role) if a.verb != "undo"]
            action = rng.choice(legal).to_json()
            await _done(hall.act(live, role, action, live.version, {role}))
            done += 1
            if done >= actions:
                break
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    sent = sum(w.sent for _, ws in lives for w in ws)
    await hall.close()
    store.close()
    return {
        "actions": done,
        "finished games": finished,
        "cpu ms per action": 1000 * cpu / max(done, 1),
        "wall ms per action": 1000 * wall / max(done, 1),
        "kB sent per action (tables still playing)": sent / 1000 / max(done, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--title", default="time_of_crisis")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="a database URL (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'cost.sqlite'}"
        figures = asyncio.run(measure(database, args.title, args.tables, args.actions, args.seed))
    for name, value in figures.items():
        print(
            f"{name:45s} {value:10.3f}" if isinstance(value, float) else f"{name:45s} {value:10d}"
        )


if __name__ == "__main__":
    main()
