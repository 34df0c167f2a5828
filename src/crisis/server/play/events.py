"""What happened at the tables, told to whoever subscribed.

The play core (:class:`~crisis.server.play.hall.Hall`) knows nothing of mail, notices or
ratings: after each change it has written it publishes an event here, and the other concerns
subscribe at start-up (the turn notices of :mod:`crisis.server.mail.turns`, for one). Events
are in-process; across a site's processes the database's notices carry the changes
themselves (:mod:`crisis.server.play.site`), and each process publishes the events of the
writes it made, so that an event is published once on the site.

A handler is a plain function or a coroutine function. :meth:`Events.publish` calls the plain
ones at once and runs the coroutines beside the move (its answer never waits for them);
:meth:`Events.settle` awaits them all (the clock, whose next look must not overlap). A
handler that fails is logged and the others still run: a mail that cannot be queued never
undoes a move.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from crisis.engine.action import Action

if TYPE_CHECKING:
    from crisis.server.play.table import Live

log = logging.getLogger("crisis.server")


@dataclass(frozen=True)
class Moved:
    """``role``'s ``action`` (an undo too) was applied to ``live`` and written."""

    live: Live
    role: str
    action: Action


@dataclass(frozen=True)
class TurnsBegan:
    """A change left ``roles`` (people's seats) to move that were not before: the start of
    their turn, or of a decision they take in someone else's. ``recorded``: how many of them
    are accounts' seats whose turn the move's write recorded (``seats.turn_at``), or None when
    it recorded none and a subscriber that needs the record writes it."""

    live: Live
    roles: list[str]
    recorded: int | None


@dataclass(frozen=True)
class GameEnded:
    """``live``'s game ended (a last move, a resignation, a timeout). For a rated game,
    ``ratings`` is what its end moved, written in the same transaction as the end: each
    role's shown rating before and after; None when it moved none (``live.row.unrated``
    says why)."""

    live: Live
    ratings: dict[str, tuple[int, int]] | None = None


@dataclass(frozen=True)
class SeatChanged:
    """``role``'s seat at ``live`` changed hands: ``change`` is ``"joined"`` (its person came
    for the first time or renamed it), ``"resigned"`` or ``"timed out"`` (a bot plays it
    from now on)."""

    live: Live
    role: str
    change: str


@dataclass(frozen=True)
class Ticked:
    """The clock of games over days looked (every few seconds): work that waits on time
    (a turn notice due once its player has been away long enough) is done now. ``at``: the
    moment, Unix seconds."""

    at: float


E = TypeVar("E")
Handler = Callable[[Any], None] | Callable[[Any], Awaitable[None]]


@dataclass
class Events:
    """The subscribers of each kind of event, and the work they run beside the moves."""

    _handlers: defaultdict[type, list[Handler]] = field(default_factory=lambda: defaultdict(list))
    _running: set[asyncio.Task[None]] = field(default_factory=set)

    def subscribe(self, kind: type[E], handler: Callable[[E], Any]) -> None:
        """Call ``handler`` with every event of ``kind`` from now on."""
        self._handlers[kind].append(handler)

    def wants(self, kind: type) -> bool:
        """Whether anyone listens to ``kind`` (work done only for them is skipped if not)."""
        return bool(self._handlers.get(kind))

    def publish(self, event: object) -> None:
        """Tell every subscriber of ``event``'s kind: plain handlers now, coroutines as tasks
        of their own (kept until done: :meth:`drain` waits for them)."""
        for handler in self._handlers.get(type(event), ()):
            try:
                outcome = handler(event)
            except Exception:
                log.exception("a subscriber to %s failed", type(event).__name__)
                continue
            if inspect.isawaitable(outcome):
                task = asyncio.ensure_future(_logged(outcome, event))
                self._running.add(task)
                task.add_done_callback(self._running.discard)

    async def settle(self, event: object) -> None:
        """Tell every subscriber of ``event``'s kind and wait until each is done."""
        for handler in self._handlers.get(type(event), ()):
            try:
                outcome = handler(event)
                if inspect.isawaitable(outcome):
                    await outcome
            except Exception:
                log.exception("a subscriber to %s failed", type(event).__name__)

    async def drain(self) -> None:
        """Wait for the handlers still running (at shutdown, so that no notice is lost)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)


async def _logged(work: Awaitable[None], event: object) -> None:
    try:
        await work
    except Exception:
        log.exception("a subscriber to %s failed", type(event).__name__)
