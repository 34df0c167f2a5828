"""The hint over HTTP carries the bot's plan for the turn."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.ai.advice import FEW
from tests.waiting import wait_for

from .conftest import BOT, HUMAN, create, state


@pytest.mark.parametrize("title", ["time_of_crisis", "rome_in_crisis"])
def test_the_hint_names_three_choices_and_the_plan_for_the_turn(
    client: TestClient, title: str
) -> None:
    seats = [HUMAN, BOT] if title == "time_of_crisis" else [HUMAN, BOT, BOT]
    table, tokens = create(client, seats, title=title)
    (role,) = tokens  # the one person's seat
    wait_for(lambda: state(client, table, tokens[role])["actions"], "the bots to pass a decision")
    me = state(client, table, tokens[role])
    res = client.get(f"/api/tables/{table}/hint/{role}", headers={"X-Seat-Token": tokens[role]})
    assert res.status_code == 200, res.text
    body = res.json()
    hints: list[dict[str, Any]] = body["hints"]
    legal = [a for a in me["actions"] if a[0] != "undo"]
    assert 1 <= len(hints) <= 3
    # Three (or every choice, if fewer), unless the budget ran out before the search could
    # play them all: then it says so (a cold worker on a loaded test machine can be that slow).
    assert len(hints) == min(3, len(legal)) or any(h["chance"] is None for h in hints)
    # The bot's own choice first, then the best estimate first (a slow machine may give a
    # choice too few samples for one; the server is called busy only when its searches are).
    assert hints[0]["pick"]
    chances = [h["chance"] for h in hints[1:] if h["chance"] is not None]
    assert chances == sorted(chances, reverse=True)
    for h in hints:
        assert h["action"] in legal and h["label"]
        if h["chance"] is None:
            assert h["error"] is None and FEW in h["basis"], h["basis"]
        else:
            assert 0.0 <= h["chance"] <= 1.0 and 0.0 <= h["error"] <= 1.0
            assert re.fullmatch(r"\d+ samples", h["basis"])
    (mine,) = [h for h in hints if h["pick"]]
    turn = mine["turn"]
    assert turn["samples"] >= 2 and turn["steps"]
    first = turn["steps"][0]
    # The plan starts with the bot's choice, in the same words as the choice's button.
    assert first["action"] == mine["action"] and first["label"] == mine["label"]
    for step in turn["steps"]:
        assert isinstance(step["label"], str) and step["label"]
        assert 0.0 < step["share"] <= 1.0
