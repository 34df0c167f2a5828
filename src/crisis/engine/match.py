"""A match: one title's state plus its action log and the undo snapshots.

The state itself stays pure data; the log (replay = setup + log) and the undo stack live here
so that the server, the CLI and the bots share one implementation. Undo is offered within a
player's turn and is cleared whenever dice are rolled, hidden information is revealed or the
set of active roles changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction, MalformedAction, UndoUnavailable
from crisis.engine.rng import Seed, check_seed
from crisis.engine.title import TitleSpec

UNDO = Action("undo")


@dataclass(frozen=True)
class Mark:
    """A match's position as :meth:`Match.mark` took it."""

    log: list[tuple[str, Action]]
    state: bytes
    undo: list[tuple[str, bytes]]


@dataclass
class Match:
    """A game in progress: ``title`` rules, the current ``state``, and the ``log`` of actions."""

    title: TitleSpec[Any]
    seed: Seed
    options: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    log: list[tuple[str, Action]] = field(default_factory=list)
    _undo: list[tuple[str, bytes]] = field(default_factory=list, repr=False)
    #: The state and its JSON, once :meth:`to_json` has encoded it (None after a change).
    _json: tuple[Any, bytes] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.title.rules.setup(self.seed, self.options)

    # -- queries ---------------------------------------------------------------------------
    def roles(self) -> list[str]:
        """Every seat of the game."""
        return self.title.rules.roles(self.state)

    def active(self) -> list[str]:
        """Roles that may act now."""
        return self.title.rules.active(self.state)

    def can_undo(self, role: str) -> bool:
        """Whether ``role`` may take back its last action."""
        return bool(self._undo) and self._undo[-1][0] == role

    def actions(self, role: str) -> list[Action]:
        """The title's legal actions for ``role``, plus ``undo`` where it is allowed."""
        acts = self.title.rules.actions(self.state, role)
        if self.can_undo(role):
            acts = [*acts, UNDO]
        return acts

    def view(self, role: str | None) -> dict[str, Any]:
        """The title's view for ``role`` with ``can_undo`` added."""
        v = self.title.rules.view(self.state, role)
        v["can_undo"] = role is not None and self.can_undo(role)
        return v

    def result(self) -> dict[str, Any] | None:
        """Final result, or ``None`` while the game goes on."""
        return self.title.rules.result(self.state)

    def to_json(self) -> bytes:
        """The current state as the title's JSON, encoded once per change: a server stores
        it after each move, and the next move keeps the same bytes as its undo snapshot.
        The state changes only through :meth:`apply` and :meth:`undo` (or by replacing
        ``state``); a change made to it in place elsewhere would not be seen here."""
        if self._json is None or self._json[0] is not self.state:
            self._json = (self.state, self.title.rules.to_json(self.state))
        return self._json[1]

    # -- changes ---------------------------------------------------------------------------
    def apply(self, role: str, action: Action | Any) -> None:
        """Apply ``action`` for ``role`` (``undo`` included); illegal input changes nothing."""
        action = Action.parse(action)
        if action.verb == "undo":
            self.undo(role)
            return
        before_active = self.title.rules.active(self.state)
        before_check = self.title.rules.checkpoint(self.state)
        snapshot = self.to_json()
        self.title.rules.apply(self.state, role, action)
        self._json = None
        self.log.append((role, action))
        after_active = self.title.rules.active(self.state)
        if self.title.rules.checkpoint(self.state) != before_check or after_active != before_active:
            self._undo.clear()
        else:
            self._undo.append((role, snapshot))

    def undo(self, role: str) -> None:
        """Take back ``role``'s last action if no dice, reveal or turn change came since."""
        if not self.can_undo(role):
            raise UndoUnavailable(f"{role} has nothing to undo now")
        _, snapshot = self._undo.pop()
        self.state = self.title.rules.from_json(snapshot)
        self._json = (self.state, snapshot)
        self.log.pop()

    def mark(self) -> Mark:
        """Where the match stands, for :meth:`back_to`: its state, log and undo steps (the
        state's JSON is the one :meth:`to_json` keeps, so taking a mark costs no encoding)."""
        return Mark(list(self.log), self.to_json(), list(self._undo))

    def back_to(self, mark: Mark) -> None:
        """Return to ``mark``, taken earlier with :meth:`mark`: the state, log and undo steps
        as they were, whatever was applied or undone since. A server whose write of an
        action failed takes the action back this way instead of rebuilding the match from
        its stored record."""
        self.log[:] = mark.log
        self.state = self.title.rules.from_json(mark.state)
        self._json = (self.state, mark.state)
        self._undo[:] = mark.undo

    # -- persistence -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Setup + log: everything needed to replay this match exactly."""
        return {
            "title": self.title.name,
            "seed": self.seed,
            "options": self.options,
            "log": [[role, *action.to_json()] for role, action in self.log],
        }

    @classmethod
    def replay(cls, title: TitleSpec[Any], record: dict[str, Any]) -> Match:
        """Rebuild a match from :meth:`record`'s output by applying its log in order."""
        match = cls(title, check_seed(record["seed"]), dict(record.get("options") or {}))
        for i, entry in enumerate(record.get("log", [])):
            try:
                if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
                    raise MalformedAction("a log entry is [role, verb, arg]")
                role, verb, arg = entry[0], entry[1], entry[2] if len(entry) > 2 else None
                match.apply(role, [verb, arg])
            except IllegalAction as exc:
                raise IllegalAction(f"replay entry {i} ({entry!r}) is illegal: {exc}") from exc
        return match

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.record())
