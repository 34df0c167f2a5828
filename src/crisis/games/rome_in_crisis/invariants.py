"""Invariants of a Rome in Crisis state: facts that hold after every legal action.

:func:`check` returns one readable line per violation (empty when the state is sound): card
conservation, scores, offices, the keep-a-card rule, the flow, the JSON round trip and what
each view reveals. The fuzzer calls it after every action (``crisis fuzz --title
rome_in_crisis``); the fuzz profile (variants, options, policy) is in :mod:`fuzzing`.
"""

from __future__ import annotations

import re
from collections import Counter

import msgspec

from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.rules import active, from_json, to_json, view
from crisis.games.rome_in_crisis.state import (
    Address,
    Appointment,
    State,
    face,
    in_play,
    procedures,
)

_QUOTED = re.compile(r'"([^"]*)"')
# Keys that hold only public text or card data, skipped by the hidden-card scan (speed).
_STATIC = frozenset({"log", "options", "provisional_data", "prompt"})
_SECRET_KEYS = ("deck", "rng", "seed", "script", "chosen_cards")
#: The decision steps of each procedure (a frame of its type is on the stack exactly there).
_PROCEDURE_STEPS: dict[type, frozenset[str]] = {
    Address: frozenset(
        {"address", "emperor_cards", "cancel", "discard", "legatus", "legatus_cards"}
    ),
    Appointment: frozenset({"appoint"}),
}


def check(state: State, *, views: bool = True, round_trip: bool = True) -> list[str]:
    """Every invariant ``state`` violates, one line each."""
    errors: list[str] = []
    _cards(state, errors)
    _offices(state, errors)
    _flow(state, errors)
    if round_trip and from_json(to_json(state)) != state:
        errors.append("the state does not survive a to_json/from_json round trip")
    if views:
        _views(state, errors)
    return errors


check_game = check


def _cards(state: State, errors: list[str]) -> None:
    where: Counter[str] = Counter()
    for p in state.players:
        where.update(p.hand)
        where.update(p.candidates)
        if p.vp < 0:
            errors.append(f"{p.role} has {p.vp} VP")
    for on in state.played_on.values():
        where.update(on)
    for cs in state.crises.values():
        where.update(cs)
        if not cs:
            errors.append("an empty crisis is left on the table")
    for pile in (state.loose_gold, state.revealed, state.deck, state.discard, state.pool):
        where.update(pile)
    where.update(state.removed)
    where.update(state.chosen.values())
    address = state.address
    if address is not None:
        where.update(address.cancelled)
        if state.step == "legatus_cards":  # the Legatus's cards go to the discards at done
            where.update(address.played)
    everything = set(state.cards.influence) | set(state.cards.candidates)
    for cid in everything:
        if where[cid] != 1:
            errors.append(f"card {cid} is in {where[cid]} places")
    unknown = set(where) - everything
    if unknown:
        errors.append(f"unknown cards {sorted(unknown)}")
    if set(state.played_on) != set(in_play(state)):
        errors.append("cards-on-candidate lists do not match the candidates in play")
    for kind, cs in state.crises.items():
        if any(state.cards.influence[c].suit not in (kind, "gold") for c in cs):
            errors.append(f"the {kind} crisis holds cards of another type")
    for cid in state.removed:
        if state.faces.get(cid) != "b":
            errors.append(f"removed candidate {cid} is not on its B side")
    if state.removals != len(state.removed):
        errors.append(f"{state.removals} removals counted, {len(state.removed)} removed")


def _offices(state: State, errors: list[str]) -> None:
    holders = [h for h in state.offices.values() if h is not None]
    if len(holders) != len(set(holders)):
        errors.append(f"a candidate holds two offices: {state.offices}")
    playing = set(in_play(state))
    if len(state.players) == 2 and "legatus" in state.offices:
        errors.append("a Legatus in a two-player game")
    for office, holder in state.offices.items():
        if holder is None:
            continue
        if holder not in playing:
            errors.append(f"{office} is held by {holder}, who is not in play")
            continue
        category = state.cards.offices[office].category
        if category and face(state, holder).rating(category) <= 0:
            errors.append(f"{holder} holds {office} without a {category} rating")
    if state.offices.get("emperor") not in (None, state.emperor):
        errors.append("the Emperor card is not on this turn's Emperor")


def _flow(state: State, errors: list[str]) -> None:
    if (state.final is not None) != (state.step == "over"):
        errors.append(f"result {'set' if state.final else 'missing'} at step {state.step}")
    if state.step != "over":
        if state.step not in RULES.steps or state.step in RULES.automatic_steps:
            errors.append(f"the game rests at a non-decision step {state.step!r}")
        elif not active(state):
            errors.append(f"nobody may act at step {state.step!r}")
    if state.removals > 2:
        errors.append(f"{state.removals} Emperors removed: the game should have ended")
    kinds = [type(f) for f in state.stack]
    inside = [k for k, steps in _PROCEDURE_STEPS.items() if state.step in steps]
    if kinds != inside:
        names = [k.__name__ for k in kinds]
        errors.append(f"procedures {names} in progress at step {state.step!r}")
    auction = state.auction
    if state.step == "bidding" and auction is not None and auction.bidder is not None:
        bidder = next(p for p in state.players if p.role == auction.bidder)
        if auction.bid and not bidder.hand:
            errors.append(f"{bidder.role} bid away his last card")


def _views(state: State, errors: list[str]) -> None:
    public = view(state, None)
    shown = public["address"]
    address = msgspec.convert(shown, Address) if shown else None
    if procedures(address, public["placing"], public["appointee"]) != state.stack:
        errors.append(f"the view's procedure data does not rebuild the stack {state.stack}")
    for entry in public["players"]:
        if "hand" in entry:
            errors.append(f"the public view shows {entry['role']}'s hand")
    if public["hand"] is not None or public["my_crisis_card"] is not None:
        errors.append("the public view shows a hand or a face-down card")
    hidden_deck = set(state.deck) - set(state.cards.candidates)
    for p in state.players:
        v = view(state, p.role)
        if v["viewer"] != p.role or sorted(p.hand) != v["hand"]:
            errors.append(f"{p.role}'s view does not show their own hand")
        if v.keys() != public.keys():
            errors.append(f"{p.role}'s view has other keys than the public view")
        secret = set(hidden_deck)
        for other in state.players:
            if other.role != p.role:
                secret.update(other.hand)
                if other.role in state.chosen:
                    secret.add(state.chosen[other.role])
        body = {k: x for k, x in v.items() if k not in _STATIC}
        raw = msgspec.json.encode(body).decode()
        shown = secret & set(_QUOTED.findall(raw))
        if shown:
            errors.append(f"{p.role}'s view shows hidden cards {sorted(shown)}")
        for key in _SECRET_KEYS:
            if f'"{key}":' in raw:
                errors.append(f"{p.role}'s view has a {key!r} key")
