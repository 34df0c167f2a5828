"""How fast the rules and the searching bot run: the figures ``crisis bench`` prints and
``bench/compare.py`` sets side by side for two checkouts.

Random games are recorded once (their actions, untimed), then replayed three ways over the
very same positions, each in CPU time of this process (so that a shared machine's other work
counts less than on a wall clock):

- **checked**: ``actions`` then ``apply`` of the recorded action (what a server, a client or a
  bot does with untrusted input);
- **trusted**: ``actions`` then ``perform`` (a search's fast path);
- **floor**: the least a Python loop over the same positions can do: build the same list of
  legal (verb, arg) tuples, take the recorded one, call a handler through a dict.

``rollouts_per_second`` plays a game with the title's ``hard`` level in one seat at a fixed
number of rollouts a decision (no clock, so every run plays the same rollouts) and the
title's default bot in the others.

This module reads only the engine contract (``TitleSpec``) and the bots' registry, which
older checkouts have too: ``bench/compare.py`` runs this very file against another checkout's
sources to compare like with like (:func:`_rules` reads the contract functions of either
form of the declaration).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

#: Rollouts per searched decision in :func:`rollouts_per_second`.
ITERATIONS = 6


@dataclass
class Recorded:
    """A random game's setup and its actions, by position: who acted and what (an index
    into that position's legal list, and the action)."""

    seed: int
    options: dict[str, Any]
    moves: list[tuple[str, int, Any]]
    legal: list[list[tuple[str, Any]]]


def _rules(title: Any) -> Any:
    """The contract functions of ``title``: its ``rules`` part, or, for a checkout from
    before the declaration was grouped into parts, the declaration itself (both carry the
    ``machine``, whose ``perform`` is the trusted path). Only this file, which runs against
    older checkouts too, reads a member this way."""
    return getattr(title, "rules", title)


def record(title: Any, games: int, seed: int = 0, players: int = 4) -> list[Recorded]:
    """``games`` random games of ``title`` (actions chosen uniformly, seeded), recorded."""
    rules = _rules(title)
    out: list[Recorded] = []
    for g in range(games):
        options = {"players": players}
        state = rules.setup(seed * 1000 + g, options)
        rng = random.Random(seed * 1000 + g)
        moves: list[tuple[str, int, Any]] = []
        legal_lists: list[list[tuple[str, Any]]] = []
        for _ in range(20_000):
            if rules.result(state) is not None:
                break
            role = rules.active(state)[0]
            legal = rules.actions(state, role)
            i = rng.randrange(len(legal))
            moves.append((role, i, legal[i]))
            legal_lists.append([(a.verb, a.arg) for a in legal])
            rules.machine.perform(state, role, legal[i])
        out.append(Recorded(seed * 1000 + g, options, moves, legal_lists))
    return out


def _replay(title: Any, games: list[Recorded], checked: bool) -> tuple[float, int]:
    """CPU seconds and actions to replay ``games`` listing each position's actions and
    then applying (``checked``) or performing the recorded one."""
    rules = _rules(title)
    states = [rules.setup(g.seed, g.options) for g in games]
    actions = rules.actions
    step = rules.apply if checked else rules.machine.perform
    n = 0
    start = time.process_time()
    for game, state in zip(games, states, strict=True):
        for role, i, _ in game.moves:
            step(state, role, actions(state, role)[i])
        n += len(game.moves)
    return time.process_time() - start, n


def _floor(games: list[Recorded]) -> tuple[float, int]:
    """CPU seconds and actions of the floor loop over the same positions."""
    counts: dict[str, int] = {}

    def handle(arg: Any) -> None:
        counts[str(type(arg))] = counts.get(str(type(arg)), 0) + 1

    handlers: dict[str, Any] = {}
    for game in games:
        for legal in game.legal:
            for verb, _ in legal:
                handlers[verb] = handle
    n = 0
    start = time.process_time()
    for game in games:
        for (_, i, _), legal in zip(game.moves, game.legal, strict=True):
            listed = [(verb, arg) for verb, arg in legal]
            verb, arg = listed[i]
            handlers[verb](arg)
        n += len(game.moves)
    return time.process_time() - start, n


def per_action(title: Any, games: int = 10, seed: int = 0, rounds: int = 3) -> dict[str, float]:
    """Microseconds of CPU per action on the checked and the trusted path and the floor
    loop (the median of ``rounds`` replays of the same recorded games), and the actions
    replayed each round."""
    recorded = record(title, games, seed)
    figures: dict[str, list[float]] = {"checked_us": [], "trusted_us": [], "floor_us": []}
    n = 0
    for _ in range(rounds):
        for key, run in (
            ("checked_us", lambda: _replay(title, recorded, True)),
            ("trusted_us", lambda: _replay(title, recorded, False)),
            ("floor_us", lambda: _floor(recorded)),
        ):
            seconds, n = run()
            figures[key].append(seconds / n * 1e6)
    out = {k: statistics.median(v) for k, v in figures.items()}
    out["actions"] = float(n)
    return out


def rollouts_per_second(
    title: Any, decisions: int = 30, seed: int = 26, iterations: int = ITERATIONS
) -> dict[str, float]:
    """The ``hard`` level at ``iterations`` rollouts a searched decision in the first seat
    of a 4-player game against the title's default bot, for its first ``decisions``
    decisions: rollouts played, the CPU seconds of its thinking and rollouts per second."""
    from crisis.ai import default_bot, get_bot

    rules = _rules(title)
    state = rules.setup(seed, {"players": 4})
    roles = rules.roles(state)
    mine = roles[0]
    other = default_bot(title.name)
    # Any: the searching bots' ``last_iterations`` is theirs, not the Bot protocol's.
    bots: dict[str, Any] = {
        r: get_bot(f"hard:iterations={iterations}" if r == mine else other, title.name)
        for r in roles
    }
    rng = random.Random(seed)
    rollouts = made = 0
    seconds = 0.0
    while made < decisions and rules.result(state) is None:
        who = rules.active(state)[0]
        legal = rules.actions(state, who)
        view = rules.view(state, who)
        bot = bots[who]
        if who != mine:
            rules.apply(state, who, bot.choose(view, who, legal, rng))
            continue
        bot.last_iterations = 0
        start = time.process_time()
        act = bot.choose(view, who, legal, rng)
        seconds += time.process_time() - start
        rollouts += bot.last_iterations
        made += 1
        rules.apply(state, who, act)
    return {
        "decisions": float(made),
        "rollouts": float(rollouts),
        "search_seconds": seconds,
        "rollouts_per_second": rollouts / seconds if seconds else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    """Print one run's figures as JSON (what ``bench/compare.py`` reads)."""
    from crisis.games import DEFAULT_TITLE, get_title

    parser = argparse.ArgumentParser(description="Per-action and rollout figures, as JSON.")
    parser.add_argument("--title", default=DEFAULT_TITLE)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    title = get_title(args.title)
    out: dict[str, float] = per_action(title, args.games, args.seed, args.rounds)
    if args.decisions:
        out.update(rollouts_per_second(title, args.decisions))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
