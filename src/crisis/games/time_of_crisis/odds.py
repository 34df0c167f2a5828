"""Exact odds of the dice: Place Governor votes and battle hits (RULES 6.3.2, 8).

Dice in Time of Crisis explode: a 6 counts and adds one more die. These functions give the
exact probabilities (hit counts are capped at :data:`CAP`), memoised, so bots and prompts can
weigh a vote or a battle in microseconds.
"""

from __future__ import annotations

from functools import lru_cache

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


def p_win_battle(
    attack: tuple[int, ...],
    attack_capacity: int,
    defend: tuple[int, ...],
    defend_capacity: int,
    *,
    defender_castra: bool = False,
    attacker_castra: bool = False,
) -> float:
    """The chance the attacker wins (RULES 8.3): it survives, and either wipes out the
    defender or scores more hits than it takes (ties go to the defender)."""
    da = hit_distribution(tuple(sorted(attack)))
    dd = hit_distribution(tuple(sorted(defend)))
    win = 0.0
    for a, pa in enumerate(da):
        if not pa:
            continue
        on_defender = max(0, a - 1) if defender_castra else a
        for d, pd in enumerate(dd):
            if not pd:
                continue
            on_attacker = max(0, d - 1) if attacker_castra else d
            if on_attacker >= attack_capacity:
                continue
            if on_defender >= defend_capacity or on_defender > on_attacker:
                win += pa * pd
    return win
