"""A session's end closes the table websockets it opened: a socket keeps the seats its
session gave it at hello, so a sign-out (that browser's sockets) and a change of password or
a reset (every other browser's) close them at once, each told why; a socket of a session
that stays open is left alone. Both databases."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from crisis.server.accounts.data import Accounts, digest
from tests.databases import Database
from tests.server.conftest import HUMAN, create
from tests.server.test_accounts import PASSWORD, loosen, make_app, quick_hashes  # noqa: F401


def signed_in(client: TestClient, name: str | None = None) -> TestClient:
    browser = TestClient(client.app)
    if name is not None:
        res = browser.post(
            "/api/account/signup",
            json={"name": name, "email": f"{name}@example.org", "password": PASSWORD},
        )
    else:
        res = browser.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
    assert res.status_code in (200, 201), res.text
    return browser


def greeted(browser: TestClient, table: str) -> Any:
    """A socket at ``table`` that said hello with no seat secret (the session's seats)."""
    ws = browser.websocket_connect(f"/ws/{table}").__enter__()
    ws.send_json({"type": "hello", "tokens": []})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome" and welcome["roles"] == ["green"], welcome
    return ws


def closed_with(ws: Any, code: str) -> None:
    """Read until the server's refusal ``code`` and the close."""
    while True:
        msg = ws.receive()
        if msg["type"] == "websocket.close":
            raise AssertionError("closed before saying why")
        data = msg.get("text") or ""
        if f'"code":"{code}"' in data.replace(" ", ""):
            break
    assert ws.receive()["type"] == "websocket.close"


def test_sign_out_and_a_new_password_close_that_sessions_sockets(db: Database) -> None:
    with make_app(db) as client:
        loosen(client)
        first = signed_in(client, "Aurelian")
        table, tokens = create(client, [HUMAN, HUMAN])
        res = first.post("/api/account/seats", json={"tokens": [tokens["green"]]})
        assert res.json()["claimed"] == [[table, "green"]], res.text
        second, third = signed_in(client), signed_in(client)
        sockets = {
            name: greeted(b, table)
            for name, b in (("first", first), ("second", second), ("third", third))
        }
        service = client.app.state.accounts  # type: ignore[attr-defined]
        assert len(service.sockets.by_session) == 3
        # The second browser signs out: its socket closes, the others stay.
        assert second.post("/api/account/signout").status_code == 200
        closed_with(sockets["second"], "signed_out")
        # The first changes the password: every other browser's socket closes, its own stays.
        res = first.post(
            "/api/account/password", json={"current": PASSWORD, "new": "Walls of Rome 271"}
        )
        assert res.status_code == 200, res.text
        closed_with(sockets["third"], "signed_out")
        first_ws = sockets["first"]
        first_ws.send_json({"type": "hello", "tokens": []})
        assert first_ws.receive_json()["type"] in ("welcome", "state")
        assert len(service.sockets.by_session) == 1
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def test_a_session_that_expires_closes_its_sockets(db: Database) -> None:
    """No sign-out announces an expiry: each process looks at its sockets' sessions, and
    closes those of a session that expired (or was swept) while leaving the others."""
    with make_app(db) as client:
        loosen(client)
        first = signed_in(client, "Aurelian")
        table, tokens = create(client, [HUMAN, HUMAN])
        res = first.post("/api/account/seats", json={"tokens": [tokens["green"]]})
        assert res.status_code == 200, res.text
        second = signed_in(client)
        old, kept = greeted(first, table), greeted(second, table)
        service = client.app.state.accounts  # type: ignore[attr-defined]
        assert client.portal.call(service.close_expired) == 0  # type: ignore[union-attr]
        # The first browser's session runs out (its last use a month ago).
        key = digest(first.cookies["crisis_session"])
        assert key in service.sockets.by_session
        db.execute("UPDATE sessions SET expires = 1 WHERE id = :id", id=key)
        assert client.portal.call(service.close_expired) == 1  # type: ignore[union-attr]
        closed_with(old, "signed_out")
        # The sweep forgets it and announces it ended (every other process closes its
        # sockets of it); the other session and its socket are untouched.
        told: list[dict[str, Any]] = []
        sweeper = Accounts(service.data.engine, announce=lambda _db, notice: told.append(notice))
        assert sweeper.sweep() >= 1
        assert told == [{"k": "ended", "s": [key]}]
        assert db.execute("SELECT COUNT(*) FROM sessions WHERE id = :id", id=key)[0][0] == 0
        assert client.portal.call(service.close_expired) == 0  # type: ignore[union-attr]
        kept.send_json({"type": "hello", "tokens": []})
        assert kept.receive_json()["type"] in ("welcome", "state")
        assert list(service.sockets.by_session) != [key] and len(service.sockets.by_session) == 1
        # The expired cookie signs nobody in.
        assert first.get("/api/account").json()["account"] is None
        for ws in (old, kept):
            ws.__exit__(None, None, None)
