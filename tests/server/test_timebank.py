"""The arithmetic of correspondence clocks (crisis.server.timebank): the bank and its cap,
vacations pausing a turn, the yearly allowance; pure functions of given moments."""

from __future__ import annotations

import datetime as dt

from crisis.server import timebank
from crisis.server.timebank import DAY, SeatClock, after_action, run_out, seat_deadline

HOUR = 3600
T = int(dt.datetime(2026, 3, 2, tzinfo=dt.UTC).timestamp())


def test_a_quick_turn_fills_the_bank_up_to_its_cap() -> None:
    clock = SeatClock(0)
    # Three turns of an hour at one day per move: 23 h each into the bank...
    for _ in range(3):
        clock = after_action(clock, pace=DAY, updated=T, at=T + HOUR, still_to_move=False)
    assert clock == SeatClock(3 * 23 * HOUR, None)
    # ... and the fourth stops at three days, the cap.
    clock = after_action(clock, pace=DAY, updated=T, at=T + HOUR, still_to_move=False)
    assert clock.bank == timebank.bank_cap(DAY) == 3 * DAY


def test_a_slow_move_draws_on_the_bank_and_never_below_nothing() -> None:
    clock = after_action(SeatClock(10 * HOUR), pace=DAY, updated=T, at=T + DAY + 4 * HOUR,
                         still_to_move=False)  # fmt: skip
    assert clock.bank == 6 * HOUR
    clock = after_action(SeatClock(HOUR), pace=DAY, updated=T, at=T + 2 * DAY, still_to_move=False)
    assert clock.bank == 0


def test_the_credit_is_per_turn_not_per_action() -> None:
    """A turn of many quick actions that took two days in all earns nothing."""
    clock = SeatClock(0, since=T)
    moment = T
    for _ in range(8):  # eight actions, six hours apart: each well inside its own day
        clock = after_action(clock, pace=DAY, updated=moment, at=moment + 6 * HOUR,
                             still_to_move=True)  # fmt: skip
        moment += 6 * HOUR
        assert clock == SeatClock(0, since=T)
    ended = after_action(clock, pace=DAY, updated=moment, at=moment + HOUR, still_to_move=False)
    assert ended == SeatClock(0, None)
    # The same turn in one action of an hour earns 23 h.
    quick = after_action(SeatClock(0, since=T), pace=DAY, updated=T, at=T + HOUR,
                         still_to_move=False)  # fmt: skip
    assert quick.bank == 23 * HOUR


def test_the_deadline_is_the_pace_and_the_bank() -> None:
    assert seat_deadline(T, DAY, 0, []) == T + DAY
    assert seat_deadline(T, DAY, 5 * HOUR, []) == T + DAY + 5 * HOUR


def test_a_vacation_overlapping_a_turn_pushes_the_deadline_back_by_its_overlap() -> None:
    # Began 10 h into a one-day turn, for three days: the 14 h left come after it.
    away = [(T + 10 * HOUR, T + 10 * HOUR + 3 * DAY)]
    assert seat_deadline(T, DAY, 0, away) == T + DAY + 3 * DAY
    # A vacation that began before the turn: only the part after its start counts.
    before = [(T - 2 * DAY, T + 5 * HOUR)]
    assert seat_deadline(T, DAY, 0, before) == T + DAY + 5 * HOUR
    # One long past or after the time ran out changes nothing.
    assert seat_deadline(T, DAY, 0, [(T - 9 * DAY, T - 8 * DAY)]) == T + DAY
    assert seat_deadline(T, DAY, 0, [(T + 2 * DAY, T + 9 * DAY)]) == T + DAY
    # Overlapping windows are not counted twice.
    both = [(T + HOUR, T + 3 * HOUR), (T + 2 * HOUR, T + 4 * HOUR)]
    assert run_out(T, DAY, both) == T + DAY + 3 * HOUR


