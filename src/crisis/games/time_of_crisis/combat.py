"""Combat (RULES 8): dice, simultaneous hits, allocation, victory, retreat and advance,
and the rewards for removing Barbarian Leaders and Rival Emperors (RULES 10)."""

from __future__ import annotations

from collections import deque

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.engine.machine import frame
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import (
    counted,
    depose_emperor,
    dice_rolled,
    log,
    remove_army,
    roll,
)
from crisis.games.time_of_crisis.military import check_occupation, leave_capital
from crisis.games.time_of_crisis.registry import RULES, arg_tuple, flow, handles, lists
from crisis.games.time_of_crisis.state import (
    MILITIA_ATTACKER,
    Army,
    Battle,
    Reward,
    State,
    army,
    capital_free_for,
    find_army,
    militia_stacked,
    player,
)

# To-hit numbers and battle dice: components.toml [combat].
FULL, REDUCED = data.COMBAT.full_legion, data.COMBAT.reduced_legion
MILITIA, BARBARIAN = data.COMBAT.militia, data.COMBAT.barbarian
CAVALRY = data.COMBAT.cavalry
SHAPUR_SASSANIDS = data.COMBAT.shapur_sassanids
EMPEROR_DEATH = data.COMBAT.emperor_death
LEADER_DICE, RIVAL_DICE = data.COMBAT.leader_dice, data.COMBAT.rival_dice


def to_hit(base: int, lasting: str | None) -> int:
    """A Roman unit's to-hit number ``base`` under the lasting event ``lasting`` (the
    auguries move it by one, never past 2+ or 6+). Bots ask this with their view's event."""
    if lasting == "bad_auguries":
        return min(6, base + 1)
    if lasting == "good_auguries":
        return max(2, base - 1)
    return base


def roman_target(state: State, base: int) -> int:
    """A Roman unit's to-hit number under the lasting auguries (never better than 2+)."""
    return to_hit(base, state.lasting)


# Ruling 8 (docs/rulings.md).
def roll_targets(state: State, targets: list[int]) -> tuple[list[int], int]:
    """Roll one die per target; each 6 adds a bonus die with the same target, rolled after
    the dice before it. Returns every result and the number of hits."""
    queue = deque(targets)
    rolls: list[int] = []
    hits = 0
    while queue:
        target = queue.popleft()
        r = dice.roll(state.rng)
        rolls.append(r)
        if r >= target:
            hits += 1
        if r == 6:
            queue.append(target)
    return rolls, hits


#: Whether a Militia fights with an army (the one definition is in the state module).
stacked_militia = militia_stacked


def army_targets(state: State, a: Army) -> list[int]:
    """To-hit numbers of a player's army: full legions, reduced legions, Militia, Foederati."""
    out = [roman_target(state, FULL)] * a.full + [roman_target(state, REDUCED)] * a.reduced
    if stacked_militia(state, a):
        out.append(roman_target(state, MILITIA))
    out += [roman_target(state, BARBARIAN)] * a.barbarians
    return out


# Ruling 9 (docs/rulings.md).
def tribe_units(state: State, tribe: str, region: str) -> tuple[int, list[str]]:
    """Counters and leaders of ``tribe`` fighting in ``region`` (homeland: active ones only)."""
    if region in data.HOMELANDS:
        counters = state.tribes[tribe].active
    else:
        prov = state.provinces[region]
        counters = prov.active.get(tribe, 0) + prov.inactive.get(tribe, 0)
    leaders = sorted(
        n for n, w in state.leaders.items() if w == region and data.BARBARIAN_LEADERS[n] == tribe
    )
    return counters, leaders


def defender_targets(state: State, b: Battle) -> list[int]:
    """To-hit numbers of the defending side: none once it is gone (Spiculum's first strike
    may remove it before it rolls, ruling 36)."""
    if b.kind == "army":
        d = find_army(state, int(b.defender))
        return [] if d is None else army_targets(state, d)
    if b.kind == "militia":
        return [roman_target(state, MILITIA)] if state.provinces[b.region].militia else []
    if b.kind == "rival":
        return rival_dice() if b.defender in state.rivals else []
    counters, leaders = tribe_units(state, str(b.defender), b.region)
    return barbarian_dice(str(b.defender), counters, leaders)


