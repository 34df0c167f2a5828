"""Stop links: the secret travels in a POST's body (the mailed link opens a page that posts it
from the fragment; a GET changes nothing), a mail program's RFC 8058 one-click POST is the
only request that may name it in its URL (and the access log hides it there), every link
ends with any change of the account's mail settings, and ``List-Unsubscribe`` goes out as a
plain ``<https://...>``, never an RFC 2047 encoded word. Both databases, a real SMTP server."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from crisis.server.mail import outbox as mailing
from tests.databases import Database
from tests.server.smtp import Inbox, link, smtp_server
from tests.server.test_accounts import PASSWORD, error, make_app, quick_hashes  # noqa: F401

SITE = "https://crisis.example"
FORM = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "null"}


@pytest.fixture
def site(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with smtp_server() as (inbox, url), make_app(db, smtp_url=url, public_url=SITE) as client:
        yield client, inbox


def settings(db: Database) -> list[tuple[int, ...]]:
    return [
        tuple(r) for r in db.execute("SELECT mail_turns, mail_invites, mail_ends FROM accounts")
    ]


def test_a_stop_secret_travels_in_a_body_and_dies_with_the_settings(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    started, inbox = site
    client = TestClient(started.app, base_url=SITE)  # an https site: the cookie is Secure
    res = client.post(
        "/api/account/signup",
        json={"name": "Aurelian", "email": "a@example.org", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    [letter] = inbox.wait(1)
    # The header as sent: a plain URL in angle brackets, with the one-click header beside.
    raw = dict(letter.raw_items())
    assert raw["List-Unsubscribe"].startswith(f"<{SITE}/api/mail/stop?t=")
    assert raw["List-Unsubscribe"].endswith(">") and "=?" not in raw["List-Unsubscribe"]
    assert raw["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = link(letter, "/mail/stop")  # the text's link: the secret in the fragment
    visitor = TestClient(client.app)
    # Opening the page changes nothing, whatever its URL holds; nor does a POST naming the
    # secret in the URL that is not a mail program's one-click.
    page = visitor.get(f"/mail/stop?t={token}")
    assert page.status_code == 200 and "Stop these mails" in page.text
    error(visitor.post(f"/api/mail/stop?t={token}"), 400, "bad_link")
    error(visitor.post(f"/api/mail/stop?t={token}", json={"token": token}), 400, "bad_link")
    error(visitor.post(f"/api/mail/stop?t={token}", content=b"x", headers=FORM), 400, "bad_link")
    assert settings(db) == [(1, 1, 1)]
    # Forged ones: another kind, another generation, another account, junk.
    account, kind, generation, mac = token.split(".")
    for forged in (
        f"{account}.turns.{generation}.{mac}",
        f"{account}.{kind}.{int(generation) + 1}.{mac}",
        f"0000000000000000.{kind}.{generation}.{mac}",
        f"{account}.{kind}.-1.{mac}",
        f"{account}.{kind}.{mac}",
        "x" * 101,
    ):
        error(visitor.post("/api/mail/stop", json={"token": forged}), 400, "bad_link")
    assert settings(db) == [(1, 1, 1)]
    # The account changes its settings: every stop link mailed before is dead.
    assert client.post("/api/account/mail", json={"after_minutes": 20}).status_code == 200
    error(visitor.post("/api/mail/stop", json={"token": token}), 410, "link_expired")
    one_click = letter["List-Unsubscribe"].strip("<>").removeprefix(SITE)
    error(
        visitor.post(one_click, content=b"List-Unsubscribe=One-Click", headers=FORM),
        410,
        "link_expired",
    )
    assert settings(db) == [(1, 1, 1)]
    # A mail sent now carries live links; the first use ends them too.
    client.post("/api/account/confirm/again")
    fresh = inbox.wait(2)[1]
    token = link(fresh, "/mail/stop")
    res = visitor.post("/api/mail/stop", json={"token": token})
    assert res.status_code == 200 and res.json() == {"stopped": "all"}
    assert settings(db) == [(0, 0, 0)]
    error(visitor.post("/api/mail/stop", json={"token": token}), 410, "link_expired")


def test_the_access_log_hides_a_one_click_secret(caplog: pytest.LogCaptureFixture) -> None:
    mailing.hide_stop_secrets("test.access")
    mailing.hide_stop_secrets("test.access")  # once, however often installed
    assert len(logging.getLogger("test.access").filters) == 1
    caplog.set_level(logging.INFO, logger="test.access")
    log = logging.getLogger("test.access")
    secret = "abcdef0123456789.all.3.0123456789abcdef0123456789abcdef"
    # As uvicorn writes an access line: address, method, path, HTTP version, status.
    log.info(
        '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "POST", f"/api/mail/stop?t={secret}", "1.1", 200
    )
    log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/table/x?seat=red", "1.1", 200)
    assert secret not in caplog.text
    assert "/api/mail/stop?t=(hidden)" in caplog.text and "/table/x?seat=red" in caplog.text
