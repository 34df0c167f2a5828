"""Offices: the setup draft (setup 3) and office assignment (step 4a)."""

from __future__ import annotations

import random

from crisis.engine import Action
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.offices import military_rank
from crisis.games.rome_in_crisis.scripting import give_candidate, goto, quick_start
from crisis.games.rome_in_crisis.state import State, player

from .helpers import play


def test_two_players_have_no_legatus_and_offices_need_a_rating() -> None:
    state = ric.setup(3, {"players": 2, "dealer": "green"})
    assert "legatus" not in state.offices
    play(state, "green", "choose_method", "spqr")
    assert ric.active(state) == ["blue"]  # left of the dealer drafts first
    play(state, "blue", "draft", "gordian1")
    play(state, "green", "draft", "maximinus")
    legal = ric.actions(state, "green")
    assert Action("draft_office", ("cavalry", "maximinus")) in legal
    assert not any(a.verb == "draft_office" and a.arg[0] == "legatus" for a in legal)
    # Gordian I has no Military rating: no Cavalry Commander for him.
    offices = [a.arg for a in ric.actions(state, "green") if a.verb == "draft_office"]
    assert ("prefect", "maximinus") in offices


def test_gordian_cannot_be_cavalry_commander() -> None:
    state = ric.setup(3, {"players": 2, "dealer": "green"})
    play(state, "green", "choose_method", "spqr")
    play(state, "blue", "draft", "gordian1")
    play(state, "green", "draft", "maximinus")
    play(state, "green", "draft", "pupienus")  # snake: green again
    legal = ric.actions(state, "blue")
    assert Action("draft_office", ("senate", "gordian1")) in legal
    assert Action("draft_office", ("cavalry", "gordian1")) not in legal


def test_setup_draft_finishes_with_two_candidates_each() -> None:
    for n in (2, 3, 4):
        rnd = random.Random(n)
        state = ric.setup(n, {"players": n})
        while state.turn == 0:
            role = ric.active(state)[0]
            ric.apply(state, role, rnd.choice(ric.actions(state, role)))
        assert all(len(p.candidates) == 2 for p in state.players)
        assert (
            len(state.deck) + sum(len(p.hand) for p in state.players) + len(state.revealed)
            == 48 + 10 - 2 * n
        )
        for office, holder in state.offices.items():
            category = state.cards.offices[office].category
            if holder is not None:
                rating = next(
                    c["ratings"][category]
                    for c in ric.view(state, None)["candidates"]
                    if c["id"] == holder
                )
                assert rating > 0


def table() -> State:
    """Four players, dealer red; green's Gordian II will be Emperor."""
    state = quick_start(4, dealer="red")
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "maximinus")  # M4 P2
    give_candidate(state, "yellow", "gordian3")  # M1 P3
    give_candidate(state, "yellow", "philip")  # M1 P4
    give_candidate(state, "red", "balbinus")  # M1 S4
    state.offices["senate"] = "balbinus"
    state.offices["cavalry"] = "philip"
    return state


def test_legatus_goes_to_the_best_military_candidate() -> None:
    state = table()
    state.offices["legatus"] = "balbinus"
    state.offices["senate"] = None
    goto(state, "offices_start", emperor="gordian2")
    assert state.offices["legatus"] == "maximinus"
    assert state.offices["emperor"] == "gordian2"


def test_legatus_qualifications_count_the_cards_on_a_candidate() -> None:
    """Step 4a and R9: the best Military qualifications are a candidate's Military worth,
    cards included: Gordian III (Military 1) with 6 in war cards on him beats Maximinus
    (Military 4); without the cards Maximinus keeps it."""
    state = table()
    war = sorted(
        c for c, card in state.cards.influence.items() if card.suit == "goths" and c in state.deck
    )
    cards, total = [], 0
    for c in war:
        if total >= 6:
            break
        cards.append(c)
        total += state.cards.influence[c].value
        state.deck.remove(c)
    state.played_on["gordian3"] = cards
    assert military_rank(state, "gordian3") == 1 + total > military_rank(state, "maximinus")
    goto(state, "offices_start", emperor="gordian2")
    assert state.offices["legatus"] == "gordian3"
    again = table()
    goto(again, "offices_start", emperor="gordian2")
    assert again.offices["legatus"] == "maximinus"


def test_the_legatus_own_bonus_does_not_keep_him_in_office() -> None:
    """R9: the Legatus card's +3 Military is not a qualification for the Legatus itself."""
    state = table()
    state.offices["legatus"] = "gordian3"  # Military 1 (+3 as Legatus) against Maximinus's 4
    goto(state, "offices_start", emperor="gordian2")
    assert state.offices["legatus"] == "maximinus"


