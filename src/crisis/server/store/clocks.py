"""Correspondence clocks in the database: each person's seat's bank at a game over days
(``seat_clocks``) and each account's vacations (``vacations``), both tables of
:mod:`.schema`; the arithmetic is :mod:`crisis.server.timebank`'s. Revision 0015.

A seat's clock is written by the same transaction as the move that changes it
(:func:`with_move`, run as :meth:`~crisis.server.store.repository.Store.record_action`'s
``then``), so a move and its clock commit together or not at all. No client ever sets a
bank: it changes only through moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy import and_, or_, select, tuple_, update
from sqlalchemy.engine import Connection, Engine

from crisis.server import timebank
from crisis.server.store.schema import games, seat_clocks, seats, vacations
from crisis.server.timebank import SeatClock, Window


# -- vacations ---------------------------------------------------------------------------------
def taken(db: Connection, account: str) -> list[Window]:
    """The account's vacations, oldest first."""
    rows = db.execute(
        select(vacations.c.start, vacations.c.until)
        .where(vacations.c.account == account)
        .order_by(vacations.c.start)
    )
    return [(r.start, r.until) for r in rows]


def windows_of(db: Connection, accounts: Iterable[str]) -> dict[str, list[Window]]:
    """Every vacation of each of ``accounts``."""
    wanted = sorted(set(accounts))
    found: dict[str, list[Window]] = {a: [] for a in wanted}
    if wanted:
        rows = db.execute(
            select(vacations.c.account, vacations.c.start, vacations.c.until).where(
                vacations.c.account.in_(wanted)
            )
        )
        for r in rows:
            found[r.account].append((r.start, r.until))
    return found


def end_vacation(db: Connection, account: str, at: int) -> bool:
    """End the account's running vacation at ``at`` (it acted, or asked); whether one ran."""
    done = db.execute(
        update(vacations)
        .where(vacations.c.account == account, vacations.c.start <= at, vacations.c.until > at)
        .values(until=at)
    )
    return bool(done.rowcount)


# -- a move's clock ----------------------------------------------------------------------------
def _clocks(db: Connection, game: str, pace: int) -> dict[str, SeatClock]:
    rows = db.execute(
        select(seat_clocks.c.role, seat_clocks.c.bank, seat_clocks.c.since).where(
            seat_clocks.c.game == game
        )
    )
    return {r.role: SeatClock(int(r.bank), r.since) for r in rows}


def _put(db: Connection, game: str, role: str, clock: SeatClock, known: bool) -> None:
    values = {"bank": clock.bank, "since": clock.since}
    if known:
        db.execute(
            update(seat_clocks)
            .where(seat_clocks.c.game == game, seat_clocks.c.role == role)
            .values(**values)
        )
    else:
        db.execute(seat_clocks.insert().values(game=game, role=role, **values))


def write_move(
    db: Connection,
    *,
    game: str,
    role: str,
    before: Sequence[str],
    active: Sequence[str],
    pace: int,
    updated: int,
) -> None:
    """In the move's transaction: the clock of the seat that moved (``role``, with the table
    last changed at ``updated``), the turns of the seats it left to move that were not
    before, and the end of the turns of those it left not to move. A person who acts while
    on vacation ends it."""
    at = int(db.execute(select(games.c.updated).where(games.c.id == game)).scalar_one())
    account = db.execute(
        select(seats.c.account).where(seats.c.game == game, seats.c.role == role)
    ).scalar_one_or_none()
    windows: list[Window] = []
    if account is not None:
        end_vacation(db, account, at)
        windows = taken(db, account)
    clocks = _clocks(db, game, pace)
    mine = clocks.get(role, SeatClock(timebank.bank_start(pace)))
    after = timebank.after_action(
        mine, pace=pace, updated=updated, at=at, still_to_move=role in active, windows=windows
    )
    _put(db, game, role, after, role in clocks)
    _begin(db, game, set(active) - set(before) - {role}, at, pace, clocks)
    for ended in set(before) - set(active) - {role}:  # another's move ended their turn
        known = clocks.get(ended)
        if known is not None and known.since is not None:
            _put(db, game, ended, SeatClock(known.bank, None), True)


def start_turns(db: Connection, game: str, roles: Sequence[str], at: int, pace: int) -> None:
    """In the transaction that starts a game over days: the turns of the seats to move first
    begin at ``at`` (their clocks count from then, not from the table's later changes)."""
    _begin(db, game, roles, at, pace, _clocks(db, game, pace))


def _begin(
    db: Connection,
    game: str,
    roles: Iterable[str],
    at: int,
    pace: int,
    clocks: dict[str, SeatClock],
) -> None:
    """The turns of ``roles`` begin at ``at``, their banks kept (``clocks``: as read)."""
    for role in roles:
        known = clocks.get(role)
        fresh = SeatClock(known.bank if known else timebank.bank_start(pace), at)
        _put(db, game, role, fresh, known is not None)


def with_move(then: Callable[[Connection], Any] | None, **move: Any) -> Callable[[Connection], Any]:
    """A ``then`` for :meth:`Store.record_action` that writes the move's clock
    (:func:`write_move` with ``move``) and then does ``then``'s work, returning its result."""

    def both(db: Connection) -> Any:
        write_move(db, **move)
        return then(db) if then is not None else None

    return both


