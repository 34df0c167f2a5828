"""The plain-text view (the terminal game and the research adapters' ``render``) names cards
and events as printed and shows only what its role may see."""

from __future__ import annotations

from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.scripting import quick_start
from crisis.games.time_of_crisis.words import card_name


def test_own_cards_by_printed_name_and_nobody_elses() -> None:
    state = quick_start(["Gallia", "Syria", "Thracia"], seed=4)
    green = toc.view(state, "green")
    text = toc.render(green, "green")
    hand = next(p for p in green["players"] if p["role"] == "green")["hand"]
    assert hand and all(card_name(c) in text for c in hand)
    assert "view of green" in text
    assert text.count("hand: ") == 1  # the viewer's own line only
    for cid in hand:
        assert f" {cid}," not in text and not text.rstrip().endswith(cid)  # no raw ids


def test_the_lasting_event_and_the_log_are_in_words() -> None:
    state = quick_start(["Gallia", "Syria", "Thracia"], seed=2)
    state.lasting = next(iter(data.EVENTS))
    text = toc.render(toc.view(state, None), None)
    assert f"lasting {data.EVENTS[state.lasting].name}" in text
    assert "Log:" in text and state.log[-1] in text
