"""The hint ("what would the bot do?") and the review of a finished game, over HTTP."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.databases import Database

from .conftest import BOT, HUMAN, create, make_client, pick, state


def test_a_seat_gets_hints_for_its_own_choices_only(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    me = state(client, table, tokens["green"])
    assert me["actions"]
    res = client.get(f"/api/tables/{table}/hint/green", headers={"X-Seat-Token": tokens["green"]})
    assert res.status_code == 200, res.text
    hints = res.json()["hints"]
    assert 1 <= len(hints) <= 3
    legal = [a for a in me["actions"] if a[0] != "undo"]
    for h in hints:
        assert h["action"] in legal and h["label"]
        assert h["chance"] is None or 0.0 <= h["chance"] <= 1.0
    # Another seat, no secret, or a wrong secret: refused with a code, nothing computed.
    for role, headers in (("blue", {"X-Seat-Token": tokens["green"]}), ("green", {})):
        res = client.get(f"/api/tables/{table}/hint/{role}", headers=headers)
        assert res.status_code == 403 and res.json()["code"] == "forbidden"
    assert state(client, table, tokens["green"])["version"] == me["version"]


def test_hints_are_rate_limited_per_address(db: Database) -> None:
    with make_client(db) as client:
        table, tokens = create(client, [HUMAN, BOT])
        headers = {"X-Seat-Token": tokens["green"]}
        codes = [
            client.get(f"/api/tables/{table}/hint/green", headers=headers).status_code
            for _ in range(8)
        ]
        assert codes.count(200) == 6 and codes[-1] == 429


def test_the_review_is_published_when_the_game_is_over(db: Database) -> None:
    # A script playing a whole game over HTTP as fast as it can: past the per-address limits.
    fast = {"state": 10**6, "act": 10**6}
    with make_client(db, http_per_minute=fast) as client:
        _play_and_review(client)


def _play_and_review(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT], {"short_game": True})
    res = client.get(f"/api/tables/{table}/review")
    assert res.status_code == 409 and res.json()["code"] == "not_over"
    rng = random.Random(2)
    headers = {"X-Seat-Token": tokens["green"]}
    for _ in range(5000):
        s = state(client, table, tokens["green"])
        if s["table"]["status"] == "finished":
            break
        if not s["actions"]:
            continue
        body = {"role": "green", "action": pick(s["actions"], rng), "version": s["version"]}
        client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
    else:
        raise AssertionError("the game did not finish")
    res = client.get(f"/api/tables/{table}/review")
    assert res.status_code == 200, res.text
    out = res.json()
    assert out["rounds"][0] == 1 and out["rounds"][-1] == "end"
    assert set(out["scores"]) == {"green", "blue"}
    assert all(len(v) == len(out["rounds"]) for v in out["chances"].values())
