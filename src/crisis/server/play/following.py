"""Following the other processes of a site: the tables this process holds in memory stay in
step with the changes others make (:mod:`crisis.server.play.site` hears their notices).

An announced action that follows the version in memory is applied here as it was there (the
rules are deterministic, so both get the same state) and sent to this process's watchers at
once; anything else (a gap, an undo, a seat change) reloads what changed from the database.
A table in memory that nobody here watches is simply dropped: it loads afresh when needed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.server import limits
from crisis.server.play.table import Live
from crisis.server.store.repository import SEAT_NEWS, GameRow

if TYPE_CHECKING:
    from crisis.server.play.hall import Hall

log = logging.getLogger("crisis.server")

T = TypeVar("T")


class Following:
    """The cross-process part of :class:`~crisis.server.play.hall.Hall` (a part of it)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        #: The tasks catching up with other processes' changes, by table.
        self.tasks: dict[str, asyncio.Task[None]] = {}
        #: Closes this process's table sockets of sessions another process ended (sign-out,
        #: new password): set by accounts (crisis.server.accounts.install), None without them.
        self.sessions_ended: Callable[[list[str]], object] | None = None

    def heard(self, notice: dict[str, Any]) -> None:
        """Take in another process's notice (see
        :meth:`crisis.server.store.repository.Store.notify`)."""
        kind = notice.get("k")
        if kind == "ended":  # sessions another process ended (crisis.server.accounts.data)
            ended = notice.get("s")
            if self.sessions_ended is not None and isinstance(ended, list):
                self.sessions_ended([s for s in ended if isinstance(s, str)])
            return
        if kind == "gone":
            ids = notice.get("ids")
            if isinstance(ids, list):
                self.hall.forget([i for i in ids if isinstance(i, str)])
            return
        game_id = str(notice.get("t"))
        live = self.hall.tables.get(game_id)
        if live is None:
            if game_id in self.hall.loading:
                self.hall.changed_while_loading.add(game_id)
            return
        if kind == "chat":
            entry = notice.get("e")
            if isinstance(entry, dict) and isinstance(entry.get("n"), int):
                live.remember_chat(entry, limits.CHAT_HISTORY)
            message = msgspec.json.encode({"type": "chat", "table": live.id, "entries": [entry]})
            for w in list(live.watchers):
                w.deliver(message, replaceable=False)
            return
        if self.hall.unneeded(live):
            self.hall.tables.pop(live.id, None)  # nobody here needs it: it loads afresh if asked
            return
        if kind == "seat" and self._seat_notice(live, notice):
            return
        if kind == "act" and live.lock.locked():
            # A move of this process is being written: apply this one after it, in order,
            # without going to the database (see _replay_heard).
            live.heard.append(notice)
            self.follow(live, reload=False)
            return
        if kind == "act" and self._replay_notice(live, notice):
            return
        self.follow(live)

    def _seat_notice(self, live: Live, notice: dict[str, Any]) -> bool:
        """Take a seat taken or renamed elsewhere (:meth:`Store.update_seat`'s notice) into
        ``live`` and tell its watchers; whether the notice could be read (else the table
        catches up from the database)."""
        values = notice.get("s")
        role = notice.get("r")
        if not isinstance(values, dict) or not isinstance(role, str):
            return False
        seat = next((s for s in live.row.seats if s.role == role), None)
        if seat is None or not set(values) <= SEAT_NEWS:
            return False
        task = self.tasks.get(live.id)
        if task is not None and not task.done():
            return False  # a catch-up under way may bring an older row: catch up once more
        if "joined" in values:
            seat.joined = bool(values["joined"])
        if isinstance(values.get("name"), str):
            seat.name = values["name"]
        if isinstance(notice.get("at"), int):
            live.row.updated = max(live.row.updated, notice["at"])
        live.changed()
        self.hall.broadcast(live)
        return True

    def replay_heard(self, live: Live) -> bool:
        """(The caller holds the table's lock.) Apply the moves announced while the table
        was busy, in order, skipping those it already has; whether they all followed on, so
        that nothing needs catching up from the database (each such notice used to send the
        table back to the database for its tail and state)."""
        heard, live.heard = live.heard, []
        for notice in sorted(heard, key=_version):
            version = notice.get("v")
            if isinstance(version, int) and version <= live.version:
                continue  # this process has it already (it caught up meanwhile)
            if not self._replay_notice(live, notice):
                return False
        return True

    def _replay_notice(self, live: Live, notice: dict[str, Any]) -> bool:
        """Apply the action ``notice`` announces if it is the next one for ``live``; whether
        it was (else the table catches up from the database)."""
        try:
            n, role, verb, arg = notice["a"]
            version = int(notice["v"])
        except (KeyError, TypeError, ValueError):
            return False
        if version != live.version + 1 or n != len(live.match.log):
            return False
        try:
            live.match.apply(role, Action.parse([verb, arg]))
        except IllegalAction:
            return False  # should not happen: the database has the truth
        row = live.row
        row.version, row.active = version, live.match.active()
        row.state = live.match.to_json().decode()
        row.updated = int(notice.get("at", row.updated))
        row.bot_owner = notice.get("o")
        result = live.match.result()
        if result is not None:
            row.status, row.result = "finished", result
            if row.rated:  # whether it moved ratings was written with its end: read it
                self.follow(live)
        live.note_choices(role)
        live.changed()
        self.hall.broadcast(live)
        self.hall.bots.wake(live)
        return True

    def follow(self, live: Live, *, reload: bool = True) -> None:
        """Catch ``live`` up with the database soon (once, however many notices ask); with
        ``reload`` False, only apply the moves heard while it was busy, unless they leave a
        gap."""
        if reload:
            live.reload = True
        task = self.tasks.get(live.id)
        if task is not None and not task.done():
            live.behind = True
            return
        self.tasks[live.id] = asyncio.get_running_loop().create_task(self._follow(live))

    async def _follow(self, live: Live) -> None:
        try:
            while True:
                live.behind = False
                async with live.lock:
                    reload, live.reload = live.reload, False
                    if not self.replay_heard(live) or reload:
                        await self.catch_up(live)
                if not live.behind:
                    return
        except Exception:
            log.exception("table %s: could not catch up with the other processes", live.id)
            self.hall.tables.pop(live.id, None)
        finally:
            self.tasks.pop(live.id, None)

    async def catch_up(self, live: Live) -> None:
        """Bring ``live`` to what the database holds (the caller holds its lock): the new
        log entries are applied to the match in memory (its undo steps stay), checked against
        the stored state; anything else rebuilds the match."""
        have = len(live.match.log)
        found = await self.hall.db(self.hall.store.load_tail, live.id, max(0, have - 1))
        if found is None:
            self.hall.forget([live.id])
            return
        row, tail, total = found
        if row.version == live.version and total == have:
            live.row = row  # the same game; its seats, rematch or bots' owner may differ
        elif not self._extend(live, row, tail, total):
            loaded = await self.hall.db(self.hall.load, live.id)
            if loaded is None:
                self.hall.forget([live.id])
                return
            live.row, live.match = loaded
        live.note_choices(live.match.log[-1][0] if live.match.log else None)
        live.changed()
        self.hall.broadcast(live)
        self.hall.bots.wake(live)

    def _extend(self, live: Live, row: GameRow, tail: list[list[Any]], total: int) -> bool:
        """Apply the stored entries ``live`` lacks (``tail`` starts at its last entry); whether
        the match then has the stored state (``live.row`` is then ``row``)."""
        match = live.match
        have = len(match.log)
        try:
            if have and total == have - 1 and match.can_undo(match.log[-1][0]):
                match.undo(match.log[-1][0])  # the last action was taken back
            elif total >= have:
                if have:  # the last entry both hold must be the same action
                    last_role, last = match.log[-1]
                    if [last_role, *last.to_json()] != tail[0]:
                        return False
                    tail = tail[1:]
                for role, verb, arg in tail:
                    match.apply(role, Action.parse([verb, arg]))
            else:
                return False
        except (IllegalAction, ValueError):
            return False
        if match.to_json().decode() != row.state:
            return False
        live.row = row
        return True

    async def missed(self) -> None:
        """After a gap in listening: catch up every table in memory that someone watches or
        whose bots play, and drop the rest."""
        for live in list(self.hall.tables.values()):
            live.chat = None  # a message may have gone unheard: read it afresh when asked
            if live.watchers or live.bot_task is not None:
                self.follow(live)
            else:
                self.hall.tables.pop(live.id, None)

    async def adopt(self, game_ids: list[str]) -> None:
        """Play the bots of tables this process took over (see
        :meth:`crisis.server.play.site.Site.claim_orphans`); a table where no bot is to move is
        given back (nobody plays its bots until a write leaves one to move)."""
        for game_id in game_ids:
            try:
                live = await self.hall.get(game_id)
                async with live.lock:
                    await self.catch_up(live)
                bots = not live.finished and any(
                    live.seat(r).kind == "bot" for r in live.match.active()
                )
                if bots:
                    live.row.bot_owner = self.hall.store.process
                    self.hall.bots.wake(live)
                else:
                    await self.hall.db(self.hall.store.release_bots, game_id)
                    live.row.bot_owner = None
            except Exception:
                log.exception("table %s: could not take over its bots", game_id)


def _version(notice: dict[str, Any]) -> int:
    """The version a notice announces (0 if it names none)."""
    version = notice.get("v")
    return version if isinstance(version, int) else 0
