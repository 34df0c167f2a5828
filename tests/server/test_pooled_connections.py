"""The database threads' pooled connections to PostgreSQL: one left idle is checked before
use and replaced if the server dropped it (a restart), while one in steady use goes without
the extra round trip of a check (crisis.server.store.repository._check_idle_connections)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crisis.server.play.hall import Hall
from crisis.server.store import repository as store_module
from crisis.server.store.repository import GameRow, SeatRow, Store
from tests.databases import Database, end_connections, fresh_database


@pytest.fixture
def pg_store(tmp_path: Path) -> Iterator[tuple[Store, Database]]:
    with fresh_database("postgresql", tmp_path) as found:
        store = Store(found.url)
        store.create_game(
            GameRow(
                id="g1", title="time_of_crisis", seed=1, options={"players": 2},
                status="playing", version=0, state='{"s":0}', active=["red"],
                seats=[SeatRow(role=r, kind="human", name=r) for r in ("red", "blue")],
            )
        )  # fmt: skip
        try:
            yield store, found
        finally:
            store.close()


def _count_pings(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each check of a pooled connection."""
    pings: list[int] = []
    dialect = store.engine.dialect
    ping = dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pings.append(1)
        return bool(ping(dbapi_connection))

    monkeypatch.setattr(dialect, "do_ping", counted)
    return pings


def test_a_connection_in_steady_use_is_not_checked(
    pg_store: tuple[Store, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _ = pg_store
    pings = _count_pings(store, monkeypatch)
    for _ in range(20):
        assert store.load_game("g1") is not None
    assert pings == []
    monkeypatch.setattr(store_module, "IDLE_CHECK_SECONDS", 0.0)  # now every use counts as idle
    for _ in range(5):
        assert store.load_game("g1") is not None
    assert len(pings) == 5


def test_an_idle_connection_the_server_dropped_is_replaced(
    pg_store: tuple[Store, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, found = pg_store
    assert store.load_game("g1") is not None  # the pool now holds a connection
    monkeypatch.setattr(store_module, "IDLE_CHECK_SECONDS", 0.0)
    assert end_connections(found.url) >= 1  # the pool's among them
    row = store.load_game("g1")  # checked, found dead, replaced: no error
    assert row is not None and row.version == 0


def test_the_servers_first_call_after_a_restart_goes_through(
    pg_store: tuple[Store, Database],
) -> None:
    """A connection in steady use is not checked, so the first call through the server's
    database threads after a restart meets a dead one: the hall tries it once more, on a
    new connection, and the caller never sees the loss."""
    store, found = pg_store

    async def play() -> None:
        hall = Hall(store)
        try:
            assert await hall.db(store.load_game, "g1") is not None
            assert await asyncio.to_thread(end_connections, found.url) >= 1
            row = await hall.db(store.load_game, "g1")  # not idle: unchecked, dead, again
            assert row is not None and row.version == 0
        finally:
            await hall.close()

    asyncio.run(play())
