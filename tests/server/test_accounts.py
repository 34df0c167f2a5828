"""Accounts (crisis.server.accounts): sign up, in and out, passwords, mailed links, the cookie
and the cross-site guard, on both databases, with mails read from a real SMTP server."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from crisis.server import create_app, limits
from crisis.server.accounts import install, passwords
from crisis.server.mail.notices import notice as accounts_notice
from tests.databases import Database
from tests.server.conftest import HUMAN, create, state
from tests.server.smtp import Inbox, body, free_port, link, smtp_server

PASSWORD = "marcus aurelius 161"
SITE = "https://crisis.example"
SETTINGS: dict[str, Any] = {
    "bot_delay": 0.0,
    "allow_seed": True,
    "messages_per_second": 1e4,
    "think_seconds": 0.05,
}


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with small costs (the real ones take a good part of a second a hash)."""
    monkeypatch.setattr(
        passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


def make_app(db: Database, **mail: Any) -> TestClient:
    app = create_app(db.url, **SETTINGS)
    install(app, mail_poll=0.05, retry=0.2, retry_max=0.2, **mail)
    return TestClient(app)


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, str]]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def site(db: Database, smtp: tuple[Inbox, str]) -> Iterator[tuple[TestClient, Inbox]]:
    inbox, url = smtp
    with make_app(db, smtp_url=url, public_url="http://testserver") as client:
        yield client, inbox


def sign_up(
    client: TestClient, name: str = "Aurelian", email: str = "aurelian@example.org"
) -> dict[str, Any]:
    res = client.post(
        "/api/account/signup", json={"name": name, "email": email, "password": PASSWORD}
    )
    assert res.status_code == 201, res.text
    return dict(res.json()["account"])


def error(res: Any, status: int, code: str) -> None:
    assert res.status_code == status, res.text
    assert res.json()["code"] == code, res.text


def loosen(client: TestClient) -> None:
    """No per-address limit on sign-ups and sign-ins, nor per account on the known browsers'
    hashes (tests that make many)."""
    client.app.state.accounts.known_allowance = 1000  # type: ignore[attr-defined]
    buckets = client.app.state.accounts.buckets  # type: ignore[attr-defined]
    for name in buckets:
        buckets[name] = limits.PerAddress(1000.0, 1000.0)


def count(db: Database, table: str) -> int:
    return int(db.execute(f"SELECT COUNT(*) FROM {table}")[0][0])


