"""Simulations: many bot games, their statistics, ratings and reports.

``plan_games`` lays out which bots sit where in each game (seats rotate so every bot plays
every seat equally often; the first player is drawn by each game's seed), ``run`` plays them
on a backend, :mod:`crisis.sim.stats` and :mod:`crisis.sim.rating` read the records, and
:mod:`crisis.sim.report` writes CSV, Parquet and PNG files. Everything is reproducible from
the base seed (bots with a time budget excepted: they think as far as the clock allows).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any

from crisis.games import DEFAULT_TITLE, TITLES, get_title
from crisis.sim.backends import Progress, run_local, run_ray
from crisis.sim.runner import MAX_ACTIONS, GameRecord, GameSpec, play_game

OptionsFor = Callable[[int, int], dict[str, Any]]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with base ``seed``."""
    return seed * 1_000_003 + index


def variant_options(title: str = DEFAULT_TITLE) -> OptionsFor | None:
    """The title's cycle of setup variants (its fuzz profile), if it has one."""
    if title not in TITLES:
        return None
    return get_title(title).bots.fuzz.options


def plan_games(
    games: int,
    bots: list[str],
    players: list[int] | None = None,
    seed: int = 0,
    *,
    rotate: bool = True,
    options: dict[str, Any] | None = None,
    options_for: OptionsFor | None = None,
    title: str = DEFAULT_TITLE,
    max_actions: int = MAX_ACTIONS,
    start: int = 0,
) -> list[GameSpec]:
    """``games`` games of ``bots``. With as many bots as players, seats rotate game by game
    (``rotate``); with more or fewer, each game seats a rotating window of the list.
    ``players`` cycles player counts (default: one seat per bot); ``options_for(players,
    index)`` gives each game's setup options (e.g. the variant cycle), else ``options``."""
    if not bots:
        raise ValueError("name at least one bot")
    counts = players or [len(bots)]
    out = []
    for i in range(games):
        n = counts[i % len(counts)]
        if len(bots) == n and not rotate:
            seats = list(bots)
        else:
            shift = i // len(counts) if len(counts) > 1 else i
            seats = [bots[(shift + k) % len(bots)] for k in range(n)]
        opts = options_for(n, i) if options_for else {**(options or {}), "players": n}
        opts = {k: v for k, v in opts.items() if k != "players"}
        index = start + i
        out.append(
            GameSpec(
                index=index,
                seed=game_seed(seed, index),
                bots=tuple(seats),
                options=opts,
                title=title,
                max_actions=max_actions,
            )
        )
    return out


def plan_tournament(
    games: int,
    bots: list[str],
    players: int,
    seed: int = 0,
    **kwargs: Any,
) -> list[GameSpec]:
    """A round robin: ``games`` games for every table of ``players`` bots drawn from
    ``bots`` (every combination; with fewer bots than seats, combinations with repeats)."""
    if len(bots) < 2:
        raise ValueError("a tournament needs at least two bots")
    tables = (
        list(combinations(bots, players))
        if len(bots) >= players
        else [t for t in combinations_with_replacement(bots, players) if len(set(t)) > 1]
    )
    out: list[GameSpec] = []
    for table in tables:
        out += plan_games(games, list(table), [players], seed, start=len(out), **kwargs)
    return out


def run(
    specs: list[GameSpec],
    backend: str = "local",
    jobs: int = 0,
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play ``specs`` on ``backend`` (``local`` processes or ``ray``)."""
    if backend == "local":
        return run_local(specs, jobs, progress)
    if backend == "ray":
        return run_ray(specs, address, jobs, progress)
    raise ValueError(f"backend must be 'local' or 'ray', not {backend!r}")


__all__ = [
    "GameRecord",
    "GameSpec",
    "game_seed",
    "plan_games",
    "plan_tournament",
    "play_game",
    "run",
    "variant_options",
]
