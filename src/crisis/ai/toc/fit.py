"""Fitting the evaluator's weights (:mod:`crisis.ai.toc.evaluate`) from bot games.

A *position* is one turn start of a Time of Crisis game: every player's
:func:`~crisis.ai.toc.evaluate.features` there, and which of them went on to win. The
evaluator turns the players' linear scores into chances of winning by a soft-max, so its
weights are those of a conditional logit (a multinomial logit over the players of each
position); :func:`fit` finds them by maximum likelihood and :func:`log_loss` scores any
weights on positions. ``tools/fit_evaluator.py`` is the command line around them: it
redoes the fit behind :data:`~crisis.ai.toc.evaluate.REFIT`. Every position of
one fit must have the same number of players.

The games are played exactly as :func:`crisis.sim.runner.play_game` plays a
:class:`~crisis.sim.GameSpec` (same bots, same random generators, same order of calls), so
``crisis simulate`` with the same bots and seed plays the same games. Needs numpy (the
``rl`` extra).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from crisis.ai import get_bot
from crisis.ai.toc.evaluate import WEIGHTS, features
from crisis.games import get_title
from crisis.sim.runner import GameSpec, seat_rng

#: The features in the order of the fitted vector (that of :data:`evaluate.WEIGHTS`).
NAMES: tuple[str, ...] = tuple(WEIGHTS)


@dataclass(frozen=True)
class Position:
    """One turn start: ``rows[i]`` is player ``i``'s features (in :data:`NAMES` order) and
    ``winner`` the index of the player who won the game; ``game`` is the game's index and
    ``round`` the game round the turn is in."""

    game: int
    rows: tuple[tuple[float, ...], ...]
    winner: int
    round: int = 0


def positions(spec: GameSpec) -> list[Position]:
    """Play ``spec`` as the simulator does and return its turn starts (where the round or
    the current player changes, setup over: any role's view shows every player's public
    features), labelled with the winner; a game that ends without a winner or passes
    ``spec.max_actions`` gives none."""
    title = get_title(spec.title)
    state = title.rules.setup(spec.seed, {**spec.options, "players": len(spec.bots)})
    roles = list(title.rules.roles(state))
    bots = {role: get_bot(name, spec.title) for role, name in zip(roles, spec.bots, strict=True)}
    rngs = {role: seat_rng(spec.seed, i) for i, role in enumerate(roles)}
    starts: list[tuple[int, tuple[tuple[float, ...], ...]]] = []
    last: Any = None
    actions = 0
    while title.rules.result(state) is None and actions < spec.max_actions:
        active = title.rules.active(state)
        if not active:
            return []
        for role in active:
            legal = title.rules.actions(state, role)
            if not legal:
                continue
            view = title.rules.view(state, role)
            key = (view["round"], view["current"], view["phase"] == "setup")
            if key != last and not key[2]:  # a turn began (setup is no one's turn)
                last = key
                feats = features(view)
                rows = tuple(tuple(float(feats[r][n]) for n in NAMES) for r in roles)
                starts.append((int(view["round"]), rows))
            title.rules.apply(state, role, bots[role].choose(view, role, legal, rngs[role]))
            actions += 1
            if title.rules.result(state) is not None:
                break
    result = title.rules.result(state)
    if not result or result.get("winner") not in roles:
        return []
    won = roles.index(result["winner"])
    return [Position(spec.index, rows, won, at) for at, rows in starts]


def play(specs: Sequence[GameSpec], jobs: int = 1) -> Iterator[list[Position]]:
    """Each game's positions, in the order of ``specs``, on ``jobs`` worker processes (1:
    in this process)."""
    if jobs <= 1:
        yield from map(positions, specs)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(positions, specs, chunksize=4)


def _arrays(data: Sequence[Position]) -> tuple[np.ndarray, np.ndarray]:
    """Features as an array (positions, players, features) and winners as indices."""
    return np.array([p.rows for p in data], dtype=float), np.array([p.winner for p in data])


def _vector(weights: dict[str, float]) -> np.ndarray:
    return np.array([weights.get(n, 0.0) for n in NAMES])


def _log_likelihood(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, np.ndarray]:
    """The log-likelihood of winners ``y`` under weights ``w``, and the players' chances."""
    s = x @ w
    s -= s.max(axis=1, keepdims=True)
    log_p = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    return float(log_p[np.arange(len(y)), y].sum()), np.exp(log_p)


def log_loss(data: Sequence[Position], weights: dict[str, float]) -> float:
    """Mean negative log-probability that ``weights`` (missing ones 0) give the eventual
    winner of each position: ``ln 4`` (1.386) for a uniform guess over four players."""
    x, y = _arrays(data)
    return -_log_likelihood(x, y, _vector(weights))[0] / len(data)


def fit(data: Sequence[Position], tol: float = 1e-10, max_steps: int = 100) -> dict[str, float]:
    """The maximum-likelihood weights of the conditional logit on ``data``.

    The log-likelihood is concave, so Newton's method on its exact gradient and Hessian
    (with step halving, in case a step overshoots) reaches the one maximum in a few steps,
    with no tuning and nothing beyond numpy."""
    x, y = _arrays(data)
    w = np.zeros(len(NAMES))
    ll, p = _log_likelihood(x, y, w)
    for _ in range(max_steps):
        mean = np.einsum("np,npk->nk", p, x)  # each position's expected features
        grad = (x[np.arange(len(y)), y] - mean).sum(axis=0)
        second = np.einsum("np,npk,npl->kl", p, x, x) - mean.T @ mean
        step = np.linalg.lstsq(second, grad, rcond=None)[0]  # lstsq: a feature may be constant
        scale = 1.0
        while True:
            new_ll, new_p = _log_likelihood(x, y, w + scale * step)
            if new_ll >= ll - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        w, ll, p = w + scale * step, new_ll, new_p
        if np.abs(scale * step).max() < tol:
            break
    return {n: float(v) for n, v in zip(NAMES, w, strict=True)}


def without_final_round(data: Iterable[Position]) -> list[Position]:
    """``data`` less each game's final round (a variant protocol: it gives about as many
    positions per game as the original REFIT fit reported, see tools/fit_evaluator.py)."""
    data = list(data)
    last: dict[int, int] = {}
    for p in data:
        last[p.game] = max(last.get(p.game, 0), p.round)
    return [p for p in data if p.round < last[p.game]]


def split(data: Iterable[Position], every: int = 5) -> tuple[list[Position], list[Position]]:
    """Training and held-out positions, by game: every ``every``-th game (index ``every - 1``,
    ``2 * every - 1`` ...) is held out, so no game has turns on both sides."""
    train: list[Position] = []
    held: list[Position] = []
    for p in data:
        (held if p.game % every == every - 1 else train).append(p)
    return train, held
