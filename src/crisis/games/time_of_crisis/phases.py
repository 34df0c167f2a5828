"""The sequence of play: setup choices, then each player's eight phases (RULES 3, 6).

The parts of a turn that need no decision are automatic steps, which the machine runs
straight through; the flow stops at each prompt (``state.step``) and resumes from the
handler that answers it. Each step declares the steps it goes to and its phase.
"""

from __future__ import annotations

from crisis.engine.action import Action, SharedActions
from crisis.engine.machine import OVER
from crisis.games.time_of_crisis import data, events, scoring
from crisis.games.time_of_crisis.board import (
    flip_barbarians_active,
    log,
    neutral_count,
    refill_from_discard,
    remove_army,
    replace_governor,
    sync_neutral_italia,
)
from crisis.games.time_of_crisis.military import check_occupation, new_army
from crisis.games.time_of_crisis.registry import automatic, flow, goto, handles, lists
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    State,
    Turn,
    can_add_mob,
    choosers,
    current_role,
    emperor,
    enemy_in_capital,
    governed,
    leaders_in,
    player,
    pretender_provinces,
    pretenders,
    rivals_in,
    the_current_player,
)

HAND_SIZE = data.HAND_SIZE

# -- setup -----------------------------------------------------------------------------------


@lists(
    "choose_province",
    "Choose your starting province",
    the_current_player,
    goes=("choose_hand",),
    phase="setup",
)
def _list_provinces(state: State, role: str) -> list[Action]:
    return [
        Action("choose_province", name)
        for name, p in state.provinces.items()
        if name != data.ITALIA and p.governor is None and not p.no_place_governor
    ]


@handles("choose_province", step="choose_province", args=("province",))
def choose_province(state: State, role: str, province: str) -> None:
    """Place the at-start Governor, General, Legion and Militia in ``province`` (RULES 3.2)."""
    p = player(state, role)
    p.governors_unclaimed.remove(0)
    p.generals_unclaimed.remove(0)
    p.governors_ready += 1
    p.generals_ready += 1
    replace_governor(state, province, role, 1)
    state.provinces[province].militia = True

    new_army(state, role, province, capital=True)
    log(state, f"{role} chooses {province}")
    n = len(state.players)
    chosen = sum(1 for q in state.provinces.values() if q.governor not in (None, NEUTRAL))
    if chosen < n:
        state.current = (state.current + 1) % n
        return
    for name, prov in state.provinces.items():
        if prov.governor is None and not prov.no_place_governor and name != data.ITALIA:
            prov.governor = NEUTRAL
            prov.support = 1
    state.provinces[data.ITALIA].governor = NEUTRAL
    sync_neutral_italia(state)
    left = neutral_count(state)
    log(state, f"Neutral Governors take the {left} provinces left, Italia among them")
    state.current = state.first
    goto(state, "choose_hand")
    state.choosing = {q.role: HAND_SIZE for q in state.players}
    _auto_choose(state)


# -- secret card choices: the starting hand, Pax Deorum and the end-of-turn refill -----------


@lists(
    "choose_hand",
    "Choose the five cards of your starting hand",
    choosers,
    goes=("upkeep",),
    phase="setup",
)
@lists(
    "pax",
    "Pax Deorum: choose a card from your Available Pile",
    choosers,
    goes=("begin_actions",),
    phase="crisis",
)
@lists(
    "refill",
    "Refill your hand from your Available Pile",
    choosers,
    goes=("finish_turn",),
    phase="end_of_turn",
)
def _list_choices(state: State, role: str) -> list[Action]:
    if state.choosing.get(role, 0) <= 0:
        return []
    return [_CHOICES[cid] for cid in sorted(set(player(state, role).available))]


#: Choose Card actions by card id, built once.
_CHOICES = SharedActions("choose_card")


