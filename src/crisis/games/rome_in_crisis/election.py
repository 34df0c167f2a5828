"""Choosing the selection method, and the Emperor election (steps 2 and 3).

Military elections count Goths, Persians, Palmyra and Gold cards, SPQR elections SPQR and
Gold, Praetorian elections Gold only (ruling R2).
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action, SharedActions
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.draft import snake
from crisis.games.rome_in_crisis.printed import printed
from crisis.games.rome_in_crisis.registry import RULES, automatic, goto, handles, lists, narrows
from crisis.games.rome_in_crisis.state import (
    Auction,
    State,
    card_name,
    clockwise_from_dealer,
    face,
    from_left_of,
    log,
    office_of,
    player,
    seat,
    suit,
    value,
)

COUNTS_IN: dict[str, frozenset[str]] = {
    "military": frozenset({*data.WARS, "gold"}),
    "spqr": frozenset({"spqr", "gold"}),
    "praetorian": frozenset({"gold"}),
}


#: The decision steps of an election, while its nominees stand (a table shows them then).
ELECTION_STEPS: tuple[str, ...] = ("nominate", "bidding")


def counts(state: State, card: str, method: str) -> bool:
    """Whether an influence card adds to a candidate's worth in a ``method`` election."""
    return suit(state, card) in COUNTS_IN[method]


#: :func:`worth`'s ``office`` when the caller has not looked it up.
_LOOK_UP = "?"


def worth(state: State, cand: str, method: str, office: str | None = _LOOK_UP) -> int:
    """Rating + office bonus + ability bonus + matching cards on him, for ``method``.

    ``office``: the office he holds, if the caller already knows it (a view asks for every
    candidate in play and finds every holder at once)."""
    cards = state.cards
    base = printed(cards).worth_base[cand, state.faces.get(cand, "a")][method]
    if office == _LOOK_UP:
        office = office_of(state, cand)
    bonus = cards.offices[office].bonus[method] if office else 0
    influence, matching = cards.influence, COUNTS_IN[method]  # as counts() reads them
    for c in state.played_on[cand]:
        card = influence[c]
        if card.suit in matching:
            bonus += card.value
    return base + bonus


def _chooser(state: State) -> list[str]:
    return [state.chooser] if state.chooser else []


# -- selection method -------------------------------------------------------------------------


@lists(
    "choose_method",
    "Choose how the next Emperor is selected",
    _chooser,
    goes=("setup_draft_next", "offices_start"),
)
def _list_method(state: State, role: str) -> list[Action]:
    return [Action("choose_method", m) for m in data.METHODS if m != state.method]


@handles("choose_method", step="choose_method", args=("method",))
def _choose_method(state: State, role: str, arg: Any) -> None:
    state.method = arg
    state.chooser = None
    log(state, f"{role} sets the selection method to {arg}")
    if state.turn == 0:
        state.order = snake(state, 12)
        goto(state, "setup_draft_next")
    else:
        goto(state, "offices_start")


# -- nominations ------------------------------------------------------------------------------


def eligible(state: State, role: str) -> list[str]:
    """``role``'s candidates who may stand (non-zero rating, unless nobody has one)."""
    auction = state.auction
    assert auction is not None and state.method is not None
    mine = player(state, role).candidates
    if auction.eligible_all:
        return list(mine)
    return [c for c in mine if face(state, c).rating(state.method) > 0]


@automatic("start_auction", goes=("nominations",))
def _start_auction(state: State) -> None:
    method = state.method
    assert method is not None
    everyone = [c for p in state.players for c in p.candidates]
    any_rated = any(face(state, c).rating(method) > 0 for c in everyone)
    state.auction = Auction(eligible_all=not any_rated, nominating=clockwise_from_dealer(state))
    if not everyone:  # R1: no election, no new method, no Emperor and no Legatus
        log(state, f"No candidates in play: no Emperor this turn; the method stays {method}")
    elif not any_rated:
        log(state, f"No candidate has a {method} rating: all may stand this turn")
    goto(state, "nominations")


