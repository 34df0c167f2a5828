"""Schema migrations (Alembic, crisis.server.migrations), on SQLite and on PostgreSQL.

The migrations make exactly the schema store.py declares; a new database is created at the
newest revision; a database written by the server before Alembic (c50798d: the fixtures under
data/, made by tools/migration_fixtures.py with that commit's own server) upgrades, and every
game in it then loads and replays exactly: the same state, the same legal actions, the same
views, and the games in progress play on; upgrading again changes nothing; databases older
still (no ``rng_seed``, no notes or chat tables) upgrade too; processes starting at once
migrate once.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    NullPool,
    String,
    Table,
    Text,
    create_engine,
    inspect,
    text,
)

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title
from crisis.server import create_app, migrations
from crisis.server.migrations.tables import metadata
from crisis.server.migrations.versions.v0003_seconds_64_bits import MOMENTS
from crisis.server.play.hall import same_but_wording
from crisis.server.play.table import Live
from crisis.server.store.repository import GameRow, Store
from crisis.server.store.schema import chat, games
from tests.databases import BACKENDS, fresh_database
from tests.server.conftest import pick

DATA = Path(__file__).parent / "data"
EXPECTED: dict[str, Any] = json.loads((DATA / "c50798d-games.json").read_text())
#: The tables of c50798d's schema, and those revisions 0004, 0005, 0007, 0014 and 0015 added.
OLD_TABLES = {"games", "seats", "actions", "notes", "chat"}
TABLES = OLD_TABLES | {"processes", "sockets", "settings"}
TABLES |= {"accounts", "sessions", "links", "outbox"}
TABLES |= {"ratings", "rating_changes"}
TABLES |= {"invitation_mails", "blocks"}
TABLES |= {"push_subscriptions", "notice_channels"}
TABLES |= {"attempts"}
TABLES |= {"seat_clocks", "vacations"}


def digest(value: Any) -> str:
    """As tools/migration_fixtures.py hashes: a string as it is, anything else as
    canonical JSON."""
    data = (
        value
        if isinstance(value, str)
        else json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    )
    return hashlib.sha256(data.encode()).hexdigest()


def engine(url: str) -> Engine:
    return create_engine(url, poolclass=NullPool)


@contextmanager
def database(backend: str, folder: Path) -> Iterator[str]:
    """A fresh empty database on ``backend``; yields its URL."""
    with fresh_database(backend, folder) as db:
        yield db.url


@contextmanager
def c50798d_database(backend: str, folder: Path) -> Iterator[str]:
    """A copy of the database c50798d's server wrote on ``backend``; yields its URL."""
    with database(backend, folder) as url:
        if backend == "sqlite":
            path = engine(url).url.database
            assert path is not None
            shutil.copyfile(DATA / "c50798d.sqlite", path)
        else:
            restore(url, DATA / "c50798d-postgresql.sql")
        yield url


def restore(url: str, dump: Path) -> None:
    """Execute a plain-SQL dump (pg_dump --inserts) on ``url``'s database."""
    e = engine(url)
    try:
        with e.connect() as db:
            raw = db.connection.dbapi_connection
            assert raw is not None
            raw.cursor().execute(dump.read_text())  # psycopg runs several statements at once
            raw.commit()
    finally:
        e.dispose()


def version_of(url: str) -> tuple[str, ...]:
    e = engine(url)
    try:
        with e.connect() as db:
            return migrations.current(db)
    finally:
        e.dispose()


def differences(url: str, declared: MetaData = metadata) -> list[Any]:
    """What Alembic's autogenerate finds between the database and ``declared``."""
    e = engine(url)
    try:
        with e.connect() as db:
            return list(compare_metadata(MigrationContext.configure(db), declared))
    finally:
        e.dispose()


