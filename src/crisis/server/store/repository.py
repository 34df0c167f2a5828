"""The database: tables (games), their seats and their action logs, through SQLAlchemy Core.

Every change to a game is one transaction that writes the action log entry and the new state
together, so a server killed at any moment restarts with every game exactly as its last
committed action left it. SQLite (the default) runs in WAL mode; any SQLAlchemy URL works, e.g.
``postgresql+psycopg://user:pass@host/crisis`` (psycopg 3 comes with the server extra).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from time import monotonic  # not through ``time``: tests stand in for the module's pauses
from typing import Any

from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    Integer,
    String,
    Text,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DisconnectionError

from crisis.engine.rng import LEGACY_PREFIX, Seed, check_seed
from crisis.server.migrations import migrate
from crisis.server.store import clocks
from crisis.server.store.schema import (
    actions,
    chat,
    games,
    notes,
    seat_clocks,
    seats,
    settings,
    sockets,
)

#: Chat messages kept per table: adding one past this drops the oldest (nobody scrolls that far
#: back, and a table's chat must not grow without end).
CHAT_KEEP = 500
#: Abandoned tables deleted per transaction, so that a sweep never holds the write lock long.
DELETE_BATCH = 50

# What a table's summary (crisis.server.play.table.table_summary) needs of a game: never its state
# (large) nor its seed (a server game's secret). Its seats' token hashes tell whose they are.
_SUMMARY = (
    games.c.id,
    games.c.title,
    games.c.options,
    games.c.status,
    games.c.version,
    games.c.active,
    games.c.result,
    games.c.rematch_of,
    games.c.rematch,
    games.c.created,
    games.c.updated,
    games.c.pace,
    games.c.on_timeout,
    games.c.rated,
    games.c.host,
    games.c.unrated,
)
_SEAT_SUMMARY = (
    seats.c.game,
    seats.c.role,
    seats.c.kind,
    seats.c.bot,
    seats.c.name,
    seats.c.joined,
    seats.c.resigned,
    seats.c.invited,
    seats.c.offer,
)

#: The PostgreSQL channel every change of a table is announced on (crisis.server.play.site listens).
CHANNEL = "crisis"


_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


#: What makes a table one of the open games listed: open, with a free seat (a table waiting
#: only for invited players' answers is not listed, nor counted against its host).
_LISTED_OPEN = (
    games.c.status == "open",
    exists().where(seats.c.game == games.c.id, seats.c.kind == "open"),
)

#: The columns a move or an undo writes (:func:`_state_values`).
_STATE_KEYS = frozenset({"version", "state", "active", "status", "result"})


def _state_write(bots: bool | None) -> Any:
    """The statement that stores a move's state if the game is still at ``:g_prior``, built
    once per ``bots`` case (see :meth:`Store._advance`) so that SQLAlchemy compiles it once."""
    owner: dict[str, Any] = {}
    if bots is True:
        owner["bot_owner"] = func.coalesce(games.c.bot_owner, bindparam("g_process"))
    elif bots is False:
        owner["bot_owner"] = None
    return (
        update(games)
        .where(games.c.id == bindparam("g_id"), games.c.version == bindparam("g_prior"))
        .values(
            version=bindparam("g_version"),
            state=bindparam("g_state"),
            active=bindparam("g_active"),
            status=bindparam("g_status"),
            result=bindparam("g_result"),
            updated=bindparam("g_updated"),
            **owner,
        )
        .returning(games.c.bot_owner)
    )


_STATE_WRITES = {bots: _state_write(bots) for bots in (True, False, None)}


def _move_write(bots: bool | None) -> Any:
    """On PostgreSQL, a whole move in one statement (one round trip instead of three): the
    state write of :func:`_state_write`, the log entry (added only if the state was written)
    and the ``NOTIFY`` announcing it, whose JSON ends with the bot owner the write left
    (``:head`` is the notice up to its ``"o":``). Returns the owner; no row: a
    :class:`Conflict`."""
    written = _state_write(bots).returning(games.c.id).cte("written")
    entry = select(
        written.c.id,
        bindparam("a_n", type_=Integer),
        bindparam("a_role", type_=String),
        bindparam("a_verb", type_=String),
        bindparam("a_arg", type_=Text),
        bindparam("g_updated", type_=BigInteger),
    )
    logged = (
        insert(actions).from_select(["game", "n", "role", "verb", "arg", "at"], entry).cte("logged")
    )
    owner = func.coalesce(func.cast(func.to_json(written.c.bot_owner), Text), "null")
    notice = bindparam("head", type_=Text) + owner + "}"
    return select(written.c.bot_owner, func.pg_notify(CHANNEL, notice)).add_cte(logged)


_MOVE_WRITES = {bots: _move_write(bots) for bots in (True, False, None)}


def turn_write(game: Any, role_matches: Any, version: Any) -> Any:
    """The write that records a turn begun (``seats.turn_at``) at version ``version`` for
    the seats of ``game`` that ``role_matches`` picks and an account holds; never back to
    an older turn, since writes may land out of order. Its parts are values or bound
    parameters, as each caller compiles it (see :meth:`Store.turn_began`)."""
    return (
        update(seats)
        .where(
            seats.c.game == game,
            role_matches,
            seats.c.account.is_not(None),
            or_(seats.c.turn_at.is_(None), seats.c.turn_at < version),
        )
        .values(turn_at=version)
    )


#: A log entry, with its values bound at each move.
_ADD_ACTION = insert(actions).values(
    {name: bindparam(name) for name in ("game", "n", "role", "verb", "arg", "at")}
)


class _Driven:
    """A statement compiled once for one database's driver and run on the driver's own
    cursor, inside the SQLAlchemy transaction: for the statements of a move, the hottest
    of the server. SQLAlchemy's own work per call (the cache key, binding, the result)
    was about half of a move's write, all of it holding the interpreter's lock that the
    event loop needs; the driver's execution itself lets it go."""

    def __init__(self, statement: Any, engine: Engine) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        #: The parameters' names in order (a positional paramstyle: SQLite's ``?``), or
        #: None where they are named (psycopg's ``%(name)s``).
        self.order: list[str] | None = (
            list(compiled.positiontup) if compiled.positiontup is not None else None
        )
        #: Every parameter's value as compiled (those fixed in the statement itself, such
        #: as ``bot_owner=None``; the rest are given at each call).
        self.fixed = dict(compiled.params)

    def first(self, db: Connection, params: dict[str, Any]) -> tuple[Any, ...] | None:
        """Run with ``params`` (the statement's bind names); its first row, if it returns
        rows, else None."""
        cursor = db.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            return self.on(cursor, params)
        finally:
            cursor.close()

    def on(self, cursor: Any, params: dict[str, Any]) -> tuple[Any, ...] | None:
        """:meth:`first` on a driver's own ``cursor`` (its ``rowcount`` tells what changed)."""
        values = {**self.fixed, **params}
        args: Any = [values[k] for k in self.order] if self.order is not None else values
        cursor.execute(self.sql, args)
        if cursor.description is None:
            return None
        row = cursor.fetchone()
        return tuple(row) if row is not None else None


