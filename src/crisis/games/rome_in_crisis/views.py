"""What each role may see, as plain JSON data easy to draw (text.py draws it as text).

A view shows the viewer's own hand and face-down crisis card; other hands only as counts;
never the deck order, other face-down choices or the random generator.
"""

from __future__ import annotations

from typing import Any

import msgspec

from crisis.engine.machine import frame_data
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.crises import standings
from crisis.games.rome_in_crisis.draft import open_offices
from crisis.games.rome_in_crisis.election import leader, worth, worths
from crisis.games.rome_in_crisis.printed import Printed, printed
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.state import State, card_name


def card(state: State, cid: str) -> dict[str, Any]:
    """One card as drawn on the table."""
    entry = printed(state.cards).influence.get(cid)
    if entry is None:
        return {"id": cid, "kind": "candidate", "name": card_name(state, cid),
                "side": state.faces.get(cid, "a").upper()}  # fmt: skip
    return dict(entry)


def _cards(state: State, pr: Printed, ids: list[str], lean: bool = False) -> list[dict[str, Any]]:
    """Cards as :func:`card` draws them (``pr``: the game's printed texts); ``lean``: only
    their ids."""
    if lean:
        return [{"id": c} for c in ids]
    influence = pr.influence
    return [dict(influence[c]) if c in influence else card(state, c) for c in ids]


def places(state: State, owners: dict[str, str]) -> dict[str, str]:
    """Where each candidate card lies that is not in the deck (one pass per view), given
    ``owners`` (candidate -> the role that has him in play)."""
    out: dict[str, str] = {}
    for place in ("removed", "discard", "revealed", "pool"):  # the first listed wins
        for cid in getattr(state, place):
            out[cid] = place
    out.update(dict.fromkeys(owners, "play"))
    return out


def _candidates(
    state: State, pr: Printed, owners: dict[str, str], lean: bool = False
) -> list[dict[str, Any]]:
    """Every candidate card: its face (texts from ``pr``), where it lies, who owns it, his
    office, the cards on him and, in play once a method is chosen, his worth. ``lean``:
    only his id, side, place, owner, office and worth (what the observation reads)."""
    where_is = places(state, owners)
    held = {h: o for o, h in state.offices.items() if h is not None}
    faces, played_on, method = state.faces, state.played_on, state.method
    out = []
    for cid in state.cards.candidates:
        side = faces.get(cid, "a")
        if lean:
            entry = pr.lean_faces[cid, side].copy()
        else:
            entry = pr.faces[cid, side].copy()
            entry["ratings"] = entry["ratings"].copy()
            entry["cards"] = _cards(state, pr, played_on[cid]) if cid in played_on else []
        where = where_is.get(cid)
        if where is not None:  # not in the deck
            entry["where"] = where
            entry["owner"] = owners.get(cid)
        office = held.get(cid)
        if office is not None:
            entry["office"] = office
        if where == "play" and method is not None:
            entry["worth"] = worth(state, cid, method, office)
        out.append(entry)
    return out


def _crises(state: State, pr: Printed, lean: bool = False) -> list[dict[str, Any]]:
    return [
        {
            "type": k,
            "letter": data.LETTERS[k],
            "cards": _cards(state, pr, state.crises[k], lean),
            "total": strength,
            "rank": i + 1,
        }
        for i, (k, strength) in enumerate(standings(state))
    ]


def _names(state: State, pr: Printed, mine: str | None) -> dict[str, str]:
    """Printed names of the influence cards ``mine`` can see (never of a hidden one)."""
    seen = [*state.discard, *state.revealed, *state.loose_gold]
    seen += [c for cards in (*state.played_on.values(), *state.crises.values()) for c in cards]
    address = state.address
    if address is not None:
        seen += address.played + address.cancelled + address.picked
    if state.auction is not None:
        seen += state.auction.bid
    if mine is not None:
        seen += state.players[[p.role for p in state.players].index(mine)].hand
        if mine in state.chosen:
            seen.append(state.chosen[mine])
    names = pr.names
    return {c: names[c] for c in sorted(set(seen)) if c in names}


