"""Games over days: a table's pace, its deadline, and what happens when a player's time runs
out (crisis.server.play.clock). The clock is asked to judge at a later moment (``now``), the same
call the server makes every 30 seconds."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.ai import default_bot
from crisis.server.play.clock import DAY, PACES
from tests.server.conftest import state

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def make(client: TestClient, seats: list[dict[str, Any]], **how: Any) -> tuple[str, dict[str, str]]:
    body = {"seats": seats, "seed": 3, **how}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    made = res.json()
    return made["table"]["id"], made["tokens"]


def summary(client: TestClient, table: str) -> dict[str, Any]:
    res = client.get(f"/api/tables/{table}")
    assert res.status_code == 200, res.text
    return dict(res.json())


def judge(client: TestClient, at: float) -> int:
    """Let the server's clock look at the tables as if it were ``at`` now."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    timed_out: int = client.portal.call(hall.clock.time_out_overdue, int(at))  # type: ignore[union-attr]
    return timed_out


def seat(table: dict[str, Any], role: str) -> dict[str, Any]:
    return next(s for s in table["seats"] if s["role"] == role)


def test_a_table_over_days_shows_its_pace_and_deadline(client: TestClient) -> None:
    table, _ = make(client, [HUMAN, HUMAN], pace=3 * DAY)
    shown = summary(client, table)
    assert shown["pace"] == 3 * DAY and shown["on_timeout"] == "bot"
    assert shown["deadline"] == shown["updated"] + 3 * DAY
    live, _ = make(client, [HUMAN, HUMAN])
    shown = summary(client, live)
    assert shown["pace"] is None and shown["on_timeout"] is None and shown["deadline"] is None
    # Thirty days on, only the table over days has timed out: a live game has no clock.
    assert judge(client, time.time() + 30 * DAY) == 1
    assert summary(client, live)["version"] == 0 and summary(client, table)["version"] > 0
    assert sorted(p for p in PACES.values() if p) == [DAY, 3 * DAY, 7 * DAY]


@pytest.mark.parametrize(
    "how",
    [
        {"pace": 1000},
        {"pace": -DAY},
        {"pace": True},
        {"pace": "86400"},
        {"pace": DAY, "on_timeout": "explode"},
        {"on_timeout": "nonsense"},
    ],
)
def test_a_pace_the_site_does_not_offer_is_refused(client: TestClient, how: dict[str, Any]) -> None:
    before = client.get("/api/tables").json()["tables"]
    res = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], **how})
    assert res.status_code in (400, 422), res.text
    assert res.json()["code"] == "bad_message"
    assert client.get("/api/tables").json()["tables"] == before


def test_a_seat_whose_time_ran_out_is_taken_by_a_bot(client: TestClient) -> None:
    table, tokens = make(client, [HUMAN, HUMAN], pace=DAY)
    start = summary(client, table)
    mover = start["active"][0]
    other = next(r for r in tokens if r != mover)
    assert judge(client, start["deadline"] - 1) == 0  # not yet
    assert summary(client, table)["version"] == 0
    assert judge(client, start["deadline"] + 1) == 1
    after = summary(client, table)
    assert seat(after, mover)["kind"] == "bot" and seat(after, mover)["bot"] == default_bot()
    assert not seat(after, mover)["resigned"]
    assert seat(after, other)["kind"] == "human"
    assert after["version"] >= 1
    # The bot plays on until the other person is to move; the person left cannot act.
    deadline = time.monotonic() + 120
    while other not in summary(client, table)["active"]:
        assert time.monotonic() < deadline, "the bot did not play the seat"
        time.sleep(0.05)
    now = state(client, table, tokens[mover])
    body = {"role": mover, "action": ["pass", None], "version": now["version"]}
    res = client.post(
        f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": tokens[mover]}
    )
    assert res.status_code == 403 and res.json()["code"] == "forbidden"


def test_a_player_whose_time_ran_out_is_resigned(client: TestClient) -> None:
    table, tokens = make(client, [HUMAN, HUMAN, HUMAN], pace=7 * DAY, on_timeout="resign")
    start = summary(client, table)
    mover = start["active"][0]
    assert judge(client, start["deadline"] + 1) == 1
    after = summary(client, table)
    assert seat(after, mover)["resigned"] and seat(after, mover)["kind"] == "bot"
    assert after["status"] == "playing"  # two people are left
    # The resigned player's secret no longer shows the seat (nor its hand).
    res = client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": tokens[mover]})
    assert res.status_code == 403 and '"hand"' not in res.text


def test_the_last_person_timed_out_ends_the_game(client: TestClient) -> None:
    table, _ = make(client, [HUMAN, BOT], pace=DAY, on_timeout="resign")
    start = summary(client, table)
    deadline = time.monotonic() + 120
    while start["active"] != ["green"]:  # the bot may open
        assert time.monotonic() < deadline
        time.sleep(0.05)
        start = summary(client, table)
    assert judge(client, start["deadline"] + 1) == 1
    after = summary(client, table)
    assert after["status"] == "finished" and after["result"]["reason"] == "resigned"
    assert after["result"]["resigned"] == "green" and after["deadline"] is None
    assert judge(client, start["deadline"] + 10 * DAY) == 0  # a finished game has no clock


def test_a_move_restarts_the_clock_and_a_rematch_keeps_the_pace(client: TestClient) -> None:
    table, tokens = make(client, [HUMAN, HUMAN], pace=DAY)
    start = summary(client, table)
    mover = start["active"][0]
    now = state(client, table, tokens[mover])
    action = next(a for a in now["actions"] if a[0] != "undo")
    body = {"role": mover, "action": action, "version": now["version"]}
    headers = {"X-Seat-Token": tokens[mover]}
    assert (
        client.post(f"/api/tables/{table}/actions", json=body, headers=headers).status_code == 200
    )
    moved = summary(client, table)
    assert moved["deadline"] == moved["updated"] + DAY >= start["deadline"]
    assert judge(client, moved["deadline"] - 1) == 0
    res = client.post(f"/api/tables/{table}/resign", json={"role": mover}, headers=headers)
    assert res.status_code == 200, res.text
    other = next(r for r in tokens if r != mover)
    res = client.post(
        f"/api/tables/{table}/resign", json={"role": other}, headers={"X-Seat-Token": tokens[other]}
    )
    assert summary(client, table)["status"] == "finished"
    res = client.post(
        f"/api/tables/{table}/rematch", json={}, headers={"X-Seat-Token": tokens[other]}
    )
    assert res.status_code == 200, res.text
    again = summary(client, res.json()["id"])
    assert again["pace"] == DAY and again["on_timeout"] == "bot"
