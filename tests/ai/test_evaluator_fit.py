"""Refitting the Time of Crisis evaluator (crisis.ai.toc.fit, tools/fit_evaluator.py):
positions from real bot games, the conditional logit's fit and its log-loss."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from crisis import sim
from crisis.ai.toc import fit
from crisis.ai.toc.evaluate import REFIT, WEIGHTS
from crisis.sim.runner import play_game

ROOT = Path(__file__).resolve().parents[2]
BOTS = ["senate", "senate", "balanced", "military", "populace"]


@pytest.fixture(scope="module")
def games() -> list[tuple[sim.GameSpec, list[fit.Position]]]:
    """Six 4-player games of the heuristics, as the script plays them, with their turn starts."""
    specs = sim.plan_games(6, BOTS, [4], seed=26)
    return list(zip(specs, fit.play(specs), strict=True))


def test_positions_are_the_simulators_games_one_per_turn_start(
    games: list[tuple[sim.GameSpec, list[fit.Position]]],
) -> None:
    for spec, found in games:
        record = play_game(spec)  # crisis simulate's own play of the same game
        assert record.status == "ok" and record.winner is not None
        assert len(found) == sum(record.turns.values())  # one position per turn taken
        assert {p.game for p in found} == {spec.index}
        assert {p.winner for p in found} == {record.roles.index(record.winner)}
        assert all(len(p.rows) == 4 and len(p.rows[0]) == len(fit.NAMES) for p in found)
        # Legacy only grows over a game (the column of the first feature).
        legacy = [sum(r[0] for r in p.rows) for p in found]
        assert legacy == sorted(legacy) and legacy[-1] > 0


def test_the_fit_beats_zero_and_the_stored_weights_on_its_own_positions(
    games: list[tuple[sim.GameSpec, list[fit.Position]]],
) -> None:
    data = [p for _, found in games for p in found]
    fitted = fit.fit(data)
    assert set(fitted) == set(fit.NAMES)
    assert fit.log_loss(data, {}) == pytest.approx(math.log(4))  # all zero: a uniform guess
    own = fit.log_loss(data, fitted)
    assert own < math.log(4)
    assert own <= fit.log_loss(data, WEIGHTS) and own <= fit.log_loss(data, REFIT)


def test_the_fit_recovers_the_weights_that_drew_the_winners() -> None:
    rng = random.Random(3)
    true = {"legacy": 0.08, "provinces": 0.5, "deck": -0.3}
    data = []
    for game in range(3000):
        rows = tuple(tuple(rng.uniform(0, 4) for _ in fit.NAMES) for _ in range(4))
        logits = [
            sum(true.get(n, 0.0) * x for n, x in zip(fit.NAMES, r, strict=True)) for r in rows
        ]
        weights = [math.exp(s) for s in logits]
        winner = rng.choices(range(4), weights)[0]
        data.append(fit.Position(game, rows, winner))
    fitted = fit.fit(data)
    for n in fit.NAMES:
        assert fitted[n] == pytest.approx(true.get(n, 0.0), abs=0.08), n
    assert fit.log_loss(data, fitted) < fit.log_loss(data, {})


def test_split_holds_out_whole_games() -> None:
    data = [fit.Position(g, ((0.0,) * len(fit.NAMES),) * 4, 0) for g in range(10) for _ in range(3)]
    train, held = fit.split(data, 5)
    assert {p.game for p in held} == {4, 9}
    assert {p.game for p in train} == {0, 1, 2, 3, 5, 6, 7, 8}
    assert len(train) + len(held) == len(data)


def test_the_script_prints_positions_weights_and_log_losses(tmp_path: Path) -> None:
    saved = tmp_path / "positions.json"
    command = [sys.executable, str(ROOT / "tools" / "fit_evaluator.py"), "--games", "5"]
    out = subprocess.run(
        [*command, "--positions", str(saved)], capture_output=True, text=True, check=True
    ).stdout
    assert "turn starts of 5 games" in out and "REFIT = {" in out and "uniform" in out
    assert saved.exists()
    # Read back from the file instead of playing: the same figures.
    again = subprocess.run(
        [*command, "--positions", str(saved)], capture_output=True, text=True, check=True
    ).stdout
    assert again.splitlines()[0] == out.splitlines()[0]
    assert again.split("\n\n", 1)[1] == out.split("\n\n", 1)[1]


def test_without_final_round_leaves_out_each_games_last_round() -> None:
    rows = ((0.0,) * len(fit.NAMES),) * 4
    data = [fit.Position(g, rows, 0, r) for g, last in ((0, 3), (1, 5)) for r in range(1, last + 1)]
    kept = fit.without_final_round(data)
    assert [(p.game, p.round) for p in kept] == [(0, 1), (0, 2), (1, 1), (1, 2), (1, 3), (1, 4)]
