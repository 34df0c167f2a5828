"""Playing influence cards (RULES 5) and the events printed on them.

A played card adds its value to the pool of its sphere; its event may then be used once, at
any applicable moment of the same turn. Each event is one verb with its own lister.
"""

from __future__ import annotations

from crisis.engine.action import Action, SharedActions
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import log
from crisis.games.time_of_crisis.expansion import EXPANSION_VERBS, expansion_options
from crisis.games.time_of_crisis.phases import can_still_leave_sea
from crisis.games.time_of_crisis.played import ready, use
from crisis.games.time_of_crisis.registry import arg_tuple, handles, lists
from crisis.games.time_of_crisis.senate import can_target, place_governor_attempt
from crisis.games.time_of_crisis.state import (
    State,
    army,
    can_add_mob,
    emperor,
    governed,
    markers_on_map,
    player,
    pretenders,
)

#: Play Card actions by card id, built once (the hand is listed at every position of a turn).
_PLAY = SharedActions("play_card")
#: End Actions, listed at every position of Take Actions.
_END_ACTIONS = Action("end_actions")


@lists("actions", verbs=("play_card",))
def _list_play_card(state: State, role: str) -> list[Action]:
    return [_PLAY[cid] for cid in sorted(set(player(state, role).hand))]


@lists(
    "actions",
    verbs=(
        "end_actions",
        "castra",
        "flanking_maneuver",
        "praetorian_guard",
        "tribute",
        "foederati",
        "damnatio_memoriae",
        "quaestor",
        "mob",
        "pretender",
        *EXPANSION_VERBS,
    ),
)
def _list_cards(state: State, role: str) -> list[Action]:
    p = player(state, role)
    out: list[Action] = []
    at_sea = False
    for a in state.armies:
        if a.owner == role and a.region in data.SEAS:
            at_sea = True
            break
    if not (at_sea and can_still_leave_sea(state, role)):
        out.append(_END_ACTIONS)
    if not state.turn.events:
        return out
    mine = governed(state, role)
    marker_left = markers_on_map(state) < data.MARKERS
    if ready(state, "castra") and marker_left:
        out += [Action("castra", a.id) for a in state.armies if a.owner == role and not a.castra]
    if ready(state, "flanking_maneuver") and not state.turn.flanking:
        out.append(Action("flanking_maneuver"))
    red = state.turn.pool["red"]
    token = state.emperor_token
    if ready(state, "praetorian_guard") and red and p.governors_ready:
        if can_target(state, role, data.ITALIA) and not (token and token.kind == "military"):
            out += [Action("praetorian_guard", k) for k in range(1, red + 1)]
    if ready(state, "tribute"):
        for name, prov in state.provinces.items():
            out += [Action("tribute", (name, t)) for t, n in sorted(prov.active.items()) if n]
    if ready(state, "foederati"):
        out += _foederati_options(state, role)
    dm = damnatio_card(state)
    if dm and not state.turn.damnatio and emperor(state) not in (None, role):
        if not (token and token.kind == "senate"):
            out.append(Action("damnatio_memoriae"))
    if ready(state, "quaestor") and marker_left:
        out += [Action("quaestor", n) for n in mine if not state.provinces[n].quaestor]
    if ready(state, "mob"):
        shielded = token.owner if token and token.kind == "populace" else None
        out += [
            # Ruling 25: any governed province not the player's own (nor a Populace Emperor's).
            Action("mob", name)
            for name, prov in state.provinces.items()
            if prov.governor is not None
            and prov.governor not in (role, shielded)
            and can_add_mob(state, name)
        ]
    if (
        ready(state, "pretender")
        and emperor(state) != role
        and role not in pretenders(state)
        and markers_left(state, role)
    ):
        out += [Action("pretender", n) for n in pretender_eligible(state, role)]
    return out + expansion_options(state, role)


@handles(
    "play_card",
    step="actions",
    args=("card",),
    cost=lambda _s, _r, cid: {data.INFLUENCE[cid].suit: -data.INFLUENCE[cid].value},
)
def play_card(state: State, role: str, cid: str) -> None:
    """Play a card from hand: its value joins the pool of its sphere."""
    p = player(state, role)
    p.hand.remove(cid)
    card = data.INFLUENCE[cid]
    state.turn.played.append(cid)
    if card.value > 1:
        state.turn.events.append(cid)
    log(state, f"{role} plays {card.name}")


@handles("castra", step="actions", args=("army",))
def castra(state: State, role: str, army_id: int) -> None:
    """Castra: a marker on your army takes one hit off each battle's hits against it."""
    use(state, "castra")
    army(state, army_id).castra = True
    log(state, f"{role} fortifies army {army_id} with a Castra")


# Ruling 14 (docs/rulings.md).
@handles("flanking_maneuver", step="actions")
def flanking_maneuver(state: State, role: str, _arg: None) -> None:
    """Flanking Maneuver: the next battle you initiate this turn allows one re-roll."""
    use(state, "flanking_maneuver")
    state.turn.flanking = True
    log(state, f"{role} prepares a Flanking Maneuver")


