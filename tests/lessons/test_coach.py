"""The coach (crisis.ai.coach, crisis.ai.toc.coach, crisis.server.lobby.coach): a suggestion that is
legal with the turn it starts, and the newcomer's common mistakes caught among the actions,
on positions of the Example of Play where they really come up."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.ai.coach import coach
from crisis.ai.toc.coach import warnings
from crisis.engine import lessons
from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from tests.databases import Database
from tests.server.conftest import create, make_client

TURN6 = lessons.load(toc.TITLE)[1]


@pytest.fixture(scope="module")
def positions() -> list[toc.State]:
    return TURN6.positions(toc.TITLE)


def _before(verb: str, role: str, positions: list[toc.State], nth: int = 0) -> toc.State:
    found = [i for i, s in enumerate(TURN6.steps) if s.action.verb == verb and s.role == role]
    return positions[found[nth]]


def _texts(view: dict[str, Any], role: str, state: toc.State) -> list[str]:
    return [w["text"] for w in warnings(view, role, toc.actions(state, role))]


def test_ending_actions_with_influence_left_is_caught(positions: list[toc.State]) -> None:
    state = _before("end_actions", "green", positions)
    assert sum(state.turn.pool.values()) == 1  # the Red 3's last Military point
    found = warnings(toc.view(state, "green"), "green", toc.actions(state, "green"))
    assert found and found[0]["action"] == ["end_actions", None]
    assert "1 influence" in found[0]["text"]
    # Blue ends his actions with nothing left: no warning about influence.
    blue = _before("end_actions", "blue", positions)
    assert not any("influence" in t for t in _texts(toc.view(blue, "blue"), "blue", blue))


def test_a_province_the_support_check_would_take_is_caught(positions: list[toc.State]) -> None:
    blue = _before("end_actions", "blue", positions)
    view = toc.view(blue, "blue")
    # As the example has it, Hispania (support 3, an awake Frank) only drops to 2.
    assert not any("Support Check" in t for t in _texts(view, "blue", blue))
    at_one = copy.deepcopy(view)
    at_one["provinces"]["Hispania"]["support"] = 1
    assert any("cost you Hispania" in t for t in _texts(at_one, "blue", blue))
    mobbed = copy.deepcopy(view)
    mobbed["provinces"]["Britannia"]["mobs"] = 2
    assert any("cost you Britannia" in t for t in _texts(mobbed, "blue", blue))


def test_buying_nothing_is_caught(positions: list[toc.State]) -> None:
    state = _before("buy", "green", positions)
    assert state.turn.political == 8 and state.turn.bought == 0
    texts = _texts(toc.view(state, "green"), "green", state)
    assert any("bought nothing" in t and "8 political points" in t for t in texts)
    after = _before("buy", "green", positions, 1)  # one card bought already
    assert not any("bought nothing" in t for t in _texts(toc.view(after, "green"), "green", after))


def test_the_suggestion_is_legal_and_comes_with_its_turn(positions: list[toc.State]) -> None:
    state = positions[0]
    legal = toc.actions(state, "green")
    answer = coach("time_of_crisis", toc.view(state, "green"), "green", legal, random.Random(3))
    assert answer["action"] in legal
    steps = answer["turn"]["steps"]
    assert steps and steps[0]["action"] == answer["action"].to_json() and steps[0]["label"]
    assert coach("time_of_crisis", {}, "green", [], random.Random(1))["action"] is None


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    db = Database("sqlite", f"sqlite:///{tmp_path / 'coach.db'}")
    with make_client(db) as c:
        yield c


def test_the_coach_route_answers_a_seat_holder_only(client: TestClient) -> None:
    easy = {"kind": "bot", "bot": "easy"}
    table, tokens = create(client, [{"kind": "human"}, easy, easy], {"players": 3})
    role = next(iter(tokens))
    state = client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": tokens[role]}).json()
    assert state["actions"], "the person chooses a province first"
    res = client.get(f"/api/tables/{table}/coach/{role}", headers={"X-Seat-Token": tokens[role]})
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["action"] in state["actions"] and body["label"]
    assert isinstance(body["warnings"], list) and body["turn"]["steps"]
    refused = client.get(f"/api/tables/{table}/coach/{role}")
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    bad = client.get(f"/api/tables/{table}/coach/{role}", headers={"X-Seat-Token": "nope"})
    assert bad.status_code in (400, 403)
    assert client.get("/api/tables/nope/coach/green").status_code == 404


def test_no_warning_for_an_action_not_offered() -> None:
    assert warnings({"turn": {"pool": {"red": 2}}}, "green", [Action("play_card", "red1")]) == []


def test_a_title_without_warnings_is_still_coached() -> None:
    from crisis.games import get_title

    spec = get_title("rome_in_crisis")
    state = spec.rules.setup(3, {"players": 3})
    role = spec.rules.active(state)[0]
    legal = spec.rules.actions(state, role)
    answer = coach("rome_in_crisis", spec.rules.view(state, role), role, legal, random.Random(1))
    assert answer["action"] in legal and answer["warnings"] == []