@handles("choose_card", step=("choose_hand", "pax", "refill"), args=("card",))
def choose_card(state: State, role: str, cid: str) -> None:
    """Move one card from the Available Pile to the hand."""
    p = player(state, role)
    p.available.remove(cid)
    p.hand.append(cid)
    state.choosing[role] -= 1
    _auto_choose(state)


# Ruling 1 (docs/rulings.md).
def _auto_choose(state: State) -> None:
    """Make every forced choice (one kind of card left, or all must be taken), then continue
    the flow once nobody has a card left to choose."""
    for role, need in list(state.choosing.items()):
        p = player(state, role)
        while need > 0:
            if not p.available:
                # Ruling 2: Pax Deorum takes from the Available Pile only; turning the
                # Discard Pile over belongs to the end-of-turn refill (6.8).
                if not p.discard or state.step == "pax":
                    need = 0
                    break
                refill_from_discard(state, role)
            if need >= len(p.available) or len(set(p.available)) == 1:
                take = min(need, len(p.available))
                p.hand.extend(p.available[:take])
                del p.available[:take]
                need -= take
            else:
                break
        state.choosing[role] = need
    if any(state.choosing.values()):
        return
    state.choosing = {}
    step = state.step
    if step == "choose_hand":
        goto(state, "upkeep")
    elif step == "pax":
        goto(state, "begin_actions")
    elif step == "refill":
        goto(state, "finish_turn")


# -- the eight phases ------------------------------------------------------------------------
# Each step declares the phase of the turn it belongs to (``phase=``); ``state.phase`` is no
# more: the view's phase is :meth:`RULES.phase <crisis.engine.machine.Machine.phase>` of the
# state (a sub-procedure is in its caller's phase).


@automatic("upkeep", goes=("crisis",), phase="upkeep")
def start_turn(state: State) -> None:
    """Upkeep (6.1): the automatic step a player turn begins with; the Crisis phase follows."""
    role = current_role(state)
    state.turn = Turn(was_emperor=emperor(state) == role)
    log(state, f"-- {role} turn {player(state, role).turns + 1} --")
    for name in governed(state, role):
        state.provinces[name].quaestor = False
    for a in state.armies:
        if a.owner == role:
            a.castra = False
    goto(state, "crisis")


@automatic("crisis", goes=("pax", "begin_actions", OVER), phase="crisis")
def crisis(state: State) -> None:
    """Crisis (6.2); stops at Pax Deorum choices or the Take Actions prompt, or ends the
    game."""
    events.crisis_phase(state)
    if state.ended:
        scoring.finish(state)
        return
    if state.choosing:
        goto(state, "pax")
        _auto_choose(state)
        return
    goto(state, "begin_actions")


@automatic("begin_actions", goes=("actions",), phase="actions")
def begin_actions(state: State) -> None:
    """Open the Take Actions phase (6.3): the current player's armies may move and fight."""
    role = current_role(state)
    for a in state.armies:
        if a.owner == role:
            a.battled = False
    goto(state, "actions")
    check_occupation(state)


# Ruling 5 (docs/rulings.md).
def can_still_leave_sea(state: State, role: str) -> bool:
    """Whether ``role`` could still pay to move an army out of a sea zone."""
    if state.turn.pool["red"] > 0:
        return True
    return any(data.INFLUENCE[c].suit == "red" for c in player(state, role).hand)


flow("actions", goes=("support_check",), phase="actions")


@handles("end_actions", step="actions", ends="phase")
def end_actions(state: State, role: str, _arg: None) -> None:
    """Close Take Actions (armies still at sea are lost); Support Check, Expand Pretender
    Empire and Gain Legacy follow as automatic steps."""
    for a in [a for a in state.armies if a.owner == role and a.region in data.SEAS]:
        log(state, f"{role}'s army {a.id} is lost at sea")
        remove_army(state, a)
    goto(state, "support_check")


@automatic("support_check", goes=("expand_pretender",), phase="support_check")
def _support_check_step(state: State) -> None:
    support_check(state, current_role(state))
    goto(state, "expand_pretender")


