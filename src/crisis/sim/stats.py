"""Statistics of a simulation: win rates with Wilson intervals, scores (named after the
title: legacy, victory points), game length, the first player's edge and the cards the
winners bought."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from crisis.sim.runner import GameRecord

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``games`` (95% by default)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    """One bot's results over the finished games it sat in.

    Win rates count games: a game where the bot held two seats is one trial, won if either
    seat won (its seats share one outcome, so they are not independent trials). Score and
    rank are averages over the bot's seats."""

    bot: str
    games: int = 0
    seats: int = 0
    wins: int = 0  # games won
    score: float = 0.0  # mean final score per seat (legacy, victory points ...)
    rank: float = 0.0
    parity: float = 0.0  # expected win rate of an average player holding the same seats
    think: float = 0.0  # seconds of thinking per own turn, mean
    max_turn: float = 0.0  # longest thinking in one player turn

    @property
    def rate(self) -> float:
        """Share of games that the bot won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """95% Wilson interval of :attr:`rate`, over games."""
        return wilson(self.wins, self.games)


@dataclass
class Summary:
    """Everything ``crisis simulate`` prints."""

    games: int = 0
    finished: int = 0
    stalls: int = 0
    score_name: str = "score"  # the title's name for a score (TitleSpec.presentation.score_name)
    crashes: int = 0
    bots: list[BotStats] = field(default_factory=list)
    rounds: float = 0.0
    actions: float = 0.0
    first_wins: int = 0
    first_games: int = 0
    first_parity: float = 0.0
    winner_cards: Counter[str] = field(default_factory=Counter)
    all_cards: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    @property
    def first_rate(self) -> float:
        """Share of finished games won by the first player."""
        return self.first_wins / self.first_games if self.first_games else 0.0

    @property
    def first_ci(self) -> tuple[float, float]:
        """95% Wilson interval of :attr:`first_rate`."""
        return wilson(self.first_wins, self.first_games)

    def bot(self, name: str) -> BotStats:
        """The statistics of bot ``name``."""
        for b in self.bots:
            if b.bot == name:
                return b
        raise KeyError(name)


def summarize(records: Iterable[GameRecord], score_name: str = "score") -> Summary:
    """Aggregate finished games; stalls and crashes are counted and listed, not scored.
    ``score_name`` is the title's word for a score, for reports."""
    s = Summary(score_name=score_name)
    bots: dict[str, BotStats] = {}
    turns: Counter[str] = Counter()
    thinking: dict[str, float] = {}
    finished = 0
    for r in records:
        s.games += 1
        if r.status != "ok" or r.winner is None:
            if r.status == "stall":
                s.stalls += 1
            elif r.status == "crash":
                s.crashes += 1
            s.errors.append(f"game {r.index} (seed {r.seed}): {r.status}: {r.error}")
            continue
        finished += 1
        s.rounds += r.rounds
        s.actions += r.actions
        s.reasons[str(r.reason)] += 1
        s.first_games += 1
        s.first_parity += 1 / r.players
        if r.first == r.winner:
            s.first_wins += 1
        s.winner_cards.update(r.bought.get(r.winner, []))
        for cards in r.bought.values():
            s.all_cards.update(cards)
        seated = Counter(r.bots)
        for bot, n in seated.items():
            b = bots.setdefault(bot, BotStats(bot))
            b.games += 1
            b.wins += int(r.winner_bot == bot)
            b.parity += n / r.players
        for role, bot in zip(r.roles, r.bots, strict=True):
            b = bots[bot]
            b.seats += 1
            b.score += r.scores.get(role, 0)
            b.rank += float(r.ranking.index(role) + 1 if role in r.ranking else r.players)
            turns[bot] += r.turns.get(role, 0)
            thinking[bot] = thinking.get(bot, 0.0) + r.think.get(role, 0.0)
            b.max_turn = max(b.max_turn, r.max_think.get(role, 0.0))
    s.finished = finished
    if finished:
        s.rounds /= finished
        s.actions /= finished
        s.first_parity /= finished
    for b in bots.values():
        if b.seats:
            b.score /= b.seats
            b.rank /= b.seats
        if b.games:
            b.parity /= b.games
        b.think = thinking.get(b.bot, 0.0) / turns[b.bot] if turns[b.bot] else 0.0
    s.bots = sorted(bots.values(), key=lambda b: (-b.rate, b.bot))
    return s
