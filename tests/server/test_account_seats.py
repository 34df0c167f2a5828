"""Seats that follow the person (crisis.server.accounts.seats): a signed-in browser claims
the seats its secrets open, the account's sessions then hold them from any browser, and
"Your games" lists them, those waiting for the account first; on both databases. Playing by
seat link without an account goes on as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi import Request
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.accounts import install, passwords, seat_roles
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, state

PASSWORD = "marcus aurelius 161"


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def client(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("CRISIS_SMTP_URL", raising=False)
    app = create_app(db.url, bot_delay=0.0, allow_seed=True, think_seconds=0.05)
    install(app, mail_poll=0.05)

    # What the table's routes do with seat_roles (see its text): the roles a request holds.
    @app.get("/test/roles/{table}")
    @app.post("/test/roles/{table}")
    async def roles(table: str, request: Request) -> list[str]:
        return sorted(await seat_roles(request, table))

    with TestClient(app) as c:
        yield c


def person(client: TestClient, name: str) -> TestClient:
    """A browser of its own, signed up as ``name``."""
    browser = TestClient(client.app)
    res = browser.post(
        "/api/account/signup",
        json={"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    return browser


def claim(browser: TestClient, *tokens: str) -> dict[str, Any]:
    res = browser.post("/api/account/seats", json={"tokens": list(tokens)})
    assert res.status_code == 200, res.text
    return dict(res.json())


def games(browser: TestClient) -> list[dict[str, Any]]:
    res = browser.get("/api/account/games")
    assert res.status_code == 200, res.text
    return list(res.json()["games"])


def test_a_claimed_seat_follows_the_account_and_another_cannot_take_it(
    client: TestClient,
) -> None:
    table, tokens = create(client, [HUMAN, HUMAN, BOT])
    # A guest plays by link as before: nobody holds the seats by account.
    assert state(client, table, tokens["green"])["table"]["id"] == table
    aurelian, zenobia = person(client, "Aurelian"), person(client, "Zenobia")
    assert games(aurelian) == []
    assert aurelian.get(f"/test/roles/{table}").json() == []
    assert claim(aurelian, tokens["green"]) == {"claimed": [[table, "green"]], "taken": []}
    assert claim(aurelian, tokens["green"]) == {"claimed": [[table, "green"]], "taken": []}
    assert claim(zenobia, tokens["green"], tokens["blue"], "no such secret") == {
        "claimed": [[table, "blue"]],
        "taken": [[table, "green"]],
    }
    # Each account's sessions hold its seats, on any browser it signs in on.
    laptop = TestClient(client.app)
    laptop.post("/api/account/signin", json={"login": "aurelian", "password": PASSWORD})
    assert laptop.get(f"/test/roles/{table}").json() == ["green"]
    assert zenobia.get(f"/test/roles/{table}").json() == ["blue"]
    assert TestClient(client.app).get(f"/test/roles/{table}").json() == []
    # A browser of another site may not act with the cookie.
    res = laptop.post(f"/test/roles/{table}", headers={"Origin": "https://evil.example"})
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    assert laptop.post(f"/test/roles/{table}").json() == ["green"]
    # The seat link still plays the seat.
    assert state(client, table, tokens["green"])["table"]["id"] == table


def test_your_games_lists_those_waiting_for_you_first_and_shows_no_address(
    client: TestClient, db: Database
) -> None:
    aurelian, zenobia = person(client, "Aurelian"), person(client, "Zenobia")
    first, first_tokens = create(client, [HUMAN, HUMAN])  # green moves first
    second, second_tokens = create(client, [HUMAN, HUMAN])
    claim(aurelian, first_tokens["blue"], second_tokens["green"])
    claim(zenobia, first_tokens["green"])
    # The first table changed last: newest first would put it first, but the second waits
    # for Aurelian.
    db.execute("UPDATE games SET updated = updated + 100 WHERE id = :id", id=first)
    listed = games(aurelian)
    assert [(g["id"], g["roles"], g["waiting"]) for g in listed] == [
        (second, ["green"], True),
        (first, ["blue"], False),
    ]
    assert listed[0]["waiting_since"] == listed[0]["updated"]
    assert listed[1]["waiting_since"] is None
    seats = {s["role"]: s for s in listed[1]["seats"]}
    assert seats["blue"]["yours"] and not seats["green"]["yours"]
    assert [(g["id"], g["waiting"]) for g in games(zenobia)] == [(first, True)]
    for browser in (aurelian, zenobia):
        text = browser.get("/api/account/games").text
        assert "@example.org" not in text and "zenobia@" not in text.lower()


def test_seats_need_a_signed_in_same_site_browser(client: TestClient, db: Database) -> None:
    _table, tokens = create(client, [HUMAN, HUMAN])
    guest = TestClient(client.app)
    res = guest.post("/api/account/seats", json={"tokens": [tokens["green"]]})
    assert res.status_code == 401 and res.json()["code"] == "signed_out"
    assert guest.get("/api/account/games").json()["code"] == "signed_out"
    aurelian = person(client, "Aurelian")
    res = aurelian.post(
        "/api/account/seats",
        json={"tokens": [tokens["green"]]},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    res = aurelian.post("/api/account/seats", json={"tokens": ["x" * 101]})
    assert res.status_code == 400 and res.json()["code"] == "bad_message"
    assert db.execute("SELECT COUNT(*) FROM seats WHERE account IS NOT NULL") == [(0,)]


def test_a_rematch_keeps_the_askers_seat_and_offers_the_others(client: TestClient) -> None:
    """The one who asks keeps their seat (their account's, their secret); another person's
    seat is offered to their account, as an invitation is: nobody is sat at a new game, its
    clock running, without saying yes. The table starts once they accept; their asking too
    finds the same table."""
    table, tokens = create(client, [HUMAN, HUMAN])
    aurelian, zenobia = person(client, "Aurelian"), person(client, "Zenobia")
    claim(aurelian, tokens["green"])
    claim(zenobia, tokens["blue"])
    for role in ("green", "blue"):  # both leave: the game is over
        headers = {"X-Seat-Token": tokens[role]}
        res = client.post(f"/api/tables/{table}/resign", json={"role": role}, headers=headers)
        assert res.status_code == 200, res.text
    made = aurelian.post(f"/api/tables/{table}/rematch")
    assert made.status_code == 200, made.text
    new = made.json()["id"]
    assert new != table and made.json()["status"] == "open"
    assert aurelian.get(f"/test/roles/{new}").json() == ["green"]
    assert zenobia.get(f"/test/roles/{new}").json() == []  # offered, not taken for her
    offers = zenobia.get("/api/account/invitations").json()["invitations"]
    assert [(o["table"], o["role"]) for o in offers] == [(new, "blue")], offers
    # Asking too finds the same table, where her seat waits for her answer.
    assert zenobia.post(f"/api/tables/{table}/rematch").json()["id"] == new
    res = zenobia.post(f"/api/tables/{new}/accept", json={"role": "blue"})
    assert res.status_code == 200, res.text
    assert res.json()["table"]["status"] == "playing"
    assert zenobia.get(f"/test/roles/{new}").json() == ["blue"]
    assert {g["id"] for g in games(zenobia)} == {table, new}
    assert TestClient(client.app).get(f"/test/roles/{new}").json() == []


def _blocked_after_a_game(client: TestClient) -> tuple[str, dict[str, str], TestClient, TestClient]:
    """A finished game of Aurelian (green) and Zenobia (blue), each by their account, after
    which Zenobia blocked Aurelian: the table, its seat secrets and the two browsers."""
    table, tokens = create(client, [HUMAN, HUMAN])
    aurelian, zenobia = person(client, "Aurelian"), person(client, "Zenobia")
    claim(aurelian, tokens["green"])
    claim(zenobia, tokens["blue"])
    for role in ("green", "blue"):
        headers = {"X-Seat-Token": tokens[role]}
        client.post(f"/api/tables/{table}/resign", json={"role": role}, headers=headers)
    assert zenobia.post("/api/account/blocks", json={"name": "Aurelian"}).status_code == 200
    return table, tokens, aurelian, zenobia


def test_a_rematch_is_refused_to_someone_a_player_blocked_since(client: TestClient) -> None:
    table, _tokens, aurelian, zenobia = _blocked_after_a_game(client)
    res = aurelian.post(f"/api/tables/{table}/rematch")
    assert res.status_code == 403 and res.json()["code"] == "blocked", res.text
    assert aurelian.get(f"/api/tables/{table}").json()["rematch"] is None  # nothing made
    assert {g["id"] for g in games(zenobia)} == {table}
    # The blocker may still ask for one (the block is theirs to lift): it is offered.
    new = zenobia.post(f"/api/tables/{table}/rematch")
    assert new.status_code == 200, new.text
    offers = aurelian.get("/api/account/invitations").json()["invitations"]
    assert [(o["table"], o["role"]) for o in offers] == [(new.json()["id"], "green")]


def _socket_rematch(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Ask for a rematch over the table's websocket; the answer (a rematch or an error)."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [token]})
        while ws.receive_json()["type"] != "state":
            pass
        ws.send_json({"type": "rematch"})
        while (msg := ws.receive_json())["type"] not in ("rematch", "error"):
            pass
        return msg


def test_the_socket_asks_no_rematch_that_would_seat_another_account(
    client: TestClient, db: Database
) -> None:
    """The socket's rematch makes the new table at once with every seat's secret: with
    another person's account at the table it would sit them at a new game (its clock
    running) without their yes, and past their block. It is refused with a code, nothing
    made; the lobby's route offers their seats instead (what the site's Rematch button
    asks)."""
    table, tokens, aurelian, zenobia = _blocked_after_a_game(client)
    before = db.execute("SELECT COUNT(*) FROM games")
    msg = _socket_rematch(aurelian, table, tokens["green"])
    assert (msg["type"], msg["code"]) == ("error", "offers_needed"), msg
    assert f"/api/tables/{table}/rematch" in msg["message"]
    assert db.execute("SELECT COUNT(*) FROM games") == before
    assert aurelian.get(f"/api/tables/{table}").json()["rematch"] is None
    assert {g["id"] for g in games(zenobia)} == {table}
    # Once one was made over HTTP (here by the blocker, so it is offered), the socket's
    # answer is that same table.
    new = zenobia.post(f"/api/tables/{table}/rematch").json()["id"]
    assert _socket_rematch(aurelian, table, tokens["green"]) == {"type": "rematch", "table": new}


def test_a_guest_asks_the_account_holder_to_ask_for_the_rematch(client: TestClient) -> None:
    """A guest's rematch would sit an account holder at a new game without asking (the
    offer needs an account to come from): it is refused, and nothing is made; the account
    holder's own rematch seats the guest by their secret, as before."""
    table, tokens = create(client, [HUMAN, HUMAN])
    aurelian = person(client, "Aurelian")
    claim(aurelian, tokens["green"])
    for role in ("green", "blue"):
        headers = {"X-Seat-Token": tokens[role]}
        client.post(f"/api/tables/{table}/resign", json={"role": role}, headers=headers)
    guest = TestClient(client.app)
    res = guest.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": tokens["blue"]})
    assert res.status_code == 401 and res.json()["code"] == "signed_out", res.text
    assert guest.get(f"/api/tables/{table}").json()["rematch"] is None
    made = aurelian.post(f"/api/tables/{table}/rematch")
    assert made.status_code == 200 and made.json()["status"] == "playing", made.text
    new = made.json()["id"]
    assert aurelian.get(f"/test/roles/{new}").json() == ["green"]
    seen = guest.get(f"/api/tables/{new}/state", headers={"X-Seat-Token": tokens["blue"]})
    assert seen.status_code == 200 and seen.json()["role"] == "blue", seen.text
