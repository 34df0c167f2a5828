"""Cards for the heuristic bots: what to buy, what to trash, which cards to take in hand."""

from __future__ import annotations

from collections import Counter

from crisis.ai.toc import pools
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import Profile
from crisis.engine.action import Action
from crisis.games.time_of_crisis import data

#: How much a card's event adds to its face value (the project's estimate).
EVENT_WORTH: dict[str, float] = {
    "castra": 0.3,
    "flanking_maneuver": 0.4,
    "praetorian_guard": 0.6,
    "tribute": 0.4,
    "foederati": 0.6,
    "damnatio_memoriae": 0.2,
    "quaestor": 0.3,
    "mob": 0.6,
    "pretender": 0.0,
    "cavalry": 0.4,
    "force_march": 0.3,
    "spiculum": 0.5,
    "princeps_senatus": 0.8,
    "frumentarii": 0.1,
    "triumph": 0.6,
    "ambitus": 0.6,
    "mobile_vulgus": 0.9,
    "demagogue": 0.7,
    "damnatio_memoriae_ii": 0.2,
}
TRASH_COST = 3
MIN_DECK = 9


def worth(cid: str, prof: Profile) -> float:
    """What a card is worth to this faction."""
    card = data.INFLUENCE[cid]
    bonus = EVENT_WORTH.get(cid, 0.0) + prof.favourites.get(cid, 0.0)
    return card.value * prof.suits[card.suit] + bonus


def deck(o: Obs) -> list[str]:
    """All my cards (hand, Available, Discard and those played this turn)."""
    p = o.p
    played = o.turn["played"] if o.v["current"] == o.me else []
    return [*p["hand"], *p["available"], *p["discard"], *played]


def choose_buy(o: Obs, actions: list[Action], prof: Profile) -> Action:
    """Buy the most valuable card on offer, then trash weak cards, then stop."""
    buys = [a for a in actions if a.verb == "buy"]
    if buys:
        best = max(buys, key=lambda a: (worth(str(a.arg), prof), str(a.arg)))
        if o.turn["bought"] == 0 or data.INFLUENCE[str(best.arg)].value >= 3:
            return best
    trashes = [a for a in actions if a.verb == "trash"]
    mine = deck(o)
    if trashes and len(mine) > MIN_DECK and o.turn["political"] >= TRASH_COST:
        ones = [a for a in trashes if data.INFLUENCE[str(a.arg)].value == 1]
        counts = Counter(data.INFLUENCE[c].suit for c in mine)
        if ones and len(mine) > 12:
            return min(
                ones,
                key=lambda a: (
                    prof.suits[data.INFLUENCE[str(a.arg)].suit] - 0.1 * counts[str(a.arg)[:-1]],
                    str(a.arg),
                ),
            )
    for a in actions:
        if a.verb == "end_buy":
            return a
    return actions[-1]


def choose_card(o: Obs, actions: list[Action], prof: Profile) -> Action:
    """Take the card that completes the hand buying most next turn (see :mod:`pools`)."""
    picks = max(1, int(o.v["choosing"].get(o.me, 1)))
    fixed: dict[str, int] = {s: 0 for s in pools.SUITS}
    for cid in o.p["hand"]:
        card = data.INFLUENCE[cid]
        fixed[card.suit] += card.value
    ranked = sorted(o.p["available"], key=lambda c: (-data.INFLUENCE[c].value, -worth(c, prof), c))
    cards = {
        s: [data.INFLUENCE[c].value for c in ranked if data.INFLUENCE[c].suit == s]
        for s in pools.SUITS
    }
    split = pools.best_split(pools.hand_curves(o, prof), fixed, cards, picks)
    legal = {str(a.arg): a for a in actions}
    for cid in ranked:
        if split.get(data.INFLUENCE[cid].suit, 0) > 0 and cid in legal:
            return legal[cid]
    return max(actions, key=lambda a: (worth(str(a.arg), prof), str(a.arg)))
