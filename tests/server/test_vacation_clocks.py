"""Correspondence clocks on a real server and database (both backends): each seat's turn
timed from its start, whatever else happens at the table; its time bank earned by quick
turns and spent by slow ones, vacations that pause every clock of an
account and end when its person acts, the yearly allowance, and the refusals. Time is the
test's: the store's clock and the routes' are set (no sleeps), and the server's clock judges
at a given moment (``time_out_overdue(now)``), as it does every 30 seconds."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from crisis.server import create_app, timebank
from crisis.server.accounts import install, passwords, seats, vacations
from crisis.server.store import clocks as seat_clocks
from crisis.server.store import repository as store
from crisis.server.timebank import DAY
from tests.databases import Database
from tests.server.conftest import HUMAN, pick, state

PASSWORD = "marcus aurelius 161"
HOUR = 3600


class FakeTime:
    """The moment the store stamps moves with and the vacation routes judge by."""

    def __init__(self) -> None:
        self.t = int(time.time())

    def __call__(self) -> int:
        return self.t


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        passwords, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(store, "_now", fake)
    monkeypatch.setattr(vacations, "now", fake)
    monkeypatch.setattr(seats, "now", fake)
    return fake


@pytest.fixture
def client(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.delenv("CRISIS_SMTP_URL", raising=False)
    app = create_app(db.url, bot_delay=0.0, allow_seed=True, think_seconds=0.05)
    install(app, mail_poll=0.05)
    with TestClient(app) as c:
        yield c


def person(client: TestClient, name: str) -> TestClient:
    browser = TestClient(client.app)
    res = browser.post(
        "/api/account/signup",
        json={"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    return browser


def judge(client: TestClient, at: int) -> int:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    timed_out: int = client.portal.call(hall.clock.time_out_overdue, at)  # type: ignore[union-attr]
    return timed_out


def summary(client: TestClient, table: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{table}").json())


def clocks(client: TestClient, table: str) -> dict[str, Any]:
    res = client.get(f"/api/tables/{table}/clocks")
    assert res.status_code == 200, res.text
    return dict(res.json()["clocks"])


def vacation(browser: TestClient, body: Any) -> Any:
    return browser.post("/api/account/vacation", json=body)


def standing(browser: TestClient) -> dict[str, Any]:
    res = browser.get("/api/account/vacation")
    assert res.status_code == 200, res.text
    return dict(res.json()["vacation"])


def two_people(client: TestClient) -> tuple[str, dict[str, str], dict[str, TestClient]]:
    """A table at one day per move between Aurelian (its first seat) and Zenobia, each seat
    its account's; returns the table, the seat secrets and each role's browser."""
    res = client.post(
        "/api/tables", json={"seats": [HUMAN, HUMAN], "seed": 5, "pace": DAY, "bank": 9 * DAY}
    )
    assert res.status_code == 201, res.text
    table, tokens = res.json()["table"]["id"], res.json()["tokens"]
    browsers = {}
    for (role, token), name in zip(tokens.items(), ("Aurelian", "Zenobia"), strict=True):
        browsers[role] = person(client, name)
        claimed = browsers[role].post("/api/account/seats", json={"tokens": [token]})
        assert claimed.json()["claimed"] == [[table, role]]
    return table, tokens, browsers


def play_turn(client: TestClient, table: str, token: str, role: str, clock: FakeTime,
              step: int) -> None:  # fmt: skip
    """``role`` plays until it is no longer to move, ``step`` seconds per action."""
    rng = random.Random(7)
    for _ in range(500):
        now = state(client, table, token)
        if role not in now["table"]["active"]:
            return
        clock.t += step
        body = {"role": role, "action": pick(now["actions"], rng), "version": now["version"]}
        res = client.post(
            f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": token}
        )
        assert res.status_code == 200, res.text
    raise AssertionError("the turn did not end")


def test_a_quick_turn_banks_time_that_saves_a_slow_one(client: TestClient, clock: FakeTime) -> None:
    table, tokens, _ = two_people(client)
    first = summary(client, table)["active"][0]
    other = next(r for r in tokens if r != first)
    began = clock.t
    # Nobody starts with a bank, and no client sets one (the "bank" sent at creation).
    assert {r: c["bank"] for r, c in clocks(client, table).items()} == {first: 0, other: 0}
    play_turn(client, table, tokens[first], first, clock, step=60)
    turn = clock.t - began
    assert 0 < turn < DAY
    shown = clocks(client, table)
    assert shown[first]["bank"] == DAY - turn and shown[first]["deadline"] is None
    assert shown[other]["deadline"] == summary(client, table)["updated"] + DAY
    # The other seat has no bank: its time runs out after one day, as before.
    play_turn(client, table, tokens[other], other, clock, step=60)
    assert first in summary(client, table)["active"]
    # The first seat now takes longer than its day: its bank keeps it in the game... (its
    # turn began when it came to choose its hand, with the other seat, a few actions ago)
    updated = summary(client, table)["updated"]
    bank = clocks(client, table)[first]["bank"]
    deadline = clocks(client, table)[first]["deadline"]
    began = deadline - DAY - bank
    assert updated - 3600 < began <= updated
    assert judge(client, began + DAY + 60) == 0
    assert summary(client, table)["seats"][0]["kind"] == "human"
    # ... and a move at a day and an hour, within the turn, does not restart it: the turn
    # is timed from its start, and the bank pays for it when it ends.
    clock.t = began + DAY + HOUR
    now = state(client, table, tokens[first])
    action = pick(now["actions"], random.Random(1))
    body = {"role": first, "action": action, "version": now["version"]}
    res = client.post(
        f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": tokens[first]}
    )
    assert res.status_code == 200, res.text
    after = clocks(client, table)[first]
    # (seed 5 and these choices leave the seat to move: its turn goes on)
    assert first in summary(client, table)["active"]
    assert after["bank"] == bank
    assert after["deadline"] == deadline
    # When that runs out too, the table does what it chose (a bot takes the seat).
    assert judge(client, after["deadline"] - 1) == 0
    assert judge(client, after["deadline"] + 1) == 1
    seat = next(s for s in summary(client, table)["seats"] if s["role"] == first)
    assert seat["kind"] == "bot"


def test_a_vacation_pauses_the_clock_and_opponents_see_it(
    client: TestClient, clock: FakeTime
) -> None:
    table, tokens, browsers = two_people(client)
    first = summary(client, table)["active"][0]
    other = next(r for r in tokens if r != first)
    start = clock.t
    res = vacation(browsers[first], {"days": 5})
    assert res.status_code == 200, res.text
    away = res.json()["vacation"]
    assert away["until"] == start + 5 * DAY and away["days_left"] == 25
    # Everyone at the table, the opponent and a spectator alike, sees it.
    for who in (browsers[other], client):
        shown = who.get(f"/api/tables/{table}/clocks").json()["clocks"]
        assert shown[first]["vacation_until"] == start + 5 * DAY
        assert shown[first]["deadline"] == start + 5 * DAY + DAY
        assert shown[other]["vacation_until"] is None
    # "Your games" of both show it, with the paused deadline.
    for who in browsers.values():
        listed = who.get("/api/account/games").json()["games"]
        assert listed[0]["clocks"][first]["vacation_until"] == start + 5 * DAY
        assert listed[0]["deadline"] == start + 6 * DAY
    # The table's summary, the tables to watch and a browser's own tables say the same, not
    # the table's earliest (a day after the last move), which would read "time is up".
    assert summary(client, table)["deadline"] == start + 6 * DAY
    watched = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert watched[table]["deadline"] == start + 6 * DAY
    held = client.post("/api/tables/mine", json={"tokens": [tokens[other]]}).json()["tables"]
    assert [(t["table"]["deadline"], t["roles"]) for t in held] == [(start + 6 * DAY, [other])]
    # A day and more on, nothing times out; past the vacation and the day, the seat does.
    assert judge(client, start + DAY + 60) == 0
    assert judge(client, start + 6 * DAY - 1) == 0
    assert judge(client, start + 6 * DAY + 1) == 1


def test_a_vacation_ends_when_its_person_acts_and_costs_what_it_lasted(
    client: TestClient, clock: FakeTime
) -> None:
    table, tokens, browsers = two_people(client)
    first = summary(client, table)["active"][0]
    assert vacation(browsers[first], {"days": 10}).status_code == 200
    clock.t += DAY + 2 * HOUR
    now = state(client, table, tokens[first])
    body = {
        "role": first,
        "action": pick(now["actions"], random.Random(3)),
        "version": now["version"],
    }
    headers = {"X-Seat-Token": tokens[first]}
    assert (
        client.post(f"/api/tables/{table}/actions", json=body, headers=headers).status_code == 200
    )
    back = standing(browsers[first])
    assert back["until"] is None and back["days_used"] == 2 and back["days_left"] == 28
    assert clocks(client, table)[first]["vacation_until"] is None
    # Ending by hand: a day at least, charged once.
    assert vacation(browsers[first], {"days": 3}).status_code == 200
    clock.t += 60
    res = vacation(browsers[first], {"end": True})
    assert res.status_code == 200, res.text
    assert res.json()["vacation"]["until"] is None and res.json()["vacation"]["days_left"] == 27


def test_a_vacation_beyond_the_allowance_and_bad_input_are_refused_and_change_nothing(
    client: TestClient, clock: FakeTime
) -> None:
    _table, _tokens, browsers = two_people(client)
    me = next(iter(browsers.values()))
    assert vacation(me, {"days": 25}).status_code == 200
    clock.t += 20 * DAY
    assert vacation(me, {"end": True}).status_code == 200
    before = standing(me)
    assert before["days_left"] == timebank.VACATION_DAYS_A_YEAR - 20
    refusals = [
        ({"days": 11}, 400, "vacation_allowance"),
        ({"days": 0}, 400, "bad_message"),
        ({"days": 31}, 400, "bad_message"),
        ({"days": "3"}, 400, "bad_message"),
        ({"days": 2.5}, 400, "bad_message"),
        ({"days": True}, 400, "bad_message"),
        ({}, 400, "bad_message"),
        ({"days": 2, "end": True}, 400, "bad_message"),
        ({"end": False}, 400, "bad_message"),
        ({"end": True}, 409, "not_on_vacation"),
        ({"bank": 5 * DAY}, 400, "bad_message"),
    ]
    for body, status, code in refusals:
        res = vacation(me, body)
        assert res.status_code == status, (body, res.text)
        if code is not None:
            assert res.json()["code"] == code, (body, res.text)
        assert standing(me) == before, body
    assert vacation(me, {"days": 10}).status_code == 200
    res = vacation(me, {"days": 1})
    assert res.status_code == 409 and res.json()["code"] == "on_vacation"
    # Signed out, nobody's vacation changes; another site's page cannot start one.
    stranger = TestClient(client.app)
    res = vacation(stranger, {"days": 1})
    assert res.status_code == 401 and res.json()["code"] == "signed_out"
    res = me.post(
        "/api/account/vacation", json={"days": 1}, headers={"Origin": "https://evil.example"}
    )
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    # No route sets a bank.
    assert me.post(f"/api/tables/{_table}/clocks", json={"bank": DAY}).status_code == 405


def test_the_clocks_of_an_unknown_or_live_table(client: TestClient) -> None:
    res = client.get("/api/tables/nosuchtable/clocks")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    made = client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}).json()
    assert clocks(client, made["table"]["id"]) == {}


def test_games_held_by_a_vacation_never_crowd_out_one_that_is_due(
    client: TestClient, clock: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock reads the games past their table's deadline a page at a time (two here):
    five games of a person on vacation, all older, come first, and the one due still times
    out."""
    monkeypatch.setattr(seat_clocks, "OVERDUE_PAGE", 2)
    away = person(client, "Aurelian")
    held = []
    for _ in range(5):
        res = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "seed": 5, "pace": DAY})
        table, tokens = res.json()["table"]["id"], res.json()["tokens"]
        first = summary(client, table)["active"][0]
        away.post("/api/account/seats", json={"tokens": [tokens[first]]})
        held.append(table)
        clock.t += 1
    assert vacation(away, {"days": 9}).status_code == 200
    res = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "seed": 5, "pace": DAY})
    due = res.json()["table"]["id"]
    assert judge(client, clock.t + DAY + 1) == 1
    assert summary(client, due)["version"] > 0
    assert all(summary(client, t)["version"] == 0 for t in held)


