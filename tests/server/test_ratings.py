"""Ratings of rated games between accounts (crisis.server.ratings.rate): the places a result gives,
a whole rated game moving both players' ratings, the leaderboard and the profile."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server.accounts.data import Accounts
from crisis.server.accounts.passwords import hash_password
from crisis.server.ratings.rate import MODEL, PROVISIONAL, Seat, places, shown
from tests.databases import Database
from tests.server.conftest import make_client

HUMAN = {"kind": "human"}
FAST = {"state": 10**6, "act": 10**6, "tables": 10**6}


def test_places_follow_the_ranking() -> None:
    seated = [Seat(r, r, False) for r in ("green", "blue", "yellow")]
    result = {"ranking": ["blue", "green", "yellow"], "scores": {"blue": 9, "green": 7}}
    assert places(result, seated) == {"blue": 1, "green": 2, "yellow": 3}


def test_joint_winners_and_a_die_roll_tie_share_a_place() -> None:
    seated = [Seat(r, r, False) for r in ("green", "blue", "yellow", "red")]
    joint = {"ranking": ["blue", "green", "red", "yellow"], "winners": ["blue", "green"]}
    assert places(joint, seated) == {"blue": 1, "green": 1, "red": 3, "yellow": 4}
    dice = {
        "ranking": ["red", "green", "blue", "yellow"],
        "scores": {"red": 20, "green": 12, "blue": 12, "yellow": 3},
        "tie_break_rolls": {"green": 5, "blue": 2},
    }
    assert places(dice, seated) == {"red": 1, "green": 2, "blue": 2, "yellow": 4}


def test_a_player_who_resigned_is_last() -> None:
    seated = [Seat("green", "a", True), Seat("blue", "b", False), Seat("yellow", "c", True)]
    result = {"ranking": ["green", "blue", "yellow"], "scores": {"green": 30, "blue": 2}}
    assert places(result, seated) == {"blue": 1, "green": 2, "yellow": 2}


def test_the_shown_scale() -> None:
    new = MODEL.rating()
    assert shown(new.mu) == 1500 and new.sigma > PROVISIONAL


def _account(db: Database, name: str, *, confirmed: bool = True) -> str:
    from crisis.server.store.repository import Store

    store = Store(db.url)  # migrates; the accounts' own API makes the account
    try:
        made = Accounts(store.engine).create(
            name, f"{name.lower()}@example.org", hash_password("a long secret phrase")
        )
    finally:
        store.close()
    if confirmed:  # rated play takes a confirmed address
        db.execute(
            "UPDATE accounts SET confirmed = 1, first_confirmed = 1 WHERE id = :a", a=made.id
        )
    return made.id


def _play_to_the_end(client: TestClient, table: str, tokens: dict[str, str]) -> dict[str, Any]:
    rng = random.Random(7)
    for _ in range(5000):
        summary = client.get(f"/api/tables/{table}").json()
        if summary["status"] == "finished":
            return dict(summary)
        for role in summary["active"]:
            headers = {"X-Seat-Token": tokens[role]}
            now = client.get(f"/api/tables/{table}/state", headers=headers).json()
            legal = [a for a in now["actions"] if a[0] != "undo"]
            if legal:
                body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
                client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
    raise AssertionError("the game did not end")


def test_a_rated_game_moves_both_ratings(db: Database) -> None:
    alba, brutus = _account(db, "Alba"), _account(db, "Brutus")
    with make_client(db, http_per_minute=FAST) as client:
        body = {"seats": [HUMAN, HUMAN], "seed": 4, "options": {"short_game": True}, "rated": True}
        made = client.post("/api/tables", json=body).json()
        table, tokens = made["table"]["id"], made["tokens"]
        assert made["table"]["rated"] is True
        # The seats belong to the accounts (as signing in and taking them does).
        for role, account in zip(("green", "blue"), (alba, brutus), strict=True):
            db.execute(
                "UPDATE seats SET account = :a WHERE game = :g AND role = :r",
                a=account,
                g=table,
                r=role,
            )
        players = client.get(f"/api/tables/{table}/players").json()["players"]
        assert players == {
            "green": {"name": "Alba", "rating": None},
            "blue": {"name": "Brutus", "rating": None},
        }
        end = _play_to_the_end(client, table, tokens)
        winner = end["result"]["ranking"][0]
        # At the table, beside each name: the rating after the game.
        players = client.get(f"/api/tables/{table}/players").json()["players"]
        shown = players[winner]["rating"]
        assert shown["rating"] > 1500 and shown["games"] == 1
        # What the end moved goes out with the end itself (per role, before and after), and
        # the players' answer says the same to a page that loads later.
        loser = next(r for r in ("green", "blue") if r != winner)
        assert end["ratings"][winner] == [1500, shown["rating"]]
        assert end["ratings"][loser][0] == 1500 > end["ratings"][loser][1]
        assert {r: players[r]["change"] for r in players} == end["ratings"]
        board = client.get("/api/ratings/time_of_crisis").json()["players"]
        assert [p["name"] for p in board] == (
            ["Alba", "Brutus"] if winner == "green" else ["Brutus", "Alba"]
        )
        assert board[0]["rating"] > 1500 > board[1]["rating"]
        assert all(p["games"] == 1 and p["provisional"] for p in board)
        profile = client.get("/api/players/alba").json()  # names are found case-insensitively
        assert profile["name"] == "Alba" and "email" not in str(profile)
        (game,) = profile["games"]
        assert game["table"] == table and game["before"] == 1500
        assert game["place"] == (1 if winner == "green" else 2)
        assert profile["ratings"]["time_of_crisis"]["rating"] == game["after"]
        # Rated once: asking again changes nothing.
        hall = client.app.state.hall  # type: ignore[attr-defined]
        assert client.portal.call(hall.db, client.app.state.ratings.rate, table) is None  # type: ignore[union-attr]
        assert client.get("/api/ratings/time_of_crisis").json()["players"] == board


def test_a_rated_game_with_a_seat_of_no_account_is_not_rated(db: Database) -> None:
    _account(db, "Alba")
    with make_client(db, http_per_minute=FAST) as client:
        body = {"seats": [HUMAN, HUMAN], "seed": 4, "options": {"short_game": True}, "rated": True}
        made = client.post("/api/tables", json=body).json()
        _play_to_the_end(client, made["table"]["id"], made["tokens"])
        assert client.get("/api/ratings/time_of_crisis").json()["players"] == []


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"seats": [HUMAN, {"kind": "bot", "bot": "random"}], "rated": True}, "people only"),
        ({"seats": [HUMAN, HUMAN], "rated": "yes"}, ""),
    ],
)
def test_a_rated_table_with_a_bot_is_refused(
    client: TestClient, body: dict[str, Any], why: str
) -> None:
    res = client.post("/api/tables", json=body)
    assert res.status_code in (400, 422) and res.json()["code"] == "bad_message"
    assert why in res.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_unknown_games_and_players_are_404(client: TestClient) -> None:
    res = client.get("/api/ratings/chess")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    res = client.get("/api/players/nobody")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    res = client.get("/api/tables/nosuchtable/players")
    assert res.status_code == 404 and res.json()["code"] == "not_found"
