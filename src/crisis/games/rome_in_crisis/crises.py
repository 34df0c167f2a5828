"""Crises (steps 4b, 4c and 5): mounting face-down cards, the Emperor addressing a crisis,
the Legatus addressing a war, and discarding crisis cards by subset sum.

The discard is played out one card at a time (``discard_card``): cards that every best
subset needs are taken automatically, so the player is asked only when the best subsets
really differ, and only one card of each kind (suit and value) is offered.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from crisis.engine.action import Action, SharedActions
from crisis.engine.machine import frame, running
from crisis.games.rome_in_crisis import abilities, data
from crisis.games.rome_in_crisis.registry import RULES, automatic, goto, handles, lists
from crisis.games.rome_in_crisis.state import (
    ADDRESS_RETURNS,
    Address,
    State,
    card_name,
    clockwise_from_dealer,
    face,
    log,
    owner,
    player,
    suit,
    value,
)

# -- ranking and Gold -------------------------------------------------------------------------


def total(state: State, crisis: str) -> int:
    """A crisis's strength: the sum of its cards' values."""
    influence = state.cards.influence
    return sum([influence[c].value for c in state.crises.get(crisis, ())])


def standings(state: State) -> list[tuple[str, int]]:
    """Crisis types present with their strength, top-ranked first (ties: Goths, Persians,
    Palmyra, SPQR)."""
    totals = [(k, total(state, k)) for k in state.crises]
    return sorted(totals, key=lambda kt: (-kt[1], data.CRISES.index(kt[0])))


def ranked(state: State) -> list[str]:
    """Crisis types present, top-ranked first (see :func:`standings`)."""
    return [k for k, _ in standings(state)]


def attach_gold(state: State) -> None:
    """Loose Gold joins the top-ranked crisis; with no crisis it waits (ruling R5)."""
    if state.loose_gold and state.crises:
        top = ranked(state)[0]
        state.crises[top] += state.loose_gold
        n = len(state.loose_gold)
        log(state, f"{n} Gold {'card joins' if n == 1 else 'cards join'} the {top} crisis")
        state.loose_gold = []


def _tidy(state: State) -> None:
    """A crisis with no card of its own type is over; its Gold comes loose."""
    for kind in list(state.crises):
        cards = state.crises[kind]
        if not any(suit(state, c) == kind for c in cards):
            state.loose_gold += cards
            del state.crises[kind]
    attach_gold(state)


# -- crises mount -----------------------------------------------------------------------------


@automatic("mount_start", goes=("mount",))
def _mount_start(state: State) -> None:
    state.chosen = {}
    goto(state, "mount")
    if not _mounting(state):
        _reveal(state)


def _mounting(state: State) -> list[str]:
    return [p.role for p in state.players if p.hand and p.role not in state.chosen]


@lists(
    "mount",
    "Choose a card from your hand to add to the crises (face down)",
    _mounting,
    goes=("address_start",),
)
def _list_mount(state: State, role: str) -> list[Action]:
    return [_CRISIS_CARD[c] for c in sorted(set(player(state, role).hand))]


#: Crisis Card actions by card, built once.
_CRISIS_CARD = SharedActions("crisis_card")


@handles("crisis_card", step="mount", args=("influence",))
def _crisis_card(state: State, role: str, arg: Any) -> None:
    player(state, role).hand.remove(arg)
    state.chosen[role] = arg
    log(state, f"{role} chooses a card face down")
    if not _mounting(state):
        _reveal(state)


def _reveal(state: State) -> None:
    for role in clockwise_from_dealer(state):
        card = state.chosen.get(role)
        if card is None:
            continue
        kind = suit(state, card)
        log(state, f"{role} reveals {card_name(state, card)}")
        if kind == "gold":
            state.loose_gold.append(card)
        else:
            state.crises.setdefault(kind, []).append(card)
    if state.chosen:
        state.reveals += 1
    state.chosen = {}
    gather_gold(state)
    goto(state, "address_start")


def gather_gold(state: State) -> None:
    """Ruling R22 (step 4b): once the non-Gold cards are placed, every Gold card among the
    crises, those attached earlier included, goes to the crisis ranked top by its non-Gold
    cards (ties: Goths, Persians, Palmyra, SPQR, the letters A-D)."""
    for kind in state.crises:
        cards = state.crises[kind]
        state.loose_gold += [c for c in cards if suit(state, c) == "gold"]
        state.crises[kind] = [c for c in cards if suit(state, c) != "gold"]
    attach_gold(state)


# -- the Emperor addresses a crisis -----------------------------------------------------------


def _actor(state: State) -> list[str]:
    address = running(state, Address)
    return [address.role] if address else []


def _address(state: State, step: str, who: str, role: str) -> None:
    """Call the procedure of the Emperor or the Legatus (``who``) addressing a crisis, from
    its first step ``step``; it returns where :data:`ADDRESS_RETURNS` says."""
    RULES.call(state, step, Address(who=who, role=role), then=ADDRESS_RETURNS[who])
    RULES.offer(state)  # one crisis: it is addressed at once


@automatic("address_start", goes=("legatus_start",), calls=("address",))
def _address_start(state: State) -> None:
    emp = state.emperor
    if emp is None or not state.crises:
        if emp is not None:
            log(state, "There is no crisis for the Emperor to address")
        goto(state, "legatus_start")
        return
    role = owner(state, emp)
    assert role is not None
    _address(state, "address", "emperor", role)


@lists("address", "Choose the crisis your Emperor addresses", _actor, goes=("emperor_cards",))
def _list_address(state: State, role: str) -> list[Action]:
    return [Action("address", k) for k in ranked(state)]


@handles("address", step="address", args=("crisis",))
def _choose_crisis(state: State, role: str, arg: Any) -> None:
    frame(state, Address).crisis = arg
    log(state, f"The Emperor addresses the {arg} crisis ({total(state, arg)})")
    goto(state, "emperor_cards")
    if not _list_emperor_cards(state, role):
        _emperor_done(state, role, None)


def applies(state: State, card: str, crisis: str) -> bool:
    """Whether a card may be used against ``crisis``: its own type or Gold."""
    return suit(state, card) in (crisis, "gold")


@lists(
    "emperor_cards",
    "Play cards matching the crisis (or Gold), then done",
    _actor,
    goes=("cancel", "discard"),
)
def _list_emperor_cards(state: State, role: str) -> list[Action]:
    crisis = frame(state, Address).crisis
    assert crisis is not None
    hand = player(state, role).hand
    plays = [Action("play", c) for c in sorted(set(hand)) if applies(state, c, crisis)]
    return [*plays, Action("done")]


@handles("play", step="emperor_cards", args=("influence",))
def _emperor_play(state: State, role: str, arg: Any) -> None:
    assert state.emperor is not None
    player(state, role).hand.remove(arg)
    state.played_on[state.emperor].append(arg)
    frame(state, Address).played.append(arg)
    log(state, f"The Emperor plays {card_name(state, arg)}")


@handles("done", step="emperor_cards", ends="step")
def _emperor_done(state: State, role: str, arg: Any) -> None:
    address = frame(state, Address)
    emp = state.emperor
    assert address.crisis is not None and emp is not None
    # R19: each Gold Gallus uses first cancels a Goths card his player picks.
    address.cancels = gallus_cancels(state, address.crisis, state.played_on[emp])
    _gallus_cancels(state)


def emperor_strength(state: State, crisis: str, cards: list[str]) -> int:
    """The strength of the Emperor in play against ``crisis`` with ``cards`` on him: their
    values whatever their suit, plus his ability, never below 0 (R11)."""
    emp = state.emperor
    assert emp is not None
    strength = sum(value(state, c) for c in cards)
    return max(0, strength + abilities.crisis_modifier(face(state, emp), crisis))


def gallus_cancels(state: State, crisis: str, cards: list[str]) -> int:
    """How many Goths cards the Emperor's Gold among ``cards`` cancels before the discard:
    one per Gold card when he is Trebonianus Gallus facing the Goths (R19), else none."""
    emp = state.emperor
    if emp is None or crisis != "goths" or face(state, emp).ability != "gallus":
        return 0
    golds = sum(1 for c in cards if suit(state, c) == "gold")
    return min(golds, len(_gallus_targets(state)))


def best_removal(state: State, crisis: str, strength: int, cancels: int = 0) -> int:
    """The most of ``crisis``'s total an Emperor of ``strength`` removes, ``cancels`` of its
    Goths cards cancelled first (his player choosing which, R19), then the discard."""
    cards = state.crises[crisis]
    if not cancels:
        return best_sum([value(state, c) for c in cards], strength)
    goths = [c for c in cards if suit(state, c) == "goths"]
    best = 0
    for gone in set(combinations(sorted(value(state, c) for c in goths), cancels)):
        rest = [value(state, c) for c in cards]
        for v in gone:
            rest.remove(v)
        best = max(best, sum(gone) + best_sum(rest, strength))
    return best


def _gallus_targets(state: State) -> list[str]:
    """The Goths-suit cards of the Goths crisis that Gallus's Gold may still cancel."""
    return sorted(c for c in state.crises.get("goths", []) if suit(state, c) == "goths")


