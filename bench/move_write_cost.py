"""What a move's write to PostgreSQL costs the server process: CPU and wall microseconds per
move through :class:`crisis.server.store.moves.Moves` (the event loop's writer), on a throwaway
database of the server given.

    .venv/bin/python bench/move_write_cost.py --database postgresql+psycopg://127.0.0.1/postgres

It makes a database of its own beside the one named (dropped at the end), a table with a
state of realistic size (a Time of Crisis game's, about 5 KB), and writes ``--moves`` moves
one after another, then ``--concurrent`` tables' moves at once, as a busy process does. The
CPU is this process's; where the database server runs on this machine, the CPU of its
processes (``postgres``, all databases) over the same moves is printed beside it. Run it with
``PYTHONPATH`` pointing at another tree's ``src`` to compare with that tree's writer (the
script uses only ``Store``, ``Move`` and ``Moves.record_action``).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psutil
import sqlalchemy as sa
import uvloop
from sqlalchemy.engine import make_url

from crisis.games import get_title
from crisis.server.store.moves import Moves
from crisis.server.store.repository import GameRow, Move, SeatRow, Store

ROLES = ("red", "blue", "green", "yellow")


@contextmanager
def scratch(url: str) -> Iterator[str]:
    """A new database on the server of ``url``; its URL, dropped afterwards."""
    name = f"movecost_{secrets.token_hex(4)}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.execute(sa.text(f"CREATE DATABASE {name}"))
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def state_text() -> str:
    """A Time of Crisis state at its start, 4 players: what a move writes each time."""
    title = get_title("time_of_crisis")
    return title.rules.to_json(title.rules.setup(1, {"players": 4})).decode()


def new_table(store: Store, game: str, state: str) -> None:
    row = GameRow(
        id=game,
        title="time_of_crisis",
        seed=1,
        options={"players": 4},
        status="playing",
        version=0,
        state=state,
        active=["red"],
        seats=[SeatRow(role=r, kind="human", name=r) for r in ROLES],
    )
    store.create_game(row)


def database_cpu() -> float:
    """CPU seconds used so far by this machine's PostgreSQL processes (0 where none runs
    here); those that exit meanwhile are not counted, so the pool stays open throughout."""
    total = 0.0
    for proc in psutil.process_iter(["name", "cpu_times"]):
        if proc.info["name"] == "postgres" and proc.info["cpu_times"] is not None:
            total += proc.info["cpu_times"].user + proc.info["cpu_times"].system
    return total


def move(game: str, i: int, state: str) -> Move:
    """Move ``i`` of ``game``: a seat passes, the next seat is to move."""
    role, following = ROLES[i % 4], ROLES[(i + 1) % 4]
    return Move(game, i, role, ["pass", None], version=i + 1, state=state, active=[following],
                prior=i, bots=False)  # fmt: skip


async def one_after_another(
    moves: Moves, game: str, state: str, n: int, start: int = 0
) -> tuple[float, float]:
    """CPU and wall microseconds per move, ``n`` moves of one table in turn from its version
    ``start``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(start, start + n):
        await moves.record_action(move(game, i, state))
    return (time.process_time() - cpu) / n * 1e6, (time.perf_counter() - wall) / n * 1e6


async def at_once(moves: Moves, games: list[str], state: str, rounds: int) -> tuple[float, float]:
    """CPU and wall microseconds per move, every table of ``games`` moving at once."""
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(rounds):
        await asyncio.gather(*(moves.record_action(move(g, i, state)) for g in games))
    n = rounds * len(games)
    return (time.process_time() - cpu) / n * 1e6, (time.perf_counter() - wall) / n * 1e6


async def measure(url: str, n: int, concurrent: int) -> None:
    store = Store(url)
    state = state_text()
    games = [f"t{i}" for i in range(concurrent + 1)]
    for game in games:
        new_table(store, game, state)
    moves = Moves(store)
    try:
        await one_after_another(moves, games[0], state, 50)  # warm: pool, prepared statements
        server = database_cpu()
        cpu, wall = await one_after_another(moves, games[0], state, n, start=50)
        server = (database_cpu() - server) / n * 1e6
        print(
            f"one table, {n} moves in turn: {cpu:.0f} us CPU, {wall:.0f} us wall per move;"
            f" the database's processes {server:.0f} us CPU"
        )
        rounds = max(1, n // concurrent)
        server = database_cpu()
        cpu, wall = await at_once(moves, games[1:], state, rounds)
        server = (database_cpu() - server) / (rounds * concurrent) * 1e6
        print(
            f"{concurrent} tables at once: {cpu:.0f} us CPU, {wall:.0f} us wall per move;"
            f" the database's processes {server:.0f} us CPU"
        )
    finally:
        await moves.close()
        store.engine.dispose()
    print(f"state written: {len(state)} characters")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="postgresql+psycopg://127.0.0.1/postgres")
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--concurrent", type=int, default=20)
    args = parser.parse_args()
    with scratch(args.database) as url:
        uvloop.run(measure(url, args.moves, args.concurrent))  # the server's own loop


if __name__ == "__main__":
    main()
