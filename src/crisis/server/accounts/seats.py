"""Seats that follow the person: a seat held by an account (``seats.account``), reached from
any browser the account signs in on.

A guest's seat is held by its secret (the seat link) alone. A signed-in browser that holds a
seat's secret (it created the table, or opened the link) claims the seat for the account
(``POST /api/account/seats``): from then on the account's sessions play it too
(:func:`seat_roles`), and it is listed among the account's games (``GET
/api/account/games``), those waiting for the account first. The secret keeps working as
before: claiming takes nothing from a link. A seat another account holds cannot be claimed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, and_, or_, select, update
from starlette.requests import HTTPConnection

from crisis.server.accounts import sessions
from crisis.server.accounts.data import now
from crisis.server.store import clocks as seat_clocks
from crisis.server.store.schema import games, seats

#: Most games listed on "Your games".
GAMES_LISTED = 100


class Seats:
    """Claims and lists the seats of accounts (each method one short transaction)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def claim(self, account_id: str, token_hashes: list[str]) -> dict[str, list[list[str]]]:
        """Give the account every person's seat one of ``token_hashes`` opens that no other
        account holds: ``claimed`` (the account's now, or already), ``taken`` (another's)."""
        claimed: list[list[str]] = []
        taken: list[list[str]] = []
        if not token_hashes:
            return {"claimed": claimed, "taken": taken}
        with self.engine.begin() as db:
            found = db.execute(
                select(seats.c.game, seats.c.role, seats.c.account)
                .where(seats.c.token_hash.in_(token_hashes), seats.c.kind == "human")
                .order_by(seats.c.game, seats.c.position)
            ).all()
            for game, role, holder in found:
                if holder is None:
                    won = db.execute(
                        update(seats)
                        .where(
                            seats.c.game == game, seats.c.role == role, seats.c.account.is_(None)
                        )
                        .values(account=account_id)
                    )
                    holder = account_id if won.rowcount == 1 else None
                (claimed if holder == account_id else taken).append([game, role])
        return {"claimed": claimed, "taken": taken}

    def held(self, account_id: str, game_id: str) -> set[str]:
        """The roles the account holds at a table."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(seats.c.role).where(seats.c.game == game_id, seats.c.account == account_id)
            )
            return {r.role for r in rows}

    def games(
        self,
        account_id: str | None,
        limit: int = GAMES_LISTED,
        token_hashes: Sequence[str] = (),
    ) -> list[dict[str, Any]]:
        """Every table where the account (if any) or one of ``token_hashes`` (the seat
        secrets a browser plays, hashed) holds a seat, the newest ``limit``: those waiting
        for one of these seats first, the longest waiting first, then the others, the most
        recently changed first. Each with its seats (names, never accounts or addresses),
        the roles held here, since when the table waits for them (``waiting_since``) and,
        for a game over days, when their time runs out (``deadline``)."""
        hashes = sorted(set(token_hashes))
        held = []
        if account_id is not None:
            held.append(seats.c.account == account_id)
        if hashes:
            held.append(seats.c.token_hash.in_(hashes))
        if not held:
            return []
        yours = or_(*held)
        mine = select(seats.c.game).where(yours)
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    games.c.id,
                    games.c.title,
                    games.c.options,
                    games.c.status,
                    games.c.version,
                    games.c.active,
                    games.c.result,
                    games.c.updated,
                    games.c.created,
                    games.c.pace,
                    games.c.rated,
                    games.c.rematch_of,
                )
                .where(games.c.id.in_(mine))
                .order_by(games.c.updated.desc(), games.c.id)
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            seat_rows = db.execute(
                select(
                    seats.c.game,
                    seats.c.role,
                    seats.c.kind,
                    seats.c.bot,
                    seats.c.name,
                    seats.c.resigned,
                    and_(yours, seats.c.kind == "human").label("yours"),
                )
                .where(seats.c.game.in_(ids))
                .order_by(seats.c.game, seats.c.position)
            ).all()
        by_game: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
        for s in seat_rows:
            by_game[s.game].append(
                {
                    "role": s.role,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "resigned": bool(s.resigned),
                    "yours": bool(s.yours),
                }
            )
        listed = []
        for r in rows:
            active = json.loads(r.active)
            roles = [s["role"] for s in by_game[r.id] if s["yours"]]
            waiting = r.status == "playing" and any(
                s["yours"] and not s["resigned"] and s["role"] in active for s in by_game[r.id]
            )
            listed.append(
                {
                    "id": r.id,
                    "title": r.title,
                    "options": json.loads(r.options),
                    "status": r.status,
                    "version": r.version,
                    "active": active,
                    "result": json.loads(r.result) if r.result else None,
                    "updated": r.updated,
                    "created": r.created,
                    "pace": r.pace,
                    "rated": bool(r.rated),
                    "rematch_of": r.rematch_of,
                    # A game over days: when the time of the seats to move runs out.
                    "deadline": r.updated + r.pace if r.pace and r.status == "playing" else None,
                    "seats": by_game[r.id],
                    "roles": roles,
                    "waiting": waiting,
                    "waiting_since": r.updated if waiting else None,
                }
            )
        listed.sort(
            key=lambda g: (not g["waiting"], g["updated"] if g["waiting"] else -g["updated"])
        )
        with_clocks(self.engine, listed)
        return listed


def with_clocks(engine: Engine, listed: list[dict[str, Any]]) -> None:
    """Each listed game over days gets its people's clocks (``clocks``: by role, the bank,
    the deadline of a seat to move and a running vacation's end, all of which its players
    see), and its ``deadline`` becomes that of the listed seats to move (yours when it waits
    for you), banks and vacations counted."""
    shown = seat_clocks.shown(engine, [g["id"] for g in listed if g["pace"]], now())
    for game in listed:
        clocks = shown.get(game["id"])
        if not clocks:
            continue
        game["clocks"] = clocks
        ends = [
            c["deadline"]
            for role, c in clocks.items()
            if c["deadline"] is not None and (role in game["roles"] or not game["waiting"])
        ]
        if ends:
            game["deadline"] = min(ends)


async def seat_roles(conn: HTTPConnection, table_id: str) -> set[str]:
    """The roles at ``table_id`` that the account signed in on ``conn`` (an HTTP request or a
    websocket, by its session cookie) holds; none without accounts, a sign-in or a seat.

    For the table's own routes: ``roles |= await seat_roles(request, table_id)`` beside the
    roles the seat secrets give. An HTTP request other than GET or HEAD that a browser sent
    from another site is refused (:class:`~.errors.CrossSite`) rather than played with the
    cookie; a websocket's origin is checked where it opens (``live.origin_allowed``)."""
    held, _name = await seats_and_name(conn, table_id)
    return held


