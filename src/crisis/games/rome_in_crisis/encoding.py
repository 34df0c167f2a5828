"""Fixed action catalog and observation vector for research adapters.

The catalog is derived from the verbs the rules declare and the card data only (never from a
game): every verb with every argument its declared domains allow. The observation reads
only a view, so it cannot leak hidden cards.
"""

from __future__ import annotations

from array import array
from typing import Any, cast

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.crises import standings
from crisis.games.rome_in_crisis.election import worth
from crisis.games.rome_in_crisis.printed import printed
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.rules import parse_options
from crisis.games.rome_in_crisis.state import ROLES, State
from crisis.games.rome_in_crisis.views import places

STEPS: tuple[str, ...] = (
    "choose_method", "setup_draft", "shortfall", "draft", "nominate", "bidding",
    "office_order", "appoint", "transfer", "mount", "address", "emperor_cards", "cancel",
    "discard", "legatus", "legatus_cards", "choose_dealer", "over",
)  # fmt: skip
# Where an influence card can be, as the viewer sees it.
_PLACES = ("hand", "mine", "theirs", "crisis", "loose", "revealed", "discard", "chosen")
_CAND_PLACES = ("pool", "revealed", "deck", "discard", "removed")
_SEATS = len(ROLES)


def domains(options: dict[str, Any] | None = None) -> dict[str, list[Any]]:
    """The values of every argument domain the verbs declare (``@handles(..., args=...)``),
    for a game with ``options``: the action catalog combines them."""
    opts, cards = parse_options(options)
    infl = sorted(cards.influence)
    cands = list(cards.candidates)
    return {
        "method": list(data.METHODS),
        "draftable": sorted(infl + cands),
        "draft_office": list(data.OFFICES[1:]),
        "candidate": cands,
        "influence": infl,
        "hand": ["hand"],
        "goths": [c for c in infl if cards.influence[c].suit == "goths"],
        "lesser_office": list(data.LESSER),
        "crisis": list(data.CRISES),
        "war": list(data.WARS),
        "seat": list(ROLES[: opts.players]),
    }


def action_catalog(options: dict[str, Any] | None = None) -> list[Action]:
    """Every action that can ever be legal with these options, in a fixed order: the
    declared verbs (alphabetically) with every value of their argument domains."""
    return RULES.catalog(domains(options), {})


#: Where each block of the observation starts: the header (step, method, active, dealer,
#: counts), the seats from the viewer's, the crises, the Emperor's or Legatus's address, then
#: one block per influence card and one per candidate (their numbers depend on the card set).
_HEADER = len(STEPS) + len(data.METHODS) + 1 + _SEATS + 4
_SEAT_FIELDS = 6
_CRISES0 = _HEADER + _SEATS * _SEAT_FIELDS
_ADDRESS0 = _CRISES0 + len(data.CRISES) * 3
_CARDS0 = _ADDRESS0 + 2 + len(data.CRISES) + 2
_PER_CAND = 1 + len(_CAND_PLACES) + 1 + _SEATS + len(data.OFFICES) + 1
_ZEROS: dict[int, array[float]] = {}
_STEP_AT = {s: i for i, s in enumerate(STEPS)}
_CRISIS_AT = {k: _CRISES0 + 3 * i for i, k in enumerate(data.CRISES)}


def observation_size(options: dict[str, Any] | None = None) -> int:
    """The length of :func:`observe`'s vector."""
    _, cards = parse_options(options)
    return _CARDS0 + len(_PLACES) * len(cards.influence) + _PER_CAND * len(cards.candidates)


def _card_set(options: dict[str, Any]) -> data.CardSet:
    """The card set of a view's options (the default one without a look at the rest)."""
    return data.DEFAULT if options.get("cards") is None else parse_options(options)[1]


