"""Replays: the view at any step of a game, rebuilt as setup + the first steps of its log.

Walking a replay forward keeps the title's state every :data:`CHECKPOINT_EVERY` steps, so any
later request (forward, backward or a jump) starts from the nearest checkpoint at or before the
step it asks for and applies at most that many actions: stepping backwards never replays the
game from its start again. A table's checkpoints outlive its moves: the log only grows or loses
its last entries (undo), so a new version keeps every checkpoint up to where its log still
agrees with the one they were taken from, and watching a live game's replay stays cheap too.

A finished game shows any seat's view, hands included, and offers its full record (seed and
log). An unfinished game shows only what the asker could have seen then: the public view, or
the view of a seat whose secret they hold; its record stays private because the seed and the
log would reveal hands and the event deck.
"""

from __future__ import annotations

import asyncio
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from crisis.ai.advice import review as review_game
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title
from crisis.server.errors import BadMessage, Forbidden, NotOver
from crisis.server.play.table import Live
from crisis.server.play.workers import Priority, Workers

#: Tables whose replay checkpoints (and games whose reviews) are kept in memory; past this
#: many the least recently used goes.
KEEP = 16
#: A replay keeps the state after every this many steps: no request applies more actions than
#: this once the replay has been walked that far (the first walk forward records them).
CHECKPOINT_EVERY = 32


