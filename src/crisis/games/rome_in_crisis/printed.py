"""What a card set prints, worked out once per set instead of on every view.

Views and log lines name cards and describe candidate faces all the time; none of it changes
during a game, because a game's :class:`~crisis.games.rome_in_crisis.data.CardSet` is a frozen
struct that nothing mutates (``copy_state`` shares it between copies). :func:`printed` keeps
the derived texts of the last few sets, found by the set's identity.
"""

from __future__ import annotations

from typing import Any

from crisis.games.rome_in_crisis import abilities, data
from crisis.games.rome_in_crisis.data import CardSet

#: Card sets whose texts are kept (a server may hold many games; each set is small).
KEEP = 64


class Printed:
    """The printed texts of one card set.

    ``names``: each influence card's name ("Goths 4").
    ``influence``: each influence card's view entry (callers copy it).
    ``influence_order``: each influence card's place in id order (the observation's).
    ``faces``: for each candidate and side ("a"/"b"), the static part of his view entry:
    name, side shown, the other side's name, ratings by method, ability and its text.
    """

    __slots__ = ("faces", "influence", "influence_order", "names")

    def __init__(self, cards: CardSet) -> None:
        self.names: dict[str, str] = {
            cid: f"{cards.suit_names[c.suit]} {c.value}" for cid, c in cards.influence.items()
        }
        self.influence: dict[str, dict[str, Any]] = {
            cid: {"id": cid, "kind": "influence", "suit": c.suit, "value": c.value}
            for cid, c in cards.influence.items()
        }
        self.influence_order = {cid: i for i, cid in enumerate(sorted(cards.influence))}
        for cid, entry in self.influence.items():
            entry["name"] = self.names[cid]
        self.faces: dict[tuple[str, str], tuple[str, str, str, dict[str, int], str, str]] = {}
        for cid, cand in cards.candidates.items():
            for side in ("a", "b"):
                f, other = (cand.b, cand.a) if side == "b" else (cand.a, cand.b)
                ratings = {m: f.rating(m) for m in data.METHODS}
                text = abilities.describe(f)
                self.faces[cid, side] = (f.name, side.upper(), other.name, ratings, f.ability, text)


_KEPT: dict[int, tuple[CardSet, Printed]] = {}


def printed(cards: CardSet) -> Printed:
    """The printed texts of ``cards`` (computed on first use, then kept)."""
    hit = _KEPT.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    if len(_KEPT) >= KEEP:
        _KEPT.clear()
    out = Printed(cards)
    _KEPT[id(cards)] = (cards, out)
    return out
