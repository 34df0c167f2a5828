"""Ratings that reflect games people played, tried as an attacker would: a second account that
resigns at once (or lets its time run out) moves no rating, neither does an unconfirmed
address, nor a pair of accounts past its rated games of the day; and a game's end and its
ratings commit together or not at all, even when the process is killed with SIGKILL between
the two writes of the end's transaction (both databases)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.devtools.loadtest import free_port, post, wait_until_up
from crisis.server.ratings import rate as ratings
from tests.databases import Database
from tests.server.conftest import make_client
from tests.server.test_ratings import _account

HUMAN = {"kind": "human"}
FAST = {"state": 10**6, "act": 10**6, "tables": 10**6, "seat": 10**6}
RATED = {"seats": [HUMAN, HUMAN], "seed": 4, "options": {"short_game": True}, "rated": True}


def _rated_table(client: TestClient, db: Database, people: list[str], **how: Any) -> Any:
    made = client.post("/api/tables", json={**RATED, **how}).json()
    table = made["table"]["id"]
    for role, account in zip(("green", "blue"), people, strict=True):
        db.execute(
            "UPDATE seats SET account = :a WHERE game = :g AND role = :r",
            a=account,
            g=table,
            r=role,
        )
    return table, made["tokens"]


def _move(client: TestClient, table: str, token: str, role: str, rng: random.Random) -> bool:
    """One random legal move (not an undo) for ``role``; whether one was made."""
    headers = {"X-Seat-Token": token}
    now = client.get(f"/api/tables/{table}/state", headers=headers).json()
    legal = [a for a in now["actions"] if a[0] != "undo"]
    if not legal:
        return False
    body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
    res = client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
    return bool(res.status_code == 200)


def _play(
    client: TestClient, table: str, tokens: dict[str, str], *, only: str | None = None
) -> Any:
    """Random legal moves for the seats of ``tokens`` (``only`` one of them) to the end."""
    rng = random.Random(7)
    for _ in range(5000):
        summary = client.get(f"/api/tables/{table}").json()
        if summary["status"] == "finished":
            return summary
        for role in summary["active"]:
            if only is None or role == only:
                _move(client, table, tokens[role], role, rng)
    raise AssertionError("the game did not end")


def _board(client: TestClient) -> list[dict[str, Any]]:
    return list(client.get("/api/ratings/time_of_crisis").json()["players"])


def test_a_second_account_that_resigns_at_once_farms_nothing(db: Database) -> None:
    farmer, alt = _account(db, "Farmer"), _account(db, "Alt")
    with make_client(db, http_per_minute=FAST) as client:
        for _ in range(2):  # the attack as it was: resign the second account, beat its bot
            table, tokens = _rated_table(client, db, [farmer, alt])
            res = client.post(
                f"/api/tables/{table}/resign",
                json={"role": "blue"},
                headers={"X-Seat-Token": tokens["blue"]},
            )
            assert res.status_code == 200, res.text
            end = _play(client, table, tokens, only="green")
            assert end["unrated"] == ratings.Unrated.ABORTED
        assert _board(client) == []
        assert client.get("/api/players/Farmer").json()["games"] == []


def test_a_seat_whose_time_ran_out_before_it_moved_moves_no_rating(db: Database) -> None:
    hunter, victim = _account(db, "Hunter"), _account(db, "Victim")
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [hunter, victim], pace=86400, on_timeout="resign")
        hall = client.app.state.hall  # type: ignore[attr-defined]
        # The victim never opens the table: every time their turn comes, it runs out.
        rng = random.Random(3)
        for _ in range(5000):
            summary = client.get(f"/api/tables/{table}").json()
            if summary["status"] == "finished":
                break
            if "blue" in summary["active"] and not summary["seats"][1]["resigned"]:
                later = int(time.time()) + 2 * 86400
                client.portal.call(hall.clock.time_out_overdue, later)  # type: ignore[union-attr]
                continue
            for role in summary["active"]:
                if role != "green":
                    continue
                headers = {"X-Seat-Token": tokens[role]}
                now = client.get(f"/api/tables/{table}/state", headers=headers).json()
                legal = [a for a in now["actions"] if a[0] != "undo"]
                if legal:
                    body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
                    client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
        else:
            raise AssertionError("the game did not end")
        assert summary["seats"][1]["resigned"] and summary["unrated"] == "aborted"
        assert _board(client) == []


def test_a_player_who_lets_the_bot_finish_is_placed_last(db: Database) -> None:
    """A table whose timeouts hand the seat to a bot: once each has played its own moves,
    blue lets its time run out and the site's bot plays on for it. The bot's play is not
    blue's: blue is placed last (as one who resigned), whatever the bot made of the game."""
    green, blue = _account(db, "Stayer"), _account(db, "Leaver")
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [green, blue], pace=86400, on_timeout="bot")
        hall = client.app.state.hall  # type: ignore[attr-defined]
        rng = random.Random(5)
        own = {"green": 0, "blue": 0}
        for _ in range(500):
            summary = client.get(f"/api/tables/{table}").json()
            if min(own.values()) >= 6 and "blue" in summary["active"]:
                break
            for role in summary["active"]:
                own[role] += _move(client, table, tokens[role], role, rng)
        else:
            raise AssertionError("blue never came to move after its own moves")
        later = int(time.time()) + 2 * 86400
        assert client.portal.call(hall.clock.time_out_overdue, later) == 1  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "bot"
        end = _play(client, table, {"green": tokens["green"]}, only="green")
        assert end["unrated"] is None, end["unrated"]
        moved = {p["name"]: p["rating"] for p in _board(client)}
        assert moved["Stayer"] > 1500 > moved["Leaver"], moved


