"""Title-agnostic glue between a title's contract and array-based learners.

:class:`Encoding` holds one title's action catalog for one set of setup options and turns a
state into what every adapter hands a policy: the observation vector of a role's view and the
mask of legal action ids. Nothing here knows any particular game: the title supplies the
catalog (``action_catalog``), the vector (``observe``) and, for titles whose action args name
things that are numbered during play (TOC's armies), ``canonical_action`` to map a legal
action to its catalog entry.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from crisis.engine.action import Action
from crisis.engine.title import TitleSpec
from crisis.games import TITLES, get_title

#: How the end of a game is turned into rewards (see :func:`final_rewards`).
REWARD_MODES = ("score", "rank", "win")

#: Every episode ends: the default limit on one seat's decisions in a game. Gymnasium ids are
#: registered with it as ``max_episode_steps`` (the learner's decisions), PettingZoo's
#: ``max_cycles`` defaults to it (decisions per seat) and OpenSpiel's ``max_moves`` to it
#: times the players (its ``max_game_length``). A game cut short there is scored from the
#: standings (:func:`truncated_result`). Whole games take 100-400 decisions per seat.
DEFAULT_MAX_STEPS = 2000

#: Declared bounds of every observation entry: titles scale their counts (legacy / 10 ...) so
#: values lie in [0, 15] in practice; the adapters clip into these bounds so that spaces are
#: finite (SuperSuit's ``normalize_obs`` and ``dtype`` need that).
OBSERVATION_LOW = 0.0
OBSERVATION_HIGH = 64.0
_LOW, _HIGH = np.array(OBSERVATION_LOW, np.float32), np.array(OBSERVATION_HIGH, np.float32)
#: NumPy's clip as the one ufunc it is (``np.clip`` wraps it in Python checks that cost more
#: than clipping a whole observation); where a NumPy version does not have it, the same
#: clip is two ufuncs (``_vector``).
_CLIP: np.ufunc | None = getattr(getattr(getattr(np, "_core", None), "umath", None), "clip", None)
#: Legal-action counts up to which a mask is set entry by entry (cheaper than turning the
#: ids into an index array first); more go through one fancy assignment.
_FEW = 16


def available_titles() -> list[str]:
    """The titles the research adapters can run (every registered title)."""
    return list(TITLES)


class LazyView(Mapping[str, Any]):
    """``role``'s view of ``state`` from ``build`` (a title's ``observed_view`` or ``view``),
    built on the first read (a title's canonical form of an action reads the view for some
    actions only)."""

    __slots__ = ("_build", "_role", "_state", "_view")

    def __init__(self, build: Callable[[Any, str], dict[str, Any]], state: Any, role: str) -> None:
        self._build, self._state, self._role = build, state, role
        self._view: dict[str, Any] | None = None

    def _built(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._build(self._state, self._role)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


@dataclass
class Step:
    """One role's decision point: its view (as ``observe`` reads it: the title's
    ``observed_view``, built on first read where the title observes the state directly),
    its legal actions by catalog id, and arrays."""

    view: Mapping[str, Any]
    legal: dict[int, Action]
    observation: np.ndarray
    mask: np.ndarray

    def as_obs(self) -> dict[str, np.ndarray]:
        """The observation dict of every adapter: ``observation`` and ``action_mask``."""
        return {"observation": self.observation, "action_mask": self.mask}


class Encoding:
    """The action catalog and observation encoding of ``title`` under ``options``.

    ``options`` are the setup options including ``players``. Actions are numbered by their
    place in the title's catalog; the observation is ``observe(view, role)`` as float32.
    """

    def __init__(self, title: str, options: dict[str, Any]) -> None:
        self.title_name = title
        self.title: TitleSpec = get_title(title)
        self.options = dict(options)
        self.catalog: list[Action] = self.title.research.action_catalog(self.options)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.catalog)}
        self.num_actions = len(self.catalog)
        self.observation_size = self.title.research.observation_size(self.options)
        self._canonical = self.title.research.canonical_action
        self._observed_view = self.title.research.observed_view or self.title.rules.view
        #: What the canonical form of an action reads (the title's small part of the view
        #: where it declares one) and the title's vector read from the state, if it has one.
        self._canonical_view = self.title.research.canonical_view or self._observed_view
        self._observe_state = self.title.research.observe_state

    def action_id(self, view: Mapping[str, Any], role: str, action: Action) -> int:
        """The catalog id of ``action`` (legal for ``role`` where it sees ``view``)."""
        key = self._canonical(view, role, action) if self._canonical else action
        try:
            return self.index[key]
        except KeyError:
            raise KeyError(
                f"{self.title_name}: legal action {action} ({key}) is not in the action catalog"
            ) from None

    def legal(
        self, state: Any, role: str, view: Mapping[str, Any] | None = None
    ) -> dict[int, Action]:
        """``role``'s legal actions in ``state`` by catalog id. Without ``view``, one is
        built only if the title's canonical form of some action reads it (TOC's army
        actions), so a search that asks only this is cheap."""
        actions = self.title.rules.actions(state, role)
        canonical, index = self._canonical, self.index
        try:
            if canonical is None:
                return {index[a]: a for a in actions}
            if view is None:
                view = LazyView(self._canonical_view, state, role)
            return {index[canonical(view, role, a)]: a for a in actions}
        except KeyError:  # name the action that is missing
            return {self.action_id(view or {}, role, a): a for a in actions}

    def step(self, state: Any, role: str) -> Step:
        """``role``'s view (the title's ``observed_view`` where it declares one: the view less
        what ``observe`` never reads), legal actions by id, observation and mask in ``state``.

        Where the title reads its vector from the state (``observe_state``), the view is a
        :class:`LazyView`, built only if something reads it."""
        if self._observe_state is not None:
            lazy = LazyView(self._observed_view, state, role)
            legal = self.legal(state, role)
            observation = self._vector(self._observe_state(state, role))
            view: Mapping[str, Any] = lazy
        else:
            built = self._observed_view(state, role)
            legal = self.legal(state, role, built)
            observation = self.observe(built, role)
            view = built
        return Step(view, legal, observation, self.mask(legal))

    def mask(self, legal: Mapping[int, Action]) -> np.ndarray:
        """The action mask of ``legal`` (catalog ids): 1 where legal, else 0."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if len(legal) <= _FEW:
            for i in legal:
                mask[i] = 1
        else:
            mask[list(legal)] = 1
        return mask

    def observe_state(self, state: Any, role: str) -> np.ndarray:
        """``role``'s observation vector in ``state``: the title's ``observe_state`` where it
        declares one, else read from the lean view (the title's ``observed_view``); the same
        vector as from the whole view, with less built."""
        if self._observe_state is not None:
            return self._vector(self._observe_state(state, role))
        return self.observe(self._observed_view(state, role), role)

    def observe(self, view: dict[str, Any], role: str) -> np.ndarray:
        """``role``'s observation vector from ``view``, as float32 clipped into
        [:data:`OBSERVATION_LOW`, :data:`OBSERVATION_HIGH`]."""
        return self._vector(self.title.research.observe(view, role))

    @staticmethod
    def _vector(raw: Any) -> np.ndarray:
        """A title's vector as float32 clipped into the declared bounds."""
        if isinstance(raw, array) and raw.typecode == "d":
            # The title's own buffer of doubles: one cast in C, not one per entry.
            obs = np.frombuffer(raw, dtype=np.float64).astype(np.float32)
        else:
            obs = np.asarray(raw, dtype=np.float32)
        if _CLIP is not None:
            return _CLIP(obs, _LOW, _HIGH, out=obs)
        np.minimum(obs, _HIGH, out=obs)
        return np.maximum(obs, _LOW, out=obs)

    def empty_mask(self) -> np.ndarray:
        """A mask with no legal action (for roles that may not act)."""
        return np.zeros(self.num_actions, dtype=np.int8)


