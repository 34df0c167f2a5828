"""The text rendering (terminal game, research adapters' ``render``) is enough to play from:
each step shows what it is about, cards are named as printed, and nothing outlives its step."""

from __future__ import annotations

from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.scripting import (
    give_candidate,
    goto,
    quick_start,
    set_crisis,
    set_hand,
)
from crisis.games.rome_in_crisis.state import State

from .helpers import play, random_game


def text(state: State, role: str | None) -> str:
    return ric.render(ric.view(state, role), role)


def open_offices(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Open offices:"))


def labels(state: State, role: str) -> list[str]:
    return [w["label"] for w in ric.describe(state, role, ric.actions(state, role))]


def test_setup_draft_shows_the_candidates_on_offer_and_the_open_offices() -> None:
    state = ric.setup(1, {"players": 3, "dealer": "green"})
    play(state, "green", "choose_method", "spqr")
    role = ric.active(state)[0]
    out = text(state, role)
    assert "Candidates on offer:" in out and "Maximinus Thrax (A) Military 4" in out
    assert "Open offices: Legatus (military)" in out
    assert "Take Maximinus Thrax" in labels(state, role)
    while not any(a.verb == "draft_office" for a in ric.actions(state, ric.active(state)[0])):
        role = ric.active(state)[0]
        play(state, role, "draft", ric.actions(state, role)[0].arg)
    role = ric.active(state)[0]
    office = next(a for a in ric.actions(state, role) if a.verb == "draft_office")
    name = state.cards.offices[office.arg[0]].name
    assert name in open_offices(text(state, role))
    play(state, role, "draft_office", office.arg)
    if state.step == "setup_draft":
        assert name not in open_offices(text(state, ric.active(state)[0]))


def test_hands_and_actions_name_cards_as_printed() -> None:
    state = quick_start(2)
    give_candidate(state, "green", "balbinus", side="b")
    set_hand(state, "green", ["spqr_5b", "goths_4a"])
    out = text(state, "green")
    assert "hand: Goths 4, SPQR 5" in out and "spqr_5b" not in out
    assert "Valerian (B)" in out and "Balbinus" not in out


def test_election_shows_worths_the_leader_and_the_bid() -> None:
    state = quick_start(2)
    give_candidate(state, "green", "maximinus", cards=["goths_4a"])
    give_candidate(state, "blue", "decius")
    set_hand(state, "blue", ["goths_7a", "spqr_3a"])
    goto(state, "start_auction")
    while state.step == "nominate":
        role = ric.active(state)[0]
        play(state, role, "nominate", ric.actions(state, role)[0].arg)
    assert state.step == "bidding"
    bidder = ric.active(state)[0]
    out = text(state, bidder)
    assert "Election by Military worth:" in out
    assert "green: Maximinus Thrax worth 8 - leads" in out  # rating 4 + Goths 4
    assert "blue: Decius worth 3" in out
    assert bidder == "blue" and "Bid Goths 7" in labels(state, "blue")
    play(state, "blue", "bid", "goths_7a")
    assert "blue bids: Goths 7" in text(state, "blue")


def test_the_office_being_appointed_is_named() -> None:
    state = ric.setup(2, {"players": 3})
    for _ in range(2000):
        if state.step == "appoint":
            break
        role = ric.active(state)[0]
        ric.apply(state, role, ric.actions(state, role)[-1])
    assert state.step == "appoint" and state.placing is not None
    role = ric.active(state)[0]
    office = state.cards.offices[state.placing].name
    assert f"Appointing the {office}: {role} chooses the candidate" in text(state, role)
    assert all(
        label.endswith(f"as {office}") for label in labels(state, role) if "Appoint" in label
    )


def test_crisis_solving_shows_the_strength_to_match_and_the_cards_chosen() -> None:
    state = quick_start(2)
    give_candidate(state, "green", "decius", cards=["gold_3a", "gold_4a"])
    set_hand(state, "green", ["spqr_9a"])
    set_crisis(state, "palmyra", ["palmyra_2a", "palmyra_5a", "palmyra_3a", "palmyra_4a"])
    goto(state, "address_start", emperor="decius")
    out = text(state, "green")
    assert "The Emperor (green) addresses the Palmyra crisis" in out
    assert "strength to match: 14" in out and "cards on the Emperor: Gold 3, Gold 4" in out
    play(state, "green", "done")
    play(state, "green", "discard_card", "palmyra_3a")
    # The 4 completes {3, 4}: the address is over; the log says what went.
    out = text(state, "green")
    assert "Recent:" in out and "Strength 7 against the palmyra crisis" in out


def test_the_discard_step_lists_the_cards_already_chosen() -> None:
    state = quick_start(2)
    give_candidate(state, "green", "decius", cards=["gold_3a", "gold_4a"])
    set_crisis(
        state, "palmyra", ["palmyra_2a", "palmyra_5a", "palmyra_3a", "palmyra_4a", "palmyra_6a"]
    )
    goto(state, "address_start", emperor="decius")
    play(state, "green", "done")  # strength 7 of 20: {2, 5} or {3, 4}
    assert state.step == "discard"
    out = text(state, "green")
    assert "strength 7: discarding up to 7" in out
    assert "Discard Palmyra 2 from the crisis" in labels(state, "green")


def test_the_legatus_war_is_shown() -> None:
    state = quick_start(3)
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "pupienus", cards=["goths_3a"])
    state.offices["legatus"] = "pupienus"
    set_hand(state, "blue", ["goths_2a"])
    set_crisis(state, "goths", ["goths_5a", "goths_7a"])
    goto(state, "legatus_start", emperor="gordian2")
    out = text(state, "blue")
    assert "The Legatus (blue) addresses the Goths war" in out
    assert "strength to match: 12" in out and "cards used: none" in out
    assert labels(state, "blue") == ["Play Goths 2", "Play Goths 3"]


def test_no_election_line_after_the_game_ends() -> None:
    state, _ = random_game(7, 3)
    out = text(state, "green")
    assert "Game over:" in out and "Election" not in out and " to act:" not in out