def observe(view: dict[str, Any], role: str) -> array[float]:
    """``role``'s view as a fixed-length vector of doubles (seats relative to the viewer),
    an ``array`` the adapters take in one step; only its non-zero entries are written."""
    cards = _card_set(view["options"])
    order = printed(cards).influence_order
    size = _CARDS0 + len(_PLACES) * len(order) + _PER_CAND * len(view["candidates"])
    if size not in _ZEROS:
        _ZEROS[size] = array("d", bytes(8 * size))
    buf = _ZEROS[size][:]
    out = cast("memoryview[float]", memoryview(buf))
    players = view["players"]
    seats = [p["role"] for p in players]
    me = seats.index(role)
    n = len(seats)
    rel = {r: (i - me) % n for i, r in enumerate(seats)}
    step = _STEP_AT.get(view["step"])
    if step is not None:
        out[step] = 1.0
    at = len(STEPS)
    if view["method"]:
        out[at + data.METHODS.index(view["method"])] = 1.0
    at += len(data.METHODS)
    out[at] = role in view["active"]
    out[at + 1 + rel[view["dealer"]]] = 1.0
    at += 1 + _SEATS
    counts = [view["turn"] / 20, view["removals"] / 2, view["deck_count"] / 58]
    out[at : at + 4] = array("d", [*counts, view["discard_count"] / 58])
    auction = view["auction"] or {}
    dropped, nominees = auction.get("dropped", []), auction.get("nominees", {})
    for k in range(n):
        p = players[(me + k) % n]
        r = p["role"]
        at = _HEADER + k * _SEAT_FIELDS
        out[at : at + _SEAT_FIELDS] = array("d", [p["vp"] / 20, p["hand_count"] / 10,
            len(p["candidates"]) / 4, p["chosen"], r in dropped, r in nominees])  # fmt: skip
    for c in view["crises"]:
        at = _CRISIS_AT[c["type"]]
        out[at : at + 3] = array("d", [c["total"] / 30, len(c["cards"]) / 10, c["rank"] / 4])
    address = view["address"]
    if address:
        out[_ADDRESS0 + ("emperor", "legatus").index(address["who"])] = 1.0
        if address.get("crisis"):
            out[_ADDRESS0 + 2 + data.CRISES.index(address["crisis"])] = 1.0
        at = _ADDRESS0 + 2 + len(data.CRISES)
        out[at] = address.get("total", 0) / 30
        out[at + 1] = address.get("target", 0) / 30
    _influence(view, set(players[me]["candidates"]), order, out)
    _candidates(view, rel, _CARDS0 + len(_PLACES) * len(order), out)
    return buf


def observe_state(state: State, role: str) -> array[float]:
    """The same vector as :func:`observe` of ``role``'s lean view, read from the state
    without building the view (the research adapters' every step).

    It reads exactly what the view shows ``role`` (its own hand and face-down crisis card,
    other hands as counts, never the deck's order): ``tests/rl/test_observe_state.py``
    checks it equals :func:`observe` of the view, entry for entry, over random games of every
    size, for every seat."""
    cards = state.cards
    order = printed(cards).influence_order
    size = _CARDS0 + len(_PLACES) * len(order) + _PER_CAND * len(cards.candidates)
    if size not in _ZEROS:
        _ZEROS[size] = array("d", bytes(8 * size))
    buf = _ZEROS[size][:]
    out = cast("memoryview[float]", memoryview(buf))
    players = state.players
    seats = [p.role for p in players]
    me = seats.index(role)
    n = len(seats)
    rel = {r: (i - me) % n for i, r in enumerate(seats)}
    step = _STEP_AT.get(state.step)
    if step is not None:
        out[step] = 1.0
    at = len(STEPS)
    if state.method:
        out[at + data.METHODS.index(state.method)] = 1.0
    at += len(data.METHODS)
    out[at] = role in RULES.active(state)
    out[at + 1 + rel[seats[state.dealer]]] = 1.0
    at += 1 + _SEATS
    counts = [state.turn / 20, state.removals / 2, len(state.deck) / 58]
    out[at : at + 4] = array("d", [*counts, len(state.discard) / 58])
    auction = state.auction
    dropped = auction.dropped if auction is not None else ()
    nominees = auction.nominees if auction is not None else {}
    chosen = state.chosen
    for k in range(n):
        p = players[(me + k) % n]
        r = p.role
        at = _HEADER + k * _SEAT_FIELDS
        out[at : at + _SEAT_FIELDS] = array("d", [p.vp / 20, len(p.hand) / 10,
            len(p.candidates) / 4, r in chosen, r in dropped, r in nominees])  # fmt: skip
    for rank, (kind, strength) in enumerate(standings(state), start=1):
        at = _CRISIS_AT[kind]
        held = state.crises[kind]
        out[at : at + 3] = array("d", [strength / 30, len(held) / 10, rank / 4])
    address = state.address
    if address is not None:
        out[_ADDRESS0 + ("emperor", "legatus").index(address.who)] = 1.0
        if address.crisis:
            out[_ADDRESS0 + 2 + data.CRISES.index(address.crisis)] = 1.0
        at = _ADDRESS0 + 2 + len(data.CRISES)
        out[at] = address.total / 30
        out[at + 1] = address.target / 30
    # Where the viewer sees each influence card (the order of _influence's writes).
    mine = set(players[me].candidates)
    where: dict[str, int] = dict.fromkeys(players[me].hand, 0)
    for cand, on in state.played_on.items():
        for c in on:
            where[c] = 1 if cand in mine else 2
    for held in state.crises.values():
        for c in held:
            where[c] = 3
    for c in state.loose_gold:
        where[c] = 4
    for c in state.revealed:
        where[c] = 5
    for c in state.discard:
        where[c] = 6
    secret = chosen.get(role)
    if secret:
        where[secret] = 7
    for c, w in where.items():
        i = order.get(c)
        if i is not None:
            out[_CARDS0 + len(_PLACES) * i + w] = 1.0
    _state_candidates(state, rel, _CARDS0 + len(_PLACES) * len(order), out)
    return buf