@automatic("expand_pretender", goes=("gain_legacy",), phase="expand_pretender")
def _expand_pretender_step(state: State) -> None:
    expand_pretender_empire(state, current_role(state))
    goto(state, "gain_legacy")


@automatic("gain_legacy", goes=("ludi", "begin_buy"), phase="gain_legacy")
def _gain_legacy_step(state: State) -> None:
    """Gain Legacy, then the Ludi Saeculares if the player earned them, else Buy/Trash."""
    role = current_role(state)
    gain_legacy(state, role)
    p = player(state, role)
    if p.ludi:
        p.ludi = False
        if p.hand:
            goto(state, "ludi")
            return
    goto(state, "begin_buy")


def support_check(state: State, role: str) -> None:
    """RULES 6.4: lose support to threats, then lose governors at 0 support or under mobs."""
    mine = governed(state, role)
    for name in mine:
        prov = state.provinces[name]
        threatened = (
            any(prov.active.values())
            or bool(leaders_in(state, name))
            or bool(rivals_in(state, name))
            or enemy_in_capital(state, name, role)
        )
        if threatened and prov.support > 0:
            prov.support -= 1
            log(state, f"{name} support drops to {prov.support}")
    italia = state.provinces[data.ITALIA]
    if emperor(state) == role and (any(r != role for r in pretenders(state)) or state.rivals):
        italia.support = max(0, italia.support - 1)
        log(state, f"Italia support drops to {italia.support} (Pretender or Rival Emperor)")
    removed = 0
    for name in mine:
        if name == data.ITALIA:
            continue
        prov = state.provinces[name]
        if prov.support == 0 or prov.mobs >= prov.support:
            replace_governor(state, name, NEUTRAL, 1, italia_penalty=False)
            removed += 1
            log(state, f"{role} loses the governorship of {name}")
    if emperor(state) == role and (italia.support == 0 or italia.mobs >= italia.support):
        replace_governor(state, data.ITALIA, NEUTRAL, 1, italia_penalty=False)
        log(state, f"{role} is deposed as Emperor")
    elif emperor(state) == role and removed:
        italia.support = max(0, italia.support - removed)
        if italia.support == 0:
            replace_governor(state, data.ITALIA, NEUTRAL, 1, italia_penalty=False)
            log(state, f"{role} is deposed as Emperor")


def expand_pretender_empire(state: State, role: str) -> None:
    """RULES 6.5: qualifying provinces next to the empire break away."""
    if role not in pretenders(state):
        return
    empire = [name for name, p in state.provinces.items() if p.pretender == role]
    used = len(empire)
    for name in governed(state, role):
        prov = state.provinces[name]
        if name == data.ITALIA or prov.pretender is not None or prov.support < 3:
            continue
        if used >= data.PRETENDER_MARKERS:
            break
        if any(n in empire for n in data.PRETENDER_ADJACENT[name]):
            prov.pretender = role
            used += 1
            log(state, f"{name} breaks away to {role}'s empire")


def gain_legacy(state: State, role: str) -> None:
    """RULES 6.6: Pretender, Emperor, province and improvement legacy."""
    p = player(state, role)
    before = p.legacy
    mine = governed(state, role)
    if role in pretenders(state) and not any(r != role for r in pretenders(state)):
        p.legacy += sum(1 for name in mine if state.provinces[name].pretender == role)
    if emperor(state) == role:
        for name in mine:
            prov = state.provinces[name]
            prov.pretender = None
            prov.seat = False
        p.legacy += emperor_legacy(state)
        if not pretenders(state) and not state.rivals:
            p.emperor_turns += 1
    p.legacy += len(mine)
    p.legacy += sum(len(state.provinces[name].improvements) for name in mine)
    log(state, f"{role} gains {p.legacy - before} legacy ({p.legacy})")


