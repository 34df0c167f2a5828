"""Drafting: the setup draft of A-side candidates and offices (setup 3-4) and each turn's
reveal, shortfall and three-round card draft (step 1)."""

from __future__ import annotations

from typing import Any

from crisis.engine import rng as dice
from crisis.engine.action import Action, SharedActions
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.registry import automatic, goto, handles, lists
from crisis.games.rome_in_crisis.state import (
    State,
    card_name,
    clockwise_from_dealer,
    face,
    is_candidate,
    log,
    office_of,
    player,
    seat,
)

CARDS_PER_PLAYER = 3  # cards revealed per player each turn
SETUP_CANDIDATES = 2  # candidates per player after the setup draft


def _first_in_order(state: State) -> list[str]:
    return state.order[:1]


def snake(state: State, passes: int) -> list[str]:
    """Draft order: clockwise from the dealer's left, then back, then clockwise again..."""
    first = clockwise_from_dealer(state)
    out: list[str] = []
    for k in range(passes):
        out += first if k % 2 == 0 else first[::-1]
    return out


# -- setup draft -------------------------------------------------------------------------


def open_offices(state: State) -> list[str]:
    """Offices still on the table during the setup draft."""
    return [
        o for o in data.OFFICES if o in state.offices and o != "emperor" and not _taken(state, o)
    ]


def _taken(state: State, office: str) -> bool:
    return state.offices.get(office) is not None or office in state.pending


def setup_choices(state: State, role: str) -> list[Action]:
    """What ``role`` may take in the setup draft: an A-side candidate while he has fewer
    than two, or an open office for one of his office-less candidates rated in its category."""
    p = player(state, role)
    out: list[Action] = []
    if len(p.candidates) < SETUP_CANDIDATES:
        out += [Action("draft", c) for c in state.pool]
    for office in open_offices(state):
        category = state.cards.offices[office].category
        for c in p.candidates:
            if office_of(state, c) is None and face(state, c).rating(category) > 0:
                out.append(Action("draft_office", (office, c)))
    return out


@automatic("setup_draft_next", goes=("setup_draft", "begin_turn"))
def _setup_next(state: State) -> None:
    """Skip players with no legal pick; finish when nobody can take anything."""
    while state.order and not setup_choices(state, state.order[0]):
        state.order.pop(0)
    if not state.order:
        if any(setup_choices(state, p.role) for p in state.players):
            state.order = snake(state, 2)
            return
        _finish_setup(state)
        return
    goto(state, "setup_draft")


def _finish_setup(state: State) -> None:
    for office in open_offices(state):
        log(state, f"Nobody can hold the {state.cards.offices[office].name}: set aside")
    # Setup 4: the remaining candidates go in a block between the two halves of the deck.
    rest = list(state.pool)
    dice.shuffle(state.rng, rest)
    half = len(state.deck) // 2
    state.deck = state.deck[:half] + rest + state.deck[half:]
    state.pool = []
    state.order = []
    log(state, f"The dealer puts {len(rest)} candidates into the middle of the deck")
    goto(state, "begin_turn")


@lists(
    "setup_draft",
    "Take an A-side candidate or an office for one of yours",
    _first_in_order,
    goes=("setup_draft_next",),
)
def _list_setup(state: State, role: str) -> list[Action]:
    return setup_choices(state, role)


@handles("draft", step="setup_draft", args=("draftable",))
def _setup_draft(state: State, role: str, arg: Any) -> None:
    state.pool.remove(arg)
    player(state, role).candidates.append(arg)
    state.played_on[arg] = []
    log(state, f"{role} drafts {card_name(state, arg)}")
    state.order.pop(0)
    goto(state, "setup_draft_next")


@handles("draft_office", step="setup_draft", args=("draft_office", "candidate"))
def _setup_office(state: State, role: str, arg: Any) -> None:
    office, cand = arg
    state.offices[office] = cand
    log(state, f"{role} makes {card_name(state, cand)} {state.cards.offices[office].name}")
    state.order.pop(0)
    goto(state, "setup_draft_next")


# -- each turn: reveal, shortfall, draft -----------------------------------------------------


def _need(state: State) -> int:
    return CARDS_PER_PLAYER * len(state.players)


def refill_deck(state: State) -> bool:
    """Shuffle the discards into a new deck if the deck is empty; False if nothing to use."""
    if state.deck:
        return True
    if not state.discard:
        return False
    state.deck = state.discard
    state.discard = []
    dice.shuffle(state.rng, state.deck)
    log(state, f"The discards are shuffled into a new deck of {len(state.deck)} cards")
    return True


@automatic("begin_turn", goes=("shortfall_next", "draft_next"))
def _begin_turn(state: State) -> None:
    state.turn += 1
    log(state, f"Turn {state.turn}: {state.players[state.dealer].role} deals")
    # R14: the deal uses the deck only; the discards are gathered at the end of step 1.
    while len(state.revealed) < _need(state) and state.deck:
        state.revealed.append(state.deck.pop(0))
    state.reveals += 1
    if len(state.revealed) < _need(state):
        log(state, "Not enough cards: each player takes one from the player to his left")
        state.order = clockwise_from_dealer(state)
        goto(state, "shortfall_next")
        return
    _start_draft(state)