def test_priority_fewest_offices_then_vp_then_dealers_right() -> None:
    state = table()
    state.offices["legatus"] = "maximinus"
    # Prefect vacant: yellow already holds one office, blue one (Legatus), red one.
    player(state, "blue").vp = 2
    player(state, "yellow").vp = 2
    state.offices["cavalry"] = None
    goto(state, "offices_start", emperor="gordian2")
    # Two offices vacant (Cavalry, Prefect): the Emperor's player picks the order.
    assert state.step == "office_order" and ric.active(state) == ["green"]
    play(state, "green", "assign_office", "prefect")
    # Prefect: only yellow's candidates are eligible besides blue's Legatus: yellow picks.
    assert state.step == "appoint" and ric.active(state) == ["yellow"]
    assert {a.arg for a in ric.actions(state, "yellow")} == {"gordian3", "philip"}
    play(state, "yellow", "appoint", "philip")
    # Cavalry next: eligible yellow's Gordian III (yellow now has 1 office), red's Balbinus
    # (1 office). Tied on VP 0 vs 2: red has fewer VP. Balbinus holds the Senate Leader, so
    # red may give it up or keep it (R8).
    assert state.step == "appoint" and ric.active(state) == ["red"]
    assert set(ric.actions(state, "red")) == {Action("appoint", "balbinus"), Action("keep")}
    play(state, "red", "appoint", "balbinus")
    assert state.offices["cavalry"] == "balbinus"
    assert state.offices["senate"] != "balbinus"


def test_an_owner_may_keep_his_office_and_the_next_player_gets_the_new_one() -> None:
    """Step 4a: a chosen candidate who holds an office *may* give it up (R8): red keeps
    Balbinus's Senate Leader, and the Cavalry Commander goes to the next player by the
    priorities, yellow's Gordian III; no office is left vacant."""
    state = table()
    state.offices["legatus"] = "maximinus"
    player(state, "blue").vp = 2
    player(state, "yellow").vp = 2
    state.offices["cavalry"] = None
    goto(state, "offices_start", emperor="gordian2")
    play(state, "green", "assign_office", "prefect")
    play(state, "yellow", "appoint", "philip")
    play(state, "red", "keep")
    assert state.offices["senate"] == "balbinus"
    assert state.offices["cavalry"] == "gordian3"
    assert all(state.offices[o] is not None for o in ("cavalry", "prefect", "senate"))
    assert "red keeps his offices" in " ".join(state.log)


def test_closest_to_the_dealers_right_breaks_ties() -> None:
    state = quick_start(4, dealer="red")
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "gordian3")  # P3
    give_candidate(state, "yellow", "philip")  # P4
    state.offices["legatus"] = None
    goto(state, "offices_start", emperor="gordian2")
    # Legatus: best Military among Gordian III (1) and Philip (1): blue is first left of
    # the dealer. Prefect: Philip is the only one left eligible.
    assert state.offices["legatus"] == "gordian3"
    play(state, "green", "assign_office", "prefect")
    assert state.offices["prefect"] == "philip"
    state = quick_start(4, dealer="red")
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "philip")
    give_candidate(state, "yellow", "gordian3")
    give_candidate(state, "red", "maximinus")
    state.offices["legatus"] = "maximinus"
    state.offices["cavalry"] = "gordian2"  # Florianus-free: the new Emperor gives it up
    goto(state, "offices_start", emperor="gordian2")
    assert state.step == "office_order"
    play(state, "green", "assign_office", "prefect")
    # Blue and yellow tie (no office, 0 VP): yellow sits right of the dealer.
    assert state.offices["prefect"] == "gordian3"


def test_relinquished_office_is_handed_out_again() -> None:
    state = quick_start(3, dealer="green")
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "maximinus")  # Legatus-to-be
    give_candidate(state, "yellow", "gordian3")
    give_candidate(state, "yellow", "philip")
    state.offices["cavalry"] = "philip"
    state.offices["senate"] = "gordian3"
    goto(state, "offices_start", emperor="gordian2")
    # Prefect vacant; yellow's two candidates both hold offices: he picks one and it
    # gives its old office up, which is handed out again.
    assert state.step == "appoint" and ric.active(state) == ["yellow"]
    play(state, "yellow", "appoint", "philip")
    assert state.offices["prefect"] == "philip"
    assert state.offices["cavalry"] != "philip"


def test_florianus_takes_back_the_lesser_offices() -> None:
    state = quick_start(3, dealer="green")
    give_candidate(state, "green", "aemilian", side="b")
    give_candidate(state, "blue", "maximinus")
    give_candidate(state, "yellow", "gordian3")
    state.offices["cavalry"] = "gordian3"
    goto(state, "offices_start", emperor="aemilian")
    assert state.offices["legatus"] == "maximinus"
    assert state.offices["cavalry"] is None  # Gordian III: cavalry taken back, M1
    assert state.offices["prefect"] == "gordian3" or state.step in ("office_order", "appoint")


def test_aemilianus_takes_a_goths_card_from_a_rival() -> None:
    state = quick_start(3, dealer="green")
    give_candidate(state, "green", "aemilian")
    give_candidate(state, "blue", "maximinus", cards=["goths_5a", "gold_2a"])
    give_candidate(state, "yellow", "gordian3", cards=["goths_2a"])
    goto(state, "offices_start", emperor="aemilian")
    while state.step in ("office_order", "appoint"):
        role = ric.active(state)[0]
        ric.apply(state, role, ric.actions(state, role)[0])
    assert state.step == "transfer"
    assert {a.arg for a in ric.actions(state, "green")} == {"goths_5a", "goths_2a"}
    play(state, "green", "transfer", "goths_5a")
    assert state.played_on["aemilian"] == ["goths_5a"]
    assert state.played_on["maximinus"] == ["gold_2a"]
