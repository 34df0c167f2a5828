"""The databases the store, server, crash and browser tests run on: SQLite and PostgreSQL.

Each test that needs a database gets a fresh one: a SQLite file in its temporary folder, or a
database created for it on a PostgreSQL server (``CREATE DATABASE crisis_test_<random>``,
dropped again, connections and all, when the test ends), so that tests running side by side
(``pytest -n 2``) never share one.

The PostgreSQL server is the one at ``$CRISIS_TEST_POSTGRES`` (a SQLAlchemy URL whose database
is the one to connect to for ``CREATE DATABASE``, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5433/postgres``), else the one on 127.0.0.1:5432 as
the current user. ``make test`` runs the tests through ``tools/with-postgres.sh``, which sets
that variable to a server it found or started. Where no server answers, the PostgreSQL tests
fail under CI (``CI=true``) and are skipped with the reason otherwise.
"""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import URL, NullPool, create_engine, make_url, text

#: The backends every database test runs on, as pytest ids.
BACKENDS = ("sqlite", "postgresql")
#: The variable naming the PostgreSQL server for the tests (see the module's text).
ENV = "CRISIS_TEST_POSTGRES"
DEFAULT_POSTGRES = "postgresql+psycopg://127.0.0.1:5432/postgres"


@dataclass(frozen=True)
class Database:
    """A fresh, empty database for one test: its backend and its SQLAlchemy URL."""

    backend: str  # "sqlite" or "postgresql"
    url: str

    def __str__(self) -> str:
        return self.url

    def execute(self, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        """Run one SQL statement (``:name`` parameters) in a transaction of its own, behind
        the server's back; returns the rows it gives, if any."""
        engine = create_engine(self.url, poolclass=NullPool)
        try:
            with engine.begin() as db:
                result = db.execute(text(sql), params)
                return [tuple(row) for row in result] if result.returns_rows else []
        finally:
            engine.dispose()


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@functools.cache
def _postgres() -> tuple[URL | None, str]:
    """The server's URL (to its maintenance database) if one answers, else None and why."""
    url = make_url(os.environ.get(ENV) or DEFAULT_POSTGRES)
    shown = url.render_as_string(hide_password=True)
    try:
        engine = create_engine(
            url, poolclass=NullPool, isolation_level="AUTOCOMMIT", connect_args=_timeout(url)
        )
        with engine.connect() as db:
            db.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return None, (
            f"no PostgreSQL server answers at {shown} ({first}); set {ENV} to a server's "
            "SQLAlchemy URL (postgresql+psycopg://user@host:port/db) or run the tests with "
            "`make test` (tools/with-postgres.sh starts a throwaway server)"
        )
    return url, ""


def _timeout(url: URL) -> dict[str, Any]:
    return {"connect_timeout": 5} if url.get_backend_name() == "postgresql" else {}


def postgres_server() -> URL:
    """The test server's URL; where none answers, fail under CI and skip elsewhere."""
    url, why = _postgres()
    if url is None:
        if in_ci():
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    return url


def _admin(server: URL, sql: str) -> None:
    engine = create_engine(server, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            db.execute(text(sql))
    finally:
        engine.dispose()


@contextmanager
def fresh_database(backend: str, folder: Path) -> Iterator[Database]:
    """A new empty database on ``backend`` (a SQLite file in ``folder``, or a database created
    on the test server), removed afterwards (the PostgreSQL one even if connections remain)."""
    if backend == "sqlite":
        yield Database("sqlite", f"sqlite:///{folder / 'crisis.db'}")
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    server = postgres_server()
    name = f"crisis_test_{secrets.token_hex(8)}"
    _admin(server, f'CREATE DATABASE "{name}"')
    try:
        yield Database(
            "postgresql", server.set(database=name).render_as_string(hide_password=False)
        )
    finally:
        _admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def end_connections(url: str) -> int:
    """End every other connection to the PostgreSQL database at ``url``, as a server restart
    ends them; how many there were."""
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            rows = db.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).fetchall()
            return len(rows)
    finally:
        engine.dispose()
