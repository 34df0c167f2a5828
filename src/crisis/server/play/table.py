"""One table in memory: the match, its stored row, its seats and who watches, and the
``state`` message each watcher is sent (the view of its seat, the legal actions in the
title's words, what ends a turn)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from crisis.ai import Bot
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.engine.title import TitleSpec, ViewSplit
from crisis.server.errors import Forbidden
from crisis.server.store.repository import GameRow, SeatRow

#: Log lines sent with each update (clients keep the rest).
LOG_TAIL = 40


def new_token() -> str:
    """A fresh seat secret (shown once, stored only as a hash)."""
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    """What the database keeps of a seat token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Watcher(Protocol):
    """A connection following a table (a browser tab, a script)."""

    roles: set[str]
    look: str | None

    def deliver(self, payload: bytes, *, replaceable: bool) -> None:
        """Queue ``payload`` for sending; a ``replaceable`` one supersedes older ones."""
        ...


@dataclass
class Live:
    """One table in memory: the match, the seats and who watches."""

    row: GameRow
    title: TitleSpec
    match: Match
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    #: Held while one change is applied and written: changes to a table go one at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[str, Bot] = field(default_factory=dict)
    _payloads: dict[tuple[str | None, bool], bytes] = field(default_factory=dict)
    #: This version's views (titles without a view split), legal actions and their words
    #: per role, the shared part of the views, and the log from a line on, each encoded.
    _views: dict[str | None, dict[str, Any]] = field(default_factory=dict)
    _acts: dict[str | None, tuple[list[Any], list[Any], list[Any]]] = field(default_factory=dict)
    _shared: tuple[dict[str, Any], list[Any]] | None = None
    _logs: dict[int, msgspec.Raw] = field(default_factory=dict)
    choices: dict[str, tuple[int, list[Action]]] = field(default_factory=dict)
    #: Another process changed the table while this one was catching up with it.
    behind: bool = False
    #: Moves other processes announced while this one was writing to the table, to apply
    #: once it is done (:meth:`~crisis.server.play.following.Following.heard`), and whether the
    #: table must also be caught up from the database.
    heard: list[dict[str, Any]] = field(default_factory=list)
    reload: bool = False
    #: The table's recent chat, oldest first, once read (every hello sends it: kept here
    #: rather than read again each time), and a count of the messages added since, so that
    #: a read racing a new message is not kept (see :meth:`remember_chat`).
    chat: list[dict[str, Any]] | None = None
    chat_added: int = 0
    #: The table's public facts as the ``state`` messages of this version carry them (worked
    #: out once for all its watchers; forgotten by :meth:`changed` with the payloads).
    _summary: dict[str, Any] | None = None
    _summary_raw: msgspec.Raw | None = None

    def __post_init__(self) -> None:
        self.note_choices(None)
        # The title's ending verbs never change: sort them once, not in every message.
        self._ending = sorted(self.title.rules.machine.ending())

    def note_choices(self, actor: str | None) -> None:
        """Remember, per seat, the version at which its legal actions last changed (or it
        last acted): a client that saw an older version is stale for that seat. Undo is left
        out: another seat's move in a simultaneous step takes it away, and then it is simply
        refused as illegal."""
        for role in self.match.roles():
            acts = (
                self.match.title.rules.actions(self.match.state, role) if not self.finished else []
            )
            before = self.choices.get(role)
            if before is None or role == actor or before[1] != acts:
                self.choices[role] = (self.version, acts)

    def stale(self, role: str, version: int) -> bool:
        """Whether a client that saw ``version`` acts on an outdated position for ``role``."""
        since = self.choices.get(role, (self.version, []))[0]
        return version < since or version > self.version

    @property
    def id(self) -> str:
        """The table id (also its link)."""
        return self.row.id

    @property
    def version(self) -> int:
        """Bumps on every change; clients send it back to prove they saw the latest."""
        return self.row.version

    @property
    def finished(self) -> bool:
        """Whether the game is over (by the rules or because every person resigned)."""
        return self.row.status == "finished"

    def seat(self, role: str) -> SeatRow:
        """The seat playing ``role``."""
        for s in self.row.seats:
            if s.role == role:
                return s
        raise Forbidden(f"no seat {role!r} at this table")

    def roles_for(self, tokens: Iterable[str]) -> set[str]:
        """The seats whose secret is among ``tokens``."""
        hashes = {hash_token(t) for t in tokens if isinstance(t, str) and t}
        return {
            s.role
            for s in self.row.seats
            if s.token_hash
            and not (s.resigned and not self.finished)  # a bot plays it now: no peeking
            and any(hmac.compare_digest(s.token_hash, h) for h in hashes)
        }

    def playable(self, roles: Iterable[str]) -> set[str]:
        """Those of ``roles`` a person may still hold here: not a seat they resigned (a bot
        plays it on, and its hand is no longer theirs to see) while the game goes on."""
        wanted = set(roles)
        return {
            s.role
            for s in self.row.seats
            if s.role in wanted and not (s.resigned and not self.finished)
        }

    def summary(self) -> dict[str, Any]:
        """Public facts about the table: seats, status, result, rematch."""
        return table_summary(self.row)

    def payload(self, role: str | None, *, full: bool = True) -> bytes:
        """The ``state`` message for a watcher looking as ``role`` (cached per version).

        Updates carry only the last :data:`LOG_TAIL` log lines, from ``log_from`` on; a
        ``full`` one (on connecting, changing seats or a stale action) carries the whole log.
        The seat's legal actions in the title's words are worked out once per version, and
        only for a seat that has something to decide. Where the title splits its view
        (:class:`~crisis.engine.title.ViewSplit`), what every watcher sees alike is worked
        out and encoded once per version for all of them, and only each seat's own part
        per watcher."""
        cached = self._payloads.get((role, full))
        if cached is not None:
            return cached
        acts, words, greyed = self._choices(role)
        view, log_from = self._wire_view(role, full)
        if self._summary_raw is None:
            self._summary_raw = msgspec.Raw(msgspec.json.encode(self._summary or self._summarise()))
        message = {
            "type": "state",
            "version": self.version,
            "role": role,
            "table": self._summary_raw,
            "view": view,
            "log_from": log_from,
            "actions": acts,
            "labels": words,
            "ending": self._ending,
            "unavailable": greyed,
        }
        data = msgspec.json.encode(message)
        self._payloads[(role, full)] = data
        return data

    def _summarise(self) -> dict[str, Any]:
        self._summary = table_summary(self.row)
        return self._summary

    def _wire_view(self, role: str | None, full: bool) -> tuple[dict[str, Any], int]:
        """``role``'s view as a ``state`` message carries it (the log's tail only, unless
        ``full``), and the index of its first log line."""
        split = self.title.rules.view_split
        if split is None:
            view = self._views.get(role)
            if view is None:
                view = self._views[role] = self.match.view(role)
            lines = view.get("log")
            if full or not isinstance(lines, list) or len(lines) <= LOG_TAIL:
                return view, 0
            return {**view, "log": lines[len(lines) - LOG_TAIL :]}, len(lines) - LOG_TAIL
        shared, lines = self._shared_view(split)
        log_from = 0 if full or len(lines) <= LOG_TAIL else len(lines) - LOG_TAIL
        log = self._logs.get(log_from)
        if log is None:
            log = self._logs[log_from] = msgspec.Raw(msgspec.json.encode(lines[log_from:]))
        own = split.own(self.match.state, role)
        own["can_undo"] = role is not None and self.match.can_undo(role)
        return {**shared, "log": log, **own}, log_from

    def _shared_view(self, split: ViewSplit) -> tuple[dict[str, Any], list[Any]]:
        """What every watcher's view holds alike, each part encoded once (the log apart:
        watchers get either all of it or its tail), and the log's lines."""
        if self._shared is None:
            parts = split.shared(self.match.state)
            lines = parts.pop("log", [])
            encode = msgspec.json.encode
            raw = {key: msgspec.Raw(encode(value)) for key, value in parts.items()}
            self._shared = (raw, lines if isinstance(lines, list) else list(lines))
        return self._shared

    def _choices(self, role: str | None) -> tuple[list[Any], list[Any], list[Any]]:
        """``role``'s legal actions (as JSON), their descriptions and what more influence
        would allow, for this version (cached until :meth:`changed`)."""
        found = self._acts.get(role)
        if found is not None:
            return found
        acts: list[Any] = []
        words: list[dict[str, Any]] = []
        greyed: list[dict[str, Any]] = []
        if role is not None and self.row.status == "playing":
            legal = self.match.actions(role)
            acts = [a.to_json() for a in legal]
            # Titles that describe their actions give the client labels, costs, odds and
            # what more influence would allow (optional members of the contract); a seat
            # with nothing to decide needs neither.
            describe = self.title.presentation.describe
            if describe is not None and legal:
                words = describe(self.match.state, role, legal)
            unavailable = self.title.presentation.unavailable
            if unavailable is not None and legal:
                greyed = unavailable(self.match.state, role)
        found = self._acts[role] = (acts, words, greyed)
        return found

    def remember_chat(self, entry: dict[str, Any], keep: int) -> None:
        """A chat message was added (here, or by another process): keep it with the recent
        ones held (``keep`` at most, in their numbers' order), if they are held."""
        self.chat_added += 1
        if self.chat is None or any(e["n"] == entry["n"] for e in self.chat):
            return
        self.chat.append(entry)
        if len(self.chat) > 1 and self.chat[-2]["n"] > entry["n"]:  # heard late: its place
            self.chat.sort(key=lambda e: int(e["n"]))
        del self.chat[:-keep]

    def changed(self) -> None:
        """Forget the cached payloads after a change."""
        self._payloads.clear()
        self._views.clear()
        self._acts.clear()
        self._logs.clear()
        self._shared = None
        self._summary = None
        self._summary_raw = None


