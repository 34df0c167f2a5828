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
from crisis.engine.title import TitleSpec
from crisis.server.errors import Forbidden
from crisis.server.store import GameRow, SeatRow

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
    _views: dict[str | None, tuple[dict[str, Any], list[Any], list[Any], list[Any]]] = field(
        default_factory=dict
    )
    choices: dict[str, tuple[int, list[Action]]] = field(default_factory=dict)
    #: Another process changed the table while this one was catching up with it.
    behind: bool = False
    #: The table's public facts as the ``state`` messages of this version carry them (worked
    #: out once for all its watchers; forgotten by :meth:`changed` with the payloads).
    _summary: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.note_choices(None)
        # The title's ending verbs never change: sort them once, not in every message.
        self._ending = sorted(self.title.ending_verbs)

    def note_choices(self, actor: str | None) -> None:
        """Remember, per seat, the version at which its legal actions last changed (or it
        last acted): a client that saw an older version is stale for that seat. Undo is left
        out: another seat's move in a simultaneous step takes it away, and then it is simply
        refused as illegal."""
        for role in self.match.roles():
            acts = self.match.title.actions(self.match.state, role) if not self.finished else []
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
        The seat's view and its actions in the title's words are worked out once per version
        for both kinds, and only for a seat that has something to decide.
        """
        cached = self._payloads.get((role, full))
        if cached is not None:
            return cached
        view, acts, words, greyed = self._parts(role)
        lines = view.get("log")
        log_from = 0
        if not full and isinstance(lines, list) and len(lines) > LOG_TAIL:
            log_from = len(lines) - LOG_TAIL
            view = {**view, "log": lines[log_from:]}
        message = {
            "type": "state",
            "version": self.version,
            "role": role,
            "table": self._summary or self._summarise(),
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

    def _parts(self, role: str | None) -> tuple[dict[str, Any], list[Any], list[Any], list[Any]]:
        """``role``'s view, legal actions (as JSON), their descriptions and what more
        influence would allow, for this version (cached until :meth:`changed`)."""
        found = self._views.get(role)
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
            describe = self.title.describe
            if describe is not None and legal:
                words = describe(self.match.state, role, legal)
            unavailable = self.title.unavailable
            if unavailable is not None and legal:
                greyed = unavailable(self.match.state, role)
        parts = (self.match.view(role), acts, words, greyed)
        self._views[role] = parts
        return parts

    def changed(self) -> None:
        """Forget the cached payloads after a change."""
        self._payloads.clear()
        self._views.clear()
        self._summary = None


def deadline(row: GameRow) -> int | None:
    """When the time of the seats to move runs out (seconds since the epoch), for a game over
    days still being played (:mod:`crisis.server.clock`); None otherwise."""
    if row.pace is None or row.status != "playing":
        return None
    return row.updated + row.pace


def table_summary(row: GameRow) -> dict[str, Any]:
    """Public facts about a stored table."""
    return {
        "id": row.id,
        "title": row.title,
        "options": row.options,
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
        "seats": [
            {
                "role": s.role,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "joined": s.joined,
                "resigned": s.resigned,
            }
            for s in row.seats
        ],
    }
