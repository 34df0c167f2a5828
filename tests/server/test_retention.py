"""What the database keeps: a table's chat is capped, and tables no person ever came to (still
being played, or finished at once) are deleted with everything referring to them, a few at a
time with pauses between, while every table a person joined or played in stays."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError

from crisis.server.play.table import hash_token
from crisis.server.store import repository as store_module
from crisis.server.store import retention
from crisis.server.store.repository import CHAT_KEEP, GameRow, Move, SeatRow, Store
from crisis.server.store.schema import games, seats, sockets
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client
from tests.waiting import wait_for

DAY = 24 * 3600


@pytest.fixture
def store(db: Database) -> Iterator[Store]:
    s = Store(db.url)
    yield s
    s.close()


def add_game(
    store: Store,
    game_id: str,
    *,
    joined: bool = False,
    bots: bool = False,
    status: str = "playing",
) -> None:
    """A stored table of two seats, as a fresh one is (version 0, nothing played); an
    ``open`` one waits for its players (:mod:`crisis.server.lobby.open_games`)."""
    kind = "bot" if bots else "human"
    store.create_game(
        GameRow(
            id=game_id,
            title="time_of_crisis",
            seed=1,
            options={"players": 2},
            status=status,
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
        Move(
            "played",
            0,
            "green",
            ["done", None],
            version=1,
            state="{}",
            active=["blue"],
            result=None,
        )
    )
    add_game(store, "bots_moved")  # a bot opened the game; the people never came
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.game == "bots_moved", seats.c.role == "blue")
            .values(kind="bot")
        )
    store.record_action(
        Move(
            "bots_moved",
            0,
            "blue",
            ["done", None],
            version=1,
            state="{}",
            active=["green"],
            result=None,
        )
    )
    add_game(store, "resigned")
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.game == "resigned", seats.c.role == "green")
            .values(resigned=1, kind="bot")
        )
    add_game(store, "finished")  # finished at once: nobody came either
    store.finish("finished", version=0, result={"winner": "green"})
    add_game(store, "in_memory")  # e.g. a table a server holds loaded right now
    # Open tables wait for players or an invitee's answer; unanswered for a week, they go,
    # even with their host's seat joined (nothing is played before a table starts).
    add_game(store, "open_unanswered", joined=True, status="open")
    add_game(store, "open_watched", status="open")
    with store.engine.begin() as db:  # someone has its page open (a socket of the site)
        db.execute(
            sockets.insert().values(
                id="sock-1", process="p", address="a", game="open_watched", kind="seat", opened=now
            )
        )
    add_game(store, "rematch")  # asked for by a finished game, never taken up
    add_game(store, "original", joined=True)
    store.finish("original", version=3, result={"winner": "blue"})
    with store.engine.begin() as db:
        db.execute(games.update().where(games.c.id == "original").values(rematch="rematch"))
        db.execute(games.update().where(games.c.id == "rematch").values(rematch_of="original"))

    assert store.delete_abandoned(7 * DAY, now=now) == []  # nothing is old enough yet
    gone = ["bots_moved", "finished", "open_unanswered", "rematch", "unused", "unused_bots"]
    assert sorted(store.delete_abandoned(7 * DAY, now=later, keep={"in_memory"})) == gone
    for game_id in gone:
        assert rows(store, game_id) == dict.fromkeys(rows(store, game_id), 0), game_id
        assert store.load_game(game_id) is None
    for game_id in ("joined", "played", "resigned", "in_memory", "original", "open_watched"):
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


def test_the_sweep_pauses_between_its_batches(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch is one short transaction; the sweep's thread sleeps between two of them
    (never before the first or after the last), so that other writers get the lock."""
    monkeypatch.setattr(store_module, "DELETE_BATCH", 3)
    steps: list[Any] = []
    clock = SimpleNamespace(time=time.time, sleep=lambda seconds: steps.append(seconds))
    monkeypatch.setattr(store_module, "time", clock)  # the store's own pauses only

    def batch(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.startswith("UPDATE games SET status"):  # the batch's first statement
            steps.append("batch")

    for i in range(11):
        add_game(store, f"t{i:02}", joined=i == 4)
    event.listen(store.engine, "before_cursor_execute", batch)
    try:
        gone = store.delete_abandoned(DAY, now=int(time.time()) + 2 * DAY, pause=0.25)
        assert len(gone) == 10 and "t04" not in gone
        assert steps == ["batch", 0.25, "batch", 0.25, "batch", 0.25, "batch"]
        steps.clear()
        for i in range(7):
            add_game(store, f"u{i:02}")
        assert len(store.delete_abandoned(DAY, now=int(time.time()) + 2 * DAY)) == 7
        assert steps == ["batch", "batch", "batch"]  # no pause asked for: none
    finally:
        event.remove(store.engine, "before_cursor_execute", batch)


def finish_game(store: Store, game_id: str, *, resigned: str | None = None) -> None:
    store.finish(game_id, version=1, result={"reason": "resigned"}, resigned=resigned)


def act(store: Store, game_id: str, n: int, role: str) -> None:
    store.record_action(
        Move(
            game_id,
            n,
            role,
            ["done", None],
            version=n + 1,
            state="{}",
            active=["green"],
            result=None,
        )
    )


def leave_to_a_bot(store: Store, game_id: str, role: str) -> None:
    """``role``'s person resigns while others play on: a bot takes the seat (as the hall
    does it: kind bot, resigned, the person's token hash stays)."""
    store.update_seat(game_id, role, version=1, resigned=1, kind="bot", bot="random")


def test_finished_tables_go_only_if_no_person_came(store: Store) -> None:
    now = int(time.time())
    later = now + 8 * DAY
    for game_id in (
        "resigned_at_once",
        "bots_moved_then_resigned",
        "joined",
        "played",
        "played_then_left",
        "left_then_bot_played",
        "in_memory",
        "spam_rematch",
        "original",
        "spam_original",
        "taken_up_rematch",
    ):
        add_game(store, game_id, joined=game_id in ("joined", "original", "taken_up_rematch"))
        with store.engine.begin() as db:  # people's seats hold their secrets' hashes
            db.execute(
                seats.update()
                .where(seats.c.game == game_id)
                .values(token_hash=hash_token(f"{game_id} secret"))
            )
    add_game(store, "bots_only", bots=True)
    # Create and resign: the only person leaves without joining or acting.
    finish_game(store, "resigned_at_once", resigned="green")
    # A bot opened, then the person resigned: still nobody came.
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.game == "bots_moved_then_resigned", seats.c.role == "blue")
            .values(kind="bot", token_hash=None)
        )
    act(store, "bots_moved_then_resigned", 0, "blue")
    finish_game(store, "bots_moved_then_resigned", resigned="green")
    act(store, "bots_only", 0, "green")
    act(store, "bots_only", 1, "blue")
    finish_game(store, "bots_only")
    finish_game(store, "joined", resigned="green")
    act(store, "played", 0, "green")  # over HTTP: acting without joining
    finish_game(store, "played", resigned="green")
    # Green played, then left his seat to a bot; blue resigned without coming.
    act(store, "played_then_left", 0, "green")
    leave_to_a_bot(store, "played_then_left", "green")
    finish_game(store, "played_then_left", resigned="blue")
    # Green left before acting and the bot played for him: the moves cannot be told from his
    # (nothing records when he left), so the table stays.
    leave_to_a_bot(store, "left_then_bot_played", "green")
    act(store, "left_then_bot_played", 0, "green")
    finish_game(store, "left_then_bot_played", resigned="blue")
    finish_game(store, "in_memory", resigned="green")
    # A kept finished game whose rematch nobody came to; a finished game nobody came to whose
    # rematch people played (the rematch keeps its link back: the lobby carries the seat
    # secrets over by it).
    finish_game(store, "original")
    finish_game(store, "spam_rematch", resigned="green")
    finish_game(store, "spam_original", resigned="green")
    with store.engine.begin() as db:
        for original, rematch in (
            ("original", "spam_rematch"),
            ("spam_original", "taken_up_rematch"),
        ):
            db.execute(games.update().where(games.c.id == original).values(rematch=rematch))
            db.execute(games.update().where(games.c.id == rematch).values(rematch_of=original))
    add_game(store, "recent")  # finished at once, but not long ago
    finish_game(store, "recent", resigned="green")
    with store.engine.begin() as db:
        db.execute(games.update().where(games.c.id == "recent").values(updated=later - DAY))

    assert store.delete_abandoned(7 * DAY, now=now) == []  # nothing is old enough yet
    gone = [
        "bots_moved_then_resigned",
        "bots_only",
        "resigned_at_once",
        "spam_original",
        "spam_rematch",
    ]
    assert sorted(store.delete_abandoned(7 * DAY, now=later, keep={"in_memory"})) == gone
    for game_id in gone:
        assert rows(store, game_id) == dict.fromkeys(rows(store, game_id), 0), game_id
    kept = ["joined", "played", "played_then_left", "left_then_bot_played", "in_memory"]
    for game_id in [*kept, "original", "taken_up_rematch", "recent"]:
        row = store.load_game(game_id)
        assert row is not None and rows(store, game_id)["seats"] == 2, game_id
        assert row.status == ("playing" if game_id == "taken_up_rematch" else "finished")
    original = store.load_game("original")
    assert original is not None and original.rematch is None  # it may ask for a new one
    rematch = store.load_game("taken_up_rematch")
    assert rematch is not None and rematch.rematch_of == "spam_original"
    assert store.delete_abandoned(7 * DAY, now=later) == ["in_memory"]  # once it is let go
    assert store.delete_abandoned(7 * DAY, now=later + 7 * DAY) == ["recent"]
    assert store.delete_abandoned(7 * DAY, now=later + 7 * DAY) == []
    assert orphans(store) == dict.fromkeys(orphans(store), 0)


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
        # Create and resign: a finished table at once, nobody came.
        at_once, secrets = create(client, [HUMAN, BOT], seed=4)
        ((role, secret),) = secrets.items()
        headers = {"X-Seat-Token": secret}
        res = client.post(f"/api/tables/{at_once}/resign", json={"role": role}, headers=headers)
        assert res.status_code == 200 and res.json()["status"] == "finished", res.text
        # The person came, then resigned: the finished table stays.
        came, secrets = create(client, [HUMAN, BOT], seed=5)
        ((role, secret),) = secrets.items()
        with client.websocket_connect(f"/ws/{came}") as ws:
            ws.send_json({"type": "hello", "tokens": [secret]})
            assert ws.receive_json()["type"] == "welcome"
        headers = {"X-Seat-Token": secret}
        res = client.post(f"/api/tables/{came}/resign", json={"role": role}, headers=headers)
        assert res.status_code == 200 and res.json()["status"] == "finished", res.text
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        later = int(time.time()) + retention.ABANDONED_AFTER + 60
        hall = client.app.state.hall  # type: ignore[attr-defined]
        # A bot that was thinking stops: the game is over.
        wait_for(lambda: not {at_once, came} & hall.busy(), "the ended games' bots to stop")
        busy = hall.busy()  # tables in play in memory: the server's sweep spares them
        assert not {unused, at_once, came} & busy
        gone = store.delete_abandoned(retention.ABANDONED_AFTER, now=int(later), keep=busy)
        # The bots' table goes too if its game ended meanwhile (no person ever came).
        assert sorted(gone) == sorted({unused, at_once} | ({bots} - busy))
        hall.forget(gone)
        assert unused not in hall.tables and at_once not in hall.tables
        assert store.load_game(unused) is None and store.load_game(at_once) is None
        assert store.load_game(joined) is not None and store.load_game(came) is not None
        assert client.get(f"/api/tables/{at_once}").json()["code"] == "not_found"


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
    pauses: list[float] = []

    def flaky(
        older_than: float, now: int | None = None, *, keep: object = (), pause: float = 0.0
    ) -> list[str]:
        calls.append(older_than)
        pauses.append(pause)
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
    assert pauses[0] == retention.SWEEP_PAUSE > 0  # the sweep's thread pauses between batches
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
        wait_for(lambda: store.load_game(unused) is None, "the sweep at start-up")
        assert client.get(f"/api/tables/{unused}").json()["code"] == "not_found"
        assert client.get(f"/api/tables/{fresh}").status_code == 200