@automatic("nominations", goes=("nominate", "choose_method", "offices_start", "bidding"))
def _nominations(state: State) -> None:
    auction = state.auction
    assert auction is not None
    while auction.nominating:
        role = auction.nominating[0]
        if not eligible(state, role):
            auction.nominating.pop(0)
            auction.dropped.append(role)
            log(state, f"{role} has no candidate to put forward")
        elif not RULES.offer(state, "nominate"):
            return  # the player chooses; one candidate was put forward at once instead
    if not auction.nominees:
        # R1: with no candidate at all there is no auction, so nobody "passed" in it: the
        # selection method stays for the next turn (step 3 is not conducted); crises mount.
        goto(state, "offices_start")
        return
    first = leader(state)
    auction.bidder = _next_bidder(state, first, first)
    if auction.bidder is None:
        _crown(state, first)
    else:
        goto(state, "bidding")


def _nominate_now(state: State, role: str, cand: str) -> None:
    assert state.auction is not None and state.method is not None
    state.auction.nominees[role] = cand
    log(
        state,
        f"{role} puts forward {card_name(state, cand)} (worth {worth(state, cand, state.method)})",
    )


def _nominator(state: State) -> list[str]:
    return state.auction.nominating[:1] if state.auction else []


@lists(
    "nominate", "Put forward one of your candidates for Emperor", _nominator, goes=("nominations",)
)
def _list_nominate(state: State, role: str) -> list[Action]:
    return [Action("nominate", c) for c in eligible(state, role)]


@handles("nominate", step="nominate", args=("candidate",))
def _nominate(state: State, role: str, arg: Any) -> None:
    assert state.auction is not None
    state.auction.nominating.pop(0)
    _nominate_now(state, role, arg)
    goto(state, "nominations")


# -- bidding ----------------------------------------------------------------------------------


def worths(state: State) -> dict[str, int]:
    """Each nominee's current worth, by role."""
    assert state.auction is not None and state.method is not None
    held: dict[str | None, str] = {}
    for office, holder in state.offices.items():
        held.setdefault(holder, office)  # the first office each holds, as office_of finds
    method = state.method
    return {r: worth(state, c, method, held.get(c)) for r, c in state.auction.nominees.items()}


def leader(state: State) -> str:
    """The role with the highest worth; ties go to the first left of the dealer."""
    w = worths(state)
    order = [r for r in clockwise_from_dealer(state) if r in w]
    best = max(w.values())
    return next(r for r in order if w[r] == best)


def _next_bidder(state: State, after: str, leader: str) -> str | None:
    """The next role clockwise after ``after`` still in the election and not leading."""
    assert state.auction is not None
    for r in from_left_of(state, seat(state, after)):
        if r in state.auction.nominees and r not in state.auction.dropped and r != leader:
            return r
    return None


def _bidder(state: State) -> list[str]:
    b = state.auction.bidder if state.auction else None
    return [b] if b else []


def _standing(state: State, role: str) -> tuple[int, int]:
    """``role``'s nominee's worth and the best other nominee's (-1: none), from one
    reckoning of every worth."""
    w = worths(state)
    return w[role], max((x for r, x in w.items() if r != role), default=-1)


def bid_choices(state: State, role: str) -> list[Action]:
    """Pass (before playing anything), a matching card that can still lead to a winning
    bid with one card kept in hand, or done once the bid beats every other nominee."""
    return [a for a, why in bid_options(state, role, explain=False) if why is None]


def bid_options(
    state: State, role: str, *, explain: bool = True
) -> list[tuple[Action, str | None]]:
    """Every bid of a card in ``role``'s hand, ``done`` and ``pass``, each with why it may not
    be taken now (None: it may): the one reckoning behind :func:`bid_choices` and the
    reasons a client shows beside the cards it greys. Without ``explain`` the reasons are
    only "no" (the legal actions are all a search needs, and they are asked for often)."""
    auction = state.auction
    assert auction is not None and state.method is not None
    method = state.method
    hand = player(state, role).hand
    mine, rival = _standing(state, role)
    out: list[tuple[Action, str | None]] = []
    held = _reach(state, hand, method)
    for card in sorted(set(hand)):
        why = _why_not_bid(state, card, hand, method, mine, rival, explain=explain, held=held)
        out.append((_BID[card], why))
    if auction.bid:
        lead = None if mine > rival else f"your candidate must lead: {mine} against {rival}"
        out.append((Action("done"), lead))
    else:
        out.append((Action("pass"), None))
    return out


