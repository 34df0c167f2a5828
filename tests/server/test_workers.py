"""The bots' worker processes: thinking off the event loop, bounded in time, first come to a
person's table, and never waiting past the stated time."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import pytest

from crisis.ai import RandomBot
from crisis.engine.action import Action
from crisis.server.errors import Busy
from crisis.server.play import workers as workers_module
from crisis.server.play.workers import Priority, Workers

LEGAL = [Action("pass"), Action("end_actions")]


class WhereBot:
    """Chooses the first action and notes the process it chose in (it keeps state, as the
    turn-planning bots do)."""

    name = "where"

    def __init__(self) -> None:
        self.pids: list[int] = []

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        self.pids.append(os.getpid())
        return actions[0]


class SleepyBot:
    """Thinks for ``seconds`` (wall clock, like a search) and notes when it started."""

    name = "sleepy"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = 0.0

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        self.started = time.monotonic()  # CLOCK_MONOTONIC: one clock for every process
        time.sleep(self.seconds)
        return actions[-1]


class IllegalBot:
    name = "illegal"

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        return Action("conquer_the_world")


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


async def _move(
    workers: Workers,
    bot: Any,
    *,
    searches: bool = False,
    priority: Priority = Priority.PERSON,
    key: str = "",
) -> tuple[Action, Any]:
    return await workers.bot_move(
        bot,
        {},
        "green",
        LEGAL,
        searches=searches,
        priority=priority,
        fallback=lambda: RandomBot(ending=frozenset({"end_actions"})),
        key=key,
    )


def test_bots_think_in_another_process_and_keep_their_state() -> None:
    async def main() -> tuple[Action, Any, Action, Any]:
        workers = Workers(search=1)
        try:
            first, bot = await _move(workers, WhereBot())
            second, bot2 = await _move(workers, bot, searches=True)
            return first, bot, second, bot2
        finally:
            await workers.close()

    first, _, second, bot2 = _run(main())
    assert first == second == LEGAL[0]
    assert len(bot2.pids) == 2  # the state travelled to the worker and back, twice
    assert os.getpid() not in bot2.pids  # never on the server's own interpreter


def test_start_makes_both_lanes_processes_before_any_job() -> None:
    """A serving process starts the processes before it serves (made at the first job, they
    were made on the event loop, stalling every table): both lanes are up after ``start``,
    and the first moves run in those very pools, in processes of their own."""

    async def main() -> tuple[bool, bool, list[int]]:
        workers = Workers(search=1)
        try:
            await asyncio.to_thread(workers.start)
            pools = (workers.quick._pool, workers.search._pool)
            up = None not in pools
            bot = WhereBot()
            _, bot = await _move(workers, bot)
            _, bot = await _move(workers, bot, searches=True)
            same = (workers.quick._pool, workers.search._pool) == pools
            return up, same, bot.pids
        finally:
            await workers.close()

    up, same, pids = _run(main())
    assert up and same
    assert len(pids) == 2 and os.getpid() not in pids


def test_an_illegal_choice_is_replaced_by_a_legal_one() -> None:
    async def main() -> Action:
        workers = Workers(search=1)
        try:
            action, _ = await _move(workers, IllegalBot())
            return action
        finally:
            await workers.close()

    assert _run(main()) in LEGAL


@pytest.mark.timeout(300)
def test_a_search_that_overruns_is_killed_and_a_quick_bot_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(workers_module, "GRACE", 0.3)

    async def main() -> tuple[Action, Action]:
        workers = Workers(search=1, think_seconds=0.1, wait=5.0)
        try:
            # A search that would think for a day: only cutting it lets the move come (the
            # test's timeout fails a hall that waits for it).
            action, _ = await _move(workers, SleepyBot(86_400), searches=True)
            # The killed worker is replaced: the next search answers normally.
            after, _ = await _move(workers, SleepyBot(0.0), searches=True)
            return action, after
        finally:
            await workers.close()

    action, after = _run(main())
    assert action in LEGAL
    assert after == LEGAL[-1]  # the replaced worker searched and answered


def test_a_bot_move_waits_at_most_the_stated_time() -> None:
    """With the only search worker busy for seconds, another search bot's move is played by
    the quick fallback once it has waited ``wait`` seconds, not after the busy search."""

    async def main() -> Any:
        workers = Workers(search=1, think_seconds=1.0, wait=0.3)
        try:
            busy = asyncio.create_task(_move(workers, SleepyBot(3.0), searches=True))
            await asyncio.sleep(0.5)  # the worker has started the long search
            _, bot = await _move(workers, SleepyBot(0.0), searches=True)
            await busy
            return bot
        finally:
            await workers.close()

    bot = _run(main())
    # The search bot never ran: the quick lane answered once the wait ran out, not after the
    # busy search (which would have freed the worker for it).
    assert bot.started == 0.0


def test_a_person_s_table_goes_before_tables_of_bots_only() -> None:
    async def main() -> tuple[float, float]:
        workers = Workers(search=1, think_seconds=1.0, wait=30.0)
        try:
            busy = asyncio.create_task(_move(workers, SleepyBot(1.0), searches=True))
            await asyncio.sleep(0.5)
            bots_only = asyncio.create_task(
                _move(workers, SleepyBot(0.2), searches=True, priority=Priority.BOTS)
            )
            await asyncio.sleep(0.05)  # queued first ...
            person = asyncio.create_task(_move(workers, SleepyBot(0.2), searches=True))
            await busy
            (_, bots_bot), (_, person_bot) = await asyncio.gather(bots_only, person)
            return bots_bot.started, person_bot.started
        finally:
            await workers.close()

    bots_started, person_started = _run(main())
    assert 0 < person_started < bots_started  # ... but served second


def test_askers_take_turns_within_a_class() -> None:
    """A table (or an address) with many jobs queued delays another by one job, not all."""

    async def main() -> list[tuple[float, str]]:
        workers = Workers(search=1, think_seconds=1.0, wait=30.0)
        try:
            busy = asyncio.create_task(_move(workers, SleepyBot(0.8), searches=True))
            await asyncio.sleep(0.5)
            jobs = [("greedy", SleepyBot(0.1)) for _ in range(4)] + [("other", SleepyBot(0.1))]
            tasks = []
            for key, bot in jobs:
                tasks.append(asyncio.create_task(_move(workers, bot, searches=True, key=key)))
                await asyncio.sleep(0.02)  # the greedy table's four are queued first
            await busy
            done = await asyncio.gather(*tasks)
            return sorted((b.started, key) for (_, b), (key, _) in zip(done, jobs, strict=True))
        finally:
            await workers.close()

    order = [key for _, key in _run(main())]
    assert order == ["greedy", "other", "greedy", "greedy", "greedy"]


def test_closed_workers_refuse_new_jobs() -> None:
    async def main() -> None:
        workers = Workers(search=1)
        await workers.close()
        with pytest.raises(Busy):
            await workers.call(Priority.PERSON, sum, [1, 2])

    _run(main())
