"""The fuzzer's purposeful games are played by the titles' own bots (crisis.ai.explore)."""

from __future__ import annotations

import pickle

import pytest

from crisis.ai import default_bot
from crisis.ai.explore import BotPolicy
from crisis.devtools import fuzz
from crisis.games import get_title

TITLES = ("time_of_crisis", "rome_in_crisis")


@pytest.mark.parametrize("title", TITLES)
def test_bot_games_replay_exactly_and_survive_pickling(title: str) -> None:
    spec = get_title(title)
    policy = BotPolicy(title)
    config = fuzz.FuzzConfig(policy=policy, policy_share=1.0, verify_replay=False)
    first = fuzz.play_game(spec, 5, {"players": 3}, config=config)
    again = fuzz.play_game(spec, 5, {"players": 3}, config=config)
    copied = pickle.loads(pickle.dumps(config))
    third = fuzz.play_game(spec, 5, {"players": 3}, config=copied)
    assert first.failure is None and first.finished
    assert first.log == again.log == third.log
    assert isinstance(copied.policy, BotPolicy) and copied.policy.bots == policy.bots


def test_time_of_crisis_bot_games_reach_an_emperor() -> None:
    """What the purposeful games are for: positions uniform random play rarely reaches."""
    spec = get_title("time_of_crisis")
    config = fuzz.FuzzConfig(policy=BotPolicy("time_of_crisis"), policy_share=1.0)
    emperors = 0
    for seed in range(3):
        run = fuzz.play_game(spec, seed, {"players": 4}, config=config)
        assert run.failure is None and run.finished
        emperors += sum(p.emperor_turns > 0 for p in run.state.players)
    assert emperors > 0


def test_settings_are_checked_up_front() -> None:
    with pytest.raises(ValueError, match="probability"):
        BotPolicy("time_of_crisis", explore=1.5)
    with pytest.raises(ValueError, match="unknown bot"):
        BotPolicy("time_of_crisis", bots=("nobody",))


def test_the_seats_are_the_titles_declaration() -> None:
    """Who sits at a fuzzed table is the title's ``FuzzProfile.seats``; a title that declares
    none gets its default bot in every seat."""
    toc = get_title("time_of_crisis")
    assert toc.bots.fuzz.seats == ("military", "senate", "populace", "balanced")
    assert BotPolicy("time_of_crisis").bots == toc.bots.fuzz.seats
    assert get_title("rome_in_crisis").bots.fuzz.seats == ()
    assert BotPolicy("rome_in_crisis").bots == (default_bot("rome_in_crisis"),)
