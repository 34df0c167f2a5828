"""A move's write (``Store.record_action``), on both databases: the state, the log entry and,
on PostgreSQL, the notice to the site's other processes go together, in one statement there,
or not at all when the table has moved on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import select
from sqlalchemy.engine import make_url

from crisis.server.store.moves import Moves
from crisis.server.store.repository import CHANNEL, Conflict, GameRow, Move, SeatRow, Store
from crisis.server.store.schema import seats
from tests.databases import BACKENDS, Database, end_connections, fresh_database


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    with fresh_database(request.param, tmp_path) as found:
        yield found


def _listener(url: str) -> psycopg.Connection[tuple[object, ...]]:
    """A plain PostgreSQL connection listening on the site's channel."""
    parts = make_url(url).set(drivername="postgresql")
    conn = psycopg.connect(parts.render_as_string(hide_password=False), autocommit=True)
    conn.execute(f"LISTEN {CHANNEL}")
    return conn


def _new_game(store: Store) -> None:
    row = GameRow(
        id="g1",
        title="time_of_crisis",
        seed=1,
        options={"players": 2},
        status="playing",
        version=0,
        state='{"s":0}',
        active=["red"],
        seats=[SeatRow(role=r, kind="human", name=r) for r in ("red", "blue")],
    )
    store.create_game(row)


def test_a_move_writes_its_state_entry_and_notice_together(db: Database) -> None:
    store = Store(db.url)
    _new_game(store)
    listener = _listener(db.url) if db.backend == "postgresql" else None
    try:
        written = store.record_action(Move(
            "g1", 0, "red", ["pass", None], version=1, state='{"s":1}', active=["blue"],
            result=None, prior=0, bots=True,
        ))  # fmt: skip
        assert written.owner == store.process  # a bot is to move: this process plays it
        row = store.load_game("g1")
        assert row is not None and (row.version, row.state, row.active) == (1, '{"s":1}', ["blue"])
        assert store.load_log("g1") == [["red", "pass", None]]
        if listener is not None:
            notices = [json.loads(n.payload) for n in listener.notifies(timeout=60, stop_after=1)]
            assert notices == [
                {
                    "k": "act", "v": 1, "a": [0, "red", "pass", None], "t": "g1",
                    "o": store.process, "at": written.at, "p": store.process,
                }
            ]  # fmt: skip

        # The table has moved on: nothing is written, logged or announced.
        with pytest.raises(Conflict):
            store.record_action(Move(
                "g1", 1, "blue", ["pass", None], version=2, state='{"s":2}', active=["red"],
                result=None, prior=0, bots=False,
            ))  # fmt: skip
        row = store.load_game("g1")
        assert row is not None and (row.version, row.state, row.bot_owner) == (
            1,
            '{"s":1}',
            store.process,
        )
        assert store.load_log("g1") == [["red", "pass", None]]
        if listener is not None:
            assert list(listener.notifies(timeout=0.5, stop_after=1)) == []

        # No bot to move after this one: the owner is cleared, and the notice says so.
        store.record_action(Move(
            "g1", 1, "blue", ["pass", 3], version=2, state='{"s":2}', active=["red"],
            result=None, prior=1, bots=False,
        ))  # fmt: skip
        row = store.load_game("g1")
        assert row is not None and row.bot_owner is None and row.version == 2
        assert store.load_log("g1") == [["red", "pass", None], ["blue", "pass", 3]]
        if listener is not None:
            (notice,) = [json.loads(n.payload) for n in listener.notifies(timeout=60, stop_after=1)]
            assert notice["o"] is None and notice["a"] == [1, "blue", "pass", 3]
    finally:
        if listener is not None:
            listener.close()
        store.close()


