"""A move's write (``Store.record_action``), on both databases: the state, the log entry and,
on PostgreSQL, the notice to the site's other processes go together, in one statement there,
or not at all when the table has moved on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from crisis.server.store import CHANNEL, Conflict, GameRow, SeatRow, Store
from tests.databases import BACKENDS, Database, fresh_database


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
        written = store.record_action(
            "g1", 0, "red", ["pass", None], version=1, state='{"s":1}', active=["blue"],
            result=None, prior=0, bots=True,
        )  # fmt: skip
        assert written.owner == store.process  # a bot is to move: this process plays it
        row = store.load_game("g1")
        assert row is not None and (row.version, row.state, row.active) == (1, '{"s":1}', ["blue"])
        assert store.load_log("g1") == [["red", "pass", None]]
        if listener is not None:
            notices = [json.loads(n.payload) for n in listener.notifies(timeout=5, stop_after=1)]
            assert notices == [
                {
                    "k": "act", "v": 1, "a": [0, "red", "pass", None], "t": "g1",
                    "o": store.process, "at": written.at, "p": store.process,
                }
            ]  # fmt: skip

        # The table has moved on: nothing is written, logged or announced.
        with pytest.raises(Conflict):
            store.record_action(
                "g1", 1, "blue", ["pass", None], version=2, state='{"s":2}', active=["red"],
                result=None, prior=0, bots=False,
            )  # fmt: skip
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
        store.record_action(
            "g1", 1, "blue", ["pass", 3], version=2, state='{"s":2}', active=["red"],
            result=None, prior=1, bots=False,
        )  # fmt: skip
        row = store.load_game("g1")
        assert row is not None and row.bot_owner is None and row.version == 2
        assert store.load_log("g1") == [["red", "pass", None], ["blue", "pass", 3]]
        if listener is not None:
            (notice,) = [json.loads(n.payload) for n in listener.notifies(timeout=5, stop_after=1)]
            assert notice["o"] is None and notice["a"] == [1, "blue", "pass", 3]
    finally:
        if listener is not None:
            listener.close()
        store.close()
