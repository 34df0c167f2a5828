"""Turn notices (crisis.server.mail.turns): when a seat held by an account becomes one to move and
its person is away, one mail goes to them for that turn; nobody at the table gets one, nor
anyone who asked for none."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from crisis.server.accounts.data import Accounts
from crisis.server.accounts.schema import accounts
from crisis.server.mail.turns import end_words
from crisis.server.store.schema import seats
from tests.databases import Database
from tests.server.test_open_games import OPEN, Person, quick_hashes, site
from tests.waiting import wait_for

__all__ = ["quick_hashes", "site"]

ME = {"kind": "human"}


@pytest.fixture
def table(site: TestClient, db: Database) -> Iterator[tuple[TestClient, dict[str, Person], str]]:
    """A started two-seat table of Aurelia (green) and Livia (blue), both with confirmed
    addresses and turn notices after 0 minutes away."""
    aurelia, livia = Person(site, "Aurelia"), Person(site, "Livia")
    res = aurelia.post("/api/tables", {"seats": [ME, OPEN], "open": True, "seed": 2})
    made = res.json()["table"]["id"]
    assert livia.post(f"/api/tables/{made}/take").json()["table"]["status"] == "playing"
    db.execute(
        "UPDATE accounts SET confirmed = :now, first_confirmed = :now, mail_after = 0",
        now=int(time.time()),
    )
    yield site, {"green": aurelia, "blue": livia}, made


def turn_mails(client: TestClient, person: Person) -> list[dict[str, Any]]:
    """The turn notices in the outbox for ``person``'s account."""
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        account = db.execute(select(accounts.c.id).where(accounts.c.name == person.name)).scalar()
    return Accounts(engine).sent_to(account, "turn")


def play(people: dict[str, Person], table: str, until: str, rng: random.Random) -> None:
    """Random moves (over HTTP, as each seat's person) until ``until`` is to move."""
    for _ in range(300):
        now = people["green"].get(f"/api/tables/{table}").json()
        if until in now["active"]:
            return
        role = now["active"][0]
        state = people[role].get(f"/api/tables/{table}/state").json()
        legal = [a for a in state["actions"] if a[0] != "undo"]
        body = {"role": role, "action": rng.choice(legal), "version": state["version"]}
        assert people[role].post(f"/api/tables/{table}/actions", body).status_code == 200
        time.sleep(0.01)
    raise AssertionError(f"{until} never came to move")


def test_one_mail_per_turn_to_a_player_who_is_away(
    table: tuple[TestClient, dict[str, Person], str],
) -> None:
    client, people, made = table
    rng = random.Random(3)
    first = people["green"].get(f"/api/tables/{made}").json()["active"][0]
    other = "blue" if first == "green" else "green"
    play(people, made, other, rng)
    wait_for(lambda: len(turn_mails(client, people[other])) == 1)
    (mail,) = turn_mails(client, people[other])
    assert f"/table/{made}" in mail["body"] and "Your turn" in mail["subject"]
    # More moves in the same turn bring no second mail; the next turn brings one to the other.
    play(people, made, first, rng)
    wait_for(lambda: len(turn_mails(client, people[first])) >= 1)
    assert len(turn_mails(client, people[other])) == 1
    assert "@" not in json.dumps(people[first].get(f"/api/tables/{made}").json())


def test_nobody_at_the_table_is_mailed(
    table: tuple[TestClient, dict[str, Person], str],
) -> None:
    client, people, made = table
    first = people["green"].get(f"/api/tables/{made}").json()["active"][0]
    other = "blue" if first == "green" else "green"
    client.cookies.set("crisis_session", people[other].session)
    with client.websocket_connect(f"/ws/{made}") as ws:  # the other player is at the table
        client.cookies.clear()
        ws.send_json({"type": "hello", "tokens": []})
        assert ws.receive_json()["roles"] == [other]
        play(people, made, other, random.Random(4))
        time.sleep(0.5)
        assert turn_mails(client, people[other]) == []


def end_mails(client: TestClient, person: Person) -> list[dict[str, Any]]:
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        account = db.execute(select(accounts.c.id).where(accounts.c.name == person.name)).scalar()
    return Accounts(engine).sent_to(account, "end")


