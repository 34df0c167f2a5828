"""Names, e-mail addresses and passwords: what is accepted, and how passwords are kept.

Passwords are hashed with Argon2id (argon2-cffi, RFC 9106's low-memory costs in one lane) and
compared in constant time; a hash made with older parameters is replaced at the next sign-in.
A password is normalised (NFKC) first, so that the same characters typed on another keyboard
match. No password, hash or reset secret is ever logged. Hashes run in :class:`Hasher`'s few
low-priority threads, with a bounded queue, within a budget of hashes a second
(:class:`Budget`) that strangers share and the owner's known browsers do not.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import os
import re
import sys
import threading
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from argon2.profiles import RFC_9106_LOW_MEMORY

from crisis.server import limits
from crisis.server.accounts.errors import (
    BadEmail,
    BadName,
    HashesSpent,
    LongPassword,
    WeakPassword,
)
from crisis.server.errors import Busy

T = TypeVar("T")

#: Names: 3 to 20 characters, ASCII letters, digits, ``_`` and ``-``, starting with a letter,
#: so that every name reads the same everywhere and none poses as another with look-alikes.
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,19}")
MIN_NAME, MAX_NAME = 3, 20
#: Names nobody may take (compared casefolded): they would read as the site or a bot.
RESERVED = frozenset(
    {"admin", "administrator", "bot", "crisis", "guest", "mod", "moderator", "root", "system"}
)
#: Passwords: at least this many characters, at most this many (Argon2 takes any length, but
#: a megabyte of password is a way to make the server work, not a password).
MIN_PASSWORD, MAX_PASSWORD = 10, 128
#: An e-mail address is a strict RFC 5322 addr-spec: a dot-atom local part (ASCII letters,
#: digits and ``!#$%&'*+/=?^_`{|}~-``, dots between them), ``@``, and a domain name of two
#: labels or more (letters, digits, inner hyphens; an international name is kept in its
#: ``xn--`` form). No display name, angle brackets, comments, quoted strings, groups or
#: address literals: each of those lets two spellings reach one mailbox, or one reach
#: another's. At most 64 characters before the @ and 254 in all (RFC 5321).
LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
MAX_EMAIL = 254
#: Passwords people pick first (the top of the published leak lists), refused outright.
COMMON = frozenset(
    """
    123456789012 1234567890 0123456789 1q2w3e4r5t 1qaz2wsx3edc qwertyuiop qwertyuiop123
    password123 password1234 passw0rd123 iloveyou123 abc1234567 aaaaaaaaaa 1111111111
    letmein123 welcome123 administrator trustno1234 football123 baseball123 princess123
    sunshine123 superman123 starwars123 dragon1234 monkey1234 qwerty1234 qwerty12345
    asdfghjkl123 zxcvbnm123 changeme123 password12 password01 timeofcrisis romeincrisis
    """.split()  # noqa: SIM905 (a word list reads better as words)
)

#: RFC 9106's low-memory profile (64 MiB, 3 passes) in one lane: four lanes would run four
#: threads a hash and take every core of a small server while it lasts; one lane takes one
#: core (OWASP's recommended settings are one lane too). Hashes made with other settings
#: are replaced at the next sign-in.
_hasher = PasswordHasher(
    time_cost=RFC_9106_LOW_MEMORY.time_cost,
    memory_cost=RFC_9106_LOW_MEMORY.memory_cost,
    parallelism=1,
    hash_len=RFC_9106_LOW_MEMORY.hash_len,
    salt_len=RFC_9106_LOW_MEMORY.salt_len,
)


def name_key(name: str) -> str:
    """What names are compared by: two names with the same key are the same name."""
    return name.casefold()


def email_key(email: str) -> str:
    """What addresses are compared by: the address normalised (:func:`check_email`; as typed
    when it is none), lowercased whole."""
    try:
        return check_email(email).lower()
    except BadEmail:
        return email.strip().lower()


def check_name(name: str) -> str:
    """``name`` if it may be an account's name, else :class:`BadName`."""
    if not NAME.fullmatch(name):
        raise BadName(
            f"a name is {MIN_NAME} to {MAX_NAME} letters, digits, '_' or '-', "
            "starting with a letter"
        )
    if name_key(name) in RESERVED:
        raise BadName(f"the name {name!r} is reserved")
    return name


