"""Limits on what one client may send: message size and rate (a token bucket), per address
(an IPv6 client is keyed by its /64, which one subscriber holds whole; the sign-up and
wrong-password counts by its /48, a customer site)."""

from __future__ import annotations

import ipaddress
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

#: Longest websocket message or HTTP body accepted, in bytes (an action is far smaller).
MAX_MESSAGE = 4096
MAX_BODY = 16_384
#: Longest private note a seat may keep for a game, in characters.
NOTE_LENGTH = 4000
#: Longest a seat's record of what it last saw of the map may be (JSON bytes; a full map's
#: snapshot is a few kilobytes).
MARKS_BYTES = 12_000
#: A websocket may send this many messages per second on average, in bursts of ``BURST``.
MESSAGES_PER_SECOND = 20.0
BURST = 40
#: Refusals in a row before the server closes a flooding connection.
MAX_REFUSALS = 50
#: Tables one address may create per minute.
TABLES_PER_MINUTE = 30
#: Longest chat message, in characters, and how often a seat may chat (per second, burst).
CHAT_LENGTH = 300
CHAT_PER_SECOND = 0.5
CHAT_BURST = 5
#: Chat messages a newcomer to the table receives.
CHAT_HISTORY = 100
#: How long one hint may think, in seconds.
HINT_SECONDS = 1.0
#: Websocket connections one address may hold open at once, not counting those of a seat
#: holder (a neighbour behind the same address cannot lock a player out), and open per minute.
CONNECTIONS_PER_ADDRESS = 16
OPENS_PER_MINUTE = 120
#: Spectators of one table from one address (past it the address's oldest makes room).
SPECTATORS_PER_ADDRESS = 8
#: Seconds a new websocket has to say ``hello`` before it is closed.
HELLO_SECONDS = 5.0
#: Spectators (connections holding no seat) watching one table at once; past it the oldest
#: spectator is dropped. Seat holders are never refused for room.
SPECTATORS_PER_TABLE = 64
#: Connections one seat may have open at one table (tabs, devices), beyond the spectators.
CONNECTIONS_PER_SEAT = 8
#: Seat holders' connections one address may hold open at once across the site: far more
#: than the players behind one address (a home, a campus, a carrier's shared address) use,
#: so that a neighbour's spectators never keep them out, but a ceiling, so that one address
#: cannot make free tables and hold thousands of sockets (each a file and ~35 KB) open.
SEAT_CONNECTIONS_PER_ADDRESS = 256
#: Longest a searching bot or a hint may think per decision, in seconds (the server's own
#: setting, never a client's: ``crisis serve --think-seconds`` lowers it).
THINK_SECONDS = 1.0
#: Longest a bot move waits for a free worker before a quick bot plays it instead, in seconds.
BOT_WAIT = 3.0
#: Open tables (waiting for players to take their free seats) one account may host at once:
#: a person waits for a game or two, and the lobby's list is everyone's, not one host's.
OPEN_TABLES_PER_HOST = 3
#: Unfinished tables with no person seated that one address may have at once.
BOT_TABLES_PER_ADDRESS = 3
#: Unfinished tables with a searching bot (``hard``, ``ismcts``) one address may have at once.
SEARCH_TABLES_PER_ADDRESS = 6
#: Requests per minute one address may make to each HTTP route that does work (a bucket per
#: route and address; bursts of a quarter of it, at least 6 or the whole when smaller, but the
#: whole minute for :data:`WHOLE_MINUTE_BURST`).
HTTP_PER_MINUTE: dict[str, int] = {
    "hint": 6,  # each is a search
    "coach": 120,  # a quick bot's suggestion, at most one a decision (crisis.server.lobby.coach)
    "seat": 120,  # resign, rematch
    "state": 1200,
    "replay": 600,
    "notes": 60,
    "chat": 60,
    "mine": 30,
    "review": 10,
    "tables": 120,
    "act": 1200,  # 20 a second on average, as on a websocket
}


