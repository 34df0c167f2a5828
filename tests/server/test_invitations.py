"""Invitations: a table's maker, signed in, offers a seat to a player of the site by name;
the seat is that player's (reached by signing in, never by a secret the maker holds) and
they are mailed a link to the table. Bad invitations are refused and make no table."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from crisis.server.accounts.data import Accounts
from crisis.server.store import accounts
from tests.databases import Database
from tests.server.test_open_games import Person, quick_hashes, site

__all__ = ["quick_hashes", "site"]

ME = {"kind": "human", "name": ""}


def mails(client: TestClient, name: str, kind: str) -> list[dict[str, Any]]:
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        account = db.execute(select(accounts.c.id).where(accounts.c.name == name)).scalar()
    return Accounts(engine).sent_to(account, kind)


def tables(client: TestClient) -> int:
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return len(db.exec_driver_sql("SELECT id FROM games").all())


def test_an_invited_player_is_mailed_and_holds_the_seat(site: TestClient, db: Database) -> None:
    aurelia, livia = Person(site, "Aurelia"), Person(site, "Livia")
    db.execute("UPDATE accounts SET confirmed = :now", now=int(time.time()))
    body = {"seats": [ME, {"kind": "human", "invite": "livia"}], "seed": 3}
    res = aurelia.post("/api/tables", body)
    assert res.status_code == 201, res.text
    made = res.json()
    table = made["table"]["id"]
    assert made["table"]["status"] == "playing"
    assert list(made["tokens"]) == ["green"]  # the maker never holds the guest's secret
    assert made["table"]["seats"][1]["name"] == "Livia"  # the account's own spelling
    deadline = time.monotonic() + 120
    while not mails(site, "Livia", "invite"):
        assert time.monotonic() < deadline, "no invitation was mailed"
        time.sleep(0.05)
    (mail,) = mails(site, "Livia", "invite")
    assert "invited" in mail["subject"] and f"/table/{table}" in mail["body"]
    assert "as blue" in mail["body"] and "@" not in mail["body"].split("\n\n")[1]
    assert mails(site, "Aurelia", "invite") == []
    # Signed in, the guest reaches the seat: among their games, and on the table's socket.
    games = {g["id"]: g for g in livia.get("/api/account/games").json()["games"]}
    assert table in games
    site.cookies.set("crisis_session", livia.session)
    with site.websocket_connect(f"/ws/{table}") as ws:
        site.cookies.clear()
        ws.send_json({"type": "hello", "tokens": []})
        assert ws.receive_json()["roles"] == ["blue"]
    # Beside the names at the table: who holds which seat by account.
    players = site.get(f"/api/tables/{table}/players").json()["players"]
    assert players["blue"] == {"name": "Livia", "rating": None}


def test_an_unconfirmed_address_gets_no_mail_but_the_seat(site: TestClient) -> None:
    aurelia, _livia = Person(site, "Aurelia"), Person(site, "Livia")
    res = aurelia.post("/api/tables", {"seats": [ME, {"kind": "human", "invite": "Livia"}]})
    assert res.status_code == 201, res.text
    time.sleep(0.3)
    assert mails(site, "Livia", "invite") == []
    assert res.json()["table"]["seats"][1]["name"] == "Livia"


@pytest.mark.parametrize(
    ("seats", "status", "code", "why"),
    [
        ([ME, {"kind": "human", "invite": "Nobody"}], 404, "not_found", "no player"),
        ([ME, {"kind": "human", "invite": "livia@example.org"}], 404, "not_found", "no player"),
        (
            [ME, {"kind": "human", "invite": "Livia"}, {"kind": "human", "invite": "LIVIA"}],
            400,
            "bad_message",
            "two seats",
        ),
        ([ME, {"kind": "bot", "bot": "random", "invite": "Livia"}], 400, "bad_message", "person"),
        ([ME, {"kind": "human", "invite": ""}], 400, "bad_message", "invite"),
    ],
)
def test_bad_invitations_are_refused_and_make_no_table(
    site: TestClient, seats: list[dict[str, Any]], status: int, code: str, why: str
) -> None:
    aurelia, _livia = Person(site, "Aurelia"), Person(site, "Livia")
    res = aurelia.post("/api/tables", {"seats": seats})
    assert res.status_code == status, res.text
    assert res.json()["code"] == code and why in res.json()["message"]
    assert tables(site) == 0


def test_inviting_takes_a_signed_in_maker(site: TestClient) -> None:
    Person(site, "Livia")
    site.cookies.clear()
    res = site.post("/api/tables", json={"seats": [ME, {"kind": "human", "invite": "Livia"}]})
    assert res.status_code == 401 and "sign in" in res.json()["message"]
    assert tables(site) == 0


def test_the_invitation_is_the_first_turns_notice(site: TestClient, db: Database) -> None:
    aurelia, _livia = Person(site, "Aurelia"), Person(site, "Livia")
    db.execute("UPDATE accounts SET confirmed = :now, mail_after = 1", now=int(time.time()))
    body = {
        "seats": [ME, {"kind": "human", "invite": "Livia"}],
        "seed": 3,
        "options": {"first_player": "blue"},
    }
    res = aurelia.post("/api/tables", body)
    assert res.status_code == 201, res.text
    table = res.json()["table"]
    assert "blue" in table["active"], table["active"]
    hall = site.app.state.hall  # type: ignore[attr-defined]
    deadline = time.monotonic() + 120
    while not mails(site, "Livia", "invite"):
        assert time.monotonic() < deadline, "no invitation was mailed"
        time.sleep(0.05)
    # Long away, the clock looks: the invitation said it all for this turn.
    db.execute("UPDATE seats SET seen = :t", t=int(time.time()) - 3600)
    assert site.portal.call(hall.late_turn_notices) == 0  # type: ignore[union-attr]
    assert mails(site, "Livia", "turn") == []
    # The turn is recorded (later turns bring their own notices), and counted as noticed.
    engine = site.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        turn_at, noticed = conn.exec_driver_sql(
            "SELECT turn_at, noticed FROM seats WHERE role = 'blue'"
        ).one()
    assert turn_at is not None and noticed == turn_at
