"""The turn's draft and shortfall (step 1), the Emperor's death (6), the dealer change (7)
and the end of the game."""

from __future__ import annotations

from crisis.engine import Action
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.scripting import (
    give_candidate,
    goto,
    quick_start,
    set_hand,
    stack_deck,
)
from crisis.games.rome_in_crisis.state import State, player

from .helpers import play


def test_draft_order_and_candidate_restriction() -> None:
    state = quick_start(2, dealer="green")
    give_candidate(state, "blue", "gordian2")
    stack_deck(state, ["maximinus", "goths_2a", "goths_3a", "goths_4a", "goths_5a", "goths_6a"])
    goto(state, "begin_turn")
    assert state.step == "draft" and ric.active(state) == ["blue"]
    # Blue has more candidates than green: no candidate for him while others remain.
    assert Action("draft", "maximinus") not in ric.actions(state, "blue")
    play(state, "blue", "draft", "goths_2a")
    assert Action("draft", "maximinus") in ric.actions(state, "green")
    play(state, "green", "draft", "maximinus")  # into play at once
    assert "maximinus" in player(state, "green").candidates
    assert ric.active(state) == ["green"]  # the snake: green again, then blue
    play(state, "green", "draft", "goths_3a")
    assert ric.active(state) == ["blue"]


def test_shortfall_takes_from_the_left() -> None:
    """Step 1: not enough cards: each player moves one from the player to his left, in whole
    rounds, until there are enough; the cards left over after the draft re-form the deck."""
    state = quick_start(2, dealer="green")
    give_candidate(state, "green", "gordian2", cards=["goths_7a"])
    set_hand(state, "green", ["spqr_9a"])
    set_hand(state, "blue", ["spqr_8a", "spqr_7a"])
    for cand in state.cards.candidates:
        if cand not in state.played_on:
            give_candidate(state, "blue", cand)
    keep = ["goths_2a", "goths_3a", "goths_4a"]
    for c in [c for c in state.deck if c not in keep]:
        state.deck.remove(c)
        kind = state.cards.influence[c].suit
        if kind == "gold":
            state.loose_gold.append(c)
        else:
            state.crises.setdefault(kind, []).append(c)
    goto(state, "begin_turn")
    # Three cards for six places: blue (left of the dealer) takes from green, his left.
    assert state.step == "shortfall" and ric.active(state) == ["blue"]
    assert set(ric.actions(state, "blue")) == {
        Action("take_card", "goths_7a"),
        Action("take_card", "hand"),
    }
    play(state, "blue", "take_card", "goths_7a")
    assert ric.active(state) == ["green"]
    play(state, "green", "take_card", "hand")
    assert len(player(state, "blue").hand) == 1
    # Five cards: another whole round; blue takes green's last card, green one of blue's.
    play(state, "blue", "take_card", "hand")
    assert state.step == "shortfall" and len(state.revealed) == 6
    play(state, "green", "take_card", "hand")
    assert state.step == "draft" and len(state.revealed) == 7
    while state.step == "draft":
        role = ric.active(state)[0]
        play(state, role, "draft", ric.actions(state, role)[0].arg)
    assert len(state.deck) == 1 and not state.revealed  # the extra card re-forms the deck


def test_the_deal_does_not_gather_the_discards() -> None:
    """Step 1: the shortfall belongs to the deal; the discards are gathered into a new deck
    only at the end of the step, once the deck is exhausted (R14)."""
    state = quick_start(2, dealer="green")
    set_hand(state, "green", ["spqr_9a", "spqr_6a"])
    set_hand(state, "blue", ["spqr_8a", "spqr_7a"])
    keep = ["goths_2a", "goths_3a"]
    for c in [c for c in state.deck if c not in keep]:
        state.deck.remove(c)
        state.discard.append(c)
    discards = len(state.discard)
    goto(state, "begin_turn")
    assert state.step == "shortfall" and len(state.discard) == discards
    while state.step == "shortfall":
        role = ric.active(state)[0]
        play(state, role, "take_card", ric.actions(state, role)[0].arg)
    assert len(state.revealed) == 6
    while state.step == "draft":
        role = ric.active(state)[0]
        play(state, role, "draft", ric.actions(state, role)[0].arg)
    assert not state.discard and len(state.deck) == discards  # gathered at the end of step 1


