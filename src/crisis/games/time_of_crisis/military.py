"""Military actions (RULES 6.3.1) and the occupation of Pretender capitals (RULES 12.2)."""

from __future__ import annotations

from crisis.engine.action import Action
from crisis.engine.machine import frame
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import log, replace_governor
from crisis.games.time_of_crisis.registry import RULES, arg_tuple, flow, handles, lists
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    Army,
    Occupation,
    State,
    army,
    capital_free_for,
    find_army,
    governed,
    legions_on_map,
    lone_militia,
    player,
    the_current_player,
)


# Ruling 6 (docs/rulings.md).
def new_army(state: State, role: str, region: str, *, capital: bool = False) -> Army:
    """A General from ``role``'s Available Leaders box with one full-strength Legion."""
    a = Army(id=state.next_army, owner=role, region=region, capital=capital)
    state.next_army += 1
    player(state, role).generals_ready -= 1
    state.armies.append(a)
    return a


def add_legion_cost(legions: int) -> int:
    """Military points to add a Legion to an army of ``legions``: its new count (RULES 6.3.1)."""
    return legions + 1


def leave_capital(state: State, a: Army) -> None:
    """Move an army out of its capital; a Castra marker does not follow it."""
    a.capital = False
    a.castra = False


def battle_targets(state: State, a: Army) -> list[str]:
    """What ``a`` may attack in its region: armies ("#id"), a lone Militia, tribes, Rivals."""
    region = a.region
    out: list[str] = []
    for b in state.armies:
        if b.region == region and b.owner != a.owner:
            out.append(f"#{b.id}")
    prov = state.provinces.get(region)
    if prov is not None:
        if prov.governor != a.owner and lone_militia(state, region):
            out.append("militia")
        out += _foes_in_province(state, region)
    elif region in data.HOMELANDS and state.tribes[region].in_game:
        # A tribe out of the game (2-3 players) never fights, even if an event put its
        # leader in the homeland (FAQ: the event is then as good as ignored).
        if state.tribes[region].active or any(w == region for w in state.leaders.values()):
            out.append(region)
    return out


# Ruling 50 (docs/rulings.md).
def militia_targets(state: State, province: str) -> list[str]:
    """What the lone Militia of ``province`` may attack there: other players' armies ("#id"),
    barbarian tribes (active or inactive counters, or a leader) and Rival Emperors."""
    governor = state.provinces[province].governor
    out = [f"#{b.id}" for b in state.armies if b.region == province and b.owner != governor]
    return out + _foes_in_province(state, province)


def _foes_in_province(state: State, province: str) -> list[str]:
    """Tribes with a counter (active or not) or a leader in ``province``, then Rival Emperors."""
    prov = state.provinces[province]
    out: list[str] = []
    led = {data.BARBARIAN_LEADERS[n] for n, where in state.leaders.items() if where == province}
    for tribe in data.TRIBES:
        if prov.active.get(tribe, 0) or prov.inactive.get(tribe, 0) or tribe in led:
            out.append(tribe)
    out.extend(sorted(n for n, where in state.rivals.items() if where == province))
    return out


#: The verbs listed army by army (:func:`_army_actions`).
ARMY_VERBS = (
    "add_legion",
    "train_legion",
    "move_army",
    "initiate_battle",
    "leave_capital",
    "enter_capital",
    "disperse_mob",
)


@lists(
    "actions",
    "Take actions: play cards and spend influence",
    the_current_player,
    verbs=("recruit_general", "create_army", *ARMY_VERBS, "militia_battle"),
)
def _list_military(state: State, role: str) -> list[Action]:
    out: list[Action] = []
    red = state.turn.pool["red"]
    if red <= 0:
        # Without a Military point only entering and leaving capitals is left, which
        # _army_actions lists whatever it is told of provinces, Legions or cards.
        for a in state.armies:
            if a.owner == role:
                out += _army_actions(state, role, a, [], False, False)
        return out
    p = player(state, role)
    mine = governed(state, role)
    room = legions_on_map(state) < data.LEGIONS
    cost = data.COSTS
    if red:
        out += [Action("recruit_general", c) for c in sorted(p.generals_unclaimed) if c <= red]
    if red >= cost.create_army and p.generals_ready and room:
        out += [Action("create_army", name) for name in mine]
    # Only read for a sea move that the points in the pool do not pay.
    red_in_hand = red < cost.sea_moves and any(data.INFLUENCE[c].suit == "red" for c in p.hand)
    for a in state.armies:
        if a.owner == role:
            out += _army_actions(state, role, a, mine, room, red_in_hand)
    # Ruling 50: a lone Militia is an army of its Governor: it disperses and attacks.
    for name in mine:
        if not lone_militia(state, name):
            continue
        if red >= cost.disperse_mob and state.provinces[name].mobs:
            out.append(Action("disperse_mob", name))
        if red >= cost.battle and name not in state.turn.militia_battled:
            out += [Action("militia_battle", (name, t)) for t in militia_targets(state, name)]
    return out


