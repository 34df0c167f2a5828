"""Time of Crisis's observation for policy networks: a role's view as a fixed-size vector.

:func:`observe` turns a view into :func:`observation_size` numbers, always laid out for four
seats ordered from the observer (seat 0 is the observer; missing seats are zeros).
:func:`observation_fields` names every entry; docs/research.md lists the blocks. Large counts
are scaled (legacy and round / 10) so most entries lie in ``[0, 3]``. It reads only the view,
so it cannot leak what the role may not see.
"""

from __future__ import annotations

from array import array
from functools import cache
from operator import attrgetter, itemgetter
from struct import Struct
from typing import Any, cast

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.catalog import ARMY_SLOTS
from crisis.games.time_of_crisis.expansion import FRUMENTARII_PEEK
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    ROLES,
    Battle,
    State,
    choices,
    current_role,
    emperor,
    pretenders,
)

#: Seats the observation is laid out for (the most the game seats).
MAX_SEATS = len(ROLES)
#: Every prompt (``state.step``) in a fixed order; a test checks it against the registry.
STEPS: tuple[str, ...] = (
    "actions",
    "battle",
    "buy",
    "choose_hand",
    "choose_province",
    "demagogue",
    "emperor",
    "frumentarii",
    "ludi",
    "occupy",
    "pax",
    "refill",
    "over",
)
#: Every phase name the rules use.
PHASES: tuple[str, ...] = (
    "setup",
    "upkeep",
    "support_check",
    "crisis",
    "actions",
    "buy",
    "end_of_turn",
    "expand_pretender",
    "gain_legacy",
    "over",
)
BATTLE_STAGES = ("roll", "flanking", "hits_attacker", "hits_defender", "advance", "reward")
BATTLE_KINDS = ("army", "tribe", "rival", "militia")
_LEADERS = tuple(data.BARBARIAN_LEADERS)
_RIVALS = tuple(data.RIVAL_EMPERORS)
_CARDS = tuple(data.INFLUENCE)
_EVENTS = tuple(data.EVENTS)


_PLAYER_FIELDS = (
    "present",
    "active",
    "current",
    "first",
    "emperor",
    "pretender",
    "legacy/10",
    "emperor_turns",
    "turns/10",
    "hand_count",
    "available_count",
    "discard_count",
    "governors_ready",
    "generals_ready",
    "trophies",
    "ludi",
    "choosing",
)
_PROVINCE_FIELDS = (
    *(f"governor=seat{i}" for i in range(MAX_SEATS)),
    "governor=neutral",
    "support",
    "mobs",
    "militia",
    *(f"improvement={x}" for x in data.IMPROVEMENTS),
    "quaestor",
    *(f"pretender=seat{i}" for i in range(MAX_SEATS)),
    "seat_of_power",
    "no_place_governor",
    *(f"active={t}" for t in data.TRIBES),
    *(f"inactive={t}" for t in data.TRIBES),
    *(f"leader={x}" for x in _LEADERS),
    *(f"rival={x}" for x in _RIVALS),
    "occupy",
    "targeted",
    "recalled",
)
_ARMY_FIELDS = (
    "present",
    *(f"region={r}" for r in data.REGIONS),
    "capital",
    "full",
    "reduced",
    "foederati",
    "castra",
    "battled",
    "emperor",
    "battle_attacker",
    "battle_defender",
)
_TURN_FIELDS = (
    *(f"pool={s}" for s in data.SUITS),
    "bought",
    "political",
    *(f"discount={s}" for s in data.SUITS),
    "damnatio",
    "flanking",
    "cavalry",
    "spiculum",
    "princeps",
    "ambitus",
    "mobile_vulgus",
    "triumph",
    "battle_legacy",
    "was_emperor",
)
_BATTLE_FIELDS = (
    "present",
    *(f"stage={s}" for s in BATTLE_STAGES),
    *(f"kind={k}" for k in BATTLE_KINDS),
    *(f"region={r}" for r in data.REGIONS),
    *(f"defender_tribe={t}" for t in data.TRIBES),
    *(f"defender_seat{i}" for i in range(MAX_SEATS)),
    "hits_on_defender",
    "hits_on_attacker",
    "attacker_sixes",
    "defender_sixes",
    "to_allocate_attacker",
    "to_allocate_defender",
    "flanking",
    "cavalry",
    "spiculum",
    "winner=attacker",
    "winner=defender",
    "reward=support",
    "reward=discount",
)


