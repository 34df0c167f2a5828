"""A session's end closes its table sockets in every process of the site, not only in the one
that answered: a sign-out through one process closes that browser's socket served by another,
and a new password set through one closes the other browsers' sockets wherever they are
(the processes tell each other through PostgreSQL's NOTIFY). Two real processes
(``python -m crisis.server``), real websockets, real Argon2id."""

from __future__ import annotations

import json
import urllib.request
from http.cookiejar import CookieJar
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from crisis.devtools.loadtest import post
from tests.databases import Database
from tests.server.test_accounts import PASSWORD
from tests.server.test_site import pg, servers  # noqa: F401

pytestmark = pytest.mark.slow


class Browser:
    """A browser: its own cookies, sent to every process of the site."""

    def __init__(self) -> None:
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, base: str, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            f"{base}{path}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with self.opener.open(req, timeout=60) as res:
            return json.loads(res.read())

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar if c.name == "crisis_session")

    def socket(self, base: str, table: str) -> ClientConnection:
        """A socket at ``table`` that said hello with no seat secret: the session's seats."""
        ws = connect(
            base.replace("http", "ws") + f"/ws/{table}",
            open_timeout=60,
            additional_headers={"Cookie": self.cookie()},
            legacy=True,
        )
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        welcome = json.loads(ws.recv(30))
        assert welcome["type"] == "welcome" and welcome["roles"] == ["green"], welcome
        return ws


def closed_with(ws: ClientConnection, code: str) -> None:
    """Read until the server's refusal ``code`` (then the close); fails on a close first or
    after a minute of nothing (a wait on the message, not on the clock)."""
    while True:
        msg = json.loads(ws.recv(60))
        if msg.get("type") == "error" and msg.get("code") == code:
            break
    with pytest.raises(ConnectionClosed):
        ws.recv(30)


def test_sign_out_and_a_new_password_close_sockets_in_every_process(pg: Database) -> None:  # noqa: F811
    with servers(pg.url, 2) as [(a, _), (b, _)]:
        first = Browser()
        made = first.post(
            a,
            "/api/account/signup",
            {"name": "Aurelian", "email": "a@example.org", "password": PASSWORD},
        )
        assert made["account"]["name"] == "Aurelian"
        table = post(a, "/api/tables", {"seats": [{"kind": "human"}] * 2, "seed": 3})
        claimed = first.post(a, "/api/account/seats", {"tokens": [table["tokens"]["green"]]})
        assert claimed["claimed"] == [[table["table"]["id"], "green"]]
        second, third = Browser(), Browser()
        for browser in (second, third):
            browser.post(a, "/api/account/signin", {"login": "Aurelian", "password": PASSWORD})
        game = table["table"]["id"]
        # Each browser's socket is served by process b; every request goes to process a.
        sockets = {name: br.socket(b, game) for name, br in (("1", first), ("2", second))}
        sockets["3"] = third.socket(b, game)
        assert second.post(a, "/api/account/signout", {}) == {"account": None}
        closed_with(sockets["2"], "signed_out")
        first.post(a, "/api/account/password", {"current": PASSWORD, "new": "Walls of Rome 271"})
        closed_with(sockets["3"], "signed_out")
        # The session that changed the password keeps its socket: it still plays.
        sockets["1"].send(json.dumps({"type": "hello", "tokens": []}))
        assert json.loads(sockets["1"].recv(30))["type"] in ("welcome", "state")
        for ws in sockets.values():
            ws.close()
