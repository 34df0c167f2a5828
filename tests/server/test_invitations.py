"""Invitations are offers (crisis.server.lobby.invitations): a table's maker, signed in, offers a
person's seat to a player of the site by name; the table waits, with no clock, until the
player accepts (the seat is then theirs, reached by signing in, never by a secret the maker
holds) or declines (the seat waits for the maker). Tried as the attacks on ratings were: a
never-accepted invitation with a resign timeout cannot move anybody's rating. Bad
invitations are refused and make no table."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from crisis.server.accounts.data import Accounts
from crisis.server.accounts.schema import accounts
from tests.databases import Database
from tests.server.test_open_games import Person, quick_hashes, site
from tests.waiting import wait_for

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


def invite(maker: Person, *names: str, **how: Any) -> dict[str, Any]:
    seats = [ME, *({"kind": "human", "invite": n} for n in names)]
    res = maker.post("/api/tables", {"seats": seats, "seed": 3, **how})
    assert res.status_code == 201, res.text
    made: dict[str, Any] = res.json()
    return made


def seat_roles(client: TestClient, person: Person, table: str) -> list[str]:
    client.cookies.set("crisis_session", person.session)
    try:
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": []})
            roles: list[str] = ws.receive_json()["roles"]
            return roles
    finally:
        client.cookies.clear()


def test_an_invitation_is_an_offer_until_accepted(site: TestClient, db: Database) -> None:
    aurelia, livia = Person(site, "Aurelia"), Person(site, "Livia")
    db.execute("UPDATE accounts SET confirmed = :now, first_confirmed = :now", now=int(time.time()))
    made = invite(aurelia, "livia")
    table = made["table"]["id"]
    # The table waits for Livia: nobody moves, and she does not hold the seat yet.
    assert made["table"]["status"] == "open"
    assert list(made["tokens"]) == ["green"]  # the maker never holds the guest's secret
    blue = made["table"]["seats"][1]
    assert blue["name"] == "Livia" and blue["offer"] == "waiting"  # the account's spelling
    assert seat_roles(site, livia, table) == []
    body = {"role": "green", "action": ["pass", None], "version": 0}
    res = site.post(
        f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": made["tokens"]["green"]}
    )
    assert res.status_code == 409 and res.json()["code"] == "not_started"
    # A table waiting only for invited players is not among the open tables.
    assert table not in {t["id"] for t in livia.get("/api/open").json()["tables"]}
    wait_for(lambda: mails(site, "Livia", "invite"), "the invitation's mail")
    (mail,) = mails(site, "Livia", "invite")
    assert mail["subject"] == "Aurelia invites you to a game of Time of Crisis"
    assert f"/table/{table}?seat=blue" in mail["body"] and "accept or decline" in mail["body"]
    assert mails(site, "Aurelia", "invite") == []
    # On Livia's account page: the offer, from Aurelia.
    (offer,) = livia.get("/api/account/invitations").json()["invitations"]
    assert offer["table"] == table and offer["role"] == "blue" and offer["from"] == "Aurelia"
    assert aurelia.get("/api/account/invitations").json()["invitations"] == []
    # Nobody else answers for her; she accepts, and the table starts.
    titus = Person(site, "Titus")
    res = titus.post(f"/api/tables/{table}/accept")
    assert res.status_code == 403 and res.json()["code"] == "forbidden"
    res = livia.post(f"/api/tables/{table}/accept")
    assert res.status_code == 200, res.text
    assert res.json()["role"] == "blue" and res.json()["table"]["status"] == "playing"
    assert res.json()["table"]["seats"][1]["offer"] is None
    assert seat_roles(site, livia, table) == ["blue"]
    assert livia.get("/api/account/invitations").json()["invitations"] == []
    games = {g["id"]: g for g in livia.get("/api/account/games").json()["games"]}
    assert games[table]["roles"] == ["blue"]
    players = site.get(f"/api/tables/{table}/players").json()["players"]
    assert players["blue"] == {"name": "Livia", "rating": None}
    # Answered once: accepting again is refused.
    again = livia.post(f"/api/tables/{table}/accept")
    assert again.status_code == 409 and again.json()["code"] == "not_started"


def test_a_never_accepted_invitation_with_a_resign_timeout_moves_no_rating(
    site: TestClient, db: Database
) -> None:
    hunter, _victim = Person(site, "Hunter").confirm(), Person(site, "Victim").confirm()
    made = invite(hunter, "Victim", pace=86400, on_timeout="resign", rated=True)
    table = made["table"]["id"]
    assert made["table"]["deadline"] is None  # no clock runs for a seat nobody accepted
    hall = site.app.state.hall  # type: ignore[attr-defined]
    ten_days = int(time.time()) + 10 * 86400
    assert site.portal.call(hall.clock.time_out_overdue, ten_days) == 0  # type: ignore[union-attr]
    # The maker cannot start it without the victim, nor give the seat to a bot.
    res = hunter.post(f"/api/tables/{table}/start")
    assert res.status_code == 409 and "Victim to accept" in res.json()["message"]
    summary = site.get(f"/api/tables/{table}").json()
    assert summary["status"] == "open" and not summary["seats"][1]["resigned"]
    assert site.get("/api/ratings/time_of_crisis").json()["players"] == []
    assert site.get("/api/players/Victim").json()["games"] == []


def test_rated_play_takes_a_confirmed_address(site: TestClient, db: Database) -> None:
    maker, livia = Person(site, "Aurelia"), Person(site, "Livia")
    res = maker.post(
        "/api/tables", {"seats": [ME, {"kind": "human", "invite": "Livia"}], "rated": True}
    )
    assert res.status_code == 403 and res.json()["code"] == "unconfirmed"
    assert tables(site) == 0
    maker.confirm()
    table = invite(maker, "Livia", rated=True)["table"]["id"]
    res = livia.post(f"/api/tables/{table}/accept")
    assert res.status_code == 403 and res.json()["code"] == "unconfirmed"
    assert site.get(f"/api/tables/{table}").json()["seats"][1]["offer"] == "waiting"
    livia.confirm()
    assert livia.post(f"/api/tables/{table}/accept").json()["table"]["status"] == "playing"


def test_a_declined_seat_waits_for_the_maker(site: TestClient) -> None:
    aurelia, livia, titus = Person(site, "Aurelia"), Person(site, "Livia"), Person(site, "Titus")
    made = invite(aurelia, "Livia", "Titus")
    table = made["table"]["id"]
    res = livia.post(f"/api/tables/{table}/decline", {"role": "blue"})
    assert res.status_code == 200, res.text
    seats = res.json()["table"]["seats"]
    assert seats[1]["offer"] == "declined" and res.json()["table"]["status"] == "open"
    assert livia.get("/api/account/invitations").json()["invitations"] == []
    # Titus accepts his: the table still waits (for the maker, about the declined seat).
    assert titus.post(f"/api/tables/{table}/accept").json()["table"]["status"] == "open"
    # Only the maker offers the declined seat again, and only to someone not seated.
    res = titus.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "Livia"})
    assert res.status_code == 403 and res.json()["code"] == "forbidden"
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "yellow", "name": "Livia"})
    assert res.status_code == 400 and "not a declined seat" in res.json()["message"]
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "Nobody"})
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    marcus = Person(site, "Marcus")
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "marcus"})
    assert res.status_code == 200, res.text
    assert res.json()["table"]["seats"][1] | {"role": "blue"} == {
        **res.json()["table"]["seats"][1],
        "name": "Marcus",
        "offer": "waiting",
    }
    marcus.post(f"/api/tables/{table}/decline")
    # Or the maker starts the (unrated) table: a bot takes the declined seat.
    res = aurelia.post(f"/api/tables/{table}/start")
    assert res.status_code == 200, res.text
    assert res.json()["status"] == "playing"
    assert res.json()["seats"][1]["kind"] == "bot" and res.json()["seats"][2]["kind"] == "human"


def test_a_rated_table_with_a_declined_seat_does_not_start_with_a_bot(site: TestClient) -> None:
    aurelia, livia = Person(site, "Aurelia").confirm(), Person(site, "Livia").confirm()
    table = invite(aurelia, "Livia", rated=True)["table"]["id"]
    livia.post(f"/api/tables/{table}/decline")
    res = aurelia.post(f"/api/tables/{table}/start")
    assert res.status_code == 400 and "bots are never rated" in res.json()["message"]
    res = aurelia.post(f"/api/tables/{table}/close")
    assert res.status_code == 200 and tables(site) == 0


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


def test_accepting_starts_the_table_and_its_first_turn(site: TestClient, db: Database) -> None:
    aurelia, livia = Person(site, "Aurelia"), Person(site, "Livia")
    db.execute(
        "UPDATE accounts SET confirmed = :now, first_confirmed = :now, mail_after = 1",
        now=int(time.time()),
    )
    made = invite(aurelia, "Livia", options={"first_player": "blue"})
    table = made["table"]["id"]
    res = livia.post(f"/api/tables/{table}/accept")
    assert "blue" in res.json()["table"]["active"], res.json()["table"]["active"]
    # The turn is recorded once the table starts (its notice goes if she is away long).
    engine = site.app.state.store.engine  # type: ignore[attr-defined]

    def blue_seat() -> Any:
        with engine.connect() as conn:
            return conn.exec_driver_sql(
                "SELECT turn_at, account FROM seats WHERE role = 'blue'"
            ).one()

    # Recorded in the background: the answer does not wait for it.
    wait_for(lambda: blue_seat().turn_at is not None, "the first turn to be recorded")
    assert blue_seat().account is not None


def test_one_person_holds_one_seat_of_a_table_however_they_come_to_it(site: TestClient) -> None:
    """A seat offered to a player and a free seat of the same open table: taking the free
    seat while the offer waits, accepting the offer after taking a seat, and offering a
    declined seat to someone seated are each refused (``already_seated``), so nobody plays
    two seats of one game (nor makes a rated table unrated by sitting twice)."""
    aurelia, carol = Person(site, "Aurelia").confirm(), Person(site, "Carol").confirm()
    livia = Person(site, "Livia").confirm()
    seats = [ME, {"kind": "human", "invite": "carol"}, {"kind": "open"}, {"kind": "open"}]
    res = aurelia.post("/api/tables", {"seats": seats, "open": True, "seed": 5, "rated": True})
    assert res.status_code == 201, res.text
    table = res.json()["table"]["id"]
    # Invited to blue, Carol may not take a free seat instead of answering.
    res = carol.post(f"/api/tables/{table}/take", {"role": "yellow"})
    assert res.status_code == 403 and res.json()["code"] == "already_seated"
    assert "waits for your answer (blue)" in res.json()["message"]
    # She declines; the maker offers blue to Livia, who takes a free seat meanwhile.
    assert carol.post(f"/api/tables/{table}/decline").status_code == 200
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "Carol"})
    assert res.status_code == 200, res.text
    assert carol.post(f"/api/tables/{table}/decline").status_code == 200
    res = livia.post(f"/api/tables/{table}/take", {"role": "yellow"})
    assert res.status_code == 200, res.text
    # Livia sits at yellow: blue is not offered to her.
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "Livia"})
    assert res.status_code == 403 and res.json()["code"] == "already_seated"
    # Carol takes the free red seat, so blue cannot be offered to her again either. Were an
    # offer to reach her all the same (the routes above refuse every way to one), accepting
    # it is refused too: the offer is written here as such a race would leave it.
    res = carol.post(f"/api/tables/{table}/take", {"role": "red"})
    assert res.status_code == 200, res.text
    res = aurelia.post(f"/api/tables/{table}/invite", {"role": "blue", "name": "Carol"})
    assert res.status_code == 403 and res.json()["code"] == "already_seated"
    hall = site.app.state.hall  # type: ignore[attr-defined]
    live = site.portal.call(hall.get, table)  # type: ignore[union-attr]
    blue = next(s for s in live.row.seats if s.role == "blue")
    engine = site.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        carol_id = db.execute(select(accounts.c.id).where(accounts.c.name == "Carol")).scalar()
    blue.invited, blue.offer = carol_id, "waiting"
    res = carol.post(f"/api/tables/{table}/accept", {"role": "blue"})
    assert res.status_code == 403 and res.json()["code"] == "already_seated"
    assert "already sit at this table (red)" in res.json()["message"]
    games = {g["id"]: g for g in carol.get("/api/account/games").json()["games"]}
    assert games[table]["roles"] == ["red"]


def test_a_seat_an_account_holds_keeps_the_accounts_name(site: TestClient) -> None:
    """The name a browser says when it joins renames a guest's seat, never one an account
    holds: its holder cannot take another player's name at the table or in its chat."""
    aurelia, _livia = Person(site, "Aurelia"), Person(site, "Livia")
    made = invite(aurelia, "Livia")
    table = made["table"]["id"]
    site.cookies.set("crisis_session", aurelia.session)
    try:
        with site.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": [], "name": "Livia"})
            assert ws.receive_json()["roles"] == ["green"]
            ws.send_json({"type": "chat", "role": "green", "text": "I (Livia) resign, gg"})
            wait_for(
                lambda: site.get(f"/api/tables/{table}/chat").json()["entries"], "the chat line"
            )
    finally:
        site.cookies.clear()
    assert site.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Aurelia"
    (line,) = site.get(f"/api/tables/{table}/chat").json()["entries"]
    assert line["name"] == "Aurelia" and line["role"] == "green"


def test_a_seat_claimed_by_link_is_named_after_its_account_when_joined(site: TestClient) -> None:
    """A friend's seat opened by its link and claimed by a signed-in account takes the
    account's name when its person joins, whatever name their browser says."""
    aurelia, flavia = Person(site, "Aurelia"), Person(site, "Flavia")
    res = aurelia.post("/api/tables", {"seats": [ME, {"kind": "human"}], "seed": 3})
    assert res.status_code == 201, res.text
    table, token = res.json()["table"]["id"], res.json()["tokens"]["blue"]
    assert flavia.post("/api/account/seats", {"tokens": [token]}).json()["claimed"] == [
        [table, "blue"]
    ]
    site.cookies.set("crisis_session", flavia.session)
    try:
        with site.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": [token], "name": "Player"})
            assert ws.receive_json()["roles"] == ["blue"]
    finally:
        site.cookies.clear()
    assert site.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "Flavia"