def check_email(email: str) -> str:
    """``email`` normalised (no surrounding spaces, the domain lowercased and in ASCII) if it
    is a plain address (see :data:`LOCAL`), else :class:`BadEmail`, saying what is wanted."""
    refused = BadEmail("an e-mail address is name@example.org, with nothing around it")
    email = email.strip()
    local, at, domain = email.rpartition("@")
    if not at or len(local) > 64 or not LOCAL.fullmatch(local) or "=?" in local:
        raise refused  # "=?": an RFC 2047 encoded word, which some mail systems decode
    try:
        ascii_domain = domain.encode("idna").decode("ascii").lower()
    except (UnicodeError, ValueError):
        raise refused from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels):
        raise refused
    if labels[-1].isdigit():  # 10.0.0.1 is no domain name
        raise refused
    normal = f"{local}@{ascii_domain}"
    if len(normal) > MAX_EMAIL:
        raise refused
    return normal


def normal(password: str) -> str:
    """The password as it is hashed (Unicode NFKC)."""
    return unicodedata.normalize("NFKC", password)


def check_password(password: str, *, name: str = "", email: str = "") -> str:
    """``password`` normalised if it is strong enough, else :class:`WeakPassword` or
    :class:`LongPassword` (saying why)."""
    if len(password) > MAX_PASSWORD:
        raise LongPassword(f"a password has at most {MAX_PASSWORD} characters")
    password = normal(password)
    if len(password) < MIN_PASSWORD:
        raise WeakPassword(f"a password has at least {MIN_PASSWORD} characters")
    folded = password.casefold()
    if folded in COMMON or len(set(folded)) < 5:
        raise WeakPassword("that password is among the first ones anybody guesses")
    for own in (name, email.split("@")[0] if email else ""):
        if len(own) >= 3 and own.casefold() in folded:
            raise WeakPassword("a password may not hold your name or your address")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash (a PHC string) of a password already checked and normalised."""
    return _hasher.hash(password)


def verify(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (constant time)."""
    try:
        return _hasher.verify(stored, normal(password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's."""
    try:
        return _hasher.check_needs_rehash(stored)
    except InvalidHashError:
        return True


#: A hash to verify against when no account has the name asked for, so that a sign-in takes
#: as long for a name that does not exist as for one that does.
DUMMY = hash_password("not the password of anyone")


def hash_cpu_seconds() -> float:
    """The CPU seconds one hash takes on this machine, with today's parameters (measured in
    this thread: a busy machine makes a hash wait longer, not cost more)."""
    started = time.thread_time()
    hash_password("a password to time the hash by")
    return time.thread_time() - started


#: The budget's lanes: ``shared`` for every browser that brings no device cookie of the
#: account it signs in to (and every hash of a sign-up or a signed-in check), ``known`` for
#: sign-ins from a browser holding the account's device cookie and new passwords set by a
#: mailed link. A hash with no lane (a rehash after a right password) spends no budget.
SHARED, KNOWN = "shared", "known"
#: The known lane is each account's own, counted in the database (every process of the site
#: shares the count): this many hashes in :data:`KNOWN_WINDOW` seconds per account, so that
#: a device cookie of one's own account spends that account's allowance and nobody else's.
KNOWN_HASHES_PER_ACCOUNT = limits.HASH_BUDGET_BURST
KNOWN_WINDOW = 60
#: The known lanes of all accounts together also have a ceiling in each process: this many
#: times the strangers' lane. Many accounts of one's own (each made through the strangers'
#: lane) then cannot take more than this share of the cores, and owners' sign-ins are
#: refused only when that many times the strangers' budget is being spent by known browsers.
KNOWN_CEILING = 4
#: Places in the hash queue beyond :data:`crisis.server.limits.HASH_QUEUE` that only the
#: known lane may take.
KNOWN_ROOM = 2


def budget_rate(share: float = limits.HASH_CPU_SHARE, hash_seconds: float | None = None) -> float:
    """Hashes a second each lane of the budget allows: ``CRISIS_HASHES_PER_SECOND`` if the
    environment sets it, else ``share`` of the CPUs this process may run on divided by the CPU
    seconds of one hash (``hash_seconds``, else measured now: :func:`hash_cpu_seconds`)."""
    configured = os.environ.get("CRISIS_HASHES_PER_SECOND")
    if configured:
        rate = float(configured)
        if not rate > 0:
            raise ValueError("CRISIS_HASHES_PER_SECOND must be a number above 0")
        return rate
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if hash_seconds is None:
        hash_seconds = hash_cpu_seconds()
    seconds = max(hash_seconds, 0.001)
    return share * (cores or 1) / seconds


class Budget:
    """Hashes a second of each lane in this process: a token bucket each, so that whatever a
    flood sends, its hashes take at most the budget's share of the CPU. Spent:
    :class:`HashesSpent` (``busy``, 429) with the seconds to wait. The strangers' lane
    (:data:`SHARED`) has ``rate``; the owners' (:data:`KNOWN`) is first each account's own, in
    the database (:meth:`Service.hash <crisis.server.accounts.routes.Service.hash>`), and
    all of them together have :data:`KNOWN_CEILING` times ``rate`` here."""

    def __init__(self, rate: float | None = None, burst: float | None = None):
        self.rate = budget_rate() if rate is None else rate
        # A few hashes at once, or a second's worth where a second holds more.
        self.burst = max(limits.HASH_BUDGET_BURST, self.rate) if burst is None else burst
        self.lanes = {
            SHARED: limits.Bucket(self.rate, self.burst),
            KNOWN: limits.Bucket(self.rate * KNOWN_CEILING, self.burst * KNOWN_CEILING),
        }
        self.refused: dict[str, int] = {SHARED: 0, KNOWN: 0}

    def check(self, lane: str) -> None:
        """:class:`HashesSpent` if ``lane`` has no hash left now (none is spent: a route asks
        before any other work, so that a flood of refused requests costs next to nothing)."""
        if lane in self.lanes and not self.lanes[lane].ready():
            self.spend(lane)  # refused, counted and answered as a spent lane is

    def spend(self, lane: str) -> None:
        """Take one hash from ``lane``, or :class:`HashesSpent` at once (the known lane: its
        account's allowance was counted before, this is the ceiling of all of them)."""
        bucket = self.lanes.get(lane)
        if bucket is None:
            return
        if not bucket.take():
            self.refused[lane] += 1
            wait = max(1, math.ceil((1.0 - bucket.tokens) / bucket.rate))
            raise HashesSpent(
                f"the server is checking too many passwords right now; try again in {wait} s",
                retry_after=wait,
            )


def _lowest_priority() -> None:
    """Run this thread at the lowest CPU priority (Linux keeps a nice value per thread, and
    the threads a hash starts inherit it): hashes then take only the CPU that play leaves."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


class Hasher:
    """Argon2id off the event loop, bounded: ``threads`` hashes at a time (at the lowest CPU
    priority) and at most ``queue`` more waiting; a call past that raises :class:`Busy` at once,
    so that a flood of sign-ins neither queues without end nor slows anybody's game."""

    def __init__(
        self,
        threads: int = limits.HASH_THREADS,
        queue: int = limits.HASH_QUEUE,
        budget: Budget | None = None,
    ):
        self.threads, self.queue = threads, queue
        self.budget = budget if budget is not None else Budget()
        self.pending = 0  # running or waiting (read and written on the event loop only)
        self.refused = 0  # calls answered busy
        self.calls = 0  # calls taken
        self.pool = ThreadPoolExecutor(
            threads, thread_name_prefix="crisis-argon2", initializer=_lowest_priority
        )

    def check(self, lane: str | None = KNOWN) -> None:
        """:class:`Busy` if a call in ``lane`` now would find the queue full (a route asks
        first, before any other work, so that a flood costs as little as possible; before it
        knows the lane, as :data:`KNOWN`, the lane with the most room). The queue keeps
        :data:`KNOWN_ROOM` places that only the known lane (and rehashes) may take, so that
        strangers filling it still leave the owner's browser a place."""
        room = self.threads + self.queue + (0 if lane == SHARED else KNOWN_ROOM)
        if self.pending >= room:
            self.refused += 1
            raise Busy("the server is checking too many passwords right now; try again soon")

    async def __call__(self, call: Callable[..., T], *args: object, lane: str | None = SHARED) -> T:
        """``call(*args)`` in a hashing thread, spending one of ``lane``'s budget (None: none);
        :class:`Busy` when the queue is full, :class:`HashesSpent` when the lane is spent."""
        self.check(lane)
        if lane is not None:
            self.budget.spend(lane)
        self.pending += 1
        self.calls += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool, functools.partial(call, *args))
        finally:
            self.pending -= 1

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True)
