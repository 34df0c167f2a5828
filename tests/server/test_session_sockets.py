"""A session's end closes the table websockets it opened: a socket keeps the seats its
session gave it at hello, so a sign-out (that browser's sockets) and a change of password or
a reset (every other browser's) close them at once, each told why; a socket of a session
that stays open is left alone. Both databases."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

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
