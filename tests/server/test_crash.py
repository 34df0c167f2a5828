"""Kill the server with SIGKILL mid-game and restart it: every game goes on from its last action."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from crisis.devtools.loadtest import free_port, post, start_server
from crisis.engine.match import Match
from crisis.games import get_title
from crisis.server.store.repository import Store
from tests.databases import Database

#: A server process killed and started again: slow, and part of the load kind.
pytestmark = pytest.mark.load


def _get(base: str, path: str, token: str | None = None) -> Any:
    req = urllib.request.Request(f"{base}{path}", headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read())


def _kill(proc: subprocess.Popen[bytes]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


def _consistent(db: Database, table: str) -> int:
    """The stored state is exactly setup + the stored log; returns the log length.

    The game and its log are read at one moment: a live process may be writing moves
    meanwhile (two separate reads once saw a state one move behind its log)."""
    store = Store(db.url)
    try:
        read = store.load_tail(table, 0)
        assert read is not None
        row, log, total = read
        assert total == len(log)
        title = get_title(row.title)
        match = Match.replay(title, {"seed": row.seed, "options": row.options, "log": log})
        assert title.rules.to_json(match.state).decode() == row.state
        return len(log)
    finally:
        store.close()


def test_a_killed_server_resumes_every_game(db: Database) -> None:
    url = db.url
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = ("--allow-seed", "--bot-delay", "0.02")
    proc = start_server(url, port, *args)
    try:
        people = post(base, "/api/tables", {"seats": [{"kind": "human"}] * 2, "seed": 5})
        bots = post(base, "/api/tables", {"seats": [{"kind": "bot"}] * 3, "seed": 6})
        table, tokens = people["table"]["id"], people["tokens"]
        for _ in range(25):  # two people take turns over HTTP
            for role, token in tokens.items():
                now = _get(base, f"/api/tables/{table}/state", token)
                if now["actions"]:
                    legal = [a for a in now["actions"] if a[0] != "undo"]
                    body = {"role": role, "action": legal[-1], "version": now["version"]}
                    post(base, f"/api/tables/{table}/actions", body, token)
        last = _get(base, f"/api/tables/{table}/state", tokens["green"])
        deadline = time.monotonic() + 120
        while _get(base, f"/api/tables/{bots['table']['id']}")["version"] < 3:
            assert time.monotonic() < deadline, "the bots did not start"  # mid-game when killed
            time.sleep(0.1)
    finally:
        _kill(proc)
    bots_id = bots["table"]["id"]
    bot_actions = _consistent(db, bots_id)
    assert bot_actions > 0
    assert _consistent(db, table) > 0

    proc = start_server(url, port, *args)
    try:
        again = _get(base, f"/api/tables/{table}/state", tokens["green"])
        assert again["version"] == last["version"]
        assert again["view"] == last["view"]
        role = next(
            r for r in tokens if _get(base, f"/api/tables/{table}/state", tokens[r])["actions"]
        )
        now = _get(base, f"/api/tables/{table}/state", tokens[role])
        legal = [a for a in now["actions"] if a[0] != "undo"]
        body = {"role": role, "action": legal[0], "version": now["version"]}
        moved = post(base, f"/api/tables/{table}/actions", body, tokens[role])
        assert moved["version"] == last["version"] + 1
        deadline = time.monotonic() + 120
        while _get(base, f"/api/tables/{bots_id}")["version"] <= bot_actions:
            assert time.monotonic() < deadline, "the bots did not resume"
            time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(10)
    _consistent(db, bots_id)


def test_a_stale_http_action_after_restart_is_refused(db: Database) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db.url, port, "--allow-seed")
    try:
        made = post(base, "/api/tables", {"seats": [{"kind": "human"}] * 2, "seed": 7})
        table, tokens = made["table"]["id"], made["tokens"]
        role = next(
            r for r in tokens if _get(base, f"/api/tables/{table}/state", tokens[r])["actions"]
        )
        now = _get(base, f"/api/tables/{table}/state", tokens[role])
        body = {"role": role, "action": now["actions"][0], "version": now["version"] + 3}
        try:
            post(base, f"/api/tables/{table}/actions", body, tokens[role])
            raise AssertionError("a stale action went through")
        except urllib.error.HTTPError as exc:
            assert exc.code == 409
    finally:
        _kill(proc)
