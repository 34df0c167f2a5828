"""The ISMCTS bot searches from its view alone: hidden information cannot leak in."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crisis.ai import get_bot
from crisis.ai.base import Searcher
from crisis.ai.toc.ismcts import MACROS, ISMCTSBot
from crisis.engine import rng as dice
from crisis.engine.match import Match
from crisis.games import get_title
from crisis.games.time_of_crisis.state import State, copy_state

toc = get_title("time_of_crisis")


def _own_turn(seed: int, options: dict) -> State:
    """A mid-game state at the start of some player's Take Actions phase."""
    state = toc.rules.setup(seed, {"players": 4, **options})
    roles = toc.rules.roles(state)
    names = ["military", "senate", "populace", "balanced"]
    bots = {r: get_bot(b) for r, b in zip(roles, names, strict=True)}
    rnd = random.Random(seed)
    turns = 0
    while True:
        role = toc.rules.active(state)[0]
        before = state.current
        toc.rules.apply(
            state,
            role,
            bots[role].choose(
                toc.rules.view(state, role), role, toc.rules.actions(state, role), rnd
            ),
        )
        if state.current != before:
            turns += 1
        if (
            turns >= 9
            and state.step == "actions"
            and len(toc.rules.actions(state, toc.rules.active(state)[0])) > 1
        ):
            return state


def _scramble(state: State, role: str, seed: int) -> State:
    """A copy with every part ``role`` cannot see changed: the other players' cards dealt
    anew between their piles, another event order, other face-down stacks, other dice."""
    other = copy_state(state)
    rnd = random.Random(seed)
    for p in other.players:
        if p.role == role:
            continue
        cards = p.hand + p.available + p.discard
        rnd.shuffle(cards)
        # Swap in cards from outside too, so the deck itself differs.
        cards = [
            rnd.choice(["castra", "mob", "tribute", "quaestor"]) if rnd.random() < 0.5 else c
            for c in cards
        ]
        a, b = len(p.hand), len(p.available)
        p.hand, p.available, p.discard = cards[:a], cards[a : a + b], cards[a + b :]
    rnd.shuffle(other.event_deck)
    for stack in other.stacks.values():
        rest = stack[1:]
        rnd.shuffle(rest)
        stack[1:] = rest
    other.rng = dice.new_rng(seed)
    return other


def test_search_depends_only_on_the_view() -> None:
    for seed, options in ((3, {}), (8, {"expansion_cards": True, "market": "variable"})):
        state = _own_turn(seed, options)
        role = toc.rules.active(state)[0]
        scrambled = _scramble(state, role, seed + 100)
        assert toc.rules.to_json(scrambled) != toc.rules.to_json(state)
        view = toc.rules.view(state, role)
        assert toc.rules.view(scrambled, role) == view
        legal = toc.rules.actions(state, role)
        decisions = []
        for source in (state, scrambled):
            bot = ISMCTSBot(iterations=3 * len(MACROS))
            action = bot.choose(toc.rules.view(source, role), role, legal, random.Random(7))
            stats = [(n.macro.name, n.visits, round(n.total, 12)) for n in bot.last_search]
            decisions.append((action, bot.plan.name, stats))
        assert decisions[0] == decisions[1]
        # The search really ran, on every plan.
        assert all(visits > 0 for _, visits, _ in decisions[0][2])


def test_search_leaves_the_view_untouched() -> None:
    state = _own_turn(4, {})
    role = toc.rules.active(state)[0]
    view = toc.rules.view(state, role)
    frozen = toc.rules.view(state, role)
    ISMCTSBot(iterations=len(MACROS)).choose(
        view, role, toc.rules.actions(state, role), random.Random(1)
    )
    assert view == frozen


def test_time_budget_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search stops at its ``seconds``: after a first sweep of every macro-action, no
    rollout starts past the deadline. (Each rollout takes 1/64 s of the search's own clock,
    tests/ai/clocks.py: a binary fraction, so that the sums are exact.)"""
    from crisis.ai.toc import ismcts
    from tests.ai.clocks import costly, install

    state = _own_turn(6, {})
    role = toc.rules.active(state)[0]
    clock = install(monkeypatch, ismcts)
    rollout = 1 / 64
    calls = costly(monkeypatch, ISMCTSBot, "_rollout", clock, rollout)
    bot = ISMCTSBot(seconds=0.3)
    start = clock.now
    bot.search(toc.rules.view(state, role), role, random.Random(2))
    assert 0.3 <= clock.now - start < 0.3 + rollout
    assert len(calls) == 20 > len(MACROS)  # 20/64 s: the first past 0.3
    assert sum(n.visits for n in bot.last_search) == 20


@pytest.mark.parametrize("title", ["time_of_crisis", "rome_in_crisis"])
def test_a_search_bot_says_beforehand_which_decisions_it_searches(title: str) -> None:
    """``will_search`` (what a server uses to send a move to its search workers) agrees with
    what ``choose`` then does, decision by decision."""
    module = get_title(title)
    match = Match(module, 11, {"players": 3})
    bots = {role: get_bot("ismcts:iterations=2", title) for role in match.roles()}
    rng = random.Random(3)
    searched: list[bool] = []
    for bot in bots.values():
        assert isinstance(bot, Searcher)
        inner = bot.search if title == "time_of_crisis" else bot._iterate  # type: ignore[attr-defined]

        def counting(*args: Any, _inner: Any = inner) -> Any:
            searched.append(True)
            return _inner(*args)

        if title == "time_of_crisis":
            bot.search = counting  # type: ignore[attr-defined]
        else:
            bot._iterate = counting  # type: ignore[attr-defined]
    said = {True: 0, False: 0}
    for _ in range(150):
        if match.result() is not None:
            break
        role = match.active()[0]
        legal = [a for a in match.actions(role) if a.verb != "undo"]
        view = match.view(role)
        bot = bots[role]
        before = len(searched)
        expect = bot.will_search(view, role, legal)  # type: ignore[attr-defined]
        match.apply(role, bot.choose(view, role, legal, rng))
        assert (len(searched) > before) == expect, (role, view["step"], len(legal))
        said[expect] += 1
    assert said[True] and said[False]  # both kinds of decision were seen
