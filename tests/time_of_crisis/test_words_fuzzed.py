"""Text that is true, checked over fuzzed games (issue 25).

Random games are played by the project's fuzzer (fixed seeds, the title's fuzz profile);
at a few hundred of their positions every legal action's words (label, cost, note,
question) and every "not affordable now" entry are rendered, and so is every log line of
those games. None may carry a known slip: "a" before a vowel or "an" before a consonant,
one of a plural noun ("1 political points"), "(s)", or a cost on an action that costs
nothing (taking a card into the hand, answering a battle's question).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from crisis.devtools import fuzz
from crisis.engine.action import Action
from crisis.games import rome_in_crisis as ric
from crisis.games import time_of_crisis as toc
from crisis.games.rome_in_crisis import words as ric_words
from crisis.games.time_of_crisis import data, words
from crisis.games.time_of_crisis.fuzzing import FUZZ_WEIGHTS, fuzz_options
from crisis.games.time_of_crisis.text import render

#: Games and how much of each is played; every STRIDE-th position is described.
GAMES, ACTIONS, STRIDE = 18, 1500, 6
BASE_SEED = 2025

#: Verbs that never spend influence or political points.
FREE = frozenset(
    {
        "choose_card",
        "choose_province",
        "take_hit",
        "advance",
        "stay",
        "reroll",
        "keep",
        "pass",
        "end_actions",
        "end_buy",
        "discard",
        "demagogue_discard",
        "ludi",
        "order",
        "reward",
    }
)

#: Plural nouns the game's texts count, and the tribes (named in the plural).
_PLURALS = "|".join(
    [
        "hits",
        "votes",
        "points",
        "cards",
        "dice",
        "legions",
        "counters",
        "turns",
        "provinces",
        "[Mm]obs",
        "armies",
        "Governors",
        "Generals",
        "barbarians",
        "rounds",
        "players",
        "rolls",
        "VP",
        *data.TRIBES,
    ]
)

_SPHERES = "|".join(data.SPHERE.values())

SLIPS: list[tuple[str, re.Pattern[str]]] = [
    ("'a' before a vowel", re.compile(r"\b[aA] [AEIOUaeiou]\w")),
    ("'an' before a consonant", re.compile(r"\b[aA]n [b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w")),
    ("'(s)'", re.compile(r"\(s\)")),
    (
        "one of a plural",
        re.compile(rf"(?<![\d.+\-=/])\b1 (?:political |{_SPHERES} )?({_PLURALS})\b"),
    ),
]


def slips(text: str) -> list[str]:
    """The known slips in ``text``, by name (empty when it reads right)."""
    found = []
    for name, pattern in SLIPS:
        for m in pattern.finditer(text):
            found.append(f"{name}: {m.group(0)!r} in {text!r}")
    return found


def test_the_slip_finder_finds_the_known_slips() -> None:
    for wrong in (
        "green builds a Amphitheater in Asia",
        "costs 1 political points",
        "strength 3 in 2 card(s)",
        "1 Franks invade Gallia",
        "an Limes",
        "1 hits",
    ):
        assert slips(wrong), wrong
    for right in (
        "green builds an Amphitheater in Asia",
        "costs 1 political point",
        "attacker rolls [3, 6] and a bonus die for the 6 [4]: 2 hits",
        "Crisis roll 1+1=2: Ira Deorum",
        "Goths invasion roll: white 1, black 4 (1 active at home)",
        "the Franks invade Gallia with 1 counter",
        "Mob (Populace 1) is played",
    ):
        assert not slips(right), right


def _fuzzed_positions() -> Iterator[tuple[toc.State, list[str]]]:
    """Positions met in fuzzed games (with their log so far at the end of each game)."""
    config = fuzz.FuzzConfig(
        weights=FUZZ_WEIGHTS, max_actions=ACTIONS, check_views=False, probe=0.0
    )
    for index in range(GAMES):
        players = (2, 3, 4)[index % 3]
        seed = fuzz.game_seed(BASE_SEED, index)
        options = fuzz_options(players, index)
        run = fuzz.play_game(toc.TITLE, seed, options, config=config)
        assert run.failure is None or run.failure[0] == "no_end", run.failure
        state = toc.setup(seed, options)
        for i, (role, action) in enumerate(run.log):
            if i % STRIDE == 0 or state.step in ("buy", "battle", "refill", "ludi"):
                yield state, []
            if state.step == "buy" and state.turn.political < 8:
                rich = toc.from_json(toc.to_json(state))
                rich.turn.political = 8  # random games are poor: let the market be bought from
                yield rich, []
            toc.apply(state, role, action)
        yield state, list(state.log)


@pytest.fixture(scope="module")
def rendered() -> tuple[list[tuple[str, Action, dict[str, object]]], list[str], int]:
    """Every described action (role, action, words), every log line, and how many positions."""
    described: list[tuple[str, Action, dict[str, object]]] = []
    lines: list[str] = []
    positions = 0
    for state, log in _fuzzed_positions():
        lines += log
        if log:
            continue
        positions += 1
        if positions % 10 == 0:  # the terminal's text view, for every seat
            for role in toc.roles(state):
                lines += render(toc.view(state, role), role).splitlines()
        for role in toc.active(state):
            legal = toc.actions(state, role)
            for action, said in zip(legal, toc.describe(state, role, legal), strict=True):
                described.append((role, action, said))
            for entry in toc.unavailable(state, role):
                described.append((role, Action("unavailable"), entry))
    return described, lines, positions


def test_enough_was_rendered(rendered: tuple[list, list[str], int]) -> None:
    described, lines, positions = rendered
    assert positions >= 300
    verbs = {action.verb for _, action, _ in described}
    assert {"choose_card", "play_card", "buy", "end_buy", "initiate_battle", "take_hit"} <= verbs
    assert len(lines) >= 1000


def test_no_label_or_note_has_a_slip(rendered: tuple[list, list[str], int]) -> None:
    described, _, _ = rendered
    found = []
    for _, _, said in described:
        for key in ("label", "cost", "note", "confirm", "why"):
            text = said.get(key)
            if isinstance(text, str):
                found += slips(text)
    assert not found, sorted(set(found))[:20]


def test_no_log_line_has_a_slip(rendered: tuple[list, list[str], int]) -> None:
    _, lines, _ = rendered
    found = [s for line in lines for s in slips(line)]
    assert not found, sorted(set(found))[:20]


def test_free_actions_say_no_cost(rendered: tuple[list, list[str], int]) -> None:
    """Taking a card into the hand (the refill), answering a battle and ending a phase cost
    nothing, whatever influence is left in the pool."""
    described, _, _ = rendered
    wrong = [
        (action, said["cost"])
        for _, action, said in described
        if action.verb in FREE and said["cost"] is not None
    ]
    assert not wrong, wrong[:10]


def test_the_refill_button_says_no_cost_with_influence_left() -> None:
    """The issue's case: a Populace point left in the pool at the refill is not a price."""
    checked = 0
    for state, log in _fuzzed_positions():
        if log or state.step != "refill":
            continue
        state.turn.pool["yellow"] = 1  # influence left over from the turn
        for role in toc.active(state):
            legal = toc.actions(state, role)
            for said in toc.describe(state, role, legal):
                assert said["cost"] is None, said
                checked += 1
        if checked >= 5:
            break
    assert checked >= 5


def test_undo_is_capitalised_in_both_titles() -> None:
    assert words.label(Action("undo")) == "Undo"
    state = ric.setup(1, {"players": 3})
    assert ric_words.label(state, Action("undo")) == "Undo"
