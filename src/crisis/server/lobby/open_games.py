"""Open tables: games waiting for players that anyone signed in may join.

A signed-in person makes a table open (``POST /api/tables`` with ``"open": true``) and marks
the seats strangers may take as ``open``. Until it starts the table's status is ``open``:
it is listed at ``GET /api/open`` (its game, options, pace, whether it is rated, its free
seats and who sits at the others, with their ratings), and nobody moves. Anyone signed in
takes a free seat with one request (``POST /api/tables/{id}/take``: the seat then belongs to
their account and they get its secret, as the creator got theirs). The table starts by
itself once every seat is taken, or when its host starts it (``/start``): bots of the
game's default level take the seats still free (a rated table waits to be full: bots are
never rated). Before it starts the host may close it (``/close``): it is deleted.

Every change is a write at the table's version, like a move, so two people taking the last
seat at once through two processes get one seat each or one refusal, never the same seat;
the start (its status and its bots' seats) is one such write, so a seat taken while the host
starts the table is either taken before (the start is refused) or refused, never stored as a
bot's. A refused write answers the coded ``conflict``. A host's blocked accounts cannot take
its seats (``blocked``), and a rated seat takes a confirmed address (``unconfirmed``). One
account hosts at most ``limits.OPEN_TABLES_PER_HOST`` open tables at once (``too_many``), so
that nobody fills the list that everyone reads.
"""

from __future__ import annotations

import contextlib
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field, StrictStr

from crisis.ai import default_bot
from crisis.server.accounts.data import Account
from crisis.server.accounts.routes import current, same_site, signed_in
from crisis.server.errors import BadMessage, Changed, Forbidden, NotStarted, Unconfirmed
from crisis.server.lobby import invitations
from crisis.server.play.hall import Hall
from crisis.server.play.table import Live, hash_token, new_token, table_summary
from crisis.server.requests import limited
from crisis.server.store.repository import Conflict

router = APIRouter(prefix="/api")
Me = Annotated[Account, Depends(signed_in)]
Maybe = Annotated[Account | None, Depends(current)]

#: Open tables listed at once.
LISTED = 50


class TakeIn(BaseModel):
    """Which free seat to take (the first one if none is named)."""

    role: StrictStr | None = Field(None, max_length=16)


def _hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


async def _open(hall: Hall, table_id: str) -> Live:
    live = await hall.get(table_id)
    if live.row.status != "open":
        raise NotStarted("this table is not open: it has started or ended")
    return live


@router.get("/open", dependencies=[limited("tables")])
async def open_tables(request: Request, me: Maybe) -> dict[str, Any]:
    """The open tables waiting for players, the newest first, with who sits where (names
    and, for rated tables, each seated player's rating: None before their first rated game
    of the title) and whether you host each."""
    hall = _hall(request)
    rows = await hall.db(hall.store.open_games, LISTED)
    held = await hall.db(hall.store.seated_accounts, [r.id for r in rows])
    # The seated players' ratings: one query per title, not one per table.
    wanted: dict[str, set[str]] = {}
    for row in rows:
        if row.rated:
            wanted.setdefault(row.title, set()).update(held.get(row.id, {}).values())
    ratings = {
        title: await hall.db(request.app.state.ratings.of, sorted(people), title)
        for title, people in wanted.items()
    }
    out = []
    for row in rows:
        people = held.get(row.id, {})
        rated = ratings.get(row.title, {}) if row.rated else {}
        summary = table_summary(row)
        for seat in summary["seats"]:
            account = people.get(seat["role"])
            if row.rated and account is not None:
                seat["rating"] = rated.get(account)  # None: no rated game of this title yet
        summary["free"] = [s["role"] for s in summary["seats"] if s["kind"] == "open"]
        summary["mine"] = me is not None and row.host == me.id
        summary["seated"] = me is not None and me.id in people.values()
        out.append(summary)
    return {"tables": out}


