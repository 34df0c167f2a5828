"""The hall: every table the server has loaded, and everything done to one.

The :class:`Hall` creates tables, loads them from the database and keeps the recently used in
memory, and takes every seat's requests (act, join, resign, notes, chat, rematch); one table
in memory and its messages are :mod:`crisis.server.play.table`. It is composed of its parts,
each an object holding the hall: the bots' turns (:mod:`crisis.server.play.bots`), keeping in
step with the site's other processes (:mod:`crisis.server.play.following`) and the clock of
games over days (:mod:`crisis.server.play.clock`). All changes to a game happen one at a time
per table (its lock): check the seat and the version, apply through the engine's
:class:`~crisis.engine.match.Match`, write the action and the new state in one transaction
(the store's one move writer), send each watcher the view its seat may see, then publish
what happened (:mod:`crisis.server.play.events`) to whoever subscribed: the hall knows
nothing of mail, accounts or ratings. The database is called from a thread of
its own (:meth:`Hall.db`), so that the event loop never waits on it: other tables play on
while one table's action is written. A table is rebuilt from the database as setup + action
log (which also restores the undo steps of the turn in progress).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import msgspec
from sqlalchemy.exc import DBAPIError

from crisis.ai import searches
from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.engine.match import Match
from crisis.engine.rng import Seed, fresh_seed
from crisis.engine.title import TitleSpec
from crisis.games import DEFAULT_TITLE, TITLES, get_title
from crisis.server import limits
from crisis.server.errors import (
    BadMessage,
    Forbidden,
    GameOver,
    Illegal,
    NotFound,
    NotOver,
    NotStarted,
    Stale,
    TooFast,
)
from crisis.server.play.bots import BotSeats, check_bot, clean_bot
from crisis.server.play.clock import CHECK_EVERY, Clock, check_pace, keep_time
from crisis.server.play.events import Events, GameEnded, Moved, SeatChanged, Ticked, TurnsBegan
from crisis.server.play.following import Following
from crisis.server.play.site import Site
from crisis.server.play.table import Live, Watcher, hash_token, new_token
from crisis.server.play.workers import Workers
from crisis.server.store import clocks as seat_clocks
from crisis.server.store.moves import MoveWriter
from crisis.server.store.repository import Conflict, Full, GameRow, Move, SeatRow, Store, Written
from crisis.server.text import clean_line

log = logging.getLogger("crisis.server")

T = TypeVar("T")
#: What a game's end writes in its own transaction: ``(connection, game_id=...)`` -> what
#: :class:`GameEnded` reports (the ratings moved and why none, for a rated game).
Settle = Callable[..., Any]

#: Tables kept in memory with nobody watching before the least recently used is dropped.
CACHE_SIZE = 256
#: Tries of one request on a table that another process keeps changing first.
RETRIES = 5
NAME_LENGTH = 40
#: Seconds the hall waits at shutdown for the subscribers' work under way.
DRAIN_SECONDS = 5.0


@dataclass
class SeatSpec:
    """A seat asked for at creation: a person (``human``) or a ``bot`` of some strength."""

    kind: str = "human"
    bot: str | None = None
    name: str = ""
    #: A person's seat offered to this account: theirs once they accept (an invitation).
    invited: str | None = None
    #: A person's seat that is this account's from the start (its maker's own, signed in).
    account: str | None = None


class Hall:
    """Every table the server runs: creation, loading, actions, bots and broadcasting."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.25,
        cache_size: int = CACHE_SIZE,
        workers: Workers | None = None,
        bot_tables_per_address: int = limits.BOT_TABLES_PER_ADDRESS,
        settle: Settle | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.workers = workers or Workers()
        #: Unfinished tables one address may have running, by kind: of bots only, and with
        #: a searching bot (whoever else sits there).
        self.quotas = {
            "bots only": bot_tables_per_address,
            "with a searching bot": limits.SEARCH_TABLES_PER_ADDRESS,
        }
        self.cache_size = cache_size
        self.tables: OrderedDict[str, Live] = OrderedDict()
        self.closing = False
        self._chat_buckets: dict[tuple[str, str], limits.Bucket] = {}
        #: New tables one address may create per minute (creation and rematches).
        self.tables_per_minute = limits.TABLES_PER_MINUTE
        # SQLite takes one writer at a time; a database server takes several.
        threads = 1 if store.engine.dialect.name == "sqlite" else 4
        self._db = ThreadPoolExecutor(threads, thread_name_prefix="crisis-db")
        #: The one way a move is written (:mod:`crisis.server.store.moves`).
        self.moves = MoveWriter(store, self.db)
        self.loading: dict[str, asyncio.Future[tuple[GameRow, Match] | None]] = {}
        #: Tables another process changed while this one was loading them (the load may
        #: have read the database before the change: caught up once loaded).
        self.changed_while_loading: set[str] = set()
        #: Per table, the sockets that hold it but do not watch it yet (setting up or saying
        #: hello): it stays in memory for them (see :meth:`arrive`).
        self._arriving: Counter[str] = Counter()
        #: This process among the site's processes (beats, notices, sockets).
        self.site = Site(store, self.db)
        self._clock: asyncio.Task[None] | None = None
        #: What happened at the tables, for whoever subscribed (mail, presence): a move, a
        #: turn that began, a game's end, a seat that changed hands (:mod:`.events`).
        self.events = Events()
        #: What a game's end writes in its own transaction (the application gives the
        #: ratings' :func:`~crisis.server.ratings.rate.rate_end`; None: nothing more).
        self.settle = settle
        #: The parts: the bots' turns, following the other processes, the clock.
        self.bots = BotSeats(self)
        self.following = Following(self)
        self.clock = Clock(self)

    async def start(self, clock_every: float = CHECK_EVERY) -> int:
        """Join the site (beat, hear the other processes), take over the bots nobody plays
        and start the clock of games over days (it looks every ``clock_every`` seconds);
        returns how many tables were taken over."""
        await self.site.start(self.following.heard, self.following.adopt, self.following.missed)
        self._clock = asyncio.create_task(keep_time(self._on_the_clock, every=clock_every))
        return await self.resume()

    async def _on_the_clock(self) -> int:
        """What the clock does at each look: time out the seats whose time ran out, then
        tell the subscribers (the mail's late turn notices) with a :class:`Ticked`; returns
        the timeouts."""
        timed_out = await self.clock.time_out_overdue()
        await self.events.settle(Ticked(time.time()))
        return timed_out

    async def db(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``call(*args, **kwargs)`` (a :class:`Store` method) in the database thread.

        A call whose connection the database server dropped (a restart) goes once more: the
        pool checks only connections left idle (see ``store.IDLE_CHECK_SECONDS``), so the
        first call after a restart can meet a dead one; SQLAlchemy then empties the pool and
        the second try gets a new connection. A transaction cut off with its connection did
        not commit, so the second try does not repeat it (only a connection lost between a
        commit and its answer could, and the writes that matter check the table's version)."""
        loop = asyncio.get_running_loop()
        job = functools.partial(call, *args, **kwargs)
        try:
            return await loop.run_in_executor(self._db, job)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            log.warning("a database connection was lost (%s); trying once more", exc.orig)
            return await loop.run_in_executor(self._db, job)

    async def write_action(self, move: Move, then: Settle | None = None) -> Written:
        """Write a move through the store's one move writer (:class:`MoveWriter`), with
        ``then`` in its transaction (a rated game's end)."""
        return await self.moves.record(move, then)

    # -- creating and loading ----------------------------------------------------------------
    async def create(
        self,
        seats: list[SeatSpec],
        options: dict[str, Any],
        *,
        title: str = DEFAULT_TITLE,
        seed: Seed | None = None,
        rematch_of: GameRow | None = None,
        address: str | None = None,
        pace: int | None = None,
        on_timeout: str | None = None,
        rated: bool = False,
        host: str | None = None,
    ) -> tuple[Live, dict[str, str]]:
        """A new table; returns it with the secret token of each human seat by role.

        ``pace``: seconds per move for a game over days (one of :data:`clock.PACES`; None,
        live) and ``on_timeout`` what a timeout does (:mod:`crisis.server.play.clock`). A
        ``rated`` table seats people only; its ratings move when it ends (:mod:`.ratings`).
        With a ``host`` (an account) the table is open (:mod:`.open_games`): its ``open``
        seats wait for whoever takes them, and its seats offered to an account (``invited``)
        for that account to accept; nobody moves until it starts.

        A seat's bot is a registered name or a strength level, nothing more
        (:func:`~crisis.server.play.bots.check_bot`). A table of bots only, or with a searching
        bot, counts against ``address``'s quota of such unfinished tables (:attr:`quotas`).
        """
        if title not in TITLES:
            raise BadMessage(f"unknown game {title!r}; known: {', '.join(sorted(TITLES))}")
        if not 2 <= len(seats) <= 4:
            raise BadMessage("a table has 2 to 4 seats")
        pace, on_timeout = check_pace(pace, on_timeout)
        if rated and any(s.kind == "bot" for s in seats):
            raise BadMessage("a rated table seats people only: bots are never rated")
        kinds_allowed = ("human", "bot", "open") if host is not None else ("human", "bot")
        for s in seats:
            if s.kind not in kinds_allowed:
                raise BadMessage(
                    f"a seat is {' or '.join(repr(k) for k in kinds_allowed)}, not {s.kind!r}"
                    + ("" if host is not None else " (open seats are for open tables)")
                )
            if s.kind == "bot":
                s.bot = check_bot(s.bot, title)
        kinds = []
        if all(s.kind == "bot" for s in seats):
            kinds.append("bots only")
        if any(s.kind == "bot" and searches(s.bot or "random", title) for s in seats):
            kinds.append("with a searching bot")
        module = get_title(title)
        options = {**options, "players": len(seats)}
        if seed is None:
            seed = fresh_seed()  # a secret 256-bit key: nothing public predicts a draw
        try:
            match = Match(module, seed, options)
        except (ValueError, TypeError, IllegalAction) as exc:
            raise BadMessage(str(exc)) from None
        tokens: dict[str, str] = {}
        seat_rows = []
        for spec, role in zip(seats, match.roles(), strict=True):
            token_hash = None
            if spec.kind == "human":
                token = new_token()
                tokens[role] = token
                token_hash = hash_token(token)
            name = clean_line(spec.name or "")[:NAME_LENGTH]
            if spec.kind == "open":
                name = ""  # whoever takes it
            elif not name:
                name = f"{spec.bot or 'random'} bot" if spec.kind == "bot" else role.capitalize()
            seat_rows.append(
                SeatRow(
                    role=role,
                    kind=spec.kind,
                    name=name,
                    bot=(spec.bot or "random") if spec.kind == "bot" else None,
                    token_hash=token_hash,
                    invited=spec.invited if spec.kind == "human" else None,
                    offer="waiting" if spec.invited and spec.kind == "human" else None,
                )
            )
        if rematch_of is not None:  # same people, same seats, same secrets
            before = {seat.role: seat for seat in rematch_of.seats}
            for row_seat in seat_rows:
                prior = before.get(row_seat.role)
                if prior is not None and prior.token_hash:  # a person sat here
                    row_seat.kind, row_seat.bot = "human", None
                    row_seat.name, row_seat.token_hash = prior.name, prior.token_hash
            tokens = {}
        row = GameRow(
            id=await self._new_id(),
            title=title,
            seed=seed,
            options=options,
            status="open" if host is not None else "playing",
            version=0,
            state=module.rules.to_json(match.state).decode(),
            active=match.active(),
            rematch_of=rematch_of.id if rematch_of else None,
            seats=seat_rows,
            pace=pace,
            on_timeout=on_timeout,
            rated=rated,
            host=host,
        )
        creator = None if address is None else self.store.address_key(limits.client_key(address))
        bots = host is None and any(s.kind == "bot" for s in seat_rows if s.role in row.active)
        try:
            stored = await self.db(
                self._store_new,
                row,
                creator=creator,
                kinds=kinds,
                quotas=self.quotas,
                per_minute=self.tables_per_minute,
                bots=bots,
                accounts={
                    r.role: s.account
                    for s, r in zip(seats, seat_rows, strict=True)
                    if s.account is not None and s.kind == "human"
                },
            )
        except Full as exc:
            raise TooFast(str(exc)) from None
        live = Live(row=stored, title=module, match=match)
        self._remember(live)
        self.bots.wake(live)
        return live, tokens

    def _store_new(self, row: GameRow, **how: Any) -> GameRow:
        """(In the database thread.) Write a new table and read it back as stored."""
        self.store.create_game(row, **how)
        stored = self.store.load_game(row.id)
        assert stored is not None
        return stored

    async def _new_id(self) -> str:
        while True:
            game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if game_id not in self.tables and await self.db(self.store.load_game, game_id) is None:
                return game_id

    async def get(self, game_id: str) -> Live:
        """The table ``game_id``, loaded from the database if needed."""
        live = self.tables.get(game_id)
        if live is not None:
            self.tables.move_to_end(game_id)
            return live
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 32:
            raise NotFound("no such table")
        # One load per table at a time: everyone asking meanwhile waits for the same one.
        loading = self.loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self.db(self.load, game_id))
            self.loading[game_id] = loading
            loading.add_done_callback(lambda _: self.loading.pop(game_id, None))
        loaded = await asyncio.shield(loading)
        if loaded is None:
            raise NotFound(f"no table {game_id!r}")
        live = self.tables.get(game_id)  # another request may have loaded it meanwhile
        if live is None:
            row, match = loaded
            live = Live(row=row, title=get_title(row.title), match=match)
            self._remember(live)
            if game_id in self.changed_while_loading:
                self.changed_while_loading.discard(game_id)
                self.following.follow(live)
        return live

    def arrive(self, game_id: str) -> None:
        """A socket holds the table ``game_id`` (just returned by :meth:`get`) and will
        watch it once it has said hello: until :meth:`arrived`, the table is not dropped
        from memory (a table nobody here watches is dropped when another process changes
        it, or to make room). Dropped in between, the socket would watch a copy the hall no
        longer keeps up to date: its person would never see the next move (with a table's
        people on two processes, most tables stalled within seconds)."""
        self._arriving[game_id] += 1

    def arrived(self, game_id: str) -> None:
        """The socket of :meth:`arrive` watches the table now, or has left."""
        self._arriving[game_id] -= 1
        if self._arriving[game_id] <= 0:
            del self._arriving[game_id]

    def unneeded(self, live: Live) -> bool:
        """Nothing here needs ``live`` in memory: nobody watches it or is about to, no bot
        of it plays here and nothing is writing to it."""
        return (
            not live.watchers
            and live.bot_task is None
            and not live.lock.locked()
            and live.id not in self._arriving
        )

    def load(self, game_id: str) -> tuple[GameRow, Match] | None:
        """(In the database thread.) A stored table, its seats cleaned, and its match rebuilt."""
        row = self.store.load_game(game_id)
        if row is None:
            return None
        self._clean_seats(row)
        return row, self._rebuild(row)

    def _clean_seats(self, row: GameRow) -> None:
        """Bots stored by older versions with settings a client chose (a search's time, say)
        lose them, in memory and in the database."""
        for seat in row.seats:
            if seat.kind == "bot":
                cleaned = clean_bot(seat.bot, row.title)
                if cleaned != seat.bot:
                    log.warning(
                        "table %s: seat %s's bot %r is now %r", row.id, seat.role, seat.bot, cleaned
                    )
                    seat.bot = cleaned
                    row.updated = self.store.update_seat(row.id, seat.role, bot=cleaned).at

    def _rebuild(self, row: GameRow) -> Match:
        """Setup + log, checked against the stored state (which wins if they disagree).

        A finished game is read as stored, with no replay: nothing more happens to it, and
        its stored state is the one it ended with. Replaying a long game's log costs tens of
        milliseconds in the database thread, where every table's writes wait, and anyone may
        ask for any finished game (a visitor walking through more of them than the hall
        keeps would otherwise replay one per request). Its replays and record are built from
        setup + log, as for any game (``crisis.server.lobby.replays``)."""
        module = get_title(row.title)
        entries = self.store.load_log(row.id)
        if row.status == "finished":
            with contextlib.suppress(ValueError):  # unreadable as stored: replayed below
                return _as_stored(module, row, entries)
        record = {"seed": row.seed, "options": row.options, "log": entries}
        try:
            match = Match.replay(module, record)
            replayed = module.rules.to_json(match.state).decode()
            if replayed == row.state:
                return match
            # The stored state as this version writes it (an older one may have kept fields
            # this one derives or no longer has): the same game if it matches the replay,
            # log lines apart (they may be worded as this version words them).
            current = module.rules.to_json(module.rules.from_json(row.state)).decode()
            if same_but_wording(replayed, current):
                row.state = replayed
                return match
            log.warning("table %s: replayed state differs from the stored one", row.id)
        except (IllegalAction, ValueError) as exc:
            log.warning("table %s: the log no longer replays (%s)", row.id, exc)
        return _as_stored(module, row, entries)

    def _remember(self, live: Live) -> None:
        self.tables[live.id] = live
        self.tables.move_to_end(live.id)
        while len(self.tables) > self.cache_size:
            idle = next((k for k, t in self.tables.items() if self.unneeded(t)), None)
            if idle is None or idle == live.id:
                break
            del self.tables[idle]

    def busy(self) -> set[str]:
        """The tables in memory that someone watches or whose bots are playing (a sweep of
        abandoned tables spares them)."""
        return {k for k, t in self.tables.items() if t.watchers or t.bot_task is not None}

    def forget(self, game_ids: list[str]) -> None:
        """Drop tables deleted from the database from memory too (and the links of the
        finished games kept here to a rematch that went with them)."""
        gone = set(game_ids)
        for game_id in game_ids:
            live = self.tables.pop(game_id, None)
            if live is not None and live.bot_task is not None:
                live.bot_task.cancel()
        for live in self.tables.values():
            if live.row.rematch in gone:
                live.row.rematch = None
                live.changed()

    async def resume(self) -> int:
        """At start: take over the bots of the tables no live process plays (their process
        died, or they come from before a restart) and play those whose turn it is; returns
        how many tables were taken over."""
        claimed = await self.db(self.site.claim_orphans)
        await self.following.adopt(claimed)
        return len(claimed)

    # -- acting ------------------------------------------------------------------------------
    async def act(
        self, live: Live, role: str, action: Any, version: int | None, roles: set[str]
    ) -> None:
        """Apply ``action`` for ``role`` if the caller holds that seat and saw ``version``."""
        if version is None:
            raise BadMessage("an action needs the version it was chosen at")
        try:
            parsed = Action.parse(action)
        except IllegalAction as exc:
            raise BadMessage(str(exc)) from None
        for _ in range(RETRIES):
            async with live.lock:  # checked again once the table's earlier actions are written
                if role not in roles:
                    raise Forbidden(f"you do not hold the {role} seat")
                if live.finished:
                    raise GameOver("the game is over")
                if live.row.status == "open":
                    raise NotStarted("the table waits for players: nobody moves before it starts")
                if live.seat(role).kind != "human":
                    raise Forbidden(f"{role} is played by a bot")
                if live.stale(role, version):
                    raise Stale(
                        f"the game has moved on (version {live.version}, you sent {version})"
                    )
                try:
                    await self.apply(live, role, parsed)
                    return
                except Conflict:
                    pass  # another process wrote first: _apply caught up; check again
        raise TooFast("the table is too busy; try again")

    async def apply(self, live: Live, role: str, action: Action) -> None:
        """Apply and write one action (the caller holds the table's lock), then tell everyone.

        The write goes through only if the table is still at the version this process holds
        (:class:`Conflict` otherwise, after catching up with what the other wrote)."""
        match, row = live.match, live.row
        prior = row.version
        before = match.active()
        mark = match.mark()
        try:
            if action.verb == "undo":
                n = len(match.log) - 1
                match.undo(role)
            else:
                match.apply(role, action)
        except IllegalAction as exc:
            raise Illegal(str(exc)) from None
        state = match.to_json().decode()
        active = match.active()
        result = match.result()
        bots = result is None and any(live.seat(r).kind == "bot" for r in active)
        began = self._turns_beginning(live, before) if result is None else []
        try:
            if action.verb == "undo":
                written = await self.db(
                    self.store.record_undo,
                    live.id,
                    n,
                    version=prior + 1,
                    state=state,
                    active=active,
                    prior=prior,
                    bots=bots,
                )
            else:
                move = Move(
                    live.id,
                    len(match.log) - 1,
                    role,
                    action.to_json(),
                    version=prior + 1,
                    state=state,
                    active=active,
                    result=result,
                    prior=prior,
                    bots=bots,
                    began=began,
                )
                then: Callable[..., Any] | None = None
                if result is not None and row.rated and self.settle is not None:
                    # The end of a rated game and its ratings: one transaction.
                    then = functools.partial(self.settle, game_id=live.id)
                if row.pace is not None:  # a game over days: the seats' clocks with the move
                    then = seat_clocks.with_move(
                        then,
                        game=live.id,
                        role=role,
                        before=before,
                        active=active,
                        pace=row.pace,
                        updated=row.updated,
                    )
                written = await self.write_action(move, then)
        except Conflict:
            # Another process wrote first. Memory ran one action ahead of the database: take
            # it back, then catch up with what the other wrote: from its notice if it came
            # during the write, else from the log's tail (a full reload replays the whole
            # game: most of a process's work when a table's people are on two processes).
            match.back_to(mark)
            if live.heard and self.following.replay_heard(live) and live.version > prior:
                raise
            try:
                await self.following.catch_up(live)
            except Exception:  # as a failed reload does: the table loads afresh when asked
                log.exception("table %s: could not catch up after a lost race", live.id)
                self.tables.pop(live.id, None)
            raise
        except Exception:
            await self._reload(live)  # memory ran ahead of the database: back to what it holds
            raise
        row.version, row.state, row.active = prior + 1, state, active
        row.bot_owner, row.updated = written.owner, written.at
        if result is not None:
            row.status, row.result = "finished", result
        live.note_choices(role)
        live.changed()
        self.events.publish(Moved(live, role, action))
        if result is not None:
            self._ended(live, written)  # the ratings it moved go out with the end
        self.broadcast(live)
        self.bots.wake(live)
        if result is None and began:
            # An undo's write records no turn: the subscriber's own write does.
            self.events.publish(
                TurnsBegan(live, began, None if action.verb == "undo" else written.began)
            )

    def _turns_beginning(self, live: Live, before: list[str]) -> list[str]:
        """The people's seats that the move just applied to ``live`` (not written yet) leaves
        to move and that were not to move ``before`` it: those whose turn begins, recorded
        with the move's write (``began`` of
        :meth:`~crisis.server.store.repository.Store.record_action`) when someone listens for
        :class:`TurnsBegan` (none without accounts)."""
        if not self.events.wants(TurnsBegan) or live.row.status != "playing":
            return []
        return [
            r
            for r in live.match.active()
            if r not in before and live.seat(r).kind == "human" and not live.seat(r).resigned
        ]

    def turns_began(self, live: Live) -> None:
        """A table just started (an open table filled, an invitation accepted): the first
        seats to move begin their turn (recorded by the subscriber, no move wrote it)."""
        began = self._turns_beginning(live, [])
        if began:
            self.events.publish(TurnsBegan(live, began, None))

    def _ended(self, live: Live, written: Written) -> None:
        """A game just ended through this process: read what its end's transaction settled
        (``written.then``: for a rated game, the ratings it moved, per role, or why it moved
        none, ``games.unrated``) into memory, to go out with the end's broadcast; then
        publish :class:`GameEnded`."""
        moved = None
        if live.row.rated and written.then is not None:
            moved, live.row.unrated = written.then
            if moved is None:
                log.info("table %s: not rated (%s)", live.id, live.row.unrated)
            else:
                live.row.ratings = {role: list(change) for role, change in moved.items()}
        self.events.publish(GameEnded(live, moved))

    async def _reload(self, live: Live) -> None:
        """Bring ``live`` back to what the database holds (the caller holds its lock); a
        table that cannot be read is dropped from memory."""
        try:
            loaded = await self.db(self.load, live.id)
            if loaded is not None:
                live.row, live.match = loaded
                # The seat that moved last (on another process, when a write conflicted)
                # has moved since its clients' version: their retry is stale.
                live.note_choices(live.match.log[-1][0] if live.match.log else None)
                live.changed()
                self.broadcast(live)
                self.bots.wake(live)
                return
        except Exception:
            log.exception("table %s: could not reload after a failed write", live.id)
        self.tables.pop(live.id, None)

    async def join(
        self,
        live: Live,
        role: str,
        roles: set[str],
        name: str | None = None,
        *,
        seen: int | None = None,
        own: bool = False,
    ) -> bool:
        """Mark ``role`` as taken (first connection with its token), optionally renaming it;
        whether the seat was written. A seat an account holds takes only the account's name,
        said by its own signed-in person (``own``: ``name`` is that account's): its holder
        could otherwise take another player's name at the table and in its chat. ``seen``:
        the moment its holder is at the table, written with the rest if there is a rest (one
        write where there would be two)."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        seat = live.seat(role)
        values: dict[str, Any] = {}
        if not seat.joined:
            values["joined"] = 1
        clean = clean_line(name or "")[:NAME_LENGTH]
        if clean and clean != seat.name:
            if own:
                values["name"] = clean
            else:
                held = (await self.db(self.store.seated_accounts, [live.id])).get(live.id, {})
                if role not in held:
                    values["name"] = clean
        if values:
            if seen is not None:
                values["seen"] = seen
            written = await self.db(self.store.update_seat, live.id, role, **values)
            live.row.updated = written.at
            seat.joined = True
            seat.name = values.get("name", seat.name)
            live.changed()
            self.broadcast(live)
            self.events.publish(SeatChanged(live, role, "joined"))
        return bool(values)

    async def resign(self, live: Live, role: str, roles: set[str]) -> None:
        """``role`` leaves: a bot takes the seat, or the game ends if no person is left."""
        for _ in range(RETRIES):
            async with live.lock:
                try:
                    await self.leave(live, role, roles)
                    return
                except Conflict:
                    await self.following.catch_up(live)  # another process wrote first: check again
        raise TooFast("the table is too busy; try again")

    async def leave(self, live: Live, role: str, roles: set[str]) -> None:
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        if live.finished:
            raise GameOver("the game is over")
        if live.row.status == "open":
            raise NotStarted("the table has not started: its host may close it instead")
        seat = live.seat(role)
        if seat.resigned or seat.kind != "human":
            raise Forbidden(f"{role} has already left the game")
        others = [
            s for s in live.row.seats if s.kind == "human" and not s.resigned and s.role != role
        ]
        prior = live.version
        if others:
            await self.seat_to_bot(live, role, "random", resigned=True)
        else:
            scores = live.title.rules.scores(live.match.state)
            ranking = sorted(scores, key=lambda r: -scores[r])
            result = {
                "reason": "resigned",
                "resigned": role,
                "scores": scores,
                "ranking": ranking,
                "winner": None,
            }
            written = await self.db(
                self.store.finish,
                live.id,
                version=prior + 1,
                prior=prior,
                result=result,
                resigned=role,
                left_at=len(live.match.log),
                then=(
                    functools.partial(self.settle, game_id=live.id)
                    if live.row.rated and self.settle is not None
                    else None
                ),
            )
            live.row.status, live.row.active, live.row.result = "finished", [], result
            live.row.bot_owner = None
            live.row.version, live.row.updated = prior + 1, written.at
            self._ended(live, written)
        seat.resigned = True
        self._left(live, role)

    async def seat_to_bot(self, live: Live, role: str, bot: str, *, resigned: bool) -> None:
        """Hand ``role``'s seat to ``bot`` in one write at the table's version (the caller
        holds its lock): the person resigned, or their time ran out (:mod:`.clock`)."""
        prior = live.version
        bots = any(live.seat(r).kind == "bot" or r == role for r in live.match.active())
        # Whatever the bot plays from here on is not the person's own (crisis.server.ratings.rate).
        values: dict[str, Any] = {"kind": "bot", "bot": bot, "left_at": len(live.match.log)}
        if resigned:
            values["resigned"] = 1
        written = await self.db(
            self.store.update_seat,
            live.id,
            role,
            version=prior + 1,
            prior=prior,
            bots=bots,
            **values,
        )
        seat = live.seat(role)
        seat.kind, seat.bot = "bot", bot
        live.row.version, live.row.updated = prior + 1, written.at
        live.row.bot_owner = written.owner
        if not resigned:
            self.events.publish(SeatChanged(live, role, "timed out"))

    def _left(self, live: Live, role: str) -> None:
        """After ``role`` resigned: the person's connections stop seeing the seat (and the
        bot's hand), and everyone gets the news."""
        for watcher in list(live.watchers):
            if role in watcher.roles:
                watcher.roles.discard(role)
                if watcher.look == role:
                    watcher.look = None
        live.note_choices(role)
        live.changed()
        self.broadcast(live)
        self.bots.wake(live)
        self.events.publish(SeatChanged(live, role, "resigned"))

    # -- presence ----------------------------------------------------------------------------
    async def present(self, game_id: str, roles: list[str], at: float | None = None) -> None:
        """Write that the people of ``roles`` are (or, as they leave, were) at the table
        ``game_id`` at ``at`` (now by default): ``seats.seen``, which a turn notice waits on
        (no notice to someone at the table). The one place presence is written, besides the
        writes that seat a person (they note the moment in the same statement)."""
        if roles:
            moment = int(time.time() if at is None else at)
            await self.db(self.store.mark_seen, game_id, sorted(roles), moment)

    # -- private notes -----------------------------------------------------------------------
    async def note(self, live: Live, role: str, roles: set[str]) -> str:
        """The private note of ``role``, for the holder of that seat's secret only."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        return await self.db(self.store.load_note, live.id, role)

    async def save_note(self, live: Live, role: str, text: Any, roles: set[str]) -> None:
        """Replace the private note of ``role`` (at most ``limits.NOTE_LENGTH`` characters)."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        if not isinstance(text, str):
            raise BadMessage("a note is text")
        if "\x00" in text:  # PostgreSQL's text cannot hold it; no person types it
            raise BadMessage("a note holds a NUL character")
        if len(text) > limits.NOTE_LENGTH:
            raise BadMessage(
                f"note too long ({len(text)} characters; the limit is {limits.NOTE_LENGTH})"
            )
        await self.db(self.store.save_note, live.id, role, text)  # an upsert: saves may race

    async def marks(self, live: Live, role: str, roles: set[str]) -> Any:
        """What seat ``role`` last saw of the map (the table page's snapshot, None: nothing
        yet), for the holder of that seat only."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        found = await self.db(self.store.load_marks, live.id, role)
        return json.loads(found) if found else None

    async def save_marks(self, live: Live, role: str, marks: Any, roles: set[str]) -> None:
        """Replace what seat ``role`` last saw of the map: a JSON object the page made, of
        at most ``limits.MARKS_BYTES`` bytes, that only that seat's holder reads back."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat")
        if not isinstance(marks, dict):
            raise BadMessage("marks are a JSON object")
        text = json.dumps(marks, separators=(",", ":"), ensure_ascii=True)
        if len(text) > limits.MARKS_BYTES:
            raise BadMessage(
                f"marks too long ({len(text)} bytes; the limit is {limits.MARKS_BYTES})"
            )
        await self.db(self.store.save_marks, live.id, role, text)

    async def chat(self, live: Live, role: str, text: Any, roles: set[str]) -> dict[str, Any]:
        """Post ``text`` to the table's chat as ``role`` (a seat this client holds) and send it
        to everyone watching. Plain text only: clients show it as text, never as markup."""
        if role not in roles:
            raise Forbidden(f"you do not hold the {role} seat: spectators may read the chat only")
        if not isinstance(text, str):
            raise BadMessage("a chat message is text")
        text = clean_line(text)
        if not text:
            raise BadMessage("an empty chat message")
        if len(text) > limits.CHAT_LENGTH:
            raise BadMessage(
                f"chat message too long (the limit is {limits.CHAT_LENGTH} characters)"
            )
        bucket = self._chat_buckets.get((live.id, role))
        if bucket is None:
            bucket = limits.Bucket(limits.CHAT_PER_SECOND, limits.CHAT_BURST)
            self._chat_buckets[(live.id, role)] = bucket
            while len(self._chat_buckets) > 10_000:
                self._chat_buckets.pop(next(iter(self._chat_buckets)))
        if not bucket.take():
            raise TooFast("you are chatting too fast; wait a moment")
        seat = live.seat(role)
        async with live.lock:  # a message's number is the last one's plus one: one at a time
            entry = await self.db(
                self.store.add_chat, live.id, role, seat.name or role.capitalize(), text
            )
        live.remember_chat(entry, limits.CHAT_HISTORY)
        message = msgspec.json.encode({"type": "chat", "table": live.id, "entries": [entry]})
        for w in list(live.watchers):
            w.deliver(message, replaceable=False)
        return entry

    async def chat_history(self, live: Live) -> list[dict[str, Any]]:
        """The table's recent chat, oldest first (anyone watching may read it): read once,
        then kept with the table and added to as messages come (here or, announced, from
        another process), since every hello sends it."""
        if live.chat is None:
            added = live.chat_added
            read = await self.db(self.store.load_chat, live.id, limits.CHAT_HISTORY)
            if live.chat is None and live.chat_added == added:  # nothing came meanwhile
                live.chat = read
            else:
                return read
        return list(live.chat)

    async def rematch(
        self,
        live: Live,
        roles: set[str],
        *,
        address: str = "?",
        offer: dict[str, str] | None = None,
        host: str | None = None,
    ) -> Live:
        """A new game with the same seats, options and secrets (made once per table). A new
        table counts against ``address``'s table limit like any other. ``offer``: the seats
        (by role) of other people's accounts, offered to those accounts instead of taken for
        them: the new table, hosted by ``host`` (the asker's account), then waits for them
        to accept, as an invitation does."""
        if not roles:
            raise Forbidden("only a seated player may ask for a rematch")
        if not live.finished:
            raise NotOver("a rematch is offered once the game is over")
        async with live.lock:  # two players asking at once get the same new table
            if live.row.rematch:
                return await self.get(live.row.rematch)
            options = {k: v for k, v in live.row.options.items() if k != "first_player"}
            offer = offer or {}
            seats = [
                SeatSpec(kind=s.kind, bot=s.bot, name=s.name)
                if s.role not in offer
                # (a person's seat, though a bot may have played it out after they resigned)
                else SeatSpec(kind="human", name=s.name, invited=offer[s.role])
                for s in live.row.seats
            ]
            try:
                new, _ = await self.create(
                    seats,
                    options,
                    title=live.row.title,
                    rematch_of=live.row,
                    address=address,
                    pace=live.row.pace,
                    on_timeout=live.row.on_timeout,
                    rated=live.row.rated,
                    host=host if offer else None,
                )
            except Conflict:  # a player asked through another process first: that one
                await self.following.catch_up(live)
                if not live.row.rematch:
                    raise
                return await self.get(live.row.rematch)
            live.row.rematch = new.id
            live.changed()
            self.broadcast(live)
            return new

    # -- watching ----------------------------------------------------------------------------
    def watch(self, live: Live, watcher: Watcher) -> None:
        """Start sending ``watcher`` this table's updates (and the current state now)."""
        live.watchers.add(watcher)
        watcher.deliver(live.payload(watcher.look), replaceable=True)

    def unwatch(self, live: Live, watcher: Watcher) -> None:
        """Stop sending updates to ``watcher``."""
        live.watchers.discard(watcher)

    def broadcast(self, live: Live) -> None:
        """Send every watcher the view of the seat it looks as."""
        for w in list(live.watchers):
            w.deliver(live.payload(w.look, full=False), replaceable=True)

    async def close(self) -> None:
        """Stop the bots (their games resume at the next start) and their workers, once the
        subscribers' work under way is done (a notice being queued)."""
        self.closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.events.drain(), DRAIN_SECONDS)
        for follower in list(self.following.tasks.values()):
            follower.cancel()
        if self._clock is not None:
            self._clock.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._clock
        await self.site.close()
        await self.workers.close()
        await self.moves.close()
        self._db.shutdown(wait=True)


def _as_stored(module: TitleSpec[Any], row: GameRow, entries: list[list[Any]]) -> Match:
    """The match of ``row`` as stored: its state read, its log parsed, nothing replayed."""
    match = Match(module, row.seed, row.options, state=module.rules.from_json(row.state))
    match.log = [(r, Action.parse([v, a])) for r, v, a in entries]
    return match


def same_but_wording(replayed: str, stored: str) -> bool:
    """Whether two states (a title's JSON) are the same game, equal apart from the public log
    (``"log"``, in both titles), whose lines a newer crisis may word differently or add to (a
    roll's outcome, say). A table stored by an older version then loads from its replay and
    keeps its undo steps."""
    a, b = msgspec.json.decode(replayed), msgspec.json.decode(stored)
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    a.pop("log", None), b.pop("log", None)
    return bool(a == b)