class Conflict(Exception):
    """The table is no longer at the version the writer holds: another process (or request)
    changed it first. Nothing was written."""


class Full(Exception):
    """A per-address limit on new tables is reached (the message says which)."""


@dataclass(frozen=True)
class Written:
    """What a write to a table left in its row: the process playing its bots (None: no bot is
    to move) and the moment it was written (``games.updated``)."""

    owner: str | None
    at: int
    #: How many seats of accounts began a turn with this write (see ``began`` in
    #: :meth:`Store.record_action`): a turn notice may be due for each.
    began: int = 0
    #: What the write's ``then`` returned (see :meth:`Store.record_action`): a game's ratings.
    then: Any = None


@dataclass(frozen=True)
class Move:
    """One move to write (:meth:`Store.record_action`): log entry ``n``, ``role`` playing
    ``action`` (``[verb, arg]``), and what it led to: the table's ``version``, its
    ``state`` (the title's JSON), the seats to move next and the result if it ended the game.

    ``prior``: the version the table must still be at, else nothing is written (None: any
    version; the server always names one). ``bots``: whether a bot is to move after it (see
    :meth:`Store._advance`). ``began``: the people's seats it leaves to move that were not
    before (their turns are recorded with the move)."""

    game: str
    n: int
    role: str
    action: list[Any]
    version: int
    state: str
    active: list[str]
    result: dict[str, Any] | None = None
    prior: int | None = None
    bots: bool | None = None
    began: Sequence[str] = ()


#: A seat's values a notice carries (:meth:`Store.update_seat`): taken, and its name.
SEAT_NEWS = frozenset({"joined", "name"})


@dataclass
class SeatRow:
    """One seat as stored."""

    role: str
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    joined: bool = False
    resigned: bool = False
    #: The account the seat is offered to, and the offer: "waiting" (until they accept,
    #: when the seat becomes theirs), "declined", or None (no offer).
    invited: str | None = None
    offer: str | None = None


@dataclass
class GameRow:
    """One game as stored: setup, current state and bookkeeping (the log is separate)."""

    id: str
    title: str
    seed: Seed
    options: dict[str, Any]
    status: str
    version: int
    state: str
    active: list[str]
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    created: int = 0
    updated: int = 0
    seats: list[SeatRow] = field(default_factory=list)
    #: The process playing the table's bots while one is to move (see ``games.bot_owner``).
    bot_owner: str | None = None
    #: Seconds per move for a game over days (None: live) and what a timeout does.
    pace: int | None = None
    on_timeout: str | None = None
    #: A rated game (its people's ratings move when it ends).
    rated: bool = False
    #: An open table's host (an account id; crisis.server.lobby.open_games).
    host: str | None = None
    #: Why a rated game that ended moved no rating (crisis.server.ratings.rate.Unrated).
    unrated: str | None = None
    #: What the game's end moved of its people's ratings, per role: [before, after] as shown
    #: (in the memory of the process that wrote the end, which pushes it with the end; not a
    #: column: the ratings' own tables keep it).
    ratings: dict[str, list[int]] | None = None


def _now() -> int:
    return int(time.time())


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute("PRAGMA synchronous=NORMAL")  # a killed process loses no committed action
    cur.execute("PRAGMA wal_autocheckpoint=0")  # the Checkpointer thread does it instead
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class Checkpointer:
    """Copies SQLite's write-ahead log into the database file from a background thread, so
    that the fsync it needs never stalls the server's event loop."""

    def __init__(self, path: str, every: float = 1.0) -> None:
        self.path, self.every = path, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
        try:
            while not self._stop.wait(self.every):
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            with contextlib.suppress(sqlite3.Error):
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            db.close()

    def stop(self) -> None:
        """Run a last checkpoint and end the thread."""
        self._stop.set()
        self._thread.join(10)


#: A pooled connection to a database server unused for this many seconds is checked before
#: it is used again (see :func:`_check_idle_connections`).
IDLE_CHECK_SECONDS = 5.0


