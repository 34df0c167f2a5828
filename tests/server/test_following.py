"""Following another process's changes (crisis.server.play.following): a table in memory stays the
one its sockets watch and stays up to date, however the other process's notices fall between
this one's awaits. Two halls on one database stand for two processes; a notice is handed to
the follower as its listener would hand it (the notices' own path, PostgreSQL NOTIFY, is
tested in tests/server/test_site.py).

Both races below stalled tables in a load test whose people of a table were on two
processes: the person to move never saw the move before theirs."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from crisis.server.play.hall import Hall, SeatSpec
from crisis.server.play.table import Live
from crisis.server.store.repository import Store


class Seen:
    """A watcher that keeps the last message it was sent."""

    def __init__(self, role: str) -> None:
        self.roles = {role}
        self.look: str | None = role
        self.latest = b""

    def deliver(self, payload: bytes, *, replaceable: bool) -> None:
        self.latest = payload


@asynccontextmanager
async def two_halls(where: Path) -> AsyncIterator[tuple[Hall, Hall, Live]]:
    """Two halls on one SQLite file (the mover, the follower) and a table the mover made."""
    url = f"sqlite:///{where / 'site.db'}"
    mover, follower = Hall(Store(url), bot_delay=0.0), Hall(Store(url), bot_delay=0.0)
    try:
        live, _ = await mover.create([SeatSpec(), SeatSpec()], {}, seed=5)
        yield mover, follower, live
    finally:
        for hall in (mover, follower):
            await hall.close()
            hall.store.close()


async def move(mover: Hall, live: Live) -> dict[str, object]:
    """A random legal move through ``mover``; the notice its write announces."""
    role = live.match.active()[0]
    legal = [a for a in live.match.actions(role) if a.verb != "undo"]
    action = random.Random(live.version).choice(legal).to_json()
    await mover.act(live, role, action, live.version, {role})
    n = len(live.match.log) - 1
    return {"k": "act", "t": live.id, "v": live.version, "a": [n, role, *action], "at": 0}


def count_catch_ups(hall: Hall) -> list[str]:
    """The tables ``hall`` catches up from the database from now on (their ids, in order)."""
    trips: list[str] = []
    catch_up = hall.following.catch_up

    async def counted(table: Live) -> None:
        trips.append(table.id)
        await catch_up(table)

    hall.following.catch_up = counted  # type: ignore[method-assign]
    return trips


def assert_as_stored(hall: Hall, live: Live) -> None:
    """``live`` in memory is the table as the database holds it: version, state and log."""
    stored = hall.store.load_game(live.id)
    assert stored is not None and live.version == stored.version
    assert live.match.to_json().decode() == stored.state
    assert [list(e) for e in hall.store.load_log(live.id)] == [
        [r, *a.to_json()] for r, a in live.match.log
    ]


def test_a_table_a_socket_is_joining_is_kept_and_followed(tmp_path: Path) -> None:
    asyncio.run(_joining(tmp_path))


async def _joining(tmp_path: Path) -> None:
    async with two_halls(tmp_path) as (mover, follower, made):
        live = await follower.get(made.id)
        follower.arrive(made.id)  # a socket holds it, on its way to watching
        follower.following.heard(await move(mover, made))
        assert follower.tables.get(made.id) is live  # kept, not dropped for want of watchers
        assert live.version == made.version  # and the move applied to it

        watcher = Seen(made.match.active()[0])
        follower.watch(live, watcher)
        follower.arrived(made.id)
        follower.following.heard(await move(mover, made))
        assert live.version == made.version and b'"version":%d' % made.version in watcher.latest

        # Once nobody watches or is about to, a notice drops it: it loads afresh when asked.
        follower.unwatch(live, watcher)
        follower.following.heard(await move(mover, made))
        assert made.id not in follower.tables
        assert (await follower.get(made.id)).version == made.version


def test_a_change_heard_while_the_table_loads_is_caught_up(tmp_path: Path) -> None:
    asyncio.run(_loading(tmp_path))


async def _loading(tmp_path: Path) -> None:
    async with two_halls(tmp_path) as (mover, follower, made):
        # Hold the follower's database thread, so that its load runs when let go and its
        # answer waits for the event loop, which this test holds meanwhile.
        gate = threading.Event()
        blocker = asyncio.get_running_loop().run_in_executor(follower._db, gate.wait)
        loading = asyncio.create_task(follower.get(made.id))
        await asyncio.sleep(0.05)  # the load is queued behind the gate
        gate.set()
        await blocker
        time.sleep(0.3)  # the load reads the table (at its version now) in the database thread
        # Meanwhile another process moves and says so, before the load's answer is taken in.
        notice = await move(mover, made)
        follower.following.heard(notice)
        live = await loading
        for _ in range(100):  # the follower catches up from the database in the background
            if live.version == made.version:
                break
            await asyncio.sleep(0.02)
        assert live.version == made.version
        assert live.match.to_json() == made.match.to_json()


def test_moves_heard_while_a_table_is_busy_follow_once_it_is_free(tmp_path: Path) -> None:
    asyncio.run(_busy(tmp_path))


async def _busy(tmp_path: Path) -> None:
    async with two_halls(tmp_path) as (mover, follower, made):
        live = await follower.get(made.id)
        watcher = Seen(made.match.active()[0])
        follower.watch(live, watcher)
        trips = count_catch_ups(follower)
        async with live.lock:  # a move of the follower's own is being written meanwhile
            notices = [await move(mover, made) for _ in range(3)]
            for notice in reversed(notices):  # heard in any order
                follower.following.heard(notice)
            assert live.version == made.version - 3  # nothing applied while busy
        for _ in range(100):
            if live.version == made.version:
                break
            await asyncio.sleep(0.01)
        assert live.version == made.version and live.match.to_json() == made.match.to_json()
        assert trips == []  # applied from the notices, no trip to the database
        assert b'"version":%d' % made.version in watcher.latest

        # A gap (a notice lost) still sends the table to the database.
        await move(mover, made)
        async with live.lock:
            follower.following.heard(await move(mover, made))
        for _ in range(100):
            if live.version == made.version:
                break
            await asyncio.sleep(0.01)
        assert live.version == made.version and trips == [made.id]


def test_the_chat_a_hello_sends_is_held_and_follows_both_processes(tmp_path: Path) -> None:
    """Every hello sends the table's recent chat: it is read once, then held with the table
    and added to by this process's messages and the other processes' notices; a gap in
    listening drops it, and a read that raced a new message is not kept."""
    asyncio.run(_chat(tmp_path))


async def _chat(tmp_path: Path) -> None:
    from crisis.server import limits

    async with two_halls(tmp_path) as (mover, follower, made):
        live = await follower.get(made.id)
        red, other = made.row.seats[0].role, made.row.seats[1].role
        follower.watch(live, Seen(other))  # someone here watches: it stays in memory
        assert await follower.chat_history(live) == [] and live.chat == []  # read, held

        said = await mover.chat(made, red, "from the other process", {red})
        follower.following.heard({"t": made.id, "k": "chat", "e": said})  # as its listener hands it
        await follower.chat(live, other, "from this one", {other})
        held = await follower.chat_history(live)
        assert [e["text"] for e in held] == ["from the other process", "from this one"]
        assert held == follower.store.load_chat(made.id, limits.CHAT_HISTORY)

        await mover.chat(made, red, "never heard", {red})
        await follower.following.missed()  # listening had a gap: what it held may lack a message
        assert [e["text"] for e in await follower.chat_history(live)][-1] == "never heard"

        # A read under way when a message comes is returned, not kept (it may predate it).
        live.chat = None
        release = threading.Event()
        follower._db.submit(release.wait, 10)  # the database thread busy: the read waits
        reading = asyncio.ensure_future(follower.chat_history(live))
        await asyncio.sleep(0.05)
        late = await mover.chat(made, red, "while reading", {red})
        follower.following.heard({"t": made.id, "k": "chat", "e": late})
        release.set()
        await reading
        assert live.chat is None
        assert [e["text"] for e in await follower.chat_history(live)][-1] == "while reading"


def test_a_move_that_loses_a_race_is_taken_back_not_reloaded(tmp_path: Path) -> None:
    """A process whose write finds that another wrote first takes its own move back in
    memory and catches up from the log's tail: no rebuilding the whole match from the
    database (which replays the game from its start: most of a process's work when a
    table's people are on two processes)."""
    asyncio.run(_race(tmp_path))


async def _race(tmp_path: Path) -> None:
    from crisis.server.errors import TableError

    async with two_halls(tmp_path) as (mover, follower, made):
        live = await follower.get(made.id)
        follower.watch(live, Seen(made.match.active()[0]))
        loads: list[str] = []
        load = follower.load

        def counted(game_id: str) -> object:
            loads.append(game_id)
            return load(game_id)

        follower.load = counted  # type: ignore[assignment, method-assign]
        for _ in range(3):
            await move(mover, made)  # the follower has not heard of these yet
            role = live.match.active()[0]
            legal = [a for a in live.match.actions(role) if a.verb != "undo"]
            # Refused once caught up (stale, or no longer legal), or taken on the retry.
            with contextlib.suppress(TableError):
                await follower.act(live, role, legal[0].to_json(), live.version, {role})
            assert_as_stored(follower, live)
            if made.version < live.version:  # the follower's retry went through: catch up
                await mover.get(made.id)
                made = mover.tables[made.id]
                async with made.lock:
                    await mover.following.catch_up(made)
        assert loads == []


def test_a_lost_race_whose_winner_was_heard_meanwhile_needs_no_database_read(
    tmp_path: Path,
) -> None:
    """When the other process's notice of the winning move arrives while this process's own
    write is on its way, the table follows from that notice once its move is taken back:
    no trip to the database at all."""
    asyncio.run(_heard_race(tmp_path))


async def _heard_race(tmp_path: Path) -> None:
    from crisis.server.errors import TableError

    async with two_halls(tmp_path) as (mover, follower, made):
        live = await follower.get(made.id)
        follower.watch(live, Seen(made.match.active()[0]))
        trips = count_catch_ups(follower)
        write = follower.write_action

        async def racing(move_: Any, then: Any = None) -> Any:
            follower.following.heard(await move(mover, made))  # the winner, heard during the write
            return await write(move_, then)

        follower.write_action = racing  # type: ignore[method-assign]
        role = live.match.active()[0]
        legal = [a for a in live.match.actions(role) if a.verb != "undo"]
        with contextlib.suppress(TableError):  # stale once it follows, or taken on a retry
            await follower.act(live, role, legal[-1].to_json(), live.version, {role})
        follower.write_action = write  # type: ignore[method-assign]
        assert_as_stored(follower, live)
        assert trips == []


def test_a_seat_taken_elsewhere_is_told_without_a_database_read(tmp_path: Path) -> None:
    """A person taking and naming their seat through one process reaches the other's
    watchers from the notice alone (each join used to send the table back to the
    database); a notice it cannot read still catches the table up."""
    asyncio.run(_seat_taken(tmp_path))


async def _seat_taken(tmp_path: Path) -> None:
    async with two_halls(tmp_path) as (mover, follower, made):
        sent: list[dict[str, Any]] = []
        notify = mover.store.notify

        def kept(db: Any, notice: dict[str, Any]) -> None:
            sent.append(dict(notice))
            notify(db, notice)

        mover.store.notify = kept  # type: ignore[method-assign]
        live = await follower.get(made.id)
        role = made.match.roles()[0]
        watcher = Seen(role)
        follower.watch(live, watcher)
        trips = count_catch_ups(follower)
        assert await mover.join(made, role, {role}, name="Aurelia")
        (notice,) = sent
        assert notice["k"] == "seat" and notice["s"] == {"joined": 1, "name": "Aurelia"}
        follower.following.heard({**notice, "t": made.id})
        assert trips == []
        stored = follower.store.load_game(made.id)
        assert stored is not None
        assert live.seat(role).joined and live.seat(role).name == "Aurelia"
        assert [(s.role, s.joined, s.name) for s in live.row.seats] == [
            (s.role, s.joined, s.name) for s in stored.seats
        ]
        assert b"Aurelia" in watcher.latest

        follower.following.heard({"k": "seat", "t": made.id, "r": role, "s": {"kind": "bot"}})
        await asyncio.sleep(0.2)
        assert trips == [made.id]  # not a seat's news: the table is read back instead