def emperor_legacy(state: State) -> int:
    """The Emperor's legacy for Gain Legacy: Italia's support less the Pretender provinces
    (RULES 6.6); with the optional Emperor rules a Populace Emperor counts twice his home
    province's support instead, and a Military Emperor loses one per Pretender province, at
    most what his battles earned this turn (expansion 3.3)."""
    pretender_count = len(pretender_provinces(state))
    token = state.emperor_token
    if token is not None and token.kind == "populace" and token.province is not None:
        return max(0, 2 * state.provinces[token.province].support - pretender_count)
    if token is not None and token.kind == "military":
        return -min(pretender_count, state.turn.battle_legacy)
    return max(0, state.provinces[data.ITALIA].support - pretender_count)


@lists(
    "ludi",
    "Ludi Saeculares: discard a card for legacy equal to its value, or pass",
    the_current_player,
    goes=("begin_buy",),
    phase="gain_legacy",
)
def _list_ludi(state: State, role: str) -> list[Action]:
    hand = sorted(set(player(state, role).hand))
    return [Action("ludi", cid) for cid in hand] + [Action("pass")]


@handles("ludi", step="ludi", args=("card",))
def ludi(state: State, role: str, cid: str) -> None:
    """Discard a card to gain legacy equal to its value (Ludi Saeculares)."""
    p = player(state, role)
    p.hand.remove(cid)
    p.discard.append(cid)
    p.legacy += data.INFLUENCE[cid].value
    log(state, f"{role} celebrates the Ludi Saeculares for {data.INFLUENCE[cid].value} legacy")
    goto(state, "begin_buy")


@handles("pass", step="ludi", ends="step")
def pass_ludi(state: State, role: str, _arg: None) -> None:
    """Decline the Ludi Saeculares."""
    goto(state, "begin_buy")


@automatic("begin_buy", goes=("buy",), phase="buy")
def begin_buy(state: State) -> None:
    """RULES 6.7: played cards go to the Discard Pile; political points are counted."""
    role = current_role(state)
    p = player(state, role)
    p.discard.extend(state.turn.played)
    state.turn.played = []
    state.turn.events = []
    state.turn.political = political_points(state, role)
    goto(state, "buy")


# Ruling 4 (docs/rulings.md).
def political_points(state: State, role: str) -> int:
    """Support minus Mobs over the provinces ``role`` governs (RULES 5.3, 11.1)."""
    return sum(
        max(0, state.provinces[n].support - state.provinces[n].mobs) for n in governed(state, role)
    )


@automatic("end_of_turn", goes=("refill", "finish_turn"), phase="end_of_turn")
def end_of_turn(state: State) -> None:
    """RULES 6.8: grow Mobs, wake barbarians, then refill the hand."""
    role = current_role(state)
    for name in governed(state, role):
        prov = state.provinces[name]
        if prov.mobs and "Amphitheater" not in prov.improvements:
            if can_add_mob(state, name):  # the counters' x 2 sides count (RULES 11)
                prov.mobs += 1
        flip_barbarians_active(state, name)
    p = player(state, role)
    need = HAND_SIZE - len(p.hand)
    goto(state, "refill")
    state.choosing = {role: need} if need > 0 else {}
    if need > 0:
        _auto_choose(state)
    else:
        goto(state, "finish_turn")


@automatic("finish_turn", goes=("upkeep", OVER), phase="end_of_turn")
def finish_turn(state: State) -> None:
    """Close the turn: check the game-end trigger (RULES 7.1) and pass to the next player."""
    role = current_role(state)
    p = player(state, role)
    p.turns += 1
    target = data.SHORT_GAME_LEGACY if state.options.short_game else data.GAME_END_LEGACY
    if emperor(state) == role and p.legacy >= target and not state.last_round:
        state.last_round = True
        log(state, f"{role} is Emperor with {p.legacy} legacy: this is the last round")
    n = len(state.players)
    state.current = (state.current + 1) % n
    if state.current == state.first:
        state.round += 1
        if state.last_round:
            state.ended = "last round"
            scoring.finish(state)
            return
    goto(state, "upkeep")
