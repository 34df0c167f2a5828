"""Exact odds of the dice: Place Governor votes and battle hits (RULES 6.3.2, 8).

Dice in Time of Crisis explode: a 6 counts and adds one more die. These functions give the
exact probabilities (hit counts are capped at :data:`CAP`), memoised, so bots and prompts can
weigh a vote or a battle in microseconds.

:func:`attack_odds` reads a battle's dice and strengths off a position through the combat
rules' own functions (:mod:`combat`), so the prompt's odds and the battle itself never
disagree; :func:`simulate_attack` plays a battle out on copies of the position with the real
handlers and fixed seeds, for the cases an exact sum does not cover (Spiculum's first strike)
and as the tests' check on the exact sums.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from crisis.engine.action import Action
from crisis.engine.rng import new_rng
from crisis.games.time_of_crisis import combat
from crisis.games.time_of_crisis.registry import RULES, arg_tuple
from crisis.games.time_of_crisis.state import (
    MILITIA_ATTACKER,
    Battle,
    State,
    army,
    copy_state,
    current_role,
    find_army,
)

CAP = 12  # hit counts above this are lumped together: no battle in the game needs more


@lru_cache(maxsize=4096)
def p_votes(dice: int, need: int, low: int) -> float:
    """The chance that ``dice`` vote dice give at least ``need`` votes, when a die counts on
    ``low`` or more and a 6 counts and adds a die."""
    if need <= 0:
        return 1.0
    if dice <= 0:
        return 0.0
    count = (6 - low) / 6  # faces low..5
    fail = (low - 1) / 6
    return (
        p_votes(dice, need - 1, low) / 6
        + count * p_votes(dice - 1, need - 1, low)
        + fail * p_votes(dice - 1, need, low)
    )


@lru_cache(maxsize=64)
def _one_die(target: int) -> tuple[float, ...]:
    """Hit distribution of one die hitting on ``target``+, 6s exploding."""
    dist = [0.0] * (CAP + 1)
    dist[0] = (target - 1) / 6
    for k in range(1, CAP + 1):
        dist[k] = (1 / 6) ** (k - 1) * ((6 - target) / 6) + (1 / 6) ** k * ((target - 1) / 6)
    return tuple(dist)


def _convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    out = [0.0] * (CAP + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[min(CAP, i + j)] += x * y
    return tuple(out)


@lru_cache(maxsize=4096)
def hit_distribution(targets: tuple[int, ...]) -> tuple[float, ...]:
    """Distribution of total hits for dice with these to-hit numbers (sorted tuple)."""
    dist: tuple[float, ...] = (1.0,) + (0.0,) * CAP
    for t in targets:
        dist = _convolve(dist, _one_die(t))
    return dist


def expected_hits(targets: tuple[int, ...]) -> float:
    """Mean hits of these dice."""
    return sum(k * p for k, p in enumerate(hit_distribution(tuple(sorted(targets)))))


def _castra(dist: tuple[float, ...], castra: bool) -> tuple[float, ...]:
    """A hit distribution with one hit taken off the total when the target has a Castra."""
    if not castra:
        return dist
    return (dist[0] + dist[1], *dist[2:], 0.0)


def _mean(dist: tuple[float, ...]) -> float:
    return sum(k * p for k, p in enumerate(dist))


@dataclass(frozen=True)
class BattleOdds:
    """What an attack risks, before any die is rolled (the attacker's side of it)."""

    attack_dice: int  # base dice of the attacker (6s add more)
    defend_dice: int  # base dice of the defender
    win: float  # chance the attacker wins (RULES 8.2: ties go to the defender)
    wiped_out: float  # chance the attacking army (or lone Militia) is eliminated
    dealt: float  # expected hits on the defender, after its Castra
    taken: float  # expected hits on the attacker, after its Castra


def battle_odds(
    attack: tuple[int, ...],
    attack_capacity: int,
    defend: tuple[int, ...],
    defend_capacity: int,
    *,
    defender_castra: bool = False,
    attacker_castra: bool = False,
    flanking: bool = False,
) -> BattleOdds:
    """Exact odds of a battle (RULES 8): the attacker (to-hit numbers ``attack``, absorbing
    ``attack_capacity`` hits) against the defender. It wins when it survives and either
    wipes out the defender or scores more hits than it takes. With ``flanking`` (Flanking
    Maneuver: after both sides roll the attacker may roll all its dice again and keep the
    new result) the attacker is taken to re-roll exactly when it would not win as rolled."""
    da = _castra(hit_distribution(tuple(sorted(attack))), defender_castra)
    dd = _castra(hit_distribution(tuple(sorted(defend))), attacker_castra)

    def wins(on_defender: int, on_attacker: int) -> bool:
        if on_attacker >= attack_capacity:
            return False
        return on_defender >= defend_capacity or on_defender > on_attacker

    win = dealt = wiped = 0.0
    mean_a = _mean(da)
    for d, pd in enumerate(dd):
        if not pd:
            continue
        if d >= attack_capacity:
            wiped += pd
        fresh = sum(pa for a, pa in enumerate(da) if wins(a, d))  # the chance of a re-roll
        for a, pa in enumerate(da):
            if not pa:
                continue
            if wins(a, d):
                win += pd * pa
                dealt += pd * pa * a
            elif flanking and fresh > 0:
                win += pd * pa * fresh
                dealt += pd * pa * mean_a
            else:
                dealt += pd * pa * a
    return BattleOdds(len(attack), len(defend), win, wiped, dealt, _mean(dd))


def p_win_battle(
    attack: tuple[int, ...],
    attack_capacity: int,
    defend: tuple[int, ...],
    defend_capacity: int,
    *,
    defender_castra: bool = False,
    attacker_castra: bool = False,
    flanking: bool = False,
) -> float:
    """The chance the attacker wins (RULES 8.2): it survives, and either wipes out the
    defender or scores more hits than it takes (ties go to the defender)."""
    return battle_odds(
        attack,
        attack_capacity,
        defend,
        defend_capacity,
        defender_castra=defender_castra,
        attacker_castra=attacker_castra,
        flanking=flanking,
    ).win


# -- a battle read off a position --------------------------------------------------------------

#: Trials of :func:`simulate_attack` behind the odds of a battle no exact sum covers.
TRIALS = 4000
#: The fixed seed of those trials, so a position always gets the same words.
TRIAL_SEED = 20_250_101

_ATTACKS = frozenset({"initiate_battle", "militia_battle"})


def _sides(state: State, action: Action) -> tuple[Battle, list[int], int, bool, bool]:
    """The battle ``action`` would start, the attacker's to-hit numbers and capacity, and
    the Castra on each side, read through the combat rules (nothing is changed)."""
    turn = state.turn
    if action.verb == "initiate_battle":
        army_id, target = arg_tuple(action.arg)
        a = army(state, int(army_id))
        b = combat.opponent(state, a.id, a.region, str(target))
        attack = combat.army_targets(state, a)
        capacity = combat.army_capacity(state, a)
        attacker_castra = a.castra
    else:
        province, target = arg_tuple(action.arg)
        b = combat.opponent(state, MILITIA_ATTACKER, str(province), str(target))
        attack = [combat.roman_target(state, combat.MILITIA)]
        capacity, attacker_castra = 1, False
    if turn.cavalry:
        attack = [*attack, combat.CAVALRY]
    defender_castra = b.kind == "army" and army(state, int(b.defender)).castra
    return b, attack, capacity, attacker_castra, defender_castra


def attack_odds(state: State, action: Action) -> BattleOdds | None:
    """The odds of the attack ``action`` (``initiate_battle`` or ``militia_battle``, legal
    now for the current player), with the battle events he has declared this turn: exact,
    or from :data:`TRIALS` fixed-seed games of the battle when Spiculum strikes first.
    None for any other action."""
    if action.verb not in _ATTACKS or not isinstance(action.arg, tuple):
        return None
    b, attack, capacity, attacker_castra, defender_castra = _sides(state, action)
    defend = combat.defender_targets(state, b)
    if state.turn.spiculum:
        sim = simulate_attack(state, action, TRIALS, TRIAL_SEED)
        return BattleOdds(len(attack), len(defend), sim.win, sim.wiped_out, sim.dealt, sim.taken)
    return battle_odds(
        tuple(attack),
        capacity,
        tuple(defend),
        combat.defender_units(state, b),
        defender_castra=defender_castra,
        attacker_castra=attacker_castra,
        flanking=state.turn.flanking,
    )


@dataclass(frozen=True)
class SimulatedBattle:
    """Frequencies over :func:`simulate_attack`'s trials (same fields as :class:`BattleOdds`)."""

    trials: int
    win: float
    wiped_out: float
    dealt: float
    taken: float


def simulate_attack(state: State, action: Action, trials: int, seed: int) -> SimulatedBattle:
    """Play the attack ``action`` of the current player ``trials`` times on copies of
    ``state`` through the rules' own handlers, trial ``i`` rolling with seed
    ``seed * 1_000_003 + i``.

    The choices inside a battle are made plainly: every hit goes to the first option the
    rules list, Flanking Maneuver re-rolls when the attacker would not win as rolled, the
    winner stays outside the capital and takes the first reward. A win is the legacy the
    current player gains from the battle (the attacker always plays the current turn); the
    hits are read off the battle's log lines (the last roll of each side), less a Castra."""
    role = current_role(state)
    _, _, _, attacker_castra, defender_castra = _sides(state, action)
    wins = wiped = dealt = taken = 0
    for i in range(trials):
        copy = copy_state(state)
        copy.rng = new_rng(seed * 1_000_003 + i)
        RULES.apply(copy, role, action)
        while copy.battle is not None:
            who = combat.battle_role(copy)
            assert who is not None
            RULES.apply(copy, who, _plain_choice(copy, RULES.actions(copy, who)))
        wins += copy.turn.battle_legacy > state.turn.battle_legacy
        wiped += _attacker_gone(copy, action)
        on_defender, on_attacker = _logged_hits(copy.log[len(state.log) :])
        dealt += max(0, on_defender - 1) if defender_castra else on_defender
        taken += max(0, on_attacker - 1) if attacker_castra else on_attacker
    return SimulatedBattle(trials, wins / trials, wiped / trials, dealt / trials, taken / trials)


def _plain_choice(state: State, legal: list[Action]) -> Action:
    """:func:`simulate_attack`'s answer to a battle's question."""
    verbs = {a.verb: a for a in legal}
    if "reroll" in verbs:
        b = state.battle
        assert b is not None
        return verbs["keep"] if _wins_as_rolled(state, b) else verbs["reroll"]
    if "stay" in verbs:
        return verbs["stay"]
    return legal[0]


def _wins_as_rolled(state: State, b: Battle) -> bool:
    """Whether the attacker wins with the dice on the table (before any hit lands)."""
    on_defender, on_attacker = b.hits_on_defender, b.hits_on_attacker
    if b.kind == "army" and army(state, int(b.defender)).castra:
        on_defender = max(0, on_defender - 1)
    a = combat.attacker_army(state, b)
    if a is not None and a.castra:
        on_attacker = max(0, on_attacker - 1)
    if on_attacker >= combat.attacker_units(state, b):
        return False
    return on_defender >= combat.defender_units(state, b) or on_defender > on_attacker


def _attacker_gone(state: State, action: Action) -> bool:
    """Whether the attacking army (or lone Militia) of ``action`` is no longer on the map."""
    first = arg_tuple(action.arg)[0]
    if action.verb == "initiate_battle":
        return find_army(state, int(first)) is None
    return not state.provinces[str(first)].militia


_HITS = re.compile(r"^(attacker|defender) rolls .*: (\d+) hits?$")


def _logged_hits(lines: list[str]) -> tuple[int, int]:
    """Hits on the defender and on the attacker in a battle's log lines (last roll wins)."""
    hits = {"attacker": 0, "defender": 0}
    for line in lines:
        m = _HITS.match(line)
        if m:
            hits[m.group(1)] = int(m.group(2))
    return hits["attacker"], hits["defender"]
