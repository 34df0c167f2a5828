"""Turn notices: a mail to a person whose seat is to move while they are away from the
table, so that a game over days goes on without a tab kept open; and a mail to everyone
away from the table when its game ends.

When a move leaves a seat to move that was not to move before (the start of that seat's
turn, or of a decision it must take in someone else's turn), and the seat belongs to an
account (:mod:`crisis.server.accounts`), the turn is recorded on the seat (``turn_at``, the
game's version) and a ``turn`` notice becomes due. It goes out once the person has been
away from the table for the account's chosen minutes (10 by default): at once if they
already were, else when the clock next looks (:meth:`TurnNotices.late_turn_notices`, every
:data:`~crisis.server.play.clock.CHECK_EVERY` seconds) after they left. "Away" means no
connection of theirs open in this process and none opened or closed (``seats.seen``) for
that long; each process marks ``seen`` anew for the seats its connections watch at every
look, so a player at a table held by another process of the site is never mailed. A turn
brings one mail at most (``seats.noticed``, claimed in one write), however many moves it
takes, and never while they play. Whether the account wants such mails at all (a confirmed
address, the setting on) is the accounts' own rule
(:func:`crisis.server.mail.notices.wants`); mails go through the outbox, so a mail
server that is down never holds up a move.

The play core does not call this module: :class:`TurnNotices` subscribes to its events
(:mod:`crisis.server.play.events`: a turn begun, a game ended, the clock's look) when the
application is put together (:func:`crisis.server.app.create_app`). This is the one place a
turn or end notice is decided.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from sqlalchemy import or_, select

from crisis.engine.match import Match
from crisis.server.accounts.schema import accounts
from crisis.server.play.events import Events, GameEnded, Ticked, TurnsBegan
from crisis.server.play.table import Live, deadline
from crisis.server.store import clocks as seat_clocks
from crisis.server.store.schema import games, seats

if TYPE_CHECKING:
    from crisis.server.play.hall import Hall

log = logging.getLogger("crisis.server")

#: Sends a notice: (account id, kind, subject, text, path on the site) -> whether queued.
Notify = Callable[[str, str, str, str, str], Awaitable[bool]]


class TurnNotices:
    """Turn and end notices, decided from the play core's events (:mod:`crisis.server.play.events`):
    subscribe with :meth:`subscribe`; the hall knows nothing of them."""

    def __init__(self, hall: Hall, notify: Notify) -> None:
        self.hall = hall
        self.store = hall.store
        self.db = hall.db
        self.notify = notify

    def subscribe(self, events: Events) -> None:
        """Hear the turns that begin, the games that end and the clock's looks."""
        events.subscribe(TurnsBegan, self.turns_began)
        events.subscribe(GameEnded, self.game_ended)
        events.subscribe(Ticked, lambda tick: self.late_turn_notices(tick.at))

    def turns_began(self, event: TurnsBegan) -> Coroutine[Any, Any, None] | None:
        """After a move: the notices of the people's seats now to move that were not before
        (run beside the move: its answer never waits for them). Nothing to do when the move's
        write recorded no account's turn (``event.recorded == 0``); None: record them here."""
        live, started, recorded = event.live, event.roles, event.recorded
        if live.row.status != "playing" or not started or recorded == 0:
            return None
        here = {r for w in live.watchers for r in w.roles}
        return self._notice_turns(live, started, here, live.row.version, recorded is None)

    def game_ended(self, event: GameEnded) -> Coroutine[Any, Any, None] | None:
        """After the move (or resignation) that ended a game: an ``end`` notice to every
        person of the table whose seat is an account's and who is not at it."""
        live = event.live
        here = {r for w in live.watchers for r in w.roles}
        away = [s.role for s in live.row.seats if s.kind == "human" and s.role not in here]
        away += [s.role for s in live.row.seats if s.resigned and s.role not in here]
        return self._notice_end(live, away) if away else None

    async def _notice_end(self, live: Live, roles: list[str]) -> None:
        try:
            found = await self.db(self.turn_notice_seats, live.id, sorted(set(roles)))
            name = live.title.presentation.info().get("name", live.row.title)
            result = live.row.result or {}
            winner = result.get("winner")
            names = {s.role: s.name for s in live.row.seats}
            for role, account, _seen, _minutes in found:
                await self.notify(
                    account,
                    "end",
                    f"Your game of {name} has ended",
                    f"Your game of {name} has ended. {end_words(winner, role, names)} "
                    "The table has its replay.",
                    f"/table/{live.id}?seat={role}",
                )
        except Exception:
            log.exception("table %s: could not send the end notices", live.id)

    async def _notice_turns(
        self, live: Live, started: list[str], here: set[str], version: int, record: bool
    ) -> None:
        """Record the turns begun at ``version`` (if ``record``: the move's write did not)
        and mail those of ``started`` who are away now; the rest are mailed by
        :meth:`late_turn_notices` if they leave."""
        try:
            if record and not await self.db(self.store.turn_began, live.id, started, version):
                return  # no seat of an account
            away = [r for r in started if r not in here]
            found = await self.db(self.turn_notice_seats, live.id, away)
            now = time.time()
            for role, account, seen, minutes in found:
                if seen is not None and now - seen < 60 * minutes:
                    continue  # at the table a moment ago: the clock looks again later
                await self._send_turn_notice(live, role, account)
        except Exception:
            log.exception("table %s: could not send the turn notices", live.id)

    async def late_turn_notices(self, now: float | None = None) -> int:
        """(The clock, every few seconds.) Mail the turn notices that became due because their
        player left the table after their turn began; and mark as seen now the seats this
        process's connections watch, so that no other process mails a player who is here.
        Returns how many notices were sent."""
        now = time.time() if now is None else now
        sent = 0
        waiting = await self.db(self.waiting_turns)
        here: dict[str, list[str]] = {}
        for game, role, _account, _seen, _minutes in waiting:
            live = self.hall.tables.get(game)
            if live is not None and any(role in w.roles for w in live.watchers):
                here.setdefault(game, []).append(role)
        for game, roles in here.items():
            await self.hall.present(game, roles, now)
        for game, role, account, seen, minutes in waiting:
            if role in here.get(game, ()) or (seen is not None and now - seen < 60 * minutes):
                continue
            try:
                live = await self.hall.get(game)
                if await self._send_turn_notice(live, role, account):
                    sent += 1
            except Exception:
                log.exception("table %s: could not send %s's turn notice", game, role)
        return sent

    async def _send_turn_notice(self, live: Live, role: str, account: str) -> bool:
        """Claim the seat's turn as noticed and mail it; False when it already was. The mail
        says what happened since the seat last moved, in the log's words as the seat sees
        them, and, over days, how long the seat has to move."""
        if not await self.db(self.store.claim_turn_notice, live.id, role):
            return False
        name = live.title.presentation.info().get("name", live.row.title)
        others = ", ".join(s.name for s in live.row.seats if s.role != role)
        try:
            lines = await asyncio.to_thread(
                since_last_move,
                live.match.title,
                live.row.seed,
                dict(live.row.options),
                list(live.match.log),
                live.match.view(role).get("log", []),
                role,
            )
        except Exception:
            log.exception("table %s: could not tell what happened since %s moved", live.id, role)
            lines = []
        text = f"It is your turn ({role}) at your table of {name} with {others}."
        end = await self._deadline(live, role)
        if end is not None:
            text += f"\n\nYou have {time_left(end - time.time())} to move."
        if lines:
            shown = lines[-SINCE_LINES:]
            text += "\n\nSince your last move:\n" + "\n".join(f"- {line}" for line in shown)
            if len(lines) > len(shown):
                text += f"\n(and {len(lines) - len(shown)} earlier lines, on the table's log)"
        await self.notify(
            account, "turn", f"Your turn at {name}", text, f"/table/{live.id}?seat={role}"
        )
        return True

    async def _deadline(self, live: Live, role: str) -> int | None:
        """When ``role``'s time to move runs out at a game over days: its own clock, its bank
        and its account's vacations counted (:mod:`crisis.server.store.clocks`); the table's
        deadline if the clocks cannot be read; None for a live game."""
        if deadline(live.row) is None:
            return None
        try:
            due = await self.db(seat_clocks.deadlines, self.store.engine, live.id, int(time.time()))
        except Exception:
            log.exception("table %s: could not read the clocks for %s's notice", live.id, role)
            return deadline(live.row)
        return due.get(role, deadline(live.row))

    # -- the accounts' seats (their turn-notice settings joined) ---------------------------
    def waiting_turns(self) -> list[tuple[str, str, str, Any, int]]:
        """The seats of accounts, at games being played, whose turn has not been noticed
        yet and that are still to move: (game, role, account, when last at the table or
        None, the account's minutes away before a turn notice)."""
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(
                    seats.c.game,
                    seats.c.role,
                    seats.c.account,
                    seats.c.seen,
                    accounts.c.mail_after,
                    games.c.active,
                )
                .join(accounts, accounts.c.id == seats.c.account)
                .join(games, games.c.id == seats.c.game)
                .where(
                    games.c.status == "playing",
                    seats.c.kind == "human",
                    seats.c.resigned == 0,
                    seats.c.turn_at.is_not(None),
                    or_(seats.c.noticed.is_(None), seats.c.noticed < seats.c.turn_at),
                )
            )
            return [
                (r.game, r.role, r.account, r.seen, int(r.mail_after))
                for r in rows
                if r.role in json.loads(r.active)
            ]

    def turn_notice_seats(self, game_id: str, roles: list[str]) -> list[tuple[str, str, Any, int]]:
        """Of ``roles``, the seats held by an account: (role, account, when the person was
        last at the table or None, the account's minutes away before a turn notice)."""
        if not roles:
            return []
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(seats.c.role, seats.c.account, seats.c.seen, accounts.c.mail_after)
                .join(accounts, accounts.c.id == seats.c.account)
                .where(seats.c.game == game_id, seats.c.role.in_(roles))
            )
            return [(r.role, r.account, r.seen, int(r.mail_after)) for r in rows]


