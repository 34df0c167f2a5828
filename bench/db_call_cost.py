"""What one call through the server's database threads costs on PostgreSQL, with the pooled
connection checked at every use (SQLAlchemy's ``pool_pre_ping``, before the idle check)
and checked only after it sat idle (``store.IDLE_CHECK_SECONDS``, now), alternated in one
run on a throwaway database beside the one named.

    .venv/bin/python bench/db_call_cost.py --database postgresql+psycopg://127.0.0.1/postgres

Each call is ``Store.load_game`` through ``Hall.db``; it prints this process's CPU, the wall
time and the database server's own CPU (where it runs on this machine) per call.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from move_write_cost import database_cpu, new_table, scratch, state_text

from crisis.server.play.hall import Hall
from crisis.server.store import repository as store_module
from crisis.server.store.repository import Store


async def cost(store: Store, calls: int) -> tuple[float, float, float]:
    """Microseconds per call: this process's CPU, wall, the database's CPU."""
    hall = Hall(store)
    try:
        for _ in range(50):  # warm
            await hall.db(store.load_game, "t0")
        server, cpu, wall = database_cpu(), time.process_time(), time.perf_counter()
        for _ in range(calls):
            await hall.db(store.load_game, "t0")
        return (
            (time.process_time() - cpu) / calls * 1e6,
            (time.perf_counter() - wall) / calls * 1e6,
            (database_cpu() - server) / calls * 1e6,
        )
    finally:
        await hall.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="postgresql+psycopg://127.0.0.1/postgres")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=2)
    args = parser.parse_args()
    with scratch(args.database) as url:
        store = Store(url)
        new_table(store, "t0", state_text())
        idle = store_module.IDLE_CHECK_SECONDS
        try:
            for _ in range(args.reps):
                for every_use in (True, False):
                    store.engine.pool._pre_ping = every_use  # what pool_pre_ping=True sets
                    store_module.IDLE_CHECK_SECONDS = float("inf") if every_use else idle
                    cpu, wall, server = asyncio.run(cost(store, args.calls))
                    how = "checked at every use " if every_use else "checked after idling"
                    print(
                        f"{how}: {cpu:.0f} us CPU, {wall:.0f} us wall,"
                        f" database {server:.0f} us CPU per call"
                    )
        finally:
            store_module.IDLE_CHECK_SECONDS = idle
            store.close()


if __name__ == "__main__":
    main()
