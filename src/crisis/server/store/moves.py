"""A move's write to PostgreSQL from the event loop itself (psycopg's asyncio connections,
pooled by psycopg_pool), for the hottest write of a site on a database server.

From the database threads, a move's write spent most of its time waiting for the
interpreter's lock: each time the driver lets it go for the network, the thread must win it
back from the busy event loop, a wait of up to the interpreter's switch interval (5 ms) each
time. Under load the moves queued for the threads: at 200 tables on one process the write
took 6.7 ms at the median for well under one of the database's own, and the move's round
trip reached a p95 of 0.9-1.2 s (docs/measurements/load.md). On the loop the wait for the network is
the loop's own (it serves everyone else meanwhile) and nothing is handed between threads.

The statement is :meth:`~crisis.server.store.repository.Store.move_statement`'s, the same one the
threads run (the state, the log entry and the notice, or nothing when the table moved on),
sent on a connection in autocommit: one round trip. A move that begins a turn for an
account's seat records it in the same transaction (as
:meth:`~crisis.server.store.repository.Store.record_action` does): three more.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import ARRAY, String, any_, bindparam

from crisis.server.store.repository import Conflict, Connection, Move, Store, Written, turn_write
from crisis.server.store.schema import seats

#: Connections kept for moves (a move holds one for one round trip).
POOL_SIZE = 4


class Moves:
    """Writes moves for one :class:`~crisis.server.store.repository.Store` on PostgreSQL, from the
    event loop; the pool opens at the first move and closes with :meth:`close`."""

    def __init__(self, store: Store, size: int = POOL_SIZE) -> None:
        self.store = store
        url = store.engine.url.set(drivername="postgresql")
        self._pool = AsyncConnectionPool(
            url.render_as_string(hide_password=False),
            min_size=1,
            max_size=size,
            open=False,
            kwargs={"autocommit": True},
        )
        self._opening: asyncio.Future[None] | None = None
        # The roles as one array parameter (psycopg binds a list to it).
        roles = seats.c.role == any_(bindparam("roles", type_=ARRAY(String)))
        write = turn_write(bindparam("game"), roles, bindparam("version"))
        self._turn_sql = str(write.compile(dialect=store.engine.dialect))

    async def record_action(self, move: Move) -> Written:
        """:meth:`crisis.server.store.repository.Store.record_action`, awaited on
        the loop: the same write, the same :class:`Conflict` (nothing written) when the
        table is no longer at version ``move.prior``."""
        sql, params, now = self.store.move_statement(move)
        if self._opening is None:  # the first move opens the pool; the others wait for it
            self._opening = asyncio.ensure_future(self._pool.open())
        await asyncio.shield(self._opening)
        try:
            async with self._pool.connection() as conn:
                return await self._write(conn, move, sql, params, now)
        except psycopg.OperationalError:
            # A connection that died while it waited in the pool (the database server
            # restarted, or dropped it). Connections are not checked each time they are taken:
            # that check was a second round trip per move, a tenth of a process's work at
            # 200 tables. The pool drops the dead ones it holds, and the move goes
            # once more. Had the first try been written after all, the second finds the table
            # moved on (Conflict) and the table catches up with it.
            await self._pool.check()
            async with self._pool.connection() as conn:
                return await self._write(conn, move, sql, params, now)

    async def _write(
        self,
        conn: AsyncConnection[Any],
        move: Move,
        sql: str,
        params: dict[str, Any],
        now: int,
    ) -> Written:
        """:meth:`record_action` on ``conn``."""
        game_id, prior, began = move.game, move.prior, move.began
        if not began:
            row = await _first(conn, sql, params)
            if row is None:
                raise Conflict(f"table {game_id} is no longer at version {prior}")
            return Written(row[0], now)
        async with conn.transaction():
            row = await _first(conn, sql, params)
            if row is None:
                raise Conflict(f"table {game_id} is no longer at version {prior}")
            turns = {"game": game_id, "roles": list(began), "version": move.version}
            done = await conn.execute(self._turn_sql, turns)
        return Written(row[0], now, done.rowcount)

    async def close(self) -> None:
        """Close the pool's connections."""
        if self._opening is not None:
            await self._pool.close()


async def _first(conn: AsyncConnection[Any], sql: str, params: dict[str, Any]) -> Any:
    """The first row of ``sql`` run with ``params``, or None."""
    cursor = await conn.execute(sql, params)
    return await cursor.fetchone()


class MoveWriter:
    """The one way a table's move is written, whatever the database: the same write
    (:meth:`~crisis.server.store.repository.Store.record_action`: the log entry, the state,
    the turns it begins and the notice to the other processes, or :class:`Conflict` and
    nothing when the table moved on), run where it costs the event loop least.

    - On PostgreSQL it is awaited on the loop over connections of its own (:class:`Moves`).
    - On SQLite it runs on the loop itself: a few statements on a local file that never
      waits for the disk (the log is written ahead and synced at checkpoints, which run in a
      thread of their own), a fraction of a millisecond. Handed to a thread, that work had to
      win the interpreter's lock back from the busy loop at each statement, a wait of up to
      the switch interval each time: under load the moves queued for the one database thread
      for hundreds of milliseconds (docs/measurements/load.md).
    - A write with ``then`` (a rated game's end: its ratings read and written in the same
      transaction) and any other database run in the database threads (``run``).
    """

    def __init__(self, store: Store, run: Callable[..., Awaitable[Any]]) -> None:
        self.store = store
        self.run = run
        self._pooled = Moves(store) if store.shared else None
        self._here = store.engine.dialect.name == "sqlite"

    async def record(self, move: Move, then: Callable[[Connection], Any] | None = None) -> Written:
        """Write ``move`` (and ``then`` in its transaction)."""
        if then is not None:
            written: Written = await self.run(self.store.record_action, move, then)
            return written
        if self._pooled is not None:
            return await self._pooled.record_action(move)
        if self._here:
            return self.store.record_action(move)
        written = await self.run(self.store.record_action, move)
        return written

    async def close(self) -> None:
        """Close the connections of its own (PostgreSQL)."""
        if self._pooled is not None:
            await self._pooled.close()