@cache
def _fields() -> tuple[str, ...]:
    names: list[str] = []

    def block(prefix: str, labels: Any) -> None:
        names.extend(f"{prefix}.{x}" for x in labels)

    block("game", ("round/10", "event_deck_count", "last_round", "over", "players"))
    block("step", STEPS)
    block("phase", PHASES)
    block("lasting", _EVENTS)
    block("events_drawn", _EVENTS)
    for i in range(MAX_SEATS):
        block(f"seat{i}", _PLAYER_FIELDS)
        block(f"seat{i}.governors_unclaimed", data.LEADER_COSTS)
        block(f"seat{i}.generals_unclaimed", data.LEADER_COSTS)
        block(f"seat{i}.bought", _CARDS)
        block(f"seat{i}.trashed", _CARDS)
    for pile in ("hand", "available", "discard", "played", "events"):
        block(f"own.{pile}", _CARDS)
    block("peek", [f"{i}={e}" for i in range(FRUMENTARII_PEEK) for e in _EVENTS])
    for name in data.PROVINCES:
        block(f"province.{name}", _PROVINCE_FIELDS)
    for t in data.TRIBES:
        block(f"tribe.{t}", ("active", "inactive", "in_game"))
    for r in data.REGIONS:
        block(f"region.{r}", ("leaders",))
    for i in range(MAX_SEATS):
        for k in range(ARMY_SLOTS):
            block(f"army.seat{i}.@{k}", _ARMY_FIELDS)
    block("supply", _CARDS)
    block("market_count", data.CATEGORIES)
    block("market_top", [f"{s}={c}" for s in data.CATEGORIES for c in _CARDS])
    block("emperor_token", ("senate", "populace", "military"))
    block("turn", _TURN_FIELDS)
    block("battle", _BATTLE_FIELDS)
    return tuple(names)


def observation_fields(options: dict[str, Any] | None = None) -> list[str]:
    """The name of every entry of :func:`observe`'s vector, in order (for docs and
    debugging); the same for every option set."""
    return list(_fields())


def observation_size(options: dict[str, Any] | None = None) -> int:
    """The length of :func:`observe`'s vector (the same for every option set)."""
    return len(_fields())


