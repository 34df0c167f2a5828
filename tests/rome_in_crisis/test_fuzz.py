"""The fuzzer over Rome in Crisis: 200 random games over 2, 3 and 4 players with the
invariants after every action (the view checks on every fourth, for speed), split in chunks
for pytest-xdist; and a timing-free sanity check of game lengths and seats."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from crisis.ai.explore import BotPolicy
from crisis.devtools import fuzz
from crisis.games import rome_in_crisis as ric
from crisis.games.rome_in_crisis import fuzzing, invariants
from crisis.games.rome_in_crisis.state import State

CHUNKS = 4
GAMES_PER_CHUNK = 50
PROFILE = fuzz.FuzzConfig(
    weights=fuzzing.FUZZ_WEIGHTS, policy=BotPolicy("rome_in_crisis"), policy_share=0.3
)
CHECKED = dataclasses.replace(PROFILE, check_views=False, verify_replay=False)


def _checker() -> fuzz.Invariants:
    calls = Counter[str]()

    def check(state: State) -> list[str]:
        calls["n"] += 1
        return invariants.check(state, views=calls["n"] % 4 == 0 or state.final is not None)

    return check


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    summary = fuzz.fuzz(
        ric.TITLE,
        games=GAMES_PER_CHUNK,
        first_game=chunk * GAMES_PER_CHUNK,
        players=(2, 3, 4),
        seed=2026,
        invariants=_checker(),
        config=CHECKED,
        options_for=fuzzing.fuzz_options,
    )
    assert [f.to_dict() for f in summary.failures] == []
    assert summary.finished == GAMES_PER_CHUNK
    assert sorted(summary.by_players) == [2, 3, 4]


def test_replays_are_deterministic() -> None:
    summary = fuzz.fuzz(
        ric.TITLE, games=10, seed=5, config=PROFILE, options_for=fuzzing.fuzz_options
    )
    assert summary.ok and summary.finished == 10


@pytest.mark.fuzz
def test_games_end_and_every_seat_can_win() -> None:
    summary = fuzz.fuzz(ric.TITLE, games=60, seed=8, config=dataclasses.replace(CHECKED, probe=0.0))
    assert summary.finished == 60
    per_game = summary.actions / summary.games
    assert 50 < per_game < 2000
