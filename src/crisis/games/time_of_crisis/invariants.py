"""Invariants of a Time of Crisis state: facts that hold after every legal action.

:func:`check` returns a readable line for every violated invariant (an empty list when the
state is sound). The fuzzer calls it after each action; tests call it on scripted positions.
The checks cover the component limits (RULES 2), the leader and tribe counter pools, the
support tracks, the capital's one-army limit, card conservation, armies at sea, the JSON
round trip and what each role's view reveals.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import ITALIA_MAX, SUPPORT_MAX
from crisis.games.time_of_crisis.registry import LISTERS
from crisis.games.time_of_crisis.rules import active, from_json, to_json, view
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    State,
    current_role,
    governed,
    improvements_built,
    legions_on_map,
    markers_on_map,
    militia_on_map,
    mobs_on_map,
    tribe_counters_in_play,
)

GOVERNORS_PER_PLAYER = 6
GENERALS_PER_PLAYER = 6
_HIDDEN_PILES = ("hand", "available", "discard")
_SECRET_KEYS = ("event_deck", "rng", "seed", "script")
# Steps during which the current player may have an army in a sea zone.
_SEA_STEPS = frozenset({"actions", "battle", "occupy"})


def check(state: State, *, views: bool = True, round_trip: bool = True) -> list[str]:
    """Every invariant ``state`` violates, one line each (empty when all hold).

    ``views`` and ``round_trip`` switch off the two costlier groups of checks.
    """
    errors: list[str] = []
    _components(state, errors)
    _leaders(state, errors)
    _provinces(state, errors)
    _armies(state, errors)
    _cards(state, errors)
    _flow(state, errors)
    if round_trip:
        _round_trip(state, errors)
    if views:
        _views(state, errors)
    return errors


# -- component limits and pools ----------------------------------------------------------------


def _components(state: State, errors: list[str]) -> None:
    limits = (
        ("legions", legions_on_map(state), data.LEGIONS),
        ("militia", militia_on_map(state), data.MILITIA),
        ("mobs", mobs_on_map(state), data.MOBS),
        ("Quaestor and Castra markers", markers_on_map(state), data.MARKERS),
    )
    for name, used, limit in limits:
        if used > limit:
            errors.append(f"{used} {name} on the map, the box holds {limit}")
    for kind in data.IMPROVEMENTS:
        built = improvements_built(state, kind)
        if built > data.IMPROVEMENT_EACH:
            errors.append(f"{built} {kind} built, the box holds {data.IMPROVEMENT_EACH}")
    for name, tribe in state.tribes.items():
        if tribe.active < 0 or tribe.inactive < 0:
            errors.append(f"{name} homeland has negative counters ({tribe})")
        total = tribe_counters_in_play(state, name)
        expected = data.BARBARIANS_PER_TRIBE if tribe.in_game else 0
        if total != expected:
            errors.append(f"{name} has {total} counters in play, expected {expected}")
    for name, where in state.leaders.items():
        if name not in data.BARBARIAN_LEADERS:
            errors.append(f"unknown barbarian leader {name!r}")
        elif where != data.BARBARIAN_LEADERS[name] and where not in state.provinces:
            errors.append(f"barbarian leader {name} stands in {where!r}")
    for name, where in state.rivals.items():
        if name not in data.RIVAL_EMPERORS or where not in state.provinces:
            errors.append(f"Rival Emperor {name!r} stands in {where!r}")


def _leaders(state: State, errors: list[str]) -> None:
    for p in state.players:
        role = p.role
        if p.governors_ready < 0 or p.generals_ready < 0:
            errors.append(
                f"{role} has a negative leader box "
                f"(governors {p.governors_ready}, generals {p.generals_ready})"
            )
        if sorted(set(p.governors_unclaimed)) != sorted(p.governors_unclaimed) or not set(
            p.governors_unclaimed
        ) <= set(data.LEADER_COSTS):
            errors.append(f"{role}'s unclaimed governors are wrong: {p.governors_unclaimed}")
        if sorted(set(p.generals_unclaimed)) != sorted(p.generals_unclaimed) or not set(
            p.generals_unclaimed
        ) <= set(data.LEADER_COSTS):
            errors.append(f"{role}'s unclaimed generals are wrong: {p.generals_unclaimed}")
        governors = len(p.governors_unclaimed) + p.governors_ready + len(governed(state, role))
        if governors != GOVERNORS_PER_PLAYER:
            errors.append(
                f"{role} has {governors} governors accounted for "
                f"({len(p.governors_unclaimed)} unclaimed, {p.governors_ready} ready, "
                f"{len(governed(state, role))} on the map), expected {GOVERNORS_PER_PLAYER}"
            )
        armies = sum(1 for a in state.armies if a.owner == role)
        generals = len(p.generals_unclaimed) + p.generals_ready + armies
        if generals != GENERALS_PER_PLAYER:
            errors.append(
                f"{role} has {generals} generals accounted for "
                f"({len(p.generals_unclaimed)} unclaimed, {p.generals_ready} ready, "
                f"{armies} armies), expected {GENERALS_PER_PLAYER}"
            )
        markers = sum(1 for prov in state.provinces.values() if prov.pretender == role)
        if markers > data.PRETENDER_MARKERS:
            errors.append(f"{role} has {markers} pretender markers, the box holds 6")
        if p.legacy < 0 or p.emperor_turns < 0:
            errors.append(f"{role} has negative legacy or Emperor Turns")


def _provinces(state: State, errors: list[str]) -> None:
    roles = {p.role for p in state.players}
    in_setup = state.step == "choose_province"
    for name, prov in state.provinces.items():
        top = ITALIA_MAX if name == data.ITALIA else SUPPORT_MAX
        if not 0 <= prov.support <= top:
            errors.append(f"{name} support {prov.support} is outside 0-{top}")
        if prov.mobs < 0:
            errors.append(f"{name} has {prov.mobs} mobs")
        gov = prov.governor
        if gov is None:
            if not (prov.no_place_governor or in_setup):
                errors.append(f"{name} has no governor after setup")
        elif gov != NEUTRAL and gov not in roles:
            errors.append(f"{name} is governed by unknown {gov!r}")
        elif prov.no_place_governor and gov != NEUTRAL:
            errors.append(f"{name} is closed to governors but {gov} governs it")
        if prov.militia and gov in (None, NEUTRAL):
            errors.append(f"{name} has a Militia without a player governor")
        if prov.quaestor and gov in (None, NEUTRAL):
            errors.append(f"{name} has a Quaestor without a player governor")
        if len(set(prov.improvements)) != len(prov.improvements) or not set(
            prov.improvements
        ) <= set(data.IMPROVEMENTS):
            errors.append(f"{name} has wrong improvements {prov.improvements}")
        for side, counts in (("active", prov.active), ("inactive", prov.inactive)):
            for tribe, n in counts.items():
                if n <= 0 or tribe not in state.tribes:
                    errors.append(f"{name} holds {n} {side} {tribe}")
        if prov.pretender is not None and prov.pretender not in roles:
            errors.append(f"{name} has a pretender marker of unknown {prov.pretender!r}")
        if prov.seat and prov.pretender is None:
            errors.append(f"{name} has a Seat of Power without a pretender marker")
        if name == data.ITALIA and prov.pretender is not None:
            errors.append("Italia holds a pretender marker")
    seats = Counter(prov.pretender for prov in state.provinces.values() if prov.seat)
    for role, n in seats.items():
        if n > 1:
            errors.append(f"{role} has {n} Seats of Power")
    italia = state.provinces[data.ITALIA]
    if italia.governor == NEUTRAL:
        neutral = sum(1 for p in state.provinces.values() if p.governor == NEUTRAL)
        if italia.support != min(ITALIA_MAX, neutral):
            errors.append(
                f"neutral Italia has support {italia.support}, but {neutral} provinces are neutral"
            )


def _armies(state: State, errors: list[str]) -> None:
    roles = {p.role for p in state.players}
    ids = Counter(a.id for a in state.armies)
    for army_id, n in ids.items():
        if n > 1:
            errors.append(f"army id {army_id} is used {n} times")
    in_battle = state.step == "battle"
    capitals: Counter[str] = Counter()
    sea_ok = state.step in _SEA_STEPS
    current = current_role(state)
    for a in state.armies:
        label = f"{a.owner}'s army {a.id} in {a.region}"
        if a.owner not in roles:
            errors.append(f"{label} has an unknown owner")
        if a.region not in data.ADJACENT:
            errors.append(f"{label} stands in an unknown region")
        if a.full < 0 or a.reduced < 0 or any(n <= 0 for n in a.foederati.values()):
            errors.append(f"{label} has negative units ({a.full}, {a.reduced}, {a.foederati})")
        if not in_battle and a.legions + a.barbarians <= 0:
            errors.append(f"{label} has no units left")
        if a.capital:
            if a.region not in state.provinces:
                errors.append(f"{label} is in a capital outside any province")
            capitals[a.region] += 1
        if a.region in data.SEAS and not (sea_ok and a.owner == current):
            errors.append(f"{label} is at sea during {current}'s {state.step}")
    for name, prov in state.provinces.items():
        units = capitals[name]
        if prov.militia:
            stacked = [a for a in state.armies if a.capital and a.region == name]
            if not stacked or any(a.owner != prov.governor for a in stacked):
                units += 1
        if units > 1:
            errors.append(f"{name}'s capital holds {units} armies")


def _cards(state: State, errors: list[str]) -> None:
    owned: Counter[str] = Counter()
    current = current_role(state)
    for p in state.players:
        mine: Counter[str] = Counter()
        for pile in (p.hand, p.available, p.discard):
            mine.update(pile)
        if p.role == current:
            mine.update(state.turn.played)
        for cid in mine:
            if cid not in data.INFLUENCE:
                errors.append(f"{p.role} holds unknown card {cid!r}")
        for cid in set(data.STARTING_CARDS):
            if mine[cid] > data.STARTING_CARDS.count(cid):
                errors.append(f"{p.role} holds {mine[cid]} {cid}, started with 3")
        owned.update(mine)
    for cid, left in state.supply.items():
        box = data.INFLUENCE[cid].count
        if not 0 <= left <= box:
            errors.append(f"supply holds {left} {cid}, the box has {box}")
        elif left + owned[cid] > box:
            errors.append(f"{left} {cid} in supply and {owned[cid]} owned, the box has {box}")
    pool = state.turn.pool
    if any(v < 0 for v in pool.values()) or state.turn.political < 0:
        errors.append(f"negative influence: pool {pool}, political {state.turn.political}")
    unused = Counter(state.turn.events)
    played = Counter(state.turn.played)
    if any(unused[c] > played[c] for c in unused):
        errors.append(f"unused events {state.turn.events} were not played {state.turn.played}")
    seen = len(state.event_deck) + len(state.events_drawn)
    if seen != len(data.EVENTS) or set(state.event_deck) & set(state.events_drawn):
        errors.append("the event deck and the drawn events do not add up to the event cards")


def _flow(state: State, errors: list[str]) -> None:
    step = state.step
    if step != "over" and step not in LISTERS:
        errors.append(f"unknown step {step!r}")
    if (state.final is not None) != (step == "over"):
        errors.append(f"result {'set' if state.final else 'missing'} at step {step!r}")
    if (state.battle is not None) != (step == "battle"):
        errors.append(f"battle {'present' if state.battle else 'missing'} at step {step!r}")
    if (state.occupy is not None) != (step == "occupy"):
        errors.append(f"occupation {state.occupy!r} at step {step!r}")
    if not 0 <= state.current < len(state.players):
        errors.append(f"current seat {state.current} out of range")
    if step != "over" and not active(state):
        errors.append(f"nobody may act at step {step!r}")


# -- serialisation and views -------------------------------------------------------------------


def _round_trip(state: State, errors: list[str]) -> None:
    raw = to_json(state)
    again = from_json(raw)
    if again != state or to_json(again) != raw:
        errors.append("the state does not survive a to_json/from_json round trip")


def _has_key(raw: bytes, key: str) -> bool:
    """Whether JSON text ``raw`` has ``key`` as an object key (an escaped quote before it
    would make it text inside a string, like a log line)."""
    pattern = f'"{key}":'.encode()
    i = raw.find(pattern)
    while i >= 0:
        if raw[i - 1 : i] != b"\\":
            return True
        i = raw.find(pattern, i + 1)
    return False


def _views(state: State, errors: list[str]) -> None:
    for viewer in [None, *(p.role for p in state.players)]:
        who = viewer or "the observer"
        v = view(state, viewer)
        try:
            raw = msgspec.json.encode(v)
        except (TypeError, msgspec.EncodeError) as exc:
            errors.append(f"{who}'s view is not JSON: {exc}")
            raw = b""
        found = [key for key in _SECRET_KEYS if _has_key(raw, key)]
        if found:
            errors.append(f"{who}'s view shows secrets: {', '.join(found)}")
        for entry in v.get("players", []):
            shown = [k for k in _HIDDEN_PILES if k in entry]
            if entry.get("role") != viewer and shown:
                errors.append(f"{who}'s view shows {entry.get('role')}'s {', '.join(shown)}")
            if entry.get("role") == viewer:
                own = next(p for p in state.players if p.role == viewer)
                if entry.get("hand") != sorted(own.hand):
                    errors.append(f"{who}'s view does not show their own hand")
