"""E-mail addresses are strict addr-specs, stored normalised: the spellings that a mail
program would deliver to someone else's mailbox (a display name's angle brackets, a comment,
a quoted local part, a group) are refused with a coded error and make nothing, and one
mailbox spelled two ways is one address. Both databases, a real SMTP server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from crisis.server.accounts.passwords import check_email
from tests.databases import Database
from tests.server.smtp import Inbox, link, smtp_server
from tests.server.test_accounts import PASSWORD, error, loosen, make_app, quick_hashes  # noqa: F401

#: Each of these reached a@example.org's mailbox as a new account's address.
REFUSED = (
    "<a@example.org>",
    "Someone <a@example.org>",
    "a@example.org(comment)",
    "(comment)a@example.org",
    '"a"@example.org',
    '"a b"@example.org',
    "g:a@example.org;",
    "a@example.org, b@example.org",
    "a@[127.0.0.1]",
    "a@127.0.0.1",
    "a..b@example.org",
    ".a@example.org",
    "a.@example.org",
    "a@example",
    "a@-example.org",
    "a@example.org.",
    "a@exa_mple.org",
    "a b@example.org",
    "a@b@example.org",
    "a\n@example.org",
    "=?utf-8?q?a?=@example.org",
    "é@example.org",
    "a" * 65 + "@example.org",
)
#: Spellings of one address and the one they are stored as.
NORMALISED = (
    (" a@Example.ORG ", "a@example.org"),
    ("A+games@Sub.Example.org", "A+games@sub.example.org"),
    ("a@bücher.example", "a@xn--bcher-kva.example"),
    ("o'brien@example.org", "o'brien@example.org"),
)


@pytest.mark.parametrize("address", REFUSED)
def test_spellings_that_hide_another_mailbox_are_refused(address: str) -> None:
    with pytest.raises(Exception) as caught:
        check_email(address)
    assert getattr(caught.value, "code", None) == "bad_email"


@pytest.mark.parametrize(("address", "stored"), NORMALISED)
def test_an_address_is_stored_normalised(address: str, stored: str) -> None:
    assert check_email(address) == stored


@pytest.fixture
def site(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with (
        smtp_server() as (inbox, url),
        make_app(db, smtp_url=url, public_url="http://testserver") as client,
    ):
        yield client, inbox


def test_sign_up_and_change_of_address_refuse_them_and_change_nothing(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    loosen(client)
    res = client.post(
        "/api/account/signup",
        json={"name": "Aurelian", "email": " a@Example.ORG ", "password": PASSWORD},
    )
    assert res.status_code == 201 and res.json()["account"]["email"] == "a@example.org"
    token = link(inbox.wait(1)[0], "/account/confirm")
    assert client.post("/api/account/confirm", json={"token": token}).status_code == 200
    stranger = TestClient(client.app)
    for n, address in enumerate(REFUSED[:8]):
        res = stranger.post(
            "/api/account/signup",
            json={"name": f"Probus{n}", "email": address, "password": PASSWORD},
        )
        error(res, 400, "bad_email")
        res = client.post("/api/account/email", json={"email": address, "password": PASSWORD})
        error(res, 400, "bad_email")
    assert db.execute("SELECT name, email, email_key FROM accounts") == [
        ("Aurelian", "a@example.org", "a@example.org")
    ]
    # One mailbox spelled another way is the same address: a sign-in by it finds the account.
    res = stranger.post(
        "/api/account/signin", json={"login": "A@EXAMPLE.org", "password": PASSWORD}
    )
    assert res.status_code == 200, res.text
    assert [str(m["To"]) for m in inbox.mails] == ["a@example.org"]