def test_an_unconfirmed_address_plays_unrated(db: Database) -> None:
    alba, brutus = _account(db, "Alba"), _account(db, "Brutus", confirmed=False)
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [alba, brutus])
        end = _play(client, table, tokens)
        assert end["unrated"] == ratings.Unrated.UNCONFIRMED
        assert _board(client) == []


def test_a_player_whose_new_address_is_unconfirmed_at_the_end_is_still_rated(
    db: Database,
) -> None:
    """The losing side resigns, then gives a new address and leaves it unconfirmed before
    the game ends: it was confirmed when it sat down, and the game is rated as it stands."""
    from crisis.server.accounts.data import Accounts
    from crisis.server.store.repository import Store

    winner, loser = _account(db, "Winner"), _account(db, "Loser")
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [winner, loser])
        rng = random.Random(2)
        own = {"green": 0, "blue": 0}
        for _ in range(500):
            if min(own.values()) >= ratings.MIN_OWN_MOVES:
                break
            for role in client.get(f"/api/tables/{table}").json()["active"]:
                own[role] += _move(client, table, tokens[role], role, rng)
        res = client.post(
            f"/api/tables/{table}/resign",
            json={"role": "blue"},
            headers={"X-Seat-Token": tokens["blue"]},
        )
        assert res.status_code == 200, res.text
        store = Store(db.url)
        try:
            data = Accounts(store.engine)
            assert data.set_email(loser, "loser@example.org").confirmed is not None  # the same
            assert data.set_email(loser, "elsewhere@example.org").confirmed is None
        finally:
            store.close()
        end = _play(client, table, {"green": tokens["green"]}, only="green")
        assert end["unrated"] is None, end["unrated"]
        moved = {p["name"]: p["rating"] for p in _board(client)}
        assert moved["Winner"] > 1500 > moved["Loser"], moved


