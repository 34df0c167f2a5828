"""Crises: mounting (4b), the Emperor's subset-sum discard (4c), abilities, Gold, and the
Legatus's war (5)."""

from __future__ import annotations

from crisis.engine import Action
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.crises import best_sum, ranked
from crisis.games.rome_in_crisis.scripting import (
    give_candidate,
    goto,
    quick_start,
    set_crisis,
    set_hand,
)
from crisis.games.rome_in_crisis.state import State, player

from .helpers import play


def emperor_facing(
    crises: dict[str, list[str]], on_him: list[str], cand: str = "decius", side: str = "a"
) -> State:
    """Two players; green's ``cand`` is Emperor with ``on_him`` cards; no Legatus."""
    state = quick_start(2)
    give_candidate(state, "green", cand, side=side, cards=on_him)
    set_hand(state, "green", ["spqr_9a"])
    set_hand(state, "blue", ["spqr_8a"])
    for kind, cards in crises.items():
        set_crisis(state, kind, cards)
    goto(state, "address_start", emperor=cand)
    return state


def test_best_sum() -> None:
    assert best_sum([3, 4, 5], 7) == 7
    assert best_sum([4, 5, 7], 6) == 5
    assert best_sum([4, 5], 3) == 0


def test_exact_sum_is_discarded_and_failure_scores_per_card() -> None:
    state = emperor_facing({"goths": ["goths_3a", "goths_4a", "goths_5a"]}, ["gold_3a", "gold_4a"])
    # One crisis: addressed automatically; no matching card in hand, so done is all.
    assert ric.actions(state, "green") == [Action("done")]
    play(state, "green", "done")
    # 3 + 4 = 7 exactly; Decius has -2 against the Goths (strength 5): 5 alone is best.
    assert state.crises["goths"] == ["goths_3a", "goths_4a"]
    assert player(state, "green").vp == 1


def test_best_below_and_success() -> None:
    state = emperor_facing({"spqr": ["spqr_4a", "spqr_5a", "spqr_7a"]}, ["gold_2a", "gold_4a"])
    # Decius has +1 against SPQR crises: strength 7 -> 7 (the single 7, or nothing better).
    play(state, "green", "done")
    assert state.crises["spqr"] == ["spqr_4a", "spqr_5a"]
    assert player(state, "green").vp == 1
    state = emperor_facing({"spqr": ["spqr_4a", "spqr_5a"]}, ["gold_4a"])
    play(state, "green", "play", "spqr_9a")
    play(state, "green", "done")
    assert "spqr" not in state.crises
    assert player(state, "green").vp == state.cards.offices["emperor"].success


def test_equal_subsets_let_the_emperor_choose() -> None:
    crisis = ["palmyra_2a", "palmyra_5a", "palmyra_3a", "palmyra_4a"]
    state = emperor_facing({"palmyra": crisis}, ["gold_3a", "gold_4a"])
    play(state, "green", "done")  # strength 7: {2, 5} or {3, 4}
    assert state.step == "discard" and ric.active(state) == ["green"]
    picks = {a.arg for a in ric.actions(state, "green")}
    assert picks == set(crisis)
    play(state, "green", "discard_card", "palmyra_2a")
    # The 5 completes the only best subset with the 2: taken automatically.
    assert sorted(state.crises["palmyra"]) == ["palmyra_3a", "palmyra_4a"]
    assert player(state, "green").vp == 2


def test_equivalent_subsets_are_not_a_choice() -> None:
    state = emperor_facing({"goths": ["goths_3a", "goths_3b", "goths_6a"]}, ["gold_3a", "gold_2a"])
    play(state, "green", "done")  # Decius -2: strength 3, either Goths 3: same thing
    assert state.step != "discard"
    assert sorted(state.crises["goths"]) == ["goths_3b", "goths_6a"]


def test_emperor_chooses_the_crisis() -> None:
    state = emperor_facing(
        {"goths": ["goths_2a"], "persians": ["persians_5a"]}, ["gold_2a"], cand="gordian2"
    )
    assert ric.actions(state, "green") == [
        Action("address", "persians"),
        Action("address", "goths"),
    ]
    play(state, "green", "address", "goths")
    play(state, "green", "done")
    assert "goths" not in state.crises


