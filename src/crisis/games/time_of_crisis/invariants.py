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

from crisis.engine.machine import Call, return_steps
from crisis.games.time_of_crisis import data, market
from crisis.games.time_of_crisis.board import ITALIA_MAX, SUPPORT_MAX
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.rules import active, from_json, to_json, view
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    Battle,
    Demagogue,
    Occupation,
    Reward,
    State,
    current_role,
    emperor,
    procedures,
)

GOVERNORS_PER_PLAYER = data.GOVERNORS_PER_PLAYER
GENERALS_PER_PLAYER = data.GENERALS_PER_PLAYER
_HIDDEN_PILES = ("hand", "available", "discard")
# State keys no view may carry: the event deck's order, the variable market's face-down
# stacks, and the random generator with its seed and scripted dice.
_SECRET_KEYS = ("event_deck", "stacks", "rng", "seed", "script")
#: The sub-procedures (battle, occupation, Emperor, Frumentarii, Demagogue), as the steps
#: declare them (:mod:`crisis.engine.machine` flow): Take Actions calls every one of them.
_SUBPROCEDURES = frozenset(RULES.flows["actions"].calls)
#: The frame each procedure runs on (Frumentarii and the Emperor's placement have no data).
_FRAMES: dict[str, type] = {
    "battle": Battle,
    "occupy": Occupation,
    "demagogue": Demagogue,
    "frumentarii": Call,
    "emperor": Call,
}
# Steps during which the current player may have an army in a sea zone.
_SEA_STEPS = frozenset({"actions"}) | _SUBPROCEDURES


def check(
    state: State, *, views: bool = True, round_trip: bool = True, history: bool = False
) -> list[str]:
    """Every invariant ``state`` violates, one line each (empty when all hold).

    ``views`` and ``round_trip`` switch off the two costlier groups of checks. ``history``
    adds exact card conservation from the public purchase history, which holds in games
    played from setup but not in positions built by hand (see :func:`check_game`).
    """
    errors: list[str] = []
    tally = _Tally(state)
    _components(state, tally, errors)
    _leaders(state, tally, errors)
    _provinces(state, errors)
    _armies(state, errors)
    _cards(state, errors, history=history)
    _flow(state, errors)
    if round_trip:
        _round_trip(state, errors)
    if views:
        _views(state, errors)
    return errors


def check_game(state: State) -> list[str]:
    """:func:`check` with every group on, the card history included: for states reached by
    playing from setup (the fuzzer's)."""
    return check(state, history=True)


# -- component limits and pools ----------------------------------------------------------------


class _Tally:
    """Counts gathered in one pass over the provinces and armies."""

    def __init__(self, state: State) -> None:
        self.legions = self.militia = self.mobs = self.markers = 0
        self.improvements: Counter[str] = Counter()
        self.tribes = {name: t.active + t.inactive for name, t in state.tribes.items()}
        self.governed: Counter[str | None] = Counter()
        self.pretender_markers: Counter[str | None] = Counter()
        self.armies: Counter[str] = Counter()
        tribes = self.tribes
        improvements = self.improvements
        governed = self.governed
        for prov in state.provinces.values():
            self.mobs += (prov.mobs + 1) // 2  # counters: two Mobs to an "x 2" side
            self.militia += prov.militia
            self.markers += prov.quaestor
            for kind in prov.improvements:
                improvements[kind] += 1
            governed[prov.governor] += 1
            if prov.pretender is not None:
                self.pretender_markers[prov.pretender] += 1
            for side in (prov.active, prov.inactive):
                for tribe, n in side.items():
                    tribes[tribe] = tribes.get(tribe, 0) + n
        for a in state.armies:
            self.legions += a.full + a.reduced
            self.markers += a.castra
            self.armies[a.owner] += 1
            for tribe, n in a.foederati.items():
                tribes[tribe] = tribes.get(tribe, 0) + n