def test_a_pair_past_its_rated_games_of_the_day_plays_unrated(db: Database) -> None:
    alba, brutus, celsus = _account(db, "Alba"), _account(db, "Brutus"), _account(db, "Celsus")
    # The day's rated games the two played already (as rating them wrote them).
    now = int(time.time())
    for i in range(ratings.PAIR_GAMES_PER_DAY):
        for account in (alba, brutus):
            db.execute(
                "INSERT INTO rating_changes (game, account, title, place, mu_before, "
                "sigma_before, mu_after, sigma_after, at) VALUES (:g, :a, 'time_of_crisis', 1, "
                "25, 8.3, 25, 8.3, :at)",
                g=f"earlier{i}",
                a=account,
                at=now - 3600 * (i + 1),
            )
    # One more game between the two is unrated; Alba against someone else still counts.
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [alba, brutus])
        assert _play(client, table, tokens)["unrated"] == ratings.Unrated.REPEATED
        assert _board(client) == []
        table, tokens = _rated_table(client, db, [alba, celsus])
        end = _play(client, table, tokens)
        assert end["unrated"] is None
        assert {p["name"] for p in _board(client)} == {"Alba", "Celsus"}
    # A day later, the pair's old games no longer count.
    db.execute("UPDATE rating_changes SET at = at - 86400 WHERE game LIKE 'earlier%'")
    with make_client(db, http_per_minute=FAST) as client:
        table, tokens = _rated_table(client, db, [alba, brutus])
        assert _play(client, table, tokens)["unrated"] is None


def test_a_rating_that_fails_to_write_takes_the_end_with_it(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    alba, brutus = _account(db, "Alba"), _account(db, "Brutus")

    class Broken:
        """The model, but working out the new ratings fails (as a failed write would)."""

        def rating(self, **how: Any) -> Any:
            return model.rating(**how)

        def rate(self, *_args: Any, **_kwargs: Any) -> Any:
            raise RuntimeError("the rating's write failed")

    model = ratings.MODEL

    app = make_client(db, http_per_minute=FAST).app
    with TestClient(app, raise_server_exceptions=False) as client:  # the failure is a 500
        table, tokens = _rated_table(client, db, [alba, brutus])
        monkeypatch.setattr(ratings, "MODEL", Broken())
        rng = random.Random(7)
        failed = 0
        for _ in range(5000):
            summary = client.get(f"/api/tables/{table}").json()
            if summary["status"] == "finished":
                break
            for role in summary["active"]:
                headers = {"X-Seat-Token": tokens[role]}
                now = client.get(f"/api/tables/{table}/state", headers=headers).json()
                legal = [a for a in now["actions"] if a[0] != "undo"]
                if not legal:
                    continue
                body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
                res = client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
                if res.status_code == 500:  # the last move: its rating could not be written
                    failed += 1
                    ((status, version),) = db.execute(
                        "SELECT status, version FROM games WHERE id = :g", g=table
                    )
                    assert status == "playing" and version == now["version"]
                    assert db.execute("SELECT COUNT(*) FROM rating_changes") == [(0,)]
                    monkeypatch.undo()  # the database is back: the same move ends it, rated
        else:
            raise AssertionError("the game did not end")
        assert failed == 1
        assert summary["unrated"] is None
        assert db.execute("SELECT COUNT(*) FROM rating_changes WHERE game = :g", g=table) == [(2,)]
        assert {p["games"] for p in _board(client)} == {1}


#: A server that dies (SIGKILL, from itself) inside a rated game's end's transaction, once its
#: ratings are written and before the transaction commits.
DIES_AT_THE_END = """
import os, signal, sys
import crisis.server.ratings.rate as rate
rate_end = rate.rate_end
def dying(db, game_id):
    rate_end(db, game_id)
    os.kill(os.getpid(), signal.SIGKILL)
rate.rate_end = dying
from crisis.server.__main__ import main
main(sys.argv[1:])
"""


def _server(url: str, port: int, *, dying: bool) -> subprocess.Popen[bytes]:
    args = ["--host", "127.0.0.1", "--port", str(port), "--database", url]
    args += ["--allow-seed", "--log-level", "warning"]
    code = (
        DIES_AT_THE_END
        if dying
        else "import sys\nfrom crisis.server.__main__ import main\nmain(sys.argv[1:])"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ},
    )
    wait_until_up(f"http://127.0.0.1:{port}", proc)
    return proc


