"""Hidden information on the server: secret keys, old games on the old generator, bots whose
choices cannot be predicted from public facts (issue: hidden information that stays hidden)."""

from __future__ import annotations

import json
import random
import time

from fastapi.testclient import TestClient

from crisis.ai import RandomBot
from crisis.engine.match import Match
from crisis.engine.rng import Rng
from crisis.games import get_title
from crisis.server.play.hall import same_but_wording
from crisis.server.store.repository import Store
from tests.databases import Database

from .conftest import BOT, HUMAN, create, make_client, state


def test_server_games_get_a_secret_key_that_no_answer_shows(db: Database) -> None:
    with make_client(db, allow_seed=False) as client:
        res = client.post("/api/tables", json={"seats": [HUMAN, BOT], "options": {}})
        assert res.status_code == 201
        table, token = res.json()["table"]["id"], res.json()["tokens"]["green"]
        key = client.app.state.store.load_game(table).seed  # type: ignore[attr-defined]
        assert isinstance(key, str) and len(key) == 64 and int(key, 16) >= 0
        answers = [
            res.text,
            client.get(f"/api/tables/{table}").text,
            client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": token}).text,
            client.get(f"/api/tables/{table}/state").text,
            client.get("/api/tables").text,
            client.get(f"/api/tables/{table}/record").text,  # refused: not over
            client.get(f"/api/tables/{table}/replay/0").text,
        ]
        assert all(key not in text for text in answers)
        other = client.post("/api/tables", json={"seats": [HUMAN, BOT], "options": {}})
        key2 = client.app.state.store.load_game(other.json()["table"]["id"]).seed  # type: ignore[attr-defined]
        assert key2 != key


def test_a_database_from_before_the_keyed_generator_keeps_its_games(db: Database) -> None:
    """Rows written by the old server (no rng_seed column, a 31-bit seed, states holding the
    old generator) load, replay exactly and play on with the generator they started with."""
    title = get_title("time_of_crisis")
    with make_client(db) as client:
        table, tokens = create(client, [HUMAN, HUMAN], seed=5)
    # What the old server stored: the same game played on SplitMix64 from seed 5.
    old = Match(title, "splitmix64:5", {"players": 2})
    rnd = random.Random(1)
    for _ in range(40):
        role = old.active()[0]
        old.apply(role, rnd.choice(title.rules.actions(old.state, role)))
    db.execute("ALTER TABLE games DROP COLUMN rng_seed")
    db.execute("DROP TABLE alembic_version")  # as before Alembic (tests/server/test_migrations.py)
    db.execute(
        "UPDATE games SET seed = 5, state = :state, version = :version, active = :active"
        " WHERE id = :id",
        state=title.rules.to_json(old.state).decode(),
        version=len(old.log),
        active=json.dumps(old.active()),
        id=table,
    )
    for n, (role, action) in enumerate(old.log):
        verb, arg = action.to_json()
        db.execute(
            "INSERT INTO actions (game, n, role, verb, arg, at)"
            " VALUES (:game, :n, :role, :verb, :arg, 0)",
            game=table,
            n=n,
            role=role,
            verb=verb,
            arg=json.dumps(arg),
        )
    store = Store(db.url)  # migrates
    row = store.load_game(table)
    assert row is not None and row.seed == "splitmix64:5"
    log = store.load_log(table)
    replayed = Match.replay(title, {"seed": row.seed, "options": row.options, "log": log})
    # The same game; its log lines may be worded as this crisis words them.
    assert same_but_wording(title.rules.to_json(replayed.state).decode(), row.state)
    assert title.rules.from_json(row.state).rng.key == ""  # still the old generator
    store.close()
    with make_client(db) as client:  # the server serves it and it plays on
        now = state(
            client, table, tokens["green"] if old.active()[0] == "green" else tokens["blue"]
        )
        assert now["version"] == len(old.log)


def test_a_bots_choices_cannot_be_replayed_from_public_facts(client: TestClient) -> None:
    """The old server seeded each bot decision with the table id and version (public): a
    spectator could replay a random bot's choice and learn its hand from it."""
    table, _ = create(client, [BOT, BOT], {"short_game": True}, seed=9)
    live = client.portal.call(client.app.state.hall.get, table)  # type: ignore[attr-defined,union-attr]
    for _ in range(600):  # the bots play in the server's event loop
        if state(client, table)["table"]["status"] == "finished":
            break
        time.sleep(0.1)
    log = list(live.match.log)
    assert len(log) > 50
    title = get_title("time_of_crisis")
    replay = Match(title, live.match.seed, dict(live.match.options))
    predicted = agree = 0
    for version, (role, action) in enumerate(log):
        legal = [a for a in replay.actions(role) if a.verb != "undo"]
        if len(legal) > 2:
            guess = RandomBot().choose(
                replay.view(role), role, legal, random.Random(f"{table}:{version}:{role}")
            )
            predicted += 1
            agree += guess == action
        replay.apply(role, action)
    assert predicted > 20
    assert agree < predicted  # the public-seeded guess no longer reproduces the bot
    assert isinstance(replay.state.rng, Rng)
