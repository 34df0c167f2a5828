"""Every seat a signed-in person takes is their account's: the seat they mark as their own
when they make a table, a friend's seat they open by link while signed in; "Your games"
(``POST /api/games/yours``) lists the account's and the browser's seats in one list, those
waiting first; and the turn notices then reach the table's maker, by a real SMTP server, on
both databases."""

from __future__ import annotations

import itertools
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import create_app
from crisis.server.accounts import install
from crisis.server.mail.turns import time_left
from crisis.server.store import repository
from tests.databases import Database
from tests.server.smtp import Inbox, smtp_server
from tests.server.test_open_games import SETTINGS, Person, quick_hashes
from tests.waiting import wait_for

__all__ = ["quick_hashes"]

MINE = {"kind": "human", "name": "Marcus", "mine": True}
FRIEND = {"kind": "human"}


@pytest.fixture
def mailed(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, Inbox]]:
    """A site with accounts whose mails go to a real SMTP server."""
    monkeypatch.delenv("CRISIS_SMTP_URL", raising=False)
    with smtp_server() as (inbox, url):
        # Games played out over HTTP here ask for the table at every move.
        fast = {"tables": 10_000, "state": 10_000, "act": 10_000}
        app = create_app(db.url, **SETTINGS, http_per_minute=fast)
        install(app, smtp_url=url, public_url="http://crisis.example", mail_poll=0.05)
        with TestClient(app) as client:
            yield client, inbox


def yours(person: Person, *tokens: str) -> list[dict[str, Any]]:
    res = person.post("/api/games/yours", {"tokens": list(tokens)})
    assert res.status_code == 200, res.text
    return list(res.json()["games"])


def mails_to(inbox: Inbox, address: str, subject: str) -> list[Any]:
    return [m for m in inbox.mails if m["To"] == address and subject in str(m["Subject"])]


def move(person: Person, table: str, role: str, rng: random.Random) -> None:
    state = person.get(f"/api/tables/{table}/state?role={role}").json()
    legal = [a for a in state["actions"] if a[0] != "undo"]
    body = {"role": role, "action": rng.choice(legal), "version": state["version"]}
    res = person.post(f"/api/tables/{table}/actions", body)
    assert res.status_code == 200, res.text


