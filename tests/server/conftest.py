"""Fixtures for the server tests: an app on a fresh database (each test that asks for ``db``
runs twice: on a SQLite file and on a PostgreSQL database, tests/databases.py), and small
helpers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import create_app
from tests.databases import BACKENDS, Database, fresh_database

HUMAN: dict[str, Any] = {"kind": "human"}
BOT: dict[str, Any] = {"kind": "bot", "bot": "random"}


def make_client(db: Database, **kwargs: Any) -> TestClient:
    """A test client for an app on the database ``db`` (bots move at once and search briefly;
    seeds may be chosen)."""
    settings: dict[str, Any] = {
        "bot_delay": 0.0,
        "allow_seed": True,
        "messages_per_second": 1e4,
        "think_seconds": 0.05,
    }
    settings.update(kwargs)
    return TestClient(create_app(db.url, **settings))


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """A fresh database, once on each backend."""
    with fresh_database(request.param, tmp_path) as database:
        yield database


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def create(
    client: TestClient,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    seed: int = 1,
    title: str = "time_of_crisis",
) -> tuple[str, dict[str, str]]:
    """Create a table; returns its id and the seat tokens."""
    body = {"seats": seats, "options": options or {}, "seed": seed, "title": title}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    body = res.json()
    return body["table"]["id"], body["tokens"]


def state(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    """The current state message (public without a token)."""
    headers = {"X-Seat-Token": token} if token else {}
    res = client.get(f"/api/tables/{table}/state", headers=headers)
    assert res.status_code == 200, res.text
    return dict(res.json())


def stored(client: TestClient, table: str) -> tuple[int, str, int]:
    """What the database holds for ``table``: version, state text, log length."""
    store = client.app.state.store  # type: ignore[attr-defined]
    row = store.load_game(table)
    return row.version, row.state, store.log_length(table)


def pick(actions: list[list[Any]], rng: random.Random) -> list[Any]:
    """A random legal action (not undo) that often ends the phase, so games finish."""
    legal = [a for a in actions if a[0] != "undo"]
    ends = [a for a in legal if a[0] in ("end_actions", "end_buy", "pass", "stay", "keep")]
    if ends and rng.random() < 0.3:
        return ends[0]
    return rng.choice(legal)


def play_ws(
    ws: Any,
    role: str,
    rng: random.Random,
    limit: int = 100_000,
    latest: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``role`` over an open, greeted websocket until the game ends or ``limit`` actions
    (starting from the state message ``latest`` if one was already read); returns the last
    state message."""
    waiting = False
    acted = 0
    skip_read = latest is not None
    while True:
        msg = {"type": "none"} if skip_read else ws.receive_json()
        skip_read = False
        if msg["type"] == "state":
            latest = msg
        elif msg["type"] == "acted":
            waiting = False
        elif msg["type"] == "error" and msg["code"] == "stale" and waiting:
            # A bot moved between the state this acted on and the act (a race the server
            # answers with the newer state, which comes next): act on that one.
            waiting = False
            acted -= 1
            latest = None
        elif msg["type"] == "error":
            raise AssertionError(msg)
        if latest is None:
            continue
        if latest["table"]["status"] == "finished" or (acted >= limit and not waiting):
            return latest
        if not waiting and any(a[0] != "undo" for a in latest["actions"]):
            action = pick(latest["actions"], rng)
            ws.send_json(
                {"type": "act", "role": role, "action": action, "version": latest["version"]}
            )
            waiting = True
            acted += 1
