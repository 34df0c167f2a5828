"""Invitations are offers, their mails cannot be aimed, and a player can block another.

A signed-in maker offers a person's seat to a player of the site by account name
(:mod:`crisis.server.lobby.routes`). The table
then waits (status ``open``, hosted by the maker): the
seat is the invited player's only once they accept (``POST /api/tables/{id}/accept``), from
the table's page (the mail's link) or their account page; they may decline instead
(``/decline``). Nobody moves and no clock runs before every offer is accepted (and every free
seat taken). A declined seat waits for the maker: they may offer it to another player
(``/invite``), start the table with bots in the seats nobody holds (an unrated table only:
bots are never rated), or close it. The table's seats say which wait for whom (``offer``).

Invitation mails are capped (:func:`send`): one per inviter and invitee a day, at most
:data:`MAILS_PER_INVITEE` a day to one player and :data:`MAILS_PER_INVITER` a day from one;
the invitations past a cap are not mailed but wait on the invitee's account page. A mail
quotes the inviter's account name and the site's own words only, never text a stranger typed
(seat or table names).

A player blocks an account by name (``POST /api/account/blocks``): it can no longer invite
them nor take a seat at a table they host. The refusal says so (the code ``blocked``), as
Lichess says a player takes no challenges from you: hiding it would leave the blocked player
inviting again and again, and the block is the blocker's to make known.
"""

from __future__ import annotations

import contextlib
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field, StrictStr
from sqlalchemy import Engine, and_, delete, func, insert, select, text
from sqlalchemy.exc import IntegrityError

from crisis.server.accounts.data import Account
from crisis.server.accounts.routes import same_site, signed_in
from crisis.server.accounts.schema import accounts, blocks
from crisis.server.errors import (
    AlreadySeated,
    BadMessage,
    Blocked,
    Changed,
    Forbidden,
    NotFound,
    NotStarted,
    Unconfirmed,
)
from crisis.server.lobby.schema import invitation_mails
from crisis.server.mail.notices import notice
from crisis.server.play.hall import Hall
from crisis.server.play.table import Live
from crisis.server.store.repository import Conflict
from crisis.server.store.schema import games, seats

router = APIRouter(prefix="/api")
Me = Annotated[Account, Depends(signed_in)]

#: Invitation mails a day from one inviter to one invitee (the rest wait on the account page).
MAILS_PER_PAIR = 1
#: Invitation mails a day to one player, from everyone.
MAILS_PER_INVITEE = 3
#: Invitation mails a day from one player, to everyone.
MAILS_PER_INVITER = 20
DAY = 24 * 3600
#: Accounts one account may block.
BLOCKS_KEPT = 500


class RoleIn(BaseModel):
    """Which seat offered to you (the first one if none is named)."""

    role: StrictStr | None = Field(None, max_length=16)


class InviteIn(BaseModel):
    """A declined seat offered to another player, by account name."""

    role: StrictStr = Field(max_length=16)
    name: StrictStr = Field(min_length=1, max_length=40)


class BlockIn(BaseModel):
    """An account to block, by name."""

    name: StrictStr = Field(min_length=1, max_length=40)


