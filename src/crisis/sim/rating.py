"""Ratings from many-player games: every game is read as pairwise results (each player beat
everyone ranked below), and a Bradley-Terry model is fitted to them by maximum likelihood.
The result is given on the Elo scale (400 points = 10:1 odds), centred on 1500, so it does
not depend on the order in which the games were played (sequential Elo would)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from crisis.sim.runner import GameRecord

BASE = 1500.0
PRIOR = 1.0  # virtual games against an average opponent, half won: keeps ratings finite


@dataclass(frozen=True)
class Rating:
    """A bot's rating and the pairwise results it rests on."""

    bot: str
    elo: float
    wins: int
    losses: int


def pairwise(records: Iterable[GameRecord]) -> Counter[tuple[str, str]]:
    """``(a, b) -> n``: how often bot ``a`` finished above bot ``b`` (same bot pairs skipped)."""
    out: Counter[tuple[str, str]] = Counter()
    for r in records:
        if r.status != "ok" or not r.ranking:
            continue
        order = [r.bot_of(role) for role in r.ranking]
        for i, upper in enumerate(order):
            for lower in order[i + 1 :]:
                if upper != lower:
                    out[upper, lower] += 1
    return out


def bradley_terry(pairs: Counter[tuple[str, str]], rounds: int = 500) -> dict[str, float]:
    """Strengths by the minorisation-maximisation algorithm (Hunter 2004), with a prior."""
    bots = sorted({b for pair in pairs for b in pair})
    strength = dict.fromkeys(bots, 1.0)
    wins = Counter({b: PRIOR / 2 for b in bots})
    for (a, _), n in pairs.items():
        wins[a] += n
    games: Counter[frozenset[str]] = Counter()
    for (a, b), n in pairs.items():
        games[frozenset((a, b))] += n
    for _ in range(rounds):
        new: dict[str, float] = {}
        for b in bots:
            denom = PRIOR / (strength[b] + 1.0)
            for pair, n in games.items():
                if b in pair:
                    (other,) = pair - {b}
                    denom += n / (strength[b] + strength[other])
            new[b] = wins[b] / denom
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new)) if new else 1.0
        change = max((abs(new[b] / mean - strength[b]) for b in bots), default=0.0)
        strength = {b: v / mean for b, v in new.items()}
        if change < 1e-10:
            break
    return strength


def ratings(records: Iterable[GameRecord]) -> list[Rating]:
    """Elo-scale ratings of every bot, best first."""
    pairs = pairwise(records)
    strength = bradley_terry(pairs)
    out = []
    for bot, s in strength.items():
        won = sum(n for (a, _), n in pairs.items() if a == bot)
        lost = sum(n for (_, b), n in pairs.items() if b == bot)
        out.append(Rating(bot, BASE + 400 * math.log10(s), won, lost))
    return sorted(out, key=lambda r: (-r.elo, r.bot))