def _offices(state: State, lean: bool) -> list[dict[str, Any]]:
    """Each office, its terms and its holder (``lean``: its holder only)."""
    if lean:
        return [{"id": o, "holder": h} for o, h in state.offices.items()]
    return [
        {
            "id": o,
            "name": state.cards.offices[o].name,
            "category": state.cards.offices[o].category,
            "bonus": dict(state.cards.offices[o].bonus),
            "success": state.cards.offices[o].success,
            "holder": state.offices[o],
        }
        for o in state.offices
    ]


#: What a lean view (``view(..., lean=True)``) leaves out at its top: all but what the
#: observation reads.
LEAN_OMITS = frozenset(
    {"title", "provisional_data", "viewer", "stack", "prompt", "version", "reveals", "chooser",
     "scores", "faces", "open_offices", "card_names", "pool", "removed", "order",
     "pending_offices", "placing", "appointee", "received", "declined", "last_emperor",
     "result", "log"}
)  # fmt: skip


def view(state: State, role: str | None, active: list[str], lean: bool = False) -> dict[str, Any]:
    """The view of ``role`` (``None``: an observer); ``active`` is who may act now.

    ``lean``: leave out what the observation vector never reads: at the top
    :data:`LEAN_OMITS` (the prompt's text, the card names, the log ...); inside, each card's
    printed face but its id, each candidate's texts and the cards on him (shown in
    ``played_on`` too), each office's terms but its holder, and the bidders' worths and
    leader (worked out from the candidates). A learner's every step then does not pay for
    them; what is left is the same as in the full view."""
    seats = [p.role for p in state.players]
    mine = role if role in seats else None
    owners = {c: p.role for p in state.players for c in p.candidates}
    pr = printed(state.cards)
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "role": p.role,
            "vp": p.vp,
            "hand_count": len(p.hand),
            "candidates": list(p.candidates),
            "chosen": p.role in state.chosen,
        }
        if p.role == mine:
            entry["hand"] = sorted(p.hand)
        players.append(entry)
    auction = msgspec.to_builtins(state.auction) if state.auction else None
    if (
        not lean
        and auction is not None
        and state.auction is not None
        and state.auction.nominees
        and state.step in ("nominate", "bidding")
        and state.method
    ):
        auction["worths"] = worths(state)
        auction["leader"] = leader(state)
    # The procedure in progress is shown by its data, as before it had a frame: "address",
    # and "placing" and "appointee" below (determinize rebuilds the frames from them).
    running = state.address
    address = frame_data(running) if running is not None else None
    options = msgspec.to_builtins(state.options)
    out = {  # what the observation reads (a lean view stops here)
        "options": options,
        "active": list(active),
        "step": state.step,
        "turn": state.turn,
        "dealer": seats[state.dealer],
        "method": state.method,
        "players": players,
        "hand": sorted(state.players[seats.index(mine)].hand) if mine else None,
        "my_crisis_card": state.chosen.get(mine) if mine else None,
        "candidates": _candidates(state, pr, owners, lean),
        "played_on": {c: list(v) for c, v in state.played_on.items()},
        "offices": _offices(state, lean),
        "crises": _crises(state, pr, lean),
        "crisis_cards": {k: list(v) for k, v in state.crises.items()},
        "loose_gold": _cards(state, pr, state.loose_gold, lean),
        "revealed": _cards(state, pr, state.revealed, lean),
        "deck_count": len(state.deck),
        "discard": sorted(state.discard),
        "discard_count": len(state.discard),
        "removals": state.removals,
        "auction": auction,
        "address": address,
        "emperor": state.emperor,
    }
    if lean:
        return out
    out.update(
        {
            "title": "rome_in_crisis",
            "provisional_data": list(state.cards.provisional),
            "viewer": mine,
            # The return steps of calls without data of their own: none in this title.
            "stack": [],
            "prompt": RULES.prompt(state.step),
            "version": state.version,
            "reveals": state.reveals,
            "chooser": state.chooser,
            "scores": {p.role: p.vp for p in state.players},
            "faces": dict(state.faces),
            "open_offices": open_offices(state) if state.step == "setup_draft" else [],
            "card_names": _names(state, pr, mine),
            "pool": list(state.pool),
            "removed": list(state.removed),
            "order": list(state.order),
            "pending_offices": list(state.pending),
            "placing": state.placing,
            "appointee": state.appointee,
            "received": list(state.received),
            "declined": list(state.declined),
            "last_emperor": state.last_emperor,
            "result": state.final,
            "log": list(state.log),
        }
    )
    return out
