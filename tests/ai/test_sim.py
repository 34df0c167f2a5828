"""Simulations: statistics on known results, ratings, seat plans, backends and the CLI."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crisis.cli import app
from crisis.sim import plan_games, plan_tournament, run
from crisis.sim.backends import ray_available, run_local
from crisis.sim.rating import bradley_terry, pairwise, ratings
from crisis.sim.runner import GameRecord, GameSpec, play_game
from crisis.sim.stats import summarize, wilson


def _record(index: int, bots: list[str], winner: int, first: int, cards: list[str]) -> GameRecord:
    roles = ["green", "blue", "yellow", "red"][: len(bots)]
    ranking = [roles[winner]] + [r for r in roles if r != roles[winner]]
    return GameRecord(
        index=index,
        seed=index,
        players=len(bots),
        options={},
        roles=roles,
        bots=bots,
        first=roles[first],
        winner=roles[winner],
        scores={r: (60 if r == roles[winner] else 30) for r in roles},
        ranking=ranking,
        reason="last round",
        rounds=10 + index % 3,
        actions=500,
        turns=dict.fromkeys(roles, 10),
        think=dict.fromkeys(roles, 1.0),
        max_think=dict.fromkeys(roles, 0.2),
        bought={roles[winner]: cards},
    )


def test_wilson_interval_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_of_fixed_outcomes() -> None:
    bots = ["a", "b", "c", "d"]
    # 'a' wins 6 of 10 games, 'b' 4; the first player wins 3; one crash, one stall.
    records = [
        _record(i, bots, 0 if i < 6 else 1, 0 if i < 3 else 2, ["castra"]) for i in range(10)
    ]
    records.append(dataclasses.replace(records[0], index=10, status="crash", error="boom"))
    records.append(dataclasses.replace(records[0], index=11, status="stall", winner=None))
    s = summarize(records)
    assert (s.games, s.finished, s.crashes, s.stalls) == (12, 10, 1, 1)
    assert s.bot("a").wins == 6 and s.bot("a").seats == 10
    assert s.bot("a").rate == 0.6
    assert s.bot("a").ci == wilson(6, 10)
    assert s.bot("b").rate == 0.4 and s.bot("c").rate == 0.0
    assert s.bot("a").parity == 0.25
    assert s.bot("a").score == pytest.approx(0.6 * 60 + 0.4 * 30)
    assert s.bot("a").games == 10 and s.score_name == "score"
    assert s.bot("a").rank == pytest.approx(0.6 * 1 + 0.4 * 2)
    assert s.bot("a").think == pytest.approx(0.1)
    assert s.first_wins == 3 and s.first_rate == 0.3 and s.first_parity == 0.25
    assert s.rounds == pytest.approx(sum(10 + i % 3 for i in range(10)) / 10)
    assert s.winner_cards["castra"] == 10
    assert [b.bot for b in s.bots][:2] == ["a", "b"]
    assert len(s.errors) == 2


def test_win_rates_count_games_not_seats() -> None:
    """A bot in two seats of a 4-player game has one outcome per game: its two seats are not
    independent trials, so the interval is over games and parity is its share of seats."""
    bots = ["twice", "twice", "c", "d"]
    # 'twice' wins 6 of 10 games (seat 0 three times, seat 1 three times).
    records = [_record(i, bots, [0, 1][i % 2] if i < 6 else 2, 0, []) for i in range(10)]
    s = summarize(records, "legacy")
    twice = s.bot("twice")
    assert (twice.games, twice.seats, twice.wins) == (10, 20, 6)
    assert twice.rate == 0.6
    assert twice.ci == wilson(6, 10)
    assert twice.ci != wilson(6, 20)  # what counting seats would have said
    assert twice.parity == 0.5
    assert twice.score == pytest.approx((6 * (60 + 30) + 4 * (30 + 30)) / 20)
    assert s.bot("c").games == 10 and s.bot("c").parity == 0.25
    assert s.score_name == "legacy"


def test_ratings_order_and_symmetry() -> None:
    records = [_record(i, ["strong", "weak"], 0 if i % 4 else 1, 0, []) for i in range(40)]
    pairs = pairwise(records)
    assert pairs["strong", "weak"] == 30 and pairs["weak", "strong"] == 10
    table = ratings(records)
    assert [r.bot for r in table] == ["strong", "weak"]
    assert table[0].elo + table[1].elo == pytest.approx(3000, abs=1e-6)
    # 3:1 odds (with the prior's pull toward the mean) is a gap of a bit under 191 points.
    assert 150 < table[0].elo - table[1].elo < 191
    strengths = bradley_terry(pairs)
    assert strengths["strong"] / strengths["weak"] == pytest.approx(
        10 ** ((table[0].elo - table[1].elo) / 400)
    )


def test_seat_plans_rotate_and_reproduce() -> None:
    specs = plan_games(8, ["a", "b", "c", "d"], seed=3)
    assert [s.bots[0] for s in specs[:4]] == ["a", "b", "c", "d"]
    assert specs == plan_games(8, ["a", "b", "c", "d"], seed=3)
    assert len({s.seed for s in specs}) == 8
    mixed = plan_games(6, ["a", "b", "c"], [2, 3, 4], seed=1)
    assert [len(s.bots) for s in mixed] == [2, 3, 4, 2, 3, 4]
    table = plan_tournament(2, ["a", "b", "c"], 2)
    assert sorted({s.bots for s in table}) == sorted(
        {("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")}
    )


def test_processes_give_the_same_records_as_one_process() -> None:
    specs = plan_games(4, ["senate", "random", "random"], seed=9)
    here = run_local(specs, jobs=1)
    pool = run(specs, "local", jobs=2)

    def key(r: GameRecord) -> tuple:
        return (r.index, r.winner, r.scores, r.actions, r.rounds, r.bought)

    assert [key(r) for r in here] == [key(r) for r in pool]
    assert all(r.status == "ok" for r in here)


def test_a_crash_is_recorded_not_raised() -> None:
    record = play_game(GameSpec(index=0, seed=1, bots=("military", "nobody")))
    assert record.status == "crash" and "unknown bot" in record.error


def test_simulate_command_writes_results(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--games",
            "4",
            "--bots",
            "populace,random,random",
            "--seed",
            "2",
            "--jobs",
            "2",
            "--output",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "populace" in result.output and "95% CI" in result.output, result.output
    assert "Legacy" in result.output, result.output
    for name in (
        "games.csv",
        "bots.csv",
        "cards.csv",
        "games.parquet",
        "win_rates.png",
        "scores.png",
        "game_length.png",
    ):
        assert (out / name).exists(), name
    rows = (out / "games.csv").read_text().splitlines()
    assert len(rows) == 1 + 4 * 3
    assert ",score," in rows[0] and "legacy" not in rows[0]
    assert "mean_score" in (out / "bots.csv").read_text().splitlines()[0]


def test_simulate_names_the_score_after_the_title() -> None:
    args = ["simulate", "--games", "2", "--jobs", "1", "--title", "rome_in_crisis"]
    result = CliRunner().invoke(app, [*args, "--bots", "heuristic,random"])
    assert result.exit_code == 0, result.output
    assert "Victory points" in result.output and "Legacy" not in result.output, result.output


def test_simulate_tournament_prints_ratings() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--tournament",
            "--games",
            "2",
            "--bots",
            "senate,random,military",
            "--players",
            "2",
            "--jobs",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Ratings" in result.output and "Elo" in result.output


@pytest.mark.ray
@pytest.mark.skipif(not ray_available(), reason="Ray is not installed (pip install 'crisis[ray]')")
def test_ray_backend_on_a_local_instance() -> None:
    specs = plan_games(2, ["senate", "random"], seed=4)
    records = run(specs, "ray", jobs=2)
    local = run_local(specs, jobs=1)
    assert [(r.index, r.winner, r.scores) for r in records] == [
        (r.index, r.winner, r.scores) for r in local
    ]


def test_a_title_without_turn_counts_still_gets_turns_and_rounds() -> None:
    """Rome in Crisis's view has ``turn`` but no per-player ``turns``: the runner counts the
    turns in which each seat decided something, so thinking time per turn is meaningful."""
    spec = GameSpec(index=0, seed=2, bots=("heuristic", "random"), title="rome_in_crisis")
    record = play_game(spec)
    assert record.status == "ok" and record.winner in ("green", "blue")
    assert record.rounds >= 5
    assert all(0 < record.turns[r] <= record.rounds + 1 for r in ("green", "blue"))