#: Routes whose burst is their whole minute: a state read is cached per version and an action
#: is the game's own work, and a script catching up on a game reads and acts in a rush; the
#: coach answers at most once a decision, and quick decisions come in runs.
WHOLE_MINUTE_BURST = frozenset({"state", "act", "coach"})


def burst(per_minute: int, route: str = "") -> int:
    """The burst an HTTP route allows (see :data:`HTTP_PER_MINUTE`)."""
    if route in WHOLE_MINUTE_BURST:
        return per_minute
    return max(min(per_minute, 6), per_minute // 4)


#: The IPv6 prefix one client is counted by: a /64 is one subscriber's (a home, a phone, a
#: server), and every per-address limit counts it whole; a /48 is what a provider gives a
#: customer site (RIPE-690), so the counts that an attacker would most like to spread
#: (sign-ups, and wrong passwords from one place, in the database) count a /48 whole.
IPV6_CLIENT_PREFIX = 64
IPV6_SITE_PREFIX = 48


def client_key(host: str, prefix: int = IPV6_CLIENT_PREFIX) -> str:
    """The key per-address limits count ``host`` under: an IPv4 address as it is, an IPv6
    address by its network of ``prefix`` bits (:data:`IPV6_CLIENT_PREFIX`: one client holds
    all of it), an IPv4-mapped IPv6 address as the IPv4 address it maps (a /64 or /48 key of
    one is the same IPv4 key: ``::ffff:1.2.3.4`` is ``1.2.3.4``); anything unreadable as it is.
    An IPv6 key is already a network (``2001:db8::/64``): keyed again, it names the network of
    its first address (a /64 key read at /48 gives its /48)."""
    try:
        if "/" in host:
            address: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_network(
                host, strict=False
            ).network_address
        else:
            address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, prefix), strict=False))
    return str(address)


def site_key(host: str) -> str:
    """``host`` as the counts that span a whole customer site take it: :func:`client_key` at
    :data:`IPV6_SITE_PREFIX` (an IPv4 address as it is)."""
    return client_key(host, IPV6_SITE_PREFIX)


@dataclass
class Bucket:
    """A token bucket: ``take`` succeeds while the average rate stays under ``rate``."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(default=-1.0)
    stamp: float = field(default=0.0)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def ready(self) -> bool:
        """Whether there is a token now (none is spent)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens >= 1.0

    def take(self) -> bool:
        """Spend one token if there is one."""
        if self.ready():
            self.tokens -= 1.0
            return True
        return False


class PerAddress:
    """One bucket per client address. Past ``limit`` addresses the least recently seen is
    forgotten (never every bucket at once, which would let a flood reset everyone's limit)."""

    def __init__(
        self, rate: float, burst: float, limit: int = 10_000, prefix: int = IPV6_CLIENT_PREFIX
    ) -> None:
        self.rate, self.burst, self.limit, self.prefix = rate, burst, limit, prefix
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str) -> bool:
        """Spend one of ``address``'s tokens if it has one (keyed by :func:`client_key` at
        this limit's IPv6 ``prefix``)."""
        address = client_key(address, self.prefix)
        bucket = self.buckets.get(address)
        if bucket is None:
            while len(self.buckets) >= self.limit:
                self.buckets.popitem(last=False)
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        else:
            self.buckets.move_to_end(address)
        return bucket.take()


# -- Accounts and mail (crisis.server.accounts) ------------------------------------------------

