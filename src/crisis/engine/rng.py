"""The seeded random number generator kept inside every game state.

A 64-bit SplitMix generator: its whole state is one integer, so it copies for free and
round-trips through JSON. ``script`` holds die results that tests force; they are consumed
before the generator is used. ``draws`` counts every random draw, so a session can tell that
dice were rolled (which clears undo).
"""

from __future__ import annotations

from typing import Any

import msgspec

_MASK = (1 << 64) - 1


class Rng(msgspec.Struct):
    """Generator state: ``seed`` advances on each draw; ``script`` forces die results."""

    seed: int
    draws: int = 0
    script: list[int] = msgspec.field(default_factory=list)


def new_rng(seed: int) -> Rng:
    """A generator for ``seed`` (any int; it is mixed so nearby seeds diverge)."""
    # The start state goes through SplitMix's (bijective) output mix: a linear map alone
    # would leave seed n + 1 one step ahead of seed n on the same stream.
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return Rng(seed=z ^ (z >> 31))


def _next(rng: Rng) -> int:
    rng.seed = (rng.seed + 0x9E3779B97F4A7C15) & _MASK
    z = rng.seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    rng.draws += 1
    return z ^ (z >> 31)


def randbelow(rng: Rng, n: int) -> int:
    """A uniform integer in ``[0, n)``; never consumes the die script."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    return _next(rng) % n


def roll(rng: Rng) -> int:
    """One six-sided die: the next scripted result if any, else a random one."""
    if rng.script:
        rng.draws += 1
        value = rng.script.pop(0)
        if not 1 <= value <= 6:
            raise ValueError(f"scripted die result {value} is not 1-6")
        return value
    return randbelow(rng, 6) + 1


def shuffle(rng: Rng, items: list[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def force_dice(rng: Rng, results: list[int]) -> None:
    """Append die results that the next rolls will return, in order (for tests and replays)."""
    for value in results:
        if not 1 <= value <= 6:
            raise ValueError(f"a die result must be 1-6, got {value}")
    rng.script.extend(results)
