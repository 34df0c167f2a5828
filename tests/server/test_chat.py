"""The table's chat: players write, everyone watching reads; bad input changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import BOT, HUMAN, create


def _hello(ws: Any, tokens: list[str]) -> dict[str, Any]:
    ws.send_json({"type": "hello", "tokens": tokens})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    assert ws.receive_json()["type"] == "state"
    return dict(welcome)


def _next(ws: Any, kind: str) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != kind:
        assert msg["type"] in ("state", "acted"), msg
    return dict(msg)


def test_a_player_speaks_and_every_watcher_hears_it_as_text(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN])
    with (
        client.websocket_connect(f"/ws/{table}") as green,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        _hello(green, [tokens["green"]])
        assert _hello(watcher, [])["chat"] == []
        green.send_json({"type": "chat", "role": "green", "text": "  <b>Ave</b>\x07 Caesar  "})
        for ws in (green, watcher):
            [entry] = _next(ws, "chat")["entries"]
            # Kept as plain text (clients draw it as text), control characters dropped.
            assert entry["text"] == "<b>Ave</b> Caesar" and entry["role"] == "green"
    # Newcomers get the history, over the socket and over HTTP.
    with client.websocket_connect(f"/ws/{table}") as late:
        assert [m["text"] for m in _hello(late, [])["chat"]] == ["<b>Ave</b> Caesar"]
    assert client.get(f"/api/tables/{table}/chat").json()["entries"][0]["name"] == "Green"


def test_spectators_and_bad_messages_are_refused_and_store_nothing(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    with client.websocket_connect(f"/ws/{table}") as ws:
        _hello(ws, [])
        ws.send_json({"type": "chat", "role": "green", "text": "hi"})
        assert _next(ws, "error")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/{table}") as ws:
        _hello(ws, [tokens["green"]])
        for text in ("", "   ", "x" * 301, 5, None):
            ws.send_json({"type": "chat", "role": "green", "text": text})
            assert _next(ws, "error")["code"] == "bad_message"
    assert client.get(f"/api/tables/{table}/chat").json()["entries"] == []


def test_chat_is_rate_limited_per_seat(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    headers = {"X-Seat-Token": tokens["green"]}
    codes = [
        client.post(
            f"/api/tables/{table}/chat", json={"role": "green", "text": f"m{i}"}, headers=headers
        ).status_code
        for i in range(8)
    ]
    assert codes[:5] == [200] * 5 and 429 in codes[5:]
    said = [e["text"] for e in client.get(f"/api/tables/{table}/chat").json()["entries"]]
    assert said == [f"m{i}" for i in range(8) if codes[i] == 200]
