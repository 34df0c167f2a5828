"""Playing one bot game to the end and recording what a study needs.

A game is described by a :class:`GameSpec` (plain data, so it travels to worker processes
and Ray tasks) and produces a :class:`GameRecord`. Bots see only their role's view. A game
that passes ``max_actions`` is recorded as a stall; an exception is recorded as a crash with
its traceback; neither stops a simulation.
"""

from __future__ import annotations

import random
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

from crisis.ai import get_bot
from crisis.engine.title import TitleSpec
from crisis.games import DEFAULT_TITLE, get_title

MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class GameSpec:
    """One game to play: bot specs by seat (in the title's seat order), seed and options."""

    index: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    title: str = DEFAULT_TITLE
    max_actions: int = MAX_ACTIONS


@dataclass
class GameRecord:
    """The outcome of one game, seat by seat (lists follow the seat order)."""

    index: int
    seed: int
    players: int
    options: dict[str, Any]
    roles: list[str]
    bots: list[str]
    status: str = "ok"  # ok, stall or crash
    error: str = ""
    first: str = ""
    winner: str | None = None
    scores: dict[str, int] = field(default_factory=dict)
    ranking: list[str] = field(default_factory=list)
    reason: str | None = None
    rounds: int = 0
    actions: int = 0
    turns: dict[str, int] = field(default_factory=dict)
    think: dict[str, float] = field(default_factory=dict)
    max_think: dict[str, float] = field(default_factory=dict)
    bought: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def winner_bot(self) -> str | None:
        """The bot spec seated at the winning role."""
        if self.winner is None or self.winner not in self.roles:
            return None
        return self.bots[self.roles.index(self.winner)]

    def bot_of(self, role: str) -> str:
        """The bot spec seated at ``role``."""
        return self.bots[self.roles.index(role)]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON, Ray and the process pool)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> GameRecord:
        """The inverse of :meth:`to_dict`."""
        return cls(**raw)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` for game ``seed`` (stable across runs)."""
    return random.Random(seed * 1_000_003 + seat * 7_919 + 17)


def play_game(spec: GameSpec) -> GameRecord:
    """Play ``spec`` to the end (or to a stall or crash) and record it."""
    start = time.perf_counter()
    title = get_title(spec.title)
    options = {**spec.options, "players": len(spec.bots)}
    record = GameRecord(
        index=spec.index,
        seed=spec.seed,
        players=len(spec.bots),
        options=dict(spec.options),
        roles=[],
        bots=list(spec.bots),
    )
    try:
        state = title.rules.setup(spec.seed, options)
        roles = title.rules.roles(state)
        record.roles = list(roles)
        seats = zip(roles, spec.bots, strict=True)
        bots = {role: get_bot(name, spec.title) for role, name in seats}
        rngs = {role: seat_rng(spec.seed, i) for i, role in enumerate(roles)}
        record.think = dict.fromkeys(roles, 0.0)
        record.max_think = dict.fromkeys(roles, 0.0)
        first_view = title.rules.view(state, None)
        record.first = str(first_view.get("first", roles[0]))
        _play(title, state, bots, rngs, spec.max_actions, record)
    except Exception as exc:  # a crash is a result of the study, not the end of it
        record.status = "crash"
        record.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
    record.seconds = time.perf_counter() - start
    return record


def _play(
    title: TitleSpec[Any],
    state: Any,
    bots: dict[str, Any],
    rngs: dict[str, random.Random],
    max_actions: int,
    record: GameRecord,
) -> None:
    turn_start: dict[str, float] = {}
    turn_key: dict[str, Any] = {}
    while title.rules.result(state) is None:
        if record.actions >= max_actions:
            record.status = "stall"
            record.error = f"no result after {max_actions} actions"
            break
        active = title.rules.active(state)
        if not active:
            record.status = "stall"
            record.error = "the game has no result and nobody may act"
            break
        for role in active:
            legal = title.rules.actions(state, role)
            if not legal:
                continue
            view = title.rules.view(state, role)
            key = (view.get("round", view.get("turn")), view.get("current"))
            if turn_key.get(role) != key:
                turn_key[role], turn_start[role] = key, 0.0
                record.turns[role] = record.turns.get(role, 0) + 1  # unless the view counts
            t0 = time.perf_counter()
            action = bots[role].choose(view, role, legal, rngs[role])
            spent = time.perf_counter() - t0
            record.think[role] += spent
            turn_start[role] += spent
            record.max_think[role] = max(record.max_think[role], turn_start[role])
            title.rules.apply(state, role, action)
            record.actions += 1
            if title.rules.result(state) is not None:
                break
    _finish(title, state, record)


def _finish(title: TitleSpec[Any], state: Any, record: GameRecord) -> None:
    public = title.rules.view(state, None)
    record.rounds = int(public.get("round", public.get("turn", 0)) or 0)
    for entry in public.get("players", []):
        role = entry["role"]
        if "turns" in entry:  # the title's own count of turns taken
            record.turns[role] = int(entry["turns"])
        record.bought[role] = list(entry.get("bought", []))
    result = title.rules.result(state)
    if result is None:
        return
    record.winner = result.get("winner")
    record.scores = dict(result.get("scores", {}))
    record.ranking = list(result.get("ranking", []))
    record.reason = result.get("reason")
