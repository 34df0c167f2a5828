"""The lesson routes (crisis.server.lobby.lessons): the list, a lesson's script and any step's
position as a table page's state message; read-only, no table made, nothing secret sent,
bad input refused with a coded error, and rate-limited like replays."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.engine import lessons
from crisis.games import time_of_crisis as toc
from tests.databases import Database
from tests.server.conftest import make_client

LESSON = "/api/lessons/time_of_crisis/example-turn-1"


@pytest.fixture
def db(tmp_path: Any) -> Database:
    return Database("sqlite", f"sqlite:///{tmp_path / 'lessons.db'}")


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def _rows(db: Database) -> list[Any]:
    return [db.execute(f"SELECT count(*) FROM {t}")[0][0] for t in ("games", "seats", "actions")]


def test_the_list_names_each_lesson_with_its_page(client: TestClient) -> None:
    res = client.get("/api/lessons")
    assert res.status_code == 200
    found = {(x["title"], x["id"]): x for x in res.json()["lessons"]}
    assert ("time_of_crisis", "example-turn-1") in found
    first = found[("time_of_crisis", "example-turn-1")]
    assert first["steps"] == 48 and first["url"] == "/learn/time_of_crisis/example-turn-1"
    page = client.get(first["url"])
    assert page.status_code == 200 and "table.js" in page.text


def test_script_and_steps_follow_the_engine(client: TestClient, db: Database) -> None:
    lesson = lessons.load(toc.TITLE)[0]
    script = client.get(LESSON).json()
    assert script["players"] == ["green", "blue", "yellow", "red"]
    assert len(script["steps"]) == len(lesson.steps)
    first = script["steps"][0]
    assert first["action"] == ["play_card", "blue1"] and first["role"] == "green"
    assert first["label"] == "Play Blue 1" and first["topic"]["title"]
    before = _rows(db)
    positions = lesson.positions(toc.TITLE)
    for index in (0, 4, 12, 13, len(lesson.steps)):
        msg = client.get(f"{LESSON}/{index}").json()
        assert msg["type"] == "state" and msg["version"] == index
        assert msg["lesson"] == {
            "step": index,
            "steps": len(lesson.steps),
            "done": index == len(lesson.steps),
        }
        role = lesson.steps[min(index, len(lesson.steps) - 1)].role
        assert msg["role"] == role
        want = json.loads(json.dumps(toc.view(positions[index], role)))
        assert msg["view"]["provinces"] == want["provinces"]
        if index < len(lesson.steps):
            expected = lesson.steps[index].action.to_json()
            assert expected in msg["actions"]
            assert len(msg["labels"]) == len(msg["actions"])
        else:
            assert msg["actions"] == []
    # Nothing is stored: no table, no seat, no rating.
    assert _rows(db) == before


def test_a_step_shows_only_the_acting_seat_and_no_secret(client: TestClient) -> None:
    lesson = lessons.load(toc.TITLE)[0]
    state = lesson.start(toc.TITLE)
    text = client.get(f"{LESSON}/0").text
    msg = json.loads(text)
    hands = {p["role"]: p.get("hand") for p in msg["view"]["players"]}
    assert hands == {
        "green": ["blue1", "blue1", "blue1", "red1", "red1"],
        "blue": None,
        "yellow": None,
        "red": None,
    }
    assert state.rng.key not in text
    assert '"rng"' not in text and '"event_deck"' not in text


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/lessons/time_of_crisis/nope", 404, "not_found"),
        ("/api/lessons/nope/example-turn-1/0", 404, "not_found"),
        (f"{LESSON}/49", 400, "bad_message"),
        (f"{LESSON}/-1", 400, "bad_message"),
        (f"{LESSON}/x", 400, "bad_message"),
        (f"{LESSON}/99999999999999999999999", 400, "bad_message"),
        ("/learn/time_of_crisis/nope", 404, "not_found"),
    ],
)
def test_bad_input_gets_a_coded_error(
    client: TestClient, path: str, status: int, code: str
) -> None:
    res = client.get(path)
    assert res.status_code == status, res.text
    assert res.json()["code"] == code


def test_lessons_are_rate_limited(tmp_path: Any) -> None:
    db = Database("sqlite", f"sqlite:///{tmp_path / 'limited.db'}")
    with make_client(db, http_per_minute={"replay": 6}) as c:
        codes = [c.get(f"{LESSON}/0").status_code for _ in range(12)]
    assert codes[0] == 200 and codes[-1] == 429