def _turns(store: Store) -> dict[str, int | None]:
    """Each seat of g1's recorded turn (``seats.turn_at``)."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(seats.c.role, seats.c.turn_at).where(seats.c.game == "g1"))
        return {r.role: r.turn_at for r in rows}


def test_a_move_records_the_turns_it_begins_for_accounts_seats_only(db: Database) -> None:
    """The turn notices' bookkeeping rides on the move's own write: the seats held by an
    account among ``began`` get the move's version as their turn, the rest (played by link)
    nothing, and a move that conflicts records no turn either."""
    store = Store(db.url)
    _new_game(store)
    store.update_seat("g1", "blue", account="a1")
    try:
        written = store.record_action(Move(
            "g1", 0, "red", ["pass", None], version=1, state='{"s":1}', active=["blue"],
            result=None, prior=0, bots=False, began=["blue"],
        ))  # fmt: skip
        assert written.began == 1 and _turns(store) == {"red": None, "blue": 1}

        # A seat played by link: nothing to record, and the write says so.
        written = store.record_action(Move(
            "g1", 1, "blue", ["pass", None], version=2, state='{"s":2}', active=["red"],
            result=None, prior=1, bots=False, began=["red"],
        ))  # fmt: skip
        assert written.began == 0 and _turns(store) == {"red": None, "blue": 1}

        # The table has moved on: no move and no turn.
        with pytest.raises(Conflict):
            store.record_action(Move(
                "g1", 2, "red", ["pass", None], version=3, state='{"s":3}', active=["blue"],
                result=None, prior=1, bots=False, began=["blue"],
            ))  # fmt: skip
        assert _turns(store) == {"red": None, "blue": 1}

        written = store.record_action(Move(
            "g1", 2, "red", ["pass", None], version=3, state='{"s":3}', active=["blue"],
            result=None, prior=2, bots=False, began=["blue"],
        ))  # fmt: skip
        assert written.began == 1 and _turns(store) == {"red": None, "blue": 3}
    finally:
        store.close()


def test_a_move_written_from_the_event_loop_on_postgresql_is_the_same_write(
    tmp_path: Path,
) -> None:
    """crisis.server.store.moves: the same state, log entry, notice and turns as the database
    threads' write; nothing at all when the table has moved on."""
    with fresh_database("postgresql", tmp_path) as found:
        store = Store(found.url)
        _new_game(store)
        store.update_seat("g1", "blue", account="a1")
        listener = _listener(found.url)
        moves = Moves(store)

        async def play() -> None:
            try:
                written = await moves.record_action(Move(
                    "g1", 0, "red", ["pass", None], version=1, state='{"s":1}',
                    active=["blue"], result=None, prior=0, bots=True, began=["blue"],
                ))  # fmt: skip
                assert (written.owner, written.began) == (store.process, 1)
                with pytest.raises(Conflict):
                    await moves.record_action(Move(
                        "g1", 1, "blue", ["pass", None], version=2, state='{"s":2}',
                        active=["red"], result=None, prior=0, bots=False,
                    ))  # fmt: skip
                written = await moves.record_action(Move(
                    "g1", 1, "blue", ["pass", 3], version=2, state='{"s":2}',
                    active=["red"], result=None, prior=1, bots=False,
                ))  # fmt: skip
                assert (written.owner, written.began) == (None, 0)
            finally:
                await moves.close()

        try:
            asyncio.run(play())
            row = store.load_game("g1")
            assert row is not None and (row.version, row.state, row.bot_owner) == (
                2,
                '{"s":2}',
                None,
            )
            assert store.load_log("g1") == [["red", "pass", None], ["blue", "pass", 3]]
            assert _turns(store) == {"red": None, "blue": 1}
            notices = [json.loads(n.payload) for n in listener.notifies(timeout=60, stop_after=2)]
            assert [(n["v"], n["a"], n["o"]) for n in notices] == [
                (1, [0, "red", "pass", None], store.process),
                (2, [1, "blue", "pass", 3], None),
            ]
            assert list(listener.notifies(timeout=0.5, stop_after=1)) == []  # none for the conflict
        finally:
            listener.close()
            store.close()


def test_the_first_moves_on_postgresql_may_come_together(tmp_path: Path) -> None:
    """Moves of several tables arriving at once, before the pool of crisis.server.store.moves is
    open, all wait for it and all are written."""
    with fresh_database("postgresql", tmp_path) as found:
        store = Store(found.url)
        for i in range(4):
            row = GameRow(
                id=f"t{i}", title="time_of_crisis", seed=1, options={"players": 2},
                status="playing", version=0, state='{"s":0}', active=["red"],
                seats=[SeatRow(role=r, kind="human", name=r) for r in ("red", "blue")],
            )  # fmt: skip
            store.create_game(row)
        moves = Moves(store)

        async def together() -> list[Any]:
            try:
                return await asyncio.gather(
                    *(
                        moves.record_action(
                            Move(
                                f"t{i}",
                                0,
                                "red",
                                ["pass", None],
                                version=1,
                                state='{"s":1}',
                                active=["blue"],
                                result=None,
                                prior=0,
                                bots=False,
                            )
                        )
                        for i in range(4)
                    )
                )
            finally:
                await moves.close()

        try:
            assert len(asyncio.run(together())) == 4
            assert all(store.load_log(f"t{i}") == [["red", "pass", None]] for i in range(4))
        finally:
            store.close()


def test_a_move_on_postgresql_outlives_the_pool_s_connections_being_dropped(
    tmp_path: Path,
) -> None:
    """crisis.server.store.moves takes a connection from its pool without checking it first (a
    round trip per move); a connection the database server dropped meanwhile (a restart)
    costs the move a second try, never the move itself."""
    with fresh_database("postgresql", tmp_path) as found:
        store = Store(found.url)
        _new_game(store)
        moves = Moves(store)

        async def play() -> None:
            try:
                await moves.record_action(Move(
                    "g1", 0, "red", ["pass", None], version=1, state='{"s":1}',
                    active=["blue"], result=None, prior=0, bots=False,
                ))  # fmt: skip
                # the pool's among them
                assert await asyncio.to_thread(end_connections, found.url) >= 1
                await asyncio.sleep(0.2)
                await moves.record_action(Move(
                    "g1", 1, "blue", ["pass", 3], version=2, state='{"s":2}',
                    active=["red"], result=None, prior=1, bots=False,
                ))  # fmt: skip
            finally:
                await moves.close()

        try:
            asyncio.run(play())
            # The store's own pooled connection was ended too, while in steady use, so it is
            # not checked before use (the server's calls try once more: test_pooled_connections).
            store.engine.dispose()
            assert store.load_log("g1") == [["red", "pass", None], ["blue", "pass", 3]]
        finally:
            store.close()
