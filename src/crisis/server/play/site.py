"""Several server processes as one site: who is running, what each announces, whose bots are
whose, and how many sockets each address holds across them all.

Every process of a site shares one database and keeps nothing only it knows: a table's state,
seats and the process playing its bots are rows (:mod:`crisis.server.store.repository`). What a
process
adds in memory (tables loaded, sockets open) it keeps in step through the database:

- **Beats.** Each process writes its row in ``processes`` every :data:`BEAT_EVERY` seconds.
  One silent for :data:`DEAD_AFTER` seconds is dead: any other process takes over the bots of
  its tables (the first to claim a table gets it) and its sockets stop counting.
- **Notices.** Every change of a table is announced, when its transaction commits, on
  PostgreSQL's ``LISTEN``/``NOTIFY`` channel (:data:`crisis.server.store.repository.CHANNEL`); each
  process applies what others announce to the tables it holds in memory and sends it to its
  watchers. A notice missed (the listening connection dropped) costs time, never
  correctness: a write checks the table's version in the database first.
- **Sockets.** Every open websocket is a row in ``sockets``, so that the per-address and
  per-table connection limits count the whole site.

On SQLite (one process) the same code runs, with beats in the file, no notices, and the
sockets counted in memory (one process holds them all; no write per connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, delete, func, insert, select, text, update

from crisis.server.store.repository import CHANNEL, Store
from crisis.server.store.schema import games, processes, sockets

log = logging.getLogger("crisis.server")

T = TypeVar("T")
#: Seconds between two beats of a process.
BEAT_EVERY = 2.0
#: Seconds without a beat after which a process counts as dead.
DEAD_AFTER = 8
#: Seconds a shutdown waits for the beating and listening tasks to stop.
STOP_WAIT = 5.0

#: The space of PostgreSQL advisory locks (the first of two keys) in which each process holds
#: its own lock for as long as it lives (the second key: a hash of its name).
ALIVE = 0x6C697665  # "live"

Run = Callable[..., Awaitable[Any]]


class Site:
    """This process among the site's processes: its beats, what it hears from the others and
    the sockets it holds. ``run(call, *args)`` runs a blocking database call off the event
    loop (the hall's database threads). On SQLite the sockets are counted in memory, on the
    loop itself: no trip through the database threads per connection."""

    def __init__(self, store: Store, run: Run) -> None:
        self.store = store
        self.run = run
        self.process = store.process
        self._tasks: list[asyncio.Task[None]] = []
        #: Set once the process listens for notices (at once where there are none to hear).
        self.listening = asyncio.Event()
        #: A SQLite file serves one process: its sockets are counted here, in memory (id ->
        #: address key, table, kind), not in the ``sockets`` table. None on a shared database.
        self._local: dict[str, tuple[str, str, str]] | None = None if store.shared else {}
        #: In memory too: sockets per (address key, kind) and spectators per table, so that a
        #: hello's checks do not walk every socket of the process.
        self._kinds: Counter[tuple[str, str]] = Counter()
        self._spectating: Counter[str] = Counter()

    # -- running -------------------------------------------------------------------------
    async def start(
        self,
        heard: Callable[[dict[str, Any]], None],
        orphans: Callable[[list[str]], Awaitable[None]],
        missed: Callable[[], Awaitable[None]],
    ) -> None:
        """Beat, take over the bots of dead processes' tables (``orphans`` plays them) and,
        on a shared database, pass every other process's notice to ``heard`` (after a gap in
        listening, ``missed`` brings the tables in memory up to date)."""
        if self.store.shared:
            self._tasks.append(asyncio.create_task(self._listening(heard, missed)))
            with contextlib.suppress(TimeoutError):  # a slow database: notices come later
                await asyncio.wait_for(self.listening.wait(), 10)
        else:
            self.listening.set()
        await self.run(self._beat)
        if not self.store.shared:  # a SQLite file serves one process: any other is gone
            await self.run(self._forget_others)
        self._tasks.append(asyncio.create_task(self._beating(orphans)))

    async def close(self) -> None:
        """Stop beating and listening (waiting a few seconds at most: a listening connection
        stuck on a dead database must not hold the shutdown); this process's row and sockets
        go."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, stuck = await asyncio.wait(self._tasks, timeout=STOP_WAIT)
            if stuck:
                log.warning("%d of the site's tasks did not stop in %s s", len(stuck), STOP_WAIT)
        with contextlib.suppress(Exception):
            await self.run(self._leave)

    def _beat(self) -> None:
        now = int(time.time())
        with self.store.engine.begin() as db:
            done = db.execute(
                update(processes).where(processes.c.id == self.process).values(beat=now)
            ).rowcount
            if not done:
                db.execute(insert(processes).values(id=self.process, started=now, beat=now))

    def _forget_others(self) -> None:
        with self.store.engine.begin() as db:
            db.execute(delete(sockets).where(sockets.c.process != self.process))
            db.execute(delete(processes).where(processes.c.id != self.process))

    def _leave(self) -> None:
        with self.store.engine.begin() as db:
            db.execute(delete(sockets).where(sockets.c.process == self.process))
            db.execute(delete(processes).where(processes.c.id == self.process))

    async def _beating(self, orphans: Callable[[list[str]], Awaitable[None]]) -> None:
        while True:
            try:
                await self.run(self._beat)
                claimed = await self.run(self.claim_orphans)
                if claimed:
                    log.info("took over the bots of %d tables", len(claimed))
                    await orphans(claimed)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the beat failed; trying again")
            await asyncio.sleep(BEAT_EVERY)

    def claim_orphans(self) -> list[str]:
        """Take over the bots of every table whose bot owner is not a live process (it died,
        or the table comes from before a restart); returns their ids. Dead processes' rows
        and sockets are deleted. Two processes claiming at once split the tables.

        A process is alive while it beats and, on PostgreSQL, while its listening connection
        holds its lock (:data:`ALIVE`): a process killed outright loses the lock at once, so
        its tables are taken over at the next beat, not :data:`DEAD_AFTER` seconds later."""
        alive = int(time.time()) - DEAD_AFTER
        with self.store.engine.begin() as db:
            owners = db.execute(
                select(games.c.bot_owner)
                .where(games.c.bot_owner.is_not(None), games.c.bot_owner != self.process)
                .distinct()
            ).scalars()
            living = set(
                db.execute(select(processes.c.id).where(processes.c.beat >= alive)).scalars()
            )
            dead = [o for o in owners if o not in living or self._lock_free(db, o)]
            ids = (
                list(
                    db.execute(
                        update(games)
                        .where(games.c.bot_owner.in_(dead))
                        .values(bot_owner=self.process)
                        .returning(games.c.id)
                    ).scalars()
                )
                if dead
                else []
            )
            gone = select(processes.c.id).where(processes.c.beat < alive)
            db.execute(delete(sockets).where(sockets.c.process.in_(gone)))
            db.execute(delete(processes).where(processes.c.beat < alive))
        return ids

    def _lock_free(self, db: Connection, process: str) -> bool:
        """Whether ``process``'s lock of life is free (it is dead); PostgreSQL only (taken
        for the transaction if free, so no harm done)."""
        if not self.store.shared:
            return False
        return bool(
            db.execute(
                text("SELECT pg_try_advisory_xact_lock(:space, hashtext(:process))"),
                {"space": ALIVE, "process": process},
            ).scalar_one()
        )

    async def _listening(
        self, heard: Callable[[dict[str, Any]], None], missed: Callable[[], Awaitable[None]]
    ) -> None:
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(
                        "SELECT pg_advisory_lock(%s, hashtext(%s))", (ALIVE, self.process)
                    )
                    await conn.execute(f"LISTEN {CHANNEL}")
                    first = not self.listening.is_set()
                    self.listening.set()
                    if not first:
                        await missed()
                    async for note in conn.notifies():
                        try:
                            notice = json.loads(note.payload)
                        except ValueError:
                            continue
                        if isinstance(notice, dict) and notice.get("p") != self.process:
                            heard(notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for other processes' changes failed; again in 1 s")
            await asyncio.sleep(1)

    # -- sockets ---------------------------------------------------------------------------
    def _count(self, db: Connection, *where: Any) -> int:
        alive = int(time.time()) - DEAD_AFTER
        living = select(processes.c.id).where(processes.c.beat >= alive)
        found = db.execute(
            select(func.count()).select_from(sockets).where(*where, sockets.c.process.in_(living))
        ).scalar_one()
        return int(found)

    def _lock(self, db: Connection, key: str) -> None:
        if self.store.shared:  # counts and changes of one address go one at a time
            db.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": key})

    async def open_socket(self, address: str, game: str, limit: int) -> str | None:
        """Count a new socket of ``address`` (a ``limits.client_key``) at ``game`` as waiting
        to say hello; its id, or None (nothing counted) if the address has ``limit`` such
        sockets across the site."""
        key = self.store.address_key(address)
        if self._local is None:
            found: str | None = await self.run(self._open_socket_row, key, game, limit)
            return found
        if self._kinds[(key, "pending")] >= limit:
            return None
        sid = secrets.token_hex(12)
        self._remember_socket(sid, (key, game, "pending"))
        return sid

    def _open_socket_row(self, key: str, game: str, limit: int) -> str | None:
        with self.store.engine.begin() as db:
            self._lock(db, key)
            if self._count(db, sockets.c.address == key, sockets.c.kind == "pending") >= limit:
                return None
            sid = secrets.token_hex(12)
            db.execute(
                insert(sockets).values(
                    id=sid,
                    process=self.process,
                    address=key,
                    game=game,
                    kind="pending",
                    opened=int(time.time()),
                )
            )
            return sid

    async def count_socket(self, sid: str, address: str, kind: str, limit: int | None) -> bool:
        """Count socket ``sid`` as ``kind`` (``spectator`` or ``seat``) from now on; False
        (nothing changed) if ``limit`` is given and ``address`` has that many of the kind
        across the site."""
        key = self.store.address_key(address)
        if self._local is None:
            return bool(await self.run(self._count_socket_row, sid, key, kind, limit))
        held = self._local.get(sid)
        if limit is not None:
            own = held is not None and held[0] == key and held[2] == kind
            if self._kinds[(key, kind)] - own >= limit:
                return False
        if held is not None:
            self._forget_socket(sid)
            self._remember_socket(sid, (key, held[1], kind))
        return True

    def _count_socket_row(self, sid: str, key: str, kind: str, limit: int | None) -> bool:
        with self.store.engine.begin() as db:
            if limit is not None:  # the lock only keeps the count and the update together
                self._lock(db, key)
                mine = self._count(
                    db, sockets.c.address == key, sockets.c.kind == kind, sockets.c.id != sid
                )
                if mine >= limit:
                    return False
            db.execute(update(sockets).where(sockets.c.id == sid).values(kind=kind))
            return True

    async def close_socket(self, sid: str) -> None:
        """Forget socket ``sid``."""
        if self._local is None:
            await self.run(self._close_socket_row, sid)
        else:
            self._forget_socket(sid)

    def _close_socket_row(self, sid: str) -> None:
        with self.store.engine.begin() as db:
            db.execute(delete(sockets).where(sockets.c.id == sid))

    async def spectators(self, game: str) -> int:
        """Sockets spectating ``game`` across the site."""
        if self._local is not None:
            return self._spectating[game]
        return int(await self.run(self._spectator_rows, game))

    def _spectator_rows(self, game: str) -> int:
        with self.store.engine.connect() as db:
            return self._count(db, sockets.c.game == game, sockets.c.kind == "spectator")

    def _remember_socket(self, sid: str, held: tuple[str, str, str]) -> None:
        """Count a socket of this (the only) process in memory."""
        assert self._local is not None
        self._local[sid] = held
        key, game, kind = held
        self._kinds[(key, kind)] += 1
        if kind == "spectator":
            self._spectating[game] += 1

    def _forget_socket(self, sid: str) -> None:
        assert self._local is not None
        held = self._local.pop(sid, None)
        if held is None:
            return
        key, game, kind = held
        self._kinds[(key, kind)] -= 1
        if not self._kinds[(key, kind)]:
            del self._kinds[(key, kind)]
        if kind == "spectator":
            self._spectating[game] -= 1
            if not self._spectating[game]:
                del self._spectating[game]
