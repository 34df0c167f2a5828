"""Perfect recall for the OpenSpiel adapter: each player's own decisions, with what it saw.

A player's information state is its view now plus, for every decision it took, what it saw
then and what it chose. Computing a view costs far more than applying an action, so a
decision keeps the title state it was taken in and hashes the player's view the first time
someone asks. It keeps that state as a :func:`snapshot`, one flat ``bytes`` object: a live
state is dozens of containers, and a game's hundreds of them, kept alive for recall, made
Python's garbage collector take about 40% of the time of a random game. Histories are
persistent linked lists shared between clones.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec

from crisis.engine.title import TitleSpec


def view_digest(view: dict[str, Any]) -> str:
    """16 hex digits identifying a whole view (every field, not only what ``observe`` or
    ``render`` keep), so equal digests mean the same legal actions."""
    text = json.dumps(view, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def snapshot(title: TitleSpec, state: Any) -> tuple[bytes, int]:
    """``state`` as the title's JSON without its log, and the log's length then.

    A title's log only ever grows (both titles append to ``state.log`` and nothing else
    touches it), so the log at a past decision is the first ``n`` lines of the log the
    player sees now: the length identifies it, and leaving the lines out keeps a snapshot
    small (the log is most of a late state's JSON). The state is not touched: its JSON is
    that of a shallow copy with an empty log. A state that is no ``msgspec`` struct with a
    ``log`` list is kept whole, with length -1."""
    log = getattr(state, "log", None)
    if not isinstance(state, msgspec.Struct) or not isinstance(log, list):
        return title.rules.to_json(state), -1
    return title.rules.to_json(msgspec.structs.replace(state, log=[])), len(log)


class Decision:
    """One decision of one player: the catalog ``action`` it chose and a digest of its
    view when it chose (computed on first use from ``state``, the :func:`snapshot` of the
    title state it was taken in, then cached). The view's log is digested as its length."""

    __slots__ = ("_digest", "_state", "_title", "action", "role")

    def __init__(
        self,
        title: TitleSpec,
        role: str,
        state: tuple[bytes, int] | None,
        action: int,
        digest: str | None = None,
    ) -> None:
        self._title = title
        self.role = role
        self._state = state
        self.action = action
        self._digest = digest

    @property
    def digest(self) -> str:
        """16 hex digits identifying the role's view when it decided."""
        if self._digest is None:
            assert self._state is not None
            data, log_length = self._state
            view = self._title.rules.view(self._title.rules.from_json(data), self.role)
            self._digest = view_digest({**view, "log": log_length})
            self._state = None
        return self._digest

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the digest, never the state it was taken in."""
        return (Decision, (self._title, self.role, None, self.action, self.digest))


class History:
    """A persistent list of :class:`Decision` (``None`` is the empty list). Immutable, so a
    deep copy is the object itself; ``forgotten`` marks a history that a resampled state
    cannot know (another player's, see :meth:`CrisisState.resample_from_infostate`)."""

    __slots__ = ("forgotten", "last", "length", "prev")

    def __init__(
        self, prev: History | None, last: Decision | None, forgotten: int | None = None
    ) -> None:
        self.prev = prev
        self.last = last
        self.length: int = (prev.length if prev else 0) + (last is not None)
        inherited: int = prev.forgotten if prev else -1
        self.forgotten: int = forgotten if forgotten is not None else inherited

    def add(self, decision: Decision) -> History:
        """This history with ``decision`` appended."""
        return History(self, decision)

    def decisions(self) -> list[Decision]:
        """The decisions, oldest first."""
        out: list[Decision] = []
        node: History | None = self
        while node is not None:
            if node.last is not None:
                out.append(node.last)
            node = node.prev
        out.reverse()
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle flat (a long linked list would exceed the recursion limit)."""
        return (_rebuild, (self.decisions(), self.forgotten))


def _rebuild(decisions: list[Decision], forgotten: int) -> History:
    node = History(None, None, forgotten)
    for d in decisions:
        node = node.add(d)
    return node


def empty(forgotten: int = -1) -> History:
    """An empty history (``forgotten``: the player a resampled state was drawn for, or -1)."""
    return History(None, None, forgotten)
