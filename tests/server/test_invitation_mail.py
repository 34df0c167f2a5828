"""Mail nobody can aim (crisis.server.lobby.invitations), tried as the attacks were, against a real
SMTP server (aiosmtpd) on both databases: three accounts making 90 tables that invite one
victim get the cap's mails through, not 90 (the rest wait on the victim's account page); an
inviter's mails to many players are capped too; a mail quotes account names and the site's
own words, never a seat's name a stranger typed; a blocked account cannot invite the player
who blocked it nor take a seat at their tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.accounts import install
from crisis.server.lobby import invitations
from tests.databases import Database
from tests.server.smtp import Inbox, body, smtp_server
from tests.server.test_accounts import loosen
from tests.server.test_open_games import SETTINGS, Person, quick_hashes

__all__ = ["quick_hashes"]

#: What a stranger types as their seat's name, hoping the site mails it for them.
LURE = "SECURITY: reset at evil.example/x"


@pytest.fixture
def mailing(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with smtp_server() as (inbox, url):
        app = create_app(db.url, **SETTINGS, tables_per_minute=10_000)
        install(app, smtp_url=url, public_url="http://testserver", mail_poll=0.05)
        with TestClient(app) as client:
            loosen(client)
            yield client, inbox


def people(client: TestClient, db: Database, *names: str) -> list[Person]:
    made = [Person(client, n) for n in names]
    db.execute(
        "UPDATE accounts SET confirmed = 1, first_confirmed = 1"
    )  # notices go to confirmed addresses only
    return made


def invites_to(inbox: Inbox, name: str) -> list[Any]:
    return [
        m
        for m in inbox.mails
        if m["To"] == f"{name.lower()}@example.org" and "invites you" in m["Subject"]
    ]


def queued(db: Database, kind: str = "invite") -> int:
    ((count,),) = db.execute("SELECT COUNT(*) FROM outbox WHERE kind = :k", k=kind)
    return int(count)


def invite(maker: Person, name: str, own: str = LURE) -> Any:
    seats = [{"kind": "human", "name": own}, {"kind": "human", "invite": name}]
    return maker.post("/api/tables", {"seats": seats})


def test_ninety_invitations_to_one_victim_mail_at_most_the_cap(
    mailing: tuple[TestClient, Inbox], db: Database
) -> None:
    client, inbox = mailing
    *makers, _victim = people(client, db, "Ann", "Bea", "Cato", "Victim")
    made = []
    for maker in makers:
        for _ in range(30):
            res = invite(maker, "Victim")
            assert res.status_code == 201, res.text
            made.append(res.json()["table"]["id"])
    # Queued with the tables (the answer waits for the queue, not the send): one per inviter.
    cap = min(invitations.MAILS_PER_INVITEE, len(makers) * invitations.MAILS_PER_PAIR)
    assert queued(db) == cap == 3
    got = inbox.wait(len([m for m in inbox.mails if "invites you" not in m["Subject"]]) + cap)
    mails = invites_to(inbox, "Victim")
    assert len(mails) == cap, [m["Subject"] for m in got]
    assert sorted(m["Subject"].split()[0] for m in mails) == ["Ann", "Bea", "Cato"]
    for mail in mails:  # the site's words and account names; nothing a stranger typed
        text = body(mail)
        assert "evil.example" not in text and "SECURITY" not in text
        assert "evil.example" not in mail["Subject"]
    # Every invitation waits on the victim's account page, mailed or not.
    victim = Person.__new__(Person)
    victim.client, victim.name = client, "Victim"
    victim.session = _sign_in(client, "Victim")
    listed = victim.get("/api/account/invitations").json()["invitations"]
    assert sorted(i["table"] for i in listed) == sorted(made)


def _sign_in(client: TestClient, name: str) -> str:
    from tests.server.test_open_games import PASSWORD

    client.cookies.clear()
    res = client.post("/api/account/signin", json={"login": name, "password": PASSWORD})
    assert res.status_code == 200, res.text
    session = res.cookies["crisis_session"]
    client.cookies.clear()
    return str(session)


def test_an_inviters_mails_to_many_players_are_capped(
    mailing: tuple[TestClient, Inbox], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _inbox = mailing
    monkeypatch.setattr(invitations, "MAILS_PER_INVITER", 2)
    spammer, *targets = people(client, db, "Spammer", "Una", "Duo", "Tres", "Quattuor")
    for target in targets:
        assert invite(spammer, target.name, own="").status_code == 201
    assert queued(db) == 2
    # Another inviter still reaches them.
    friend = people(client, db, "Friend")[0]
    assert invite(friend, "Tres", own="").status_code == 201
    assert queued(db) == 3


def test_a_blocked_account_cannot_invite_nor_take_a_seat(
    mailing: tuple[TestClient, Inbox], db: Database
) -> None:
    client, _inbox = mailing
    livia, pest, titus = people(client, db, "Livia", "Pest", "Titus")
    res = livia.post("/api/account/blocks", {"name": "pest"})  # names in any case
    assert res.status_code == 200 and res.json()["blocks"] == ["Pest"]
    # The blocked account's invitation is refused, and nothing is made or mailed.
    res = invite(pest, "Livia")
    assert res.status_code == 403 and res.json()["code"] == "blocked"
    ((tables,),) = db.execute("SELECT COUNT(*) FROM games")
    assert tables == 0 and queued(db) == 0
    # Nor can it take a seat at a table Livia hosts; others can.
    res = livia.post(
        "/api/tables",
        {"seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}], "open": True},
    )
    table = res.json()["table"]["id"]
    res = pest.post(f"/api/tables/{table}/take")
    assert res.status_code == 403 and res.json()["code"] == "blocked"
    assert titus.post(f"/api/tables/{table}/take").status_code == 200
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "open"]
    # Blocking is the blocker's alone: Pest blocking nobody, Titus is unaffected.
    assert invite(titus, "Livia", own="").status_code == 201
    # Unblocked, the invitation goes through.
    res = livia.post("/api/account/blocks/remove", {"name": "Pest"})
    assert res.status_code == 200 and res.json()["blocks"] == []
    assert invite(pest, "Livia").status_code == 201


@pytest.mark.parametrize(
    ("path", "name", "status", "code"),
    [
        ("/api/account/blocks", "Nobody", 404, "not_found"),
        ("/api/account/blocks", "pest@example.org", 404, "not_found"),  # never by address
        ("/api/account/blocks", "Livia", 400, "bad_message"),  # yourself
        ("/api/account/blocks", "", 400, "bad_message"),
        ("/api/account/blocks/remove", "Nobody", 404, "not_found"),
    ],
)
def test_bad_blocks_are_refused_with_a_code(
    mailing: tuple[TestClient, Inbox], db: Database, path: str, name: str, status: int, code: str
) -> None:
    client, _inbox = mailing
    livia, _pest = people(client, db, "Livia", "Pest")
    res = livia.post(path, {"name": name})
    assert res.status_code == status and res.json()["code"] == code, res.text
    assert livia.get("/api/account/blocks").json()["blocks"] == []


def test_blocks_take_a_signed_in_browser_of_this_site(
    mailing: tuple[TestClient, Inbox], db: Database
) -> None:
    client, _inbox = mailing
    livia, _pest = people(client, db, "Livia", "Pest")
    client.cookies.clear()
    res = client.post("/api/account/blocks", json={"name": "Pest"})
    assert res.status_code == 401 and res.json()["code"] == "signed_out"
    client.cookies.set("crisis_session", livia.session)
    res = client.post(
        "/api/account/blocks",
        json={"name": "Pest"},
        headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
    )
    client.cookies.clear()
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    assert livia.get("/api/account/blocks").json()["blocks"] == []
