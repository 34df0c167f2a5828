"""Every title plays on the server through the same lobby, tables and bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.ai import bot_names, levels
from crisis.engine.match import Match
from crisis.games import TITLES, get_title
from tests.server.conftest import BOT, HUMAN, create, play_ws, state, stored


def test_meta_describes_every_title_with_its_own_bots(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert set(meta["titles"]) == set(TITLES)
    for name, info in meta["titles"].items():
        assert info["bots"] == [*levels(name), *bot_names(name)]
        assert list(info["levels"]) == ["easy", "medium", "hard"]
        assert info["bots"][3] == "random"
        assert info["name"] and info["players"] == [2, 4]
        for opt in info["options"]:
            assert {"name", "kind", "label", "default"} <= set(opt), opt
            assert opt["kind"] in ("bool", "choice", "role", "data"), opt
            if opt["kind"] == "choice":
                assert opt["default"] in [c["value"] for c in opt["choices"]], opt
    toc = meta["titles"]["time_of_crisis"]
    assert {"military", "senate", "populace", "balanced"} <= set(toc["bots"])
    # Each level's measured strength, for the lobby to show beside it.
    for info in meta["titles"].values():
        assert list(info["strength"]) and set(info["strength"]) <= set(info["levels"])
        for row in info["strength"].values():
            assert {"win_rate", "low", "high", "games", "against", "players", "parity"} <= set(row)
    assert "Italia" in toc["provinces"] and meta["provinces"] == toc["provinces"]


def _form(info: dict[str, Any], **chosen: Any) -> dict[str, Any]:
    """What the lobby's form sends: every bool and choice option, at its default unless
    ``chosen`` says otherwise (role and data options are not form fields)."""
    form = [o for o in info["options"] if o["kind"] in ("bool", "choice")]
    return {o["name"]: chosen.get(o["name"], o["default"]) for o in form}


@pytest.mark.parametrize("title", sorted(TITLES))
def test_the_lobby_form_built_from_info_creates_tables(client: TestClient, title: str) -> None:
    """The lobby draws each title's options form from info(): the defaults, every bool on,
    and every choice (with every bool on) each make a table whose options say so."""
    info = client.get("/api/meta").json()["titles"][title]
    bools = {o["name"]: True for o in info["options"] if o["kind"] == "bool"}
    forms = [_form(info), _form(info, **bools)]
    for opt in info["options"]:
        if opt["kind"] == "choice":
            forms += [_form(info, **bools, **{opt["name"]: c["value"]}) for c in opt["choices"]]
    for options in forms:
        table, tokens = create(client, [HUMAN, BOT], options, title=title, seed=3)
        shown = client.get(f"/api/tables/{table}").json()["options"]
        assert {k: shown.get(k) for k in options} == options, (options, shown)
        view = state(client, table, tokens["green"])["view"]
        assert {k: view["options"].get(k) for k in options} == options


def test_time_of_crisis_offers_its_rule_options_in_the_form(client: TestClient) -> None:
    info = client.get("/api/meta").json()["titles"]["time_of_crisis"]
    kinds = {o["name"]: o["kind"] for o in info["options"]}
    assert kinds == {
        "short_game": "bool",
        "expansion_cards": "bool",
        "market": "choice",
        "emperor_rules": "bool",
        "first_player": "role",
        "selection": "data",
    }
    market = next(o for o in info["options"] if o["name"] == "market")
    assert [c["value"] for c in market["choices"]] == ["fixed", "variable", "selective"]
    short = next(o for o in info["options"] if o["name"] == "short_game")
    assert "40" in short["label"]


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
    seats = [HUMAN, BOT, {"kind": "bot", "bot": "ismcts"}]  # thinks 0.05 s in tests
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


def test_a_table_with_its_own_card_set_lists_it_as_a_flag(client: TestClient) -> None:
    """Rome in Crisis's own card set (a whole data set, up to a request's size) is in the
    table's record and its view, but its summary, which goes into every list of tables,
    says only that it is there: a lobby of such tables weighs what one of others does."""
    from crisis.games.rome_in_crisis import data

    cards = data.default_cards()
    table, tokens = create(client, [HUMAN, BOT], {"cards": cards}, title="rome_in_crisis", seed=3)
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["options"]["cards"] is True
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[table]["options"]["cards"] is True
    assert state(client, table, tokens["green"])["view"]["options"]["cards"] == cards
    assert len(json.dumps(listed[table])) < 2_000


def test_the_description_is_built_once_and_sent_compressed_as_built(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/api/meta is about 120 KB that do not change while the server runs: built and
    compressed once, then sent as they are (each request built and compressed it anew)."""
    from crisis.server.lobby import routes

    built: list[int] = []
    original = routes._meta

    def counting() -> dict[str, Any]:
        built.append(1)
        return original()

    monkeypatch.setattr(routes, "_meta", counting)
    plain = client.get("/api/meta", headers={"Accept-Encoding": "identity"})
    packed = client.get("/api/meta", headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert packed.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert packed.json() == plain.json() and plain.json()["default_title"]
    assert int(packed.headers["content-length"]) < len(plain.content) / 3
    for _ in range(3):
        client.get("/api/meta")
    assert built == [1]
