"""Time of Crisis's action catalog and observation vector (the research API's encoding)."""

from __future__ import annotations

import random

import pytest

from crisis.ai.explore import BotPolicy
from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import catalog, observation
from crisis.games.time_of_crisis.fuzzing import FUZZ_VARIANTS
from crisis.games.time_of_crisis.registry import RULES


def _play(options: dict, seed: int, visit) -> None:
    """A game mixing the purposeful fuzz policy and uniform play, calling ``visit`` at
    every decision."""
    state = toc.setup(seed, options)
    rnd = random.Random(seed)
    policy = BotPolicy("time_of_crisis")
    purposeful = seed % 2 == 0
    for _ in range(3000):
        if toc.result(state) is not None:
            return
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        visit(state, role, legal)
        if purposeful:
            action = policy(rnd, state, role, legal)
        else:
            action = rnd.choice(legal)
        toc.apply(state, role, action)


@pytest.mark.parametrize("variant", range(len(FUZZ_VARIANTS)))
def test_every_legal_action_is_in_the_catalog(variant: int) -> None:
    seen: set[str] = set()
    for players in (2, 3, 4):
        options = {"players": players, **FUZZ_VARIANTS[variant]}
        catalog = toc.action_catalog(options)
        index = {a: i for i, a in enumerate(catalog)}
        assert len(index) == len(catalog)

        def visit(state, role, legal, index=index):
            view = toc.view(state, role)
            for action in legal:
                key = toc.canonical_action(view, role, action)
                assert key in index, (action, key)
                assert toc.actual_action(view, role, key) == action
                seen.add(action.verb)

        for seed in range(2):
            _play(options, seed + 10 * players, visit)
    # The games reach the verbs of every part of a turn.
    assert {"choose_card", "play_card", "place_governor", "buy", "move_army"} <= seen


def test_catalog_is_fixed_and_derived_from_options() -> None:
    base = toc.action_catalog({"players": 4})
    assert base == toc.action_catalog({"players": 4})
    assert len(toc.action_catalog({"players": 2})) < len(base)
    expansion = toc.action_catalog({"players": 4, "expansion_cards": True})
    assert {a.verb for a in expansion} - {a.verb for a in base} >= {"cavalry", "order"}
    assert catalog.POOL_MAX == 20


def test_steps_match_the_registry() -> None:
    assert set(observation.STEPS) == set(RULES.steps) | {"over"}


def test_observation_layout_and_values() -> None:
    names = toc.observation_fields()
    assert len(names) == len(set(names)) == toc.observation_size()
    ix = {n: i for i, n in enumerate(names)}
    checked = 0

    def visit(state, role, legal):
        nonlocal checked
        view = toc.view(state, role)
        obs = toc.observe(view, role)
        assert len(obs) == toc.observation_size()
        me = next(p for p in view["players"] if p["role"] == role)
        assert obs[ix["seat0.legacy/10"]] == pytest.approx(me["legacy"] / 10)
        assert obs[ix[f"step.{view['step']}"]] == 1.0
        italia = view["provinces"]["Italia"]
        assert obs[ix["province.Italia.support"]] == italia["support"]
        for cid in set(me["hand"]):
            assert obs[ix[f"own.hand.{cid}"]] == me["hand"].count(cid)
        for a in view["armies"]:
            if a["owner"] == role:
                slot = toc.canonical_action(view, role, Action("castra", a["id"])).arg
                assert obs[ix[f"army.seat0.{slot}.region={a['region']}"]] == 1.0
        checked += 1

    _play({"players": 3, "expansion_cards": True, "emperor_rules": True}, 4, visit)
    assert checked > 100


def test_observe_reads_only_the_view() -> None:
    """Two states that differ only in hidden information give the same vector."""
    state = toc.setup(7, {"players": 3})
    rnd = random.Random(7)
    for _ in range(60):
        role = toc.active(state)[0]
        toc.apply(state, role, rnd.choice(toc.actions(state, role)))
    other = toc.from_json(toc.to_json(state))
    blue = next(p for p in other.players if p.role == "blue")
    # Deal Blue's hidden cards anew between hand and Available Pile (the counts are public).
    cards = sorted(blue.hand + blue.available, reverse=True)
    blue.hand, blue.available = cards[: len(blue.hand)], cards[len(blue.hand) :]
    assert toc.observe(toc.view(state, "green"), "green") == toc.observe(
        toc.view(other, "green"), "green"
    )


def test_render_is_plain_text() -> None:
    state = toc.setup(1, {"players": 2})
    text = toc.render(toc.view(state, "green"), "green")
    assert "Time of Crisis" in text and "Provinces:" in text and "hand:" in text
    assert "\x1b" not in text
