"""Private per-seat notes: only the holder of a seat's secret reads or writes its note."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient

from crisis.server.limits import NOTE_LENGTH
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client


def read(client: TestClient, table: str, role: str, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.get(f"/api/tables/{table}/notes/{role}", headers=headers)


def write(client: TestClient, table: str, role: str, text: Any, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    body = {"role": role, "text": text}
    return client.put(f"/api/tables/{table}/notes", json=body, headers=headers)


def test_a_seat_saves_and_reads_back_its_note(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN, BOT])
    assert read(client, table, "green", tokens["green"]).json() == {"role": "green", "text": ""}
    res = write(client, table, "green", "Blue hoards red cards. Ω", tokens["green"])
    assert res.status_code == 200, res.text
    got = read(client, table, "green", tokens["green"])
    assert got.status_code == 200 and got.json()["text"] == "Blue hoards red cards. Ω"
    assert write(client, table, "green", "second thoughts", tokens["green"]).status_code == 200
    assert read(client, table, "green", tokens["green"]).json()["text"] == "second thoughts"
    # a hotseat header with several secrets works for each of its seats
    both = f"{tokens['green']},{tokens['blue']}"
    assert read(client, table, "green", both).json()["text"] == "second thoughts"
    assert read(client, table, "blue", both).json()["text"] == ""


def test_a_note_survives_a_restart(db: Database) -> None:
    with make_client(db) as first:
        table, tokens = create(first, [HUMAN, BOT])
        assert write(first, table, "green", "plan: Italia", tokens["green"]).status_code == 200
    with make_client(db) as second:
        assert read(second, table, "green", tokens["green"]).json()["text"] == "plan: Italia"


def test_an_old_database_gains_the_notes_table(db: Database) -> None:
    with make_client(db) as first:
        table, tokens = create(first, [HUMAN, BOT])
    db.execute("DROP TABLE notes")
    db.execute("DROP TABLE alembic_version")  # as before Alembic (tests/server/test_migrations.py)
    with make_client(db) as second:
        assert read(second, table, "green", tokens["green"]).json()["text"] == ""
        assert write(second, table, "green", "ok", tokens["green"]).status_code == 200


def test_other_seats_and_spectators_cannot_read_a_note(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN])
    secret = "I will betray green in round 3"
    assert write(client, table, "blue", secret, tokens["blue"]).status_code == 200
    for token in (tokens["green"], None, "not-a-secret"):
        res = read(client, table, "blue", token)
        assert res.status_code == 403 and res.json()["code"] == "forbidden"
        assert secret not in res.text
    # nor overwrite it
    assert write(client, table, "blue", "", tokens["green"]).status_code == 403
    assert write(client, table, "blue", "", None).status_code == 403
    # nor see it in any view, state, summary or websocket message
    for path in (f"/api/tables/{table}", f"/api/tables/{table}/state", "/api/tables"):
        assert secret not in client.get(path).text
    green = client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": tokens["green"]})
    assert secret not in green.text
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        assert secret not in ws.receive_text() + ws.receive_text()
    assert read(client, table, "blue", tokens["blue"]).json()["text"] == secret


def test_a_bad_note_is_refused_and_changes_nothing(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    token = tokens["green"]
    assert write(client, table, "green", "keep me", token).status_code == 200
    res = write(client, table, "green", "x" * (NOTE_LENGTH + 1), token)
    assert res.status_code == 400 and res.json()["code"] == "bad_message"
    assert "too long" in res.json()["message"]
    assert write(client, table, "green", 42, token).status_code == 400
    assert write(client, table, "blue", "bot seat", token).status_code == 403
    res = write(client, "nosuchtable", "green", "lost", token)
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    assert read(client, "nosuchtable", "green", token).status_code == 404
    assert read(client, table, "green", token).json()["text"] == "keep me"
    assert write(client, table, "green", "y" * NOTE_LENGTH, token).status_code == 200
    assert read(client, table, "green", token).json()["text"] == "y" * NOTE_LENGTH


def test_saves_and_chat_at_the_same_moment_never_collide(client: TestClient) -> None:
    """Several database threads (a database server) run a table's saves side by side: a note
    saved twice at once, and two seats chatting at once, all go through."""
    table, tokens = create(client, [HUMAN, HUMAN])
    hall = client.app.state.hall  # type: ignore[attr-defined]

    async def at_once() -> list[Any]:
        live = await hall.get(table)
        saves = [hall.save_note(live, "green", f"plan {i}", {"green"}) for i in range(12)]
        chats = [hall.chat(live, role, "hi", {role}) for role in ("green", "blue")]
        return list(await asyncio.gather(*saves, *chats))

    results = client.portal.call(at_once)  # type: ignore[union-attr]
    entries = [r for r in results if isinstance(r, dict)]
    assert sorted(e["n"] for e in entries) == [0, 1]
    headers = {"X-Seat-Token": tokens["green"]}
    note = client.get(f"/api/tables/{table}/notes/green", headers=headers).json()["text"]
    assert note.startswith("plan ")
    assert len(client.get(f"/api/tables/{table}/chat").json()["entries"]) == 2
