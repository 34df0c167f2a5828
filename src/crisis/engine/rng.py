"""The secret random generator kept inside every game state.

Hidden information is only as hidden as the dice are unpredictable: if anything a player sees
(rolls, the cards that come up) let him work out the generator, he would know the event deck,
the face-down market and every future die. So each game draws from a secret **256-bit key**,
and the draws are a keyed pseudo-random function of that key (see docs/randomness.md):

* block ``i`` of the stream is ``BLAKE2b(i as 16 little-endian bytes, key=key,
  person=b"crisis-rng-v1", digest_size=8)``, read as a little-endian 64-bit integer
  (``counter`` is the number of blocks used so far);
* an integer below ``n`` is a block reduced modulo ``n`` after rejecting the blocks at or above
  the largest multiple of ``n`` (rejection sampling: no value is favoured);
* a die is an integer below 6, plus one; a shuffle is Fisher-Yates from the last item down.

Keyed BLAKE2b is a pseudo-random function: without the key, the blocks already seen say
nothing about the next ones. The key lives only in the state kept by the server (or the
program that runs the game); views, logs, errors and the records of unfinished games never
contain it.

Seeds (:data:`Seed`) make games reproducible. An ``int`` is a seed chosen by a person (tests,
``--seed``): its key is ``SHA-256(b"crisis/rng/v1/seed:" + decimal digits)``, so a seed
replays the same game anywhere; such games are as predictable as their seed is guessable, which
is the point. A string of 64 hex digits is a key itself: :func:`fresh_seed` draws one from the
operating system for every game a server creates. ``"splitmix64:<int>"`` names the generator
of games recorded before this one (64-bit SplitMix seeded with the integer): they keep loading
and replaying exactly, and are the only ones that use it.

``script`` holds die results that tests force; they are consumed before the generator is used.
``draws`` counts every random draw, so a session can tell that dice were rolled (which clears
undo).

``chance`` switches on *strict chance mode* for research adapters that model every random draw
as an explicit chance node (OpenSpiel): while it is a list, each draw takes the next pre-chosen
outcome from it instead of the generator, and an empty list raises :class:`NeedChance` with the
number of outcomes the draw needs. ``None`` (the default, and what stored games decode to) is
the ordinary generator.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

#: What a game is set up from: a person's integer seed, a 64-hex-digit key, or
#: ``"splitmix64:<int>"`` for games recorded with the old generator.
Seed = int | str

KEY_BYTES = 32
SEED_DOMAIN = b"crisis/rng/v1/seed:"
PERSON = b"crisis-rng-v1"
LEGACY_PREFIX = "splitmix64:"

_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class NeedChance(Exception):
    """Strict chance mode ran out of pre-chosen outcomes: the draw needs one of ``n``
    equally likely outcomes ``0 .. n - 1``."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a random draw needs one of {n} outcomes")
        self.n = n


class Rng(msgspec.Struct):
    """Generator state: ``key`` (hex) and ``counter`` (blocks used) define the stream;
    ``script`` forces die results; ``chance`` (strict chance mode) supplies every draw's
    outcome from outside. ``seed`` is the state of the legacy SplitMix64 generator and is used
    only when ``key`` is empty (games stored before the keyed generator)."""

    key: str = ""
    counter: int = 0
    seed: int = 0
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


def fresh_seed() -> str:
    """A new secret key from the operating system's generator, as 64 hex digits: the seed of
    every game that nobody asked to be reproducible."""
    return secrets.token_hex(KEY_BYTES)


def key_for_seed(seed: int) -> str:
    """The key of a person's integer seed (documented, so a seed replays anywhere)."""
    return hashlib.sha256(SEED_DOMAIN + str(seed).encode("ascii")).hexdigest()


def check_seed(seed: Any) -> Seed:
    """``seed`` if it is a valid :data:`Seed`, else ``ValueError`` saying what is expected."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError("a seed is an integer or a key of 64 hex digits")
    if isinstance(seed, str):
        if seed.startswith(LEGACY_PREFIX):
            try:
                int(seed[len(LEGACY_PREFIX) :])
            except ValueError:
                raise ValueError(f"{seed!r}: expected {LEGACY_PREFIX}<integer>") from None
        elif len(seed) != 2 * KEY_BYTES or any(c not in "0123456789abcdef" for c in seed):
            raise ValueError("a key seed is 64 lower-case hex digits")
    return seed


def new_rng(seed: Seed) -> Rng:
    """A generator for ``seed`` (see :data:`Seed`); in strict chance mode inside
    :func:`strict_chance`."""
    check_seed(seed)
    if isinstance(seed, str) and seed.startswith(LEGACY_PREFIX):
        return Rng(seed=_legacy_start(int(seed[len(LEGACY_PREFIX) :])), chance=_setup_chance)
    key = key_for_seed(seed) if isinstance(seed, int) else seed
    return Rng(key=key, chance=_setup_chance)


def _block(rng: Rng) -> int:
    """The next 64-bit block of ``rng``'s stream."""
    if not rng.key:
        return _legacy_next(rng)
    digest = hashlib.blake2b(
        rng.counter.to_bytes(16, "little"),
        key=bytes.fromhex(rng.key),
        person=PERSON,
        digest_size=8,
    ).digest()
    rng.counter += 1
    return int.from_bytes(digest, "little")


def randbelow(rng: Rng, n: int) -> int:
    """A uniform integer in ``[0, n)``; never consumes the die script."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    if n > _SPAN:
        raise ValueError("randbelow draws below 2**64 at most")
    if rng.chance is not None:
        return _chance(rng, n)
    rng.draws += 1
    if not rng.key:
        return _legacy_next(rng) % n  # the old generator's (slightly biased) reduction
    limit = _SPAN - _SPAN % n
    value = _block(rng)
    while value >= limit:
        value = _block(rng)
    return value % n


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


# -- the generator of games recorded before the keyed one ---------------------------------


def _legacy_start(seed: int) -> int:
    """SplitMix64's start state for ``seed`` as the old generator computed it."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _legacy_next(rng: Rng) -> int:
    """The old generator's next output (SplitMix64; not secret: old games only)."""
    rng.seed = (rng.seed + 0x9E3779B97F4A7C15) & _MASK
    z = rng.seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
