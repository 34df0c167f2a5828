"""Every bad input is refused with a clear error, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import limits
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client, state, stored


@pytest.fixture
def table(client: TestClient) -> tuple[str, dict[str, str]]:
    return create(client, [HUMAN, HUMAN, BOT], {"first_player": "green"}, seed=21)


def _first_legal(client: TestClient, table: str, token: str) -> dict[str, Any]:
    return state(client, table, token)


# -- websocket ---------------------------------------------------------------------------------

WS_CASES: list[tuple[str, Any, str]] = [
    ("not json", "{nope", "bad_message"),
    ("not an object", "[1, 2]", "bad_message"),
    ("no type", {"action": ["pass", None]}, "bad_message"),
    ("unknown type", {"type": "cheat"}, "bad_message"),
    (
        "seat not held",
        {"type": "act", "role": "blue", "action": ["pass", None], "version": 0},
        "forbidden",
    ),
    (
        "bot seat",
        {"type": "act", "role": "yellow", "action": ["pass", None], "version": 0},
        "forbidden",
    ),
    (
        "no such seat",
        {"type": "act", "role": "purple", "action": ["pass", None], "version": 0},
        "forbidden",
    ),
    # The stale-action check is never skipped: an act must say which version it saw.
    ("no version", {"type": "act", "role": "green", "action": ["pass", None]}, "bad_message"),
    ("role not a string", {"type": "act", "role": 3, "action": ["pass", None]}, "bad_message"),
    ("no action", {"type": "act", "role": "green"}, "bad_message"),
    ("verb not a string", {"type": "act", "role": "green", "action": [7, None]}, "bad_message"),
    ("float arg", {"type": "act", "role": "green", "action": ["x", 1.5]}, "bad_message"),
    ("boolean arg", {"type": "act", "role": "green", "action": ["x", True]}, "bad_message"),
    ("nested arg", {"type": "act", "role": "green", "action": ["x", [[1]]]}, "bad_message"),
    ("three parts", {"type": "act", "role": "green", "action": ["x", 1, 2]}, "bad_message"),
    (
        "illegal",
        {"type": "act", "role": "green", "action": ["build", "Italia"], "version": 0},
        "illegal",
    ),
    (
        "bad version",
        {"type": "act", "role": "green", "action": ["x", 1], "version": "1"},
        "bad_message",
    ),
    (
        "stale version",
        {"type": "act", "role": "green", "action": ["x", 1], "version": 999},
        "stale",
    ),
    ("look at another seat", {"type": "look", "role": "blue"}, "forbidden"),
    ("resign another seat", {"type": "resign", "role": "blue"}, "forbidden"),
    ("rematch while playing", {"type": "rematch"}, "not_over"),
    ("too long", {"type": "ping", "pad": "x" * limits.MAX_MESSAGE}, "bad_message"),
    # Values of the wrong type anywhere get a coded error, never a dropped socket.
    ("look at a number", {"type": "look", "role": 5}, "bad_message"),
    ("look at a list", {"type": "look", "role": ["green"]}, "bad_message"),
    ("look at an object", {"type": "look", "role": {"green": 1}}, "bad_message"),
    ("hello looking at a number", {"type": "hello", "tokens": [], "look": 3}, "bad_message"),
    ("hello looking at a list", {"type": "hello", "tokens": [], "look": []}, "bad_message"),
    ("resign as a number", {"type": "resign", "role": 1}, "bad_message"),
    ("chat as a list", {"type": "chat", "role": [], "text": "hi"}, "bad_message"),
    # Lone surrogates cannot be written as UTF-8: refused wherever they are, even in an echo.
    (
        "surrogate role",
        {"type": "act", "role": "\ud800", "action": ["x", 1], "version": 0},
        "bad_message",
    ),
    (
        "surrogate verb",
        {"type": "act", "role": "green", "action": ["\udfff"], "version": 0},
        "bad_message",
    ),
    (
        "surrogate arg",
        {"type": "act", "role": "green", "action": ["x", "a\ud800"], "version": 0},
        "bad_message",
    ),
    ("surrogate look", {"type": "look", "role": "\ud800"}, "bad_message"),
    ("surrogate type", {"type": "\ud800"}, "bad_message"),
    ("surrogate key", {"type": "ping", "\udc00": 1}, "bad_message"),
    ("surrogate chat", {"type": "chat", "role": "green", "text": "hi \ud83d"}, "bad_message"),
    ("surrogate name", {"type": "hello", "tokens": [], "name": "\ud800"}, "bad_message"),
]


@pytest.mark.parametrize(("name", "message", "code"), WS_CASES, ids=[c[0] for c in WS_CASES])
def test_a_bad_websocket_message_changes_nothing(
    client: TestClient, table: tuple[str, dict[str, str]], name: str, message: Any, code: str
) -> None:
    table_id, tokens = table
    before = stored(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        ws.receive_json()
        ws.receive_json()
        ws.send_text(message if isinstance(message, str) else json.dumps(message))
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == code, reply
        assert reply["message"]
        ws.send_json({"type": "ping"})  # the connection still works
        while (msg := ws.receive_json())["type"] != "pong":
            assert msg["type"] == "state"
    assert stored(client, table_id) == before


def test_acting_before_hello_is_refused(
    client: TestClient, table: tuple[str, dict[str, str]]
) -> None:
    table_id, _ = table
    before = stored(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "act", "role": "green", "action": ["pass", None]})
        assert ws.receive_json()["code"] == "bad_message"
    assert stored(client, table_id) == before


def test_a_wrong_secret_only_watches(client: TestClient, table: tuple[str, dict[str, str]]) -> None:
    table_id, _ = table
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "tokens": ["guess" * 4]})
        assert ws.receive_json()["roles"] == []
        assert ws.receive_json()["code"] == "forbidden"
        assert ws.receive_json()["role"] is None


@pytest.mark.parametrize("tokens", ["abc", [1], ["x"] * 9, ["y" * 101]])
def test_bad_hello_tokens_are_refused(
    client: TestClient, table: tuple[str, dict[str, str]], tokens: Any
) -> None:
    with client.websocket_connect(f"/ws/{table[0]}") as ws:
        ws.send_json({"type": "hello", "tokens": tokens})
        assert ws.receive_json()["code"] == "bad_message"


def test_an_unknown_table_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "not_found"


def test_flooding_a_socket_is_rate_limited(db: Database) -> None:
    with make_client(db, messages_per_second=5.0) as slow:
        table_id, _tokens = create(slow, [HUMAN, BOT])
        before = stored(slow, table_id)
        with slow.websocket_connect(f"/ws/{table_id}") as ws:
            for _ in range(limits.BURST + 10):
                ws.send_json({"type": "ping"})
            replies = [ws.receive_json() for _ in range(limits.BURST + 10)]
        codes = [r.get("code") for r in replies if r["type"] == "error"]
        assert "rate_limited" in codes
        assert stored(slow, table_id) == before


# -- HTTP --------------------------------------------------------------------------------------

CREATE_CASES: list[tuple[str, Any, int]] = [
    ("one seat", {"seats": [HUMAN]}, 400),
    ("five seats", {"seats": [HUMAN] * 5}, 400),
    ("bad seat kind", {"seats": [HUMAN, {"kind": "alien"}]}, 400),
    ("unknown bot", {"seats": [HUMAN, {"kind": "bot", "bot": "skynet"}]}, 400),
    ("unknown option", {"seats": [HUMAN, BOT], "options": {"cheats": True}}, 400),
    ("market needs expansion", {"seats": [HUMAN, BOT], "options": {"market": "variable"}}, 400),
    ("unknown game", {"seats": [HUMAN, BOT], "title": "chess"}, 400),
    ("not an object", [1, 2, 3], 400),
]


@pytest.mark.parametrize(("name", "body", "status"), CREATE_CASES, ids=[c[0] for c in CREATE_CASES])
def test_a_bad_table_is_refused(client: TestClient, name: str, body: Any, status: int) -> None:
    res = client.post("/api/tables", json=body)
    assert res.status_code == status
    assert res.json()["type"] == "error" and res.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_huge_body_is_refused(client: TestClient) -> None:
    body = {"seats": [HUMAN, BOT], "options": {"pad": "x" * (limits.MAX_BODY + 10)}}
    res = client.post("/api/tables", json=body)
    assert res.status_code == 413
    assert client.get("/api/tables").json()["tables"] == []


def test_not_json_is_refused(client: TestClient) -> None:
    res = client.post(
        "/api/tables", content=b"{seats", headers={"Content-Type": "application/json"}
    )
    assert res.status_code == 400 and res.json()["code"] == "bad_message"


def test_the_seed_is_the_servers_unless_allowed(db: Database) -> None:
    with make_client(db, allow_seed=False) as strict:
        res = strict.post("/api/tables", json={"seats": [HUMAN, BOT], "seed": 3})
        assert res.status_code == 400


def test_creating_tables_is_rate_limited(db: Database) -> None:
    with make_client(db, tables_per_minute=2) as slow:
        codes = [
            slow.post("/api/tables", json={"seats": [HUMAN, BOT]}).status_code for _ in range(4)
        ]
        assert codes[:2] == [201, 201] and codes[-1] == 429


def _act(client: TestClient, table: str, token: str | None, body: Any) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/tables/{table}/actions", json=body, headers=headers)


def test_bad_http_actions_change_nothing(
    client: TestClient, table: tuple[str, dict[str, str]]
) -> None:
    table_id, tokens = table
    before = stored(client, table_id)
    now = state(client, table_id, tokens["green"])
    legal = now["actions"][0]
    v = now["version"]
    cases = [
        (None, {"role": "green", "action": legal, "version": v}, 403),
        ("wrong", {"role": "green", "action": legal, "version": v}, 403),
        (tokens["blue"], {"role": "green", "action": legal, "version": v}, 403),
        (tokens["green"], {"role": "green", "action": [], "version": v}, 400),
        (tokens["green"], {"role": "green", "version": v}, 400),
        (tokens["green"], {"role": "green", "action": legal}, 400),  # no version: refused
        (tokens["green"], {"role": "green", "action": ["build", "Italia"], "version": v}, 422),
        (tokens["green"], {"role": "green", "action": legal, "version": now["version"] + 5}, 409),
    ]
    for token, body, status in cases:
        res = _act(client, table_id, token, body)
        assert res.status_code == status, (body, res.text)
        assert res.json()["type"] == "error"
    assert stored(client, table_id) == before
    ok = _act(
        client,
        table_id,
        tokens["green"],
        {"role": "green", "action": legal, "version": now["version"]},
    )
    assert ok.status_code == 200 and ok.json()["version"] == now["version"] + 1


def test_unknown_tables_are_not_found(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/state", "/api/tables/nope/record"):
        res = client.get(path)
        assert res.status_code == 404 and res.json()["code"] == "not_found"