async def seats_and_name(conn: HTTPConnection, table_id: str) -> tuple[set[str], str | None]:
    """:func:`seat_roles`, and the signed-in account's name (None without a sign-in)."""
    svc = getattr(conn.app.state, "accounts", None)
    secret = sessions.cookie(conn)
    if svc is None or secret is None:
        return set(), None
    if conn.scope["type"] == "http" and conn.scope.get("method") not in ("GET", "HEAD"):
        sessions.check_same_site(conn, svc.config.public_url)
    found = await svc.run(svc.data.session, secret, None)
    if found is None:
        return set(), None
    account, _extended = found
    held: set[str] = await svc.run(svc.seats.held, account.id, table_id)
    return held, account.name


class SignedIn:
    """The play core's :class:`~crisis.server.play.identity.Identity` on a site with
    accounts (``app.state.identity``): the seats a signed-in browser holds, and its table
    sockets noted under its session (:mod:`.sessions`) so that signing out closes them."""

    async def roles(self, conn: HTTPConnection, table_id: str) -> set[str]:
        return await seat_roles(conn, table_id)

    async def seats_and_name(
        self, conn: HTTPConnection, table_id: str
    ) -> tuple[set[str], str | None]:
        return await seats_and_name(conn, table_id)

    def follow(self, conn: Any) -> None:
        sessions.follow(conn)

    def unfollow(self, conn: Any) -> None:
        sessions.unfollow(conn)