def test_trebonianus_gallus_gold_cancels_goths() -> None:
    """Gallus's ability and R19: each Gold he uses first cancels a Goths card his player picks,
    and still counts its value. Gold 2: he cancels the Goths 7, then the 2 is discarded."""
    state = emperor_facing(
        {"goths": ["goths_7a", "goths_3a", "goths_2a"]}, ["gold_2a"], cand="gallus"
    )
    play(state, "green", "done")
    assert state.step == "cancel" and ric.active(state) == ["green"]
    assert [a.arg for a in ric.actions(state, "green")] == ["goths_7a", "goths_3a", "goths_2a"]
    play(state, "green", "cancel", "goths_7a")
    assert state.crises["goths"] == ["goths_3a"]  # the 7 cancelled, the 2 discarded
    assert player(state, "green").vp == 2  # a failure: one point per card gone
    state = emperor_facing({"goths": ["goths_7a", "goths_2a"]}, ["gold_2a"], cand="gallus")
    play(state, "green", "done")
    play(state, "green", "cancel", "goths_7a")
    assert "goths" not in state.crises
    assert player(state, "green").vp == state.cards.offices["emperor"].success


def test_gallus_player_may_cancel_a_lower_goths_card() -> None:
    """R19: the pick is his; cancelling the 2 leaves strength 2 against the 7 and the 3."""
    state = emperor_facing(
        {"goths": ["goths_7a", "goths_3a", "goths_2a"]}, ["gold_2a"], cand="gallus"
    )
    play(state, "green", "done")
    play(state, "green", "cancel", "goths_2a")
    assert sorted(state.crises["goths"]) == ["goths_3a", "goths_7a"]
    assert player(state, "green").vp == 1


def test_gallus_is_not_asked_when_the_goths_cards_are_alike() -> None:
    """R19: every Goths card is a 3 (or the Gold cancels them all): nothing to choose."""
    state = emperor_facing({"goths": ["goths_3a", "goths_3b"]}, ["gold_1a"], cand="gallus")
    play(state, "green", "done")
    assert state.step != "cancel"
    assert state.crises["goths"] in (["goths_3a"], ["goths_3b"])
    state = emperor_facing({"goths": ["goths_3a", "goths_5a"]}, ["gold_1a", "gold_2a"], "gallus")
    play(state, "green", "done")
    assert state.step != "cancel" and "goths" not in state.crises


def test_probus_modifiers() -> None:
    state = emperor_facing({"goths": ["goths_7a"]}, ["gold_1a"], cand="gallus", side="b")
    assert ric.view(state, None)["candidates"][8]["name"] == "Probus"
    play(state, "green", "done")  # 1 + 6 = 7
    assert "goths" not in state.crises
    state = emperor_facing({"persians": ["persians_2a"]}, ["gold_4a"], cand="gallus", side="b")
    play(state, "green", "done")  # 4 - 3 = 1: nothing goes
    assert state.crises["persians"] == ["persians_2a"]
    assert player(state, "green").vp == 0


def mounting(crises: dict[str, list[str]], hands: dict[str, list[str]]) -> State:
    state = quick_start(2)
    for kind, cards in crises.items():
        set_crisis(state, kind, cards)
    for role, cards in hands.items():
        set_hand(state, role, cards)
    goto(state, "mount_start")
    return state


def test_cards_are_hidden_until_all_have_chosen() -> None:
    state = mounting({}, {"green": ["goths_4a", "gold_2a"], "blue": ["persians_3a"]})
    assert sorted(ric.active(state)) == ["blue", "green"]
    reveals = state.reveals
    play(state, "green", "crisis_card", "goths_4a")
    assert ric.active(state) == ["blue"]
    assert ric.view(state, "green")["my_crisis_card"] == "goths_4a"
    assert "goths_4a" not in str({k: v for k, v in ric.view(state, "blue").items() if k != "log"})
    assert state.reveals == reveals
    play(state, "blue", "crisis_card", "persians_3a")
    assert state.reveals > reveals  # the reveal (and the next turn's deal)
    assert state.crises == {"goths": ["goths_4a"], "persians": ["persians_3a"]}


def test_gold_goes_to_the_top_crisis_after_mounting() -> None:
    state = mounting(
        {"goths": ["goths_5a"], "persians": ["persians_3a"]},
        {"green": ["gold_2a"], "blue": ["persians_2a"]},
    )
    play(state, "green", "crisis_card", "gold_2a")
    play(state, "blue", "crisis_card", "persians_2a")
    # Persians 5 ties the Goths 5: letter A (Goths) ranks higher and takes the Gold.
    assert state.crises["goths"] == ["goths_5a", "gold_2a"]
    assert ranked(state) == ["goths", "persians"]