def barbarian_dice(tribe: str, counters: int, leaders: list[str]) -> list[int]:
    """To-hit numbers of ``tribe``'s ``counters`` and ``leaders`` in one battle: each
    counter one die, each leader :data:`LEADER_DICE`; Shapur I makes the Sassanid counters
    hit on :data:`SHAPUR_SASSANIDS`."""
    shapur = tribe == "Sassanids" and "Shapur I" in leaders
    counter_target = SHAPUR_SASSANIDS if shapur else BARBARIAN
    return [counter_target] * counters + [BARBARIAN] * (LEADER_DICE * len(leaders))


def rival_dice() -> list[int]:
    """To-hit numbers of a Rival Emperor's army."""
    return [BARBARIAN] * RIVAL_DICE


def army_capacity(state: State, a: Army) -> int:
    """Hits a player's army can still absorb: two per full-strength Legion, one per other unit."""
    return 2 * a.full + a.reduced + a.barbarians + (1 if stacked_militia(state, a) else 0)


def defender_units(state: State, b: Battle) -> int:
    """Hits the defending side can still absorb (0: it is eliminated)."""
    if b.kind == "army":
        d = find_army(state, int(b.defender))
        if d is None:
            return 0
        return army_capacity(state, d)
    if b.kind == "militia":
        return 1 if state.provinces[b.region].militia else 0
    if b.kind == "rival":
        return 1 if b.defender in state.rivals else 0
    counters, leaders = tribe_units(state, str(b.defender), b.region)
    return counters + len(leaders)


def attacker_army(state: State, b: Battle) -> Army | None:
    """The attacking army, or None when a lone Militia attacks (ruling 50)."""
    return None if b.attacker == MILITIA_ATTACKER else army(state, b.attacker)


def attacker_role(state: State, b: Battle) -> str:
    """The player whose army (or lone Militia) attacks."""
    a = attacker_army(state, b)
    return a.owner if a is not None else str(b.attacker_owner)


def attacker_units(state: State, b: Battle) -> int:
    """Hits the attacking army can still absorb (0: it is eliminated)."""
    a = attacker_army(state, b)
    if a is None:
        return 1 if state.provinces[b.region].militia else 0
    return army_capacity(state, a)


# -- starting a battle ------------------------------------------------------------------------


@handles(
    "initiate_battle",
    step="actions",
    args=("army", "target"),
    cost=lambda *_: {"red": data.COSTS.battle},
)
def initiate_battle(state: State, role: str, arg: tuple[int, str]) -> None:
    """One Military point: your army attacks another army in its region (RULES 6.3.1, 8)."""
    army_id, target = arg_tuple(arg)
    a = army(state, army_id)
    a.battled = True
    if militia_stacked(state, a):
        # The Militia fights in this battle too: left alone later this turn (the army
        # stepping out of the capital), it may not start another (6.3.1, ruling 50).
        state.turn.militia_battled.append(a.region)
    _start_battle(state, _battle_against(state, a.id, a.region, target))
    log(state, f"{role}'s army {a.id} attacks {target} in {a.region}")
    _open_fire(state)


# Ruling 50 (docs/rulings.md).
@handles(
    "militia_battle",
    step="actions",
    args=("province", "foe"),
    cost=lambda *_: {"red": data.COSTS.battle},
)
def militia_battle(state: State, role: str, arg: tuple[str, str]) -> None:
    """One Military point: the lone Militia of a province you govern attacks another army
    there (RULES 6.3.3: it is an army for all purposes, commanded by the Governor)."""
    province, target = arg_tuple(arg)
    state.turn.militia_battled.append(province)
    b = _battle_against(state, MILITIA_ATTACKER, province, target)
    b.attacker_owner = role
    _start_battle(state, b)
    log(state, f"{role}'s Militia in {province} attacks {target}")
    _open_fire(state)


def _battle_against(state: State, attacker: int, region: str, target: str) -> Battle:
    """A new battle of ``attacker`` (an army id or the lone Militia) against ``target``."""
    b = opponent(state, attacker, region, target)
    if b.kind == "army":
        army(state, int(b.defender)).battled = True
    return b