def deadline(row: GameRow) -> int | None:
    """When the time of the seats to move runs out (seconds since the epoch), for a game over
    days still being played (:mod:`crisis.server.play.clock`); None otherwise."""
    if row.pace is None or row.status != "playing":
        return None
    return row.updated + row.pace


def summary_options(options: dict[str, Any]) -> dict[str, Any]:
    """A table's options as its summary says them: an option whose value is a whole data set
    (Rome in Crisis's own card set, up to the size of a request) is said to be there
    (``True``), not copied, since summaries go into every list of tables; the table's
    record keeps it whole."""
    return {k: True if isinstance(v, (dict, list)) else v for k, v in options.items()}


def table_summary(row: GameRow) -> dict[str, Any]:
    """Public facts about a stored table."""
    return {
        "id": row.id,
        "title": row.title,
        "options": summary_options(row.options),
        "status": row.status,
        "version": row.version,
        "active": row.active,
        "result": row.result,
        "rematch": row.rematch,
        "rematch_of": row.rematch_of,
        "updated": row.updated,
        # A game over days: seconds per move, what a timeout does, and when the time of the
        # seats to move runs out (None for a live game).
        "pace": row.pace,
        "on_timeout": row.on_timeout,
        "deadline": deadline(row),
        "rated": row.rated,
        # A rated game that ended without moving ratings: why (crisis.server.ratings.rate.Unrated).
        "unrated": row.unrated,
        # What the end of a rated game moved, per role: [before, after] (pushed with the end by
        # the process that wrote it; elsewhere GET /api/tables/{id}/players tells the same).
        "ratings": row.ratings,
        "seats": [
            {
                "role": s.role,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "joined": s.joined,
                "resigned": s.resigned,
                # An invitation: "waiting" for the named player to accept, or "declined".
                "offer": s.offer,
            }
            for s in row.seats
        ],
    }