def _gallus_choices(state: State) -> list[str]:
    """One Goths card per value (cards of equal value are the same choice), highest first."""
    by_value = {value(state, c): c for c in reversed(_gallus_targets(state))}
    return [by_value[v] for v in sorted(by_value, reverse=True)]


def _gallus_cancels(state: State) -> None:
    """Cancel Goths cards for Gallus's Gold, asking his player only when values differ; then
    the Emperor's strength is fixed and the discarding begins."""
    address = frame(state, Address)
    while address.cancels:
        choices = _gallus_choices(state)
        if len(choices) > 1 and address.cancels < len(_gallus_targets(state)):
            goto(state, "cancel")
            return
        _cancel(state, choices[0])
    emp = state.emperor
    assert emp is not None and address.crisis is not None
    _start_discard(state, emperor_strength(state, address.crisis, state.played_on[emp]))


def _cancel(state: State, card: str) -> None:
    address = frame(state, Address)
    state.crises["goths"].remove(card)
    address.cancelled.append(card)
    address.cancels -= 1
    log(state, f"Trebonianus Gallus's Gold cancels {card_name(state, card)}")


# R19 (docs/rulings.md).
@lists(
    "cancel",
    "Choose the Goths card your Gold cancels (Trebonianus Gallus)",
    _actor,
    goes=("cancel", "discard"),
)
def _list_cancel(state: State, role: str) -> list[Action]:
    return [Action("cancel", c) for c in _gallus_choices(state)]