# -- signing up --------------------------------------------------------------------------------
def test_sign_up_signs_in_and_mails_a_link_that_confirms_the_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    assert client.get("/api/account").json() == {"account": None}
    res = client.post(
        "/api/account/signup",
        json={"name": "Aurelian", "email": " Aurelian@Example.org ", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    cookie = res.headers["set-cookie"]
    assert "crisis_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # served over http
    me = client.get("/api/account").json()["account"]
    assert me["name"] == "Aurelian" and me["email"] == "Aurelian@example.org"  # normalised
    assert me["confirmed"] is False
    [mail] = inbox.wait(1)
    assert mail["To"] == "Aurelian@example.org" and "confirm" in mail["Subject"]
    assert mail["List-Unsubscribe"].startswith("<http://testserver/api/mail/stop?t=")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = link(mail, "/account/confirm")
    res = client.post("/api/account/confirm", json={"token": token})
    assert res.status_code == 200, res.text
    assert res.json() == {"confirmed": True, "name": "Aurelian"}
    assert client.get("/api/account").json()["account"]["confirmed"] is True
    error(client.post("/api/account/confirm", json={"token": token}), 410, "link_used")
    # What the database keeps: the Argon2id hash, the session's SHA-256, the link's SHA-256.
    [(stored,)] = db.execute("SELECT password FROM accounts")
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    secret = client.cookies["crisis_session"]
    [(session,)] = db.execute("SELECT id FROM sessions")
    assert session == hashlib.sha256(secret.encode()).hexdigest()
    [(kept,)] = db.execute("SELECT id FROM links")
    assert kept == hashlib.sha256(token.encode()).hexdigest()


def test_names_and_addresses_are_unique_and_bad_input_changes_nothing(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    loosen(client)
    sign_up(client, "Aurelian", "aurelian@example.org")
    other = TestClient(client.app)

    def refused(name: str, email: str, password: str, status: int, code: str) -> None:
        res = other.post(
            "/api/account/signup", json={"name": name, "email": email, "password": password}
        )
        error(res, status, code)
        assert "set-cookie" not in res.headers

    refused("aURELIAN", "else@example.org", PASSWORD, 409, "name_taken")
    # An address another account has: answered as a free one (nobody learns who has an
    # account here): Probus is made and signed in, holding the address only as a stand-in
    # (test_taken_addresses.py); its owner is told.
    res = other.post(
        "/api/account/signup",
        json={"name": "Probus", "email": "AURELIAN@example.ORG", "password": PASSWORD},
    )
    assert res.status_code == 201 and res.json()["account"]["name"] == "Probus", res.text
    assert other.get("/api/account").json()["account"]["name"] == "Probus"
    other = TestClient(client.app)
    for name in ("ab", "x" * 21, "1abc", "Zen obia", "Zénobia", "Zeno<b>", "admin", "Bot"):
        refused(name, "z@example.org", PASSWORD, 400, "bad_name")
    for address in ("zenobia", "z@", "@example.org", "z@example", "z b@example.org", "a@b@c.d"):
        refused("Zenobia", address, PASSWORD, 400, "bad_email")
    refused("Zenobia", "z" * 250 + "@example.org", PASSWORD, 400, "bad_email")
    for weak in ("short1", "1234567890", "aaaaaaaaaaaaaaaa", "zenobia rules!", "the QUEEN 272"):
        refused("Zenobia", "queen@palmyra.example", weak, 400, "weak_password")
    refused("Zenobia", "z@example.org", "p" * 120 + "Long!1234", 400, "password_too_long")
    refused("Zenobia", "z@example.org", 5 + 0, 400, "bad_message")  # type: ignore[arg-type]
    # Every field that is wrong is said at once, with the first one's code.
    res = other.post(
        "/api/account/signup", json={"name": "1bad", "email": "x@", "password": "12345"}
    )
    error(res, 400, "bad_name")
    said = res.json()["message"]
    assert "a name is" in said and "an e-mail address is" in said and "at least 10" in said, said
    assert count(db, "accounts") == 2 and count(db, "sessions") == 2
    assert other.get("/api/account").json() == {"account": None}


# -- signing in and out ------------------------------------------------------------------------
def test_sign_in_by_name_or_address_wrong_password_and_sign_out(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    sign_up(client)
    other = TestClient(client.app)
    # By address only once it is confirmed (by name at once).
    res = other.post(
        "/api/account/signin", json={"login": "aurelian@example.org", "password": PASSWORD}
    )
    error(res, 401, "bad_credentials")
    token = link(inbox.wait(1)[0], "/account/confirm")
    assert client.post("/api/account/confirm", json={"token": token}).status_code == 200
    for login, password in (("Aurelian", "not the password"), ("Nobody", PASSWORD), ("", "")):
        res = other.post("/api/account/signin", json={"login": login, "password": password})
        error(res, 401, "bad_credentials")
        assert "set-cookie" not in res.headers
    for login in ("aurelian", "AURELIAN@example.org"):
        res = other.post("/api/account/signin", json={"login": login, "password": PASSWORD})
        assert res.status_code == 200, res.text
        assert other.get("/api/account").json()["account"]["name"] == "Aurelian"
    secret = other.cookies["crisis_session"]
    res = other.post("/api/account/signout")
    assert res.status_code == 200 and "crisis_session=" in res.headers["set-cookie"]
    assert other.get("/api/account").json() == {"account": None}
    # The old cookie signs nobody in any more; the first browser is still signed in.
    stale = TestClient(client.app, cookies={"crisis_session": secret})
    assert stale.get("/api/account").json() == {"account": None}
    assert client.get("/api/account").json()["account"]["name"] == "Aurelian"
    error(stale.post("/api/account/password", json={"current": "x", "new": "y"}), 401, "signed_out")


def test_sign_in_and_sign_up_are_limited_per_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    sign_up(client)
    # A burst that never refills here (a slow machine would refill some during the test).
    client.app.state.accounts.buckets["signin"] = limits.PerAddress(  # type: ignore[attr-defined]
        1e-9, limits.SIGNINS_PER_MINUTE
    )
    tries = [
        client.post("/api/account/signin", json={"login": f"Nobody{n}", "password": "wrong one"})
        for n in range(12)
    ]
    assert [r.status_code for r in tries].count(401) == 10
    error(tries[-1], 429, "rate_limited")
    made = [sign_up_status(client, n) for n in range(6)]
    assert made[:4] == [201] * 4 and made[-1] == 429  # one sign-up above was the first


def sign_up_status(client: TestClient, n: int) -> int:
    res = client.post(
        "/api/account/signup",
        json={"name": f"Probus{n}", "email": f"p{n}@example.org", "password": PASSWORD},
    )
    return res.status_code


def test_the_session_cookie_is_secure_on_an_https_site(db: Database) -> None:
    with make_app(db, public_url="https://crisis.example") as client:
        res = client.post(
            "/api/account/signup",
            json={"name": "Aurelian", "email": "a@example.org", "password": PASSWORD},
        )
        assert res.status_code == 201, res.text
        assert "Secure" in res.headers["set-cookie"]
        # Served over https without a public URL (a proxy said so): Secure too.
        app = client.app
        over_https = TestClient(app, base_url="https://crisis.example")
        res = over_https.post(
            "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD}
        )
        assert res.status_code == 200 and "Secure" in res.headers["set-cookie"]
        # A cookie the site never made signs nobody in.
        for junk in ("", "x", "y" * 500):
            stranger = TestClient(app, cookies={"crisis_session": junk})
            assert stranger.get("/api/account").json() == {"account": None}
        with pytest.raises(RuntimeError):
            install(app)  # type: ignore[arg-type]


def test_named_origins_are_the_only_other_pages_allowed(db: Database) -> None:
    app = create_app(db.url, origins=["https://play.crisis.example"], **SETTINGS)
    install(app, mail_poll=0.05)
    with TestClient(app) as client:
        body = {"name": "Aurelian", "email": "a@example.org", "password": PASSWORD}
        res = client.post("/api/account/signup", json=body, headers={"Origin": "http://testserver"})
        error(res, 403, "cross_site")  # the Host's own origin no longer counts
        res = client.post(
            "/api/account/signup", json=body, headers={"Origin": "https://play.crisis.example"}
        )
        assert res.status_code == 201, res.text


# -- cross-site requests -----------------------------------------------------------------------
def test_a_cross_site_request_with_the_cookie_is_refused(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    sign_up(client)
    [(before,)] = db.execute("SELECT password FROM accounts")
    change = {"current": PASSWORD, "new": "a brand new secret 7"}
    for headers in (
        {"Origin": "https://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver"},
    ):
        error(client.post("/api/account/password", json=change, headers=headers), 403, "cross_site")
        error(client.post("/api/account/signout", headers=headers), 403, "cross_site")
        res = client.post("/api/account/mail", json={"turns": False}, headers=headers)
        error(res, 403, "cross_site")
        res = client.post(
            "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD}, headers=headers
        )
        error(res, 403, "cross_site")
    assert db.execute("SELECT password, mail_turns FROM accounts") == [(before, 1)]
    assert client.get("/api/account").json()["account"]["name"] == "Aurelian"
    # The site's own pages may.
    same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    res = client.post("/api/account/password", json=change, headers=same)
    assert res.status_code == 200, res.text


# -- passwords ---------------------------------------------------------------------------------
def test_changing_the_password_signs_out_every_other_browser(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    sign_up(client)
    other = TestClient(client.app)
    other.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
    assert other.get("/api/account").json()["account"] is not None
    new = "the walls of Rome 271"
    res = client.post("/api/account/password", json={"current": "wrong!", "new": new})
    error(res, 401, "bad_credentials")
    res = client.post("/api/account/password", json={"current": PASSWORD, "new": "short"})
    error(res, 400, "weak_password")
    assert other.get("/api/account").json()["account"] is not None
    res = client.post("/api/account/password", json={"current": PASSWORD, "new": new})
    assert res.status_code == 200, res.text
    assert client.get("/api/account").json()["account"]["name"] == "Aurelian"
    assert other.get("/api/account").json() == {"account": None}
    fresh = TestClient(client.app)
    res = fresh.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
    error(res, 401, "bad_credentials")
    res = fresh.post("/api/account/signin", json={"login": "Aurelian", "password": new})
    assert res.status_code == 200


def test_a_forgotten_password_is_reset_by_a_mailed_link_once_before_it_expires(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    sign_up(client)
    inbox.wait(1)  # the confirmation
    stranger = TestClient(client.app)
    res = stranger.post("/api/account/forgot", json={"login": "nobody@example.org"})
    assert res.status_code == 202 and res.json() == {"sent": True}  # the same either way
    res = stranger.post("/api/account/forgot", json={"login": "aurelian"})
    assert res.status_code == 202 and res.json() == {"sent": True}
    mail = inbox.wait(2)[1]
    assert "new password" in mail["Subject"] and mail["To"] == "aurelian@example.org"
    token = link(mail, "/account/reset")
    assert len(inbox.mails) == 2  # none for the unknown address
    # A weak password is refused and the link still works.
    error(
        stranger.post("/api/account/reset", json={"token": token, "password": "x"}),
        400,
        "weak_password",
    )
    new = "Palmyra falls in 272"
    res = stranger.post("/api/account/reset", json={"token": token, "password": new})
    assert res.status_code == 200, res.text
    me = stranger.get("/api/account").json()["account"]
    assert me["name"] == "Aurelian" and me["confirmed"] is True  # the link proved the address
    assert client.get("/api/account").json() == {"account": None}  # every other one signed out
    res = stranger.post("/api/account/reset", json={"token": token, "password": "Another one 273"})
    error(res, 410, "link_used")
    res = stranger.post("/api/account/reset", json={"token": "x" * 43, "password": new})
    error(res, 400, "bad_link")
    # An expired link.
    stranger.post("/api/account/forgot", json={"login": "Aurelian"})
    late = link(inbox.wait(3)[2], "/account/reset")
    db.execute("UPDATE links SET expires = :t WHERE used IS NULL", t=int(time.time()) - 1)
    res = stranger.post("/api/account/reset", json={"token": late, "password": "Too late 274 AD"})
    error(res, 410, "link_expired")
    res = TestClient(client.app).post(
        "/api/account/signin", json={"login": "Aurelian", "password": new}
    )
    assert res.status_code == 200
    # At most three reset mails an hour for one account, whoever asks.
    for _ in range(3):
        stranger.post("/api/account/forgot", json={"login": "Aurelian"})
    inbox.wait(4)
    time.sleep(0.5)  # a fifth, were the limit broken, would have had time to come
    assert len(inbox.mails) == 4


def test_no_password_or_secret_reaches_the_log(
    db: Database, site: tuple[TestClient, Inbox], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client, inbox = site
    sign_up(client)
    client.post("/api/account/signin", json={"login": "Aurelian", "password": "wrong password"})
    client.post("/api/account/forgot", json={"login": "Aurelian"})
    token = link(inbox.wait(2)[1], "/account/reset")
    client.post("/api/account/reset", json={"token": token, "password": "new secret 275 AD"})
    # What this site logged (not the test's own SMTP server, which logs what it receives).
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name != "mail.log")
    for secret in (PASSWORD, "wrong password", "new secret 275 AD", token):
        assert secret not in logged
    assert "mail" in logged  # the sender did log (what went where)


# -- mail --------------------------------------------------------------------------------------
def test_every_mail_has_a_link_that_stops_such_mails(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    sign_up(client)
    [mail] = inbox.wait(1)
    token = link(mail, "/mail/stop")
    assert (
        "To get no more turn notices, invitations and game results from crisis, open http://testserver/mail/stop#t="
        in body(mail)
    )
    visitor = TestClient(client.app)  # no sign-in needed
    forged = token[:-1] + ("1" if token.endswith("0") else "0")
    error(visitor.post("/api/mail/stop", json={"token": forged}), 400, "bad_link")
    error(visitor.post("/api/mail/stop", json={"token": "a.turns.b"}), 400, "bad_link")
    error(visitor.post("/api/mail/stop", content=b"nonsense"), 400, "bad_link")
    assert db.execute("SELECT mail_turns, mail_invites, mail_ends FROM accounts") == [(1, 1, 1)]
    res = visitor.post("/api/mail/stop", json={"token": token})
    assert res.status_code == 200 and res.json() == {"stopped": "all"}
    assert db.execute("SELECT mail_turns, mail_invites, mail_ends FROM accounts") == [(0, 0, 0)]
    # RFC 8058: a mail program posts to the List-Unsubscribe URL, from no page of this site.
    client.post("/api/account/mail", json={"turns": True, "ends": True, "after_minutes": 30})
    assert client.get("/api/account").json()["account"]["mail"] == {
        "turns": True,
        "invites": False,
        "ends": True,
        "after_minutes": 30,
    }
    # The settings changed since that mail: its links stop nothing more.
    one_click = mail["List-Unsubscribe"].strip("<>").removeprefix("http://testserver")
    form = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "null"}
    res = visitor.post(one_click, content=b"List-Unsubscribe=One-Click", headers=form)
    error(res, 410, "link_expired")
    # A mail sent now carries a live one.
    client.post("/api/account/confirm/again")
    fresh = inbox.wait(2)[1]
    one_click = fresh["List-Unsubscribe"].strip("<>").removeprefix("http://testserver")
    res = visitor.post(one_click, content=b"List-Unsubscribe=One-Click", headers=form)
    assert res.status_code == 200, res.text
    assert db.execute("SELECT mail_turns, mail_ends, mail_after FROM accounts") == [(0, 0, 30)]
    error(client.post("/api/account/mail", json={"after_minutes": 0}), 400, "bad_message")


def test_without_smtp_mails_are_kept_and_logged(
    db: Database, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("CRISIS_SMTP_URL", "CRISIS_PUBLIC_URL", "CRISIS_MAIL_FROM"):
        monkeypatch.delenv(name, raising=False)
    caplog.set_level(logging.INFO, logger="crisis.mail")
    with make_app(db, local_url="http://127.0.0.1:8123") as client:
        sign_up(client)
        deadline = time.monotonic() + 120
        while db.execute("SELECT status FROM outbox") != [("logged",)]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    assert "no SMTP server: kept, not sent" in caplog.text
    # The link to follow starts with the address the server listens on, never the Host.
    assert "http://127.0.0.1:8123/account/confirm#t=" in caplog.text
    assert "testserver" not in caplog.text
    [(recipient, mail_body)] = db.execute("SELECT recipient, body FROM outbox")
    assert recipient == "aurelian@example.org" and "/account/confirm#t=" in mail_body


def test_smtp_down_or_refusing_retries_later_and_play_goes_on(db: Database) -> None:
    port = free_port()
    with make_app(
        db, smtp_url=f"smtp://127.0.0.1:{port}", public_url="http://testserver"
    ) as client:  # nothing listens yet
        sign_up(client)
        deadline = time.monotonic() + 120
        while [r[0] for r in db.execute("SELECT attempts FROM outbox")] in ([], [0], [1]):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        [(status, error_text)] = db.execute("SELECT status, error FROM outbox")
        assert status == "queued" and error_text
        # Play by seat link goes on meanwhile.
        table, tokens = create(client, [HUMAN, HUMAN])
        assert state(client, table, tokens["green"])["table"]["id"] == table
        assert client.get("/api/account").json()["account"]["name"] == "Aurelian"
        with smtp_server(port) as (inbox, _url):
            inbox.refuse = "451 4.3.0 come back later"
            while inbox.refused < 2:
                assert time.monotonic() < deadline + 10
                time.sleep(0.02)
            assert db.execute("SELECT status FROM outbox") == [("queued",)]
            inbox.refuse = None
            [mail] = inbox.wait(1)
            assert "confirm" in mail["Subject"]
            deadline = time.monotonic() + 120
            while db.execute("SELECT status FROM outbox") != [("sent",)]:
                assert time.monotonic() < deadline
                time.sleep(0.02)
            # The server is back: the next mail goes at once.
            client.post("/api/account/forgot", json={"login": "Aurelian"})
            assert "new password" in inbox.wait(2)[1]["Subject"]


def test_a_mail_refused_for_good_is_given_up(db: Database) -> None:
    with smtp_server() as (inbox, url), make_app(db, smtp_url=url, public_url=SITE) as client:
        inbox.refuse = "550 5.1.1 no such mailbox"
        sign_up(client)
        deadline = time.monotonic() + 120
        while db.execute("SELECT status FROM outbox") != [("failed",)]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert db.execute("SELECT attempts FROM outbox") == [(1,)]


# -- notices -----------------------------------------------------------------------------------
def test_notices_go_to_confirmed_addresses_within_the_mail_settings(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    sign_up(client)
    confirmation = inbox.wait(1)[0]
    [(account,)] = db.execute("SELECT id FROM accounts")
    app = client.app

    def notice(kind: str) -> bool:
        return bool(
            client.portal.call(  # type: ignore[union-attr]
                accounts_notice, app, account, kind, f"crisis: {kind}", "Your move.", "/table/t1"
            )
        )

    assert not notice("turn")  # the address is not confirmed yet
    client.post("/api/account/confirm", json={"token": link(confirmation, "/account/confirm")})
    assert notice("turn")
    mail = inbox.wait(2)[1]
    assert mail["Subject"] == "crisis: turn" and mail["To"] == "aurelian@example.org"
    assert "Your move.\n\nhttp://testserver/table/t1" in body(mail)
    assert "To get no more turn notices from crisis" in body(mail)
    stop = link(mail, "/mail/stop")
    assert TestClient(app).post("/api/mail/stop", json={"token": stop}).json() == {
        "stopped": "turns"
    }
    assert not notice("turn")
    assert notice("invite") and notice("end")
    assert not notice("nonsense")
    assert not client.portal.call(  # type: ignore[union-attr]
        accounts_notice, app, "no-such-account", "end", "s", "t", "/"
    )
    assert len(inbox.wait(4)) == 4


def test_a_sign_in_ends_the_session_the_browser_had_and_expired_ones_are_swept(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    sign_up(client)
    for _ in range(3):
        res = client.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
        assert res.status_code == 200
    assert count(db, "sessions") == 1
    db.execute("UPDATE sessions SET expires = :t", t=int(time.time()) - 1)
    assert client.get("/api/account").json() == {"account": None}
    service = client.app.state.accounts  # type: ignore[attr-defined]
    assert service.data.sweep() == 1
    assert count(db, "sessions") == 0


# -- changing the address ----------------------------------------------------------------------
def test_a_changed_address_is_confirmed_anew_and_the_old_one_can_take_it_back(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    loosen(client)
    sign_up(client, "Aurelian", "old@example.org")
    sign_up(TestClient(client.app), "Probus", "probus@example.org")
    first_confirm = link(
        next(m for m in inbox.wait(2) if m["To"] == "old@example.org"), "/account/confirm"
    )

    def change(email: str, password: str = PASSWORD) -> Any:
        return client.post("/api/account/email", json={"email": email, "password": password})

    error(change("new@example.org", "wrong password"), 401, "bad_credentials")
    error(change("not an address"), 400, "bad_email")
    # Another account's address: answered and shown as a free one (held as a stand-in, see
    # test_taken_addresses.py); the old address is told as for any change, its owner too.
    res = change("PROBUS@example.org")
    assert res.status_code == 200 and res.json()["account"]["email"] == "PROBUS@example.org"
    me = client.get("/api/account").json()["account"]
    assert me["email"] == "PROBUS@example.org" and me["confirmed"] is False
    to = {str(m["To"]): m for m in inbox.wait(4)[2:]}
    assert "another account" in to["probus@example.org"]["Subject"]
    told = to["old@example.org"]
    res = change("new@example.org")
    assert res.status_code == 200, res.text
    me = res.json()["account"]
    assert me["email"] == "new@example.org" and me["confirmed"] is False
    mails = inbox.wait(5)[4:]  # nothing to PROBUS's address: it was never this account's
    assert [str(m["To"]) for m in mails] == ["new@example.org"]
    assert "confirm" in mails[0]["Subject"]
    assert "was changed" in told["Subject"] and "new@example.org" not in body(told)
    first_undo = link(told, "/account/undo")
    error(client.post("/api/account/confirm", json={"token": first_confirm}), 410, "link_used")
    # A second change does not spend the first undo link.
    assert change("third@example.org").status_code == 200
    second_undo = link(
        next(m for m in inbox.wait(7)[5:] if m["To"] == "new@example.org"), "/account/undo"
    )
    other = TestClient(client.app)
    res = other.post("/api/account/undo", json={"token": first_undo, "password": "short"})
    error(res, 400, "weak_password")
    assert client.get("/api/account").json()["account"]["email"] == "third@example.org"
    new = "Taken back in 274 AD"
    res = other.post("/api/account/undo", json={"token": first_undo, "password": new})
    assert res.status_code == 200, res.text
    me = other.get("/api/account").json()["account"]
    assert me["email"] == "old@example.org" and me["confirmed"] is True
    assert client.get("/api/account").json() == {"account": None}  # the intruder is out
    res = other.post("/api/account/undo", json={"token": second_undo, "password": new + "!"})
    error(res, 410, "link_used")
    res = TestClient(client.app).post(
        "/api/account/signin", json={"login": "old@example.org", "password": new}
    )
    assert res.status_code == 200


def test_giving_ones_own_confirmed_address_again_changes_nothing(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    loosen(client)
    sign_up(client, "Aurelian", "aurelian@example.org")
    confirm = link(inbox.wait(1)[0], "/account/confirm")
    assert client.post("/api/account/confirm", json={"token": confirm}).status_code == 200
    res = client.post(
        "/api/account/email", json={"email": "Aurelian@Example.org", "password": PASSWORD}
    )
    assert res.status_code == 200, res.text
    assert res.json()["account"]["confirmed"] is True
    assert client.get("/api/account").json()["account"]["confirmed"] is True
    # Nothing was mailed (no confirmation, no "your address was changed"), nothing spent.
    client.post("/api/account/forgot", json={"login": "aurelian@example.org"})
    subjects = [m["Subject"] for m in inbox.wait(2)]
    assert subjects == ["crisis: confirm your e-mail address", "crisis: set a new password"]
    row = db.execute("SELECT confirmed, first_confirmed FROM accounts")[0]
    assert row[0] is not None and row[1] is not None
    # Another address leaves the account unconfirmed, but it confirmed one before.
    res = client.post("/api/account/email", json={"email": "new@example.org", "password": PASSWORD})
    assert res.json()["account"]["confirmed"] is False
    assert db.execute("SELECT confirmed, first_confirmed FROM accounts")[0][1] == row[1]


def test_an_account_changes_its_address_a_few_times_an_hour(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    """Each change mails the new address (a link to confirm) and the old one (a link to take
    it back), either of which may be a stranger's: one account may not turn the site into a
    mailer by changing its address again and again, from however many addresses. Past the
    hourly number it is refused, with a code, and nothing changes or is mailed."""
    client, inbox = site
    loosen(client)  # the per-address buckets out of the way: the account's cap answers
    sign_up(client, "Aurelian", "aurelian@example.org")
    inbox.wait(1)
    for n in range(limits.LINKS_PER_ACCOUNT_HOUR):
        res = client.post(
            "/api/account/email", json={"email": f"m{n}@example.org", "password": PASSWORD}
        )
        assert res.status_code == 200, res.text
    sent = 1 + 2 * limits.LINKS_PER_ACCOUNT_HOUR  # the sign-up's, then two per change
    assert len(inbox.wait(sent)) == sent
    res = client.post(
        "/api/account/email", json={"email": "more@example.org", "password": PASSWORD}
    )
    error(res, 429, "rate_limited")
    last = f"m{limits.LINKS_PER_ACCOUNT_HOUR - 1}@example.org"
    assert client.get("/api/account").json()["account"]["email"] == last
    assert db.execute("SELECT email FROM accounts") == [(last,)]
    client.post("/api/account/forgot", json={"login": "Aurelian"})  # a mail after: the next
    later = inbox.wait(sent + 1)[sent:]
    assert [str(m["To"]) for m in later] == [last], [m["Subject"] for m in later]


@pytest.mark.timeout(300)
def test_an_smtp_server_that_never_answers_blocks_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that takes the connection and says nothing: sign-up, play and shutdown go on
    at once while the send waits for its timeout."""
    import socket

    # A send that waited would wait ten minutes: shutdown's few seconds cannot be mistaken
    # for it, however busy the machine.
    monkeypatch.setattr(limits, "SMTP_TIMEOUT", 600.0)
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        port = listener.getsockname()[1]
        # Shutdown did not wait for the send: a send that waited would hold it ten minutes,
        # past the test's timeout.
        with make_app(db, smtp_url=f"smtp://127.0.0.1:{port}", public_url=SITE) as client:
            sign_up(client)
            table, tokens = create(client, [HUMAN, HUMAN])
            assert state(client, table, tokens["green"])["table"]["id"] == table
            deadline = time.monotonic() + 120
            while not held:  # the sender is connected and waiting
                assert time.monotonic() < deadline
                time.sleep(0.02)
        [(status, attempts)] = db.execute("SELECT status, attempts FROM outbox")
        assert status == "queued" and attempts == 1  # to be tried again (after its lease)
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()