#: Accounts one address may make per hour (in bursts of a few), and sign-in tries per minute.
SIGNUPS_PER_HOUR = 10
SIGNUP_BURST = 5
SIGNINS_PER_MINUTE = 10
#: Sign-ups naming one e-mail address (or one name) per hour, from any address.
SIGNUPS_PER_ACCOUNT_HOUR = 3
#: Wrong passwords counted in windows of ``FAILED_SIGNIN_SECONDS`` (in the database, so every
#: process counts them and a restart forgets none). Past ``FAILED_SIGNINS`` for one account
#: from anywhere, sign-ins to it wait for the window to pass, except from a browser holding
#: its device cookie (one it signed in from before), so that strangers cannot lock the owner
#: out; past ``FAILED_SIGNINS_PER_ADDRESS`` from one address (or ``FAILED_SIGNINS_PER_DEVICE``
#: from one device cookie) that address (or cookie) waits, and past
#: ``FAILED_SIGNINS_FROM_ADDRESS`` wrong ones from an address whatever the names (a spray of
#: one guess at many accounts), that address waits for every name but at a browser that
#: signed in before. A name nobody has is counted the same way, so the answers tell nobody
#: which names exist. A mailed reset clears an account's counts.
FAILED_SIGNINS = 20
FAILED_SIGNINS_PER_ADDRESS = 5
FAILED_SIGNINS_FROM_ADDRESS = 10
FAILED_SIGNINS_PER_DEVICE = 5
FAILED_SIGNIN_SECONDS = 900
#: How long a browser stays known to an account after signing in to it (its device cookie).
DEVICE_SECONDS = 365 * 86_400
#: Password checks and new passwords of a signed-in account or a mailed link (change of
#: password or address, reset, undo) per address per minute (bursts of a few), and per
#: account per ``FAILED_SIGNIN_SECONDS`` (wrong current passwords, hashes by link).
PASSWORD_TRIES_PER_MINUTE = 10
PASSWORD_BURST = 10
WRONG_PASSWORDS_PER_ACCOUNT = 5
LINK_HASHES_PER_ACCOUNT = 10
#: Argon2id hashes one process runs at once (each in a thread at the lowest CPU priority, so
#: that play keeps the cores) and requests that may wait for one; past them a request is
#: answered ``busy`` (503) at once rather than queued behind an attack.
HASH_THREADS = max(1, (os.cpu_count() or 2) // 4)  # one lane each: a core each
HASH_QUEUE = 4
#: The share of the machine's CPU that password hashes may take in each of the hash budget's
#: two lanes (:class:`crisis.server.accounts.passwords.Budget`): browsers that bring no device
#: cookie of the account they sign in to (sign-ups, strangers' sign-ins, password checks of
#: signed-in accounts) share one; sign-ins from a browser holding the account's device cookie,
#: and new passwords by mailed links, have the other. Each lane allows ``HASH_CPU_SHARE`` x
#: cores / (CPU seconds of one hash, measured at start) hashes a second, in bursts of
#: ``HASH_BUDGET_BURST``; past it a request is answered ``busy`` (429, ``Retry-After``) at
#: once. ``CRISIS_HASHES_PER_SECOND`` in the environment sets the rate of each lane instead.
HASH_CPU_SHARE = 0.05
HASH_BUDGET_BURST = 4
#: Requests for a mailed link (forgotten password, confirm again) one address may make per
#: hour, and the links of one kind mailed to one account per hour (whoever asks).
LINK_REQUESTS_PER_HOUR = 10
LINKS_PER_ACCOUNT_HOUR = 3
#: How long a sign-in lasts unused, a password-reset link and an address-confirmation link.
SESSION_SECONDS = 30 * 86_400
RESET_SECONDS = 3_600
CONFIRM_SECONDS = 7 * 86_400
#: How long the link mailed to an old address, to take it back, works.
UNDO_EMAIL_SECONDS = 7 * 86_400
#: Mail: the first retry after a failure, doubled each time up to the longest wait, and the
#: tries before the mail is given up on (about a day of trying); mails kept after they went.
MAIL_RETRY_SECONDS = 30.0
MAIL_RETRY_MAX_SECONDS = 3_600.0
MAIL_ATTEMPTS = 30
MAIL_KEEP_SECONDS = 30 * 86_400
#: Longest one SMTP exchange may take, in seconds.
SMTP_TIMEOUT = 30.0
#: Browsers an account may subscribe to push notices in an hour, and test notices it may send.
PUSH_SUBSCRIBES_PER_HOUR = 20
NOTICE_TESTS_PER_HOUR = 6
