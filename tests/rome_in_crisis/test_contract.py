"""Rome in Crisis through the engine contract: setup and options, bad input changing
nothing, turns, JSON, views, determinism, and the research functions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crisis.engine import Action, IllegalAction, MalformedAction, NotYourTurn
from crisis.games import get_title
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.invariants import check

from .helpers import random_game


def test_registered_title() -> None:
    assert get_title("rome_in_crisis") is ric.TITLE and ric.NAME == "rome_in_crisis"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n: int) -> None:
    state = ric.setup(5, {"players": n, "dealer": "blue"})
    assert ric.roles(state) == ["green", "blue", "yellow", "red"][:n]
    assert all(len(p.hand) == 2 for p in state.players)
    assert ric.active(state) == ["blue"] and state.step == "choose_method"
    assert len(ric.actions(state, "blue")) == 3
    assert check(state) == []


def test_bad_options() -> None:
    for bad in ({"players": 5}, {"players": 1}, {"dealer": "red", "players": 2}, {"x": 1}):
        with pytest.raises(ValueError):
            ric.setup(1, bad)
    with pytest.raises(ValueError, match="48 influence"):
        cards = data.default_cards()
        cards["influence"]["gold"]["values"] = [1]
        ric.setup(1, {"cards": cards})
    with pytest.raises(ValueError, match="ability"):
        cards = data.default_cards()
        cards["candidates"]["gallus"]["a"]["ability"] = "lightning"
        ric.setup(1, {"cards": cards})


def test_known_card_facts() -> None:
    cards = data.DEFAULT
    probus = cards.candidates["gallus"].b
    assert (probus.name, probus.military, probus.spqr) == ("Probus", 2, 2)
    assert probus.params == {"goths": 6, "persians": -3}
    assert cards.candidates["gordian1"].a.military == 0
    assert cards.offices["legatus"].bonus["military"] == 3
    assert cards.offices["cavalry"].category == "military"
    spqr = [c.value for c in cards.influence.values() if c.suit == "spqr"]
    assert min(spqr) == 3 and max(spqr) == 9
    assert len(cards.influence) == 48 and len(cards.candidates) == 10
    assert "candidates.maximinus" in ric.provisional()


def test_load_cards(tmp_path: Path) -> None:
    text = (Path(data.__file__).parent / "data" / "cards.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('"Maximinus Thrax"', '"Maximinus"'))
    cards = ric.load_cards(path)
    state = ric.setup(1, {"cards": cards})
    assert state.cards.candidates["maximinus"].a.name == "Maximinus"
    path.write_text(text.replace("[offices.senate]", "[offices.consul]"))
    with pytest.raises(ValueError, match="offices"):
        ric.load_cards(path)


def test_bad_input_changes_nothing() -> None:
    state = ric.setup(2, {"players": 3, "dealer": "green"})
    before = ric.to_json(state)
    for role, action in [
        ("green", ["choose_method", "senate"]),
        ("green", ["draft", "maximinus"]),
        ("green", [1, 2]),
        ("green", {"verb": "choose_method", "arg": True}),
        ("purple", ["choose_method", "spqr"]),
    ]:
        with pytest.raises(IllegalAction):
            ric.apply(state, role, action)
        assert ric.to_json(state) == before
    with pytest.raises(MalformedAction):
        ric.apply(state, "green", "nonsense")
    with pytest.raises(NotYourTurn):
        ric.apply(state, "blue", Action("choose_method", "spqr"))
    assert ric.to_json(state) == before


def test_game_over_refuses_actions() -> None:
    state, _ = random_game(4, 2)
    assert ric.result(state) is not None
    with pytest.raises(IllegalAction):
        ric.apply(state, "green", Action("pass"))


def test_setup_plus_log_replays_and_round_trips() -> None:
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        state, log = random_game(seed, n)
        again = ric.setup(seed, {"players": n})
        for role, action in log:
            ric.apply(again, role, action)
        assert ric.to_json(again) == ric.to_json(state)
        assert ric.from_json(ric.to_json(state)) == state
        assert ric.checkpoint(state) == ric.checkpoint(again)


def test_views_are_redacted() -> None:
    rnd = random.Random(9)
    state = ric.setup(9, {"players": 4})
    for _ in range(400):
        if ric.result(state) is not None:
            break
        waiting = [r for r in ric.roles(state) if r not in state.chosen]
        for chooser, card in state.chosen.items():
            assert ric.view(state, chooser)["my_crisis_card"] == card
            for other in waiting:
                assert ric.view(state, other)["my_crisis_card"] is None
        assert check(state) == []
        public = ric.view(state, None)
        assert public["viewer"] is None and public["hand"] is None
        assert "deck" not in public and public["title"] == "rome_in_crisis"
        role = rnd.choice(ric.active(state))
        ric.apply(state, role, rnd.choice(ric.actions(state, role)))


def test_catalog_observe_determinize_render() -> None:
    for seed, n in ((11, 2), (12, 3), (13, 4)):
        options = {"players": n}
        catalog = set(ric.action_catalog(options))
        assert len(catalog) == len(ric.action_catalog(options)) < 2000
        size = ric.observation_size(options)
        rnd = random.Random(seed)
        state = ric.setup(seed, options)
        steps = 0
        while ric.result(state) is None:
            role = rnd.choice(ric.active(state))
            legal = ric.actions(state, role)
            assert set(legal) <= catalog, set(legal) - catalog
            if steps % 7 == 0:
                v = ric.view(state, role)
                assert len(ric.observe(v, role)) == size
                sample = ric.determinize(v, role, random.Random(steps))
                assert ric.view(sample, role) == v
                assert check(sample, views=False) == []
                assert ric.actions(sample, role) == legal
                assert "Rome in Crisis" in ric.render(v, role)
            ric.apply(state, role, rnd.choice(legal))
            steps += 1
        v = ric.view(state, None)
        assert "Game over" in ric.render(v, None)