def schema(url: str) -> dict[str, Any]:
    """Every table's columns, keys and indexes as the database reports them."""
    e = engine(url)
    try:
        inspector = inspect(e)
        return {
            name: {
                "columns": [
                    (c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(name)
                ],
                "primary": inspector.get_pk_constraint(name)["constrained_columns"],
                "foreign": sorted(
                    (tuple(f["constrained_columns"]), f["referred_table"])
                    for f in inspector.get_foreign_keys(name)
                ),
                "indexes": sorted(
                    (i["name"], tuple(i["column_names"])) for i in inspector.get_indexes(name)
                ),
            }
            for name in sorted(inspector.get_table_names())
        }
    finally:
        e.dispose()


def contents(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table the database has (of those crisis makes)."""
    e = engine(url)
    try:
        present = set(inspect(e).get_table_names())
        with e.connect() as db:
            return {
                name: sorted(
                    (tuple(row) for row in db.execute(text(f"SELECT * FROM {name}"))), key=repr
                )
                for name in sorted((TABLES | {"alembic_version"}) & present)
            }
    finally:
        e.dispose()


def settings() -> dict[str, Any]:
    """The test server's settings (as tests/server/conftest.py's make_client)."""
    return {
        "bot_delay": 0.0,
        "allow_seed": True,
        "messages_per_second": 1e4,
        "think_seconds": 0.05,
    }


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    """A view less its log (whose wording may change between versions) and ``can_undo``."""
    return {k: v for k, v in view.items() if k not in ("log", "can_undo")}


def shown_now(row: GameRow, log: list[list[Any]], role: str | None) -> dict[str, Any]:
    """What this version shows ``role`` of a game stored with ``log``, as the server builds
    it: from a replay while the game goes on (its log lines worded as this version words
    them), from the stored state once it is over (a finished game is not replayed when it is
    loaded; ``check_replays`` checks that its replay is the same game); the view, the labels
    and the reasons some actions are unavailable."""
    title = get_title(row.title)
    if row.status == "finished":
        match = Match(title, row.seed, row.options, state=title.rules.from_json(row.state))
        match.log = [(r, Action.parse([v, a])) for r, v, a in log]
    else:
        match = Match.replay(title, {"seed": row.seed, "options": row.options, "log": log})
    shown: dict[str, Any] = json.loads(Live(row=row, title=title, match=match).payload(role))
    return shown


def check_replays(store: Store, table: str, expected: dict[str, Any]) -> None:
    """The stored game is what c50798d stored, and setup + log rebuilds its state exactly
    with the same legal actions for every seat."""
    row = store.load_game(table)
    assert row is not None
    title = get_title(row.title)
    log = store.load_log(table)
    if expected:
        assert (row.version, row.status, row.active) == (
            expected["version"],
            expected["status"],
            expected["active"],
        )
        assert row.result == expected["result"]
        assert (row.rematch_of, row.rematch) == (expected["rematch_of"], expected["rematch"])
        assert digest(row.state) == expected["state"]
        assert (len(log), digest(log)) == (expected["log_length"], expected["log"])
    replayed = Match.replay(title, {"seed": row.seed, "options": row.options, "log": log})
    # The same game; its log lines may be worded as this crisis words them.
    # (The stored state as this version writes it: older ones kept fields it derives.)
    current = title.rules.to_json(title.rules.from_json(row.state)).decode()
    assert same_but_wording(title.rules.to_json(replayed.state).decode(), current)
    now = title.rules.from_json(row.state)
    for seat in row.seats:
        legal = replayed.actions(seat.role)  # undo too, where the turn's snapshots allow it
        assert [a for a in legal if a.verb != "undo"] == title.rules.actions(now, seat.role)
        view = expected.get("views", {}).get(seat.role)
        if view is not None and row.status == "playing":
            assert [a.to_json() for a in legal] == view["actions"]


# -- the schema ------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_new_database_is_created_at_head_with_the_declared_schema(
    backend: str, tmp_path: Path
) -> None:
    with database(backend, tmp_path) as url:
        Store(url).close()
        assert version_of(url) == (migrations.head(),)
        assert set(schema(url)) == TABLES | {"alembic_version"}
        assert differences(url) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_comparison_sees_a_schema_that_drifted(backend: str, tmp_path: Path) -> None:
    """The check above can fail: a column, table or index store.py declared but no revision
    made (or the other way round) is a difference."""
    drifted = MetaData()
    for table in metadata.tables.values():
        table.to_metadata(drifted)
    drifted.tables["games"].append_column(Column("owner", String(40)))
    Table("tournaments", drifted, Column("id", Integer, primary_key=True))
    with database(backend, tmp_path) as url:
        Store(url).close()
        found = {(d[0], getattr(d[-1], "name", None)) for d in differences(url, drifted)}
        assert ("add_column", "owner") in found
        assert ("add_table", "tournaments") in found


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_revisions_go_down_to_nothing_and_up_again(backend: str, tmp_path: Path) -> None:
    with database(backend, tmp_path) as url:
        e = engine(url)
        try:
            migrations.migrate(e)
            with e.begin() as db:
                command.downgrade(migrations.config(db), "base")
            assert set(inspect(e).get_table_names()) <= {"alembic_version"}
            migrations.migrate(e)
        finally:
            e.dispose()
        assert version_of(url) == (migrations.head(),)
        assert differences(url) == []


# -- a database from c50798d -----------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_from_c50798d_upgrades_and_replays_its_games_exactly(
    backend: str, tmp_path: Path
) -> None:
    games = EXPECTED[backend]
    with c50798d_database(backend, tmp_path) as url:
        assert version_of(url) == ()  # written before Alembic
        assert set(schema(url)) == OLD_TABLES
        store = Store(url)  # upgrades
        stored_games: dict[str, tuple[GameRow, list[list[Any]]]] = {}
        try:
            assert version_of(url) == (migrations.head(),)
            assert differences(url) == []
            for expected in games.values():
                table = expected["id"]
                check_replays(store, table, expected)
                row = store.load_game(table)
                assert row is not None
                stored_games[table] = (row, store.load_log(table))
                for role, note in expected["notes"].items():
                    assert store.load_note(table, role) == note
                chat = [
                    {k: c[k] for k in ("n", "role", "name", "text")} for c in store.load_chat(table)
                ]
                assert chat == expected["chat"]
        finally:
            store.close()
        # The server shows each seat what c50798d showed it, and the games play on.
        with TestClient(create_app(url, **settings())) as client:
            for expected in games.values():
                table = expected["id"]
                summary = client.get(f"/api/tables/{table}").json()
                assert summary["status"] == expected["status"]
                assert [
                    {k: s.get(k) for k in ("role", "kind", "bot", "name", "joined", "resigned")}
                    for s in summary["seats"]
                ] == expected["seats"]
                for role, seen in expected["views"].items():
                    if role == "public":
                        res = client.get(f"/api/tables/{table}/state")
                    else:
                        headers = {"X-Seat-Token": expected["tokens"][role]}
                        res = client.get(f"/api/tables/{table}/state?role={role}", headers=headers)
                    assert res.status_code == 200, res.text
                    msg = res.json()
                    assert msg["version"] == seen["version"], (table, role)
                    assert msg["actions"] == seen["actions"], (table, role)
                    # The same view, labels and reasons as this version gives the game that
                    # c50798d stored (the digests of c50798d's own words hold where this
                    # version words nothing differently: a log line or a label may differ).
                    seat = None if role == "public" else role
                    shown = shown_now(*stored_games[table], seat)
                    for part in ("view", "labels", "unavailable"):
                        assert msg[part] == shown[part], (table, role, part)
                    assert without_log(msg["view"]) == without_log(
                        get_title(summary["title"]).rules.view(
                            get_title(summary["title"]).rules.from_json(
                                stored_games[table][0].state
                            ),
                            seat,
                        )
                    ), (table, role)
            played = play_on(client, games)
        assert played == {k for k, g in games.items() if g["status"] == "playing"}
        store = Store(url)
        try:
            for label, expected in games.items():
                row = store.load_game(expected["id"])
                assert row is not None
                if label in played:
                    assert store.log_length(expected["id"]) > expected["log_length"]
                    assert row.version > expected["version"]
                check_replays(store, expected["id"], {})
        finally:
            store.close()


def play_on(client: TestClient, games: dict[str, Any]) -> set[str]:
    """Play every game in progress on, its people over HTTP, until one of its bots has moved
    too (the server resumed it); returns their labels."""
    rng = random.Random(22)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    played = set()
    for label, expected in games.items():
        if expected["status"] != "playing":
            continue
        table, tokens = expected["id"], expected["tokens"]
        row = store.load_game(table)
        assert row is not None
        bots = {s.role for s in row.seats if s.kind == "bot"}
        deadline = time.monotonic() + 120
        while not bots & {role for role, _, _ in store.load_log(table)[expected["log_length"] :]}:
            assert time.monotonic() < deadline, f"{label}: no bot moved"
            for role, token in tokens.items():
                headers = {"X-Seat-Token": token}
                msg = client.get(f"/api/tables/{table}/state?role={role}", headers=headers).json()
                legal = [a for a in msg["actions"] if a[0] != "undo"]
                if legal and msg["table"]["status"] == "playing":
                    body = {"role": role, "action": pick(legal, rng), "version": msg["version"]}
                    res = client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
                    assert res.status_code in (200, 409), (label, res.text)  # 409: a bot was first
                    break
            else:
                time.sleep(0.02)  # a bot's turn: it thinks in a worker process
        played.add(label)
    return played


#: What revision 0002 adds: the indexes on games by ``updated`` (then ``id``) and by ``rematch``.
INDEXES_0002 = {("games_by_rematch", ("rematch",)), ("games_by_updated", ("updated", "id"))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_from_c50798d_upgrades_through_0002_and_back(
    backend: str, tmp_path: Path
) -> None:
    """Adopted as 0001, then 0002 adds the games' indexes (and nothing else); its downgrade
    takes them away again; the data never changes."""
    revision = migrations.script().get_revision("0002")
    assert revision is not None and revision.down_revision == "0001"
    with c50798d_database(backend, tmp_path) as url:
        e = engine(url)
        try:
            with e.connect() as db:  # as migrate() does, but stopping at 0001
                migrations.lock(db)
                migrations.adopt(db)
                db.commit()
            assert version_of(url) == ("0001",)
            at_0001 = schema(url)
            data = contents(url)
            assert not INDEXES_0002 & set(at_0001["games"]["indexes"])
            with e.connect() as db:
                migrations.lock(db)
                command.upgrade(migrations.config(db), "0002")
                db.commit()
            assert version_of(url) == ("0002",)
            at_0002 = schema(url)
            assert set(at_0002["games"]["indexes"]) == set(at_0001["games"]["indexes"]) | (
                INDEXES_0002
            )
            assert {k: v for k, v in at_0002.items() if k != "games"} == {
                k: v for k, v in at_0001.items() if k != "games"
            }
            assert contents(url) == {**data, "alembic_version": [("0002",)]}
            with e.connect() as db:
                migrations.lock(db)
                command.downgrade(migrations.config(db), "0001")
                db.commit()
            assert version_of(url) == ("0001",)
            assert schema(url) == at_0001 and contents(url) == data
            migrations.migrate(e)
        finally:
            e.dispose()
        assert version_of(url) == (migrations.head(),)
        assert set(schema(url)["games"]["indexes"]) >= INDEXES_0002
        assert differences(url) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_new_database_has_the_games_indexes(backend: str, tmp_path: Path) -> None:
    with database(backend, tmp_path) as url:
        Store(url).close()
        assert set(schema(url)["games"]["indexes"]) >= INDEXES_0002


@pytest.mark.parametrize("backend", BACKENDS)
def test_upgrading_twice_changes_nothing(backend: str, tmp_path: Path) -> None:
    with c50798d_database(backend, tmp_path) as url:
        e = engine(url)
        try:
            migrations.migrate(e)
            before = schema(url), contents(url)
            migrations.migrate(e)
            Store(url).close()
            assert (schema(url), contents(url)) == before
        finally:
            e.dispose()


# -- older databases -------------------------------------------------------------------------


def old_metadata(commit: str) -> MetaData:
    """The tables as crisis's ``metadata.create_all`` made them before ``rng_seed`` (e46a65f):
    at 8a7ae64 (games, seats, actions) or at 65a712b (notes and chat too)."""
    old = MetaData()
    Table(
        "games",
        old,
        Column("id", String(32), primary_key=True),
        Column("title", String(64), nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("options", Text, nullable=False),
        Column("status", String(16), nullable=False),
        Column("version", Integer, nullable=False),
        Column("state", Text, nullable=False),
        Column("active", Text, nullable=False),
        Column("result", Text),
        Column("rematch_of", String(32)),
        Column("rematch", String(32)),
        Column("created", Integer, nullable=False),
        Column("updated", Integer, nullable=False),
    )
    Table(
        "seats",
        old,
        Column("game", String(32), ForeignKey("games.id"), primary_key=True),
        Column("role", String(16), primary_key=True),
        Column("position", Integer, nullable=False),
        Column("kind", String(8), nullable=False),
        Column("bot", String(32)),
        Column("name", String(40), nullable=False),
        Column("token_hash", String(64)),
        Column("joined", Integer, nullable=False, default=0),
        Column("resigned", Integer, nullable=False, default=0),
        Index("seats_by_token", "token_hash"),
    )
    Table(
        "actions",
        old,
        Column("game", String(32), ForeignKey("games.id"), primary_key=True),
        Column("n", Integer, primary_key=True),
        Column("role", String(16), nullable=False),
        Column("verb", String(40), nullable=False),
        Column("arg", Text, nullable=False),
        Column("at", Integer, nullable=False),
    )
    if commit == "65a712b":
        Table(
            "notes",
            old,
            Column("game", String(32), ForeignKey("games.id"), primary_key=True),
            Column("role", String(16), primary_key=True),
            Column("text", Text, nullable=False),
            Column("updated", Integer, nullable=False),
        )
        Table(
            "chat",
            old,
            Column("game", String(32), ForeignKey("games.id"), primary_key=True),
            Column("n", Integer, primary_key=True),
            Column("role", String(16), nullable=False),
            Column("name", String(40), nullable=False),
            Column("text", Text, nullable=False),
            Column("at", Integer, nullable=False),
        )
    return old


@pytest.mark.parametrize("commit", ["8a7ae64", "65a712b"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_an_older_database_without_rng_seed_upgrades(
    backend: str, commit: str, tmp_path: Path
) -> None:
    """Its games (played on the old generator, SplitMix64 from their 31-bit seed) keep it."""
    title = get_title("time_of_crisis")
    old = Match(title, "splitmix64:5", {"players": 2})
    rnd = random.Random(1)
    for _ in range(40):
        role = old.active()[0]
        old.apply(
            role, rnd.choice([a for a in title.rules.actions(old.state, role) if a.verb != "undo"])
        )
    with database(backend, tmp_path) as url:
        e = engine(url)
        try:
            old_metadata(commit).create_all(e)
            with e.begin() as db:
                db.execute(
                    text(
                        "INSERT INTO games (id, title, seed, options, status, version, state,"
                        " active, created, updated) VALUES ('old', 'time_of_crisis', 5,"
                        " :options, 'playing', :version, :state, :active, 0, 0)"
                    ),
                    {
                        "options": json.dumps({"players": 2}),
                        "version": len(old.log),
                        "state": title.rules.to_json(old.state).decode(),
                        "active": json.dumps(old.active()),
                    },
                )
                for i, role in enumerate(("green", "blue")):
                    db.execute(
                        text(
                            "INSERT INTO seats (game, role, position, kind, name, joined,"
                            " resigned) VALUES ('old', :role, :i, 'human', :role, 1, 0)"
                        ),
                        {"role": role, "i": i},
                    )
                for n, (role, action) in enumerate(old.log):
                    verb, arg = action.to_json()
                    db.execute(
                        text(
                            "INSERT INTO actions (game, n, role, verb, arg, at)"
                            " VALUES ('old', :n, :role, :verb, :arg, 0)"
                        ),
                        {"n": n, "role": role, "verb": verb, "arg": json.dumps(arg)},
                    )
        finally:
            e.dispose()
        store = Store(url)
        try:
            assert version_of(url) == (migrations.head(),)
            assert differences(url) == []
            row = store.load_game("old")
            assert row is not None and row.seed == "splitmix64:5"
            check_replays(store, "old", {})
            assert title.rules.from_json(row.state).rng.key == ""  # still the old generator
            store.save_note("old", "green", "a note")
            store.add_chat("old", "blue", "blue", "hello")
            assert store.load_note("old", "green") == "a note"
        finally:
            store.close()
        e = engine(url)
        try:
            with e.connect() as db:
                stored = db.execute(text("SELECT rng_seed FROM games")).scalar_one()
        finally:
            e.dispose()
        assert json.loads(stored) == "splitmix64:5"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_migration_that_fails_leaves_the_database_as_it_was(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction: a database from before ``rng_seed`` whose adoption fails after it
    made the notes and chat tables keeps neither, nor a version table."""

    def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is full")

    with database(backend, tmp_path) as url:
        e = engine(url)
        try:
            old_metadata("8a7ae64").create_all(e)
            before = schema(url)
            monkeypatch.setattr(Operations, "add_column", boom)
            with pytest.raises(RuntimeError, match="disk is full"):
                migrations.migrate(e)
        finally:
            e.dispose()
        assert schema(url) == before
        monkeypatch.undo()
        Store(url).close()
        assert differences(url) == []


# -- two processes at once -------------------------------------------------------------------

#: One server process's start, reduced to its migration: ready, wait for the gate, migrate.
START = """
import sys, time
from pathlib import Path
from sqlalchemy import NullPool, create_engine
from crisis.server.migrations import migrate
engine = create_engine(sys.argv[1], poolclass=NullPool)
print("ready", flush=True)
while not Path(sys.argv[2]).exists():
    time.sleep(0.005)
migrate(engine)
print("migrated", flush=True)
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("start", ["new", "c50798d"])
def test_servers_starting_at_once_migrate_once(backend: str, start: str, tmp_path: Path) -> None:
    """Two processes start on the same database at the same moment: the lock lets one
    migrate while the other waits, then finds it done (without the lock, one of them fails:
    "table already exists" on either database)."""
    made = database(backend, tmp_path) if start == "new" else c50798d_database(backend, tmp_path)
    gate = tmp_path / "go"
    with made as url:
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", START, url, str(gate)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        try:
            for p in procs:
                assert p.stdout is not None and p.stdout.readline() == "ready\n"
            gate.touch()
            outcomes = [p.communicate(timeout=60) for p in procs]
        finally:
            for p in procs:
                p.kill()
        assert [p.returncode for p in procs] == [0, 0], [err for _, err in outcomes]
        assert version_of(url) == (migrations.head(),)
        assert differences(url) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_moments_after_2038_are_kept_on_every_database(backend: str, tmp_path: Path) -> None:
    """0003 widens the moments to 64 bits where a database server had 32 (an upgraded c50798d
    database included); a table touched after January 2038 keeps its time."""
    later = 2**31 + 86_400  # a day past the 32-bit end
    with c50798d_database(backend, tmp_path) as url:
        store = Store(url)  # upgrades to head
        try:
            game_id = store.recent_games(1)[0].id
            with store.engine.begin() as db:
                db.execute(games.update().where(games.c.id == game_id).values(updated=later))
            store.add_chat(game_id, "green", "Green", "hello from the future")
            with store.engine.begin() as db:
                db.execute(chat.update().where(chat.c.game == game_id).values(at=later))
            row = store.load_game(game_id)
            assert row is not None and row.updated == later
            assert all(m["at"] == later for m in store.load_chat(game_id))
        finally:
            store.close()
        if backend == "postgresql":
            tables = schema(url)
            types = {
                (table, column): kind
                for table, column in MOMENTS
                for name, kind, _ in tables[table]["columns"]
                if name == column
            }
            assert len(types) == len(MOMENTS) and set(types.values()) == {"BIGINT"}, types


def test_migrating_says_what_it_did_in_one_line(tmp_path: Path, caplog: Any) -> None:
    """A new database is brought to the newest revision with one line in the server's log,
    not Alembic's note of every revision with its docstring; a database already there logs
    nothing; Alembic's own logger is left as it was."""
    import logging

    engine = create_engine(f"sqlite:///{tmp_path / 'new.sqlite'}")
    alembic_log = logging.getLogger("alembic")
    before = alembic_log.level
    with caplog.at_level(logging.INFO):
        migrations.migrate(engine)
    mine = [r.getMessage() for r in caplog.records if r.name == "crisis.server"]
    assert mine == [
        f"database schema upgraded from nothing (a new database) to revision {migrations.head()}"
    ]
    assert [r for r in caplog.records if r.name.startswith("alembic")] == []
    assert alembic_log.level == before
    caplog.clear()
    with caplog.at_level(logging.INFO):
        migrations.migrate(engine)
    assert [r for r in caplog.records if r.name in ("crisis.server", "alembic")] == []
    engine.dispose()