def _get(base: str, path: str, token: str | None = None) -> Any:
    req = urllib.request.Request(f"{base}{path}", headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


@pytest.mark.load  # real server processes, one of them killed
def test_a_server_killed_at_a_rated_games_end_leaves_it_to_be_rated_once(db: Database) -> None:
    alba, brutus = _account(db, "Alba"), _account(db, "Brutus")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _server(db.url, port, dying=True)
    try:
        made = post(base, "/api/tables", RATED)
        table, tokens = made["table"]["id"], made["tokens"]
        for role, account in zip(("green", "blue"), (alba, brutus), strict=True):
            db.execute(
                "UPDATE seats SET account = :a WHERE game = :g AND role = :r",
                a=account,
                g=table,
                r=role,
            )
        rng = random.Random(7)
        last: tuple[str, dict[str, Any]] | None = None
        while proc.poll() is None:
            summary = _get(base, f"/api/tables/{table}/state", tokens["green"])["table"]
            assert summary["status"] == "playing"
            for role in summary["active"]:
                now = _get(base, f"/api/tables/{table}/state", tokens[role])
                legal = [a for a in now["actions"] if a[0] != "undo"]
                if not legal:
                    continue
                body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
                try:
                    post(base, f"/api/tables/{table}/actions", body, tokens[role])
                except (OSError, urllib.error.URLError):  # the server died answering it
                    last = (role, body)
                    break
            if last is not None:
                break
        proc.wait(30)
        assert proc.returncode == -9 and last is not None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    # Killed inside the end's transaction: neither the end nor the ratings were written.
    ((status, version),) = db.execute("SELECT status, version FROM games WHERE id = :g", g=table)
    assert status == "playing" and version == last[1]["version"]
    assert db.execute("SELECT COUNT(*) FROM rating_changes") == [(0,)]
    assert db.execute("SELECT COUNT(*) FROM ratings") == [(0,)]
    # The player plays the last move again on a server that lives: the game ends, rated once.
    proc = _server(db.url, port, dying=False)
    try:
        role, body = last
        post(base, f"/api/tables/{table}/actions", body, tokens[role])
        assert _get(base, f"/api/tables/{table}")["status"] == "finished"
        assert db.execute("SELECT COUNT(*) FROM rating_changes WHERE game = :g", g=table) == [(2,)]
        assert sorted(db.execute("SELECT games FROM ratings")) == [(1,), (1,)]
    finally:
        proc.kill()
        proc.wait(10)


@pytest.mark.load  # two real server processes on PostgreSQL
def test_another_process_shows_why_a_game_it_heard_end_was_unrated(tmp_path: Any) -> None:
    from tests.databases import fresh_database

    with fresh_database("postgresql", tmp_path) as db:
        farmer, alt = _account(db, "Farmer"), _account(db, "Alt")
        with (
            make_client(db, http_per_minute=FAST) as a,
            make_client(db, http_per_minute=FAST) as b,
        ):
            table, tokens = _rated_table(a, db, [farmer, alt])
            with b.websocket_connect(f"/ws/{table}") as watcher:  # b follows the table
                watcher.send_json({"type": "hello", "tokens": []})
                watcher.receive_json()
                a.post(
                    f"/api/tables/{table}/resign",
                    json={"role": "blue"},
                    headers={"X-Seat-Token": tokens["blue"]},
                )
                assert _play(a, table, tokens, only="green")["unrated"] == "aborted"
                for _ in range(100_000):  # b's watcher hears the end, then why it is unrated
                    message = watcher.receive_json()
                    if message.get("type") == "state" and message["table"]["unrated"]:
                        break
                assert message["table"]["status"] == "finished"
                assert message["table"]["unrated"] == "aborted"
                assert b.get(f"/api/tables/{table}").json()["unrated"] == "aborted"
