"""Nobody learns who has an account, from a sign-up or a change of address either: one giving
an address another account has leaves the asker exactly as one giving a free address (a new
account with that name, signed in, the address shown to it unconfirmed), while the address
stays its owner's, who alone is mailed. The new account holds it only as a stand-in: never
confirmed, never mailed (the outbox refuses), and no account signs in by an unconfirmed
address. Both databases, the real SMTP server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server.mail import outbox as mail
from tests.databases import Database
from tests.server.smtp import Inbox, body, link, smtp_server
from tests.server.test_accounts import PASSWORD, error, loosen, make_app, quick_hashes  # noqa: F401

SITE = "http://testserver"


@pytest.fixture
def site(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with smtp_server() as (inbox, url), make_app(db, smtp_url=url, public_url=SITE) as client:
        loosen(client)
        yield client, inbox


def browser(client: TestClient) -> TestClient:
    return TestClient(client.app)


#: The asker's password (another than the owner's ``PASSWORD``).
THEIRS = "Gallienus fell at Mediolanum"


def sign_up(who: TestClient, name: str, email: str, password: str = PASSWORD) -> Any:
    return who.post(
        "/api/account/signup", json={"name": name, "email": email, "password": password}
    )


def sign_in(login: str, client: TestClient, password: str = PASSWORD) -> Any:
    return browser(client).post("/api/account/signin", json={"login": login, "password": password})


def settled(client: TestClient) -> None:
    """Wait until the work after the answers (the mails' queuing) is done (bounded)."""
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    for _ in range(5000):
        if not svc.later:
            return
        time.sleep(0.01)
    raise AssertionError("work after the answers never ended")


def without(view: dict[str, Any], *keys: str) -> dict[str, Any]:
    """An answer with what differs between any two accounts (name, address, moment) left out."""
    account = dict(view["account"])
    for key in ("name", "email", "created", *keys):
        account.pop(key, None)
    return {**view, "account": account}


def test_a_sign_up_with_a_taken_address_is_one_with_a_free_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    owner = browser(client)
    assert sign_up(owner, "Aurelian", "aurelian@example.org").status_code == 201
    token = link(inbox.wait(1)[0], "/account/confirm")
    assert owner.post("/api/account/confirm", json={"token": token}).status_code == 200

    # The attack: one sign-up with the owner's address (spelled otherwise), one with a free one.
    taken, free = browser(client), browser(client)
    res_taken = sign_up(taken, "Probus", "AURELIAN@Example.org", THEIRS)
    res_free = sign_up(free, "Tacitus", "tacitus@example.org", THEIRS)
    for res in (res_taken, res_free):
        assert res.status_code == 201, res.text
        assert sorted(c.split("=")[0] for c in res.headers.get_list("set-cookie")) == [
            "crisis_device",
            "crisis_session",
        ]
    assert without(res_taken.json()) == without(res_free.json())
    assert res_taken.json()["account"]["email"] == "AURELIAN@example.org"
    # Both browsers are signed in, to accounts that look the same, address unconfirmed.
    seen = [b.get("/api/account").json() for b in (taken, free)]
    assert [s["account"]["name"] for s in seen] == ["Probus", "Tacitus"]
    assert [s["account"]["confirmed"] for s in seen] == [False, False]
    assert without(seen[0]) == without(seen[1])
    # Signing in by the address answers alike (an unconfirmed address signs nobody in); by
    # name, both sign in.
    by_address = [
        sign_in(a, client, THEIRS) for a in ("AURELIAN@example.org", "tacitus@example.org")
    ]
    for res in by_address:
        error(res, 401, "bad_credentials")
        assert "set-cookie" not in res.headers
    assert by_address[0].json() == by_address[1].json()
    for name in ("Probus", "Tacitus"):
        assert sign_in(name, client, THEIRS).json()["account"]["name"] == name
    # The owner signs in by the address (confirmed) and by name.
    for login in ("Aurelian", "aurelian@EXAMPLE.org"):
        assert sign_in(login, client).json()["account"]["name"] == "Aurelian"
    # Asking for the confirmation mail again answers alike too.
    again = [b.post("/api/account/confirm/again") for b in (taken, free)]
    assert [r.status_code for r in again] == [200, 200]
    assert without(again[0].json()) == without(again[1].json())
    # Forgot by the stand-in's name: answered as any, and nothing goes to the address.
    assert browser(client).post("/api/account/forgot", json={"login": "Probus"}).status_code == 202
    settled(client)

    # The owner is untouched and told; the stand-in's address got nothing of its own.
    mine = owner.get("/api/account").json()["account"]
    assert mine["name"] == "Aurelian" and mine["email"] == "aurelian@example.org"
    assert mine["confirmed"] is True
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    probus = svc.data.find("Probus")
    assert probus.held and svc.data.sent_to(probus.id) == []
    mails = inbox.wait(5)  # confirm (owner), 2 notices (owner), 2 confirms (Tacitus)
    settled(client)
    to_owner = [m for m in mails if m["To"] == "aurelian@example.org"]
    assert len(to_owner) == 3 and len(mails) == 5
    for notice in to_owner[1:]:
        assert "another account" in notice["Subject"], notice["Subject"]
        text = body(notice)
        assert "Probus" not in text and "/account/confirm" not in text
        assert "/account/reset" not in text
    assert all("confirm your" in m["Subject"] for m in mails if m["To"] == "tacitus@example.org")
    # The stand-in never gets a confirmation link: the owner's old one confirms the owner's.
    error(taken.post("/api/account/confirm", json={"token": token}), 410, "link_used")
    assert taken.get("/api/account").json()["account"]["confirmed"] is False
    assert svc.data.find("aurelian@example.org").name == "Aurelian"


def test_the_outbox_refuses_any_mail_for_a_stand_ins_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    assert sign_up(browser(client), "Aurelian", "aurelian@example.org").status_code == 201
    assert sign_up(browser(client), "Probus", "aurelian@example.org").status_code == 201
    settled(client)
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    owner, probus = svc.data.find("Aurelian"), svc.data.find("Probus")
    assert not owner.held and probus.held

    def letter(account: Any) -> mail.Mail:
        return mail.letter(
            kind="turn",
            account=account.id,
            recipient=account.email,
            subject="crisis: your turn",
            text="It is your turn.",
            site=SITE,
            key=svc.key,
            stops="turns",
            why="test",
        )

    queued = count(db)
    assert svc.box.add(letter(probus)) == 0  # a turn notice, a reset, anything
    assert count(db) == queued
    assert svc.box.add(letter(owner)) > 0  # the owner's own mail goes
    assert count(db) == queued + 1


def count(db: Database) -> int:
    return int(db.execute("SELECT COUNT(*) FROM outbox WHERE channel = 'mail'")[0][0])


def test_a_change_to_a_taken_address_is_one_to_a_free_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    owner = browser(client)
    assert sign_up(owner, "Aurelian", "aurelian@example.org").status_code == 201
    movers = {}
    for name in ("Probus", "Tacitus"):
        movers[name] = browser(client)
        assert sign_up(movers[name], name, f"{name.lower()}@example.org").status_code == 201
    inbox.wait(3)

    def change(who: TestClient, email: str) -> Any:
        return who.post("/api/account/email", json={"email": email, "password": PASSWORD})

    moved = change(movers["Probus"], "Aurelian@example.org")
    fresh = change(movers["Tacitus"], "tacitus2@example.org")
    assert moved.status_code == fresh.status_code == 200
    assert without(moved.json()) == without(fresh.json())
    seen = [movers[n].get("/api/account").json() for n in ("Probus", "Tacitus")]
    assert [s["account"]["email"] for s in seen] == ["Aurelian@example.org", "tacitus2@example.org"]
    assert without(seen[0]) == without(seen[1])
    settled(client)
    # Each old address is told of its change; the owner is told, the free address confirmed.
    mails = inbox.wait(7)[3:]
    to = sorted((str(m["To"]), str(m["Subject"])) for m in mails)
    assert to == [
        ("aurelian@example.org", "crisis: your address was given for another account"),
        ("probus@example.org", "crisis: your e-mail address was changed"),
        ("tacitus2@example.org", "crisis: confirm your e-mail address"),
        ("tacitus@example.org", "crisis: your e-mail address was changed"),
    ]
    # The owner keeps the address and signs in by it once confirmed; nobody else can.
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    assert svc.data.find("aurelian@example.org").name == "Aurelian"
    error(sign_in("aurelian@example.org", client), 401, "bad_credentials")  # unconfirmed yet
    token = link(inbox.mails[0], "/account/confirm")
    assert owner.post("/api/account/confirm", json={"token": token}).status_code == 200
    assert sign_in("aurelian@example.org", client).json()["account"]["name"] == "Aurelian"
    # The stand-in moves on to a free address: that one is its own, confirmed by its link.
    assert change(movers["Probus"], "probus3@example.org").status_code == 200
    confirm = next(m for m in inbox.wait(8)[7:] if m["To"] == "probus3@example.org")
    res = movers["Probus"].post(
        "/api/account/confirm", json={"token": link(confirm, "/account/confirm")}
    )
    assert res.status_code == 200
    assert movers["Probus"].get("/api/account").json()["account"]["confirmed"] is True
    assert not svc.data.find("Probus").held
