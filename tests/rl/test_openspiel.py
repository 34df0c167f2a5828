"""The OpenSpiel games: GameType, explicit chance nodes, and pyspiel's random_sim_test."""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import crisis.rl.openspiel as cos
from crisis.games import get_title
from crisis.rl.encoding import DEFAULT_MAX_STEPS
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
def test_random_sim_with_serialization(title: str) -> None:
    # Uniform random games run 600-1,100 moves; the sims are cut at max_moves to keep the
    # suite quick (serialize=True replays the history at every step).
    game = pyspiel.load_game(cos.game_name(title), {"players": 2, "max_moves": 120})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    again = pickle.loads(pickle.dumps(game))
    pyspiel.random_sim_test(again, num_sims=1, serialize=True, verbose=False)


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


def _settle(state: pyspiel.State, rng: np.random.RandomState) -> pyspiel.State:
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


@pytest.mark.parametrize("title", RL_TITLES)
def test_game_pickles_and_declares_bounds(title: str) -> None:
    game = pyspiel.load_game(cos.game_name(title), {"players": 3})
    spec = get_title(title)
    assert pickle.loads(pickle.dumps(game)) is game
    child = subprocess.run(
        [sys.executable, "-c", "import pickle,sys; print(pickle.loads(sys.stdin.buffer.read()))"],
        input=pickle.dumps(game),
        capture_output=True,
        check=True,
    )
    assert child.stdout.decode().strip() == str(game)
    assert (game.min_utility(), game.max_utility()) == spec.research.score_range
    assert game.max_game_length() == DEFAULT_MAX_STEPS * 3
    assert game.max_chance_outcomes() == spec.research.max_chance_outcomes
    t = game.get_type()
    assert t.provides_information_state_string and t.provides_information_state_tensor


def test_every_option_is_a_parameter() -> None:
    game = pyspiel.load_game(
        "crisis_time_of_crisis(players=2,short_game=true,expansion_cards=true,market=variable)"
    )
    assert isinstance(game, cos.CrisisGame)
    assert game.encoding.options == {
        "players": 2,
        "short_game": True,
        "expansion_cards": True,
        "market": "variable",
    }
    with pytest.raises(ValueError, match="market"):
        pyspiel.load_game("crisis_time_of_crisis(market=nowhere)")


@pytest.mark.parametrize("title", RL_TITLES)
def test_information_state_recalls_own_decisions(title: str) -> None:
    """Two orders of the same two decisions reach the same observation but different
    information states (perfect recall)."""
    game = pyspiel.load_game(cos.game_name(title), {"players": 2})
    crng, rng = np.random.RandomState(0), np.random.RandomState(1)
    state = _settle(game.new_initial_state(), crng)
    for _ in range(300):
        p, legal = state.current_player(), state.legal_actions()
        for a, b in itertools.combinations(legal[:12], 2):
            x = _settle(state.child(a), crng)
            y = _settle(state.child(b), crng)
            if x.current_player() != p or y.current_player() != p:
                continue
            if b not in x.legal_actions() or a not in y.legal_actions():
                continue
            x, y = _settle(x.child(b), crng), _settle(y.child(a), crng)
            if x.current_player() != p or y.current_player() != p:
                continue
            if x.observation_tensor(p) == y.observation_tensor(p):
                assert x.information_state_string(p) != y.information_state_string(p)
                assert x.information_state_tensor(p) != y.information_state_tensor(p)
                return
        state.apply_action(rng.choice(legal))
        _settle(state, crng)
    pytest.fail("no two orders of the same decisions reached one observation")


@pytest.mark.parametrize("title", RL_TITLES)
def test_resampled_states_share_the_information_state(title: str) -> None:
    """States that differ only in hidden information (drawn by determinize) have the same
    information state for the player they were drawn for, and play on."""
    game = pyspiel.load_game(cos.game_name(title), {"players": 2})
    crng, rng = np.random.RandomState(2), np.random.RandomState(3)
    state = _settle(game.new_initial_state(), crng)
    checked = 0
    for _ in range(60):
        p = state.current_player()
        key = state.information_state_string(p)
        tensor = state.information_state_tensor(p)
        samples = [state.resample_from_infostate(p, rng.uniform) for _ in range(3)]
        for s in samples:
            assert s.information_state_string(p) == key
            assert s.information_state_tensor(p) == tensor
            assert s.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
        _settle(state, crng)
    assert checked == 60
    with pytest.raises(ValueError):
        game.new_initial_state().resample_from_infostate(0, rng.uniform)


