"""The Age of Iron and Rust's market setups (expansion 2.1): fixed, selective and variable.

The variable market is nine shuffled face-down stacks; only each top card may be bought,
and a political point cycles a stack's top card to its bottom. No view may reveal the
order beneath the top cards.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from crisis.engine.errors import IllegalAction
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.state import State, copy_state, player

from .expansion_positions import act, args, xstart
from .positions import govern

COUNT_BY_VALUE = {2: 9, 3: 8, 4: 6}
BASE_KINDS = [data.REPLACEMENTS.get(c, c) for c in data.SUPPLY_CARDS]
ROLES = ("green", "blue", "yellow", "red")


def slot(cid: str) -> str:
    return data.INFLUENCE[cid].category


def kinds_in(slot_name: str, pool: list[str] | tuple[str, ...]) -> list[str]:
    return [c for c in pool if slot(c) == slot_name]


def options(**extra: Any) -> dict[str, Any]:
    return {"players": 4, "expansion_cards": True, **extra}


# -- fixed ---------------------------------------------------------------------------------


def test_base_game_offers_nine_open_stacks() -> None:
    s = toc.setup(0, {"players": 4})
    assert sorted(s.supply) == sorted(data.SUPPLY_CARDS)
    assert "damnatio_memoriae" in s.supply
    assert s.stacks == {}


def test_fixed_market_offers_eighteen_open_stacks() -> None:
    s = toc.setup(0, options(market="fixed"))
    assert len(s.supply) == 18
    assert set(s.supply) == set(BASE_KINDS) | set(data.EXPANSION_CARDS)
    assert "damnatio_memoriae" not in s.supply
    assert "damnatio_memoriae_ii" in s.supply
    for cid, left in s.supply.items():
        assert left == COUNT_BY_VALUE[data.INFLUENCE[cid].value], cid
    assert Counter(slot(c) for c in s.supply) == dict.fromkeys(data.CATEGORIES, 2)
    assert s.stacks == {}


def test_fixed_is_the_default_market_with_expansion_cards() -> None:
    s = toc.setup(0, options())
    assert s.options.market == "fixed"
    assert len(s.supply) == 18


# -- selective -------------------------------------------------------------------------------


def test_selective_market_honours_the_selection() -> None:
    choice = {c: ("base" if i % 2 else "expansion") for i, c in enumerate(data.CATEGORIES)}
    s = toc.setup(0, options(market="selective", selection=choice))
    assert len(s.supply) == 9
    assert s.stacks == {}
    for cat, which in choice.items():
        pool = BASE_KINDS if which == "base" else data.EXPANSION_CARDS
        (kind,) = [c for c in s.supply if slot(c) == cat]
        assert kind == kinds_in(cat, pool)[0]
        assert s.supply[kind] == COUNT_BY_VALUE[data.INFLUENCE[kind].value]


def test_selective_base_blue4_is_the_replacement_damnatio_memoriae() -> None:
    s = toc.setup(0, options(market="selective", selection={"blue4": "base"}))
    assert "damnatio_memoriae_ii" in s.supply
    assert "damnatio_memoriae" not in s.supply


def selected(seed: int, selection: dict[str, str] | None = None) -> dict[str, str]:
    s = toc.setup(seed, options(market="selective", selection=selection or {}))
    assert len(s.supply) == 9
    assert "damnatio_memoriae" not in s.supply
    return {slot(c): ("expansion" if c in data.EXPANSION_CARDS else "base") for c in s.supply}


def test_selective_market_fills_missing_slots_at_random_per_seed() -> None:
    fixed = {"red2": "base", "yellow4": "expansion"}
    draws = [selected(seed, fixed) for seed in range(12)]
    for d in draws:
        assert set(d) == set(data.CATEGORIES)
        assert d["red2"] == "base"
        assert d["yellow4"] == "expansion"
    for cat in set(data.CATEGORIES) - set(fixed):
        assert {d[cat] for d in draws} == {"base", "expansion"}, cat
    assert len({tuple(sorted(d.items())) for d in draws}) > 1
    assert [selected(seed, fixed) for seed in range(12)] == draws  # deterministic per seed


# -- variable ---------------------------------------------------------------------------------


def variable(seed: int = 0) -> State:
    return toc.setup(seed, options(market="variable"))


def test_variable_market_is_nine_shuffled_stacks_of_both_sets() -> None:
    s = variable()
    assert s.supply == {}
    assert list(s.stacks) == list(data.CATEGORIES)
    for cat, stack in s.stacks.items():
        expected = {
            c: data.INFLUENCE[c].count
            for c in kinds_in(cat, BASE_KINDS) + kinds_in(cat, data.EXPANSION_CARDS)
        }
        assert len(expected) == 2
        assert Counter(stack) == expected, cat
    assert "damnatio_memoriae" not in {c for st in s.stacks.values() for c in st}


def test_variable_market_shuffles_per_seed() -> None:
    assert variable(3).stacks == variable(3).stacks
    assert variable(3).stacks != variable(4).stacks
    stack = variable(3).stacks["red2"]
    assert stack != sorted(stack)  # shuffled, not sorted by kind


def buying(s: State | None = None) -> State:
    """Green at the Buy/Trash prompt with 9 political points (three provinces at 4, 4, 1)."""
    s = s or xstart(expansion_cards=True, market="variable")
    govern(s, "Gallia", "green", 4)
    govern(s, "Africa", "green", 4)
    act(s, "end_actions")
    assert s.step == "buy"
    assert s.turn.political == 9
    return s


def mixed_slot(s: State) -> str:
    """A slot whose top two cards differ."""
    return next(cat for cat, st in s.stacks.items() if st[0] != st[1])


def test_only_the_top_cards_may_be_bought() -> None:
    s = buying()
    tops = {st[0] for st in s.stacks.values()}
    assert set(args(s, "buy")) == tops
    for cat, st in s.stacks.items():
        hidden = set(st) - {st[0]}
        assert not hidden & set(args(s, "buy")), cat
    cat = mixed_slot(s)
    with pytest.raises(IllegalAction):
        act(s, "buy", s.stacks[cat][1])


def test_buying_turns_up_the_next_card() -> None:
    s = buying()
    cat = mixed_slot(s)
    old = list(s.stacks[cat])
    act(s, "buy", old[0])
    assert s.stacks[cat] == old[1:]
    assert player(s, "green").discard.count(old[0]) == 1
    assert toc.view(s, "blue")["market"][cat] == {"top": old[1], "count": len(old) - 1}
    s.turn.political = 20  # enough for any card: only the stack's order matters here
    assert old[1] in args(s, "buy")


def test_cycling_costs_a_point_and_turns_up_the_next_card() -> None:
    s = buying()
    cat = mixed_slot(s)
    old = list(s.stacks[cat])
    before = toc.checkpoint(s)
    act(s, "cycle", cat)
    assert s.turn.political == 8
    assert s.stacks[cat] == [*old[1:], old[0]]
    assert toc.view(s, None)["market"][cat]["top"] == old[1] != old[0]
    assert toc.checkpoint(s) != before  # a new card is revealed: an undo barrier
    assert old[1] in args(s, "buy")


def test_cycling_as_often_as_affordable_then_refused() -> None:
    s = buying()
    cat = mixed_slot(s)
    old = list(s.stacks[cat])
    for k in range(1, 10):
        act(s, "cycle", cat if k % 2 else "yellow3")
    assert s.turn.political == 0
    assert s.stacks[cat] == old[5:] + old[:5]
    assert args(s, "cycle") == []
    with pytest.raises(IllegalAction):
        act(s, "cycle", cat)
    assert s.stacks[cat] == old[5:] + old[:5]


def test_cycling_is_refused_without_points() -> None:
    s = xstart(expansion_cards=True, market="variable")
    act(s, "end_actions")
    assert s.turn.political == 1  # Aegyptus at support 1
    act(s, "cycle", "red2")
    with pytest.raises(IllegalAction):
        act(s, "cycle", "red2")


def test_no_cycling_in_the_fixed_market() -> None:
    s = buying(xstart(expansion_cards=True))
    assert args(s, "cycle") == []
    assert set(args(s, "buy")) == set(s.supply)


def test_variable_market_round_trips_through_json() -> None:
    s = buying()
    act(s, "cycle", "red3")
    again = toc.from_json(toc.to_json(s))
    assert again.stacks == s.stacks
    assert toc.to_json(again) == toc.to_json(s)


# -- what the views reveal -------------------------------------------------------------------


def lists_in(value: Any) -> list[list[Any]]:
    """Every list anywhere in a JSON value."""
    out: list[list[Any]] = []
    if isinstance(value, list):
        out.append(value)
        for v in value:
            out += lists_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            out += lists_in(v)
    return out


def reshuffled_beneath(s: State) -> State:
    """The same state with every stack's cards below the top in another order."""
    other = copy_state(s)
    for cat, st in other.stacks.items():
        rest = st[1:]
        other.stacks[cat] = [st[0], *rest[1:], rest[0]]
    assert other.stacks != s.stacks
    return other


