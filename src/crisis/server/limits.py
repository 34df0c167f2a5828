"""Limits on what one client may send: message size and rate (a token bucket)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

#: Longest websocket message or HTTP body accepted, in bytes (an action is far smaller).
MAX_MESSAGE = 4096
MAX_BODY = 16_384
#: Longest private note a seat may keep for a game, in characters.
NOTE_LENGTH = 4000
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
#: Hints ("what would the bot do?") one address may ask for per minute: each is a search.
HINTS_PER_MINUTE = 6
#: How long one hint may think, in seconds.
HINT_SECONDS = 1.0
#: Websocket connections one address may hold open at once.
CONNECTIONS_PER_ADDRESS = 16
#: Seconds a new websocket has to say ``hello`` before it is closed.
HELLO_SECONDS = 5.0
#: Connections watching one table at once.
WATCHERS_PER_TABLE = 64


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

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class PerAddress:
    """One bucket per client address. Past ``limit`` addresses the least recently seen is
    forgotten (never every bucket at once, which would let a flood reset everyone's limit)."""

    def __init__(self, rate: float, burst: float, limit: int = 10_000) -> None:
        self.rate, self.burst, self.limit = rate, burst, limit
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str) -> bool:
        """Spend one of ``address``'s tokens if it has one."""
        bucket = self.buckets.get(address)
        if bucket is None:
            while len(self.buckets) >= self.limit:
                self.buckets.popitem(last=False)
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        else:
            self.buckets.move_to_end(address)
        return bucket.take()


class Connections:
    """Open websockets per address, capped at ``limit``."""

    def __init__(self, limit: int = CONNECTIONS_PER_ADDRESS) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and nothing counted) at the cap."""
        n = self.open.get(address, 0)
        if n >= self.limit:
            return False
        self.open[address] = n + 1
        return True

    def leave(self, address: str) -> None:
        """Forget one connection from ``address``."""
        n = self.open.get(address, 0) - 1
        if n > 0:
            self.open[address] = n
        else:
            self.open.pop(address, None)