def acting_role(title: TitleSpec, state: Any) -> str | None:
    """Who acts next when simultaneous choices are taken one at a time: the first role in
    seat order among the active ones (``None`` when nobody may act).

    Sequentializing secret simultaneous choices is sound because no view shows another
    role's pending pick (tests/rl/test_simultaneous.py checks it per title)."""
    active = title.rules.active(state)
    if not active:
        return None
    if len(active) == 1:
        return active[0]
    chosen = set(active)
    for role in title.rules.roles(state):
        if role in chosen:
            return role
    return active[0]


def final_rewards(result: dict[str, Any], roles: list[str], mode: str) -> dict[str, float]:
    """Each role's reward for a finished game.

    ``score``: the role's final score (TOC: legacy). ``rank``: +1 for first place down to -1
    for last, evenly spaced (the title's tie-broken ranking). ``win``: 1 for the winner(s),
    0 for everyone else.
    """
    if mode == "score":
        scores = result["scores"]
        return {r: float(scores[r]) for r in roles}
    ranking = list(result["ranking"])
    if mode == "rank":
        n = len(ranking)
        if n < 2:
            return dict.fromkeys(roles, 0.0)
        return {r: 1.0 - 2.0 * ranking.index(r) / (n - 1) for r in roles}
    if mode == "win":
        winners = result.get("winners") or [result.get("winner", ranking[0])]
        return {r: 1.0 if r in winners else 0.0 for r in roles}
    raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")


def reward_bounds(title: TitleSpec, options: dict[str, Any], mode: str) -> tuple[float, float]:
    """Bounds of :func:`final_rewards` (``score``: the title's declared ``score_range``)."""
    if mode not in REWARD_MODES:
        raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")
    if mode == "rank":
        return (-1.0, 1.0)
    if mode == "win":
        return (0.0, 1.0)
    low, high = title.research.score_range
    return (float(low), float(high))


def truncated_result(title: TitleSpec, state: Any) -> dict[str, Any]:
    """The result of a game cut short (an episode limit): the standings so far, from the
    title's ``scores``, ranked by score with ties in seat order, the leaders as winners, and
    ``truncated: True``. Every adapter scores a truncated game with this and
    :func:`final_rewards`, and puts it in ``info["result"]``."""
    scores = {r: int(v) for r, v in title.rules.scores(state).items()}
    seats = list(title.rules.roles(state))
    ranking = sorted(seats, key=lambda r: (-scores[r], seats.index(r)))
    best = scores[ranking[0]]
    return {
        "scores": scores,
        "ranking": ranking,
        "winners": [r for r in ranking if scores[r] == best],
        "winner": ranking[0],
        "reason": "cut short at the episode limit: scored from the standings",
        "truncated": True,
    }


def observation_box(size: int) -> Any:
    """The finite ``Box`` of an observation vector of ``size`` entries."""
    import gymnasium

    return gymnasium.spaces.Box(
        low=OBSERVATION_LOW, high=OBSERVATION_HIGH, shape=(size,), dtype=np.float32
    )


def setup_options(players: int | None, options: dict[str, Any] | None) -> dict[str, Any]:
    """The setup options with ``players`` merged in (``players`` wins over the dict)."""
    out = dict(options or {})
    if players is not None:
        out["players"] = players
    out.setdefault("players", 4)
    return out
