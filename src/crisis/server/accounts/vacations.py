"""Vacations and the clocks people see: ``GET /api/tables/{id}/clocks`` (each person's bank,
time left and vacation at a game over days, public as the table is),
``GET /api/account/vacation`` and ``POST /api/account/vacation`` (start or end one).

An account may pause the clocks of all its seats at games over days for up to
:data:`~crisis.server.timebank.VACATION_DAYS_A_YEAR` days a calendar year; its opponents see
"on vacation until ...". A vacation ends early when its person acts at any of their tables or
ends it here; it is charged what it lasted, in whole days, at least one. Only the signed-in
account may start or end its own vacation, from this site's pages; bad input, a vacation
already running or one beyond the allowance is refused with a code and changes nothing. No
route sets a bank.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from sqlalchemy import Engine

from crisis.server import timebank
from crisis.server.accounts.data import now
from crisis.server.accounts.routes import Me, Svc, same_site
from crisis.server.accounts.schema import accounts
from crisis.server.errors import BadMessage, TableError
from crisis.server.requests import limited
from crisis.server.store import clocks as seat_clocks

router = APIRouter(prefix="/api")


class BeyondAllowance(BadMessage):
    """A vacation longer than the days the account has left this year."""

    code = "vacation_allowance"


class AlreadyAway(TableError):
    """A vacation asked for while one runs."""

    code = "on_vacation"
    status = 409


class NotAway(TableError):
    """An end asked for while no vacation runs."""

    code = "not_on_vacation"
    status = 409


class VacationIn(BaseModel):
    """``{"days": n}`` starts a vacation of ``n`` days now; ``{"end": true}`` ends the one
    running. Nothing else (a bank least of all) is accepted."""

    model_config = ConfigDict(extra="forbid")

    days: StrictInt | None = Field(None, ge=1, le=timebank.VACATION_DAYS_A_YEAR)
    end: Literal[True] | None = None


def standing(engine: Engine, account: str, moment: int) -> dict[str, Any]:
    """The account's vacation: the one running (``until``, else None), the days used and
    left this year, and the yearly allowance."""
    with engine.connect() as db:
        windows = seat_clocks.taken(db, account)
    running = timebank.on_vacation(windows, moment)
    return {
        "until": running[1] if running else None,
        "since": running[0] if running else None,
        "days_used": timebank.days_taken(windows, moment),
        "days_left": timebank.days_left(windows, moment),
        "days_a_year": timebank.VACATION_DAYS_A_YEAR,
    }


def change(engine: Engine, account: str, body: VacationIn, moment: int) -> dict[str, Any]:
    """Start or end the account's vacation in one transaction (the account's vacations are
    read under it, so two requests at once cannot both spend the same days)."""
    with engine.begin() as db:
        # One change of an account's vacations at a time: the write to its row holds
        # PostgreSQL's row lock (SQLite's one writer) until this transaction ends.
        db.execute(accounts.update().where(accounts.c.id == account).values(id=accounts.c.id))
        windows = seat_clocks.taken(db, account)
        running = timebank.on_vacation(windows, moment)
        if body.end:
            if running is None:
                raise NotAway("you are not on vacation")
            seat_clocks.end_vacation(db, account, moment)
        else:
            assert body.days is not None
            if running is not None:
                raise AlreadyAway("you are on vacation already; end it first")
            short = timebank.short_year(windows, moment, moment + body.days * timebank.DAY)
            if short is not None:
                year, left = short
                when = "this year" if year == timebank.year_of(moment) else f"in {year}"
                raise BeyondAllowance(
                    f"you have {left} of {timebank.VACATION_DAYS_A_YEAR} vacation days left {when}"
                )
            if any(start == moment for start, _ in windows):
                raise AlreadyAway("a vacation began this very second; wait a moment")
            db.execute(
                seat_clocks.vacations.insert().values(
                    account=account, start=moment, until=moment + body.days * timebank.DAY
                )
            )
    return standing(engine, account, moment)


@router.get("/account/vacation")
async def my_vacation(me: Me, svc: Svc) -> dict[str, Any]:
    """The signed-in account's vacation and the days it has left this year."""
    return {"vacation": await svc.run(standing, svc.data.engine, me.id, now())}


@router.post("/account/vacation", dependencies=[same_site, limited("seat")])
async def set_vacation(body: VacationIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Start a vacation of ``days`` days now, or ``end`` the one running (exactly one of the
    two): every clock of the account's seats at games over days pauses while it runs."""
    if (body.days is None) == (body.end is None):
        raise BadMessage('send {"days": n} to start a vacation or {"end": true} to end it')
    return {"vacation": await svc.run(change, svc.data.engine, me.id, body, now())}


@router.get("/tables/{table_id}/clocks", dependencies=[limited("tables")])
async def table_clocks(table_id: str, request: Request) -> dict[str, Any]:
    """Each person's clock at a game over days being played, as everyone at the table sees
    it: by role, ``bank`` (seconds), ``deadline`` (a seat to move: when its time runs out)
    and ``vacation_until``. Empty for a live or finished game."""
    hall = request.app.state.hall
    live = await hall.get(table_id)  # an unknown table: the usual refusal
    shown = await hall.db(seat_clocks.shown, hall.store.engine, [live.id], now())
    return {"clocks": shown.get(live.id, {}), "at": now()}