def test_a_deal_that_ran_out_gathers_the_discards_with_the_cards_left_over() -> None:
    """Step 1: the deal emptied the deck and the shortfall left cards over; at the end of the
    step the discards are shuffled in with them (R14), so the next deal has a full deck."""
    state = quick_start(4, dealer="green")
    for role, cand in zip(
        ("green", "blue", "yellow", "red"),
        ("maximinus", "gordian1", "pupienus", "decius"),
        strict=True,
    ):
        give_candidate(state, role, cand)
    for c in list(state.deck[6:]):
        state.deck.remove(c)
        state.discard.append(c)
    discards = len(state.discard)
    goto(state, "begin_turn")
    assert state.step == "shortfall" and not state.deck
    while state.step in ("shortfall", "draft"):
        role = ric.active(state)[0]
        play(state, role, *ric.actions(state, role)[0])
    cards = len(state.deck)
    assert not state.discard and not state.revealed
    assert cards > discards  # every discard and the cards left over
    assert f"The discards are shuffled in with them: a new deck of {cards} cards" in state.log


def emperor_dies(side: str, removals: int = 0) -> State:
    state = quick_start(3, dealer="green")
    give_candidate(state, "blue", "maximinus", side=side, cards=["goths_2a"])
    give_candidate(state, "green", "gordian2")
    state.removals = removals
    if removals:
        state.removed = ["decius"]
        state.faces["decius"] = "b"
        state.deck.remove("decius")
    goto(state, "death", emperor="maximinus")
    return state


def test_a_side_emperor_flips_and_is_discarded() -> None:
    state = emperor_dies("a")
    assert "maximinus" in state.discard and state.faces["maximinus"] == "b"
    assert "goths_2a" in state.discard
    assert state.offices["emperor"] is None and state.removals == 0


def test_b_side_emperor_leaves_the_game() -> None:
    state = emperor_dies("b")
    assert state.removed == ["maximinus"] and state.removals == 1
    assert ric.result(state) is None


def test_second_removal_ends_the_game_with_bonus() -> None:
    state = emperor_dies("b", removals=1)
    result = ric.result(state)
    assert result is not None and state.step == "over"
    assert result["scores"]["blue"] == 3 and result["winners"] == ["blue"]
    assert set(result) >= {"scores", "ranking", "winner", "winners"}
    assert ric.active(state) == [] and ric.actions(state, "blue") == []


def test_ties_break_on_influence_then_share() -> None:
    state = quick_start(3, dealer="green")
    give_candidate(state, "blue", "maximinus", side="b")
    give_candidate(state, "green", "gordian2", cards=["spqr_9a"])
    player(state, "green").vp = 3
    set_hand(state, "blue", ["gold_1a"])
    set_hand(state, "yellow", [])
    set_hand(state, "green", [])
    state.removals = 1
    state.removed = ["decius"]
    state.faces["decius"] = "b"
    state.deck.remove("decius")
    goto(state, "death", emperor="maximinus")
    result = ric.result(state)
    assert result is not None
    assert result["winners"] == ["green"] and result["ranking"][:2] == ["green", "blue"]
    state = quick_start(2, dealer="green")
    give_candidate(state, "blue", "maximinus", side="b")
    player(state, "green").vp = 3
    set_hand(state, "blue", ["gold_1a"])
    set_hand(state, "green", ["gold_1b"])
    state.removals = 1
    state.removed = ["decius"]
    state.faces["decius"] = "b"
    state.deck.remove("decius")
    goto(state, "death", emperor="maximinus")
    result = ric.result(state)
    assert result is not None and sorted(result["winners"]) == ["blue", "green"]


def test_dealer_change() -> None:
    state = quick_start(3, dealer="green")
    player(state, "blue").vp = 4
    goto(state, "dealer_change")
    assert state.players[state.dealer].role == "blue"
    # Tied leaders including the dealer: he must hand the deck to another tied player.
    state = quick_start(3, dealer="green")
    player(state, "green").vp = 4
    player(state, "blue").vp = 4
    goto(state, "dealer_change")
    assert state.players[state.dealer].role == "blue"
    # The dealer not among the tied: he chooses among them.
    state = quick_start(3, dealer="green")
    player(state, "yellow").vp = 4
    player(state, "blue").vp = 4
    goto(state, "dealer_change")
    assert state.step == "choose_dealer" and ric.active(state) == ["green"]
    assert ric.actions(state, "green") == [
        Action("choose_dealer", "blue"),
        Action("choose_dealer", "yellow"),
    ]
    play(state, "green", "choose_dealer", "yellow")
    assert state.players[state.dealer].role == "yellow"