@pytest.mark.parametrize("at_buy", [False, True])
def test_views_never_show_the_order_beneath_the_tops(at_buy: bool) -> None:
    s = xstart(expansion_cards=True, market="variable")
    if at_buy:
        s = buying(s)
        act(s, "cycle", "blue3")
        act(s, "buy", s.stacks["red2"][0])
    other = reshuffled_beneath(s)
    for role in (*ROLES, None, "observer"):
        v = toc.view(s, role)
        assert v == toc.view(other, role), role
        assert "stacks" not in json.dumps(v)
        assert v["market"] == {
            cat: {"top": st[0], "count": len(st)} for cat, st in s.stacks.items()
        }
        seen = lists_in(json.loads(json.dumps(v)))
        for st in s.stacks.values():
            assert st not in seen
            assert st[1:] not in seen


# -- bad option combinations -----------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"market": "variable"},
        {"market": "selective"},
        {"market": "variable", "expansion_cards": False},
        {"expansion_cards": True, "market": "open"},
        {"expansion_cards": True, "selection": {"red2": "base"}},
        {"expansion_cards": True, "market": "variable", "selection": {"red2": "base"}},
        {"selection": {"red2": "base"}},
        {"expansion_cards": True, "market": "selective", "selection": {"red5": "base"}},
        {"expansion_cards": True, "market": "selective", "selection": {"red1": "base"}},
        {"expansion_cards": True, "market": "selective", "selection": {"red2": "both"}},
        {"expansion_cards": True, "market": "selective", "selection": ["red2"]},
        {"expansion_cards": True, "market": 2},
    ],
)
def test_bad_market_options_raise_value_error(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        toc.setup(0, {"players": 4, **bad})


def test_the_view_prices_every_card_on_offer_for_its_viewer() -> None:
    """5.3: the price is the value, doubled when above the provinces governed, plus one per
    card already bought; each player's view carries his own prices, observers none."""
    s = buying()
    prices = toc.view(s, "green")["prices"]
    assert set(prices) == {st[0] for st in s.stacks.values()}
    # Green governs three provinces: cards of value 2 and 3 cost their value, 4s cost 8.
    assert {data.INFLUENCE[c].value for c in prices} == {2, 3, 4}
    for cid, price in prices.items():
        value = data.INFLUENCE[cid].value
        assert price == (value if value <= 3 else 2 * value)
    act(s, "buy", next(c for c in prices if prices[c] <= 3))
    after = toc.view(s, "green")["prices"]
    assert all(after[c] == prices[c] + 1 for c in after if c in prices)  # one card bought
    assert toc.view(s, None)["prices"] == {}


def test_the_cards_one_cannot_pay_for_say_why() -> None:
    """At the Buy/Trash prompt the title greys the cards on offer that cost more than the
    political points left (its ``unavailable``, with the buy each would be), so the market
    works out no price or affordability of its own; nobody else is told anything."""
    s = buying()
    s.turn.political = 2
    prices = toc.TITLE.rules.view(s, "green")["prices"]
    greyed = toc.unavailable(s, "green")
    assert {g["action"][1] for g in greyed} == {c for c, p in prices.items() if p > 2}
    assert greyed and all(g["action"][0] == "buy" for g in greyed)
    assert all(g["why"].endswith("you have 2") for g in greyed)
    legal = {a.arg for a in toc.actions(s, "green") if a.verb == "buy"}
    assert not legal & {g["action"][1] for g in greyed}
    assert toc.unavailable(s, "blue") == []
