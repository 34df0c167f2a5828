"""The OpenSpiel games: GameType, explicit chance nodes, and pyspiel's random_sim_test."""

from __future__ import annotations

import pyspiel
import pytest

import crisis.rl.openspiel as cos
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_random_sim_with_serialization(title: str) -> None:
    # Uniform random games run 600-1,100 moves; the sims are cut at max_moves to keep the
    # suite quick (serialize=True replays the history at every step).
    game = pyspiel.load_game(cos.game_name(title), {"players": 2, "max_moves": 120})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_with_options() -> None:
    params = {
        "players": 3,
        "options": "expansion_cards:true;market:variable;emperor_rules:true",
        "max_moves": 80,
        "reward": "rank",
    }
    game = pyspiel.load_game("crisis_time_of_crisis", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_and_chance_nodes() -> None:
    game = pyspiel.load_game("crisis_time_of_crisis", {"players": 2})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    state = game.new_initial_state()
    # The setup's first draw is the event deck's shuffle (14 cards, Diocletian aside).
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 14
    draws = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) <= game.max_chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(outcomes[0][0])
        draws += 1
    assert draws >= 14
    assert state.current_player() in (0, 1)
    assert len(state.observation_tensor()) == game.observation_tensor_size()
    assert "Time of Crisis" in state.observation_string()


def test_options_param_round_trip() -> None:
    opts = {"expansion_cards": True, "market": "variable", "players": 3}
    assert cos.parse_options(cos.options_param(opts)) == {
        "expansion_cards": True,
        "market": "variable",
    }
    assert cos.parse_options('{"short_game": true}') == {"short_game": True}
