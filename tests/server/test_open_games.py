"""Open tables (crisis.server.lobby.open_games): a signed-in host lists a table, strangers who are
signed in take its free seats, it starts when full or when the host starts it (bots take
what is free), and the host may close it before; bad requests change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.accounts import install, passwords
from crisis.server.accounts.sessions import COOKIE
from tests.databases import Database

SETTINGS: dict[str, Any] = {"bot_delay": 0.0, "allow_seed": True, "think_seconds": 0.05}
PASSWORD = "a long and secret phrase"
OPEN = {"kind": "open"}
ME = {"kind": "human", "name": "host's own name"}


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with small costs (the real ones take a good part of a second a hash)."""
    monkeypatch.setattr(
        passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def site(db: Database) -> Iterator[TestClient]:
    app = create_app(db.url, **SETTINGS)
    install(app, mail_poll=0.05)
    with TestClient(app) as client:
        yield client


class Person:
    """A signed-up person: requests with their session cookie."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        client.cookies.clear()
        body = {"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD}
        res = client.post("/api/account/signup", json=body)
        assert res.status_code == 201, res.text
        self.session = res.cookies[COOKIE]
        client.cookies.clear()
        self.name = name

    def confirm(self) -> Person:
        """As the link mailed at sign-up does: the address is confirmed (rated play needs it)."""
        engine = self.client.app.state.store.engine  # type: ignore[attr-defined]
        with engine.begin() as db:
            db.exec_driver_sql(
                "UPDATE accounts SET confirmed = 1, first_confirmed = 1 WHERE name = %s"
                if engine.dialect.name == "postgresql"
                else "UPDATE accounts SET confirmed = 1, first_confirmed = 1 WHERE name = ?",
                (self.name,),
            )
        return self

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        self.client.cookies.clear()
        self.client.cookies.set(COOKIE, self.session)
        try:
            return self.client.post(path, json=body or {})
        finally:
            self.client.cookies.clear()

    def get(self, path: str) -> Any:
        self.client.cookies.clear()
        self.client.cookies.set(COOKIE, self.session)
        try:
            return self.client.get(path)
        finally:
            self.client.cookies.clear()


def listed(person: Person) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in person.get("/api/open").json()["tables"]}


def host_table(host: Person, seats: list[dict[str, Any]], **how: Any) -> tuple[str, str]:
    res = host.post("/api/tables", {"seats": seats, "open": True, "seed": 5, **how})
    assert res.status_code == 201, res.text
    made = res.json()
    assert made["table"]["status"] == "open"
    return made["table"]["id"], made["tokens"]["green"]


def test_strangers_take_the_free_seats_and_the_full_table_starts(site: TestClient) -> None:
    host, livia = Person(site, "Aurelia").confirm(), Person(site, "Livia").confirm()
    titus = Person(site, "Titus").confirm()
    table, host_token = host_table(host, [ME, OPEN, OPEN], pace=86400, rated=True)
    shown = listed(livia)[table]
    assert shown["free"] == ["blue", "yellow"] and shown["rated"] and shown["pace"] == 86400
    # The host has played no rated game yet: the list says so (a rating comes after one).
    host_seat = next(s for s in shown["seats"] if s["role"] == "green")
    assert "rating" in host_seat and host_seat["rating"] is None
    assert all("rating" not in s for s in shown["seats"] if s["kind"] == "open")
    assert shown["mine"] is False and listed(host)[table]["mine"] is True
    # Nobody moves before it starts: not even the host's own seat.
    now = site.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": host_token}).json()
    assert now["actions"] == []
    body = {"role": "green", "action": ["pass", None], "version": now["version"]}
    res = site.post(f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": host_token})
    assert res.status_code == 409 and res.json()["code"] == "not_started"
    # A stranger takes a seat with one request and gets its secret.
    took = livia.post(f"/api/tables/{table}/take")
    assert took.status_code == 200, took.text
    assert took.json()["role"] == "blue" and took.json()["table"]["status"] == "open"
    seat = next(s for s in took.json()["table"]["seats"] if s["role"] == "blue")
    assert seat["name"] == "Livia" and seat["kind"] == "human"
    mine = site.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": took.json()["token"]})
    assert mine.json()["role"] == "blue"
    # The same person cannot take a second seat.
    again = livia.post(f"/api/tables/{table}/take")
    assert again.status_code == 403 and again.json()["code"] == "already_seated"
    # The last seat starts the table, and it leaves the list.
    last = titus.post(f"/api/tables/{table}/take", {"role": "yellow"})
    assert last.status_code == 200 and last.json()["table"]["status"] == "playing"
    assert table not in listed(titus)
    now = site.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": host_token}).json()
    green_to_move = "green" in now["table"]["active"]
    assert bool(now["actions"]) == green_to_move
    full = titus.post(f"/api/tables/{table}/take")
    assert full.status_code == 409 and full.json()["code"] == "not_started"


def test_the_host_starts_with_bots_in_the_free_seats_or_closes_it(site: TestClient) -> None:
    host, livia = Person(site, "Aurelia"), Person(site, "Livia")
    table, _ = host_table(host, [ME, OPEN, OPEN])
    assert livia.post(f"/api/tables/{table}/start").json()["code"] == "forbidden"
    assert livia.post(f"/api/tables/{table}/close").json()["code"] == "forbidden"
    assert livia.post(f"/api/tables/{table}/take").status_code == 200
    started = host.post(f"/api/tables/{table}/start")
    assert started.status_code == 200, started.text
    kinds = {s["role"]: s["kind"] for s in started.json()["seats"]}
    assert kinds == {"green": "human", "blue": "human", "yellow": "bot"}
    assert started.json()["status"] == "playing"
    assert host.post(f"/api/tables/{table}/close").json()["code"] == "not_started"
    # Another table, closed before it starts: gone.
    other, _ = host_table(host, [ME, OPEN])
    assert host.post(f"/api/tables/{other}/close").json() == {"closed": other}
    assert other not in listed(host)
    assert site.get(f"/api/tables/{other}").status_code == 404


def test_one_host_holds_a_few_open_tables_not_the_whole_list(site: TestClient) -> None:
    """A host may keep a few tables waiting; past ``OPEN_TABLES_PER_HOST`` a new open table
    is refused (``too_many``) and nothing is made, so that one account cannot push everyone
    else's tables off the list. Starting or closing one makes room."""
    honest, spammer = Person(site, "Livia").confirm(), Person(site, "Pest").confirm()
    theirs, _ = host_table(honest, [ME, OPEN], rated=True)
    mine = [host_table(spammer, [ME, OPEN], rated=True)[0] for _ in range(3)]
    res = spammer.post("/api/tables", {"seats": [ME, OPEN], "open": True, "rated": True})
    assert res.status_code == 409 and res.json()["code"] == "too_many", res.text
    shown = listed(honest)
    assert set(shown) == {theirs, *mine}
    # Each rated table's seated player comes with their rating (none before a rated game).
    assert all(t["seats"][0]["rating"] is None for t in shown.values())
    assert spammer.post(f"/api/tables/{mine[0]}/close").status_code == 200
    another, _ = host_table(spammer, [ME, OPEN])
    assert another in listed(honest)
    # Tables that started are not waiting: they do not count.
    assert honest.post(f"/api/tables/{mine[1]}/take").status_code == 200
    assert host_table(spammer, [ME, OPEN])[0] in listed(honest)


def test_a_rated_open_table_waits_to_be_full(site: TestClient) -> None:
    host = Person(site, "Aurelia").confirm()
    table, _ = host_table(host, [ME, OPEN], rated=True)
    res = host.post(f"/api/tables/{table}/start")
    assert res.status_code == 400 and "bots are never rated" in res.json()["message"]
    assert listed(host)[table]["status"] == "open"


def test_open_tables_need_someone_signed_in_from_this_site(site: TestClient) -> None:
    body = {"seats": [ME, OPEN], "open": True}
    res = site.post("/api/tables", json=body)
    assert res.status_code == 401 and res.json()["code"] == "signed_out"
    host = Person(site, "Aurelia")
    table, _ = host_table(host, [ME, OPEN])
    site.cookies.set(COOKIE, host.session)
    res = site.post(
        f"/api/tables/{table}/close", headers={"Origin": "https://evil.example"}
    )  # a page of another site, with the cookie
    site.cookies.clear()
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    assert table in listed(host)
    res = site.post(f"/api/tables/{table}/take")  # nobody signed in
    assert res.status_code == 401
    # Open seats belong to open tables only.
    res = site.post("/api/tables", json={"seats": [ME, OPEN]})
    assert res.status_code == 400 and res.json()["code"] == "bad_message"


def test_a_signed_in_player_reaches_their_seat_without_its_secret(site: TestClient) -> None:
    host, livia = Person(site, "Aurelia"), Person(site, "Livia")
    table, _ = host_table(host, [ME, OPEN, OPEN])
    assert livia.post(f"/api/tables/{table}/take").status_code == 200
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    # No secret sent: the session cookie alone shows Livia her seat, and nobody else's.
    mine = livia.get(f"/api/tables/{table}/state").json()
    assert mine["role"] == "blue"
    hands = {p["role"]: "hand" in p for p in mine["view"]["players"]}
    assert hands == {"green": False, "blue": True, "yellow": False}
    assert host.get(f"/api/tables/{table}/state").json()["role"] == "green"
    assert site.get(f"/api/tables/{table}/state").json()["role"] is None  # signed out
    # Once she resigns, the seat (a bot's now) is no longer hers to look at.
    res = livia.post(f"/api/tables/{table}/resign", {"role": "blue"})
    assert res.status_code == 200, res.text
    after = livia.get(f"/api/tables/{table}/state").json()
    assert after["role"] is None
    assert all("hand" not in p for p in after["view"]["players"])


def test_a_server_without_accounts_refuses_open_tables(client: TestClient) -> None:
    res = client.post("/api/tables", json={"seats": [ME, OPEN], "open": True})
    assert res.status_code == 400 and "no accounts" in res.json()["message"]
    assert client.get("/api/open").json() == {"tables": []}


def test_a_start_that_meets_a_seat_taken_elsewhere_is_refused_and_stores_no_bot(
    site: TestClient, db: Database
) -> None:
    host, livia = Person(site, "Aurelia"), Person(site, "Livia")
    table, _ = host_table(host, [ME, OPEN])
    site.get(f"/api/tables/{table}")  # this process holds the table in memory
    # Another process takes the last seat (its write bumps the version); this one has not
    # heard yet (SQLite: no other process announces it).
    ((livia_id,),) = db.execute("SELECT id FROM accounts WHERE name = 'Livia'")
    db.execute(
        "UPDATE seats SET kind = 'human', name = 'Livia', account = :a WHERE game = :g "
        "AND role = 'blue'",
        a=livia_id,
        g=table,
    )
    db.execute("UPDATE games SET version = version + 1 WHERE id = :g", g=table)
    res = host.post(f"/api/tables/{table}/start")
    assert res.status_code == 409 and res.json()["code"] == "conflict", res.text
    assert db.execute(
        "SELECT kind, account FROM seats WHERE game = :g AND role = 'blue'", g=table
    ) == [("human", livia_id)]
    # Caught up, the table is seen as it is: the taker's seat, nothing free.
    seats = site.get(f"/api/tables/{table}").json()["seats"]
    assert seats[1]["kind"] == "human" and seats[1]["name"] == "Livia"
    res = livia.post(f"/api/tables/{table}/take")
    assert res.status_code in (403, 409), res.text