def test_all_gold_moves_to_the_top_crisis_by_its_non_gold_cards() -> None:
    """Step 4b and R22: every Gold card among the crises, those attached at an earlier mount
    included, goes to the crisis ranked top once the non-Gold cards are placed, ranked
    without the Gold: here the Persians 5 (+ Gold 4 from before) lose it to the Goths 6."""
    state = mounting(
        {"goths": ["goths_4a"], "persians": ["persians_5a", "gold_4a"]},
        {"green": ["goths_2a"], "blue": ["gold_2a"]},
    )
    play(state, "green", "crisis_card", "goths_2a")
    play(state, "blue", "crisis_card", "gold_2a")
    assert sorted(state.crises["goths"]) == ["gold_2a", "gold_4a", "goths_2a", "goths_4a"]
    assert state.crises["persians"] == ["persians_5a"]
    assert not state.loose_gold


def test_gold_waits_without_crises() -> None:
    state = mounting({}, {"green": ["gold_2a"], "blue": ["gold_1a"]})
    play(state, "green", "crisis_card", "gold_2a")
    play(state, "blue", "crisis_card", "gold_1a")
    assert state.crises == {} and sorted(state.loose_gold) == ["gold_1a", "gold_2a"]


def test_loose_gold_after_discards_moves_or_waits() -> None:
    state = emperor_facing(
        {"goths": ["goths_4a", "gold_2a"], "spqr": ["spqr_3a"]}, ["gold_4a"], cand="gordian2"
    )
    play(state, "green", "address", "goths")
    play(state, "green", "done")  # strength 4: the Goths 4 goes, the Gold is left alone
    assert "goths" not in state.crises
    assert state.crises["spqr"] == ["spqr_3a", "gold_2a"]
    state = emperor_facing({"goths": ["goths_4a", "gold_2a"]}, ["gold_4a"], cand="gordian2")
    play(state, "green", "done")
    assert state.crises == {} and state.loose_gold == ["gold_2a"]


def test_legatus_addresses_a_war() -> None:
    state = quick_start(3)
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "pupienus", cards=["goths_3a"])
    state.offices["legatus"] = "pupienus"
    set_hand(state, "blue", ["goths_2a", "spqr_9a"])
    set_crisis(state, "goths", ["goths_5a", "goths_7a"])
    set_crisis(state, "spqr", ["spqr_8a"])
    goto(state, "legatus_start", emperor="gordian2")
    assert ric.active(state) == ["blue"] and state.step == "legatus_cards"
    assert {a.arg for a in ric.actions(state, "blue")} == {"goths_2a", "goths_3a"}
    play(state, "blue", "play", "goths_3a")
    play(state, "blue", "play", "goths_2a")
    assert state.crises["goths"] == ["goths_7a"]
    assert player(state, "blue").vp == 1
    assert {"goths_2a", "goths_3a", "goths_5a"} <= set(state.discard)


def test_legatus_without_a_war_does_nothing() -> None:
    state = quick_start(3)
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "pupienus")
    state.offices["legatus"] = "pupienus"
    set_crisis(state, "spqr", ["spqr_8a"])
    goto(state, "legatus_start", emperor="gordian2")
    assert state.step != "legatus" and state.crises == {"spqr": ["spqr_8a"]}


def legatus_facing(war: list[str], hand: list[str], on_him: list[str]) -> State:
    """Three players; blue's Pupienus is Legatus with ``on_him``; a Goths war."""
    state = quick_start(3)
    give_candidate(state, "green", "gordian2")
    give_candidate(state, "blue", "pupienus", cards=on_him)
    state.offices["legatus"] = "pupienus"
    set_hand(state, "blue", hand)
    set_crisis(state, "goths", war)
    goto(state, "legatus_start", emperor="gordian2")
    return state


def test_legatus_is_not_made_to_spend_cards_that_remove_nothing() -> None:
    """Step 5 and R13: the Legatus's cards are there to cancel war cards; with a Goths 2 and
    a Gold 2 (best total 4) against a war of 5 and 7, nothing could go, so he keeps them."""
    state = legatus_facing(["goths_5a", "goths_7a"], ["goths_2a", "gold_2a"], [])
    assert state.step not in ("legatus", "legatus_cards")
    assert player(state, "blue").hand == ["goths_2a", "gold_2a"]
    assert sorted(state.crises["goths"]) == ["goths_5a", "goths_7a"]


def test_legatus_must_address_a_war_two_cards_can_reach() -> None:
    """R13: a 2 in hand and a 3 on the Legatus reach the war's 5: he must address it, and
    the 5 goes (one point for one card of a surviving war)."""
    state = legatus_facing(["goths_5a", "goths_7a"], ["goths_2a"], ["goths_3a"])
    assert state.step == "legatus_cards" and ric.active(state) == ["blue"]
    assert Action("done") not in ric.actions(state, "blue")  # at least one card
    play(state, "blue", "play", "goths_2a")
    play(state, "blue", "play", "goths_3a")
    assert state.crises["goths"] == ["goths_7a"]
    assert player(state, "blue").vp == 1