def _army_actions(
    state: State, role: str, a: Army, mine: list[str], room: bool, red_in_hand: bool
) -> list[Action]:
    """The military actions of ``role``'s army ``a`` (``mine``: the provinces ``role``
    governs; ``room``: a Legion is left in the supply; ``red_in_hand``: a red card to play)."""
    out: list[Action] = []
    red = state.turn.pool["red"]
    cost = data.COSTS
    if room and a.region in mine and red >= add_legion_cost(a.legions):
        out.append(Action("add_legion", a.id))
    if a.reduced and red >= cost.train_legion:
        out.append(Action("train_legion", a.id))
    if not a.battled and red >= cost.move_army:
        for dest in data.SORTED_ADJACENT[a.region]:
            if dest in data.SEAS and red < cost.sea_moves and not red_in_hand:
                continue
            out.append(Action("move_army", (a.id, dest)))
    if not a.battled and red >= cost.battle:
        out += [Action("initiate_battle", (a.id, t)) for t in battle_targets(state, a)]
    if a.region in state.provinces:
        if a.id not in state.turn.crossed:  # Rulings 7, 48
            if a.capital:
                out.append(Action("leave_capital", a.id))
            elif capital_free_for(state, a.region, role):
                out.append(Action("enter_capital", a.id))
        # Ruling 48 limits crossing the threshold again, nothing else: the army that just
        # crossed may still disperse a Mob.
        if red >= cost.disperse_mob and a.region in mine and state.provinces[a.region].mobs:
            out.append(Action("disperse_mob", a.id))
    return out


@RULES.narrows("actions", ARMY_VERBS)
def _one_army(state: State, role: str, action: Action) -> list[Action]:
    """The actions :func:`_list_military` lists for the army ``action`` names (none for a
    Militia's ``disperse_mob`` or an army not ``role``'s)."""
    arg = action.arg
    army_id = arg[0] if isinstance(arg, tuple) and arg else arg
    if type(army_id) is not int:
        return []
    a = find_army(state, army_id)
    if a is None or a.owner != role:
        return []
    if state.turn.pool["red"] <= 0:
        return _army_actions(state, role, a, [], False, False)  # as _list_military lists
    room = legions_on_map(state) < data.LEGIONS
    red_in_hand = state.turn.pool["red"] < data.COSTS.sea_moves and any(
        data.INFLUENCE[c].suit == "red" for c in player(state, role).hand
    )
    return _army_actions(state, role, a, governed(state, role), room, red_in_hand)


@handles(
    "recruit_general",
    step="actions",
    args=("leader_cost",),
    cost=lambda _s, _r, cost: {"red": cost},
)
def recruit_general(state: State, role: str, cost: int) -> None:
    """Pay a General's printed cost to move it to the Available Leaders box."""
    p = player(state, role)
    p.generals_unclaimed.remove(cost)
    p.generals_ready += 1
    log(state, f"{role} recruits a General ({cost})")


@handles(
    "create_army",
    step="actions",
    args=("province",),
    cost=lambda *_: {"red": data.COSTS.create_army},
)
def create_army(state: State, role: str, province: str) -> None:
    """One Military point: a General and one Legion in a province you govern."""
    new_army(state, role, province)
    log(state, f"{role} creates an army in {province}")


@handles(
    "add_legion",
    step="actions",
    args=("army",),
    cost=lambda state, _r, army_id: {"red": add_legion_cost(army(state, army_id).legions)},
)
def add_legion(state: State, role: str, army_id: int) -> None:
    """Pay the army's new legion count in Military points to add a full-strength Legion."""
    a = army(state, army_id)
    a.full += 1
    log(state, f"{role} adds a legion to army {a.id} in {a.region} ({a.legions})")