def test_a_clock_paused_then_resumed_counts_only_the_time_outside() -> None:
    """A vacation ended early (the person came back after a day): the rest of the turn runs
    from that moment, and the time away is neither drawn from the bank nor credited."""
    away = [(T + 2 * HOUR, T + 2 * HOUR + DAY)]
    assert seat_deadline(T, DAY, HOUR, away) == T + 2 * DAY + HOUR
    # They move 3 h after coming back: 5 h of the day used, 19 h into the bank.
    at = T + 2 * HOUR + DAY + 3 * HOUR
    clock = after_action(SeatClock(HOUR, since=T), pace=DAY, updated=T, at=at,
                         still_to_move=False, windows=away)  # fmt: skip
    assert clock.bank == HOUR + 19 * HOUR


def test_the_allowance_counts_whole_days_in_the_year_they_fall_in() -> None:
    assert timebank.charged_days(T, T + 1) == 1  # started and stopped: still a day
    assert timebank.charged_days(T, T + DAY) == 1
    assert timebank.charged_days(T, T + DAY + 1) == 2
    taken = [(T, T + 10 * DAY), (T + 40 * DAY, T + 40 * DAY + 3 * HOUR)]
    assert timebank.days_taken(taken, T + 50 * DAY) == 11
    assert timebank.days_left(taken, T + 50 * DAY) == timebank.VACATION_DAYS_A_YEAR - 11
    # Next year the allowance is whole again.
    next_year = int(dt.datetime(2027, 1, 1, tzinfo=dt.UTC).timestamp())
    assert timebank.days_left(taken, next_year) == timebank.VACATION_DAYS_A_YEAR
    full = [(T, T + timebank.VACATION_DAYS_A_YEAR * DAY)]
    assert timebank.days_left(full, T + 200 * DAY) == 0


def test_a_running_vacation_is_found() -> None:
    taken = [(T, T + DAY)]
    assert timebank.on_vacation(taken, T) == (T, T + DAY)
    assert timebank.on_vacation(taken, T + DAY) is None
    assert timebank.on_vacation(taken, T - 1) is None


def test_a_long_turn_draws_on_the_bank_when_it_ends_not_before() -> None:
    """A turn of three actions over 30 hours: the bank is untouched while the turn goes on
    (its deadline stays the turn's start plus the pace and the bank), and pays the 6 hours
    past the day when the turn ends."""
    clock = SeatClock(10 * HOUR, since=T)
    for at in (T + 12 * HOUR, T + 26 * HOUR):
        clock = after_action(clock, pace=DAY, updated=at - HOUR, at=at, still_to_move=True)
        assert clock == SeatClock(10 * HOUR, since=T)
        assert seat_deadline(timebank.turn_began(clock, at), DAY, clock.bank, []) == T + 34 * HOUR
    ended = after_action(clock, pace=DAY, updated=T + 26 * HOUR, at=T + 30 * HOUR,
                         still_to_move=False)  # fmt: skip
    assert ended == SeatClock(4 * HOUR, None)


def test_a_vacation_over_new_year_spends_the_new_years_days() -> None:
    """Begun on the last day of a year, a month away is the new year's: another month in
    that year is refused. Begun early in December, it is the old year's."""
    eve = int(dt.datetime(2027, 12, 31, 12, tzinfo=dt.UTC).timestamp())
    month = timebank.VACATION_DAYS_A_YEAR * DAY
    assert timebank.charged_by_year(eve, eve + month) == {2028: 30}
    taken = [(eve, eve + month)]
    assert timebank.days_taken(taken, eve) == 0  # nothing of 2027's
    back = eve + month + DAY
    assert timebank.days_left(taken, back) == 0
    assert timebank.short_year(taken, back, back + 2 * DAY) == (2028, 0)
    # Three whole days before the new year, the rest after it.
    dec_28 = int(dt.datetime(2027, 12, 28, 6, tzinfo=dt.UTC).timestamp())
    assert timebank.charged_by_year(dec_28, dec_28 + 10 * DAY) == {2027: 3, 2028: 7}
    # Wholly in December: the old year's, and the new year's allowance is whole.
    dec_2 = int(dt.datetime(2027, 12, 2, tzinfo=dt.UTC).timestamp())
    assert timebank.charged_by_year(dec_2, dec_2 + month) == {2027: 30}
    assert timebank.short_year([(dec_2, dec_2 + month)], dec_2 + month, dec_2 + 2 * month) is None
