"""The arithmetic of correspondence clocks: per-move time, a time bank and vacations.

Pure functions of moments (Unix seconds); the database side is :mod:`crisis.server.store.clocks`.

A game over days gives each *turn* its pace (``games.pace``): a seat's time is counted from
the moment it became one to move (``seat_clocks.since``), whatever happens at the table
meanwhile. Its own actions within the turn, an undo, a seat joining or renamed, a chat line:
none of them restarts it, so that acting and taking the action back, again and again, never
holds a game. Each seat of a person also has a **bank**: a turn that takes longer than the
pace draws the excess from it, and a turn finished in less than the pace puts what it did
not use into it, up to a cap. A seat's time runs out only when the pace and its whole bank
are spent. The bank starts empty (:data:`BANK_START_MOVES`: it is earned by moving faster
than the pace, as on correspondence sites, and a table's first deadline is its pace as
shown when it was made) and holds at most :data:`BANK_CAP_MOVES` moves' time: a player who
moves within a few hours at one day per move soon has a weekend in hand, and nobody saves up
enough to stall a game for weeks.

Both the draw and the credit are counted per turn (from the moment the seat became one to
move to the action that ends its turn), never per action, so that splitting a turn into
quick actions gains nothing and a long turn of many actions is one turn's time.

A **vacation** pauses the clock of every seat its account holds: time inside a vacation
window does not count. An account has :data:`VACATION_DAYS_A_YEAR` days a calendar year
(UTC), each vacation charged in whole days of what it really lasted (at least one), each day
in the year it falls in. Thirty days: a month of holidays, as the correspondence sites people know
give (Lichess gives none, but its per-move time is up to two weeks; other sites give 30 to
60 days), and few enough that a game is never held for most of a year.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

DAY = 24 * 3600
#: A seat's bank when its game begins, in moves' time (the pace).
BANK_START_MOVES = 0
#: The most a bank holds, in moves' time.
BANK_CAP_MOVES = 3
#: Days of vacation each account has per calendar year (UTC).
VACATION_DAYS_A_YEAR = 30

#: A stretch of time ``[start, end)`` in Unix seconds.
Window = tuple[int, int]


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock: its bank (seconds) and, while the seat is to move, when its turn
    began (``since``; None when it is not to move or the moment is not known)."""

    bank: int
    since: int | None = None


def bank_start(pace: int) -> int:
    """A new seat's bank at a table of ``pace`` seconds per move."""
    return BANK_START_MOVES * pace


def bank_cap(pace: int) -> int:
    """The most a seat's bank may hold at a table of ``pace`` seconds per move."""
    return BANK_CAP_MOVES * pace


def merged(windows: Iterable[Window]) -> list[Window]:
    """``windows`` sorted, empty ones dropped and overlapping ones joined."""
    out: list[Window] = []
    for start, end in sorted(w for w in windows if w[1] > w[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def paused(start: int, end: int, windows: Iterable[Window]) -> int:
    """Seconds of ``[start, end)`` inside ``windows``."""
    return sum(max(0, min(end, b) - max(start, a)) for a, b in merged(windows))


def counted(start: int, end: int, windows: Iterable[Window]) -> int:
    """Seconds of ``[start, end)`` that count against a clock paused during ``windows``."""
    if end <= start:
        return 0
    return end - start - paused(start, end, windows)


def run_out(start: int, allowed: int, windows: Iterable[Window]) -> int:
    """The moment a clock started at ``start`` has counted ``allowed`` seconds, skipping
    ``windows`` (a vacation that has begun pushes it back by however much of it lies
    ahead)."""
    moment, left = start, max(0, allowed)
    for a, b in merged(windows):
        if b <= moment:
            continue
        if a > moment:
            if moment + left <= a:
                return moment + left
            left -= a - moment
        moment = max(moment, b)
    return moment + left


def seat_deadline(began: int, pace: int, bank: int, windows: Iterable[Window]) -> int:
    """When the time of a seat to move runs out: the pace and its whole bank, counted from the
    moment its turn began (``began``), its account's vacations not counted."""
    return run_out(began, pace + max(0, bank), windows)


def turn_began(clock: SeatClock | None, updated: int) -> int:
    """When the turn of a seat to move began: its clock's ``since``; for a seat whose clock
    never saw its turn begin (a game stored before turns were timed), the table's last
    change."""
    return clock.since if clock is not None and clock.since is not None else updated


def after_action(
    clock: SeatClock,
    *,
    pace: int,
    updated: int,
    at: int,
    still_to_move: bool,
    windows: Sequence[Window] = (),
) -> SeatClock:
    """A seat's clock after it acted at ``at`` (the table last changed at ``updated``, the
    turn's start where the clock does not know it). While its turn goes on
    (``still_to_move``) nothing changes; once it ends, the turn's time past the pace is
    drawn from the bank, or the pace it did not use goes into it, up to the cap."""
    began = turn_began(clock, updated)
    if still_to_move:
        return SeatClock(clock.bank, began)
    turn = counted(began, at, windows)
    return SeatClock(min(bank_cap(pace), max(0, clock.bank + pace - turn)), None)


# -- vacations ---------------------------------------------------------------------------------
def year_of(moment: int) -> int:
    """The calendar year (UTC) of a moment."""
    return _dt.datetime.fromtimestamp(moment, _dt.UTC).year


def charged_days(start: int, end: int) -> int:
    """The days a vacation from ``start`` to ``end`` costs: what it lasted, rounded up to
    whole days, at least one (so that starting and stopping cannot be repeated for free)."""
    return max(1, -(-(end - start) // DAY))


def _year_start(year: int) -> int:
    return int(_dt.datetime(year, 1, 1, tzinfo=_dt.UTC).timestamp())


def charged_by_year(start: int, end: int) -> dict[int, int]:
    """The days a vacation from ``start`` to ``end`` costs (:func:`charged_days`), by the
    calendar year (UTC) they fall in: the whole days before a new year count in the old
    one, the rest in the new (so a vacation begun on 31 December spends the new year's
    days, and two years' allowances never make one long stretch inside one year)."""
    left = charged_days(start, end)
    out: dict[int, int] = {}
    year, moment = year_of(start), start
    while left > 0:
        boundary = _year_start(year + 1)
        take = left if end <= boundary else min(left, (boundary - moment) // DAY)
        if take:
            out[year] = take
        left -= take
        year, moment = year + 1, boundary
    return out


def days_taken(taken: Iterable[Window], now: int, year: int | None = None) -> int:
    """Days of vacation charged in ``year`` (by default ``now``'s), each day in the year it
    falls in; one still running is charged to its planned end."""
    year = year_of(now) if year is None else year
    return sum(charged_by_year(a, b).get(year, 0) for a, b in taken)


def days_left(taken: Iterable[Window], now: int) -> int:
    """Days of vacation the account may still take this year."""
    return max(0, VACATION_DAYS_A_YEAR - days_taken(taken, now))


def short_year(taken: Sequence[Window], start: int, end: int) -> tuple[int, int] | None:
    """The first year whose allowance a vacation from ``start`` to ``end`` would overdraw,
    with the days that year has left; None when every year it falls in has the days."""
    for year, days in sorted(charged_by_year(start, end).items()):
        left = VACATION_DAYS_A_YEAR - days_taken(taken, start, year)
        if days > left:
            return year, max(0, left)
    return None


def on_vacation(taken: Iterable[Window], now: int) -> Window | None:
    """The vacation running at ``now``, if any."""
    for a, b in taken:
        if a <= now < b:
            return (a, b)
    return None