def _check_idle_connections(engine: Engine) -> None:
    """Check a pooled connection before use where it sat idle for :data:`IDLE_CHECK_SECONDS`:
    a database server may restart or drop idle connections, and a dead one is replaced
    before anything is asked of it.

    SQLAlchemy's ``pool_pre_ping`` checks every connection every time: one more round trip
    for each call through the database threads, about a tenth of their time in a profile
    of a PostgreSQL process while people arrive. A connection in steady use is
    known to be alive; if the server goes away between two of its uses, that one call fails
    and SQLAlchemy drops every connection the pool holds, so the next calls get new ones
    (the server's own calls go once more at once: ``Hall.db``)."""

    @event.listens_for(engine, "checkin")
    def _idle_from(dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or monotonic() - since < IDLE_CHECK_SECONDS:
            return  # new, or in steady use
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:
            raise DisconnectionError("a pooled connection died while idle") from exc
        if not alive:
            raise DisconnectionError("a pooled connection died while idle")


class Store:
    """Reads and writes games; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        #: This process's name among the site's processes (``processes.id``, ``bot_owner``).
        self.process = f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"
        self.engine: Engine = create_engine(url, future=True)
        if not url.startswith("sqlite"):  # a file needs no such check
            _check_idle_connections(self.engine)
        self.checkpointer: Checkpointer | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrate(self.engine)  # create or upgrade the schema (Alembic: .migrations)
        path = self.engine.url.database
        if self.engine.dialect.name == "sqlite" and path and path != ":memory:":
            self.checkpointer = Checkpointer(path)
        #: Several processes may share this database (PostgreSQL): changes are announced.
        self.shared = self.engine.dialect.name == "postgresql"
        #: A move's statements, compiled for this database's driver (:class:`_Driven`).
        self._state_writes = {b: _Driven(w, self.engine) for b, w in _STATE_WRITES.items()}
        self._move_writes = {b: _Driven(w, self.engine) for b, w in _MOVE_WRITES.items()}
        self._add_action = _Driven(_ADD_ACTION, self.engine)
        #: On a SQLite file, moves go through a plain connection per thread (see
        #: :meth:`_move_here`); their turn writes are compiled per number of roles.
        self._sqlite_file = (
            path
            if self.engine.dialect.name == "sqlite" and path not in (None, "", ":memory:")
            else None
        )
        self._here = threading.local()
        self._plain: list[sqlite3.Connection] = []
        self._turn_writes: dict[int, _Driven] = {}
        with self.engine.connect() as db:
            salt = db.execute(
                select(settings.c.value).where(settings.c.name == "address_salt")
            ).scalar_one()
        self._salt = salt.encode()

    def address_key(self, key: str) -> str:
        """What the database keeps of a client's address (its ``limits.client_key``): salted
        with the site's own secret and hashed, so that no address is stored in the clear."""
        return hashlib.sha256(self._salt + key.encode("utf-8", "replace")).hexdigest()[:32]

    def notify(self, db: Connection, notice: dict[str, Any]) -> None:
        """Announce ``notice`` (about a table) to every process of the site when ``db``'s
        transaction commits (PostgreSQL's NOTIFY; nothing on SQLite, one process only)."""
        if self.shared:
            notice["p"] = self.process
            db.execute(_NOTIFY, {"payload": json.dumps(notice, separators=(",", ":"))})

    def _advance(
        self,
        db: Connection,
        game_id: str,
        prior: int | None,
        values: dict[str, Any],
        *,
        bots: bool | None,
        notice: dict[str, Any],
    ) -> Written:
        """Change the game row in ``db``'s transaction if it is still at version ``prior``
        (None: whatever it is), else raise :class:`Conflict`; the row stays locked to the end
        of the transaction, so writes to one table go one at a time across processes.

        ``bots``: a bot is to move after this write (this process plays them unless another
        already does) or not (nobody does); None leaves the owner. Returns the owner and
        the moment, and announces ``notice`` with them."""
        now = _now()
        if prior is not None and values.keys() == _STATE_KEYS:
            # A move or an undo (the hot path): one statement built once, bound here.
            params = {f"g_{k}": v for k, v in values.items()}
            params.update(g_id=game_id, g_prior=prior, g_updated=now, g_process=self.process)
            found = self._state_writes[bots].first(db, params)
        else:
            values = {**values, "updated": now}
            if bots is True:
                values["bot_owner"] = func.coalesce(games.c.bot_owner, self.process)
            elif bots is False:
                values["bot_owner"] = None
            where = [games.c.id == game_id]
            if prior is not None:
                where.append(games.c.version == prior)
            row = db.execute(
                update(games).where(*where).values(**values).returning(games.c.bot_owner)
            ).first()
            found = (row.bot_owner,) if row is not None else None
        if found is None:
            raise Conflict(f"table {game_id} is no longer at version {prior}")
        owner: str | None = found[0]
        self.notify(db, {**notice, "t": game_id, "o": owner, "at": now})
        return Written(owner, now)

    def close(self) -> None:
        """Release the connection pool (after a last checkpoint)."""
        for plain in self._plain:
            with contextlib.suppress(sqlite3.Error):
                plain.close()
        self._plain.clear()
        if self.checkpointer is not None:
            self.checkpointer.stop()
        self.engine.dispose()

    # -- writes ------------------------------------------------------------------------------
    def create_game(
        self,
        game: GameRow,
        *,
        creator: str | None = None,
        kinds: Sequence[str] = (),
        quotas: dict[str, int] | None = None,
        per_minute: int | None = None,
        bots: bool = False,
        accounts: dict[str, str] | None = None,
    ) -> None:
        """Insert a new game with its seats (version 0, empty log), and link it as the
        rematch of ``game.rematch_of`` (:class:`Conflict` if that game has one already).
        ``accounts``: the seats (by role) that are an account's from the start, the person
        there now (the signed-in maker's own seat), in the same write.

        ``creator`` (an :meth:`address_key`) made it; it counts under ``kinds``. In the same
        transaction, one creator at a time (PostgreSQL: a lock per creator), :class:`Full` if
        the creator has ``quotas[kind]`` unfinished tables of one of ``kinds``, or made
        ``per_minute`` tables in the last minute. ``bots``: a bot moves first (this process
        plays it)."""
        now = _now()
        with self.engine.begin() as db:
            if creator is not None:
                self._check_creator(db, creator, kinds, quotas or {}, per_minute, now)
            db.execute(
                insert(games).values(
                    id=game.id,
                    title=game.title,
                    seed=game.seed if isinstance(game.seed, int) and abs(game.seed) < 2**62 else 0,
                    rng_seed=json.dumps(game.seed),
                    options=json.dumps(game.options),
                    status=game.status,
                    version=game.version,
                    state=game.state,
                    active=json.dumps(game.active),
                    result=None,
                    rematch_of=game.rematch_of,
                    created=now,
                    updated=now,
                    bot_owner=self.process if bots else None,
                    creator=creator,
                    kinds="|".join(kinds) or None,
                    pace=game.pace,
                    on_timeout=game.on_timeout,
                    rated=int(game.rated),
                    host=game.host,
                )
            )
            db.execute(
                insert(seats),
                [
                    {
                        "game": game.id,
                        "role": s.role,
                        "position": i,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "joined": int(s.joined),
                        "resigned": int(s.resigned),
                        "invited": s.invited,
                        "offer": s.offer,
                        "account": (accounts or {}).get(s.role),
                        "seen": now if s.role in (accounts or {}) else None,
                    }
                    for i, s in enumerate(game.seats)
                ],
            )
            if game.pace is not None and game.status == "playing":
                # A game over days that starts now: its first turns are timed from now.
                clocks.start_turns(db, game.id, game.active, now, game.pace)
            if game.rematch_of:  # the first rematch asked for wins, whichever process made it
                linked = db.execute(
                    update(games)
                    .where(games.c.id == game.rematch_of, games.c.rematch.is_(None))
                    .values(rematch=game.id, updated=now)
                ).rowcount
                if not linked:
                    raise Conflict(f"table {game.rematch_of} has a rematch already")
                # The same people: a seat that keeps its person's secret keeps their account,
                # so the rematch is in their "Your games" and its turns are told to them;
                # a seat offered to its account (another person's) is theirs once accepted.
                held = db.execute(
                    select(seats.c.token_hash, seats.c.account).where(
                        seats.c.game == game.rematch_of, seats.c.account.is_not(None)
                    )
                ).all()
                accounts = {r.token_hash: r.account for r in held if r.token_hash}
                for s in game.seats:
                    if s.token_hash in accounts and s.invited is None:
                        db.execute(
                            update(seats)
                            .where(seats.c.game == game.id, seats.c.role == s.role)
                            .values(account=accounts[s.token_hash])
                        )
                self.notify(db, {"t": game.rematch_of, "k": "row"})

    def _check_creator(
        self,
        db: Connection,
        creator: str,
        kinds: Sequence[str],
        quotas: dict[str, int],
        per_minute: int | None,
        now: int,
    ) -> None:
        """Raise :class:`Full` if ``creator`` may not make another table now (see
        :meth:`create_game`)."""
        if self.engine.dialect.name == "postgresql":  # one creation per creator at a time
            db.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": creator})
        mine = games.c.creator == creator
        if per_minute is not None:
            recent = db.execute(
                select(func.count()).select_from(games).where(mine, games.c.created > now - 60)
            ).scalar_one()
            if recent >= per_minute:
                raise Full("too many new tables from your address; wait a minute")
        for kind in kinds:
            limit = quotas.get(kind)
            if limit is None:
                continue
            running = db.execute(
                select(func.count())
                .select_from(games)
                .where(mine, games.c.status == "playing", games.c.kinds.contains(kind))
            ).scalar_one()
            if running >= limit:
                raise Full(
                    f"at most {limit} unfinished tables {kind} per address; wait for one to finish"
                )

    def record_action(self, move: Move, then: Callable[[Connection], Any] | None = None) -> Written:
        """Append the move's log entry and store the state it led to, in one transaction, if
        the game is still at version ``move.prior`` (else :class:`Conflict`, nothing
        written). Returns what the write left (``bots``: see :meth:`_advance`).

        ``then``: more to write in the same transaction once the move is (a game's end and
        its ratings commit together, or neither does); what it returns is ``Written.then``.

        The seats of ``move.began`` held by an account have their turn recorded in the same
        transaction (as :meth:`turn_began` does), and :attr:`Written.began` says how many
        there were. Most seats are played by link, so the turn notices' bookkeeping costs a
        move no more than one statement and no trip of its own to the database."""
        values, notice, entry = _move_parts(move)
        prior, bots, began = move.prior, move.bots, move.began
        if then is not None:
            with self.engine.begin() as db:
                written = self._advance(db, move.game, prior, values, bots=bots, notice=notice)
                self._add_action.first(db, entry)
                count = self._turn_began(db, move.game, began, move.version) if began else 0
                return replace(written, began=count, then=then(db))
        if self.shared and prior is not None:
            return self._move_in_one(
                values, entry, prior=prior, bots=bots, notice=notice, began=began
            )
        if self._sqlite_file is not None and prior is not None:
            return self._move_here(values, entry, prior=prior, bots=bots, began=began)
        with self.engine.begin() as db:
            written = self._advance(db, move.game, prior, values, bots=bots, notice=notice)
            self._add_action.first(db, entry)
            if began:
                count = self._turn_began(db, move.game, began, move.version)
                return replace(written, began=count)
            return written

    def _move_in_one(
        self,
        values: dict[str, Any],
        entry: dict[str, Any],
        *,
        prior: int,
        bots: bool | None,
        notice: dict[str, Any],
        began: Sequence[str],
    ) -> Written:
        """:meth:`record_action` on PostgreSQL, in one statement (:func:`_move_write`): the
        same write, log entry and notice as :meth:`_advance` and ``_ADD_ACTION``, in one
        round trip instead of three (a second when a turn began)."""
        _, params = self._move_params(values, entry, prior=prior, bots=bots, notice=notice)
        game_id = entry["game"]
        with self.engine.begin() as db:
            row = self._move_writes[bots].first(db, params)
            if row is None:
                raise Conflict(f"table {game_id} is no longer at version {prior}")
            count = self._turn_began(db, game_id, began, values["version"]) if began else 0
        return Written(row[0], entry["at"], count)

    def _move_here(
        self,
        values: dict[str, Any],
        entry: dict[str, Any],
        *,
        prior: int,
        bots: bool | None,
        began: Sequence[str],
    ) -> Written:
        """:meth:`record_action` on a SQLite file, on a plain connection of the calling
        thread's own: the same statements as through SQLAlchemy, whose transaction and
        execution machinery cost more than the statements themselves (the server writes
        its moves on the event loop)."""
        plain = self._plain_connection()
        game_id, now = entry["game"], entry["at"]
        params = {f"g_{k}": v for k, v in values.items()}
        params.update(g_id=game_id, g_prior=prior, g_updated=now, g_process=self.process)
        cursor = plain.cursor()
        try:
            found = self._state_writes[bots].on(cursor, params)
            if found is None:
                raise Conflict(f"table {game_id} is no longer at version {prior}")
            self._add_action.on(cursor, entry)
            count = 0
            if began:
                turns = {f"r{i}": r for i, r in enumerate(began)}
                turns.update(game=game_id, version=values["version"])
                self._turn_write(len(began)).on(cursor, turns)
                count = cursor.rowcount
            plain.commit()
        except BaseException:
            plain.rollback()
            raise
        finally:
            cursor.close()
        return Written(found[0], now, count)

    def _plain_connection(self) -> sqlite3.Connection:
        """The calling thread's own connection to the SQLite file (made at its first move)."""
        plain: sqlite3.Connection | None = getattr(self._here, "plain", None)
        if plain is None:
            plain = sqlite3.connect(self._sqlite_file or "", timeout=5, check_same_thread=False)
            _sqlite_pragmas(plain, None)
            self._here.plain = plain
            self._plain.append(plain)
        return plain

    def _turn_write(self, roles: int) -> _Driven:
        """:meth:`turn_began`'s write for ``roles`` roles (``:r0``...), compiled once."""
        found = self._turn_writes.get(roles)
        if found is None:
            matches = seats.c.role.in_([bindparam(f"r{i}") for i in range(roles)])
            statement = turn_write(bindparam("game"), matches, bindparam("version"))
            found = self._turn_writes[roles] = _Driven(statement, self.engine)
        return found

    def _move_params(
        self,
        values: dict[str, Any],
        entry: dict[str, Any],
        *,
        prior: int,
        bots: bool | None,
        notice: dict[str, Any],
    ) -> tuple[str, dict[str, Any]]:
        """The SQL of a move's one statement on PostgreSQL (:func:`_move_write`) and its
        parameters by name."""
        game_id, now = entry["game"], entry["at"]
        announced = {**notice, "t": game_id, "at": now, "p": self.process}
        head = json.dumps(announced, separators=(",", ":"))[:-1] + ',"o":'  # owner + "}" in SQL
        params = {f"g_{k}": v for k, v in values.items()}
        params.update(g_id=game_id, g_prior=prior, g_updated=now, g_process=self.process)
        params.update(a_n=entry["n"], a_role=entry["role"], a_verb=entry["verb"])
        params.update(a_arg=entry["arg"], head=head)
        driven = self._move_writes[bots]
        return driven.sql, {**driven.fixed, **params}

    def move_statement(self, move: Move) -> tuple[str, dict[str, Any], int]:
        """On PostgreSQL, :meth:`record_action`'s one statement for a driver of one's own
        (:mod:`crisis.server.store.moves` runs it from the event loop): its SQL, its parameters
        by name, and the moment it writes. It returns the bot owner the write left, or no
        row when the table is no longer at version ``move.prior`` (which it needs). The
        turns of ``move.began`` are the caller's to record."""
        if move.prior is None:
            raise ValueError("a move written in one statement names the version it follows")
        values, notice, entry = _move_parts(move)
        sql, params = self._move_params(
            values, entry, prior=move.prior, bots=move.bots, notice=notice
        )
        return sql, params, entry["at"]

    def record_undo(
        self,
        game_id: str,
        n: int,
        *,
        version: int,
        state: str,
        active: list[str],
        prior: int | None = None,
        bots: bool | None = None,
    ) -> Written:
        """Drop log entry ``n`` (the undone action) and store the restored state, if the game
        is still at version ``prior`` (else :class:`Conflict`)."""
        with self.engine.begin() as db:
            written = self._advance(
                db,
                game_id,
                prior,
                _state_values(version, state, active, None),
                bots=bots,
                notice={"k": "undo", "v": version, "n": n},
            )
            db.execute(delete(actions).where(actions.c.game == game_id, actions.c.n == n))
            return written

    def finish(
        self,
        game_id: str,
        *,
        version: int,
        result: dict[str, Any],
        resigned: str | None = None,
        prior: int | None = None,
        then: Callable[[Connection], Any] | None = None,
        left_at: int | None = None,
    ) -> Written:
        """End a game outside the rules (the last person resigned), in one transaction, if it
        is still at version ``prior`` (else :class:`Conflict`). ``left_at``: the log's length
        as they resigned; ``then``: as :meth:`record_action`'s."""
        with self.engine.begin() as db:
            written = self._advance(
                db,
                game_id,
                prior,
                {
                    "status": "finished",
                    "version": version,
                    "result": json.dumps(result),
                    "active": "[]",
                },
                bots=False,
                notice={"k": "row", "v": version},
            )
            if resigned is not None:
                db.execute(
                    update(seats)
                    .where(seats.c.game == game_id, seats.c.role == resigned)
                    .values(resigned=1, left_at=left_at)
                )
            if then is not None:
                return replace(written, then=then(db))
            return written

    def update_seat(
        self,
        game_id: str,
        role: str,
        *,
        version: int | None = None,
        prior: int | None = None,
        bots: bool | None = None,
        **values: Any,
    ) -> Written:
        """Change a seat (joined, name, resigned, kind, bot); with ``version``, also bump the
        game's version in the same transaction, if it is still at ``prior`` (else
        :class:`Conflict`). The game counts as changed (``updated``) either way.

        A person taking or renaming their seat (no new version) is announced with its
        values (:data:`SEAT_NEWS`), so other processes change the seat in memory instead of
        reading the table back; other changes announce only that the row
        changed."""
        notice: dict[str, Any] = {"k": "row", "v": version}
        if version is None and values and values.keys() <= {*SEAT_NEWS, "seen"}:
            notice = {
                "k": "seat",
                "r": role,
                "s": {k: values[k] for k in SEAT_NEWS & values.keys()},
            }
        with self.engine.begin() as db:
            written = self._advance(
                db,
                game_id,
                prior if version is not None else None,
                {"version": version} if version is not None else {},
                bots=bots,
                notice=notice,
            )
            db.execute(
                update(seats).where(seats.c.game == game_id, seats.c.role == role).values(**values)
            )
            return written

    def save_note(self, game_id: str, role: str, text: str) -> None:
        """Replace the private note of seat ``role``: one statement that inserts it or, if the
        seat has one, replaces it, so that two saves at once never collide."""
        values = {"game": game_id, "role": role, "text": text, "updated": _now()}
        dialect = self.engine.dialect.name
        with self.engine.begin() as db:
            if dialect in ("sqlite", "postgresql"):
                upsert = (sqlite_insert if dialect == "sqlite" else postgresql_insert)(notes)
                db.execute(
                    upsert.values(**values).on_conflict_do_update(
                        index_elements=[notes.c.game, notes.c.role],
                        set_={"text": text, "updated": values["updated"]},
                    )
                )
            else:  # another database: delete and insert in one transaction
                db.execute(delete(notes).where(notes.c.game == game_id, notes.c.role == role))
                db.execute(insert(notes).values(**values))

    def delete_abandoned(
        self,
        older_than_seconds: float,
        now: int | None = None,
        *,
        keep: Collection[str] = (),
        pause: float = 0.0,
    ) -> list[str]:
        """Delete the tables no person ever came to, and the open tables nobody answered, with
        everything that refers to them (seats, log, notes, chat, a kept finished game's link to
        them as its rematch); returns their ids.

        A table goes only if, at the moment it is deleted, it last changed more than
        ``older_than_seconds`` before ``now`` (default: the clock), nobody watches it, and

        - it is still open (:mod:`crisis.server.lobby.open_games`): its seats waited that long
          for players or for an invitee's answer, and nothing was played at it (nothing is
          before it starts); or
        - no seat of it was ever joined and no person's seat ever acted (bots may have
          moved), and either it is still being played and no person resigned from it, or it
          is finished: a person who resigned without ever joining or acting (create and
          resign makes a finished table at once) did not come either; a finished table a
          person joined or played in stays for good.

        Tables whose id is in ``keep`` (e.g. loaded in a server's memory) stay. The oldest go
        first, :data:`DELETE_BATCH` per transaction whose first statement re-checks every
        condition and takes the write lock, so a table joined or played meanwhile is never
        deleted; between two batches the calling thread sleeps ``pause`` seconds so that other
        writers get the lock (a sweep runs in a thread of its own: never the hall's).
        """
        cutoff = (_now() if now is None else now) - older_than_seconds
        person = seats.alias("person")
        never_played = and_(
            ~exists().where(seats.c.game == games.c.id, seats.c.joined != 0),
            # Bots may have moved (a bot may open the game); a person never did. A person who
            # resigned while others played on left his seat to a bot (kind "bot", still marked
            # resigned and holding his token's hash): its moves may be his, so they count.
            ~exists().where(
                actions.c.game == games.c.id,
                person.c.game == actions.c.game,
                person.c.role == actions.c.role,
                or_(
                    person.c.kind == "human",
                    person.c.token_hash.is_not(None),
                    person.c.resigned != 0,
                ),
            ),
            or_(
                and_(
                    games.c.status == "playing",
                    ~exists().where(seats.c.game == games.c.id, seats.c.resigned != 0),
                ),
                games.c.status == "finished",
            ),
        )
        unused = (
            games.c.updated < cutoff,
            # Nobody watches it through any process of the site.
            ~exists().where(sockets.c.game == games.c.id),
            or_(
                and_(games.c.status == "open", ~exists().where(actions.c.game == games.c.id)),
                never_played,
            ),
        )
        deleted: list[str] = []
        after: tuple[int, str] | None = None  # the last (updated, id) looked at
        wrote = False
        while True:
            query = select(games.c.updated, games.c.id).where(*unused)
            if after is not None:
                query = query.where(tuple_(games.c.updated, games.c.id) > tuple_(*after))
            with self.engine.connect() as db:
                found = db.execute(
                    query.order_by(games.c.updated, games.c.id).limit(DELETE_BATCH)
                ).all()
            if not found:
                return deleted
            after = (found[-1].updated, found[-1].id)
            ids = [row.id for row in found if row.id not in keep]
            if ids:
                if wrote and pause > 0:
                    time.sleep(pause)  # other writers take the lock in between
                deleted += self._delete_unused(ids, unused)
                wrote = True
            if len(found) < DELETE_BATCH:
                return deleted

    def _delete_unused(self, ids: list[str], unused: tuple[Any, ...]) -> list[str]:
        """Delete the games among ``ids`` that still meet ``unused``, in one transaction;
        returns the ids deleted."""
        with self.engine.begin() as db:
            # Marking them first re-checks the conditions and holds the write lock to the end.
            marked = db.execute(
                update(games).where(games.c.id.in_(ids), *unused).values(status="deleting")
            ).rowcount
            if not marked:
                return []
            gone = list(
                db.execute(
                    select(games.c.id).where(games.c.id.in_(ids), games.c.status == "deleting")
                ).scalars()
            )
            for table in (chat, notes, actions, seat_clocks, seats):
                db.execute(delete(table).where(table.c.game.in_(gone)))
            # A finished game whose rematch was never taken up may ask for a new one
            # (games_by_rematch finds it).
            db.execute(update(games).where(games.c.rematch.in_(gone)).values(rematch=None))
            db.execute(delete(games).where(games.c.id.in_(gone)))
            self.notify(db, {"k": "gone", "ids": gone})  # other processes drop them too
            return gone

    # -- reads -------------------------------------------------------------------------------
    def load_marks(self, game_id: str, role: str) -> str | None:
        """What seat ``role`` last saw of the map (the page's JSON; None: nothing yet)."""
        with self.engine.connect() as db:
            found = db.execute(
                select(seats.c.marks).where(seats.c.game == game_id, seats.c.role == role)
            ).scalar_one_or_none()
            return str(found) if found is not None else None

    def save_marks(self, game_id: str, role: str, marks: str) -> None:
        """Replace what seat ``role`` last saw of the map."""
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.game == game_id, seats.c.role == role)
                .values(marks=marks)
            )

    def load_note(self, game_id: str, role: str) -> str:
        """The private note of seat ``role`` ("" if none)."""
        with self.engine.connect() as db:
            text = db.execute(
                select(notes.c.text).where(notes.c.game == game_id, notes.c.role == role)
            ).scalar_one_or_none()
            return str(text) if text is not None else ""

    def add_chat(self, game_id: str, role: str, name: str, text: str) -> dict[str, Any]:
        """Append a chat message and, in the same transaction, drop the table's oldest past
        the newest :data:`CHAT_KEEP`; returns the message as stored. Numbers keep counting up
        from the last one (never reused after the oldest are dropped)."""
        with self.engine.begin() as db:
            # The game's row, locked: one message of a table at a time, across processes.
            db.execute(select(games.c.id).where(games.c.id == game_id).with_for_update())
            last = db.execute(
                select(func.max(chat.c.n)).where(chat.c.game == game_id)
            ).scalar_one_or_none()
            n = 0 if last is None else int(last) + 1
            entry = {"n": n, "role": role, "name": name, "text": text, "at": _now()}
            db.execute(insert(chat).values(game=game_id, **entry))
            db.execute(delete(chat).where(chat.c.game == game_id, chat.c.n <= n - CHAT_KEEP))
            self.notify(db, {"t": game_id, "k": "chat", "e": entry})
        return entry

    def load_chat(self, game_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The last ``limit`` chat messages of a game, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(chat.c.n, chat.c.role, chat.c.name, chat.c.text, chat.c.at)
                .where(chat.c.game == game_id)
                .order_by(chat.c.n.desc())
                .limit(limit)
            ).all()
        return [dict(r._mapping) for r in reversed(rows)]

    def load_game(self, game_id: str) -> GameRow | None:
        """The game with its seats, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = db.execute(
                select(seats).where(seats.c.game == game_id).order_by(seats.c.position)
            ).mappings()
            return _game(row, [_seat(s) for s in seat_rows])

    def load_log(self, game_id: str) -> list[list[Any]]:
        """The action log as ``[role, verb, arg]`` entries, in order."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(actions.c.role, actions.c.verb, actions.c.arg)
                .where(actions.c.game == game_id)
                .order_by(actions.c.n)
            )
            return [[r.role, r.verb, json.loads(r.arg)] for r in rows]

    def load_tail(self, game_id: str, start: int) -> tuple[GameRow, list[list[Any]], int] | None:
        """The game (as :meth:`load_game`), its log entries from ``start`` on and the log's
        length, read at one moment (a process catching up with another's changes)."""
        with self.engine.connect() as db:
            if self.shared:  # one snapshot for every statement (SQLite's read is one anyway)
                db = db.execution_options(isolation_level="REPEATABLE READ")
            db.begin()
            row = db.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = db.execute(
                select(seats).where(seats.c.game == game_id).order_by(seats.c.position)
            ).mappings()
            game = _game(row, [_seat(s) for s in seat_rows])
            entries = db.execute(
                select(actions.c.role, actions.c.verb, actions.c.arg)
                .where(actions.c.game == game_id, actions.c.n >= start)
                .order_by(actions.c.n)
            )
            tail = [[r.role, r.verb, json.loads(r.arg)] for r in entries]
            total = db.execute(
                select(func.count()).select_from(actions).where(actions.c.game == game_id)
            ).scalar_one()
            return game, tail, int(total)

    def overdue(self, now: int, limit: int = 100) -> list[str]:
        """Games over days whose last change is more than their pace ago: someone's time to
        move ran out (the longest overdue first, at most ``limit``)."""
        with self.engine.connect() as db:
            return list(
                db.execute(
                    select(games.c.id)
                    .where(
                        games.c.status == "playing",
                        games.c.pace.is_not(None),
                        games.c.updated + games.c.pace <= now,
                    )
                    .order_by(games.c.updated)
                    .limit(limit)
                ).scalars()
            )

    def release_bots(self, game_id: str) -> None:
        """Nobody plays the game's bots (none is to move) unless another process took them."""
        with self.engine.begin() as db:
            db.execute(
                update(games)
                .where(games.c.id == game_id, games.c.bot_owner == self.process)
                .values(bot_owner=None)
            )

    def log_length(self, game_id: str) -> int:
        """How many actions the stored log holds."""
        with self.engine.connect() as db:
            n = db.execute(
                select(func.count()).select_from(actions).where(actions.c.game == game_id)
            ).scalar_one()
            return int(n)

    def games_waiting(self) -> list[str]:
        """Games still being played (the server resumes their bots at start)."""
        with self.engine.connect() as db:
            rows = db.execute(select(games.c.id).where(games.c.status == "playing"))
            return [r.id for r in rows]

    def games_for_tokens(self, token_hashes: list[str]) -> list[tuple[str, str]]:
        """``(game id, role)`` for every seat held by one of ``token_hashes`` (all of them:
        :meth:`tables_for_tokens` lists the newest, with what the lobby shows)."""
        if not token_hashes:
            return []
        with self.engine.connect() as db:
            rows = db.execute(
                select(seats.c.game, seats.c.role).where(seats.c.token_hash.in_(token_hashes))
            )
            return [(r.game, r.role) for r in rows]

    def tables_for_tokens(
        self, token_hashes: list[str], limit: int = 50
    ) -> list[tuple[GameRow, list[str]]]:
        """The newest ``limit`` tables (last changed first) where one of ``token_hashes``
        holds a seat, each with the roles those hashes hold (in seat order), in two queries
        however many tables the hashes hold (a rematch chain reuses its seat secrets).

        The rows are summaries (:meth:`recent_games`): ``state`` is "" and ``seed`` 0."""
        if not token_hashes or limit <= 0:
            return []
        held = select(seats.c.game).where(seats.c.token_hash.in_(token_hashes))
        with self.engine.connect() as db:
            rows = (
                db.execute(
                    select(*_SUMMARY)
                    .where(games.c.id.in_(held))
                    .order_by(games.c.updated.desc(), games.c.id.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            tables = _summaries(db, rows, tokens=True)
        wanted = set(token_hashes)
        return [(row, [s.role for s in row.seats if s.token_hash in wanted]) for row in tables]

    def hosted_open(self, account: str) -> int:
        """How many tables ``account`` hosts that are listed as open (waiting for players to
        take a free seat; a table waiting only for invited players' answers is not)."""
        with self.engine.connect() as db:
            found: int = db.execute(
                select(func.count())
                .select_from(games)
                .where(*_LISTED_OPEN, games.c.host == account)
            ).scalar_one()
        return found

    def open_games(self, limit: int = 50) -> list[GameRow]:
        """Open tables waiting for players, the newest first (summaries, as
        :meth:`recent_games`)."""
        with self.engine.connect() as db:
            rows = (
                db.execute(
                    select(*_SUMMARY)
                    .where(*_LISTED_OPEN)
                    .order_by(games.c.updated.desc(), games.c.id.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            return _summaries(db, rows, tokens=False)

    def seated_accounts(self, game_ids: list[str]) -> dict[str, dict[str, str]]:
        """Which account holds which seat at each of ``game_ids`` (seats held by an account
        only): ``{game: {role: account}}``."""
        if not game_ids:
            return {}
        out: dict[str, dict[str, str]] = {}
        with self.engine.connect() as db:
            for r in db.execute(
                select(seats.c.game, seats.c.role, seats.c.account).where(
                    seats.c.game.in_(game_ids), seats.c.account.is_not(None)
                )
            ):
                out.setdefault(r.game, {})[r.role] = r.account
        return out

    def set_status(self, game_id: str, status: str, prior: int, bots: bool) -> Written:
        """Change a game's status (an open table starts: ``playing``) if it is still at
        version ``prior`` (else :class:`Conflict`), bumping its version."""
        with self.engine.begin() as db:
            return self._advance(
                db,
                game_id,
                prior,
                {"status": status, "version": prior + 1},
                bots=bots,
                notice={"k": "row", "v": prior + 1},
            )

    def start_waiting(
        self, game_id: str, prior: int, bot_seats: dict[str, tuple[str, str]], bots: bool
    ) -> Written:
        """Start a waiting table in one transaction, if it is still at version ``prior``
        (else :class:`Conflict`, nothing written): its status becomes ``playing`` and the
        seats of ``bot_seats`` (role: bot, name) bots'. A seat taken or accepted meanwhile
        changed the version, so it is never stored as a bot's."""
        with self.engine.begin() as db:
            written = self._advance(
                db,
                game_id,
                prior,
                {"status": "playing", "version": prior + 1},
                bots=bots,
                notice={"k": "row", "v": prior + 1},
            )
            for role, (bot, name) in bot_seats.items():
                db.execute(
                    update(seats)
                    .where(seats.c.game == game_id, seats.c.role == role)
                    .values(kind="bot", bot=bot, name=name, offer=None)
                )
            row = db.execute(
                select(games.c.pace, games.c.active).where(games.c.id == game_id)
            ).one()
            if row.pace is not None:  # its first turns are timed from its start
                clocks.start_turns(db, game_id, json.loads(row.active), written.at, row.pace)
            return written

    def mark_seen(self, game_id: str, roles: list[str], moment: int) -> None:
        """The people of ``roles`` were at the table at ``moment``."""
        if roles:
            with self.engine.begin() as db:
                db.execute(
                    update(seats)
                    .where(seats.c.game == game_id, seats.c.role.in_(roles))
                    .values(seen=moment)
                )

    def turn_began(self, game_id: str, roles: list[str], version: int) -> int:
        """Of ``roles``, the seats held by an account became ones to move at the game's
        ``version``: a turn notice is due for each until one goes out. Returns how many."""
        if not roles:
            return 0
        with self.engine.begin() as db:
            return self._turn_began(db, game_id, roles, version)

    def _turn_began(self, db: Connection, game_id: str, roles: Sequence[str], version: int) -> int:
        """:meth:`turn_began` in ``db``'s transaction."""
        done = db.execute(turn_write(game_id, seats.c.role.in_(list(roles)), version))
        return int(done.rowcount or 0)

    def claim_turn_notice(self, game_id: str, role: str) -> bool:
        """Mark the seat's current turn as noticed; False when it already was (by this
        process or another: one mail per turn however many processes look)."""
        with self.engine.begin() as db:
            done = db.execute(
                update(seats)
                .where(
                    seats.c.game == game_id,
                    seats.c.role == role,
                    seats.c.turn_at.is_not(None),
                    or_(seats.c.noticed.is_(None), seats.c.noticed < seats.c.turn_at),
                )
                .values(noticed=seats.c.turn_at)
            )
            return bool(done.rowcount)

    def close_open(self, game_id: str, prior: int) -> bool:
        """Delete an open table that is still open at version ``prior`` (its host closed it
        before it started); whether it was."""
        with self.engine.begin() as db:
            gone = db.execute(
                update(games)
                .where(games.c.id == game_id, games.c.status == "open", games.c.version == prior)
                .values(status="deleting")
            ).rowcount
            if not gone:
                return False
            for table in (chat, notes, actions, seat_clocks, seats):
                db.execute(delete(table).where(table.c.game == game_id))
            db.execute(delete(games).where(games.c.id == game_id))
            self.notify(db, {"k": "gone", "ids": [game_id]})
            return True

    def recent_games(self, limit: int = 30) -> list[GameRow]:
        """The most recently changed games, newest first (for spectators), in two queries.

        The rows are summaries, with what :func:`crisis.server.play.table.table_summary` shows:
        ``state`` is "" and ``seed`` 0 (neither is read from the database: a state is large
        and a server game's seed is its secret), seats without their token hashes. Never
        play or replay one: :meth:`load_game` has the whole game."""
        with self.engine.connect() as db:
            rows = (
                db.execute(
                    select(*_SUMMARY)
                    .order_by(games.c.updated.desc(), games.c.id.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            return _summaries(db, rows, tokens=False)


def _move_parts(move: Move) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A move's write in parts, however it is sent: the game row's new values, the notice
    announcing it, and its log entry (with the moment, ``at``)."""
    entry = {"game": move.game, "n": move.n, "role": move.role, "verb": move.action[0]}
    entry.update(arg=json.dumps(move.action[1]), at=_now())
    notice = {"k": "act", "v": move.version, "a": [move.n, move.role, *move.action]}
    values = _state_values(move.version, move.state, move.active, move.result)
    return values, notice, entry


def _state_values(
    version: int, state: str, active: list[str], result: dict[str, Any] | None
) -> dict[str, Any]:
    return {
        "version": version,
        "state": state,
        "active": json.dumps(active),
        "status": "finished" if result is not None else "playing",
        "result": json.dumps(result) if result is not None else None,
    }


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        role=row["role"],
        kind=row["kind"],
        name=row["name"],
        bot=row["bot"],
        token_hash=row["token_hash"],
        joined=bool(row["joined"]),
        resigned=bool(row["resigned"]),
        invited=row["invited"],
        offer=row["offer"],
    )


def _summaries(db: Connection, rows: Sequence[Any], *, tokens: bool) -> list[GameRow]:
    """Summary rows (see :meth:`Store.recent_games`) for the ``_SUMMARY`` rows ``rows``, with
    their seats (and the seats' token hashes if ``tokens``) read in one query."""
    held: dict[str, list[SeatRow]] = {row["id"]: [] for row in rows}
    if held:
        columns = (*_SEAT_SUMMARY, seats.c.token_hash) if tokens else _SEAT_SUMMARY
        found = db.execute(
            select(*columns)
            .where(seats.c.game.in_(list(held)))
            .order_by(seats.c.game, seats.c.position)
        ).mappings()
        for seat in found:
            held[seat["game"]].append(
                SeatRow(
                    role=seat["role"],
                    kind=seat["kind"],
                    name=seat["name"],
                    bot=seat["bot"],
                    token_hash=seat["token_hash"] if tokens else None,
                    joined=bool(seat["joined"]),
                    resigned=bool(seat["resigned"]),
                    invited=seat["invited"],
                    offer=seat["offer"],
                )
            )
    return [_game(row, held[row["id"]], summary=True) for row in rows]


def _game(row: Any, seat_rows: list[SeatRow], *, summary: bool = False) -> GameRow:
    """A stored game; a ``summary`` (a row of ``_SUMMARY`` columns) has no seed or state."""
    if summary:
        seed: Seed = 0
    else:
        stored = row["rng_seed"]
        seed = check_seed(json.loads(stored) if stored else f"{LEGACY_PREFIX}{row['seed']}")
    return GameRow(
        id=row["id"],
        title=row["title"],
        seed=seed,
        options=json.loads(row["options"]),
        status=row["status"],
        version=row["version"],
        state="" if summary else row["state"],
        active=json.loads(row["active"]),
        result=json.loads(row["result"]) if row["result"] else None,
        rematch_of=row["rematch_of"],
        rematch=row["rematch"],
        created=row["created"],
        updated=row["updated"],
        seats=seat_rows,
        bot_owner=None if summary else row["bot_owner"],
        pace=row["pace"],
        on_timeout=row["on_timeout"],
        rated=bool(row["rated"]),
        host=row["host"],
        unrated=row["unrated"],
    )


# Correspondence clocks: their tables join this schema (a module of their own; imported last,
# as it builds on the tables above).