@pytest.mark.parametrize("title", RL_TITLES)
def test_ismcts_bot_plays_whole_games(title: str) -> None:
    game = pyspiel.load_game(cos.game_name(title), {"players": 2, "max_moves": 80})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert isinstance(state, cos.CrisisState)
    result = state.result()
    assert result is not None
    assert state.returns() == [float(result["scores"][r]) for r in game.roles]


def test_clone_keeps_history_and_does_not_share_state() -> None:
    game = pyspiel.load_game("crisis_rome_in_crisis", {"players": 2})
    rng = np.random.RandomState(4)
    state = _settle(game.new_initial_state(), rng)
    copy = state.clone()
    assert copy.history() == state.history()
    assert copy.information_state_string() == state.information_state_string()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) > len(state.history())
    assert state.title_state is not copy.title_state


@pytest.mark.parametrize("title", RL_TITLES)
def test_an_action_that_draws_is_retried_from_its_position(title: str) -> None:
    """When an action needs a draw, the chance node holds the position from before the
    action, log included; once the draws are chosen, the position is the one the action
    gives on a copy with those outcomes."""
    game = pyspiel.load_game(cos.game_name(title), {"players": 3})
    rules = get_title(title).rules
    rng = np.random.RandomState(5)
    state = _settle(game.new_initial_state(), rng)
    drew = plain = 0
    for _ in range(400):
        if state.is_terminal():
            break
        player = state.current_player()
        role = game.roles[player]
        before = rules.copy_state(state.title_state)
        said = rules.to_json(before)
        action_id = int(rng.choice(state.legal_actions()))
        action = game.encoding.legal(before, role)[action_id]
        state.apply_action(action_id)
        outcomes: list[int] = []
        if state.is_chance_node():
            drew += 1
            assert rules.to_json(state.title_state) == said
            assert state.title_state.log == before.log
            while state.is_chance_node():
                outcome = int(rng.choice([a for a, _ in state.chance_outcomes()]))
                outcomes.append(outcome)
                state.apply_action(outcome)
        else:
            plain += 1
        before.rng.chance = outcomes
        rules.machine.perform(before, role, action)
        before.rng.chance = []
        assert rules.to_json(state.title_state) == rules.to_json(before)
    assert drew >= 5 and plain >= 50


def test_an_action_that_fails_leaves_the_position_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A try that raises part way (a rules bug) reaches the caller, and the OpenSpiel
    state is still the position it was: not a chance node, its legal actions the same."""
    game = pyspiel.load_game("crisis_time_of_crisis", {"players": 2})
    rules = get_title("time_of_crisis").rules
    state = _settle(game.new_initial_state(), np.random.RandomState(6))
    said = rules.to_json(state.title_state)
    legal = state.legal_actions()

    def broken(value: object, role: str, action: object) -> None:
        value.log.append("half a move")  # type: ignore[attr-defined]
        value.round += 1  # type: ignore[attr-defined]
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(rules.machine, "perform", broken)
    with pytest.raises(RuntimeError, match="a rules bug"):
        state.apply_action(legal[0])
    assert rules.to_json(state.title_state) == said
    monkeypatch.undo()
    assert state.legal_actions() == legal


@pytest.mark.parametrize("title", RL_TITLES)
def test_the_states_own_tensors_and_legal_actions_are_pyspiels(title: str) -> None:
    """From Python a state answers ``observation_tensor``, ``information_state_tensor`` and
    ``legal_actions`` itself (pyspiel's C++ path makes a new initial state per tensor): the
    same values as pyspiel's own, for every player and the default one, at chance nodes,
    decisions and the end, including the refusals."""
    game = pyspiel.load_game(cos.game_name(title), {"players": 3, "max_moves": 150})
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    seen = {"chance": 0, "decision": 0, "terminal": 0}
    while True:
        kind = (
            "terminal"
            if state.is_terminal()
            else "chance"
            if state.is_chance_node()
            else "decision"
        )
        seen[kind] += 1
        for who in (None, *range(3), int(pyspiel.PlayerId.CHANCE)):
            args = () if who is None else (who,)
            try:
                expected: Any = pyspiel.State.legal_actions(state, *args)
            except pyspiel.SpielError as exc:
                expected = type(exc)
            if expected is pyspiel.SpielError:
                with pytest.raises(pyspiel.SpielError):
                    state.legal_actions(*args)
            else:
                assert state.legal_actions(*args) == expected, (kind, who)
        for player in range(3):
            assert state.observation_tensor(player) == pyspiel.State.observation_tensor(
                state, player
            )
            assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(
                state, player
            )
        if kind == "decision":
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        else:  # no player to default to: refused as pyspiel refuses
            for method in ("observation_tensor", "information_state_tensor"):
                with pytest.raises(pyspiel.SpielError):
                    getattr(state, method)()
        if kind == "terminal":
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert min(seen.values()) >= 1, seen
