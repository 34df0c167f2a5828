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
    ``faces``: for each candidate and side ("a"/"b"), his view entry while he lies in the
    deck: name, side shown, the other side's name, ratings by method, ability and its text,
    and no place, owner, office, cards or worth (callers copy it, and its ratings).
    ``lean_faces``: the same entry in a lean view (id, side, place, owner, office, worth).
    ``worth_base``: for each candidate and side, what the face itself makes him worth in
    each election method: its rating plus its ability's election bonus.
    """

    __slots__ = ("faces", "influence", "influence_order", "lean_faces", "names", "worth_base")

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
        self.faces: dict[tuple[str, str], dict[str, Any]] = {}
        self.worth_base: dict[tuple[str, str], dict[str, int]] = {}
        self.lean_faces: dict[tuple[str, str], dict[str, Any]] = {}
        for cid, cand in cards.candidates.items():
            for side in ("a", "b"):
                f, other = (cand.b, cand.a) if side == "b" else (cand.a, cand.b)
                ratings = {m: f.rating(m) for m in data.METHODS}
                text = abilities.describe(f)
                self.faces[cid, side] = {
                    "id": cid,
                    "name": f.name,
                    "side": side.upper(),
                    "other_side": other.name,
                    "ratings": ratings,
                    "ability": f.ability,
                    "ability_text": text,
                    "where": "deck",
                    "owner": None,
                    "office": None,
                    "cards": [],
                    "worth": None,
                }
                self.lean_faces[cid, side] = {
                    k: self.faces[cid, side][k]
                    for k in ("id", "side", "where", "owner", "office", "worth")
                }
                self.worth_base[cid, side] = {
                    m: ratings[m] + abilities.election_bonus(f, m) for m in data.METHODS
                }


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