@router.post("/tables/{table_id}/take", dependencies=[same_site])
async def take(table_id: str, body: TakeIn, request: Request, me: Me) -> dict[str, Any]:
    """Take a free seat of an open table: it is yours (your account's) and you get its secret;
    the table starts when this was the last free seat."""
    hall = _hall(request)
    live = await _open(hall, table_id)
    await invitations.check_host_allows(request, live, me)
    if live.row.rated and me.confirmed is None:
        raise Unconfirmed("rated play takes a confirmed e-mail address: confirm yours first")
    async with live.lock:
        if live.row.status != "open":
            raise NotStarted("this table is not open: it has started or ended")
        await invitations.check_one_seat(hall, live, me)
        free = [s for s in live.row.seats if s.kind == "open"]
        if body.role is not None:
            free = [s for s in free if s.role == body.role]
            if not free:
                raise BadMessage(f"{body.role} is not a free seat of this table")
        if not free:
            raise Forbidden("this table has no free seat")
        seat, prior = free[0], live.version
        token = new_token()
        try:
            written = await hall.db(
                hall.store.update_seat,
                live.id,
                seat.role,
                version=prior + 1,
                prior=prior,
                kind="human",
                name=me.name,
                token_hash=hash_token(token),
                joined=1,
                account=me.id,
                seen=int(time.time()),  # here now: no turn notice while they come to the table
            )
        except Conflict:
            await hall.following.catch_up(live)
            raise Changed(
                "the table changed at the same moment (a seat taken, or it started); look again"
            ) from None
        seat.kind, seat.name, seat.joined = "human", me.name, True
        seat.token_hash = hash_token(token)
        live.row.version, live.row.updated = prior + 1, written.at
        live.changed()
        hall.broadcast(live)
        if invitations.ready(live):
            # The seat is taken (that write stands) even if the start meets another's write.
            with contextlib.suppress(Changed):
                await start_table(hall, live)
    return {"table": live.summary(), "role": seat.role, "token": token}


@router.post("/tables/{table_id}/start", dependencies=[same_site])
async def start(table_id: str, request: Request, me: Me) -> dict[str, Any]:
    """Start your open table now: bots of the game's default level take the free seats (a
    rated table starts only when full)."""
    hall = _hall(request)
    live = await _open(hall, table_id)
    if live.row.host != me.id:
        raise Forbidden("only the table's host may start it")
    async with live.lock:
        if live.row.status != "open":
            raise NotStarted("this table is not open: it has started or ended")
        waiting = [s.name for s in live.row.seats if s.offer == "waiting"]
        if waiting:
            raise NotStarted(f"the table waits for {', '.join(waiting)} to accept the invitation")
        if live.row.rated and any(s.kind == "open" or s.offer for s in live.row.seats):
            raise BadMessage("a rated table starts when every seat is taken: bots are never rated")
        await start_table(hall, live)
    return live.summary()


@router.post("/tables/{table_id}/close", dependencies=[same_site])
async def close(table_id: str, request: Request, me: Me) -> dict[str, Any]:
    """Close your open table before it starts: it is deleted."""
    hall = _hall(request)
    live = await _open(hall, table_id)
    if live.row.host != me.id:
        raise Forbidden("only the table's host may close it")
    async with live.lock:
        if not await hall.db(hall.store.close_open, live.id, live.version):
            await hall.following.catch_up(live)
            raise NotStarted("this table is not open: it has started or ended")
        hall.forget([live.id])  # its watchers here hear nothing more; a reload says it is gone
    return {"closed": table_id}


async def start_table(hall: Hall, live: Live) -> None:
    """Start a waiting table (the caller holds its lock): bots take the seats nobody holds
    (free, or declined by the player invited) and the game begins (its bots move if one is
    first). One write at the table's version: if a seat was taken or accepted meanwhile
    (maybe through another process), nothing is written and the answer is the coded
    ``conflict`` (:class:`~crisis.server.errors.Changed`)."""
    bot = default_bot(live.row.title)
    prior = live.version
    empty = [s for s in live.row.seats if s.kind == "open" or s.offer == "declined"]
    bot_seats = {s.role: (bot, f"{bot} bot") for s in empty}
    active = live.match.active()
    bots = any(live.seat(r).kind == "bot" or r in bot_seats for r in active)
    try:
        written = await hall.db(hall.store.start_waiting, live.id, prior, bot_seats, bots)
    except Conflict:
        await hall.following.catch_up(live)
        raise Changed("the table changed at the same moment (a seat taken); look again") from None
    for seat in empty:
        seat.kind, seat.bot, seat.name, seat.offer = "bot", bot, f"{bot} bot", None
    live.row.status, live.row.version = "playing", prior + 1
    live.row.updated, live.row.bot_owner = written.at, written.owner
    live.changed()
    hall.broadcast(live)
    hall.bots.wake(live)
    hall.turns_began(live)  # the first seats to move