def test_everyone_away_hears_that_the_game_ended(
    table: tuple[TestClient, dict[str, Person], str],
) -> None:
    client, people, made = table
    assert people["green"].post(f"/api/tables/{made}/resign", {"role": "green"}).status_code == 200
    assert end_mails(client, people["green"]) == []  # the game goes on
    assert people["blue"].post(f"/api/tables/{made}/resign", {"role": "blue"}).status_code == 200
    for person in people.values():
        wait_for(lambda p=person: len(end_mails(client, p)) == 1)
        (mail,) = end_mails(client, person)
        assert "has ended" in mail["subject"] and f"/table/{made}" in mail["body"]
    # Each is told who won in plain words: "You won." to the winner, never their own name.
    result = people["green"].get(f"/api/tables/{made}").json()["result"]
    for role, person in people.items():
        (mail,) = end_mails(client, person)
        said = mail["body"]
        if result.get("winner") == role:
            assert "You won." in said and f"{person.name} won" not in said, said
        else:
            assert "You won" not in said, said
        assert "no more the" not in said, said


def test_who_won_in_words() -> None:
    names = {"green": "Marcus", "blue": ""}
    assert end_words("green", "green", names) == "You won."
    assert end_words("green", "blue", names) == "Marcus (green) won."
    assert end_words("blue", "green", names) == "Blue (blue) won."
    assert end_words(None, "green", names) == "Nobody won."


def _late(client: TestClient) -> int:
    turns = client.app.state.turn_notices  # type: ignore[attr-defined]
    return int(client.portal.call(turns.late_turn_notices))  # type: ignore[union-attr]


def test_a_player_who_leaves_after_their_turn_began_is_mailed_once(
    table: tuple[TestClient, dict[str, Person], str], db: Database
) -> None:
    client, people, made = table
    db.execute("UPDATE accounts SET mail_after = 1")
    first = people["green"].get(f"/api/tables/{made}").json()["active"][0]
    other = "blue" if first == "green" else "green"
    client.cookies.set("crisis_session", people[other].session)
    with client.websocket_connect(f"/ws/{made}") as ws:  # at the table when the turn comes
        client.cookies.clear()
        ws.send_json({"type": "hello", "tokens": []})
        assert ws.receive_json()["roles"] == [other]
        play(people, made, other, random.Random(5))
        time.sleep(0.3)
        # Long at the table (their last connection an hour ago): the clock marks them here.
        db.execute("UPDATE seats SET seen = :t WHERE role = :r", t=int(time.time()) - 3600, r=other)
        assert _late(client) == 0
        assert turn_mails(client, people[other]) == []
        left = int(time.time())
    # They left: the server marks the moment (in the background: wait for it), a minute is
    # not up yet, then it is (their last visit moved back in time).
    seen = "SELECT seen FROM seats WHERE game = :g AND role = :r"
    wait_for(lambda: (db.execute(seen, g=made, r=other)[0][0] or 0) >= left)
    assert _late(client) == 0
    db.execute("UPDATE seats SET seen = :t WHERE role = :r", t=int(time.time()) - 61, r=other)
    assert _late(client) == 1
    (mail,) = turn_mails(client, people[other])
    assert f"/table/{made}?seat={other}" in mail["body"]
    assert _late(client) == 0  # one mail per turn
    assert len(turn_mails(client, people[other])) == 1


def test_the_first_seat_to_move_when_an_open_table_starts_has_its_turn_recorded(
    table: tuple[TestClient, dict[str, Person], str],
) -> None:
    """The start of an open table begins the first seat's turn: a notice is due for it as
    for any later turn (it goes out if that person leaves before moving)."""
    client, people, made = table
    first = people["green"].get(f"/api/tables/{made}").json()["active"][0]
    engine = client.app.state.store.engine  # type: ignore[attr-defined]

    def turn_at() -> Any:
        with engine.connect() as db:
            return db.execute(
                select(seats.c.turn_at).where(seats.c.game == made, seats.c.role == first)
            ).scalar()

    wait_for(lambda: turn_at() is not None)
