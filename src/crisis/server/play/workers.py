"""Where bots, hints and reviews think: worker processes fed by a fair queue.

Nothing that searches runs on the event loop's interpreter. Two pools of processes
(`pebble <https://pypi.org/project/Pebble/>`_, which kills a worker that overruns its time
and starts a fresh one) take the jobs:

* ``quick``: bots that answer in about a millisecond (random, the heuristics). One process is
  enough; a job here never waits behind a search.
* ``search``: bots that think for a time budget, hints and reviews. Its processes run at a
  lower scheduling priority (``nice``) than the server, so a search never slows the loop.

Jobs wait in a fair queue per pool, ordered first by who is waiting (:class:`Priority`): a
stand-in move for a bot that waited too long, then a bot move at a table with a person, then a
person's hint, then a replay's first walk into a long game, then a bot move at a table of bots
only, then a review. Within a class, the askers (a table, or the address asking) take turns,
one job each, so that nobody with many jobs queued delays the others by more than one job each.
A bot move that has not started within ``wait`` seconds is played by a quick bot instead
(:meth:`Workers.bot_move`), so under any load a bot answers within about ``wait`` seconds plus
its own thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, TypeVar

from pebble import ProcessPool

from crisis.ai import Bot, RandomBot
from crisis.engine.action import Action
from crisis.server import limits
from crisis.server.errors import Busy

log = logging.getLogger("crisis.server")

T = TypeVar("T")

#: How much lower the search processes' scheduling priority is than the server's.
SEARCH_NICENESS = 10
#: Seconds a job may run beyond its thinking budget before its process is killed.
GRACE = 5.0
#: Seconds the worker processes may take to start (the fork server imports the bots first).
STARTUP = 120.0
#: Modules the fork server imports once, so that a new worker starts without importing them.
PRELOAD = [
    "crisis.server.play.workers",
    "crisis.ai.advice",
    "crisis.ai.ismcts",
    "crisis.ai.ric.heuristic",
    "crisis.ai.toc.heuristic",
    "crisis.ai.toc.ismcts",
]


class Priority(IntEnum):
    """Who waits for a job (lower first)."""

    STAND_IN = 0  # a quick bot's move for a bot that waited too long
    PERSON = 1  # a bot move at a table with a person
    HINT = 2  # a person's hint
    REPLAY = 3  # a replay's first walk into a long game
    BOTS = 4  # a bot move at a table of bots only
    REVIEW = 5  # a finished game's review


@dataclass
class _Job:
    priority: int
    key: str  # who asks: a table, or an address (the queue lets askers take turns)
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    timeout: float
    done: asyncio.Future[Any]
    started: bool = False


class _FairQueue:
    """Jobs by priority, then by asker in turn (round robin), then in arrival order."""

    def __init__(self) -> None:
        self._classes: dict[int, OrderedDict[str, deque[_Job]]] = {}

    def push(self, job: _Job) -> None:
        askers = self._classes.setdefault(job.priority, OrderedDict())
        askers.setdefault(job.key, deque()).append(job)

    def pop(self) -> _Job | None:
        """The next job: the first asker's oldest of the most urgent class (that asker then
        goes to the back of its class)."""
        for priority in sorted(self._classes):
            askers = self._classes[priority]
            if not askers:
                continue
            key, jobs = next(iter(askers.items()))
            job = jobs.popleft()
            if jobs:
                askers.move_to_end(key)
            else:
                del askers[key]
            return job
        return None

    def __iter__(self) -> Iterator[_Job]:
        for askers in self._classes.values():
            for jobs in askers.values():
                yield from jobs

    def __len__(self) -> int:
        return sum(len(jobs) for askers in self._classes.values() for jobs in askers.values())

    def clear(self) -> None:
        self._classes.clear()


class Waited(Exception):
    """A job did not start within its waiting time (the caller plays a fallback)."""


def _init_worker(niceness: int) -> None:
    """Runs once in each worker process: lower its priority below the server's."""
    if niceness:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(niceness)


