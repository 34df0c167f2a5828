"""Replays: the view at any step of a game, rebuilt as setup + the first steps of its log.

A finished game shows any seat's view, hands included, and offers its full record (seed and
log). An unfinished game shows only what the asker could have seen then: the public view, or
the view of a seat whose secret they hold; its record stays private because the seed and the
log would reveal hands and the event deck.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from crisis.ai.advice import review as review_game
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.server.errors import BadMessage, Forbidden, NotOver
from crisis.server.table import Live

KEEP = 16


class Replays:
    """Replay positions kept between requests so stepping forward is cheap."""

    def __init__(self) -> None:
        self._matches: OrderedDict[tuple[str, int], tuple[Match, int]] = OrderedDict()
        self._reviews: dict[tuple[str, int], dict[str, Any]] = {}

    def view(self, live: Live, step: int, role: str | None, roles: set[str]) -> dict[str, Any]:
        """The view of ``role`` (None: public) after the first ``step`` actions."""
        total = len(live.match.log)
        if not 0 <= step <= total:
            raise BadMessage(f"step is between 0 and {total}")
        if role is not None and not live.finished and role not in roles:
            raise Forbidden("until the game is over a replay shows only your own seat's view")
        if role is not None and role not in live.match.roles():
            raise BadMessage(f"no seat {role!r} at this table")
        entry = _entry(live, step)
        label = None
        describe = live.title.describe
        if entry is not None and describe is not None:
            # The action in the title's own words, as it read just before it was taken.
            actor, action = live.match.log[step - 1]
            label = describe(self._at(live, step - 1).state, actor, [action])[0]["label"]
        match = self._at(live, step)
        view = match.view(role)
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

    def review(self, live: Live) -> dict[str, Any]:
        """Scores and estimated chances round by round (finished games only; cached)."""
        if not live.finished:
            raise NotOver("the review is published when the game is over")
        key = (live.id, live.version)
        if key not in self._reviews:
            self._reviews[key] = review_game(live.title.NAME, live.match.record())
            while len(self._reviews) > KEEP:
                self._reviews.pop(next(iter(self._reviews)))
        return {"table": live.id, **self._reviews[key]}

    def _at(self, live: Live, step: int) -> Match:
        key = (live.id, live.version)
        found = self._matches.pop(key, None)
        if found is None or found[1] > step:
            found = (Match(live.title, live.row.seed, dict(live.row.options)), 0)
        match, at = found
        for role, action in live.match.log[at:step]:
            match.apply(role, action)
        self._matches[key] = (match, step)
        while len(self._matches) > KEEP:
            self._matches.popitem(last=False)
        return match


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