class Offers:
    """The invitation mails' caps, the blocks, and the offers waiting for an account (each
    method one short transaction)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def may_mail(self, game_id: str, role: str, inviter: str, invitee: str) -> bool:
        """Record an invitation mail from ``inviter`` to ``invitee`` if it is within the
        caps, in one transaction (two at once on two processes cannot both pass: the
        invitee's count is taken under a lock on PostgreSQL, SQLite has one writer)."""
        now = int(time.time())
        since = now - DAY
        mails = invitation_mails.c
        with self.engine.begin() as db:
            if self.engine.dialect.name == "postgresql":
                db.execute(
                    text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"i:{invitee}"}
                )
            else:  # take SQLite's write lock first: the counts below are then the latest
                db.execute(delete(invitation_mails).where(mails.at < now - 2 * DAY))

            def count(*where: Any) -> int:
                found = db.execute(
                    select(func.count())
                    .select_from(invitation_mails)
                    .where(mails.at > since, *where)
                ).scalar_one()
                return int(found)

            if (
                count(mails.inviter == inviter, mails.invitee == invitee) >= MAILS_PER_PAIR
                or count(mails.invitee == invitee) >= MAILS_PER_INVITEE
                or count(mails.inviter == inviter) >= MAILS_PER_INVITER
            ):
                return False
            try:
                db.execute(
                    insert(invitation_mails).values(
                        game=game_id, role=role, inviter=inviter, invitee=invitee, at=now
                    )
                )
            except IntegrityError:
                return False  # this seat's invitation was mailed already
            return True

    def blocked(self, account: str, other: str) -> bool:
        """Whether ``account`` blocked ``other``."""
        with self.engine.connect() as db:
            found = db.execute(
                select(blocks.c.at).where(blocks.c.account == account, blocks.c.blocked == other)
            ).first()
        return found is not None

    def block(self, account: str, other: str) -> bool:
        """``account`` blocks ``other`` (False: it blocks too many accounts already)."""
        with self.engine.begin() as db:
            mine = blocks.c.account == account
            if db.execute(select(blocks.c.at).where(mine, blocks.c.blocked == other)).first():
                return True
            held = db.execute(select(func.count()).select_from(blocks).where(mine)).scalar_one()
            if held >= BLOCKS_KEPT:
                return False
            with contextlib.suppress(IntegrityError):  # blocked at once by another request
                db.execute(
                    insert(blocks).values(account=account, blocked=other, at=int(time.time()))
                )
        return True

    def unblock(self, account: str, other: str) -> None:
        """``account`` no longer blocks ``other``."""
        with self.engine.begin() as db:
            db.execute(delete(blocks).where(blocks.c.account == account, blocks.c.blocked == other))

    def blocks_of(self, account: str) -> list[str]:
        """The names of the accounts ``account`` blocks, by name."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.name)
                .join(blocks, blocks.c.blocked == accounts.c.id)
                .where(blocks.c.account == account)
                .order_by(accounts.c.name_key)
            )
            return [r.name for r in rows]

    def hosting(self, account: str) -> list[str]:
        """The ids of the waiting tables ``account`` hosts (the newest 100)."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(games.c.id)
                .where(games.c.host == account, games.c.status == "open")
                .order_by(games.c.created.desc(), games.c.id)
                .limit(100)
            )
            return [r.id for r in rows]

    def waiting_for(self, account: str) -> list[dict[str, Any]]:
        """The seats offered to ``account`` that wait for its answer, the newest first: the
        table, the seat, the game, whether rated, its pace and who invited (an account name)."""
        host = accounts.alias("host")
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    seats.c.game,
                    seats.c.role,
                    games.c.title,
                    games.c.rated,
                    games.c.pace,
                    games.c.created,
                    host.c.name.label("host"),
                )
                .join(games, games.c.id == seats.c.game)
                .outerjoin(host, host.c.id == games.c.host)
                .where(
                    and_(
                        seats.c.invited == account,
                        seats.c.offer == "waiting",
                        games.c.status == "open",
                    )
                )
                .order_by(games.c.created.desc(), seats.c.game)
                .limit(100)
            )
            return [
                {
                    "table": r.game,
                    "role": r.role,
                    "title": r.title,
                    "rated": bool(r.rated),
                    "pace": r.pace,
                    "created": r.created,
                    "from": r.host,
                }
                for r in rows
            ]


def offers(request: Request) -> Offers:
    """The site's :class:`Offers` (made once per app)."""
    found: Offers | None = getattr(request.app.state, "offers", None)
    if found is None:
        found = request.app.state.offers = Offers(request.app.state.store.engine)
    return found


def _hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


def ready(live: Live) -> bool:
    """Whether a waiting table may start by itself: no free seat, no offer waiting for an
    answer, and no declined seat (it waits for the maker's decision)."""
    return not any(s.kind == "open" or s.offer is not None for s in live.row.seats)


async def check_not_blocked(request: Request, guest: Account, maker: Account) -> None:
    """Refuse (``blocked``) an invitation from ``maker`` to ``guest`` who blocked them."""
    hall = _hall(request)
    if await hall.db(offers(request).blocked, guest.id, maker.id):
        raise Blocked(f"{guest.name} takes no invitations from you")