def opponent(state: State, attacker: int, region: str, target: str) -> Battle:
    """The battle ``attacker`` would fight against ``target`` (an ``#id`` army, ``militia``,
    a tribe or a Rival Emperor) in ``region``, before anything is rolled; changes nothing.
    :func:`defender_targets` and :func:`defender_units` read the foe's dice and strength
    off it, which is how the bots weigh an attack."""
    if target.startswith("#"):
        d = army(state, int(target[1:]))
        return Battle(
            attacker=attacker,
            kind="army",
            defender=d.id,
            region=region,
            defender_owner=d.owner,
            defender_was_in_capital=d.capital,
        )
    if target == "militia":
        return Battle(
            attacker=attacker,
            kind="militia",
            defender=region,
            region=region,
            defender_owner=state.provinces[region].governor,
            defender_was_in_capital=True,
        )
    kind = "tribe" if target in data.TRIBES else "rival"
    return Battle(attacker=attacker, kind=kind, defender=target, region=region)


#: A battle is a sub-procedure of Take Actions.
flow("actions", calls=("battle",))


def _start_battle(state: State, b: Battle) -> None:
    """Make ``b`` the battle in progress, with the turn's declared battle events."""
    turn = state.turn
    b.flanking, b.cavalry, b.spiculum = turn.flanking, turn.cavalry, turn.spiculum
    turn.flanking = turn.cavalry = turn.spiculum = False
    RULES.call(state, "battle", b)  # a sub-procedure on its frame: back to the caller at its end


def _open_fire(state: State) -> None:
    """Both sides roll (Spiculum: the attacker first), then Flanking or the hits."""
    b = frame(state, Battle)
    _roll(state, b, attacker=True)
    if not b.spiculum:
        _roll(state, b, attacker=False)
    if b.flanking:
        b.stage = "flanking"
        return
    _score_hits(state, b)


def _roll(state: State, b: Battle, *, attacker: bool) -> None:
    if attacker:
        a = attacker_army(state, b)
        targets = [roman_target(state, MILITIA)] if a is None else army_targets(state, a)
        if b.cavalry:
            targets.append(CAVALRY)
        b.attacker_rolls, hits = roll_targets(state, targets)
        b.hits_on_defender = hits
        said = dice_rolled(b.attacker_rolls, len(targets))
        log(state, f"attacker rolls {said}: {counted(hits, 'hit')}")
    else:
        b.defender_rolled = True
        targets = defender_targets(state, b)
        b.defender_rolls, hits = roll_targets(state, targets)
        b.hits_on_attacker = hits
        said = dice_rolled(b.defender_rolls, len(targets))
        log(state, f"defender rolls {said}: {counted(hits, 'hit')}")


@handles("reroll", step="battle")
def reroll(state: State, role: str, _arg: None) -> None:
    """Flanking Maneuver: roll all of the attacker's dice again and keep the new result."""
    b = frame(state, Battle)
    _roll(state, b, attacker=True)
    _score_hits(state, b)


@handles("keep", step="battle", ends="step")
def keep(state: State, role: str, _arg: None) -> None:
    """Flanking Maneuver: keep the first roll."""
    b = frame(state, Battle)
    _score_hits(state, b)


def _score_hits(state: State, b: Battle) -> None:
    """Castra take one hit off each battle's total; then hits are allocated. With Spiculum
    the attacker's hits land first and the defender rolls afterwards (see :func:`_allocate`)."""
    if b.kind == "army" and army(state, int(b.defender)).castra:
        b.hits_on_defender = max(0, b.hits_on_defender - 1)
    b.to_allocate_defender = min(b.hits_on_defender, defender_units(state, b))
    if b.spiculum:
        b.stage = "hits_defender"
    else:
        _score_attacker_hits(state, b)
        b.stage = "hits_attacker"
    _allocate(state)


def _score_attacker_hits(state: State, b: Battle) -> None:
    a = attacker_army(state, b)
    if a is not None and a.castra:
        b.hits_on_attacker = max(0, b.hits_on_attacker - 1)
    b.to_allocate_attacker = min(b.hits_on_attacker, attacker_units(state, b))


# -- allocating hits --------------------------------------------------------------------------


# Ruling 12 (docs/rulings.md).
def _army_hit_choices(state: State, a: Army, hits: int) -> list[str]:
    """The owner's options for the next hit on a player's army; one option = forced."""
    if stacked_militia(state, a):
        return ["militia"]
    if a.foederati:
        return [sorted(a.foederati)[0]]
    if a.full and a.reduced and hits <= 2 * a.full + a.reduced - 2:
        return ["reduce", "remove"]
    return ["reduce"] if a.full else ["remove"]