# Where each block starts in the vector, from the field names (so the two cannot disagree).
_IX: dict[str, int] = {name: i for i, name in enumerate(_fields())}
_CARD = {c: i for i, c in enumerate(_CARDS)}
_EVENT = {e: i for i, e in enumerate(_EVENTS)}
_REGION = {r: i for i, r in enumerate(data.REGIONS)}
_TRIBE = {t: i for i, t in enumerate(data.TRIBES)}
_COST = {c: i for i, c in enumerate(data.LEADER_COSTS)}
_CATEGORY = {s: i for i, s in enumerate(data.CATEGORIES)}
_N_EVENTS, _N_CARDS = len(_EVENTS), len(_CARDS)
_STEP0 = _IX[f"step.{STEPS[0]}"]
_PHASE0 = _IX[f"phase.{PHASES[0]}"]
_STEP_IX = {s: _STEP0 + i for i, s in enumerate(STEPS)}
_PHASE_IX = {s: _PHASE0 + i for i, s in enumerate(PHASES)}
_LASTING0 = _IX[f"lasting.{_EVENTS[0]}"]
_DRAWN0 = _IX[f"events_drawn.{_EVENTS[0]}"]
_SEAT0 = [_IX[f"seat{i}.present"] for i in range(MAX_SEATS)]
_GOV0 = [_IX[f"seat{i}.governors_unclaimed.{data.LEADER_COSTS[0]}"] for i in range(MAX_SEATS)]
_GEN0 = [_IX[f"seat{i}.generals_unclaimed.{data.LEADER_COSTS[0]}"] for i in range(MAX_SEATS)]
_BOUGHT0 = [_IX[f"seat{i}.bought.{_CARDS[0]}"] for i in range(MAX_SEATS)]
_TRASHED0 = [_IX[f"seat{i}.trashed.{_CARDS[0]}"] for i in range(MAX_SEATS)]
_PILES = ("hand", "available", "discard", "played", "events")
_OWN0 = {p: _IX[f"own.{p}.{_CARDS[0]}"] for p in _PILES}
_PEEK0 = _IX[f"peek.0={_EVENTS[0]}"]
_PROV0 = {p: _IX[f"province.{p}.{_PROVINCE_FIELDS[0]}"] for p in data.PROVINCES}
_PF = {f: i for i, f in enumerate(_PROVINCE_FIELDS)}
_TRIBE0 = {t: _IX[f"tribe.{t}.active"] for t in data.TRIBES}
_LEADERS0 = _IX[f"region.{data.REGIONS[0]}.leaders"]
_ARMY0 = [[_IX[f"army.seat{i}.@{k}.present"] for k in range(ARMY_SLOTS)] for i in range(MAX_SEATS)]
_AF = {f: i for i, f in enumerate(_ARMY_FIELDS)}
_SUPPLY0 = _IX[f"supply.{_CARDS[0]}"]
_MCOUNT0 = _IX[f"market_count.{data.CATEGORIES[0]}"]
_MTOP0 = _IX[f"market_top.{data.CATEGORIES[0]}={_CARDS[0]}"]
_TOKEN0 = _IX["emperor_token.senate"]
_TOKEN = {"senate": 0, "populace": 1, "military": 2}
_TURN0 = _IX[f"turn.{_TURN_FIELDS[0]}"]
_BATTLE0 = _IX["battle.present"]
_BF = {f: i for i, f in enumerate(_BATTLE_FIELDS)}
_SIZE = len(_IX)
#: Runs of consecutive fields written in one step (``struct`` converts each number once).
_PLAYER = Struct(f"{len(_PLAYER_FIELDS)}d")
_TURN = Struct(f"{len(_TURN_FIELDS)}d")
_ARMY = Struct("9d")  # capital .. battle_defender
_BATTLE = Struct("11d")  # hits_on_defender .. winner=defender
#: The zero vector each observation starts from (copied, never written).
_ZEROS = array("d", bytes(8 * _SIZE))
# Absolute places of the blocks indexed by a name, so that filling one is one lookup.
_DRAWN_IX = {e: _DRAWN0 + i for e, i in _EVENT.items()}
_BOUGHT_IX = [{c: b + i for c, i in _CARD.items()} for b in _BOUGHT0]
_TRASHED_IX = [{c: b + i for c, i in _CARD.items()} for b in _TRASHED0]
_OWN_IX = {p: {c: b + i for c, i in _CARD.items()} for p, b in _OWN0.items()}
_SUPPLY_IX = {c: _SUPPLY0 + i for c, i in _CARD.items()}
_IMPROVEMENT = {x: i for i, x in enumerate(data.IMPROVEMENTS)}


def _count_into(out: memoryview[float], ix: dict[str, int], items: list[str]) -> None:
    """Write how often each item occurs at its place (places start at zero)."""
    for c in set(items):
        out[ix[c]] = items.count(c)


