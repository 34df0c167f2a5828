"""Rome in Crisis's actions in words: a choice says what it will do before it is made."""

from __future__ import annotations

from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis.scripting import set_hand
from crisis.games.rome_in_crisis.state import player
from crisis.games.rome_in_crisis.words import unavailable

from .helpers import play
from .test_crises import emperor_facing

#: The Emperor's "done" when he addresses a crisis, in the title's words.
DONE = "Done: address the crisis with these cards"


def _notes(state: ric.State, role: str = "green") -> dict[str, str]:
    legal = ric.actions(state, role)
    words = ric.TITLE.presentation.describe(state, role, legal)  # type: ignore[misc]
    return {w["label"]: w["note"] for w in words}


def test_addressing_a_crisis_without_matching_cards_says_so() -> None:
    """Gordian II's Gold 2 and no Persians card in hand: against the Persians 5 nothing goes;
    against the Goths 2 the Gold solves it."""
    state = emperor_facing(
        {"goths": ["goths_2a"], "persians": ["persians_5a"]}, ["gold_2a"], cand="gordian2"
    )
    notes = _notes(state)
    persians = notes["Address the Persians crisis"]
    assert "you hold no matching card or Gold" in persians
    assert "discards nothing" in persians
    assert "solves it" in notes["Address the Goths crisis"]


def test_the_emperors_cards_say_the_strength_they_make() -> None:
    """One crisis: the Emperor addresses it at once and chooses his cards."""
    state = emperor_facing({"goths": ["goths_3b", "goths_6a"]}, [], cand="gordian2")
    set_hand(state, "green", ["goths_4a"])
    assert state.step == "emperor_cards"
    notes = _notes(state)
    assert notes[DONE] == "stop playing cards: strength 0 discards nothing from it"
    played = next(label for label in notes if label.startswith("Play"))
    assert notes[played] == "then strength 4"
    play(state, "green", "play", "goths_4a")
    assert _notes(state)[DONE].endswith("strength 4 discards cards worth 3 of its 9; it survives")


def test_cards_that_do_not_count_against_the_crisis_say_why() -> None:
    """The title's ``unavailable``: a card of another suit in the Emperor's hand is greyed
    with the reason, as the action it would be."""
    state = emperor_facing({"goths": ["goths_3b", "goths_6a"]}, [], cand="gordian2")
    set_hand(state, "green", ["goths_4a", "persians_2a"])
    greyed = unavailable(state, "green")
    assert greyed == [
        {
            "label": "Play Persians 2",
            "cost": None,
            "why": "only Goths cards or Gold count against this crisis",
            "action": ["play", "persians_2a"],
        }
    ]
    assert unavailable(state, "blue") == []


def test_gallus_hints_count_the_goths_cards_his_gold_cancels() -> None:
    """R19: against the Goths each Gold on Trebonianus Gallus first cancels a Goths card; the
    hints reckon it as the rules do, and "done" then solves the crisis it said it would."""
    state = emperor_facing({"goths": ["goths_7a", "goths_6a"]}, ["gold_1a", "gold_1b"], "gallus")
    note = _notes(state)[DONE]
    assert note == (
        "stop playing cards: his Gold cancels 2 cards of the Goths, then strength 2 solves it"
    )
    vp = player(state, "green").vp
    play(state, "green", "done")
    assert "goths" not in state.crises and player(state, "green").vp > vp


def test_a_card_played_says_the_strength_after_a_negative_ability() -> None:
    """R11: strength is the cards plus the ability, never below 0, the floor taken after the
    card is added: Gallus's B side (Probus's -3 against Persia) with a Persians 2 stays at 0."""
    state = emperor_facing({"persians": ["persians_7a"]}, [], cand="gallus", side="b")
    set_hand(state, "green", ["persians_2a", "spqr_9a"])
    played = next(label for label in _notes(state) if label.startswith("Play Persians"))
    assert _notes(state)[played] == "then strength 0"
    play(state, "green", "play", "persians_2a")
    play(state, "green", "done")
    assert "Strength 0 against the persians crisis" in state.log
