"""Turn notices: a mail to a person whose seat has just become one to move while they are
away from the table, so that a game over days goes on without a tab kept open; and a mail
to everyone away from the table when its game ends.

When a move leaves a seat to move that was not to move before (the start of that seat's
turn, or of a decision it must take in someone else's turn), and the seat belongs to an
account (:mod:`crisis.server.accounts`), the hall asks for a ``turn`` notice unless the
person is at the table: a connection of theirs open in this process, or one opened or
closed (``seats.seen``) less than the account's chosen minutes ago (10 by default). So a
turn brings at most one mail, however many moves it takes, and never while they play.
Whether the account wants such mails at all (a confirmed address, the setting on) is the
accounts' own rule (:func:`crisis.server.accounts.notices.wants`); mails go through the
outbox, so a mail server that is down never holds up a move.

Known limits: the check is made when the turn starts only (someone who left a minute
before their turn came gets no mail for it), and a connection open in another process of
the site counts only through ``seen``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from crisis.server.store import Store
from crisis.server.table import Live

log = logging.getLogger("crisis.server")

#: Sends a notice: (account id, kind, subject, text, path on the site) -> whether queued.
Notify = Callable[[str, str, str, str, str], Awaitable[bool]]


class Turns:
    """The turn notices' part of :class:`~crisis.server.tables.Hall` (a mixin)."""

    store: Store
    tables: OrderedDict[str, Live]
    db: Callable[..., Awaitable[Any]]
    #: Set by the application when the site has accounts (None: no notices).
    notify: Notify | None = None
    _notices: set[asyncio.Task[None]]

    def turns_started(self, live: Live, before: list[str]) -> None:
        """After a move: ask for notices for the people's seats now to move that were not
        before (in the background: the move's answer never waits for it)."""
        if self.notify is None or live.row.status != "playing":
            return
        started = [
            r
            for r in live.match.active()
            if r not in before and live.seat(r).kind == "human" and not live.seat(r).resigned
        ]
        here = {r for w in live.watchers for r in w.roles}
        away = [r for r in started if r not in here]
        if away:
            self._in_background(self._notice_turns(live, away))

    def game_ended(self, live: Live) -> None:
        """After the move (or resignation) that ended a game: an ``end`` notice to every
        person of the table whose seat is an account's and who is not at it."""
        if self.notify is None:
            return
        here = {r for w in live.watchers for r in w.roles}
        away = [s.role for s in live.row.seats if s.kind == "human" and s.role not in here]
        away += [s.role for s in live.row.seats if s.resigned and s.role not in here]
        if away:
            self._in_background(self._notice_end(live, away))

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` without the move waiting for it (kept until done)."""
        task = asyncio.get_running_loop().create_task(work)
        self._notices.add(task)
        task.add_done_callback(self._notices.discard)

    async def _notice_end(self, live: Live, roles: list[str]) -> None:
        try:
            found = await self.db(self.store.turn_notice_seats, live.id, sorted(set(roles)))
            name = live.title.info().get("name", live.row.title)
            result = live.row.result or {}
            winner = result.get("winner")
            names = {s.role: s.name for s in live.row.seats}
            said = f"{names.get(winner, winner)} won" if winner else "it is over"
            assert self.notify is not None
            for _role, account, _seen, _minutes in found:
                await self.notify(
                    account,
                    "end",
                    f"Your game of {name} has ended",
                    f"Your game of {name} has ended: {said}. The table has its replay.",
                    f"/table/{live.id}",
                )
        except Exception:
            log.exception("table %s: could not send the end notices", live.id)

    async def _notice_turns(self, live: Live, roles: list[str]) -> None:
        try:
            found = await self.db(self.store.turn_notice_seats, live.id, roles)
            now = time.time()
            name = live.title.info().get("name", live.row.title)
            others = ", ".join(s.name for s in live.row.seats if s.role not in roles)
            for role, account, seen, minutes in found:
                if seen is not None and now - seen < 60 * minutes:
                    continue  # at the table a moment ago
                assert self.notify is not None
                await self.notify(
                    account,
                    "turn",
                    f"Your turn at {name}",
                    f"It is your turn ({role}) at your table of {name} with {others}.",
                    f"/table/{live.id}",
                )
        except Exception:
            log.exception("table %s: could not send the turn notices", live.id)