def test_starting_and_ending_vacations_is_rate_limited_per_address(
    db: Database, clock: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRISIS_SMTP_URL", raising=False)
    app = create_app(db.url, bot_delay=0.0, http_per_minute={"seat": 2})
    install(app, mail_poll=0.05)
    with TestClient(app) as site:
        aurelian = person(site, "Aurelian")
        assert vacation(aurelian, {"days": 2}).status_code == 200
        assert vacation(aurelian, {"end": True}).status_code == 200
        taken = standing(aurelian)
        refused = vacation(aurelian, {"days": 2})
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert standing(aurelian) == taken  # nothing started


def undoable(actions: list[Any]) -> Any:
    """An action of ``actions`` that leaves its seat to move and can be taken back, if any
    (a card chosen for the starting hand: the choice goes on until the hand is full)."""
    return next((a for a in actions if a[0] == "choose_card"), None)


def act(client: TestClient, table: str, token: str, role: str, action: Any) -> None:
    now = state(client, table, token)
    body = {"role": role, "action": action, "version": now["version"]}
    res = client.post(f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": token})
    assert res.status_code == 200, res.text


def test_acting_and_taking_it_back_never_holds_the_game(
    client: TestClient, clock: FakeTime
) -> None:
    """A seat to move that acts and takes the action back every 23 hours keeps its turn's
    start: its time runs out a day (and its empty bank) after its turn began, not after its
    last undo, and the table does what it chose."""
    table, tokens, _ = two_people(client)
    began = summary(client, table)["updated"]
    # Play until a seat is choosing its starting hand (the province choices end turns).
    for _ in range(20):
        mover = summary(client, table)["active"][0]
        if undoable(state(client, table, tokens[mover])["actions"]):
            break
        clock.t += 60
        act(
            client,
            table,
            tokens[mover],
            mover,
            pick(state(client, table, tokens[mover])["actions"], random.Random(2)),
        )
    else:
        raise AssertionError("no seat came to choose its hand")
    turn = clocks(client, table)[mover]
    assert turn["deadline"] is not None
    deadline = turn["deadline"]
    for _ in range(5):
        clock.t += 23 * HOUR // 5
        act(
            client,
            table,
            tokens[mover],
            mover,
            undoable(state(client, table, tokens[mover])["actions"]),
        )
        clock.t += 60
        act(client, table, tokens[mover], mover, ["undo", None])
        assert clocks(client, table)[mover]["deadline"] == deadline
    assert summary(client, table)["updated"] > began + 20 * HOUR  # the table did change

    def kind() -> str:
        return str(next(s["kind"] for s in summary(client, table)["seats"] if s["role"] == mover))

    judge(client, deadline - 1)
    assert kind() == "human"
    judge(client, deadline + 1)
    assert kind() == "bot"


def test_another_seat_joining_or_renamed_does_not_move_a_turns_deadline(
    client: TestClient, clock: FakeTime
) -> None:
    """The seat not to move opens the table every day with a new name: each join writes the
    table, but the seat to move's time still runs out a day after its turn began."""
    res = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "seed": 5, "pace": DAY})
    assert res.status_code == 201, res.text
    table, tokens = res.json()["table"]["id"], res.json()["tokens"]
    mover = summary(client, table)["active"][0]
    other = next(r for r in tokens if r != mover)
    deadline = clocks(client, table)[mover]["deadline"]
    assert deadline == summary(client, table)["updated"] + DAY
    for day in range(3):
        clock.t += 7 * HOUR
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": [tokens[other]], "name": f"Name {day}"})
            assert ws.receive_json()["type"] == "welcome"
        assert summary(client, table)["updated"] == clock.t  # the join wrote the table
        assert clocks(client, table)[mover]["deadline"] == deadline
    assert judge(client, deadline + 1) == 1


def test_a_vacation_over_new_year_spends_the_new_years_days(
    client: TestClient, clock: FakeTime
) -> None:
    """A month away begun on New Year's Eve is the new year's month: back at the end of
    January, the account has no days left that year (it once had all thirty again)."""
    browser = person(client, "Janus")
    clock.t = int(dt.datetime(2027, 12, 31, 12, tzinfo=dt.UTC).timestamp())
    res = vacation(browser, {"days": 30})
    assert res.status_code == 200, res.text
    assert res.json()["vacation"]["days_used"] == 0  # none of 2027's
    clock.t += 31 * DAY
    assert standing(browser) == {**standing(browser), "until": None, "days_left": 0}
    res = vacation(browser, {"days": 2})
    assert res.status_code == 400 and res.json()["code"] == "vacation_allowance", res.text
    assert "0 of 30 vacation days left this year" in res.json()["message"]