def _components(state: State, tally: _Tally, errors: list[str]) -> None:
    limits = (
        ("legions", tally.legions, data.LEGIONS),
        ("militia", tally.militia, data.MILITIA),
        ("Mob counters", tally.mobs, data.MOBS),
        ("Quaestor and Castra markers", tally.markers, data.MARKERS),
    )
    for name, used, limit in limits:
        if used > limit:
            errors.append(f"{used} {name} on the map, the box holds {limit}")
    for kind, built in tally.improvements.items():
        if built > data.IMPROVEMENT_EACH:
            errors.append(f"{built} {kind} built, the box holds {data.IMPROVEMENT_EACH}")
    for name, tribe in state.tribes.items():
        if tribe.active < 0 or tribe.inactive < 0:
            errors.append(f"{name} homeland has negative counters ({tribe})")
        total = tally.tribes[name]
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


_COSTS = frozenset(data.LEADER_COSTS)


def _leaders(state: State, tally: _Tally, errors: list[str]) -> None:
    for p in state.players:
        role = p.role
        if p.governors_ready < 0 or p.generals_ready < 0:
            errors.append(
                f"{role} has a negative leader box "
                f"(governors {p.governors_ready}, generals {p.generals_ready})"
            )
        for kind, unclaimed in (
            ("governors", p.governors_unclaimed),
            ("generals", p.generals_unclaimed),
        ):
            if len(set(unclaimed)) != len(unclaimed) or not _COSTS.issuperset(unclaimed):
                errors.append(f"{role}'s unclaimed {kind} are wrong: {unclaimed}")
        on_map = tally.governed[role]
        governors = len(p.governors_unclaimed) + p.governors_ready + on_map
        if governors != GOVERNORS_PER_PLAYER:
            errors.append(
                f"{role} has {governors} governors accounted for "
                f"({len(p.governors_unclaimed)} unclaimed, {p.governors_ready} ready, "
                f"{on_map} on the map), expected {GOVERNORS_PER_PLAYER}"
            )
        armies = tally.armies[role]
        generals = len(p.generals_unclaimed) + p.generals_ready + armies
        if generals != GENERALS_PER_PLAYER:
            errors.append(
                f"{role} has {generals} generals accounted for "
                f"({len(p.generals_unclaimed)} unclaimed, {p.generals_ready} ready, "
                f"{armies} armies), expected {GENERALS_PER_PLAYER}"
            )
        markers = tally.pretender_markers[role]
        if markers > data.PRETENDER_MARKERS:
            errors.append(
                f"{role} has {markers} pretender markers, the box holds {data.PRETENDER_MARKERS}"
            )
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


_STARTING = {cid: data.STARTING_CARDS.count(cid) for cid in set(data.STARTING_CARDS)}
_START_DECK = Counter(data.STARTING_CARDS)


def _cards(state: State, errors: list[str], *, history: bool) -> None:
    owned: Counter[str] = Counter()
    current = current_role(state)
    bought_all: Counter[str] | None = Counter() if history else None
    for p in state.players:
        cards = p.hand + p.available + p.discard
        if p.role == current:
            cards += state.turn.played
        mine = Counter(cards)
        for cid, n in mine.items():
            if cid not in data.INFLUENCE:
                errors.append(f"{p.role} holds unknown card {cid!r}")
            elif n > _STARTING.get(cid, n):
                errors.append(f"{p.role} holds {n} {cid}, started with {_STARTING[cid]}")
        owned.update(mine)
        # Exact conservation from the public history, where the state keeps it: the
        # starting deck plus what was bought less what was trashed.
        bought = getattr(p, "bought", None)
        trashed = getattr(p, "trashed", None)
        if bought is None or trashed is None or bought_all is None:
            bought_all = None
            continue
        expected = _START_DECK.copy()
        if bought:
            expected.update(bought)
        if trashed:
            expected.subtract(trashed)
        if mine != expected:
            errors.append(f"{p.role}'s cards are not the starting deck + bought - trashed")
        bought_all.update(bought)
    if state.stacks:  # face-down market cards count with the owned ones
        owned.update(cid for stack in state.stacks.values() for cid in stack)
    for cid, left in state.supply.items():
        box = data.INFLUENCE[cid].count
        if not 0 <= left <= box:
            errors.append(f"supply holds {left} {cid}, the box has {box}")
        elif left + owned[cid] > box:
            errors.append(f"{left} {cid} in supply and {owned[cid]} owned, the box has {box}")
    for cid, n in owned.items():
        if cid in data.INFLUENCE and cid not in state.supply and n > data.INFLUENCE[cid].count:
            errors.append(f"{n} {cid} in play, the box has {data.INFLUENCE[cid].count}")
    if bought_all is not None:
        _market_history(state, bought_all, errors)
    pool = state.turn.pool
    if any(v < 0 for v in pool.values()) or state.turn.political < 0:
        errors.append(f"negative influence: pool {pool}, political {state.turn.political}")
    unused = Counter(state.turn.events) if state.turn.events else None
    played = Counter(state.turn.played) if unused else None
    if unused and played is not None and any(unused[c] > played[c] for c in unused):
        errors.append(f"unused events {state.turn.events} were not played {state.turn.played}")
    seen = len(state.event_deck) + len(state.events_drawn)
    if seen != len(data.EVENTS) or set(state.event_deck) & set(state.events_drawn):
        errors.append("the event deck and the drawn events do not add up to the event cards")