def _tribe_hit_choices(state: State, b: Battle, hits: int) -> list[str]:
    """Ruling 11: the player who inflicts hits on barbarians allocates them as he wishes
    (8.1): a leader, or an ordinary counter, and in a province with both an active and an
    inactive counter, which of the two (``"Goths:active"``); asked only when it matters."""
    tribe = str(b.defender)
    counters, leaders = tribe_units(state, tribe, b.region)
    kinds = [tribe] if counters else []
    prov = state.provinces.get(b.region)
    if prov is not None and prov.active.get(tribe, 0) and prov.inactive.get(tribe, 0):
        kinds = [f"{tribe}:active", f"{tribe}:inactive"]
    options = kinds + leaders
    if hits >= counters + len(leaders):
        return options[:1]  # every unit falls: the order changes nothing
    return options


def hit_choices(state: State, b: Battle) -> list[str]:
    """Options for the next hit to allocate in the current stage."""
    if b.stage == "hits_attacker":
        a = attacker_army(state, b)
        if a is None:
            return ["militia"]
        return _army_hit_choices(state, a, b.to_allocate_attacker)
    if b.kind == "army":
        return _army_hit_choices(state, army(state, int(b.defender)), b.to_allocate_defender)
    if b.kind == "tribe":
        return _tribe_hit_choices(state, b, b.to_allocate_defender)
    return [b.kind]


def _apply_hit(state: State, b: Battle, choice: str) -> None:
    if b.stage == "hits_attacker":
        b.to_allocate_attacker -= 1
        a = attacker_army(state, b)
        if a is None:
            state.provinces[b.region].militia = False
        else:
            _hit_army(state, a, choice)
        return
    b.to_allocate_defender -= 1
    if b.kind == "army":
        _hit_army(state, army(state, int(b.defender)), choice)
    elif b.kind == "militia":
        state.provinces[b.region].militia = False
    elif b.kind == "rival":
        del state.rivals[str(b.defender)]
        b.rivals_removed.append(str(b.defender))
    elif choice in data.BARBARIAN_LEADERS:
        del state.leaders[choice]
        b.leaders_removed.append(choice)
        b.barbarians_removed += 1
    else:
        tribe, _, wanted = choice.partition(":")
        if b.region in data.HOMELANDS:
            state.tribes[tribe].active -= 1
        else:
            prov = state.provinces[b.region]
            if wanted:
                side = prov.active if wanted == "active" else prov.inactive
            else:  # one side only is present
                side = prov.active if prov.active.get(tribe, 0) else prov.inactive
            side[tribe] -= 1
            if not side[tribe]:
                del side[tribe]
        state.tribes[tribe].inactive += 1
        b.barbarians_removed += 1


def _hit_army(state: State, a: Army, choice: str) -> None:
    if choice == "militia":
        state.provinces[a.region].militia = False
    elif choice == "reduce":
        a.full -= 1
        a.reduced += 1
    elif choice == "remove":
        a.reduced -= 1
    else:
        a.foederati[choice] -= 1
        if not a.foederati[choice]:
            del a.foederati[choice]
        state.tribes[choice].inactive += 1


def _allocate(state: State) -> None:
    """Allocate the hits: a forced hit (one option) is taken through the machine's one place
    for forced choices, whose handler (:func:`take_hit`) allocates the rest; stop at the
    first real choice; conclude when all are placed."""
    b = frame(state, Battle)
    while True:
        remaining = b.to_allocate_attacker if b.stage == "hits_attacker" else b.to_allocate_defender
        if remaining <= 0:
            if b.stage == "hits_attacker" and not b.spiculum:
                b.stage = "hits_defender"
                continue
            if b.stage == "hits_defender" and b.spiculum and not b.defender_rolled:
                _roll(state, b, attacker=False)
                _score_attacker_hits(state, b)
                b.stage = "hits_attacker"
                continue
            break
        RULES.offer(state)  # True: take_hit went on allocating; False: a real choice
        return
    _conclude(state, b)


