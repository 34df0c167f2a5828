"""What the database keeps: a table's chat is capped, and tables nobody ever used are deleted
(with everything referring to them) while every table that saw a person or an action stays."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from crisis.server import retention
from crisis.server import store as store_module
from crisis.server.store import CHAT_KEEP, GameRow, SeatRow, Store, games, seats
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client

DAY = 24 * 3600


@pytest.fixture
def store(db: Database) -> Iterator[Store]:
    s = Store(db.url)
    yield s
    s.close()


def add_game(store: Store, game_id: str, *, joined: bool = False, bots: bool = False) -> None:
    """A stored table of two seats, as a fresh one is (version 0, nothing played)."""
    kind = "bot" if bots else "human"
    store.create_game(
        GameRow(
            id=game_id,
            title="time_of_crisis",
            seed=1,
            options={"players": 2},
            status="playing",
            version=0,
            state="{}",
            active=["green"],
            seats=[
                SeatRow(role="green", kind=kind, name="Green", joined=joined),
                SeatRow(role="blue", kind=kind, name="Blue"),
            ],
        )
    )


def rows(store: Store, game_id: str) -> dict[str, int]:
    """How many rows of each table refer to ``game_id`` (``games``: the game itself)."""
    with store.engine.connect() as db:
        count = "SELECT count(*) FROM games WHERE id = :game"
        out = {"games": db.execute(text(count), {"game": game_id}).scalar_one()}
        for table in ("seats", "actions", "notes", "chat"):
            count = f"SELECT count(*) FROM {table} WHERE game = :game"
            out[table] = db.execute(text(count), {"game": game_id}).scalar_one()
        return {k: int(v) for k, v in out.items()}


def orphans(store: Store) -> dict[str, int]:
    """Rows that refer to a game no longer stored, by table (foreign keys: SQLite checks them
    only when told to, so the tests count what a ``PRAGMA foreign_key_check`` would find)."""
    with store.engine.connect() as db:
        out = {}
        for table in ("seats", "actions", "notes", "chat"):
            lost = f"SELECT count(*) FROM {table} WHERE game NOT IN (SELECT id FROM games)"
            out[table] = int(db.execute(text(lost)).scalar_one())
        return out


def test_a_tables_chat_keeps_only_its_newest_messages(store: Store) -> None:
    add_game(store, "talky")
    add_game(store, "quiet")
    store.add_chat("quiet", "green", "Green", "hello")
    extra = 7
    for i in range(CHAT_KEEP + extra):
        entry = store.add_chat("talky", "green" if i % 2 else "blue", "X", f"message {i}")
        assert entry["n"] == i  # numbers keep counting up, never reused
    kept = store.load_chat("talky", limit=CHAT_KEEP + extra)
    assert [m["text"] for m in kept] == [f"message {i}" for i in range(extra, CHAT_KEEP + extra)]
    assert [m["n"] for m in kept] == list(range(extra, CHAT_KEEP + extra))
    assert rows(store, "talky")["chat"] == CHAT_KEEP
    assert [m["text"] for m in store.load_chat("quiet")] == ["hello"]  # other tables untouched


def test_notes_are_one_per_seat_replaced_not_appended(store: Store) -> None:
    add_game(store, "noted", joined=True)
    for i in range(5):
        store.save_note("noted", "green", f"note {i}")
    assert store.load_note("noted", "green") == "note 4"
    assert rows(store, "noted")["notes"] == 1


def test_only_tables_never_used_and_old_enough_are_deleted(store: Store) -> None:
    now = int(time.time())
    later = now + 8 * DAY
    add_game(store, "unused")  # people invited, nobody came
    add_game(store, "unused_bots", bots=True)
    store.save_note("unused", "green", "a note written before joining")
    store.add_chat("unused", "green", "Green", "anyone?")
    add_game(store, "joined", joined=True)
    add_game(store, "played")
    store.record_action(
        "played", 0, "green", ["done", None], version=1, state="{}", active=["blue"], result=None
    )
    add_game(store, "bots_moved")  # a bot opened the game; the people never came
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.game == "bots_moved", seats.c.role == "blue")
            .values(kind="bot")
        )
    store.record_action(
        "bots_moved",
        0,
        "blue",
        ["done", None],
        version=1,
        state="{}",
        active=["green"],
        result=None,
    )
    add_game(store, "resigned")
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.game == "resigned", seats.c.role == "green")
            .values(resigned=1, kind="bot")
        )
    add_game(store, "finished")
    store.finish("finished", version=0, result={"winner": "green"})
    add_game(store, "in_memory")  # e.g. a table a server holds loaded right now
    add_game(store, "rematch")  # asked for by a finished game, never taken up
    add_game(store, "original", joined=True)
    store.finish("original", version=3, result={"winner": "blue"})
    with store.engine.begin() as db:
        db.execute(games.update().where(games.c.id == "original").values(rematch="rematch"))
        db.execute(games.update().where(games.c.id == "rematch").values(rematch_of="original"))

    assert store.delete_abandoned(7 * DAY, now=now) == []  # nothing is old enough yet
    gone = ["bots_moved", "rematch", "unused", "unused_bots"]
    assert sorted(store.delete_abandoned(7 * DAY, now=later, keep={"in_memory"})) == gone
    for game_id in gone:
        assert rows(store, game_id) == dict.fromkeys(rows(store, game_id), 0), game_id
        assert store.load_game(game_id) is None
    for game_id in ("joined", "played", "resigned", "finished", "in_memory", "original"):
        assert rows(store, game_id)["games"] == 1 and rows(store, game_id)["seats"] == 2, game_id
    assert rows(store, "played")["actions"] == 1
    original = store.load_game("original")
    assert original is not None and original.rematch is None  # it may ask for a new one
    assert store.delete_abandoned(7 * DAY, now=later) == ["in_memory"]  # once it is let go
    assert store.delete_abandoned(7 * DAY, now=later) == []
    assert orphans(store) == dict.fromkeys(orphans(store), 0)


def test_many_abandoned_tables_go_in_batches(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "DELETE_BATCH", 3)
    for i in range(10):
        add_game(store, f"t{i:02}", joined=i in (4, 5))
    assert len(store.delete_abandoned(DAY, now=int(time.time()) + 2 * DAY, keep={"t07"})) == 7
    assert {g.id for g in store.recent_games(100)} == {"t04", "t05", "t07"}


def test_tables_made_through_the_app_go_only_if_nobody_came(db: Database) -> None:
    with make_client(db) as client:
        unused, _ = create(client, [HUMAN, HUMAN], seed=1)
        joined, tokens = create(client, [HUMAN, HUMAN], seed=2)
        with client.websocket_connect(f"/ws/{joined}") as ws:
            ws.send_json({"type": "hello", "tokens": [tokens["blue"]]})
            assert ws.receive_json()["type"] == "welcome"
        bots, _ = create(client, [BOT, BOT], {"short_game": True}, seed=3)
        with client.websocket_connect(f"/ws/{bots}") as ws:
            ws.send_json({"type": "hello"})
            while (msg := ws.receive_json())["type"] != "state" or msg["version"] == 0:
                pass
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        later = int(time.time()) + retention.ABANDONED_AFTER + 60
        hall = client.app.state.hall  # type: ignore[attr-defined]
        busy = hall.busy()  # tables in play in memory: the server's sweep spares them
        assert unused not in busy
        gone = store.delete_abandoned(retention.ABANDONED_AFTER, now=int(later), keep=busy)
        assert gone == [unused]
        hall.forget(gone)
        assert unused not in hall.tables
        assert store.load_game(unused) is None
        assert store.load_game(joined) is not None and store.load_game(bots) is not None


def test_the_sweep_runs_in_the_background_and_says_how_many_went(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    add_game(store, "old")
    add_game(store, "spared")
    add_game(store, "fresh")
    with store.engine.begin() as db:
        db.execute(games.update().where(games.c.id != "fresh").values(updated=0))

    forgotten: list[str] = []

    async def run() -> None:
        task = asyncio.create_task(
            retention.sweep_forever(
                store,
                every=0.01,
                older_than=retention.ABANDONED_AFTER,
                keep=lambda: {"spared"},
                forget=forgotten.extend,
            )
        )
        for _ in range(500):
            await asyncio.sleep(0.01)
            if forgotten:  # told on the event loop, with the log line: the sweep is done
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.INFO, logger="crisis.server"):
        asyncio.run(run())
    assert store.load_game("old") is None
    assert store.load_game("spared") is not None and store.load_game("fresh") is not None
    assert "deleted 1 abandoned table(s)" in caplog.text
    assert forgotten == ["old"]


def test_a_failed_sweep_is_logged_and_the_next_one_runs(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[float] = []

    def flaky(older_than: float, now: int | None = None, *, keep: object = ()) -> list[str]:
        calls.append(older_than)
        if len(calls) == 1:
            raise OperationalError("DELETE FROM games ...", {}, Exception("database is locked"))
        return []

    monkeypatch.setattr(store, "delete_abandoned", flaky)

    async def run() -> None:
        task = asyncio.create_task(retention.sweep_forever(store, every=0.01, older_than=5.0))
        for _ in range(500):
            await asyncio.sleep(0.01)
            if len(calls) >= 3:
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    with caplog.at_level(logging.INFO, logger="crisis.server"):
        asyncio.run(run())
    assert calls[:3] == [5.0, 5.0, 5.0]
    assert "sweep of abandoned tables failed" in caplog.text


def test_the_server_sweeps_at_start(db: Database) -> None:
    with make_client(db) as client:
        unused, _ = create(client, [HUMAN, HUMAN], seed=1)
        fresh, _ = create(client, [HUMAN, HUMAN], seed=2)
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == unused).values(updated=0))
    with make_client(db) as client:  # a restart: the sweep runs at once
        store = client.app.state.store  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60  # a busy machine may take its time
        while store.load_game(unused) is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get(f"/api/tables/{unused}").json()["code"] == "not_found"
        assert client.get(f"/api/tables/{fresh}").status_code == 200