def _state_candidates(state: State, rel: dict[str, int], at: int, out: memoryview[float]) -> None:
    """:func:`_candidates` read from the state."""
    owners = {c: p.role for p in state.players for c in p.candidates}
    where_is = places(state, owners)
    offices = {h: o for o, h in state.offices.items() if h}
    faces, method, emperor = state.faces, state.method, state.emperor
    for cid in state.cards.candidates:
        if faces.get(cid, "a") == "b":
            out[at] = 1.0
        where = where_is.get(cid, "deck")
        place = _PLACE_AT.get(where)
        if place is not None:
            out[at + place] = 1.0
        if cid == emperor:
            out[at + _EMPEROR_AT] = 1.0
        owner = owners.get(cid)
        if owner is not None:
            out[at + _OWNER_AT + rel[owner]] = 1.0
        office = offices.get(cid)
        if office:
            out[at + _OFFICE_AT[office]] = 1.0
        if where == "play" and method is not None:
            value = worth(state, cid, method, office)
            if value:
                out[at + _PER_CAND - 1] = value / 20
        at += _PER_CAND


def _influence(
    view: dict[str, Any], mine: set[str], order: dict[str, int], out: memoryview[float]
) -> None:
    """Where the viewer (whose candidates are ``mine``) sees each influence card (``order``:
    each card's block)."""
    where: dict[str, int] = {}
    for c in view["hand"] or []:
        where[c] = 0
    for cand, on in view["played_on"].items():
        for c in on:
            where[c] = 1 if cand in mine else 2
    for cs in view["crisis_cards"].values():
        for c in cs:
            where[c] = 3
    for x in view["loose_gold"]:
        where[x["id"]] = 4
    for x in view["revealed"]:
        where[x["id"]] = 5
    for c in view["discard"]:
        where[c] = 6
    if view.get("my_crisis_card"):
        where[view["my_crisis_card"]] = 7
    for c, w in where.items():
        i = order.get(c)
        if i is not None:
            out[_CARDS0 + len(_PLACES) * i + w] = 1.0


#: Where a candidate's fields lie in his block.
_PLACE_AT = {p: 1 + i for i, p in enumerate(_CAND_PLACES)}
_EMPEROR_AT = 1 + len(_CAND_PLACES)
_OWNER_AT = 2 + len(_CAND_PLACES)
_OFFICE_AT = {o: _OWNER_AT + _SEATS + i for i, o in enumerate(data.OFFICES)}


def _candidates(view: dict[str, Any], rel: dict[str, int], at: int, out: memoryview[float]) -> None:
    """Each candidate's side, place, office, owner (from the viewer's seat) and worth."""
    offices = {o["holder"]: o["id"] for o in view["offices"] if o["holder"]}
    emperor = view["emperor"]
    for entry in view["candidates"]:
        cid = entry["id"]
        if entry["side"] == "B":
            out[at] = 1.0
        place = _PLACE_AT.get(entry["where"])
        if place is not None:
            out[at + place] = 1.0
        if cid == emperor:
            out[at + _EMPEROR_AT] = 1.0
        owner = entry["owner"]
        if owner is not None:
            out[at + _OWNER_AT + rel[owner]] = 1.0
        office = offices.get(cid)
        if office:
            out[at + _OFFICE_AT[office]] = 1.0
        worth = entry["worth"]
        if worth:
            out[at + _PER_CAND - 1] = worth / 20
        at += _PER_CAND