def end_words(winner: str | None, role: str, names: dict[str, str]) -> str:
    """Who won, said to the player of ``role``: "You won." to the winner."""
    if not winner:
        return "Nobody won."
    if winner == role:
        return "You won."
    return f"{names.get(winner) or winner.capitalize()} ({winner}) won."


#: Lines of the log a turn mail tells at most (the latest).
SINCE_LINES = 20


def since_last_move(
    title: Any,
    seed: Any,
    options: dict[str, Any],
    actions: list[tuple[str, Any]],
    lines: list[Any],
    role: str,
) -> list[str]:
    """The lines of ``lines`` (the log as ``role`` sees it now) written since ``role``'s last
    action in ``actions``, found by replaying the game up to that action (in a thread: a
    few milliseconds for a whole game). Before its first action: the whole log."""
    last = max((i for i, (who, _action) in enumerate(actions) if who == role), default=None)
    start = 0
    if last is not None:
        match = Match(title, seed, options)
        for who, action in actions[: last + 1]:
            match.apply(who, action)
        start = len(match.view(role).get("log", []))
    return [line if isinstance(line, str) else str(line) for line in lines[start:]]


def time_left(seconds: float) -> str:
    """ "23 hours", "2 days and 3 hours", "40 minutes", "no time" in words."""
    if seconds <= 0:
        return "no time left"
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(seconds / 3600)
    if hours < 48:
        return f"{hours} hours"
    days, rest = divmod(hours, 24)
    return f"{days} days" + (f" and {rest} hour{'s' if rest != 1 else ''}" if rest else "")
