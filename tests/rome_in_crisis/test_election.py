"""The Emperor election (step 2) and the choice of the next selection method (step 3)."""

from __future__ import annotations

import pytest

from crisis.engine import Action, IllegalAction
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.scripting import give_candidate, goto, quick_start, set_hand
from crisis.games.rome_in_crisis.state import State

from .helpers import play


def three_way(method: str = "military") -> State:
    """Dealer green; nominating order blue, yellow, green."""
    state = quick_start(3, method=method)
    give_candidate(state, "green", "gordian1")  # Military 0
    give_candidate(state, "blue", "maximinus")  # Military 4
    give_candidate(state, "yellow", "pupienus")  # Military 3
    give_candidate(state, "yellow", "decius")  # Military 3
    set_hand(state, "green", ["spqr_9a"])
    set_hand(state, "blue", ["gold_2a"])
    set_hand(state, "yellow", ["goths_2a", "spqr_3a", "gold_1a"])
    goto(state, "start_auction")
    return state


def test_eligibility_and_nomination_order() -> None:
    state = three_way()
    # Blue's only eligible candidate is put forward for him; yellow must pick one of two.
    assert state.auction is not None and state.auction.nominees == {"blue": "maximinus"}
    assert ric.active(state) == ["yellow"]
    assert ric.actions(state, "yellow") == [
        Action("nominate", "pupienus"),
        Action("nominate", "decius"),
    ]
    play(state, "yellow", "nominate", "decius")
    # Gordian I has no Military rating, so green has no candidate and drops out first.
    assert state.auction.dropped == ["green"]
    # Bidding starts left of the highest (blue, 4): yellow.
    assert ric.active(state) == ["yellow"]


def test_matching_cards_must_exceed_and_one_card_kept() -> None:
    state = three_way()
    play(state, "yellow", "nominate", "decius")
    legal = ric.actions(state, "yellow")
    # SPQR cards do not count in a Military election; Goths and Gold do.
    assert Action("bid", "spqr_3a") not in legal
    assert Action("bid", "goths_2a") in legal and Action("bid", "gold_1a") in legal
    assert Action("pass") in legal and Action("done") not in legal
    play(state, "yellow", "bid", "goths_2a")  # 3 + 2 = 5 > 4
    assert Action("pass") not in ric.actions(state, "yellow")
    play(state, "yellow", "done")
    # Blue holds one card: he may not play his last card, so he can only pass.
    assert ric.actions(state, "blue") == [Action("pass")]
    play(state, "blue", "pass")
    assert state.emperor == "decius" and state.last_emperor == "yellow"
    assert state.played_on["decius"] == ["goths_2a"]
    # Green did not have a candidate: he was first out, so he picks the next method.
    assert ric.active(state) == ["green"] and state.step == "choose_method"
    assert ric.actions(state, "green") == [
        Action("choose_method", "spqr"),
        Action("choose_method", "praetorian"),
    ]


def test_a_bid_that_cannot_win_is_not_offered() -> None:
    state = three_way()
    play(state, "yellow", "nominate", "pupienus")
    set_hand(state, "yellow", ["gold_1a", "spqr_3a"])
    # 3 + 1 = 4 does not beat Maximinus's 4.
    assert ric.actions(state, "yellow") == [Action("pass")]
    before = ric.to_json(state)
    with pytest.raises(IllegalAction):
        play(state, "yellow", "bid", "gold_1a")
    assert ric.to_json(state) == before


def test_no_eligible_candidate_makes_everyone_eligible() -> None:
    state = quick_start(3, method="praetorian")
    give_candidate(state, "green", "gordian2")  # Praetorian 0
    give_candidate(state, "blue", "pupienus")  # Praetorian 0
    give_candidate(state, "yellow", "decius", cards=["gold_3a", "goths_7a"])  # Praetorian 0
    goto(state, "start_auction")
    assert state.auction is not None and state.auction.eligible_all
    assert state.auction.nominees == {"blue": "pupienus", "yellow": "decius", "green": "gordian2"}
    # Only Gold counts in a Praetorian election (ruling R2): Decius is worth 3.
    worths = {c["id"]: c["worth"] for c in ric.view(state, None)["candidates"]}
    assert worths["decius"] == 3 and worths["pupienus"] == 0


def test_no_candidates_at_all_skip_the_method_choice_and_crises_still_mount() -> None:
    """Ruling R1: with no candidate in play there is no auction, no Emperor and no Legatus,
    and step 3 is not conducted: the selection method stays; step 4b still happens."""
    state = quick_start(3, method="spqr")
    hands = {"green": ["goths_2a", "spqr_3a"], "blue": ["goths_7a", "spqr_9a"]}
    hands["yellow"] = ["gold_1a", "gold_2a"]
    for role, hand in hands.items():
        set_hand(state, role, hand)
    goto(state, "start_auction")
    assert state.emperor is None and state.method == "spqr"
    assert state.step == "mount" and "choose_method" not in {a.verb for a in _all(state)}
    assert "the method stays spqr" in " ".join(state.log[-4:])
    for role, hand in hands.items():
        play(state, role, "crisis_card", hand[0])
    assert sum(len(cards) for cards in state.crises.values()) == 3  # the crises mounted
    assert state.method == "spqr"


def _all(state: State) -> list[Action]:
    return [a for role in ric.active(state) for a in ric.actions(state, role)]


def test_tie_goes_to_first_left_of_dealer() -> None:
    state = quick_start(4, dealer="red", method="spqr")
    give_candidate(state, "green", "gordian2")  # SPQR 3
    give_candidate(state, "yellow", "decius")  # SPQR 3
    set_hand(state, "green", ["goths_2a"])
    set_hand(state, "yellow", ["goths_3a"])
    goto(state, "start_auction")
    # Tied at 3: green is first left of the dealer, so he leads and yellow bids first.
    assert ric.active(state) == ["yellow"]
    play(state, "yellow", "pass")
    assert state.emperor == "gordian2"
    # Blue had no candidate and was recorded out before yellow passed.
    assert state.auction is not None and state.auction.dropped[0] == "blue"
    assert ric.active(state) == ["blue"]


def test_office_bonus_and_cards_count_in_worth() -> None:
    state = quick_start(3, method="military")
    give_candidate(state, "green", "gordian2", cards=["goths_4a", "spqr_5a"])  # 2 + 4
    give_candidate(state, "blue", "pupienus")  # 3 + Legatus 3
    state.offices["legatus"] = "pupienus"
    goto(state, "start_auction")
    worths = {c["id"]: c["worth"] for c in ric.view(state, None)["candidates"]}
    assert worths == {**worths, "gordian2": 6, "pupienus": 6}


def test_gold_counts_in_every_method() -> None:
    state = three_way(method="spqr")
    assert state.auction is not None and state.auction.dropped == ["blue"]  # Maximinus: SPQR 0
    play(state, "yellow", "nominate", "decius")  # SPQR 3 against Gordian I's 4
    assert state.auction.nominees == {"yellow": "decius", "green": "gordian1"}
    assert ric.active(state) == ["yellow"]
    bids = {a.arg for a in ric.actions(state, "yellow") if a.verb == "bid"}
    # In an SPQR election Gold and SPQR cards count, the Goths card does not.
    assert bids == {"spqr_3a", "gold_1a"}
