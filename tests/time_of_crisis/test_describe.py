"""The title describes its actions: labels, costs (declared with their handlers), odds."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data, words
from crisis.games.time_of_crisis.odds import p_votes
from crisis.games.time_of_crisis.state import NEUTRAL

from .positions import govern, play, put_in_hand, ready_governor, start


def _random_states(n: int, seed: int = 4) -> list[toc.State]:
    """States at the Take Actions prompt met in random play."""
    state = toc.setup(seed)
    rnd = random.Random(seed)
    found = []
    for _ in range(4000):
        active = toc.active(state)
        if not active or len(found) >= n:
            break
        role = active[0]
        if state.step == "actions" and rnd.random() < 0.2:
            found.append(toc.from_json(toc.to_json(state)))
        toc.apply(state, role, rnd.choice(toc.actions(state, role)))
    return found


def test_describing_changes_nothing_and_touches_no_draw() -> None:
    for state in _random_states(12):
        role = toc.active(state)[0]
        before = toc.to_json(state)
        legal = toc.actions(state, role)
        out = toc.describe(state, role, legal)
        assert len(out) == len(legal) and all(d["label"] for d in out)
        assert toc.to_json(state) == before  # the real generator did not move either


def test_the_cost_is_what_the_action_really_uses() -> None:
    """Each described cost equals the influence the action takes when it is applied."""
    checked = 0
    for state in _random_states(40, seed=9):
        role = toc.active(state)[0]
        legal = toc.actions(state, role)
        for action, said in zip(legal, toc.describe(state, role, legal), strict=True):
            if action.verb in ("end_actions", "undo"):
                continue
            copy = toc.from_json(toc.to_json(state))
            pool = dict(copy.turn.pool)
            toc.apply(copy, role, action)
            used = {s: pool[s] - copy.turn.pool[s] for s in pool if pool[s] != copy.turn.pool[s]}
            spent = [f"{n} {toc_sphere(s)}" for s, n in used.items() if n > 0]
            if spent:
                assert said["cost"] is not None and all(x in said["cost"] for x in spent)
                checked += 1
            elif not any(n < 0 for n in used.values()):
                assert said["cost"] is None, (action, said)
    assert checked > 10


def toc_sphere(suit: str) -> str:
    return {"red": "Military", "blue": "Senate", "yellow": "Populace"}[suit]


def test_place_governor_says_votes_needed_and_the_chance() -> None:
    """6.3.2: votes needed are twice the support (here a Neutral province at support 2, so
    4); dice showing 1 count against a Neutral; with as many dice as votes it succeeds."""
    state = start()
    role = toc.active(state)[0]
    target = "Gallia"
    govern(state, target, NEUTRAL, 2)
    state.turn.pool["blue"] = 4
    notes = {}
    for n in (1, 3, 4):
        [said] = toc.describe(state, role, [Action("place_governor", (target, n))])
        notes[n] = said["note"]
        assert (
            said["label"]
            == f"Place a Governor in {target} with {'1 die' if n == 1 else f'{n} dice'}"
        )
        assert said["cost"] == f"costs {n} Senate"
    assert notes[4] == "4 votes needed: a Neutral governor falls without a roll"
    assert notes[3] == f"4 votes needed: {round(100 * p_votes(3, 4, 1))}% chance"
    assert 0 < p_votes(1, 4, 1) < 0.01
    assert notes[1] == "4 votes needed: under 1% chance"


def test_vote_odds_are_exact() -> None:
    # One die against a player's governor: 2-6 give a vote; a 6 adds a die.
    assert p_votes(1, 1, 2) == pytest.approx(5 / 6)
    assert p_votes(1, 2, 2) == pytest.approx(1 / 6 * 5 / 6)
    assert p_votes(2, 1, 3) == pytest.approx(1 - (2 / 6) ** 2)
    # More dice never hurt, more votes needed never help.
    for low in (1, 2, 3):
        for need in range(1, 6):
            row = [p_votes(d, need, low) for d in range(0, 8)]
            assert all(a <= b + 1e-12 for a, b in pairwise(row))
            assert p_votes(3, need + 1, low) <= p_votes(3, need, low)


def test_ending_actions_warns_of_unspent_influence() -> None:
    state = start()
    role = toc.active(state)[0]
    state.turn.pool["yellow"] = 2
    [said] = toc.describe(state, role, [Action("end_actions")])
    assert said["note"] == "the 2 influence you have not spent is lost"
    assert said["confirm"] is not None and "2 influence" in said["confirm"]
    state.turn.pool["yellow"] = 0
    again = toc.describe(state, role, [Action("end_actions")])[0]
    assert again["note"] is None and again["confirm"] is None


def test_trashing_asks_first_with_the_cost_from_the_data() -> None:
    state = start()
    role = toc.active(state)[0]
    question = toc.describe(state, role, [Action("trash", "mob")])[0]["confirm"]
    assert question == (
        f"Trash Mob (Populace 3) for {data.COSTS.trash_card} political points? "
        "It leaves the game for good."
    )


def test_labels_name_cards_as_printed() -> None:
    assert words.label(Action("buy", "mob")) == "Buy Mob (Populace 3)"
    assert words.label(Action("play_card", "red1")) == "Play Red 1"
    assert words.label(Action("build", ("Asia", "Amphitheater"))) == "Build an Amphitheater in Asia"
    assert words.label(Action("build", ("Asia", "Limes"))) == "Build a Limes in Asia"


def test_unaffordable_actions_say_what_is_missing() -> None:
    """With an empty pool nothing that costs influence is legal: the title lists those
    actions with the influence they need, and lists nothing that a full pool makes legal."""
    state = start()
    role = toc.active(state)[0]
    state.turn.pool = {"red": 0, "blue": 0, "yellow": 0}
    greyed = words.unavailable(state, role)
    labels = {g["label"] for g in greyed}
    assert any(lbl.startswith("Recruit the Governor") for lbl in labels)
    assert all(g["why"].startswith("needs ") and "you have 0" in g["why"] for g in greyed)
    state.turn.pool = {"red": 9, "blue": 9, "yellow": 9}
    legal = {words.label(a) for a in toc.actions(state, role)}
    for g in words.unavailable(state, role):
        assert g["label"] not in legal
        assert "you have 9" in g["why"]  # only what even 9 points cannot pay
    assert words.unavailable(state, "blue" if role != "blue" else "green") == []


def test_an_amount_of_influence_is_greyed_once_and_only_when_none_is_affordable() -> None:
    """Praetorian Guard takes as many Military points as its player chooses: with none in the
    pool it is one greyed entry, at one point; with some, it is legal and not greyed (more
    influence would only buy more dice). Earlier the list held one entry per amount, up to
    an imagined pool of 30."""
    state = start(first="green")
    put_in_hand(state, "green", "praetorian_guard")
    play(state, "praetorian_guard")
    ready_governor(state, "green")
    state.turn.pool = {"red": 0, "blue": 0, "yellow": 0}
    guard = [g for g in words.unavailable(state, "green") if "Praetorian" in g["label"]]
    assert len(guard) == 1, guard
    assert guard[0]["why"] == "needs 1 Military, you have 0"
    state.turn.pool["red"] = 2
    assert {a.arg for a in toc.actions(state, "green") if a.verb == "praetorian_guard"} == {1, 2}
    assert not [g for g in words.unavailable(state, "green") if "Praetorian" in g["label"]]


def test_a_governor_is_greyed_per_province_only_without_senate_points() -> None:
    state = start(first="green")
    ready_governor(state, "green")
    state.turn.pool = {"red": 0, "blue": 0, "yellow": 0}
    places = [g for g in words.unavailable(state, "green") if g["label"].startswith("Place a Gov")]
    assert places and all(g["why"] == "needs 1 Senate, you have 0" for g in places)
    assert len({g["label"] for g in places}) == len(places)  # one per province
    state.turn.pool["blue"] = 3
    assert any(a.verb == "place_governor" for a in toc.actions(state, "green"))
    assert not [g for g in words.unavailable(state, "green") if g["label"].startswith("Place a")]
