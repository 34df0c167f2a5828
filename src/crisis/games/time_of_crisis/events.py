"""The Crisis phase (RULES 6.2, 9): the crisis table, invasions and the event deck.

Each event card's effect is one small function registered by the card's id.
"""

from __future__ import annotations

from collections.abc import Callable

from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import counted, log, remove_army, roll
from crisis.games.time_of_crisis.state import Army, State, lone_militia, militia_stacked

EventEffect = Callable[[State], None]
EVENT_EFFECTS: dict[str, EventEffect] = {}


def event(eid: str) -> Callable[[EventEffect], EventEffect]:
    """Register the effect of event card ``eid``."""

    def deco(fn: EventEffect) -> EventEffect:
        EVENT_EFFECTS[eid] = fn
        return fn

    return deco


def crisis_phase(state: State) -> None:
    """Roll 2d6 on the crisis table for this player count and resolve the result."""
    white, black = roll(state, 2)
    result = data.CRISIS_TABLE[len(state.players)][white + black]
    log(state, f"Crisis roll {white}+{black}={white + black}: {result}")
    if result == "Ira Deorum":
        for name, t in state.tribes.items():
            if t.in_game and t.inactive:
                t.inactive -= 1
                t.active += 1
                log(state, f"one {name} counter turns active at home")
    elif result == "Pax Deorum":
        state.choosing = {p.role: 1 for p in state.players if p.available or p.discard}
    elif result == "Event":
        draw_event(state)
    else:
        tribe_activation(state, result)


def draw_event(state: State) -> None:
    """Reveal the top event card; it ends any lasting event and takes effect."""
    eid = state.event_deck.pop(0)
    state.events_drawn.append(eid)
    state.reveals += 1
    card = data.EVENTS[eid]
    state.lasting = eid if card.lasting else None
    log(state, f"Event: {card.name}")
    EVENT_EFFECTS[eid](state)


def tribe_activation(state: State, tribe: str) -> None:
    """Wake one counter of ``tribe``, then roll for an invasion (RULES 9)."""
    t = state.tribes[tribe]
    if not t.in_game:
        return
    if t.inactive:
        t.inactive -= 1
        t.active += 1
    white, black = roll(state, 2)
    leaders = [n for n, where in state.leaders.items() if where == tribe]
    ready = t.active + len(leaders)
    log(state, f"{tribe} invasion roll: white {white}, black {black} ({ready} active at home)")
    if ready == 0:
        log(state, f"no {tribe} invade: none is active at home")
        return
    if black > ready:
        above = f"the black die ({black}) is above the {ready} active at home"
        log(state, f"no {tribe} invade: {above}")
        return
    # Ruling 10: the check applies; while Ardashir is in play (at home or on the map) every
    # active Sassanid invades.
    count = ready if tribe == "Sassanids" and "Ardashir" in state.leaders else black
    if state.lasting == "raiding_parties":
        count = min(ready, count + 1)
    invade(state, tribe, white, count)


def invade(state: State, tribe: str, white: int, count: int) -> None:
    """Place ``count`` invaders of ``tribe`` (leaders first) along the path for ``white``:
    up to three of the tribe per province; from a Limes on they arrive inactive, unless
    Cniva leads them. Leftovers stay at home, active."""
    t = state.tribes[tribe]
    leaders = [n for n, where in state.leaders.items() if where == tribe]
    lead = leaders[:count]
    counters = min(t.active, count - len(lead))
    ignores_limes = "Cniva" in lead
    limes = False
    invaded = 0
    for province in data.INVASION_PATHS[tribe][white]:
        prov = state.provinces[province]
        if "Limes" in prov.improvements and not ignores_limes:
            limes = True
        here = prov.active.get(tribe, 0) + prov.inactive.get(tribe, 0)
        here += sum(
            1
            for n, where in state.leaders.items()
            if where == province and data.BARBARIAN_LEADERS[n] == tribe
        )
        placed = 0
        while here < 3 and lead:
            state.leaders[lead.pop(0)] = province
            here += 1
            placed += 1
        while here < 3 and counters:
            counters -= 1
            t.active -= 1
            side = prov.inactive if limes else prov.active
            side[tribe] = side.get(tribe, 0) + 1
            here += 1
            placed += 1
        if placed:
            invaded += placed
            inactive = " (inactive)" if limes else ""
            log(state, f"the {tribe} invade {province} with {counted(placed, 'counter')}{inactive}")
    if not invaded:
        log(state, f"no {tribe} invade: every province on their path already holds three")


