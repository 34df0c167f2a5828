"""OpenSpiel's own ISMCTSBot against crisis's heuristic bot, with no adapter code.

The game is ``pyspiel.load_game("crisis_<title>", ...)``; OpenSpiel's
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` searches it through the game's
information states and ``resample_from_infostate`` (the title's determinization). Its
evaluator plays ``--depth`` random moves from a leaf and scores the standings there the way
every adapter scores a game cut short (rank reward: +1 first, -1 last); whole random
rollouts (OpenSpiel's ``RandomRolloutEvaluator``) also work but cost seconds each.

The searcher holds seat 0 of ``--games`` 2-player games against the title's heuristic bot
(Time of Crisis: ``balanced``, short game; Rome in Crisis: ``heuristic``), which sees only
its own view; chance nodes are sampled. Games are cut short at ``--max-moves`` player
actions and then scored from the standings. The script prints the ISMCTS bot's wins and the
time per game::

    .venv/bin/python examples/openspiel_ismcts.py --title rome_in_crisis --games 10

docs/measurements/research.md has measured figures.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import crisis.rl.openspiel as cos
from crisis.ai import get_bot
from crisis.rl.encoding import final_rewards, truncated_result

OPPONENT = {"time_of_crisis": "balanced", "rome_in_crisis": "heuristic"}
PARAMS = {"time_of_crisis": "short_game=true", "rome_in_crisis": ""}


class StandingsEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """``depth`` random moves from the leaf, then the standings' rank rewards."""

    def __init__(self, depth: int, rng: np.random.RandomState) -> None:
        self.depth = depth
        self.rng = rng

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        """Each player's rank reward after a short random rollout."""
        state = state.clone()
        moves = 0
        while not state.is_terminal() and moves < self.depth:
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                state.apply_action(int(self.rng.choice(outcomes)))
            else:
                state.apply_action(int(self.rng.choice(state.legal_actions())))
                moves += 1
        if state.is_terminal():
            return np.array(state.returns())
        assert isinstance(state, cos.CrisisState)
        game = state.get_game()
        assert isinstance(game, cos.CrisisGame)
        ranks = final_rewards(truncated_result(game.title, state.title_state), game.roles, "rank")
        return np.array([ranks[r] for r in game.roles])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """Uniform over the legal actions."""
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(
    title: str, games: int, simulations: int, depth: int, max_moves: int, seed: int
) -> dict[str, float]:
    """Play ``games`` games; returns the ISMCTS bot's wins and the seconds per game."""
    extra = f",{PARAMS[title]}" if PARAMS[title] else ""
    game = pyspiel.load_game(
        f"{cos.game_name(title)}(players=2,reward=rank,max_moves={max_moves}{extra})"
    )
    assert isinstance(game, cos.CrisisGame)
    rng = np.random.RandomState(seed)
    searcher = ismcts.ISMCTSBot(
        game, StandingsEvaluator(depth, rng), 2.0, simulations, random_state=rng
    )
    wins, start = 0, time.perf_counter()
    for g in range(games):
        bot = get_bot(OPPONENT[title], title=title)
        bot_rng = random.Random(seed + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            elif state.current_player() == 0:
                state.apply_action(searcher.step(state))
            else:
                assert isinstance(state, cos.CrisisState)
                role = game.roles[state.current_player()]
                rules, ts = game.title.rules, state.title_state
                action = bot.choose(rules.view(ts, role), role, rules.actions(ts, role), bot_rng)
                view = rules.view(ts, role)
                state.apply_action(game.encoding.action_id(view, role, action))
        result = state.result()
        assert result is not None
        wins += result["ranking"][0] == game.roles[0]
    return {"wins": wins, "seconds_per_game": (time.perf_counter() - start) / games}


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and play every chosen title."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", choices=sorted(OPPONENT), action="append")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--max-moves", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for title in args.title or sorted(OPPONENT):
        r = play(title, args.games, args.simulations, args.depth, args.max_moves, args.seed)
        print(
            f"{title}: ISMCTS ({args.simulations} simulations) vs {OPPONENT[title]}: "
            f"won {r['wins']:.0f} of {args.games} ({r['seconds_per_game']:.1f} s per game)"
        )


if __name__ == "__main__":
    main()
