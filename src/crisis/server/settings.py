"""The server's settings, in one object: what ``crisis serve`` and :func:`create_app` are told,
from the database to the limits tests and hosts may change. Each concern reads its own
fields; nothing is threaded from function to function as keywords any more.

A :class:`Settings` is plain data (JSON-simple), so that ``serve`` hands the same settings to
each of its worker processes through the environment (:meth:`Settings.to_json`).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from crisis.server import limits
from crisis.server.play.clock import CHECK_EVERY
from crisis.server.store.retention import ABANDONED_AFTER

DEFAULT_DATABASE = "sqlite:///crisis.db"


@dataclass(frozen=True)
class Settings:
    """Everything a site may set. Defaults are a laptop's ``make play``."""

    #: The SQLAlchemy URL of the database (a SQLite file, or PostgreSQL for several processes).
    database: str = DEFAULT_DATABASE
    #: Seconds a bot waits between its moves (so that people can follow them).
    bot_delay: float = 0.25
    #: Clients may choose a game's seed (tests and benchmarks only: a known seed reveals the
    #: event deck).
    allow_seed: bool = False
    #: Each websocket's average messages per second.
    messages_per_second: float = limits.MESSAGES_PER_SECOND
    #: Tables one address may create per minute.
    tables_per_minute: int = limits.TABLES_PER_MINUTE
    #: Seconds a searching bot or a hint thinks at most (capped at ``limits.THINK_SECONDS``).
    think_seconds: float = limits.THINK_SECONDS
    #: Search processes for bots and hints (None: the cores but one).
    bot_workers: int | None = None
    #: Seconds a bot's move waits at most for a search process.
    bot_wait: float = limits.BOT_WAIT
    #: Unfinished tables of bots only that one address may have.
    bot_tables_per_address: int = limits.BOT_TABLES_PER_ADDRESS
    #: Pages' origins allowed to open websockets besides the site's own (a proxy that
    #: rewrites the Host header).
    origins: tuple[str, ...] = ()
    #: Overrides of entries of ``limits.HTTP_PER_MINUTE``.
    http_per_minute: dict[str, int] = field(default_factory=dict)
    #: Seconds after which a table nobody came to is deleted (:mod:`crisis.server.store.retention`).
    abandoned_after: float = ABANDONED_AFTER
    #: Seconds between the looks of the clock of games over days (timeouts, late notices).
    clock_every: float = CHECK_EVERY
    #: Mail: the SMTP server, the site's public address (the start of every mailed link),
    #: the sender, each else from the environment (:mod:`crisis.server.mail.outbox`); and the
    #: address the server listens at, for links when there is neither SMTP nor public URL.
    smtp_url: str | None = None
    public_url: str | None = None
    mail_from: str | None = None
    local_url: str | None = None
    #: Start the bots' worker processes before serving (a serving process does: see
    #: ``Workers.start``); else each pool starts at its first job.
    start_workers: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "origins", tuple(self.origins))

    def changed(self, **changes: Any) -> Settings:
        """These settings with ``changes`` (:class:`TypeError` for a name that is none)."""
        return dataclasses.replace(self, **changes)

    def to_json(self) -> str:
        """The settings as JSON (for ``serve``'s worker processes)."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """Settings written by :meth:`to_json`."""
        return cls(**json.loads(text))
