"""The store's lists stay cheap however many tables there are: the lobby's "my tables" and
"recent tables" read a bounded number of statements (never one per table), never a table's
state, and go through the index on ``games.updated``; the sweep finds a deleted table's
finished original through the index on ``games.rematch``. On SQLite and PostgreSQL.

No timings here: the statements are counted and the databases' plans read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, insert, inspect, update

from crisis.server.play.table import hash_token, table_summary
from crisis.server.store.repository import GameRow, SeatRow, Store
from crisis.server.store.schema import games, seats
from tests.databases import Database

BASE = 1_700_000_000  # an arbitrary "updated" for the first table; each next one is later


@pytest.fixture
def store(db: Database) -> Iterator[Store]:
    s = Store(db.url)
    yield s
    s.close()


@contextmanager
def statements(store: Store) -> Iterator[list[tuple[str, Any]]]:
    """Every statement ``store`` sends to the database meanwhile, with its parameters."""
    seen: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, statement: str, parameters: Any, *args: Any) -> None:
        seen.append((statement, parameters))

    event.listen(store.engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", record)


def add_tables(
    store: Store, count: int, *, first: int = 0, holders: dict[str, str] | None = None
) -> list[str]:
    """``count`` stored tables of two seats, ``t<first>``... (the later, the more recently
    changed); ``holders`` maps a role to the token hash that holds it at each of them (the
    other seats are bots). Written in bulk: the tests need many."""
    holders = holders or {}
    ids = [f"t{i:05}" for i in range(first, first + count)]
    game_rows, seat_rows = [], []
    for i, game_id in zip(range(first, first + count), ids, strict=True):
        game_rows.append(
            {
                "id": game_id,
                "title": "time_of_crisis",
                "seed": 1,
                "rng_seed": '"splitmix64:1"',
                "options": '{"players": 2}',
                "status": "playing",
                "version": i,
                "state": '{"big": "' + "x" * 2000 + '"}',
                "active": '["green"]',
                "result": None,
                "rematch_of": None,
                "rematch": None,
                "created": BASE + i,
                "updated": BASE + i,
            }
        )
        for position, role in enumerate(("green", "blue")):
            holder = holders.get(role)
            seat_rows.append(
                {
                    "game": game_id,
                    "role": role,
                    "position": position,
                    "kind": "human" if holder else "bot",
                    "bot": None if holder else "random",
                    "name": role.capitalize(),
                    "token_hash": holder,
                    "joined": 0,
                    "resigned": 0,
                }
            )
    if ids:
        with store.engine.begin() as db:
            db.execute(insert(games), game_rows)
            db.execute(insert(seats), seat_rows)
    return ids


def summaries(store: Store, ids: list[str]) -> list[dict[str, Any]]:
    """The summaries of ``ids`` as made from whole games (load_game)."""
    out = []
    for game_id in ids:
        row = store.load_game(game_id)
        assert row is not None
        out.append(table_summary(row))
    return out


def explain(store: Store, statement: str, parameters: Any) -> str:
    """The database's plan for a statement the store sent (PostgreSQL told to avoid a
    sequential scan where it can: a test database is too small for it to bother)."""
    with store.engine.connect() as db:
        if store.engine.dialect.name == "sqlite":
            rows = db.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            return "\n".join(str(r[-1]) for r in rows)
        db.exec_driver_sql("SET enable_seqscan = off")
        rows = db.exec_driver_sql(f"EXPLAIN {statement}", parameters)
        return "\n".join(str(r[0]) for r in rows)


# -- the tables of some seat secrets ---------------------------------------------------------


def test_tables_for_tokens_lists_the_newest_with_the_roles_held(store: Store) -> None:
    mine, other, friend = hash_token("mine"), hash_token("other"), hash_token("friend")
    add_tables(store, 8, holders={"green": mine})  # t00000-t00007: green is mine
    add_tables(store, 3, first=8, holders={"blue": other})  # t00008-t00010: not mine
    add_tables(store, 2, first=11, holders={"green": friend, "blue": mine})  # hotseat
    add_tables(store, 1, first=13)  # bots only
    with store.engine.begin() as db:  # an older table changed last: it comes first
        db.execute(update(games).where(games.c.id == "t00002").values(updated=BASE + 100))

    found = store.tables_for_tokens([mine, friend], limit=5)
    assert [(row.id, roles) for row, roles in found] == [
        ("t00002", ["green"]),
        ("t00012", ["green", "blue"]),  # in seat order
        ("t00011", ["green", "blue"]),
        ("t00007", ["green"]),
        ("t00006", ["green"]),
    ]
    # What the lobby shows of each is what the whole game would show; the state stays out.
    assert [table_summary(row) for row, _ in found] == summaries(store, [r.id for r, _ in found])
    assert {row.state for row, _ in found} == {""}
    everything = store.tables_for_tokens([mine], limit=100)
    assert len(everything) == 10
    assert [roles for _, roles in everything].count(["blue"]) == 2
    theirs = store.tables_for_tokens([other])
    assert [(row.id, roles) for row, roles in theirs] == [
        ("t00010", ["blue"]),
        ("t00009", ["blue"]),
        ("t00008", ["blue"]),
    ]
    assert store.tables_for_tokens([]) == []
    assert store.tables_for_tokens([hash_token("nobody")]) == []
    assert store.tables_for_tokens([mine], limit=0) == []
    # The old call still answers every seat.
    assert len(store.games_for_tokens([mine])) == 10


@pytest.mark.parametrize("held", [1, 60, 600])
def test_tables_for_tokens_issues_two_statements_however_many_tables_a_secret_holds(
    store: Store, held: int
) -> None:
    """A rematch chain reuses its seat secrets: one secret may hold thousands of tables."""
    chain = hash_token("chain")
    add_tables(store, held, holders={"green": chain})
    add_tables(store, 20, first=held, holders={"green": hash_token("someone else")})
    with statements(store) as seen:
        found = store.tables_for_tokens([chain, hash_token("another")], limit=50)
    assert len(seen) == 2  # the games (newest, with LIMIT), then their seats
    assert len(found) == min(held, 50)
    assert [row.id for row, _ in found] == [f"t{i:05}" for i in reversed(range(held))][:50]
    assert all(roles == ["green"] for _, roles in found)
    assert not any(re.search(r"\bstate\b", statement) for statement, _ in seen)


# -- recent tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 5, 80])
def test_recent_games_reads_two_statements_and_never_a_state(store: Store, count: int) -> None:
    add_tables(store, count, holders={"blue": hash_token("someone")})
    with statements(store) as seen:
        rows = store.recent_games(30)
    assert len(seen) == (2 if count else 1)  # the games, then (if any) their seats
    assert not any(re.search(r"\bstate\b", statement) for statement, _ in seen)
    newest = [f"t{i:05}" for i in reversed(range(count))][:30]
    assert [row.id for row in rows] == newest
    assert {row.state for row in rows} <= {""}
    assert [table_summary(row) for row in rows] == summaries(store, newest)
    assert all(s.token_hash is None for row in rows for s in row.seats)  # not needed there


def test_recent_games_follows_the_index_on_updated(store: Store) -> None:
    add_tables(store, 40)
    with statements(store) as seen:
        store.recent_games(10)
    newest = seen[0]
    assert "ORDER BY" in newest[0] and "LIMIT" in newest[0]
    plan = explain(store, *newest)
    assert "games_by_updated" in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan  # no sorting of the table


# -- the sweep's indexes ---------------------------------------------------------------------


def test_the_games_indexes_exist_after_migration(store: Store) -> None:
    indexes = {i["name"]: i["column_names"] for i in inspect(store.engine).get_indexes("games")}
    assert indexes["games_by_updated"] == ["updated", "id"]
    assert indexes["games_by_rematch"] == ["rematch"]


def test_the_sweep_finds_a_deleted_tables_original_through_the_rematch_index(
    store: Store,
) -> None:
    add_tables(store, 30)
    original, rematch = "t00003", "t00004"
    with store.engine.begin() as db:
        db.execute(update(games).where(games.c.id == original).values(rematch=rematch))
    with store.engine.begin() as db:  # a person came to the original: it stays
        db.execute(
            update(seats).where(seats.c.game == original, seats.c.role == "green").values(joined=1)
        )
    with statements(store) as seen:
        gone = store.delete_abandoned(60, now=BASE + 10_000)
    assert rematch in gone and original not in gone
    row = store.load_game(original)
    assert row is not None and row.rematch is None
    unlink = [(s, p) for s, p in seen if s.lstrip().upper().startswith("UPDATE GAMES SET REMATCH")]
    assert unlink
    plan = explain(store, *unlink[0])
    assert "games_by_rematch" in plan, plan


def test_a_summary_row_is_marked_as_one(store: Store) -> None:
    """Summary rows carry no state and no seed: nothing may play them by mistake."""
    store.create_game(
        GameRow(
            id="whole",
            title="time_of_crisis",
            seed="splitmix64:9",
            options={"players": 2},
            status="playing",
            version=0,
            state='{"a": 1}',
            active=["green"],
            seats=[
                SeatRow(role="green", kind="human", name="G", token_hash=hash_token("g")),
                SeatRow(role="blue", kind="bot", name="B", bot="random"),
            ],
        )
    )
    (recent,) = store.recent_games()
    ((mine, roles),) = store.tables_for_tokens([hash_token("g")])
    for row in (recent, mine):
        assert (row.state, row.seed) == ("", 0)
    assert roles == ["green"]
    whole = store.load_game("whole")
    assert whole is not None and (whole.state, whole.seed) == ('{"a": 1}', "splitmix64:9")