async def check_host_allows(request: Request, live: Live, me: Account) -> None:
    """Refuse (``blocked``) a seat at a table whose host blocked ``me``."""
    host = live.row.host
    if host is not None and await _hall(request).db(offers(request).blocked, host, me.id):
        raise Blocked("the host of this table blocked you")


async def send(request: Request, live: Live, maker: Account, guests: dict[str, Account]) -> None:
    """Mail each invited player (if they take such mails, and within the caps) a link to the
    table, where they accept or decline the seat. Only the inviter's account name and the
    site's own words: never a seat's or a table's name, which anyone may type. A failure is
    logged, never raised: the table stands."""
    hall = _hall(request)
    name = live.title.presentation.info().get("name", live.row.title)
    how = []
    if live.row.rated:
        how.append("rated")
    if live.row.pace:
        days = max(1, round(live.row.pace / 86400))
        how.append(f"{days} {'day' if days == 1 else 'days'} per move")
    facts = f" ({', '.join(how)})" if how else ""
    for role, guest in guests.items():
        if not await hall.db(offers(request).may_mail, live.id, role, maker.id, guest.id):
            continue  # past a cap: it waits on their account page
        await notice(
            request.app,
            guest.id,
            "invite",
            f"{maker.name} invites you to a game of {name}",
            f"{maker.name} invites you to play {name}{facts} as {role}. Sign in and open the "
            "table to accept or decline the seat. Nothing starts before you accept.",
            f"/table/{live.id}?seat={role}",
        )


async def check_one_seat(hall: Hall, live: Live, me: Account, offered: str | None = None) -> None:
    """Refuse (``already_seated``) a second seat of one table to one account: a person who
    holds a seat there, or to whom a seat other than ``offered`` waits for an answer, may
    not take or accept another (two seats of one game played by one person decide it
    between them, and make a rated table unrated). The caller holds the table's lock."""
    held = (await hall.db(hall.store.seated_accounts, [live.id])).get(live.id, {})
    mine = sorted(role for role, account in held.items() if account == me.id)
    if mine:
        raise AlreadySeated(f"you already sit at this table ({', '.join(mine)})")
    waiting = sorted(
        s.role
        for s in live.row.seats
        if s.invited == me.id and s.offer == "waiting" and s.role != offered
    )
    if waiting:
        raise AlreadySeated(
            f"a seat of this table waits for your answer ({', '.join(waiting)}): "
            "accept or decline it"
        )


def _offered(live: Live, me: Account, role: str | None) -> Any:
    if live.row.status != "open":
        raise NotStarted("this table is not waiting for players: it has started or ended")
    mine = [s for s in live.row.seats if s.invited == me.id and s.offer == "waiting"]
    if role is not None:
        mine = [s for s in mine if s.role == role]
    if not mine:
        raise Forbidden("no seat of this table waits for your answer")
    return mine[0]


async def _write_seat(hall: Hall, live: Live, role: str, **values: Any) -> int:
    """One seat's change at the table's version (the caller holds its lock); a coded
    ``conflict`` when another request wrote first."""
    prior = live.version
    try:
        written = await hall.db(
            hall.store.update_seat, live.id, role, version=prior + 1, prior=prior, **values
        )
    except Conflict:
        await hall.following.catch_up(live)
        raise Changed("the table changed at the same moment; look again and retry") from None
    live.row.version, live.row.updated = prior + 1, written.at
    return written.at


@router.post("/tables/{table_id}/accept", dependencies=[same_site])
async def accept(table_id: str, body: RoleIn, request: Request, me: Me) -> dict[str, Any]:
    """Accept the seat offered to you: it is your account's, and the table starts once no
    seat waits for anyone. A rated table takes a confirmed address (``unconfirmed``)."""
    from crisis.server.lobby.open_games import start_table

    hall = _hall(request)
    live = await hall.get(table_id)
    async with live.lock:
        seat = _offered(live, me, body.role)
        await check_one_seat(hall, live, me, offered=seat.role)
        if live.row.rated and me.confirmed is None:
            raise Unconfirmed("rated play takes a confirmed e-mail address: confirm yours first")
        now = int(time.time())
        await _write_seat(hall, live, seat.role, account=me.id, offer=None, seen=now)
        seat.offer = None
        live.changed()
        hall.broadcast(live)
        if ready(live):
            await start_table(hall, live)
    return {"table": live.summary(), "role": seat.role}


