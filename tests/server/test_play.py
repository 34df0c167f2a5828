"""Web play through the HTTP API and the websocket: create, join, play, watch, replay, rematch."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title
from crisis.server.store.repository import Store
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client, play_ws, state, stored


def test_create_gives_a_secret_to_each_person_only(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT, HUMAN, BOT])
    assert sorted(tokens) == ["green", "yellow"]
    summary = client.get(f"/api/tables/{table}").json()
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "human", "bot"]
    assert [s["role"] for s in summary["seats"]] == ["green", "blue", "yellow", "red"]
    assert summary["status"] == "playing"
    assert all("token" not in str(s) for s in summary["seats"])
    assert table in [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_a_whole_game_against_three_bots(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT, BOT, BOT], {"short_game": True}, seed=3)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]], "name": "Ann"})
        welcome = ws.receive_json()
        assert welcome == {"type": "welcome", "table": table, "roles": ["green"], "chat": []}
        last = play_ws(ws, "green", random.Random(5))
    result = last["table"]["result"]
    assert result is not None and result["winner"] in ("green", "blue", "yellow", "red")
    seats = {s["role"]: s for s in last["table"]["seats"]}
    assert seats["green"]["name"] == "Ann" and seats["green"]["joined"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["log"]) == stored(client, table)[2] > 100
    replayed = Match.replay(get_title("time_of_crisis"), record)
    assert replayed.result() == result


def test_reconnecting_picks_up_where_the_game_is(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT], seed=2)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        ws.receive_json()
        before = play_ws(ws, "green", random.Random(1), limit=6)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        assert ws.receive_json()["roles"] == ["green"]
        again = ws.receive_json()
        assert again["type"] == "state" and again["version"] >= before["version"]
        assert again["log_from"] == 0 and again["view"]["log"][: len(before["view"]["log"])]
        assert again["view"]["players"][0]["hand"] is not None
        play_ws(ws, "green", random.Random(2), limit=3, latest=again)


def test_a_spectator_sees_the_public_view_and_cannot_act(client: TestClient) -> None:
    table, _tokens = create(client, [HUMAN, HUMAN, BOT], seed=4)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": []})
        assert ws.receive_json()["roles"] == []
        msg = ws.receive_json()
        assert msg["role"] is None and msg["actions"] == []
        assert all("hand" not in p for p in msg["view"]["players"])
        active = msg["view"]["active"][0]
        ws.send_json({"type": "act", "role": active, "action": ["pass", None], "version": 0})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "forbidden"
    public = state(client, table)
    assert public["role"] is None and all("hand" not in p for p in public["view"]["players"])


def test_each_player_sees_only_their_own_hand(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN], seed=5)
    mine = state(client, table, tokens["blue"])
    assert mine["role"] == "blue"
    hands = {p["role"]: "hand" in p for p in mine["view"]["players"]}
    assert hands == {"green": False, "blue": True}
    text = client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": tokens["blue"]}).text
    for secret in ('"rng"', '"seed"', '"event_deck"', '"stacks"', tokens["green"]):
        assert secret not in text


def _state_as(ws: Any, role: str | None) -> dict[str, Any]:
    """The next state message seen as ``role``, past updates still on their way for the seat
    looked as before (a bot moving at the same moment sends one)."""
    for _ in range(50):
        msg = ws.receive_json()
        if msg["type"] == "state" and msg["role"] == role:
            return dict(msg)
        assert msg["type"] == "state", msg
    raise AssertionError(f"no state as {role}")


def test_hotseat_one_connection_looks_as_each_seat_in_turn(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN, BOT], seed=6)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"], tokens["blue"]]})
        assert ws.receive_json()["roles"] == ["green", "blue"]
        first = ws.receive_json()
        assert first["role"] == "green"
        ws.send_json({"type": "look", "role": None})  # the hand is covered
        covered = _state_as(ws, None)  # (the bot may move meanwhile: green's update first)
        assert all("hand" not in p for p in covered["view"]["players"])
        ws.send_json({"type": "look", "role": "blue"})
        shown = _state_as(ws, "blue")
        assert [("hand" in p) for p in shown["view"]["players"]] == [False, True, False]


def test_undo_takes_back_an_action_within_the_turn(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT], seed=7)
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        ws.receive_json()
        latest = None
        for _ in range(400):
            latest = play_ws(ws, "green", rng, limit=1, latest=latest)
            solo = latest["view"]["step"] == "actions"  # no bot acts meanwhile
            if ["undo", None] in latest["actions"] and solo:
                break
        else:
            raise AssertionError("no undoable action came up")
        version, _text, length = stored(client, table)
        ws.send_json({"type": "act", "role": "green", "action": ["undo", None], "version": version})
        while (msg := ws.receive_json())["type"] != "acted":
            assert msg["type"] == "state", msg
    after_version, _, after_length = stored(client, table)
    assert after_version == version + 1 and after_length == length - 1


def test_replays_show_only_what_the_asker_may_see(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT], seed=8)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        ws.receive_json()
        play_ws(ws, "green", random.Random(4), limit=8)
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    public = client.get(f"/api/tables/{table}/replay/5").json()
    assert public["action"] is None and all("hand" not in p for p in public["view"]["players"])
    assert client.get(f"/api/tables/{table}/replay/5?role=blue").status_code == 403
    own = client.get(
        f"/api/tables/{table}/replay/5?role=green", headers={"X-Seat-Token": tokens["green"]}
    ).json()
    assert "hand" in own["view"]["players"][0]
    assert client.get(f"/api/tables/{table}/replay/99999").status_code == 400
    # once it is over (green resigns, no person is left) everything is open
    res = client.post(
        f"/api/tables/{table}/resign",
        json={"role": "green"},
        headers={"X-Seat-Token": tokens["green"]},
    )
    assert res.json()["status"] == "finished"
    full = client.get(f"/api/tables/{table}/replay/5?role=blue").json()
    assert "hand" in full["view"]["players"][1] and full["action"] is not None
    assert public["label"] is None  # nothing named while the game went on
    # Each step is named in the title's words, as the action read when it was taken.
    record = client.get(f"/api/tables/{table}/record").json()
    title = get_title("time_of_crisis")
    before = Match.replay(title, {**record, "log": record["log"][:4]})
    actor, *action = record["log"][4]
    words = title.presentation.describe
    assert words is not None
    expected = words(before.state, actor, [Action.parse(action)])[0]["label"]
    assert full["label"] == expected and "_" not in expected
    assert client.get(f"/api/tables/{table}/record").json()["seed"] == 8


def test_resigning_hands_the_seat_to_a_bot_while_people_remain(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN], seed=9)
    headers = {"X-Seat-Token": tokens["blue"]}
    summary = client.post(f"/api/tables/{table}/resign", json={"role": "blue"}, headers=headers)
    blue = summary.json()["seats"][1]
    assert blue["kind"] == "bot" and blue["resigned"]
    assert summary.json()["status"] == "playing"
    again = client.post(f"/api/tables/{table}/resign", json={"role": "blue"}, headers=headers)
    assert again.status_code == 403


def test_rematch_keeps_seats_options_and_secrets(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT, BOT], {"short_game": True}, seed=10)
    headers = {"X-Seat-Token": tokens["green"]}
    assert client.post(f"/api/tables/{table}/rematch", headers=headers).status_code == 409
    client.post(f"/api/tables/{table}/resign", json={"role": "green"}, headers=headers)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        ws.receive_json()
        ws.receive_json()
        ws.send_json({"type": "rematch"})
        msgs = [ws.receive_json(), ws.receive_json()]
    new = next(m for m in msgs if m["type"] == "rematch")["table"]
    assert client.post(f"/api/tables/{table}/rematch", headers=headers).json()["id"] == new
    summary = client.get(f"/api/tables/{new}").json()
    assert summary["rematch_of"] == table and summary["options"]["short_game"] is True
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]
    assert state(client, new, tokens["green"])["role"] == "green"  # the same secret works
    mine = client.post("/api/tables/mine", json={"tokens": [tokens["green"]]}).json()
    assert {t["table"]["id"] for t in mine["tables"]} == {table, new}


def test_a_table_of_bots_plays_itself_out(client: TestClient) -> None:
    table, _ = create(client, [BOT, BOT], {"short_game": True}, seed=11)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["table"]["status"] == "finished":
                break
    assert msg["table"]["result"]["winner"] in ("green", "blue")


def test_a_restarted_server_resumes_every_game(db: Database) -> None:
    with make_client(db, bot_delay=60.0) as first:  # the bots wait: the game stops mid-way
        table, tokens = create(first, [HUMAN, BOT], seed=12)
        with first.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
            ws.receive_json()
            play_ws(ws, "green", random.Random(6), limit=3)
        version, text, length = stored(first, table)
    store = Store(db.url)
    row = store.load_game(table)
    assert row is not None and (row.version, row.state) == (version, text)
    log = store.load_log(table)
    store.close()
    assert len(log) == length
    with make_client(db) as second:  # its bots carry on at once
        live = second.portal.call(second.app.state.hall.get, table)  # type: ignore[attr-defined,union-attr]
        assert live.version >= version
        assert [[r, *a.to_json()] for r, a in live.match.log[:length]] == log
        assert state(second, table, tokens["green"])["version"] >= version


def test_a_seat_s_hello_marks_it_joined_and_at_the_table(client: TestClient) -> None:
    """A seat holder's hello records that the seat is taken and when its holder was last at
    the table (turn notices wait while they are): on the first hello in the write that
    marks the seat joined, on later ones by itself."""
    import time

    table, tokens = create(client, [HUMAN, BOT])
    store = client.app.state.store  # type: ignore[attr-defined]

    def seat() -> Any:
        from sqlalchemy import select

        from crisis.server.store.repository import seats

        with store.engine.connect() as db:
            return db.execute(
                select(seats).where(seats.c.game == table, seats.c.role == "green")
            ).one()

    assert not seat().joined and seat().seen is None
    before = int(time.time())
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]], "name": "Ada"})
        assert ws.receive_json()["type"] == "welcome"
    first = seat()
    assert first.joined and first.name == "Ada" and first.seen is not None
    assert first.seen >= before
    store.mark_seen(table, ["green"], before - 3600)  # long ago
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
        assert ws.receive_json()["type"] == "welcome"
        # A later hello marks it again, with nothing else to write: just after the welcome,
        # so wait for it, while the socket is open (its goodbye marks the seat too).
        deadline = time.monotonic() + 120
        while seat().seen < before and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seat().seen >= before