def test_a_signed_in_maker_of_a_friend_link_table_is_mailed_once_when_the_friend_has_moved(
    mailed: tuple[TestClient, Inbox], db: Database
) -> None:
    client, inbox = mailed
    marcus, livia = Person(client, "Marcus"), Person(client, "Livia")
    db.execute(
        "UPDATE accounts SET confirmed = :now, first_confirmed = :now, mail_after = 0",
        now=int(time.time()),
    )
    res = marcus.post("/api/tables", {"seats": [MINE, FRIEND], "seed": 3, "pace": 86400})
    assert res.status_code == 201, res.text
    table, tokens = res.json()["table"]["id"], res.json()["tokens"]
    assert set(tokens) == {"green", "blue"}  # the friend's link is handed out as before
    # The maker's seat is their account's; the friend's is nobody's until they open the link.
    assert [(g["id"], g["roles"]) for g in yours(marcus)] == [(table, ["green"])]
    assert yours(livia) == []
    # The friend, signed in, opens the link: the table page claims the seat for the account.
    assert livia.post("/api/account/seats", {"tokens": [tokens["blue"]]}).json() == {
        "claimed": [[table, "blue"]],
        "taken": [],
    }
    assert [(g["id"], g["roles"]) for g in yours(livia)] == [(table, ["blue"])]
    people = {"green": marcus, "blue": livia}
    rng = random.Random(7)
    # Play until the friend is to move (the maker moves first if the game says so), then the
    # friend moves until the maker's turn begins.
    for until in ("blue", "green"):
        for _ in range(300):
            active = marcus.get(f"/api/tables/{table}").json()["active"]
            if active == [until]:
                break
            move(people[active[0]], table, active[0], rng)
        else:
            raise AssertionError(f"{until} never came to move")
    wait_for(lambda: len(mails_to(inbox, "marcus@example.org", "Your turn")) == 1)
    # The clock's later look sends no second mail for the same turn.
    turns = client.app.state.turn_notices  # type: ignore[attr-defined]
    assert client.portal.call(turns.late_turn_notices) == 0  # type: ignore[union-attr]
    wait_for(lambda: db.execute("SELECT COUNT(*) FROM outbox WHERE status <> 'sent'") == [(0,)])
    (mail,) = mails_to(inbox, "marcus@example.org", "Your turn")
    text = mail.get_content().replace("\r\n", "\n")
    assert f"/table/{table}?seat=green" in text
    # It says how long he has and what was played since his last move, in the log's words.
    assert re.search(r"You have (23|24) hours to move\.", text), text
    log = marcus.get(f"/api/tables/{table}/state?role=green").json()["view"]["log"]
    told = text.split("Since your last move:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    told = [line.removeprefix("- ") for line in told if line.startswith("- ")]
    assert told and told == log[len(log) - len(told) :], (told, log[-10:])
    # "Your games" shows the table waiting for the maker, with how long it has waited.
    (game,) = yours(marcus)
    assert game["waiting"] and game["waiting_since"] == game["updated"]
    assert [g["waiting"] for g in yours(livia)] == [False]
    # Marcus plays his turn at once: most of its day goes into his bank, and the next turn
    # mail tells the time his own clock gives him (the day and the bank), not the table's day.
    for until in ("blue", "green"):
        for _ in range(300):
            active = marcus.get(f"/api/tables/{table}").json()["active"]
            if active == [until]:
                break
            move(people[active[0]], table, active[0], rng)
    wait_for(lambda: len(mails_to(inbox, "marcus@example.org", "Your turn")) == 2)
    clock = marcus.get(f"/api/tables/{table}/clocks").json()["clocks"]["green"]
    assert clock["bank"] > 20 * 3600, clock
    latest = mails_to(inbox, "marcus@example.org", "Your turn")[-1]
    said = re.search(r"You have (.+) to move\.", latest.get_content())
    assert said is not None
    left = clock["deadline"] - time.time()
    assert said.group(1) in {time_left(left), time_left(left + 60)}, (said.group(1), clock)
    assert said.group(1) not in ("23 hours", "24 hours")


def test_the_seat_is_the_makers_only_when_signed_in_from_this_site(
    mailed: tuple[TestClient, Inbox], db: Database
) -> None:
    client, _inbox = mailed
    marcus = Person(client, "Marcus")
    # A guest's table: nobody's seats, as before; the browser lists it by its secret.
    client.cookies.clear()
    res = client.post("/api/tables", json={"seats": [MINE, FRIEND]})
    assert res.status_code == 201, res.text
    guest_table, guest_tokens = res.json()["table"]["id"], res.json()["tokens"]
    assert db.execute("SELECT COUNT(*) FROM seats WHERE account IS NOT NULL") == [(0,)]
    listed = client.post("/api/games/yours", json={"tokens": [guest_tokens["green"]]}).json()
    assert [(g["id"], g["roles"]) for g in listed["games"]] == [(guest_table, ["green"])]
    assert listed["signed_in"] is False
    # Another site's page may not make a seat the account's with the cookie.
    client.cookies.set("crisis_session", marcus.session)
    res = client.post(
        "/api/tables",
        json={"seats": [MINE, FRIEND]},
        headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
    )
    client.cookies.clear()
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    # A seat not marked as the maker's (a hotseat friend's, a link) stays nobody's.
    res = marcus.post("/api/tables", {"seats": [MINE, FRIEND, {**MINE, "mine": False}]})
    made = res.json()["table"]["id"]
    assert db.execute(
        "SELECT role FROM seats WHERE game = :g AND account IS NOT NULL ORDER BY role", g=made
    ) == [("green",)]
    # "Your games" merges the account's seats and the browser's own secrets, without doubles.
    listed = yours(marcus, guest_tokens["green"], res.json()["tokens"]["green"])
    assert sorted(g["id"] for g in listed) == sorted([guest_table, made])
    # Bad input changes nothing.
    assert marcus.post("/api/games/yours", {"tokens": ["x" * 101]}).status_code == 400
    assert (
        marcus.post("/api/tables", {"seats": [{**MINE, "mine": "yes"}, FRIEND]}).status_code == 400
    )


def test_time_left_in_words() -> None:
    assert [time_left(s) for s in (-5, 30, 3000, 7200, 86400, 3 * 86400 + 3600, 2 * 86400)] == [
        "no time left",
        "1 minute",
        "50 minutes",
        "2 hours",
        "24 hours",
        "3 days and 1 hour",
        "2 days",
    ]


def test_what_a_seat_last_saw_is_kept_on_the_server_for_its_holder_only(
    mailed: tuple[TestClient, Inbox], db: Database
) -> None:
    client, _inbox = mailed
    marcus = Person(client, "Marcus")
    made = marcus.post("/api/tables", {"seats": [MINE, FRIEND]}).json()
    table, tokens = made["table"]["id"], made["tokens"]
    path = f"/api/tables/{table}/marks"
    assert marcus.get(f"{path}/green").json() == {"role": "green", "marks": None}
    seen = {"v": 3, "regions": {"Italia": {"support": 3}}, "armies": {}}
    client.cookies.set("crisis_session", marcus.session)
    assert client.put(path, json={"role": "green", "marks": seen}).status_code == 200
    client.cookies.clear()
    # Any device of the account reads it back; the friend's link reads only its own seat.
    assert marcus.get(f"{path}/green").json()["marks"] == seen
    friend = {"X-Seat-Token": tokens["blue"]}
    assert client.get(f"{path}/green", headers=friend).status_code == 403
    assert client.get(f"{path}/green").status_code == 403  # a watcher
    assert client.put(path, json={"role": "green", "marks": {}}, headers=friend).status_code == 403
    # Bad input is refused with a code and changes nothing.
    for bad in ([1, 2], "text", {"x": "y" * 13_000}):
        res = client.put(path, json={"role": "blue", "marks": bad}, headers=friend)
        assert res.status_code == 400 and res.json()["code"] == "bad_message", res.text
    res = client.put(path, json={"role": "blue", "marks": {"x": "y" * 20_000}}, headers=friend)
    assert res.status_code == 413 and res.json()["code"] == "too_large", res.text
    assert client.get(f"{path}/blue", headers=friend).json()["marks"] is None
    assert marcus.get(f"{path}/green").json()["marks"] == seen


def test_a_table_over_days_made_while_signed_in_tells_the_moment_it_stored(
    mailed: tuple[TestClient, Inbox], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The maker's seat is their account's from the table's first write: no later write moves
    the table's last change, so with a clock that ticks a second per write, the table's
    summary (``updated``) and its seats' clocks (read from the database) tell the same
    moment."""
    client, _inbox = mailed
    marcus = Person(client, "Marcus")
    start = int(time.time())
    ticks = itertools.count(start)
    monkeypatch.setattr(repository, "_now", lambda: next(ticks))  # a second per write
    res = marcus.post("/api/tables", {"seats": [MINE, FRIEND], "seed": 3, "pace": 86400})
    assert res.status_code == 201, res.text
    table = res.json()["table"]["id"]
    [(stored, created)] = db.execute("SELECT updated, created FROM games WHERE id = :g", g=table)
    assert stored == created >= start  # one write made the table and gave the maker a seat
    assert db.execute(
        "SELECT role, seen FROM seats WHERE game = :g AND account IS NOT NULL", g=table
    ) == [("green", stored)]
    made = client.get(f"/api/tables/{table}").json()
    assert made["updated"] == stored
    assert made["deadline"] == stored + 86400
    res = marcus.post("/api/tables/mine", {"tokens": [res.json()["tokens"]["green"]]})
    listed = [
        (t["table"]["id"], t["table"]["updated"], t["table"]["deadline"])
        for t in res.json()["tables"]
    ]
    assert listed == [(table, stored, stored + 86400)]