def _market_history(state: State, bought: Counter[str], errors: list[str]) -> None:
    """Every bought card left the market: the open supply's count, or a face-down stack."""
    if state.stacks:
        in_stacks = Counter(cid for stack in state.stacks.values() for cid in stack)
        for cid in set(in_stacks) | set(bought):
            if in_stacks[cid] + bought[cid] != data.INFLUENCE[cid].count:
                errors.append(f"{cid}: {in_stacks[cid]} in the market + {bought[cid]} bought")
        return
    for cid, n in bought.items():
        if cid not in state.supply:
            errors.append(f"{cid} was bought but is not in the market")
        elif state.supply[cid] + n != data.INFLUENCE[cid].count:
            errors.append(f"{cid}: {state.supply[cid]} in the supply + {n} bought")


def _flow(state: State, errors: list[str]) -> None:
    step = state.step
    if step != "over" and step not in RULES.steps:
        errors.append(f"unknown step {step!r}")
    if (state.final is not None) != (step == "over"):
        errors.append(f"result {'set' if state.final else 'missing'} at step {step!r}")
    if (state.battle is not None) != (step == "battle"):
        errors.append(f"battle {'present' if state.battle else 'missing'} at step {step!r}")
    if (state.occupy is not None) != (step == "occupy"):
        errors.append(f"occupation {state.occupy!r} at step {step!r}")
    # Sub-procedures are called from Take Actions and return to it; nothing else is ever on
    # the stack, and each runs on its own kind of frame.
    expected = ["actions"] if step in _SUBPROCEDURES else []
    if list(return_steps(state.stack)) != expected:
        errors.append(f"return stack {list(return_steps(state.stack))} at step {step!r}")
    kinds = [type(f) for f in state.stack]
    if kinds != ([_FRAMES[step]] if step in _FRAMES else []):
        names = [k.__name__ for k in kinds]
        errors.append(f"procedures {names} in progress at step {step!r}")
    if not 0 <= state.current < len(state.players):
        errors.append(f"current seat {state.current} out of range")
    if step != "over" and not active(state):
        errors.append(f"nobody may act at step {step!r}")
    if state.peek and (step != "frumentarii" or state.peek != state.event_deck[: len(state.peek)]):
        errors.append(f"peeked events {state.peek} outside Frumentarii or not on top of the deck")
    _emperor_token(state, errors)


def _emperor_token(state: State, errors: list[str]) -> None:
    """Under the optional Emperor rules a player Emperor has a token on Italia, one of his
    provinces or one of his armies (placed right after he takes Italia); else no token."""
    token = state.emperor_token
    ruler = emperor(state)
    if not state.options.emperor_rules:
        if token is not None:
            errors.append("an Emperor token without the optional Emperor rules")
        return
    if state.step == "emperor":
        return
    if (token is None) != (ruler is None) or (token is not None and token.owner != ruler):
        errors.append(f"Emperor token {token} but {ruler} governs Italia")
        return
    if token is None:
        return
    if token.kind == "military":
        carrier = next((a for a in state.armies if a.id == token.army), None)
        if carrier is None or carrier.owner != token.owner:
            errors.append(f"the Military Emperor's army {token.army} is not {token.owner}'s")
    elif token.kind in ("senate", "populace"):
        where = token.province
        if where not in state.provinces or state.provinces[where].governor != token.owner:
            errors.append(f"the {token.kind} Emperor's province {where} is not {token.owner}'s")
    else:
        errors.append(f"unknown Emperor token kind {token.kind!r}")