@handles(
    "train_legion", step="actions", args=("army",), cost=lambda *_: {"red": data.COSTS.train_legion}
)
def train_legion(state: State, role: str, army_id: int) -> None:
    """One Military point flips a reduced-strength Legion back to full strength."""
    a = army(state, army_id)
    a.reduced -= 1
    a.full += 1
    log(state, f"{role} trains a legion of army {a.id}")


@handles(
    "move_army",
    step="actions",
    args=("army", "region"),
    cost=lambda *_: {"red": data.COSTS.move_army},
)
def move_army(state: State, role: str, arg: tuple[int, str]) -> None:
    """One Military point moves an army to an adjacent region, outside any capital."""
    army_id, dest = arg_tuple(arg)
    a = army(state, army_id)
    if a.capital:
        leave_capital(state, a)
    a.region = dest
    log(state, f"{role} moves army {a.id} to {dest}")


@handles("enter_capital", step="actions", args=("army",))
def enter_capital(state: State, role: str, army_id: int) -> None:
    """Move an army into its province's empty capital for free."""
    a = army(state, army_id)
    a.capital = True
    state.turn.crossed.append(a.id)
    log(state, f"{role}'s army {a.id} enters the capital of {a.region}")
    check_occupation(state)


@handles("leave_capital", step="actions", args=("army",))
def leave_capital_action(state: State, role: str, army_id: int) -> None:
    """Move an army out of its capital into the province for free."""
    a = army(state, army_id)
    leave_capital(state, a)
    state.turn.crossed.append(a.id)
    log(state, f"{role}'s army {a.id} leaves the capital of {a.region}")


@handles(
    "disperse_mob",
    step="actions",
    args=[("army",), ("province",)],
    cost=lambda *_: {"red": data.COSTS.disperse_mob},
)
def disperse_mob(state: State, role: str, who: int | str) -> None:
    """One Military point: -1 support, and one Mob fewer per unit in the army (an army id,
    or a province name for its lone Militia, ruling 50)."""
    if isinstance(who, str):
        region, units = who, 1
    else:
        a = army(state, who)
        region = a.region
        units = a.legions + a.barbarians
        if (
            a.capital
            and state.provinces[region].militia
            and state.provinces[region].governor == role
        ):
            units += 1
    prov = state.provinces[region]
    prov.support = max(0, prov.support - 1)
    prov.mobs = max(0, prov.mobs - units)
    log(state, f"{role} disperses the mob in {region}")


# -- occupying a Pretender's capital (RULES 12.2) ----------------------------------------------


#: An army holding a Pretender's capital during Take Actions enters the occupation.
flow("actions", calls=("occupy",))


# Ruling 27 (docs/rulings.md).
def check_occupation(state: State) -> None:
    """If the current player's army holds the capital of another's Pretender province, ask
    whether to install a Governor there."""
    if state.step != "actions":
        return
    role = state.players[state.current].role
    for a in state.armies:
        if a.owner != role or not a.capital:
            continue
        prov = state.provinces[a.region]
        if prov.pretender is not None and prov.governor != role:
            RULES.call(state, "occupy", Occupation(province=a.region))
            return


@lists(
    "occupy",
    "Your army holds a Pretender's capital: install a Governor or a Neutral one",
    the_current_player,
)
def _list_occupy(state: State, role: str) -> list[Action]:
    out = [Action("occupy", "neutral")]
    if player(state, role).governors_ready:
        out.insert(0, Action("occupy", "governor"))
    return out


# Ruling 28 (docs/rulings.md).
@handles("occupy", step="occupy", args=("occupation",))
def occupy(state: State, role: str, choice: str) -> None:
    """Remove the Pretender marker and replace the province's Governor at support 1."""
    name = frame(state, Occupation).province
    prov = state.provinces[name]
    owner, seat = prov.pretender, prov.seat
    prov.pretender = None
    prov.seat = False
    replace_governor(state, name, role if choice == "governor" else NEUTRAL, 1)
    log(state, f"{role} occupies {name}" + (", the Seat of Power" if seat else ""))
    if seat:
        for other in state.provinces.values():
            # Breakaway markers only: a second (newer) Seat of Power of the owner stays.
            if other.pretender == owner and other.governor == owner and not other.seat:
                other.pretender = None
    RULES.ret(state)
    check_occupation(state)