class _Lane:
    """One pool of worker processes and the queue that feeds it."""

    def __init__(self, name: str, workers: int, niceness: int) -> None:
        self.name = name
        self.workers = max(1, workers)
        self.niceness = niceness
        self.free = self.workers
        self.queue = _FairQueue()
        self._pool: ProcessPool | None = None

    @property
    def pool(self) -> ProcessPool:
        """The processes, made on first use unless :meth:`start` made them (forkserver: never
        a fork of the server's threads)."""
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)  # only before the forkserver first starts
            self._pool = ProcessPool(
                max_workers=self.workers,
                initializer=_init_worker,
                initargs=(self.niceness,),
                context=context,
            )
        return self._pool

    def start(self) -> None:
        """Make the processes and wait until one has run a job. Blocking, and seconds long on
        a busy machine the first time (the fork server starts and imports the bots): a
        serving process calls it before it serves, so that no player's move waits for it."""
        self.pool.schedule(_ready).result(timeout=STARTUP)

    def close(self) -> None:
        """Stop the processes (a running job is abandoned)."""
        if self._pool is not None:
            self._pool.stop()
            with contextlib.suppress(Exception):
                self._pool.join(timeout=5)
            self._pool = None


class Workers:
    """The server's thinking room: ``search`` processes for searches (plus one quick one),
    searches capped at ``think_seconds``, bot moves waiting at most ``wait`` seconds."""

    def __init__(
        self,
        *,
        search: int | None = None,
        think_seconds: float = limits.THINK_SECONDS,
        wait: float = limits.BOT_WAIT,
    ) -> None:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2
        self.think_seconds = float(think_seconds)
        self.wait = float(wait)
        self.quick = _Lane("quick", 1, 0)
        self.search = _Lane("search", search or max(1, cores - 1), SEARCH_NICENESS)
        self._closed = False

    # -- what the server asks for ------------------------------------------------------------
    async def bot_move(
        self,
        bot: Bot,
        view: dict[str, Any],
        role: str,
        legal: list[Action],
        *,
        searches: bool,
        priority: Priority,
        fallback: Callable[[], Bot],
        key: str = "",
    ) -> tuple[Action, Bot]:
        """``bot``'s move for ``role`` and the bot as it is after choosing (bots keep a plan
        for the turn): in a worker process, from the seat's view only, with secret randomness.
        ``key`` names the table (tables take turns). If no worker takes it within ``wait``
        seconds or it overruns, a ``fallback()`` bot plays instead (quick lane, first in
        line)."""
        lane = self.search if searches else self.quick
        timeout = (self.think_seconds if searches else 0.0) + GRACE
        args = (bot, view, role, legal, secret_seed())
        try:
            return await self._run(lane, priority, key, choose, args, timeout, wait=self.wait)
        except Exception as exc:  # waited too long, overran, or its worker died
            log.warning("a %s bot move fell back to a quick bot (%r)", lane.name, exc)
        stand_in = (fallback(), view, role, legal, secret_seed())
        try:
            action, _ = await self._run(
                self.quick, Priority.STAND_IN, key, choose, stand_in, GRACE, wait=self.wait
            )
        except Exception:
            action = RandomBot().choose(view, role, legal, random.Random(secret_seed()))
        return action, bot

    async def call(
        self,
        priority: Priority,
        fn: Callable[..., T],
        *args: Any,
        seconds: float = 0.0,
        key: str = "",
    ) -> T:
        """``fn(*args)`` in a search process (hints, reviews) for the asker ``key``, killed
        ``seconds`` plus the grace time after it starts; raises :class:`Busy` if it cannot
        start within ten times the bots' waiting time or does not finish."""
        try:
            result: T = await self._run(
                self.search, priority, key, fn, args, seconds + GRACE, wait=10 * self.wait
            )
        except (Waited, TimeoutError):
            raise Busy("the bots are busy; try again in a moment") from None
        return result

    def start(self) -> None:
        """Start both lanes' processes now, one after the other, instead of at their first
        job: made on first use, they are made on the event loop, and the first start (the
        fork server importing the bots) would stall every table for seconds. Blocking: a
        serving process calls it (in a thread) before it serves; a lane that fails to start
        here is made again at its first job."""
        for lane in (self.quick, self.search):
            try:
                lane.start()
            except Exception:
                log.exception("the %s workers did not start", lane.name)
                lane.close()

    async def close(self) -> None:
        """Stop every worker; queued jobs are refused."""
        self._closed = True
        for lane in (self.quick, self.search):
            for job in lane.queue:
                if not job.done.done():
                    job.done.set_exception(Busy("the server is stopping"))
            lane.queue.clear()
            await asyncio.to_thread(lane.close)

    # -- the queue ---------------------------------------------------------------------------
    async def _run(
        self,
        lane: _Lane,
        priority: Priority,
        key: str,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        timeout: float,
        *,
        wait: float | None = None,
    ) -> Any:
        if self._closed:
            raise Busy("the server is stopping")
        loop = asyncio.get_running_loop()
        job = _Job(int(priority), key, fn, args, timeout, loop.create_future())
        lane.queue.push(job)
        self._dispatch(lane)
        timer = None
        if wait is not None and not job.started:
            timer = loop.call_later(wait, _give_up, job)
        try:
            return await job.done
        finally:
            if timer is not None:
                timer.cancel()
            if not job.started and not job.done.done():
                job.done.cancel()  # the caller went away: skip it when its turn comes

    def _dispatch(self, lane: _Lane) -> None:
        while lane.free > 0 and (job := lane.queue.pop()) is not None:
            if job.done.done():
                continue  # gave up waiting, or its caller went away
            job.started = True
            lane.free -= 1
            try:
                future: Future[Any] = lane.pool.schedule(job.fn, job.args, timeout=job.timeout)
            except Exception as exc:  # the pool is broken: start a fresh one next time
                log.exception("the %s workers failed", lane.name)
                lane.close()
                lane.free += 1
                job.done.set_exception(Busy(f"the {lane.name} workers failed: {exc}"))
                continue
            loop = job.done.get_loop()

            def settle(f: Future[Any], job: _Job = job, loop: Any = loop) -> None:
                loop.call_soon_threadsafe(self._finished, lane, job, f)

            future.add_done_callback(settle)

    def _finished(self, lane: _Lane, job: _Job, future: Future[Any]) -> None:
        lane.free += 1
        if not job.done.done():
            if future.cancelled():
                job.done.set_exception(Busy("the job was cancelled"))
            elif (exc := future.exception()) is not None:
                job.done.set_exception(exc)
            else:
                job.done.set_result(future.result())
        if not self._closed:
            self._dispatch(lane)


def _ready() -> bool:
    """(In a worker.) Nothing: the job that shows a freshly started pool is up."""
    return True


def _give_up(job: _Job) -> None:
    if not job.started and not job.done.done():
        job.done.set_exception(Waited())


def secret_seed() -> int:
    """A seed nobody can predict, for a bot's or a hint's choices."""
    # Secret randomness: a generator seeded from public facts (the table id and version)
    # would let anyone replay a bot's choice and read its hand from it.
    return random.SystemRandom().getrandbits(128)


def choose(
    bot: Bot, view: dict[str, Any], role: str, legal: list[Action], seed: int
) -> tuple[Action, Bot]:
    """(In a worker.) The bot's pick, or a random legal action if the bot fails or picks
    something illegal; returns the bot too, since it may keep a plan for the turn."""
    rng = random.Random(seed)
    try:
        action = Action.parse(bot.choose(view, role, legal, rng))
        if action in legal:
            return action, bot
        log.warning("bot %s chose an illegal action %s", getattr(bot, "name", bot), action)
    except Exception:
        log.exception("bot %s failed", getattr(bot, "name", bot))
    return RandomBot().choose(view, role, legal, rng), bot
