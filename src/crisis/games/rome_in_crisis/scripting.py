"""Helpers to build positions for tests and studies: set hands, stack the deck, put
candidates in play and crises on the table, and jump to a step.

They move cards between places, so every card stays in exactly one place (the invariants
hold); what they cannot do is make a position the rules could never reach look legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crisis.games.rome_in_crisis.registry import RULES, advance
from crisis.games.rome_in_crisis.rules import setup
from crisis.games.rome_in_crisis.state import Auction, State, in_play, owner, player


def take(state: State, card: str) -> None:
    """Lift ``card`` from wherever it is (it is then nowhere until placed)."""
    for p in state.players:
        if card in p.hand:
            p.hand.remove(card)
            return
        if card in p.candidates:
            p.candidates.remove(card)
            state.played_on.pop(card, None)
            for office, holder in state.offices.items():
                if holder == card:
                    state.offices[office] = None
            return
    for on in state.played_on.values():
        if card in on:
            on.remove(card)
            return
    for kind, cards in list(state.crises.items()):
        if card in cards:
            cards.remove(card)
            if not cards:
                del state.crises[kind]
            return
    for pile in (state.deck, state.discard, state.revealed, state.loose_gold, state.pool,
                 state.removed):  # fmt: skip
        if card in pile:
            pile.remove(card)
            return
    for role, chosen in list(state.chosen.items()):
        if chosen == card:
            del state.chosen[role]
            return
    raise ValueError(f"card {card!r} is nowhere")


def set_hand(state: State, role: str, cards: Sequence[str]) -> None:
    """Give ``role`` exactly ``cards``; his old hand goes to the bottom of the deck."""
    p = player(state, role)
    old = list(p.hand)
    p.hand.clear()
    state.deck += old
    for c in cards:
        take(state, c)
        p.hand.append(c)


def stack_deck(state: State, cards: Sequence[str]) -> None:
    """Put ``cards`` on top of the deck in this order."""
    for c in cards:
        take(state, c)
    state.deck[:0] = list(cards)


def give_candidate(
    state: State, role: str, cand: str, *, side: str = "a", cards: Sequence[str] = ()
) -> None:
    """Put candidate ``cand`` into play for ``role`` on ``side`` with ``cards`` on him."""
    take(state, cand)
    state.faces[cand] = side
    player(state, role).candidates.append(cand)
    state.played_on[cand] = []
    for c in cards:
        take(state, c)
        state.played_on[cand].append(c)


def set_offices(state: State, holders: Mapping[str, str | None]) -> None:
    """Set office holders (candidates must be in play)."""
    for office, cand in holders.items():
        if cand is not None and cand not in in_play(state):
            raise ValueError(f"{cand} is not in play")
        state.offices[office] = cand


def set_crisis(state: State, kind: str, cards: Sequence[str]) -> None:
    """Make the ``kind`` crisis exactly ``cards``."""
    for c in list(state.crises.get(kind, [])):
        take(state, c)
        state.discard.append(c)
    for c in cards:
        take(state, c)
    if cards:
        state.crises[kind] = list(cards)


def quick_start(
    players: int = 4, *, seed: int = 0, dealer: str = "green", method: str = "military"
) -> State:
    """A game past the setup draft with no candidates in play: every candidate card in the
    deck, the lesser offices and the Legatus vacant, at the start of turn 1 (before the
    reveal). Use the helpers above to lay out the position, then :func:`goto`."""
    state = setup(seed, {"players": players, "dealer": dealer})
    state.method = method
    state.chooser = None
    state.deck += state.pool
    state.pool = []
    RULES.place(state, "begin_turn")
    return state


def goto(state: State, step: str, *, emperor: str | None = None) -> None:
    """Jump to ``step`` (e.g. ``start_auction``, ``offices_start``, ``mount_start``,
    ``address_start``) and run the automatic steps from there."""
    state.emperor = emperor
    if emperor is not None:
        state.auction = state.auction or Auction()
        state.last_emperor = owner(state, emperor)
    RULES.place(state, step)
    advance(state)
