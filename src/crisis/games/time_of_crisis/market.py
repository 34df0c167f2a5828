"""The Buy/Trash Cards phase (RULES 5.3, 6.7)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache

from crisis.engine.action import Action, SharedActions
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import log
from crisis.games.time_of_crisis.costs import POLITICAL
from crisis.games.time_of_crisis.registry import goto, handles, lists, narrows
from crisis.games.time_of_crisis.state import State, governed, player, the_current_player

TRASH_COST = data.COSTS.trash_card
FIGURE_DISCOUNT = data.COSTS.figure_discount
CYCLE_COST = data.COSTS.cycle_market


def on_offer(state: State) -> list[str]:
    """Card kinds that can be bought now: every non-empty open stack, or in the variable
    market the face-up top card of each stack."""
    if state.stacks:
        return [stack[0] for stack in state.stacks.values() if stack]
    return [cid for cid, left in state.supply.items() if left]


#: The price rule in words, beside the rule itself (the market explains its prices with it).
PRICE_RULE = (
    "The number in the corner is what you would pay now: a card's value, doubled if it is "
    "above the number of provinces you govern, plus 1 for each card already bought this turn "
    f"(less {FIGURE_DISCOUNT} on the first card of a sphere earned by removing a barbarian "
    "leader or a Rival Emperor)."
)


def _cost(state: State, provinces: int, cid: str) -> int:
    """Value (doubled above the number of provinces governed), plus one per card already
    bought this turn, less 2 on the first card of a suit a removed leader or Rival earned."""
    return _price(cid, provinces, state.turn.bought, state.turn.discounts)


def _price(cid: str, provinces: int, bought: int, discounts: Collection[str]) -> int:
    """:func:`_cost` of ``cid`` for a player governing ``provinces`` who bought ``bought``
    cards this turn, with the suits of ``discounts`` discounted."""
    card = data.INFLUENCE[cid]
    base = card.value if card.value <= provinces else 2 * card.value
    cost = base + bought
    if card.suit in discounts:
        cost -= FIGURE_DISCOUNT
    return max(0, cost)


@lru_cache(maxsize=8192)
def _affordable(
    offer: tuple[str, ...], provinces: int, bought: int, discounts: tuple[str, ...], points: int
) -> tuple[Action, ...]:
    """The purchases among ``offer`` that ``points`` pay (see :func:`_price`): a pure
    function of the few numbers that price a market, remembered because the market and
    those numbers repeat from turn to turn."""
    return tuple(
        Action("buy", cid) for cid in offer if _price(cid, provinces, bought, discounts) <= points
    )


def card_cost(state: State, role: str, cid: str) -> int:
    """What ``role`` pays now for card ``cid`` (RULES 5.3)."""
    return _cost(state, len(governed(state, role)), cid)


def prices(state: State, role: str) -> dict[str, int]:
    """What ``role`` would pay now for each card on offer (the market shows it)."""
    provinces = len(governed(state, role))
    return {cid: _cost(state, provinces, cid) for cid in dict.fromkeys(on_offer(state))}


# Ruling 3 (docs/rulings.md): discard, buy and trash in any order.
@lists(
    "buy",
    "Buy and trash cards with your political points, then end your turn",
    the_current_player,
    goes=("end_of_turn",),
    phase="buy",
    verbs=("buy",),
)
def _list_buy(state: State, role: str) -> list[Action]:
    return _buys(state, role, dict.fromkeys(on_offer(state)))


def _buys(state: State, role: str, cids: Iterable[str]) -> list[Action]:
    """The purchases among ``cids`` (cards on offer) that ``role``'s political points pay."""
    turn = state.turn
    provinces = len(governed(state, role))
    bought = _affordable(tuple(cids), provinces, turn.bought, tuple(turn.discounts), turn.political)
    return list(bought)


@narrows("buy", ("buy",))
def _one_buy(state: State, role: str, action: Action) -> list[Action]:
    """The purchase ``action`` names, if :func:`_list_buy` lists it."""
    cid = action.arg
    return _buys(state, role, [cid]) if isinstance(cid, str) and cid in on_offer(state) else []


@lists("buy", verbs=("cycle", "trash", "discard", "end_buy"))
def _list_buy_rest(state: State, role: str) -> list[Action]:
    p = player(state, role)
    points = state.turn.political
    out: list[Action] = []
    if points >= CYCLE_COST:
        out += [Action("cycle", slot) for slot, st in state.stacks.items() if len(st) > 1]
    if points >= TRASH_COST:
        out += [_TRASH[cid] for cid in sorted(set(p.discard))]
    out += [_DISCARD[cid] for cid in sorted(set(p.hand))]
    out.append(_END_BUY)
    return out


#: The Buy step's card actions by card, and its end, built once (listed at every purchase).
_TRASH = SharedActions("trash")
_DISCARD = SharedActions("discard")
_END_BUY = Action("end_buy")


@handles(
    "buy",
    step="buy",
    args=("card",),
    cost=lambda state, role, cid: {POLITICAL: card_cost(state, role, cid)},
)
def buy(state: State, role: str, cid: str) -> None:
    """Buy a card from the supply into your Discard Pile."""
    cost = card_cost(state, role, cid)
    suit = data.INFLUENCE[cid].suit
    state.turn.bought += 1
    if suit in state.turn.discounts:
        state.turn.discounts.remove(suit)
    if state.stacks:
        state.stacks[data.INFLUENCE[cid].category].pop(0)
        state.reveals += 1
    else:
        state.supply[cid] -= 1
    player(state, role).discard.append(cid)
    player(state, role).bought.append(cid)
    log(state, f"{role} buys {data.INFLUENCE[cid].name} for {cost}")


# Ruling 43 (docs/rulings.md).
@handles(
    "cycle",
    step="buy",
    args=("category",),
    option="expansion_cards",
    cost=lambda *_: {POLITICAL: CYCLE_COST},
)
def cycle(state: State, role: str, slot: str) -> None:
    """Variable market: one political point puts a stack's top card at its bottom and turns
    up the next (expansion 2.1.2)."""
    stack = state.stacks[slot]
    stack.append(stack.pop(0))
    state.reveals += 1
    log(state, f"{role} cycles the {slot} stack: {data.INFLUENCE[stack[0]].name} is on top")


@handles("trash", step="buy", args=("card",), cost=lambda *_: {POLITICAL: TRASH_COST})
def trash(state: State, role: str, cid: str) -> None:
    """Remove a card of your Discard Pile from the game for three points."""
    player(state, role).discard.remove(cid)
    player(state, role).trashed.append(cid)
    log(state, f"{role} trashes {data.INFLUENCE[cid].name}")


@handles("discard", step="buy", args=("card",))
def discard(state: State, role: str, cid: str) -> None:
    """Put a card from your hand on your Discard Pile."""
    p = player(state, role)
    p.hand.remove(cid)
    p.discard.append(cid)


@handles("end_buy", step="buy", ends="turn")
def end_buy(state: State, role: str, _arg: None) -> None:
    """Finish buying; the End of Turn phase follows (an automatic step)."""
    state.turn.political = 0
    goto(state, "end_of_turn")