def allocating_role(state: State, b: Battle) -> str | None:
    """Who allocates the hit now: the owner of the army hit, or the attacker on barbarians."""
    if b.stage == "hits_defender" and b.kind == "army":
        return b.defender_owner
    return attacker_role(state, b)


def battle_actors(state: State) -> list[str]:
    """Who acts at the battle prompt: the one player deciding something in it now."""
    who = battle_role(state)
    return [who] if who else []


@lists("battle", "Battle", battle_actors)
def _list_battle(state: State, role: str) -> list[Action]:
    b = state.battle
    if b is None:
        return []
    if b.stage == "flanking":
        return [Action("reroll"), Action("keep")]
    if b.stage in ("hits_attacker", "hits_defender"):
        return [Action("take_hit", c) for c in hit_choices(state, b)]
    if b.stage == "advance":
        return [Action("advance"), Action("stay")]
    if b.stage == "reward" and b.reward is not None:
        return [Action("reward", o) for o in b.reward.options]
    return []


def battle_role(state: State) -> str | None:
    """The role that must answer the battle prompt now."""
    b = state.battle
    if b is None:
        return None
    if b.stage in ("hits_attacker", "hits_defender"):
        return allocating_role(state, b)
    if b.stage == "advance":
        winner = find_army(state, b.attacker) if b.winner == "attacker" else None
        if winner is None and b.kind == "army":
            winner = find_army(state, int(b.defender))
        return winner.owner if winner else None
    if b.stage == "reward" and b.reward is not None:
        return b.reward.role
    return attacker_role(state, b)


@handles("take_hit", step="battle", args=("hit",))
def take_hit(state: State, role: str, choice: str) -> None:
    """Allocate one hit as chosen (which legion, or which barbarian)."""
    b = frame(state, Battle)
    _apply_hit(state, b, choice)
    _allocate(state)


# -- the outcome ------------------------------------------------------------------------------


def _military_emperor_fate(state: State, b: Battle, a_alive: bool, d_alive: bool) -> int | None:
    """The army id carrying a Military Emperor in this battle, after rolling his death dice:
    one die per hit on his army, dead on any 5+, or dead if the army is wiped out
    (expansion 3.3.3). Sets ``b.emperor_died``."""
    token = state.emperor_token
    if token is None or token.kind != "military":
        return None
    if token.army == b.attacker:
        hits, alive = b.hits_on_attacker, a_alive
    elif b.kind == "army" and token.army == b.defender:
        hits, alive = b.hits_on_defender, d_alive
    else:
        return None
    deaths = roll(state, hits) if alive else []
    b.emperor_died = not alive or any(r >= EMPEROR_DEATH for r in deaths)
    if deaths:
        log(state, f"death rolls for the Emperor: {deaths}")
    return token.army


# Rulings 13 and 45 (docs/rulings.md): a lone Militia's victory; a Military Emperor's death dice.
def _conclude(state: State, b: Battle) -> None:
    a = attacker_army(state, b)
    attacker = attacker_role(state, b)
    a_alive = attacker_units(state, b) > 0
    d_alive = defender_units(state, b) > 0
    emperor_army = _military_emperor_fate(state, b, a_alive, d_alive)
    if not a_alive and not d_alive:
        b.winner = None
    elif not d_alive:
        b.winner = "attacker"
    elif not a_alive:
        b.winner = "defender"
    else:
        b.winner = "attacker" if b.hits_on_defender > b.hits_on_attacker else "defender"
    defender_army = find_army(state, int(b.defender)) if b.kind == "army" else None
    if not a_alive and a is not None:
        remove_army(state, a)
        log(state, f"{attacker}'s army {a.id} is destroyed")
    if defender_army is not None and not d_alive:
        remove_army(state, defender_army)
        log(state, f"{defender_army.owner}'s army {defender_army.id} is destroyed")
    winner_role: str | None = None
    winner_army: int | None = None
    gain = 0
    if b.winner == "attacker":
        winner_role, winner_army = attacker, b.attacker
        gain = 2 + (b.barbarians_removed if b.kind == "tribe" else 0)
    elif b.winner == "defender" and b.defender_owner not in (None, "neutral"):
        winner_role, winner_army = (
            str(b.defender_owner),
            (int(b.defender) if b.kind == "army" else None),
        )
        gain = 2
    if winner_role is not None:
        if emperor_army is not None and emperor_army == winner_army:
            gain *= 2
        player(state, winner_role).legacy += gain
        if winner_role == state.players[state.current].role:
            state.turn.battle_legacy += gain
        log(state, f"{winner_role} wins the battle and gains {gain} legacy")
    else:
        log(state, "the battle has no winner" if b.winner is None else "the defenders hold")
    if b.kind == "tribe" and b.winner == "attacker":
        emperor_here = emperor_army == b.attacker
        state.turn.triumph = 0 if emperor_here and b.emperor_died else b.barbarians_removed
    if b.emperor_died and state.emperor_token is not None:
        depose_emperor(state, "the Military Emperor falls in battle")
    if b.kind == "tribe" and b.winner == "attacker" and b.region not in data.HOMELANDS:
        tribe = str(b.defender)
        prov = state.provinces[b.region]
        state.tribes[tribe].active += prov.active.pop(tribe, 0) + prov.inactive.pop(tribe, 0)
        for n, w in list(state.leaders.items()):
            if w == b.region and data.BARBARIAN_LEADERS[n] == tribe:
                state.leaders[n] = tribe
    if (
        b.winner == "attacker"
        and defender_army is not None
        and defender_army in state.armies
        and defender_army.capital
    ):
        leave_capital(state, defender_army)
        log(state, f"{defender_army.owner}'s army {defender_army.id} retreats from the capital")
    b.stage = "advance"
    _after_battle(state)