@dataclass
class _Walk:
    """One table's replay: its checkpoints and the position last shown, for the log as it
    stood at ``version``."""

    version: int
    #: The log the rest was taken from (a copy: the table's own list changes).
    log: list[tuple[str, Action]]
    #: ``checkpoints[i]``: the state after ``i * CHECKPOINT_EVERY`` steps (zlib'd ``to_json``),
    #: recorded without gaps from step 0 on.
    checkpoints: list[bytes]
    #: The position last shown and its step (None: none kept).
    match: Match | None = None
    step: int = 0
    #: Each step's action in the title's words, once shown (a finished game's steps only).
    labels: dict[int, str] = field(default_factory=dict)

    def follow(self, version: int, log: list[tuple[str, Action]]) -> None:
        """Keep what still holds for ``log`` (the table's log at ``version``): everything up
        to the first entry where it differs from the log this was taken from."""
        if version == self.version and len(log) == len(self.log):
            return
        pairs = enumerate(zip(self.log, log, strict=False))
        same = next(
            (i for i, (a, b) in pairs if a is not b and a != b), min(len(self.log), len(log))
        )
        del self.checkpoints[same // CHECKPOINT_EVERY + 1 :]
        if self.step > same:
            self.match = None
        self.labels = {step: label for step, label in self.labels.items() if step <= same}
        self.version, self.log = version, list(log)


class Replays:
    """Replay positions kept between requests, so that any step is cheap to show."""

    def __init__(self) -> None:
        self._walks: OrderedDict[str, _Walk] = OrderedDict()
        self._reviews: dict[tuple[str, int], dict[str, Any]] = {}
        self._reviewing: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        #: A table's checkpoints being recorded in a worker (one walk at a time per table).
        self._filling: dict[str, asyncio.Future[None]] = {}

    async def prepare(
        self,
        live: Live,
        step: int,
        role: str | None,
        roles: set[str],
        workers: Workers,
        key: str = "",
    ) -> None:
        """Record, in a worker process, the checkpoints that showing ``step`` of ``live`` to
        ``role`` lacks, so that :meth:`view` then applies at most :data:`CHECKPOINT_EVERY`
        actions on the event loop. Refused first as :meth:`view` refuses (nothing is walked
        for a request that would be refused). Askers of one table share its walk; ``key``
        (the asker's address) takes turns with other askers in the workers' queue. Raises
        ``Busy`` when no worker is free for long."""
        _check(live, step, role, roles)
        for _ in range(3):  # the log may change during a walk (a live game): look again
            if not _lacks(self._walk(live), step):
                return
            pending = self._filling.get(live.id)
            if pending is None:
                job = self._fill(live, step, workers, key)
                pending = self._filling[live.id] = asyncio.ensure_future(job)
                pending.add_done_callback(self._filled(live.id))
            # Shielded: one asker leaving does not cancel the walk the others wait for.
            await asyncio.shield(pending)

    def _filled(self, table: str) -> Any:
        """A done callback that forgets ``table``'s walk once it has ended."""

        def forget(done: asyncio.Future[None]) -> None:
            if self._filling.get(table) is done:
                del self._filling[table]

        return forget

    async def _fill(self, live: Live, step: int, workers: Workers, key: str) -> None:
        """Record the checkpoints up to ``step`` in a worker and keep them if the log they
        were walked from still stands."""
        walk = self._walk(live)
        every, have = CHECKPOINT_EVERY, len(walk.checkpoints)
        walked = walk.log[(have - 1) * every : step // every * every]
        made = await workers.call(
            Priority.REPLAY,
            walk_checkpoints,
            live.title.name,
            live.row.seed,
            dict(live.row.options),
            walk.checkpoints[-1],
            walked,
            seconds=len(walked) / 1000,  # a millisecond an action: many times what it takes
            key=key,
        )
        walk = self._walk(live)
        since = walk.log[(have - 1) * every :][: len(walked)]
        if len(walk.checkpoints) == have and since == walked:
            walk.checkpoints.extend(made)

    def view(self, live: Live, step: int, role: str | None, roles: set[str]) -> dict[str, Any]:
        """The view of ``role`` (None: public) after the first ``step`` actions."""
        _check(live, step, role, roles)
        total = len(live.match.log)
        entry = _entry(live, step)
        walk = self._walk(live)
        label = None
        describe = live.title.presentation.describe
        if entry is not None and describe is not None:
            # The action in the title's own words, as it read just before it was taken.
            label = walk.labels.get(step)
            if label is None:
                actor, action = live.match.log[step - 1]
                before = self._at(live, walk, step - 1).state
                label = walk.labels[step] = describe(before, actor, [action])[0]["label"]
        view = self._at(live, walk, step).view(role)
        view.pop("can_undo", None)
        return {
            "type": "replay",
            "table": live.id,
            "step": step,
            "steps": total,
            "role": role,
            "view": view,
            "action": entry,
            "label": label,
        }

    async def review(self, live: Live, workers: Workers) -> dict[str, Any]:
        """Scores and estimated chances round by round (finished games only; cached).

        Computed in a worker process at review priority (the game is replayed once more, with
        an estimate per round): never on the event loop, and once per game however many ask
        at the same time.
        """
        if not live.finished:
            raise NotOver("the review is published when the game is over")
        key = (live.id, live.version)
        found = self._reviews.get(key)
        if found is None:
            pending = self._reviewing.get(key)
            if pending is None:
                job = workers.call(
                    Priority.REVIEW, review_game, live.title.name, live.match.record(), key=live.id
                )
                pending = self._reviewing[key] = asyncio.ensure_future(job)
                pending.add_done_callback(lambda _: self._reviewing.pop(key, None))
            # Shielded: one asker leaving does not cancel the others' review.
            found = await asyncio.shield(pending)
            self._reviews[key] = found
            while len(self._reviews) > KEEP:
                self._reviews.pop(next(iter(self._reviews)))
        return {"table": live.id, **found}

    def _walk(self, live: Live) -> _Walk:
        """The replay of ``live`` as its log stands now, made the most recently used."""
        walk = self._walks.pop(live.id, None)
        if walk is None:
            match = Match(live.title, live.row.seed, dict(live.row.options))
            start = _pack(live.title.rules.to_json(match.state))
            walk = _Walk(live.version, list(live.match.log), [start], match, 0)
        else:
            walk.follow(live.version, live.match.log)
        self._walks[live.id] = walk
        while len(self._walks) > KEEP:
            self._walks.popitem(last=False)
        return walk

    def _at(self, live: Live, walk: _Walk, step: int) -> Match:
        """The match after the first ``step`` actions of ``live``'s log.

        Starts from the position last shown if it lies between the nearest checkpoint at or
        before ``step`` and ``step``, else from that checkpoint; records the checkpoints it
        passes that were not recorded yet.
        """
        title, every = live.title, CHECKPOINT_EVERY
        nearest = min(step // every, len(walk.checkpoints) - 1)
        match = walk.match
        if match is None or walk.step > step or walk.step < nearest * every:
            state = title.rules.from_json(zlib.decompress(walk.checkpoints[nearest]))
            match = walk.match = Match(title, live.row.seed, dict(live.row.options), state=state)
            walk.step = nearest * every
        for role, action in walk.log[walk.step : step]:
            match.apply(role, action)
            walk.step += 1
            if walk.step == len(walk.checkpoints) * every:
                walk.checkpoints.append(_pack(title.rules.to_json(match.state)))
        return match


def _check(live: Live, step: int, role: str | None, roles: set[str]) -> None:
    """Refuse a replay request that asks for a step out of range, or for a seat's view that
    the asker may not see (an unfinished game shows only the asker's own seats)."""
    total = len(live.match.log)
    if not 0 <= step <= total:
        raise BadMessage(f"step is between 0 and {total}")
    if role is not None and not live.finished and role not in roles:
        raise Forbidden("until the game is over a replay shows only your own seat's view")
    if role is not None and role not in live.match.roles():
        raise BadMessage(f"no seat {role!r} at this table")


def _lacks(walk: _Walk, step: int) -> bool:
    """Whether showing ``step`` from ``walk`` would apply more than a checkpoint's worth of
    actions (its checkpoint is not recorded and the position last shown is not close)."""
    every = CHECKPOINT_EVERY
    if step // every < len(walk.checkpoints):
        return False
    return walk.match is None or not 0 <= step - walk.step <= every


def walk_checkpoints(
    title: str, seed: Any, options: dict[str, Any], start: bytes, log: list[tuple[str, Action]]
) -> list[bytes]:
    """The checkpoints after every :data:`CHECKPOINT_EVERY` actions of ``log`` applied to the
    packed state ``start`` (a worker process's job: see :meth:`Replays.prepare`)."""
    spec = get_title(title)
    state = spec.rules.from_json(zlib.decompress(start))
    match = Match(spec, seed, options, state=state)
    out: list[bytes] = []
    for i, (role, action) in enumerate(log, 1):
        match.apply(role, action)
        if i % CHECKPOINT_EVERY == 0:
            out.append(_pack(spec.rules.to_json(match.state)))
    return out


def _pack(data: bytes) -> bytes:
    """A checkpoint as kept in memory (a state compresses to about a sixth)."""
    return zlib.compress(data, 1)


def _entry(live: Live, step: int) -> list[Any] | None:
    """The action that led to ``step`` (finished games only: it may name a secret card)."""
    if step == 0 or not live.finished:
        return None
    role, action = live.match.log[step - 1]
    return [role, *Action.to_json(action)]


def record(live: Live) -> dict[str, Any]:
    """Setup + log of a finished game."""
    if not live.finished:
        raise NotOver("the full record is published when the game is over")
    out = live.match.record()
    out["result"] = live.row.result
    out["seats"] = live.summary()["seats"]
    return out