@handles("cancel", step="cancel", args=("goths",))
def _cancel_action(state: State, role: str, arg: Any) -> None:
    _cancel(state, arg)
    _gallus_cancels(state)


# -- discarding by subset sum -----------------------------------------------------------------


def reachable(values: list[int], limit: int) -> int:
    """A bit set of the sums up to ``limit`` some subset of ``values`` makes."""
    bits = 1
    mask = (1 << (limit + 1)) - 1
    for v in values:
        bits = (bits | (bits << v)) & mask
    return bits


def best_sum(values: list[int], limit: int) -> int:
    """The largest subset sum of ``values`` not above ``limit``."""
    if limit <= 0:
        return 0
    return reachable(values, limit).bit_length() - 1


def _start_discard(state: State, strength: int) -> None:
    address = frame(state, Address)
    assert address.crisis is not None
    address.total = strength
    cards = state.crises[address.crisis]
    address.target = best_sum([value(state, c) for c in cards], strength)
    log(state, f"Strength {strength} against the {address.crisis} crisis")
    goto(state, "discard")
    _discard_forced(state)


def _kinds(state: State, cards: list[str]) -> dict[tuple[str, int], list[str]]:
    out: dict[tuple[str, int], list[str]] = {}
    for c in sorted(cards):
        out.setdefault((suit(state, c), value(state, c)), []).append(c)
    return out


def discard_options(state: State) -> tuple[list[str], list[str]]:
    """(cards every best subset still needs, cards the player may choose among): one card
    per kind, from the crisis cards not yet picked."""
    address = frame(state, Address)
    assert address.crisis is not None
    rest = [c for c in state.crises[address.crisis] if c not in address.picked]
    need = address.target - sum(value(state, c) for c in address.picked)
    if need <= 0:
        return [], []
    forced: list[str] = []
    free: list[str] = []
    kinds = _kinds(state, rest)
    looks = [(suit(state, c), value(state, c)) for c in rest]  # each card's kind, once
    for (kind, v), cards in kinds.items():
        others = [x for s, x in looks if s != kind or x != v]
        if not (reachable(others, need) >> need) & 1:
            forced.append(cards[0])
            continue
        first = cards[0]
        one_less = [x for c, (_, x) in zip(rest, looks, strict=True) if c != first]
        if v <= need and (reachable(one_less, need - v) >> (need - v)) & 1:
            free.append(cards[0])
    return forced, free


def _discard_forced(state: State) -> None:
    address = frame(state, Address)
    while True:
        forced, free = discard_options(state)
        if forced:
            address.picked.append(forced[0])
        elif not free:
            _finish_address(state)
            return
        else:
            # The player picks among the free cards; a single one is picked for him (and
            # its handler goes on discarding).
            RULES.offer(state, "discard")
            return