def _start_draft(state: State) -> None:
    first = clockwise_from_dealer(state)
    state.order = first + first[::-1] + first
    goto(state, "draft_next")


def _left(state: State, role: str) -> str:
    i = seat(state, role)
    return state.players[(i + 1) % len(state.players)].role


def shortfall_choices(state: State, role: str) -> list[Action]:
    """Cards ``role`` may move to the middle: one on the left neighbour's candidates, or
    a random one from his hand (``take_card hand``)."""
    left = player(state, _left(state, role))
    out = [Action("take_card", c) for cand in left.candidates for c in state.played_on[cand]]
    if left.hand:
        out.append(Action("take_card", "hand"))
    return sorted(out)


@automatic("shortfall_next", goes=("shortfall", "draft_next"))
def _shortfall_next(state: State) -> None:
    # R14: every player takes a card in each round; enough cards are checked between rounds.
    while state.order and not shortfall_choices(state, state.order[0]):
        state.order.pop(0)
    if state.order:
        goto(state, "shortfall")
        return
    if len(state.revealed) >= _need(state):
        _start_draft(state)
        return
    if any(shortfall_choices(state, p.role) for p in state.players):
        state.order = clockwise_from_dealer(state)
        return
    log(state, "Nobody has a card left to take: the draft goes on with fewer cards")
    _start_draft(state)


@lists(
    "shortfall",
    "Move a card of the player to your left to the middle",
    _first_in_order,
    goes=("shortfall_next",),
)
def _list_shortfall(state: State, role: str) -> list[Action]:
    return shortfall_choices(state, role)


@handles("take_card", step="shortfall", args=[("influence",), ("hand",)])
def _take_card(state: State, role: str, arg: Any) -> None:
    left = player(state, _left(state, role))
    if arg == "hand":
        card = left.hand.pop(dice.randbelow(state.rng, len(left.hand)))
        state.reveals += 1
        where = "hand"
    else:
        card = arg
        for cand in left.candidates:
            if card in state.played_on[cand]:
                state.played_on[cand].remove(card)
        where = "candidates"
    state.revealed.append(card)
    log(state, f"{role} moves {card_name(state, card)} from {left.role}'s {where} to the middle")
    state.order.pop(0)
    goto(state, "shortfall_next")


def draft_choices(state: State, role: str) -> list[Action]:
    """Revealed cards ``role`` may take. A candidate only if nobody has fewer candidates
    than he does, unless only candidates are left."""
    mine = len(player(state, role).candidates)
    behind = any(len(p.candidates) < mine for p in state.players if p.role != role)
    cards = state.revealed
    if behind and not all(is_candidate(state, c) for c in cards):
        cards = [c for c in cards if not is_candidate(state, c)]
    return [_DRAFT[c] for c in sorted(set(cards))]


#: Draft actions by card, built once.
_DRAFT = SharedActions("draft")


@automatic("draft_next", goes=("draft", "start_auction"))
def _draft_next(state: State) -> None:
    if state.order and state.revealed:
        goto(state, "draft")
        return
    # R14: the deal took every card the deck had (nothing enters the deck during the
    # draft), so the deck ran out this step and the discards are gathered at its end.
    exhausted = not state.deck
    if state.revealed:
        # Surplus from the shortfall rule re-forms the deck.
        extra = state.revealed
        state.revealed = []
        dice.shuffle(state.rng, extra)
        state.deck = extra + state.deck
        log(state, f"{len(extra)} cards left over re-form the deck")
    state.order = []
    if exhausted and state.deck and state.discard:
        # The left-over cards and the discards are shuffled together into the new deck.
        state.deck += state.discard
        state.discard = []
        dice.shuffle(state.rng, state.deck)
        log(state, f"The discards are shuffled in with them: a new deck of {len(state.deck)} cards")
    refill_deck(state)  # an empty deck is rebuilt from the discards
    goto(state, "start_auction")


@lists("draft", "Draft one of the revealed cards", _first_in_order, goes=("draft_next",))
def _list_draft(state: State, role: str) -> list[Action]:
    return draft_choices(state, role)


@handles("draft", step="draft", args=("draftable",))
def _draft(state: State, role: str, arg: Any) -> None:
    state.revealed.remove(arg)
    p = player(state, role)
    if is_candidate(state, arg):
        p.candidates.append(arg)
        state.played_on[arg] = []
        log(state, f"{role} drafts {card_name(state, arg)} into play")
    else:
        p.hand.append(arg)
        log(state, f"{role} drafts {card_name(state, arg)}")
    state.order.pop(0)
    goto(state, "draft_next")
