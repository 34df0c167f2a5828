"""Declared costs (issue 22): each verb's cost is written once, with its handler, and
nothing else spends.

The table's words read the declarations instead of trying every legal action on a copy of
the state. The copy is the check here: over fuzzed games, every legal action of every
acting seat is performed on a copy, and what it took from the pool and the political points
must equal its declared cost, so a handler (or anything it calls) that spends what is not
declared fails. Whether a declared price is the rulebook's is for the rules' own tests (and
the recorded games, whose words include every cost).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from crisis.devtools import fuzz
from crisis.engine.action import Action
from crisis.engine.rng import new_rng
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import costs, data, rules, words
from crisis.games.time_of_crisis.fuzzing import FUZZ_WEIGHTS, fuzz_options
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.state import copy_state

GAMES, ACTIONS = 12, 1200


def _positions() -> Iterator[toc.State]:
    """Positions of fuzzed games (2-4 players, the fuzzer's option mix), and some made
    richer (political points at Buy/Trash, influence at Take Actions) so that dearer
    actions (buying, trashing, building) are tried too."""
    config = fuzz.FuzzConfig(
        weights=FUZZ_WEIGHTS, max_actions=ACTIONS, check_views=False, probe=0.0
    )
    for index in range(GAMES):
        seed = fuzz.game_seed(7022, index)
        options = fuzz_options((2, 3, 4)[index % 3], index)
        run = fuzz.play_game(toc.TITLE, seed, options, config=config)
        assert run.failure is None or run.failure[0] == "no_end", run.failure
        state = toc.setup(seed, options)
        for n, (role, action) in enumerate(run.log):
            yield state
            if state.step == "buy" and state.turn.political < 8:
                rich = copy_state(state)
                rich.turn.political = 8
                yield rich
            if state.step == "actions" and n % 5 == 0:
                rich = copy_state(state)
                rich.turn.pool = {suit: k + 6 for suit, k in rich.turn.pool.items()}
                yield rich
            toc.apply(state, role, action)


def _taken(state: toc.State, role: str, action: Action) -> dict[str, int] | None:
    """What ``action`` takes when it is performed on a copy (dice from a throwaway
    generator), or None when it closes the phase (the next phase refills the pool)."""
    copy = copy_state(state)
    copy.rng = new_rng(1)
    RULES.handler(copy.step, action.verb)(copy, role, action.arg)

    def phase(s: toc.State) -> tuple[int, int, str]:
        return s.current, s.players[s.current].turns, RULES.phase(s) or ""

    if phase(copy) != phase(state):
        return None
    taken = {suit: state.turn.pool[suit] - copy.turn.pool[suit] for suit in data.SUITS}
    taken[costs.POLITICAL] = state.turn.political - copy.turn.political
    return {what: n for what, n in taken.items() if n}


@pytest.fixture(scope="module")
def compared() -> Counter[str]:
    """How many actions of each verb were compared; fails on the first mismatch."""
    seen: Counter[str] = Counter()
    for state in _positions():
        for role in rules.active(state):
            for action in rules.actions(state, role):
                taken = _taken(state, role, action)
                if taken is None:
                    continue
                declared = {w: n for w, n in costs.cost_of(state, role, action).items() if n}
                assert declared == taken, (action, state.step, declared, taken)
                seen[action.verb] += 1
    return seen


def test_every_cost_is_what_its_handler_takes(compared: Counter[str]) -> None:
    # The check reached the spending verbs of all three spheres and the market (the
    # expansion's verbs are rarer in random play and are checked when they occur).
    spending = {
        "play_card",
        "recruit_general",
        "create_army",
        "add_legion",
        "move_army",
        "initiate_battle",
        "recruit_governor",
        "place_governor",
        "recall_governor",
        "increase_support",
        "place_militia",
        "build",
        "buy",
        "trash",
    }
    assert spending <= set(compared), spending - set(compared)
    assert sum(compared.values()) > 20_000


def test_a_cost_the_turn_cannot_cover_takes_nothing() -> None:
    state = toc.setup(3)
    state.turn.pool = {"red": 1, "blue": 2, "yellow": 0}
    before = toc.to_json(state)
    with pytest.raises(AssertionError, match="spending 3 blue"):
        costs.pay(state, {"red": 1, "blue": 3})
    assert toc.to_json(state) == before  # not even the Military point that was there
    costs.pay(state, {"red": 1, "blue": 2})
    assert state.turn.pool == {"red": 0, "blue": 0, "yellow": 0}


def test_a_verb_has_one_cost() -> None:
    with pytest.raises(ValueError, match="move_army"):
        costs.declare("move_army", lambda *_: {"red": 2})
    assert costs.cost_of(toc.setup(3), "green", Action("move_army", (1, "Gallia"))) == {
        "red": data.COSTS.move_army
    }


def test_an_action_whose_cost_cannot_be_read_is_described_without_one() -> None:
    """Words are asked of legal actions; one that is not (an army that does not exist)
    gets no cost rather than breaking the table's message."""
    said = words.describe(toc.setup(3), "green", [Action("add_legion", 99)])
    assert said[0]["cost"] is None and said[0]["label"] == "Add a legion to army 99"


def test_unavailable_reads_the_declared_cost() -> None:
    """What is missing is the declared cost less the pool: an army's second legion costs
    2 Military (its new size), so one Military point is one short."""
    from .positions import start

    state = start()
    role = toc.active(state)[0]
    state.turn.pool = {"red": 1, "blue": 0, "yellow": 0}
    mine = next(a for a in state.armies if a.owner == role)
    said = {e["label"]: e for e in words.unavailable(state, role)}
    entry = said[words.label(Action("add_legion", mine.id))]
    assert entry["cost"] == "costs 2 Military"
    assert entry["why"] == "needs 2 Military, you have 1"
