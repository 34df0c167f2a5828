"""The database schema's migrations (Alembic), shipped with the package so that an installed
crisis creates and upgrades its own database.

:func:`migrate` runs at every server start (``Store``): it creates a new database at the
newest revision, upgrades an older one, and adopts a database written before Alembic (crisis
up to c50798d, whose tables were made by ``metadata.create_all`` and a startup ``ALTER
TABLE``): it adds what that database lacks, stamps it as revision ``0001``, then upgrades.
The whole run is one transaction under a lock, so two processes starting at once migrate
once (PostgreSQL: a transaction-level advisory lock; SQLite: ``BEGIN EXCLUSIVE``).

A new revision: change the owning concern's ``schema.py``, then (against a database at head)
``python -m crisis.server.migrations --database URL revision -m "what" --autogenerate``,
and read what it wrote under ``versions/``: the test in tests/server/test_migrations.py fails
while the revisions and the tables differ.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from alembic import command, op
from alembic.config import Config
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

from crisis.engine.rng import LEGACY_PREFIX

_log = logging.getLogger("crisis.server")

HERE = Path(__file__).resolve().parent
#: The first revision: the schema as crisis had it when Alembic came (c50798d).
FIRST = "0001"
#: PostgreSQL advisory lock held (for the transaction) while migrating; any fixed 64-bit
#: number no other lock of the site uses.
LOCK_KEY = 0x63726973_69736462  # "crisisdb"
#: Alembic's ``context`` and ``op`` are process-wide: one migration at a time per process.
_RUNNING = threading.Lock()


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration, built here (no alembic.ini): the scripts beside this module,
    and the open ``connection`` that env.py migrates (or ``url`` for it to connect to)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("path_separator", "os")
    # New revision files: v<rev>_<slug>.py (importable names; pass --rev-id 0002 ...).
    cfg.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    cfg.attributes["connection"] = connection
    return cfg


@functools.cache
def script() -> ScriptDirectory:
    """The revisions (read once per process)."""
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision."""
    newest = script().get_current_head()
    assert newest is not None
    return newest


def current(connection: Connection) -> tuple[str, ...]:
    """The revisions the database is stamped with (empty: new, or from before Alembic)."""
    return tuple(MigrationContext.configure(connection).get_current_heads())


def migrate(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest revision, in one transaction under the
    migration lock (a no-op, apart from taking the lock, when it is there already)."""
    with _RUNNING, engine.connect() as connection:
        lock(connection)
        upgrade(connection)
        connection.commit()


def lock(connection: Connection) -> None:
    """Begin the migration's transaction holding a lock no other migration can share: other
    processes wait here until this one commits, then find the database up to date."""
    dialect = connection.dialect.name
    if dialect == "postgresql":
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
    elif dialect == "sqlite":
        # pysqlite opens no transaction before DDL on its own: this one covers the whole run
        # and takes the write lock at once (other processes wait for it: busy_timeout).
        connection.exec_driver_sql("BEGIN EXCLUSIVE")


def upgrade(connection: Connection) -> None:
    """Adopt a database from before Alembic, then upgrade it to the newest revision, in the
    caller's transaction (which the caller commits)."""
    with _quiet_alembic():
        if not current(connection) and sa.inspect(connection).has_table("games"):
            adopt(connection)
        before = current(connection)
        if before == (head(),):
            return
        command.upgrade(config(connection), "head")
    _log.info(
        "database schema upgraded from %s to revision %s",
        ", ".join(before) or "nothing (a new database)",
        head(),
    )


@contextlib.contextmanager
def _quiet_alembic() -> Iterator[None]:
    """Alembic's notes at INFO (each revision it runs, with its whole docstring, and its
    context's details) held back while the server migrates: on a new database they are dozens
    of lines a host would read as trouble; :func:`upgrade` says what it did in one."""
    alembic_log = logging.getLogger("alembic")
    level = alembic_log.level
    alembic_log.setLevel(max(level, logging.WARNING))
    try:
        yield
    finally:
        alembic_log.setLevel(level)


def adopt(connection: Connection) -> None:
    """Bring a database written before Alembic to revision :data:`FIRST` and stamp it: the
    tables it lacks (private notes came with 80396e1, chat with 65a712b), and ``rng_seed``
    (e46a65f; c50798d added it at start), set for the old games to the generator they were
    played with, ``splitmix64:<seed>``, so that they keep replaying exactly."""
    from crisis.server.migrations.versions import v0001_schema as first

    inspector = sa.inspect(connection)
    present = set(inspector.get_table_names())
    context = MigrationContext.configure(connection)
    with Operations.context(context):
        for name, create in first.TABLES.items():
            if name not in present:
                create()
        if "rng_seed" not in {c["name"] for c in inspector.get_columns("games")}:
            op.add_column("games", first.rng_seed())
    games = sa.table("games", sa.column("seed", sa.BigInteger), sa.column("rng_seed", sa.Text))
    legacy = sa.literal(f'"{LEGACY_PREFIX}', sa.Text) + sa.cast(games.c.seed, sa.Text)
    connection.execute(
        games.update()
        .where(games.c.rng_seed.is_(None))
        .values(rng_seed=legacy + sa.literal('"', sa.Text))
    )
    context.stamp(script(), FIRST)