def observe(view: dict[str, Any], role: str) -> array[float]:
    """``role``'s view as a fixed-size vector of doubles (layout: :func:`observation_fields`),
    an ``array`` whose buffer the adapters take without converting entry by entry. Entries
    start at zero and only the others are written (through a ``memoryview``, the cheapest
    way to store a Python number in the buffer). Only the view is read, so the vector holds
    nothing ``role`` may not see."""
    buf = _ZEROS[:]
    out = cast("memoryview[float]", memoryview(buf))
    players = view["players"]
    seats = [p["role"] for p in players]
    me = seats.index(role) if role in seats else 0
    n = len(seats)
    rel = {r: (i - me) % n for i, r in enumerate(seats)}  # seats counted from the observer
    out[0] = view["round"] / 10
    out[1] = view["event_deck_count"]
    out[2] = view["last_round"]
    out[3] = view["result"] is not None
    out[4] = n
    out[_STEP_IX[view["step"]]] = 1.0
    out[_PHASE_IX[view["phase"]]] = 1.0
    if view["lasting"] is not None:
        out[_LASTING0 + _EVENT[view["lasting"]]] = 1.0
    if view["events_drawn"]:
        _count_into(out, _DRAWN_IX, view["events_drawn"])
    active = view["active"]
    pretenders = view["pretenders"]
    choosing = view["choosing"]
    current, first, emperor = view["current"], view["first"], view["emperor"]
    for p in players:
        r = p["role"]
        i = rel[r]
        b = _SEAT0[i]
        _PLAYER.pack_into(
            buf,
            8 * b,
            1.0,
            r in active,
            r == current,
            r == first,
            r == emperor,
            r in pretenders,
            p["legacy"] / 10,
            p["emperor_turns"],
            p["turns"] / 10,
            p["hand_count"],
            p["available_count"],
            p["discard_count"],
            p["governors_ready"],
            p["generals_ready"],
            len(p["trophies"]),
            p["ludi"],
            choosing.get(r, 0),
        )
        at = _GOV0[i]
        for c in p["governors_unclaimed"]:
            out[at + _COST[c]] += 1.0
        at = _GEN0[i]
        for c in p["generals_unclaimed"]:
            out[at + _COST[c]] += 1.0
        if p["bought"]:
            _count_into(out, _BOUGHT_IX[i], p["bought"])
        if p["trashed"]:
            _count_into(out, _TRASHED_IX[i], p["trashed"])
        if r == role:
            for pile in ("hand", "available", "discard"):
                if p.get(pile):
                    _count_into(out, _OWN_IX[pile], p[pile])
    turn = view["turn"]
    for pile in ("played", "events"):
        if turn[pile]:
            _count_into(out, _OWN_IX[pile], turn[pile])
    for i, e in enumerate(view["peek"][:FRUMENTARII_PEEK]):
        out[_PEEK0 + i * _N_EVENTS + _EVENT[e]] = 1.0
    _provinces(view, rel, out)
    for t, tr in view["tribes"].items():
        b = _TRIBE0[t]
        out[b] = tr["active"]
        out[b + 1] = tr["inactive"]
        out[b + 2] = tr["in_game"]
    for where in view["leaders"].values():
        out[_LEADERS0 + _REGION[where]] += 1.0
    _armies(view, rel, out)
    for c, k in view["supply"].items():
        if k:
            out[_SUPPLY_IX[c]] = k
    for s, m in view["market"].items():
        j = _CATEGORY[s]
        out[_MCOUNT0 + j] = m["count"]
        if m["top"] is not None:
            out[_MTOP0 + j * _N_CARDS + _CARD[m["top"]]] = 1.0
    token = view["emperor_token"]
    if token is not None:
        out[_TOKEN0 + _TOKEN[token["kind"]]] = 1.0
    pool = turn["pool"]
    discounts = turn["discounts"]
    _TURN.pack_into(
        buf,
        8 * _TURN0,
        *(pool[s] for s in data.SUITS),
        turn["bought"],
        turn["political"],
        *(s in discounts for s in data.SUITS),
        turn["damnatio"] is not None,
        turn["flanking"],
        turn["cavalry"],
        turn["spiculum"],
        turn["princeps"],
        turn["ambitus"],
        turn["mobile_vulgus"],
        turn["triumph"],
        turn["battle_legacy"],
        turn["was_emperor"],
    )
    _battle(view, rel, out)
    return buf


