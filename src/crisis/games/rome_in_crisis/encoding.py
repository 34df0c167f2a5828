"""Fixed action catalog and observation vector for research adapters.

The catalog is derived from the verbs the rules declare and the card data only (never from a
game): every verb with every argument its declared domains allow. The observation reads
only a view, so it cannot leak hidden cards.
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.rules import parse_options
from crisis.games.rome_in_crisis.state import ROLES

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


def observation_size(options: dict[str, Any] | None = None) -> int:
    """The length of :func:`observe`'s vector."""
    _, cards = parse_options(options)
    per_card = len(_PLACES)
    per_cand = 1 + len(_CAND_PLACES) + 1 + _SEATS + len(data.OFFICES) + 1
    header = len(STEPS) + len(data.METHODS) + 1 + _SEATS + 4
    seats = _SEATS * 6
    crisis = len(data.CRISES) * 3 + 2 + len(data.CRISES) + 2
    return (
        header + seats + crisis + per_card * len(cards.influence) + per_cand * len(cards.candidates)
    )


def _onehot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def observe(view: dict[str, Any], role: str) -> list[float]:
    """``role``'s view as a fixed-length vector (seats relative to the viewer)."""
    _, cards = parse_options(view["options"])
    seats = [p["role"] for p in view["players"]]
    me = seats.index(role)
    n = len(seats)

    def rel(r: str | None) -> int | None:
        return None if r is None else (seats.index(r) - me) % n

    vec: list[float] = []
    vec += _onehot(len(STEPS), STEPS.index(view["step"]) if view["step"] in STEPS else None)
    vec += _onehot(
        len(data.METHODS), data.METHODS.index(view["method"]) if view["method"] else None
    )
    vec.append(1.0 if role in view["active"] else 0.0)
    vec += _onehot(_SEATS, rel(view["dealer"]))
    vec += [view["turn"] / 20, view["removals"] / 2, view["deck_count"] / 58,
            view["discard_count"] / 58]  # fmt: skip
    auction = view["auction"] or {}
    for k in range(_SEATS):
        p = view["players"][(me + k) % n] if k < n else None
        if p is None:
            vec += [0.0] * 6
            continue
        r = p["role"]
        vec += [p["vp"] / 20, p["hand_count"] / 10, len(p["candidates"]) / 4,
                1.0 if p["chosen"] else 0.0, 1.0 if r in auction.get("dropped", []) else 0.0,
                1.0 if r in auction.get("nominees", {}) else 0.0]  # fmt: skip
    ranks = {c["type"]: c for c in view["crises"]}
    for kind in data.CRISES:
        c = ranks.get(kind)
        vec += [c["total"] / 30, len(c["cards"]) / 10, c["rank"] / 4] if c else [0.0] * 3
    address = view["address"] or {}
    vec += _onehot(2, ("emperor", "legatus").index(address["who"]) if address else None)
    crisis = address.get("crisis")
    vec += _onehot(len(data.CRISES), data.CRISES.index(crisis) if crisis else None)
    vec += [address.get("total", 0) / 30, address.get("target", 0) / 30]
    where: dict[str, int] = {}
    mine = set(view["players"][me]["candidates"])
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
    for c in sorted(cards.influence):
        vec += _onehot(len(_PLACES), where.get(c))
    offices = {o["holder"]: o["id"] for o in view["offices"] if o["holder"]}
    for entry in view["candidates"]:
        vec.append(1.0 if entry["side"] == "B" else 0.0)
        place = entry["where"]
        vec += _onehot(
            len(_CAND_PLACES), _CAND_PLACES.index(place) if place in _CAND_PLACES else None
        )
        vec.append(1.0 if entry["id"] == view["emperor"] else 0.0)
        vec += _onehot(_SEATS, rel(entry["owner"]))
        office = offices.get(entry["id"])
        vec += _onehot(len(data.OFFICES), data.OFFICES.index(office) if office else None)
        vec.append((entry["worth"] or 0) / 20)
    return vec
