"""Every title plays on the server through the same lobby, tables and bots."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from crisis.ai import bot_names
from crisis.engine.match import Match
from crisis.games import TITLES, get_title
from tests.server.conftest import BOT, HUMAN, create, play_ws, stored


def test_meta_describes_every_title_with_its_own_bots(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert set(meta["titles"]) == set(TITLES)
    for name, info in meta["titles"].items():
        assert info["bots"] == bot_names(name) and info["bots"][0] == "random"
        assert info["name"] and info["players"] == [2, 4]
        assert isinstance(info["options"], dict)
    toc = meta["titles"]["time_of_crisis"]
    assert {"military", "senate", "populace", "balanced"} <= set(toc["bots"])
    assert "Italia" in toc["provinces"] and meta["provinces"] == toc["provinces"]


def test_a_bot_of_another_title_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    others = [t for t in TITLES if "military" not in bot_names(t)]
    if not others:
        pytest.skip("every installed title has the Time of Crisis faction bots")
    body = {"title": others[0], "seats": [HUMAN, {"kind": "bot", "bot": "military"}]}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 400 and "unknown bot" in res.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_an_unknown_title_is_refused(client: TestClient) -> None:
    res = client.post("/api/tables", json={"title": "chess", "seats": [HUMAN, BOT]})
    assert res.status_code == 400 and "unknown game" in res.json()["message"]


@pytest.mark.parametrize("title", sorted(set(TITLES) - {"time_of_crisis"}))
def test_a_whole_game_of_each_other_title_against_bots(client: TestClient, title: str) -> None:
    seats = [HUMAN, BOT, {"kind": "bot", "bot": "ismcts:iterations=4"}]
    table, tokens = create(client, seats, title=title, seed=7)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]], "name": "Ann"})
        assert ws.receive_json()["type"] == "welcome"
        last = play_ws(ws, "green", random.Random(2))
    result = last["table"]["result"]
    assert result is not None and last["table"]["title"] == title
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["log"]) == stored(client, table)[2]
    assert Match.replay(get_title(title), record).result() == result