def observe_state(state: State, role: str) -> array[float]:
    """The same vector as :func:`observe` of ``role``'s lean view, read from the state's
    own structs without building the view (the research adapters' every step).

    It reads exactly what the view shows ``role`` (its own piles, the peek only while it is
    the current player, everyone else's piles as counts): ``tests/rl/test_observe_state.py``
    checks it equals :func:`observe` of the view, entry for entry, over random games of every
    size and option set, for every seat."""
    buf = _ZEROS[:]
    out = cast("memoryview[float]", memoryview(buf))
    players = state.players
    seats = [p.role for p in players]
    me = seats.index(role) if role in seats else 0
    n = len(seats)
    rel = {r: (i - me) % n for i, r in enumerate(seats)}  # seats counted from the observer
    out[0] = state.round / 10
    out[1] = len(state.event_deck)
    out[2] = state.last_round
    out[3] = state.final is not None
    out[4] = n
    out[_STEP_IX[state.step]] = 1.0
    out[_PHASE_IX[RULES.phase(state)]] = 1.0  # type: ignore[index]
    if state.lasting is not None:
        out[_LASTING0 + _EVENT[state.lasting]] = 1.0
    if state.events_drawn:
        _count_into(out, _DRAWN_IX, state.events_drawn)
    active = RULES.active(state)
    ruling = pretenders(state)
    choosing = choices(state)
    current = current_role(state)
    first, crowned = players[state.first].role, emperor(state)
    for p in players:
        r = p.role
        i = rel[r]
        _PLAYER.pack_into(
            buf,
            8 * _SEAT0[i],
            1.0,
            r in active,
            r == current,
            r == first,
            r == crowned,
            r in ruling,
            p.legacy / 10,
            p.emperor_turns,
            p.turns / 10,
            len(p.hand),
            len(p.available),
            len(p.discard),
            p.governors_ready,
            p.generals_ready,
            len(p.trophies),
            p.ludi,
            choosing.get(r, 0),
        )
        at = _GOV0[i]
        for c in p.governors_unclaimed:
            out[at + _COST[c]] += 1.0
        at = _GEN0[i]
        for c in p.generals_unclaimed:
            out[at + _COST[c]] += 1.0
        if p.bought:
            _count_into(out, _BOUGHT_IX[i], p.bought)
        if p.trashed:
            _count_into(out, _TRASHED_IX[i], p.trashed)
        if r == role:  # the observer's own piles; everyone else's are counts only
            for pile, cards in (
                ("hand", p.hand),
                ("available", p.available),
                ("discard", p.discard),
            ):
                if cards:
                    _count_into(out, _OWN_IX[pile], cards)
    turn = state.turn
    if turn.played:
        _count_into(out, _OWN_IX["played"], turn.played)
    if turn.events:
        _count_into(out, _OWN_IX["events"], turn.events)
    if role == current:  # Frumentarii's peek is its player's alone
        for i, e in enumerate(state.peek[:FRUMENTARII_PEEK]):
            out[_PEEK0 + i * _N_EVENTS + _EVENT[e]] = 1.0
    battle = state.battle
    _state_provinces(state, battle, rel, out)
    for t, tr in state.tribes.items():
        b = _TRIBE0[t]
        out[b] = tr.active
        out[b + 1] = tr.inactive
        out[b + 2] = tr.in_game
    for where in state.leaders.values():
        out[_LEADERS0 + _REGION[where]] += 1.0
    _state_armies(state, battle, rel, out)
    for card, k in state.supply.items():
        if k:
            out[_SUPPLY_IX[card]] = k
    for s, stack in state.stacks.items():
        j = _CATEGORY[s]
        out[_MCOUNT0 + j] = len(stack)
        if stack:
            out[_MTOP0 + j * _N_CARDS + _CARD[stack[0]]] = 1.0
    token = state.emperor_token
    if token is not None:
        out[_TOKEN0 + _TOKEN[token.kind]] = 1.0
    pool = turn.pool
    discounts = turn.discounts
    _TURN.pack_into(
        buf,
        8 * _TURN0,
        *(pool[s] for s in data.SUITS),
        turn.bought,
        turn.political,
        *(s in discounts for s in data.SUITS),
        turn.damnatio is not None,
        turn.flanking,
        turn.cavalry,
        turn.spiculum,
        turn.princeps,
        turn.ambitus,
        turn.mobile_vulgus,
        turn.triumph,
        turn.battle_legacy,
        turn.was_emperor,
    )
    if battle is not None:
        _state_battle(battle, rel, out)
    return buf


_NEUTRAL = _PF["governor=neutral"]
_SUPPORT, _MOBS, _MILITIA = _PF["support"], _PF["mobs"], _PF["militia"]
_IMPROVEMENT0 = _PF[f"improvement={data.IMPROVEMENTS[0]}"]
_QUAESTOR, _PRETENDER0 = _PF["quaestor"], _PF["pretender=seat0"]
_SEAT_OF_POWER, _NO_PLACE = _PF["seat_of_power"], _PF["no_place_governor"]
_ACTIVE_IX = {t: _PF[f"active={t}"] for t in data.TRIBES}
_LEADER_IX = {x: _PF[f"leader={x}"] for x in _LEADERS}
_RIVAL_IX = {x: _PF[f"rival={x}"] for x in _RIVALS}
_INACTIVE_IX = {t: _PF[f"inactive={t}"] for t in data.TRIBES}