@router.post("/tables/{table_id}/decline", dependencies=[same_site])
async def decline(table_id: str, body: RoleIn, request: Request, me: Me) -> dict[str, Any]:
    """Decline the seat offered to you: it waits for the table's maker (who may offer it to
    someone else, give it to a bot on an unrated table, or close the table)."""
    hall = _hall(request)
    live = await hall.get(table_id)
    async with live.lock:
        seat = _offered(live, me, body.role)
        await _write_seat(hall, live, seat.role, offer="declined")
        seat.offer = "declined"
        live.changed()
        hall.broadcast(live)
    return {"table": live.summary(), "role": seat.role}


@router.post("/tables/{table_id}/invite", dependencies=[same_site])
async def invite(table_id: str, body: InviteIn, request: Request, me: Me) -> dict[str, Any]:
    """Offer a declined seat of your waiting table to another player (by account name)."""
    hall = _hall(request)
    svc = request.app.state.accounts
    live = await hall.get(table_id)
    if live.row.host != me.id:
        raise Forbidden("only the table's maker may offer its seats")
    guest = None if "@" in body.name else await svc.run(svc.data.find, body.name.strip())
    if guest is None:
        raise NotFound(f"no player is called {body.name!r}")
    if guest.id == me.id:
        raise BadMessage("you hold a seat of this table already")
    await check_not_blocked(request, guest, me)
    async with live.lock:
        if live.row.status != "open":
            raise NotStarted("this table is not waiting for players: it has started or ended")
        seat = next((s for s in live.row.seats if s.role == body.role), None)
        if seat is None or seat.offer != "declined":
            raise BadMessage(f"{body.role} is not a declined seat of this table")
        if any(s.invited == guest.id and s.offer == "waiting" for s in live.row.seats):
            raise BadMessage(f"{guest.name} is invited to another seat of this table")
        held = (await hall.db(hall.store.seated_accounts, [live.id])).get(live.id, {})
        if guest.id in held.values():
            raise AlreadySeated(f"{guest.name} sits at this table already")
        await _write_seat(hall, live, seat.role, invited=guest.id, offer="waiting", name=guest.name)
        seat.invited, seat.offer, seat.name = guest.id, "waiting", guest.name
        live.changed()
        hall.broadcast(live)
    await send(request, live, me, {seat.role: guest})
    return {"table": live.summary(), "role": seat.role}


@router.get("/account/invitations")
async def invitations(request: Request, me: Me) -> dict[str, Any]:
    """The seats offered to you that wait for your answer (those past the mail caps too),
    and the waiting tables you host (``hosting``: their ids; you decide their declined
    seats)."""
    hall = _hall(request)
    return {
        "invitations": await hall.db(offers(request).waiting_for, me.id),
        "hosting": await hall.db(offers(request).hosting, me.id),
    }


async def _other(request: Request, me: Account, name: str) -> Account:
    svc = request.app.state.accounts
    other = None if "@" in name else await svc.run(svc.data.find, name.strip())
    if other is None:
        raise NotFound(f"no player is called {name!r}")
    if other.id == me.id:
        raise BadMessage("you cannot block yourself")
    return other


@router.get("/account/blocks")
async def blocked(request: Request, me: Me) -> dict[str, Any]:
    """The players you block, by name."""
    return {"blocks": await _hall(request).db(offers(request).blocks_of, me.id)}


@router.post("/account/blocks", dependencies=[same_site])
async def block(body: BlockIn, request: Request, me: Me) -> dict[str, Any]:
    """Block a player: they can no longer invite you nor sit at the tables you host."""
    other = await _other(request, me, body.name)
    if not await _hall(request).db(offers(request).block, me.id, other.id):
        raise BadMessage(f"you block {BLOCKS_KEPT} players already; unblock one first")
    return {"blocks": await _hall(request).db(offers(request).blocks_of, me.id)}


@router.post("/account/blocks/remove", dependencies=[same_site])
async def unblock(body: BlockIn, request: Request, me: Me) -> dict[str, Any]:
    """Stop blocking a player."""
    other = await _other(request, me, body.name)
    await _hall(request).db(offers(request).unblock, me.id, other.id)
    return {"blocks": await _hall(request).db(offers(request).blocks_of, me.id)}
