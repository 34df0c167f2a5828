"""The clock of games over days: a table's pace (how long each move may take) and what
happens to a seat whose time runs out.

A live table has no clock. A table over days gives every move the same time, counted from
the table's last change (``games.updated``: the last move, a seat joining, a timeout), so
that a player who makes several moves in a turn gets the full time for each. When that
time has run out and a person's seat is to move, the table does what it chose when it was
made: a bot takes the seat (``"bot"``, the title's default bot, and the game goes on), or
the person is resigned (``"resign"``: a bot plays the seat on, or the game ends when no
person is left, as when someone resigns by hand).

Every server process of a site checks the clock every :data:`CHECK_EVERY` seconds; a
timeout is one write at the table's version like any move, so two processes never both
time out the same seat.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from crisis.ai import default_bot
from crisis.server.errors import BadMessage, TableError
from crisis.server.play.table import Live, deadline
from crisis.server.store import clocks as seat_clocks
from crisis.server.store.repository import Conflict

if TYPE_CHECKING:
    from crisis.server.play.hall import Hall

log = logging.getLogger("crisis.server")

DAY = 24 * 3600
#: The paces a table may choose, by the words the lobby shows (None: a live game).
PACES: dict[str, int | None] = {"live": None, "1 day": DAY, "3 days": 3 * DAY, "7 days": 7 * DAY}
#: What a table may do with a seat whose time ran out.
TIMEOUTS = ("bot", "resign")
#: Seconds between two looks at the clock.
CHECK_EVERY = 30.0


def check_pace(pace: int | None, on_timeout: str | None) -> tuple[int | None, str | None]:
    """A new table's pace and timeout as stored (a live table keeps neither), or
    :class:`BadMessage` for a pace the site does not offer or an unknown timeout."""
    if pace is None:
        if on_timeout is not None and on_timeout not in TIMEOUTS:
            raise BadMessage(f"on_timeout is one of {', '.join(TIMEOUTS)}")
        return None, None
    offered = {seconds: words for words, seconds in PACES.items() if seconds}
    if isinstance(pace, bool) or pace not in offered:
        choices = ", ".join(f"{s} ({w})" for s, w in offered.items())
        raise BadMessage(f"pace is null (a live game) or seconds per move: one of {choices}")
    timeout = on_timeout or "bot"
    if timeout not in TIMEOUTS:
        raise BadMessage(f"on_timeout is one of {', '.join(TIMEOUTS)}")
    return pace, timeout


async def keep_time(check: Callable[[], Awaitable[int]], every: float = CHECK_EVERY) -> None:
    """Run ``check`` (what the hall does at each look: :meth:`Clock.time_out_overdue`, then the
    :class:`~crisis.server.play.events.Ticked` event) every
    ``every`` seconds until cancelled; a failure is logged and the clock goes on."""
    while True:
        await asyncio.sleep(every)
        try:
            timed_out = await check()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the clock failed; it looks again later")
            continue
        if timed_out:
            log.info("the clock timed out %d seats", timed_out)


class Clock:
    """The clock's part of :class:`~crisis.server.play.hall.Hall` (a part of it)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall

    async def time_out_overdue(self, now: int | None = None) -> int:
        """Apply the timeout of every seat whose time to move ran out (``now``: the moment to
        judge by, the clock's own by default); returns how many seats timed out."""
        now = int(time.time()) if now is None else now
        timed_out = 0
        # clocks: the games where a seat's own time (bank, vacations) ran out
        for game_id in await self.hall.db(seat_clocks.overdue, self.hall.store.engine, now):
            try:
                live = await self.hall.get(game_id)
            except TableError:
                continue  # deleted meanwhile
            async with live.lock:
                # clocks: each seat's own deadline (its bank and vacations)
                due = await self.hall.db(
                    seat_clocks.deadlines, self.hall.store.engine, game_id, now
                )
                for role in _overdue_seats(live, now, due):
                    try:
                        await self._time_out(live, role)
                    except Conflict:  # another process moved first: look again next time
                        await self.hall.following.catch_up(live)
                        break
                    timed_out += 1
        return timed_out

    async def _time_out(self, live: Live, role: str) -> None:
        """``role``'s time ran out (the caller holds the table's lock): what the table chose."""
        if live.row.on_timeout == "resign":
            await self.hall.leave(live, role, {role})
            log.info("table %s: %s's time ran out: resigned", live.id, role)
            return
        bot = default_bot(live.row.title)
        # The person keeps watching the seat (no secret of another is shown), but a bot plays it.
        await self.hall.seat_to_bot(live, role, bot, resigned=False)
        live.changed()
        self.hall.broadcast(live)
        self.hall.bots.wake(live)
        log.info("table %s: %s's time ran out: the bot %s took the seat", live.id, role, bot)


def _overdue_seats(live: Live, now: int, due: dict[str, int]) -> list[str]:
    """The people's seats to move at ``live`` whose time ran out by ``now`` (``due``: each
    seat's own deadline, from its turn's start, its bank and vacations counted; the table's
    last change plus the pace for a seat without one)."""
    end = deadline(live.row)
    if end is None or live.finished:
        return []
    return [
        r
        for r in live.match.active()
        if live.seat(r).kind == "human" and not live.seat(r).resigned and due.get(r, end) <= now
    ]
