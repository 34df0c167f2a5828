"""Every link the site mails starts with its configured address, never with the Host a
request names: the attack is a forged ``Host: evil.example`` on each route that mails a link
(the reset link would carry the owner's secret to the attacker's page). With SMTP set and no
public URL the server refuses to start; without SMTP (``make play``) links start with the
address it listens on. Both databases, a real SMTP server, real server processes."""

from __future__ import annotations

import http.client
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.devtools.loadtest import free_port, start_server, stop_server
from crisis.server.accounts import install, mail
from crisis.server.app import listening_url, mail_config
from crisis.server.mail.notices import notice as accounts_notice
from tests.databases import Database
from tests.server.smtp import Inbox, body, link, smtp_server
from tests.server.test_accounts import PASSWORD, make_app, quick_hashes  # noqa: F401

SITE = "https://crisis.example"
EVIL = "evil.example"
URL = re.compile(r"[a-z][a-z0-9+.-]*://[^\s<>]+", re.IGNORECASE)
MAIL_ENV = ("CRISIS_SMTP_URL", "CRISIS_PUBLIC_URL", "CRISIS_MAIL_FROM")


@pytest.fixture(autouse=True)
def no_mail_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in MAIL_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def site(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with smtp_server() as (inbox, url), make_app(db, smtp_url=url, public_url=SITE) as client:
        yield client, inbox


def urls(letter: EmailMessage) -> list[str]:
    """Every URL in a mail: its text and its List-Unsubscribe header."""
    found = URL.findall(body(letter))
    found += [u.strip("<>") for u in URL.findall(str(letter.get("List-Unsubscribe", "")))]
    return found


def forged(client: TestClient) -> TestClient:
    """A client of the same site whose every request names the attacker's host: in the
    Host header and in the headers proxies add."""
    return TestClient(
        client.app,
        base_url=f"https://{EVIL}",
        headers={
            "X-Forwarded-Host": EVIL,
            "X-Forwarded-Proto": "https",
            "Forwarded": f"host={EVIL};proto=https",
        },
    )


def test_a_forged_host_never_reaches_a_mailed_link(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    attacker = forged(client)
    # Sign-up (the confirmation), confirm again, forgot (the reset link), a change of address
    # (the undo link to the old one and a confirmation to the new one), all under the forged
    # Host, and the turn notice of a table (no request at all).
    res = attacker.post(
        "/api/account/signup",
        json={"name": "Aurelian", "email": "aurelian@example.org", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    inbox.wait(1)
    assert attacker.post("/api/account/confirm/again").status_code == 200
    inbox.wait(2)
    stranger = forged(client)
    res = stranger.post("/api/account/forgot", json={"login": "Aurelian"})
    assert res.status_code == 202, res.text
    inbox.wait(3)
    res = attacker.post(
        "/api/account/email", json={"email": "new@example.org", "password": PASSWORD}
    )
    assert res.status_code == 200, res.text
    letters = inbox.wait(5)
    # The new address confirmed, so that a notice goes.
    confirm = next(m for m in letters if m["To"] == "new@example.org")
    res = attacker.post("/api/account/confirm", json={"token": link(confirm, "/account/confirm")})
    assert res.status_code == 200, res.text
    [(account,)] = db.execute("SELECT id FROM accounts")
    queued = client.portal.call(  # type: ignore[union-attr]
        accounts_notice, client.app, account, "turn", "crisis: your turn", "Move.", "/table/t1"
    )
    assert queued
    letters = inbox.wait(6)
    kinds = sorted(str(m["Subject"]) for m in letters)
    assert len(kinds) == 6, kinds
    for letter in letters:
        raw = letter.as_string()
        assert EVIL not in raw, raw
        found = urls(letter)
        assert found, raw
        for url in found:
            assert url.startswith(SITE + "/"), (url, letter["Subject"])
        # RFC 8058's one-click header is a plain <https://...> value, its POST header beside.
        assert letter["List-Unsubscribe"].startswith(f"<{SITE}/")
        assert letter["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    paths = {re.sub(r"[#?].*", "", u).removeprefix(SITE) for m in letters for u in urls(m)}
    assert {"/account/confirm", "/account/reset", "/account/undo", "/table/t1"} <= paths
    assert {"/mail/stop", "/api/mail/stop"} <= paths
    # The secrets are the owner's to use at the real address (the change of address spent
    # the reset link; the undo link takes the old address back).
    undo = next(m for m in letters if "was changed" in str(m["Subject"]))
    owner = TestClient(client.app, base_url=SITE)
    res = owner.post(
        "/api/account/undo",
        json={"token": link(undo, "/account/undo"), "password": "Palmyra 272 AD!"},
    )
    assert res.status_code == 200, res.text
    assert res.json()["account"]["email"] == "aurelian@example.org"


def test_without_smtp_links_start_with_the_address_the_server_listens_on(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="crisis.mail")
    local = "http://127.0.0.1:8123"
    for given, expected in ((local, local), (None, "http://localhost")):
        with make_app(db, local_url=given) as client:
            attacker = forged(client)
            name = f"Aurelian{len(expected)}"
            res = attacker.post(
                "/api/account/signup",
                json={"name": name, "email": f"{name}@example.org", "password": PASSWORD},
            )
            assert res.status_code == 201, res.text
            attacker.post("/api/account/forgot", json={"login": name})
        # The mails are queued after the answers, and the application waited for them.
        rows = db.execute(
            "SELECT body, headers FROM outbox WHERE recipient = :r", r=f"{name}@example.org"
        )
        assert len(rows) == 2
        for text, headers in rows:
            assert EVIL not in text and EVIL not in headers
            found = URL.findall(text) + URL.findall(headers)
            assert found and all(u.startswith(expected + "/") for u in found), found


def test_smtp_without_a_public_url_is_refused_at_once(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crisis.server import create_app

    with pytest.raises(ValueError, match="--public-url"):
        install(create_app(db.url), smtp_url="smtp://127.0.0.1:25")
    with pytest.raises(ValueError, match="CRISIS_PUBLIC_URL"):
        mail_config("127.0.0.1", 8000, smtp_url="smtp://127.0.0.1:25")
    monkeypatch.setenv("CRISIS_SMTP_URL", "smtp://127.0.0.1:25")
    with pytest.raises(ValueError, match="public"):
        mail_config("127.0.0.1", 8000)
    monkeypatch.setenv("CRISIS_PUBLIC_URL", SITE)
    assert mail_config("127.0.0.1", 8000).site == SITE
    monkeypatch.delenv("CRISIS_SMTP_URL")
    monkeypatch.delenv("CRISIS_PUBLIC_URL")
    assert mail_config("0.0.0.0", 8000).site == "http://localhost:8000"
    # A public URL links cannot start with is refused too.
    for bad in (
        "crisis.example",
        "javascript:alert(1)",
        "https://",
        "https://user@crisis.example",
        "https://crisis.example/?next=x",
        "https://crisis.example/#x",
        "https://crisis.example:port",
        'https://crisis.example/"x',
        "ftp://crisis.example",
    ):
        with pytest.raises(ValueError):
            mail.MailConfig.make(public_url=bad)
    assert mail.MailConfig.make(public_url="https://crisis.example/games/").site == (
        "https://crisis.example/games"
    )


def test_the_listening_address_as_links_show_it() -> None:
    assert listening_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert listening_url("0.0.0.0", 80) == "http://localhost:80"
    assert listening_url("::", 8000) == "http://localhost:8000"
    assert listening_url("::1", 8000) == "http://[::1]:8000"
    assert listening_url("crisis.lan", 8000) == "http://crisis.lan:8000"


@pytest.mark.slow
@pytest.mark.parametrize("command", ["server", "cli"])
def test_serve_with_smtp_and_no_public_url_does_not_start(command: str, tmp_path: Path) -> None:
    program = ["crisis.server"] if command == "server" else ["crisis.cli", "serve"]
    cmd = [sys.executable, "-m", *program, "--port", str(free_port())]
    cmd += ["--database", f"sqlite:///{tmp_path / 'crisis.db'}", "--smtp-url", "smtp://127.0.0.1:1"]
    done = subprocess.run(cmd, capture_output=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert b"--public-url" in done.stderr and b"CRISIS_PUBLIC_URL" in done.stderr
    assert b"Traceback" not in done.stderr  # a clear message, not a crash
    assert not (tmp_path / "crisis.db").exists()  # nothing started


@pytest.mark.slow
def test_a_served_site_without_smtp_links_to_where_it_listens(tmp_path: Path) -> None:
    """``make play``: ``crisis serve`` without SMTP starts, and the mails it logs link to
    ``http://HOST:PORT`` whatever Host a request names."""
    port = free_port()
    database = tmp_path / "crisis.db"
    proc = start_server(f"sqlite:///{database}", port)
    try:
        answer = _post(port, "/api/account/signup", {"Host": EVIL})
        assert answer[0] == 201, answer
    finally:
        stop_server(proc)
    with sqlite3.connect(database) as conn:
        [(text,)] = conn.execute("SELECT body FROM outbox").fetchall()
    assert EVIL not in text
    found = URL.findall(text)
    assert found and all(u.startswith(f"http://127.0.0.1:{port}/") for u in found), found


def _post(port: int, path: str, headers: dict[str, str]) -> tuple[int, Any]:
    import json

    payload = json.dumps(
        {"name": "Aurelian", "email": "aurelian@example.org", "password": PASSWORD}
    )
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, payload, {"Content-Type": "application/json", **headers})
        res = conn.getresponse()
        return res.status, res.read()
    finally:
        conn.close()