@lists(
    "discard",
    "Choose the next crisis card to discard (best subsets differ)",
    _actor,
    goes=("discard",),
)
def _list_discard(state: State, role: str) -> list[Action]:
    return [Action("discard_card", c) for c in discard_options(state)[1]]


@handles("discard_card", step="discard", args=("influence",))
def _discard_card(state: State, role: str, arg: Any) -> None:
    frame(state, Address).picked.append(arg)
    _discard_forced(state)


def _finish_address(state: State) -> None:
    """The crisis cards picked go; success or not is scored; the procedure returns."""
    address = frame(state, Address)
    assert address.crisis is not None
    crisis = address.crisis
    gone = address.cancelled + address.picked
    for c in address.picked:
        state.crises[crisis].remove(c)
    state.discard += gone
    p = player(state, address.role)
    if not state.crises[crisis]:
        del state.crises[crisis]
        office = state.cards.offices[address.who]
        points = office.success
        if address.who == "emperor" and state.emperor is not None:
            points += abilities.success_bonus(face(state, state.emperor), crisis)
        log(state, f"The {office.name} solves the {crisis} crisis: {p.role} scores {points}")
    else:
        points = len(gone)
        discarded = f"{len(gone)} {'card' if len(gone) == 1 else 'cards'} discarded"
        log(state, f"The {crisis} crisis survives; {discarded}: {points} VP")
    p.vp += points
    _tidy(state)
    RULES.ret(state)


# -- the Legatus addresses a war --------------------------------------------------------------


def legatus_cards(state: State) -> list[str]:
    """The cards the Legatus may use: his player's hand and the cards on the Legatus."""
    holder = state.offices.get("legatus")
    assert holder is not None
    role = owner(state, holder)
    assert role is not None
    return player(state, role).hand + state.played_on[holder]


# R13 (docs/rulings.md).
def _wars(state: State) -> list[str]:
    """The wars the Legatus can address: one or two of his applicable cards would discard at
    least one of the war's cards (their two best values reach its smallest card)."""
    cards = legatus_cards(state)
    out = []
    for war in data.WARS:
        if war not in state.crises:
            continue
        values = sorted((value(state, c) for c in cards if applies(state, c, war)), reverse=True)
        if values and sum(values[:2]) >= min(value(state, c) for c in state.crises[war]):
            out.append(war)
    return out


@automatic("legatus_start", goes=("death",), calls=("legatus",))
def _legatus_start(state: State) -> None:
    holder = state.offices.get("legatus")
    wars = _wars(state) if holder is not None else []
    if not wars:
        if holder is not None and any(w in state.crises for w in data.WARS):
            log(state, "The Legatus has no cards that could discard anything from a war")
        goto(state, "death")
        return
    assert holder is not None
    role = owner(state, holder)
    assert role is not None
    _address(state, "legatus", "legatus", role)


@lists("legatus", "Choose the war your Legatus addresses", _actor, goes=("legatus_cards",))
def _list_legatus(state: State, role: str) -> list[Action]:
    return [Action("legatus", w) for w in _wars(state)]


@handles("legatus", step="legatus", args=("war",))
def _legatus_war(state: State, role: str, arg: Any) -> None:
    frame(state, Address).crisis = arg
    log(state, f"The Legatus addresses the {arg} war ({total(state, arg)})")
    goto(state, "legatus_cards")


@lists(
    "legatus_cards",
    "Use one or two cards (hand or Legatus) against the war",
    _actor,
    goes=("discard",),
)
def _list_legatus_cards(state: State, role: str) -> list[Action]:
    address = frame(state, Address)
    assert address.crisis is not None
    crisis = address.crisis
    out = [
        Action("play", c) for c in sorted(set(legatus_cards(state))) if applies(state, c, crisis)
    ]
    if address.played:
        out.append(Action("done"))
    return out


@handles("play", step="legatus_cards", args=("influence",))
def _legatus_play(state: State, role: str, arg: Any) -> None:
    address = frame(state, Address)
    holder = state.offices.get("legatus")
    assert holder is not None
    hand = player(state, role).hand
    if arg in hand:
        hand.remove(arg)
    else:
        state.played_on[holder].remove(arg)
    address.played.append(arg)
    log(state, f"The Legatus uses {card_name(state, arg)}")
    if len(address.played) == 2 or not _list_legatus_cards(state, role)[:-1]:
        _legatus_done(state, role, None)


@handles("done", step="legatus_cards", ends="step")
def _legatus_done(state: State, role: str, arg: Any) -> None:
    address = frame(state, Address)
    state.discard += address.played
    _start_discard(state, sum(value(state, c) for c in address.played))