def _provinces(view: dict[str, Any], rel: dict[str, int], out: memoryview[float]) -> None:
    """Each province's block; every field is zero unless written (most are)."""
    occupy = view["occupy"]
    turn = view["turn"]
    f = _PF
    for name, prov in view["provinces"].items():
        b = _PROV0[name]
        gov = prov["governor"]
        if gov == NEUTRAL:
            out[b + _NEUTRAL] = 1.0
        elif gov in rel:
            out[b + rel[gov]] = 1.0
        if prov["support"]:
            out[b + _SUPPORT] = prov["support"]
        if prov["mobs"]:
            out[b + _MOBS] = prov["mobs"]
        if prov["militia"]:
            out[b + _MILITIA] = 1.0
        improvements = prov["improvements"]
        if improvements:  # empty containers are skipped: most are, and a loop costs more
            for x in improvements:
                out[b + _IMPROVEMENT0 + _IMPROVEMENT[x]] = 1.0
        if prov["quaestor"]:
            out[b + _QUAESTOR] = 1.0
        pretender = prov["pretender"]
        if pretender is not None and pretender in rel:
            out[b + _PRETENDER0 + rel[pretender]] = 1.0
        if prov["seat"]:
            out[b + _SEAT_OF_POWER] = 1.0
        if prov["no_place_governor"]:
            out[b + _NO_PLACE] = 1.0
        active = prov["active"]
        if active:
            for t, k in active.items():
                out[b + _ACTIVE_IX[t]] = k
        inactive = prov["inactive"]
        if inactive:
            for t, k in inactive.items():
                out[b + _INACTIVE_IX[t]] = k
        if name == occupy:
            out[b + f["occupy"]] = 1.0
    for name, where in view["leaders"].items():
        if where in _PROV0:
            out[_PROV0[where] + _LEADER_IX[name]] = 1.0
    for name, where in view["rivals"].items():
        if where in _PROV0:
            out[_PROV0[where] + _RIVAL_IX[name]] = 1.0
    for name in turn["targeted"]:
        out[_PROV0[name] + f["targeted"]] = 1.0
    for name in turn["recalled"]:
        out[_PROV0[name] + f["recalled"]] = 1.0


_REGION0 = _AF[f"region={data.REGIONS[0]}"]
_CAPITAL = _AF["capital"]
_BY_ID = itemgetter("id")
_ID = attrgetter("id")


def _armies(view: dict[str, Any], rel: dict[str, int], out: memoryview[float]) -> None:
    """Each army's block, by owner (seats from the observer) and slot (ascending ids)."""
    token = view["emperor_token"]
    token_army = token["army"] if token and token["kind"] == "military" else None
    battle = view["battle"]
    attacker = battle["attacker"] if battle else None
    defender = int(battle["defender"]) if battle and battle["kind"] == "army" else None
    count: dict[str, int] = {}
    for a in sorted(view["armies"], key=_BY_ID):
        owner = a["owner"]
        k = count.get(owner, 0)
        count[owner] = k + 1
        if owner not in rel or k >= ARMY_SLOTS:
            continue
        b = _ARMY0[rel[owner]][k]
        aid = a["id"]
        out[b] = 1.0
        out[b + _REGION0 + _REGION[a["region"]]] = 1.0
        foederati = a["foederati"]
        _ARMY.pack_into(
            out,
            8 * (b + _CAPITAL),
            a["capital"],
            a["full"],
            a["reduced"],
            sum(foederati.values()) if foederati else 0,
            a["castra"],
            a["battled"],
            aid == token_army,
            aid == attacker,
            aid == defender,
        )


def _battle(view: dict[str, Any], rel: dict[str, int], out: memoryview[float]) -> None:
    """The battle in progress, if any."""
    b = view["battle"]
    if b is None:
        return
    f = _BF
    o = _BATTLE0
    out[o] = 1.0
    out[o + f[f"stage={b['stage']}"]] = 1.0
    out[o + f[f"kind={b['kind']}"]] = 1.0
    out[o + f[f"region={b['region']}"]] = 1.0
    if b["kind"] == "tribe":
        out[o + f[f"defender_tribe={b['defender']}"]] = 1.0
    if b["defender_owner"] in rel:
        out[o + f[f"defender_seat{rel[b['defender_owner']]}"]] = 1.0
    _BATTLE.pack_into(
        out,
        8 * (o + f["hits_on_defender"]),
        b["hits_on_defender"],
        b["hits_on_attacker"],
        b["attacker_rolls"].count(6),
        b["defender_rolls"].count(6),
        b["to_allocate_attacker"],
        b["to_allocate_defender"],
        b["flanking"],
        b["cavalry"],
        b["spiculum"],
        b["winner"] == "attacker",
        b["winner"] == "defender",
    )
    reward = view["reward"]
    if reward:
        for x in reward["options"]:
            out[o + f[f"reward={x}"]] = 1.0


