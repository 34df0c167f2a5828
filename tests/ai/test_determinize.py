"""Determinization: a sampled state shows the viewer exactly the view it came from."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from crisis.ai.explore import BotPolicy
from crisis.games import get_title
from crisis.games.time_of_crisis import determinize
from crisis.games.time_of_crisis.determinize import deck_cards
from crisis.games.time_of_crisis.fuzzing import fuzz_options
from crisis.games.time_of_crisis.invariants import check

toc = get_title("time_of_crisis")


def _positions(game: int, every: int = 9):
    """States along one purposeful random game (all option sets over the games)."""
    state = toc.rules.setup(game, fuzz_options(2 + game % 3, game))
    rnd = random.Random(game)
    policy = BotPolicy("time_of_crisis")
    n = 0
    while toc.rules.result(state) is None and n < 2_500:
        if n % every == 0:
            yield state
        role = toc.rules.active(state)[0]
        toc.rules.apply(state, role, policy(rnd, state, role, toc.rules.actions(state, role)))
        n += 1
    yield state


@pytest.mark.parametrize("game", range(6))
def test_determinization_shows_the_same_view(game: int) -> None:
    for state in _positions(game):
        for role in toc.rules.roles(state):
            view = toc.rules.view(state, role)
            sample = determinize(view, role, random.Random(len(state.log)))
            assert toc.rules.view(sample, role) == view
            assert check(sample, views=False, round_trip=False) == []


def test_hidden_parts_are_resampled_and_consistent() -> None:
    state = next(s for i, s in enumerate(_positions(4, every=1)) if i > 400)
    role = toc.rules.roles(state)[0]
    view = toc.rules.view(state, role)
    hands = set()
    for k in range(20):
        sample = determinize(view, role, random.Random(k))
        assert toc.rules.active(sample) == toc.rules.active(state)
        for p, q, entry in zip(state.players, sample.players, view["players"], strict=True):
            mine = p.role == role
            assert (sorted(q.hand) == sorted(p.hand)) or not mine
            played = state.turn.played if p.role == toc.rules.roles(state)[state.current] else []
            owned = Counter(q.hand + q.available + q.discard + played)
            assert owned == deck_cards(entry)
            if not mine:
                hands.add((p.role, tuple(sorted(q.hand))))
        deck = sample.event_deck
        assert sorted(deck) == sorted(state.event_deck)
        if "diocletian" in deck and len(deck) >= 4:
            assert deck.index("diocletian") >= len(deck) - 4
        assert sample.rng.key != state.rng.key
    assert len(hands) > 3


def test_determinize_refuses_another_roles_view() -> None:
    state = toc.rules.setup(1, {"players": 3})
    with pytest.raises(ValueError, match="belongs to"):
        determinize(toc.rules.view(state, "green"), "blue", random.Random(0))


def test_variable_market_stacks_keep_their_tops_and_sizes() -> None:
    state = toc.rules.setup(2, {"players": 4, "expansion_cards": True, "market": "variable"})
    view = toc.rules.view(state, "green")
    sample = determinize(view, "green", random.Random(1))
    for slot, stack in state.stacks.items():
        assert sample.stacks[slot][0] == stack[0]
        assert sorted(sample.stacks[slot]) == sorted(stack)
    assert any(sample.stacks[s] != state.stacks[s] for s in state.stacks)