# -- reading the clocks ------------------------------------------------------------------------
def game_clocks(db: Connection, game_ids: Sequence[str], now: int) -> dict[str, dict[str, Any]]:
    """For each game over days being played among ``game_ids``: each person's seat's clock as
    shown to anyone at the table: ``bank`` (seconds), ``deadline`` (for a seat to move: when
    its time runs out, counted from its turn's start, vacations included) and
    ``vacation_until`` (while its account is on vacation). Keyed by game, then role."""
    if not game_ids:
        return {}
    rows = db.execute(
        select(games.c.id, games.c.pace, games.c.updated, games.c.active).where(
            games.c.id.in_(list(game_ids)),
            games.c.status == "playing",
            games.c.pace.is_not(None),
        )
    ).all()
    if not rows:
        return {}
    ids = [r.id for r in rows]
    people = db.execute(
        select(seats.c.game, seats.c.role, seats.c.account).where(
            seats.c.game.in_(ids), seats.c.kind == "human", seats.c.resigned == 0
        )
    ).all()
    kept = {
        (r.game, r.role): SeatClock(int(r.bank), r.since)
        for r in db.execute(
            select(
                seat_clocks.c.game, seat_clocks.c.role, seat_clocks.c.bank, seat_clocks.c.since
            ).where(seat_clocks.c.game.in_(ids))
        )
    }
    windows = windows_of(db, (p.account for p in people if p.account is not None))
    by_game = {r.id: r for r in rows}
    out: dict[str, dict[str, Any]] = {i: {} for i in ids}
    for p in people:
        g = by_game[p.game]
        clock = kept.get((p.game, p.role))
        bank = clock.bank if clock is not None else timebank.bank_start(g.pace)
        mine = windows.get(p.account, []) if p.account is not None else []
        running = timebank.on_vacation(mine, now)
        began = timebank.turn_began(clock, g.updated)
        to_move = p.role in json.loads(g.active)
        out[p.game][p.role] = {
            "bank": bank,
            "deadline": timebank.seat_deadline(began, g.pace, bank, mine) if to_move else None,
            "vacation_until": running[1] if running else None,
        }
    return out


def deadlines(engine: Engine, game: str, now: int) -> dict[str, int]:
    """When the time of each person's seat to move at ``game`` runs out (the clock's check)."""
    with engine.connect() as db:
        shown = game_clocks(db, [game], now).get(game, {})
    return {role: c["deadline"] for role, c in shown.items() if c["deadline"] is not None}


def shown(engine: Engine, game_ids: Sequence[str], now: int) -> dict[str, dict[str, Any]]:
    """:func:`game_clocks` on a connection of its own."""
    with engine.connect() as db:
        return game_clocks(db, game_ids, now)


def with_seat_deadlines(
    engine: Engine, tables: list[dict[str, Any]], now: int
) -> list[dict[str, Any]]:
    """``tables`` (table summaries, as listed to anyone) with each game over days' ``deadline``
    the soonest of its seats to move's own, their banks and vacations counted.

    A summary built from its row alone carries the table's deadline (last change plus pace),
    which is no seat's: a seat's turn may have begun before the table's last change, and its
    bank and vacations add to it (a list that showed the row's would say "time is up" for a
    player with days in the bank). The summaries given are left as they are (a table's
    summary is cached); those changed are copies."""
    paced = [t["id"] for t in tables if t.get("deadline") is not None]
    if not paced:
        return tables
    with engine.connect() as db:
        clocks = game_clocks(db, paced, now)
    out = []
    for table in tables:
        ends = [c["deadline"] for c in clocks.get(table["id"], {}).values() if c["deadline"]]
        out.append({**table, "deadline": min(ends)} if ends else table)
    return out


def accounts_games(db: Connection, account: str) -> list[str]:
    """The games over days being played where the account holds a seat."""
    return list(
        db.execute(
            select(games.c.id)
            .join(seats, and_(seats.c.game == games.c.id, seats.c.account == account))
            .where(games.c.status == "playing", games.c.pace.is_not(None))
        ).scalars()
    )


#: Games looked at per page, and pages at most per look of the clock (:func:`overdue`).
OVERDUE_PAGE = 100
OVERDUE_PAGES = 20


def overdue(engine: Engine, now: int, limit: int = 100) -> list[str]:
    """Games over days where a person's seat to move has run out of time by ``now``, its bank
    and vacations counted (at most ``limit``, the longest unchanged first).

    No seat's time runs out before its turn's start plus the pace: the games where some
    seat's turn began (or, for a seat whose clock does not know, the table last changed)
    a pace ago are read a page at a time and kept only where a seat's own deadline has
    passed, so that games held by banks and vacations never crowd out those due. At most
    :data:`OVERDUE_PAGES` pages a look; the rest wait for the next."""
    found: list[str] = []
    after: tuple[int, str] | None = None
    began_long_ago = (
        select(seat_clocks.c.game)
        .where(
            seat_clocks.c.game == games.c.id,
            seat_clocks.c.since.is_not(None),
            seat_clocks.c.since + games.c.pace <= now,
        )
        .exists()
    )
    with engine.connect() as db:
        for _ in range(OVERDUE_PAGES):
            query = select(games.c.updated, games.c.id).where(
                games.c.status == "playing",
                games.c.pace.is_not(None),
                or_(games.c.updated + games.c.pace <= now, began_long_ago),
            )
            if after is not None:
                query = query.where(tuple_(games.c.updated, games.c.id) > tuple_(*after))
            page = db.execute(query.order_by(games.c.updated, games.c.id).limit(OVERDUE_PAGE)).all()
            if not page:
                break
            after = (page[-1].updated, page[-1].id)
            shown = game_clocks(db, [r.id for r in page], now)
            for r in page:
                seats_ = shown.get(r.id, {})
                if any(c["deadline"] is not None and c["deadline"] <= now for c in seats_.values()):
                    found.append(r.id)
                    if len(found) >= limit:
                        return found
            if len(page) < OVERDUE_PAGE:
                break
    return found