# Ruling 22 (docs/rulings.md).
@handles("praetorian_guard", step="actions", args=("amount",), cost=lambda _s, _r, n: {"red": n})
def praetorian_guard(state: State, role: str, n: int) -> None:
    """Praetorian Guard: Place Governor in Italia paid with Military points, a die each."""
    use(state, "praetorian_guard")
    log(state, f"{role} calls on the Praetorian Guard")
    place_governor_attempt(state, role, data.ITALIA, n)


# Ruling 23 (docs/rulings.md).
@handles("tribute", step="actions", args=("province", "tribe"))
def tribute(state: State, role: str, arg: tuple[str, str]) -> None:
    """Tribute: every barbarian of one tribe in one province turns inactive."""
    province, tribe = arg_tuple(arg)
    use(state, "tribute")
    prov = state.provinces[province]
    prov.inactive[tribe] = prov.inactive.get(tribe, 0) + prov.active.pop(tribe)
    log(state, f"{role} pays tribute to the {tribe} in {province}")


def _foederati_options(state: State, role: str) -> list[Action]:
    out: list[Action] = []
    for a in state.armies:
        if a.owner != role:
            continue
        for region in sorted({a.region} | data.ADJACENT[a.region]):
            if region in data.HOMELANDS:
                t = state.tribes[region]
                if t.active or t.inactive:
                    out.append(Action("foederati", (a.id, region, region)))
            elif region in state.provinces:
                prov = state.provinces[region]
                for tribe in data.TRIBES:
                    if prov.active.get(tribe, 0) or prov.inactive.get(tribe, 0):
                        out.append(Action("foederati", (a.id, region, tribe)))
    return out


# Ruling 24 (docs/rulings.md).
@handles("foederati", step="actions", args=("army", "foederati_place"))
def foederati(state: State, role: str, arg: tuple[int, str, str]) -> None:
    """Foederati: one barbarian (an active one first) from here or next door joins your army."""
    army_id, region, tribe = arg_tuple(arg)
    use(state, "foederati")
    a = army(state, army_id)
    if region in data.HOMELANDS:
        t = state.tribes[tribe]
        if t.active:
            t.active -= 1
        else:
            t.inactive -= 1
    else:
        prov = state.provinces[region]
        side = prov.active if prov.active.get(tribe, 0) else prov.inactive
        side[tribe] -= 1
        if not side[tribe]:
            del side[tribe]
    a.foederati[tribe] = a.foederati.get(tribe, 0) + 1
    log(state, f"{role} recruits a warrior of the {tribe} from {region} into army {a.id}")


def damnatio_card(state: State) -> str | None:
    """The Damnatio Memoriae card ready to use this turn (base or expansion), if any."""
    for cid in ("damnatio_memoriae", "damnatio_memoriae_ii"):
        if ready(state, cid):
            return cid
    return None


# Rulings 21, 42 (docs/rulings.md).
@handles("damnatio_memoriae", step="actions")
def damnatio_memoriae(state: State, role: str, _arg: None) -> None:
    """Damnatio Memoriae: if your next Place Governor in Italia this turn succeeds, the
    deposed Emperor's Emperor Turns return to 0 (the expansion's card: back 2 spaces)."""
    cid = damnatio_card(state)
    assert cid is not None
    use(state, cid)
    state.turn.damnatio = cid
    log(state, f"{role} moves Damnatio Memoriae against the Emperor")


@handles("quaestor", step="actions", args=("province",))
def quaestor(state: State, role: str, province: str) -> None:
    """Quaestor: Place Governor dice in this province of yours vote only on 3+."""
    use(state, "quaestor")
    state.provinces[province].quaestor = True
    log(state, f"{role} installs a Quaestor in {province}")


@handles("mob", step="actions", args=("province",))
def mob(state: State, role: str, province: str) -> None:
    """Mob: a Mob counter in a province you do not govern."""
    use(state, "mob")
    state.provinces[province].mobs += 1
    log(state, f"{role} stirs up a mob in {province}")


def markers_left(state: State, role: str) -> int:
    """Seat of Power/Breakaway markers of ``role`` not on the map (six per player)."""
    return data.PRETENDER_MARKERS - sum(1 for p in state.provinces.values() if p.pretender == role)


def pretender_eligible(state: State, role: str) -> list[str]:
    """Provinces ``role`` governs, Italia aside, with support 3+ and no Pretender marker."""
    return [
        n
        for n in governed(state, role)
        if n != data.ITALIA
        and state.provinces[n].support >= 3
        and state.provinces[n].pretender is None
    ]


# Ruling 47 (docs/rulings.md).
@handles("pretender", step="actions", args=("province",))
def pretender(state: State, role: str, seat: str) -> None:
    """Pretender: a Seat of Power here, Breakaway markers in every eligible province
    connected to it through eligible provinces."""
    use(state, "pretender")
    eligible = set(pretender_eligible(state, role))
    limit = markers_left(state, role)
    empire = [seat]
    frontier = [seat]
    while frontier and len(empire) < limit:
        here = frontier.pop()
        for n in sorted(data.PRETENDER_ADJACENT[here]):
            if n in eligible and n not in empire and len(empire) < limit:
                empire.append(n)
                frontier.append(n)
    for n in empire:
        state.provinces[n].pretender = role
    state.provinces[seat].seat = True
    log(state, f"{role} claims the purple in {seat}: {', '.join(empire)}")
