"""The start of an open table against the taking of its last seat, raced on two server
processes sharing one PostgreSQL database, as the attack did it: the host starts the table
through one process while a player takes the last free seat through the other. Each race
ends with one of the two done and the other refused with a code (never a 500), and never
with a taker told the seat is theirs while it is stored as a bot's."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.databases import Database, fresh_database
from tests.server.test_site import servers

pytestmark = pytest.mark.slow

PASSWORD = "a long and secret phrase"
RACES = 25


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[Database]:
    with fresh_database("postgresql", tmp_path) as found:
        yield found


def call(
    base: str, method: str, path: str, body: Any = None, session: str | None = None
) -> tuple[int, Any, str | None]:
    """An HTTP request: its status, its decoded body and the session cookie it set."""
    where = urlparse(base)
    conn = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port or 80, timeout=60)
    headers = {"Content-Type": "application/json"}
    if session:
        headers["Cookie"] = f"crisis_session={session}"
    try:
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        res = conn.getresponse()
        data = res.read()
        cookie = None
        for name, value in res.getheaders():
            if name.lower() == "set-cookie" and value.startswith("crisis_session="):
                cookie = value.split(";", 1)[0].split("=", 1)[1]
        return res.status, json.loads(data) if data else None, cookie
    finally:
        conn.close()


def sign_up(base: str, name: str) -> str:
    body = {"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD}
    status, answer, cookie = call(base, "POST", "/api/account/signup", body)
    assert status == 201 and cookie, answer
    return cookie


def test_starting_while_the_last_seat_is_taken_on_two_processes(pg: Database) -> None:
    with servers(pg.url, 2, "--tables-per-minute", "1000") as [(a, _), (b, _)]:
        host, taker = sign_up(a, "Hostia"), sign_up(b, "Taker")
        outcomes = {"taken": 0, "started": 0}
        for i in range(RACES):
            body = {"seats": [{"kind": "human"}, {"kind": "open"}], "open": True}
            status, made, _ = call(a, "POST", "/api/tables", body, host)
            assert status == 201, made
            table = made["table"]["id"]
            answers: dict[str, tuple[int, Any]] = {}
            # Alternate which process gets which request: each sees the other's write late.
            start_on, take_on = (a, b) if i % 2 == 0 else (b, a)

            def send(
                out: dict[str, tuple[int, Any]], what: str, base: str, path: str, session: str
            ) -> None:
                status, answer, _ = call(base, "POST", path, {}, session)
                out[what] = (status, answer)

            threads = [
                threading.Thread(
                    target=send,
                    args=(answers, "start", start_on, f"/api/tables/{table}/start", host),
                ),
                threading.Thread(
                    target=send, args=(answers, "take", take_on, f"/api/tables/{table}/take", taker)
                ),
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = {what: status for what, (status, _answer) in answers.items()}
            assert 500 not in codes.values(), answers
            ((kind, account),) = pg.execute(
                "SELECT s.kind, a.name FROM seats s LEFT JOIN accounts a ON a.id = s.account "
                "WHERE s.game = :g AND s.role = 'blue'",
                g=table,
            )
            ((status_now,),) = pg.execute("SELECT status FROM games WHERE id = :g", g=table)
            assert status_now == "playing", answers  # one or the other started it
            if codes["take"] == 200:
                # The taker holds the seat, as stored. The host's start was refused (it met
                # the seat's write, or came after the table had started by itself), or it
                # came between the seat's write and the table's own start: then it started
                # the full table itself, and no seat went to a bot.
                assert kind == "human" and account == "Taker", (answers, kind, account)
                if codes["start"] == 200:
                    assert answers["start"][1]["status"] == "playing", answers
                    bots = pg.execute(
                        "SELECT COUNT(*) FROM seats WHERE game = :g AND kind = 'bot'", g=table
                    )
                    assert bots == [(0,)], answers
                else:
                    assert codes["start"] == 409, answers
                    assert answers["start"][1]["code"] in ("conflict", "not_started"), answers
                outcomes["taken"] += 1
            else:
                # The start won: a bot holds the seat and the taker was refused with a code.
                assert codes["start"] == 200 and kind == "bot" and account is None, answers
                assert codes["take"] == 409, answers
                assert answers["take"][1]["code"] in ("conflict", "not_started"), answers
                outcomes["started"] += 1
        assert sum(outcomes.values()) == RACES
        print(f"start/take races: {outcomes}")  # which won how often (pytest -s shows it)