def hit_army(state: State, a: Army, hits: int) -> None:
    """Apply hits to a player's army in the normal order: Militia, barbarians, then legions
    (flipping a full-strength legion before removing a reduced one). Used by events."""
    for _ in range(hits):
        who = f"{a.owner}'s army {a.id}"
        if militia_stacked(state, a):
            state.provinces[a.region].militia = False
            log(state, f"{who} loses the Militia of {a.region}")
        elif a.foederati:
            tribe = sorted(a.foederati)[0]
            a.foederati[tribe] -= 1
            if not a.foederati[tribe]:
                del a.foederati[tribe]
            state.tribes[tribe].inactive += 1
            log(state, f"{who} loses one {tribe} foederati counter (it goes home)")
        elif a.full:
            a.full -= 1
            a.reduced += 1
            log(state, f"{who}: a legion is reduced")
        elif a.reduced:
            a.reduced -= 1
            log(state, f"{who}: a reduced legion is lost")
        if not a.legions and not a.foederati:
            remove_army(state, a)
            log(state, f"{a.owner}'s army {a.id} is destroyed")
            return


# -- event cards ------------------------------------------------------------------------------


# Ruling 26 (docs/rulings.md).
@event("plague_of_cyprian")
def plague_of_cyprian(state: State) -> None:
    """Every army a player commands, a lone Militia included, suffers one hit."""
    for a in list(state.armies):
        hit_army(state, a, 1)
    for name, prov in state.provinces.items():
        if lone_militia(state, name):
            prov.militia = False
            log(state, f"the Militia of {name} is lost")


# Rulings 9 and 32 (docs/rulings.md): leaders are barbarians of their tribe, placed even
# when the tribe is out of the game.
def _leader(name: str) -> EventEffect:
    def place(state: State) -> None:
        state.leaders[name] = data.BARBARIAN_LEADERS[name]
        log(state, f"{name} appears in the {data.BARBARIAN_LEADERS[name]} homeland")

    return place


def _rival(name: str) -> EventEffect:
    def place(state: State) -> None:
        state.rivals[name] = data.RIVAL_EMPERORS[name]
        log(state, f"Rival Emperor {name} rises in {data.RIVAL_EMPERORS[name]}")

    return place


for _name, _event in data.LEADER_EVENTS.items():
    event(_event)(_leader(_name))
for _name, _event in data.RIVAL_EVENTS.items():
    event(_event)(_rival(_name))


@event("palmyra_allies")
def palmyra_allies(state: State) -> None:
    """Every Sassanid counter in a province goes home inactive."""
    t = state.tribes["Sassanids"]
    for name, prov in state.provinces.items():
        back = prov.active.pop("Sassanids", 0) + prov.inactive.pop("Sassanids", 0)
        t.inactive += back
        if back:
            said = "one Sassanid counter goes" if back == 1 else f"{back} Sassanid counters go"
            log(state, f"{said} home inactive from {name}")


@event("ludi_saeculares")
def ludi_saeculares(state: State) -> None:
    """Each player may trade a card for legacy in their next Gain Legacy phase."""
    for p in state.players:
        p.ludi = True
    log(state, "each player may discard a card for legacy at their next Gain Legacy")


@event("preparing_for_war")
def preparing_for_war(state: State) -> None:
    """Two inactive counters wake up in every homeland; nobody invades."""
    for name, t in state.tribes.items():
        if t.in_game:
            n = min(2, t.inactive)
            t.inactive -= n
            t.active += n
            if n:
                said = f"one {name} counter turns" if n == 1 else f"{n} {name} counters turn"
                log(state, f"{said} active at home")


def _lasting(state: State) -> None:
    """Lasting events act through ``state.lasting`` (combat odds, invasions, costs)."""


for _eid in ("bad_auguries", "good_auguries", "raiding_parties", "inflation"):
    event(_eid)(_lasting)


@event("diocletian")
def diocletian(state: State) -> None:
    """The game ends at once."""
    state.ended = "Diocletian"