def _after_battle(state: State) -> None:
    """Offer the advance into an empty capital, then rewards, then return to Take Actions."""
    b = frame(state, Battle)
    if b.stage == "advance":
        winner: Army | None = None
        if b.winner == "attacker":
            winner = find_army(state, b.attacker)
        elif b.winner == "defender" and b.kind == "army":
            winner = find_army(state, int(b.defender))
        if (
            winner is not None
            and not winner.capital
            and winner.region in state.provinces
            and capital_free_for(state, winner.region, winner.owner)
        ):
            return
        b.stage = "reward"
    if b.stage == "reward":
        if b.winner == "attacker":
            role = army_owner(state, b)
            while b.leaders_removed or b.rivals_removed:
                if b.leaders_removed:
                    figure, suit = b.leaders_removed.pop(0), "red"
                else:
                    figure, suit = b.rivals_removed.pop(0), "blue"
                options = ["discount"]
                prov = state.provinces.get(b.region)
                if (
                    prov is not None
                    and b.region != data.ITALIA
                    and prov.governor == role
                    and prov.support < 4
                ):
                    options.insert(0, "support")
                b.reward = Reward(role=role, figure=figure, suit=suit, options=options)
                return
        RULES.ret(state)
        check_occupation(state)


def army_owner(state: State, b: Battle) -> str:
    """The attacking player (armies may be gone after the battle; the log keeps the id)."""
    a = find_army(state, b.attacker)
    if a is not None:
        return a.owner
    return state.players[state.current].role


@handles("advance", step="battle")
def advance(state: State, role: str, _arg: None) -> None:
    """The victorious army moves into the empty capital (RULES 8.4)."""
    b = frame(state, Battle)
    winner = find_army(state, b.attacker) if b.winner == "attacker" else None
    if winner is None:
        winner = army(state, int(b.defender))
    winner.capital = True
    log(state, f"{role}'s army {winner.id} advances into the capital of {winner.region}")
    b.stage = "reward"
    _after_battle(state)


@handles("stay", step="battle", ends="step")
def stay(state: State, role: str, _arg: None) -> None:
    """The victorious army stays outside the capital."""
    b = frame(state, Battle)
    b.stage = "reward"
    _after_battle(state)


# Ruling 15 (docs/rulings.md).
@handles("reward", step="battle", args=("reward",))
def reward(state: State, role: str, choice: str) -> None:
    """Free Increase Support where the figure fell, or -2 on the first card of its suit."""
    b = frame(state, Battle)
    r = b.reward
    assert r is not None
    p = player(state, role)
    if choice == "support":
        state.provinces[b.region].support += 1
        log(state, f"{role} raises support in {b.region} for removing {r.figure}")
    else:
        state.turn.discounts.append(r.suit)
        p.trophies.append(r.figure)
        log(state, f"{role} takes a discount for removing {r.figure}")
    b.reward = None
    _after_battle(state)
