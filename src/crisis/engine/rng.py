"""The seeded random number generator kept inside every game state.

A 64-bit SplitMix generator: its whole state is one integer, so it copies for free and
round-trips through JSON. ``script`` holds die results that tests force; they are consumed
before the generator is used. ``draws`` counts every random draw, so a session can tell that
dice were rolled (which clears undo).

``chance`` switches on *strict chance mode* for research adapters that model every random
draw as an explicit chance node (OpenSpiel): while it is a list, each draw takes the next
pre-chosen outcome from it instead of the generator, and an empty list raises
:class:`NeedChance` with the number of outcomes the draw needs. ``None`` (the default, and
what stored games decode to) is the ordinary seeded generator.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

_MASK = (1 << 64) - 1


class NeedChance(Exception):
    """Strict chance mode ran out of pre-chosen outcomes: the draw needs one of ``n``
    equally likely outcomes ``0 .. n - 1``."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a random draw needs one of {n} outcomes")
        self.n = n


class Rng(msgspec.Struct):
    """Generator state: ``seed`` advances on each draw; ``script`` forces die results;
    ``chance`` (strict chance mode) supplies every draw's outcome from outside."""

    seed: int
    draws: int = 0
    script: list[int] = msgspec.field(default_factory=list)
    chance: list[int] | None = None


_setup_chance: list[int] | None = None


@contextmanager
def strict_chance(outcomes: list[int]) -> Iterator[list[int]]:
    """Generators made by :func:`new_rng` inside the block start in strict chance mode,
    drawing from ``outcomes`` (the list itself, so it shows what is left). Lets a research
    adapter run a title's ``setup`` with every random draw as an explicit chance node."""
    global _setup_chance
    previous, _setup_chance = _setup_chance, outcomes
    try:
        yield outcomes
    finally:
        _setup_chance = previous


def new_rng(seed: int) -> Rng:
    """A generator for ``seed`` (any int; it is mixed so nearby seeds diverge); in strict
    chance mode inside :func:`strict_chance`."""
    # The start state goes through SplitMix's (bijective) output mix: a linear map alone
    # would leave seed n + 1 one step ahead of seed n on the same stream.
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return Rng(seed=z ^ (z >> 31), chance=_setup_chance)


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
    if rng.chance is not None:
        return _chance(rng, n)
    return _next(rng) % n


def _chance(rng: Rng, n: int) -> int:
    """The next pre-chosen outcome in strict chance mode (see the module docstring)."""
    if not rng.chance:
        raise NeedChance(n)
    value = rng.chance.pop(0)
    if not 0 <= value < n:
        raise ValueError(f"chance outcome {value} is not in [0, {n})")
    rng.draws += 1
    return value


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