def _state_provinces(
    state: State, battle: Battle | None, rel: dict[str, int], out: memoryview[float]
) -> None:
    """:func:`_provinces` read from the state's provinces."""
    occupy = state.occupy
    turn = state.turn
    f = _PF
    for name, prov in state.provinces.items():
        b = _PROV0[name]
        gov = prov.governor
        if gov == NEUTRAL:
            out[b + _NEUTRAL] = 1.0
        elif gov in rel:
            out[b + rel[gov]] = 1.0
        if prov.support:
            out[b + _SUPPORT] = prov.support
        if prov.mobs:
            out[b + _MOBS] = prov.mobs
        if prov.militia:
            out[b + _MILITIA] = 1.0
        if prov.improvements:
            for x in prov.improvements:
                out[b + _IMPROVEMENT0 + _IMPROVEMENT[x]] = 1.0
        if prov.quaestor:
            out[b + _QUAESTOR] = 1.0
        pretender = prov.pretender
        if pretender is not None and pretender in rel:
            out[b + _PRETENDER0 + rel[pretender]] = 1.0
        if prov.seat:
            out[b + _SEAT_OF_POWER] = 1.0
        if prov.no_place_governor:
            out[b + _NO_PLACE] = 1.0
        if prov.active:
            for t, k in prov.active.items():
                out[b + _ACTIVE_IX[t]] = k
        if prov.inactive:
            for t, k in prov.inactive.items():
                out[b + _INACTIVE_IX[t]] = k
        if name == occupy:
            out[b + f["occupy"]] = 1.0
    for name, where in state.leaders.items():
        if where in _PROV0:
            out[_PROV0[where] + _LEADER_IX[name]] = 1.0
    for name, where in state.rivals.items():
        if where in _PROV0:
            out[_PROV0[where] + _RIVAL_IX[name]] = 1.0
    for name in turn.targeted:
        out[_PROV0[name] + f["targeted"]] = 1.0
    for name in turn.recalled:
        out[_PROV0[name] + f["recalled"]] = 1.0


def _state_armies(
    state: State, battle: Battle | None, rel: dict[str, int], out: memoryview[float]
) -> None:
    """:func:`_armies` read from the state's armies."""
    token = state.emperor_token
    token_army = token.army if token is not None and token.kind == "military" else None
    attacker = battle.attacker if battle is not None else None
    defender = int(battle.defender) if battle is not None and battle.kind == "army" else None
    count: dict[str, int] = {}
    armies = state.armies
    ids = [a.id for a in armies]
    if ids != sorted(ids):
        armies = sorted(armies, key=_ID)
    for a in armies:
        owner = a.owner
        k = count.get(owner, 0)
        count[owner] = k + 1
        if owner not in rel or k >= ARMY_SLOTS:
            continue
        b = _ARMY0[rel[owner]][k]
        aid = a.id
        out[b] = 1.0
        out[b + _REGION0 + _REGION[a.region]] = 1.0
        foederati = a.foederati
        _ARMY.pack_into(
            out,
            8 * (b + _CAPITAL),
            a.capital,
            a.full,
            a.reduced,
            sum(foederati.values()) if foederati else 0,
            a.castra,
            a.battled,
            aid == token_army,
            aid == attacker,
            aid == defender,
        )


def _state_battle(b: Battle, rel: dict[str, int], out: memoryview[float]) -> None:
    """:func:`_battle` read from the battle's frame."""
    f = _BF
    o = _BATTLE0
    out[o] = 1.0
    out[o + f[f"stage={b.stage}"]] = 1.0
    out[o + f[f"kind={b.kind}"]] = 1.0
    out[o + f[f"region={b.region}"]] = 1.0
    if b.kind == "tribe":
        out[o + f[f"defender_tribe={b.defender}"]] = 1.0
    if b.defender_owner in rel:
        out[o + f[f"defender_seat{rel[b.defender_owner]}"]] = 1.0
    _BATTLE.pack_into(
        out,
        8 * (o + f["hits_on_defender"]),
        b.hits_on_defender,
        b.hits_on_attacker,
        b.attacker_rolls.count(6),
        b.defender_rolls.count(6),
        b.to_allocate_attacker,
        b.to_allocate_defender,
        b.flanking,
        b.cavalry,
        b.spiculum,
        b.winner == "attacker",
        b.winner == "defender",
    )
    if b.reward is not None:
        for x in b.reward.options:
            out[o + f[f"reward={x}"]] = 1.0