def _reach(state: State, hand: list[Any], method: str) -> tuple[int, list[int] | None]:
    """What ``hand`` holds for a ``method`` election: the total value of its cards that
    count, and, when every card counts, all their values, lowest first (else None)."""
    values = [value(state, c) for c in hand if counts(state, c, method)]
    every = sorted(values) if len(values) == len(hand) else None
    return sum(values), every


#: Bid actions by card, built once (a hand is listed at every bid).
_BID = SharedActions("bid")


def _why_not_bid(
    state: State,
    card: Any,
    hand: list[Any],
    method: str,
    mine: int,
    rival: int,
    *,
    explain: bool,
    held: tuple[int, list[int] | None] | None = None,
) -> str | None:
    """Why bidding ``card`` from ``hand`` may not be done now (None: it may), with the
    candidate's worth ``mine`` and the best rival's ``rival`` (``held``: :func:`_reach` of
    ``hand``, when the caller asks about several cards of it)."""
    if len(hand) < 2:
        return "your last card must stay in your hand"
    if not counts(state, card, method):
        method_name = data.METHOD_NAMES[method]
        if not explain:
            return "no"
        return f"{card_name(state, card)} does not count in a {method_name} election"
    # At best: ``card``, then every other card that counts, less one card kept in hand
    # (the lowest of the rest) when all of them count.
    total, every = held if held is not None else _reach(state, hand, method)
    best = mine + total
    if every is not None:
        best -= every[1] if value(state, card) == every[0] else every[0]
    if best <= rival:
        return f"at best your candidate reaches {best}, not above {rival}"
    return None


@narrows("bidding", ("bid",))
def _one_bid(state: State, role: str, action: Action) -> list[Action]:
    """The bid ``action`` names, if :func:`bid_choices` lists it."""
    hand = player(state, role).hand
    if state.auction is None or state.method is None or action.arg not in hand:
        return []
    mine, rival = _standing(state, role)
    why = _why_not_bid(state, action.arg, hand, state.method, mine, rival, explain=False)
    return [] if why is not None else [Action("bid", action.arg)]


@lists(
    "bidding",
    "Play cards on your candidate to lead the election, or pass",
    _bidder,
    goes=("choose_method",),
)
def _list_bid(state: State, role: str) -> list[Action]:
    return bid_choices(state, role)


@handles("bid", step="bidding", args=("influence",))
def _bid(state: State, role: str, arg: Any) -> None:
    assert state.auction is not None
    player(state, role).hand.remove(arg)
    state.played_on[state.auction.nominees[role]].append(arg)
    state.auction.bid.append(arg)
    log(state, f"{role} plays {card_name(state, arg)}")


@handles("done", step="bidding", ends="step")
def _done(state: State, role: str, arg: Any) -> None:
    auction = state.auction
    assert auction is not None
    auction.bid = []
    log(state, f"{role} leads with {worths(state)[role]}")
    _move_on(state, role)


@handles("pass", step="bidding", ends="step")
def _pass(state: State, role: str, arg: Any) -> None:
    assert state.auction is not None
    state.auction.dropped.append(role)
    log(state, f"{role} passes")
    _move_on(state, role)


def _move_on(state: State, role: str) -> None:
    auction = state.auction
    assert auction is not None
    ahead = leader(state)
    auction.bidder = _next_bidder(state, role, ahead)
    if auction.bidder is None:
        _crown(state, ahead)


def _crown(state: State, leader: str) -> None:
    auction = state.auction
    assert auction is not None
    state.emperor = auction.nominees[leader]
    state.last_emperor = leader
    log(state, f"{card_name(state, state.emperor)} ({leader}) becomes Emperor")
    state.chooser = auction.dropped[0]
    goto(state, "choose_method")