# -- serialisation and views -------------------------------------------------------------------


def _round_trip(state: State, errors: list[str]) -> None:
    raw = to_json(state)
    if from_json(raw) != state:
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


# View keys that differ by viewer: who looks, the players' piles, Frumentarii's peek.
#: Keys that differ per viewer: who looks, the players' own piles, Frumentarii's peek and the
#: market prices this player would pay (public arithmetic, but his own).
_PERSONAL = frozenset({"viewer", "players", "peek", "prices"})


def _views(state: State, errors: list[str]) -> None:
    """The observer's view is JSON with no secret anywhere and no pile of cards; each
    player's view is that same public view plus the player's own three piles."""
    public = view(state, None)
    battle, reward = public["battle"], public["reward"]
    rebuilt, choosing = procedures(
        public["step"],
        list(public["stack"]),
        msgspec.convert(battle, Battle) if battle else None,
        msgspec.convert(reward, Reward) if reward else None,
        public["occupy"],
        dict(public["choosing"]),
    )
    if rebuilt != state.stack or choosing != state.choosing:
        errors.append(f"the view's procedure data does not rebuild the stack {state.stack}")
    if public.get("prices"):
        errors.append("the observer's view prices cards for nobody")
    # The log is public text (a list of strings); leaving it out of the encoding keeps
    # this check's cost flat as the game grows.
    if not isinstance(public.get("log"), list):
        errors.append("the public view has no log list")
    if public.get("peek"):
        errors.append("the public view shows Frumentarii's peek")
    try:
        raw = msgspec.json.encode({k: item for k, item in public.items() if k != "log"})
    except (TypeError, msgspec.EncodeError) as exc:
        errors.append(f"the public view is not JSON: {exc}")
        raw = b""
    found = [key for key in _SECRET_KEYS if _has_key(raw, key)]
    if found:
        errors.append(f"the public view shows secrets: {', '.join(found)}")
    for entry in public.get("players", []):
        shown = [k for k in _HIDDEN_PILES if k in entry]
        if shown:
            errors.append(f"the observer's view shows {entry.get('role')}'s {', '.join(shown)}")
    public_part = {k: x for k, x in public.items() if k not in _PERSONAL}
    current = current_role(state)
    for p in state.players:
        role = p.role
        v = view(state, role)
        if v.get("viewer") != role:
            errors.append(f"{role}'s view names {v.get('viewer')!r} as its viewer")
        if set(v) != set(public):
            errors.append(f"{role}'s view has other keys than the public view")
        personal = {k: v.pop(k) for k in _PERSONAL if k in v}  # v is ours to change
        differ = []
        if v != public_part:  # one comparison; name the keys only when it fails
            differ = [k for k in public_part if v.get(k) != public_part[k]]
        v.update(personal)
        if v.get("peek") != (list(state.peek) if role == current else []):
            differ.append("peek")
        if v.get("prices") != market.prices(state, role):
            differ.append("prices")
        if differ:
            errors.append(f"{role}'s view differs from the public view in {', '.join(differ)}")
        entries = v.get("players", [])
        if len(entries) != len(public.get("players", [])):
            errors.append(f"{role}'s view lists other players than the public view")
            continue
        for entry, shared in zip(entries, public["players"], strict=True):
            if entry.get("role") != role:
                if entry != shared:
                    shown = [k for k in _HIDDEN_PILES if k in entry]
                    what = ", ".join(shown) or "details"
                    errors.append(f"{role}'s view shows {entry.get('role')}'s {what}")
                continue
            if {k: x for k, x in entry.items() if k not in _HIDDEN_PILES} != shared:
                errors.append(f"{role}'s own entry differs from the public one")
            for pile in _HIDDEN_PILES:
                if entry.get(pile) != sorted(getattr(p, pile)):
                    errors.append(f"{role}'s view does not show their own {pile}")
