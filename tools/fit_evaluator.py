"""Refit the Time of Crisis evaluator's weights on heuristic bot games.

Plays ``--games`` 4-player games of the heuristic bots (seats a rotating window of
``--bots``, as ``crisis simulate --bots ... --players 4 --seed ...`` seats them), records
:func:`crisis.ai.toc.evaluate.features` for every player at every turn start with the game's
eventual winner, fits the conditional logit (:mod:`crisis.ai.toc.fit`) on four fifths of the
games and prints the number of positions, the fitted weights as ``evaluate.py`` stores them
(the Emperor's set to zero) beside :data:`~crisis.ai.toc.evaluate.REFIT`, and the held-out
log-loss of the fit, :data:`~crisis.ai.toc.evaluate.WEIGHTS`, ``REFIT`` and a uniform guess.

The command for :data:`~crisis.ai.toc.evaluate.REFIT` (1,000 games, about 3 minutes on one
core)::

    .venv/bin/python tools/fit_evaluator.py --games 1000 --seed 26 --jobs 1

The original fit's seed and its exact turn starts were not recorded, so this reproduces
REFIT's kind, not its digits: on seed 26 (November 27, 2026) it counts 43,494 turn starts
(the original 38,172) and fits legacy 0.090, provinces 0.208, improvements 0.014, bonus
0.111, deck 0.075, Emperor Turns 0.016 (the Emperor's own -0.32); held out, the fit scores
1.239, REFIT 1.241 and WEIGHTS 1.282. Seed 27 gives deck 0.105, bonus 0.060, Emperor Turns
0.133: single weights move that much from one 1,000 games to the next, the log-losses do
not. ``--without-final-round`` leaves out each game's last round (39,548 turn starts on seed
26, WEIGHTS 1.316 held out: near the original's 38,172 and 1.313, so the original may have
counted that way). ``--positions FILE`` keeps the positions as JSON (read instead of playing
when the file exists).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from crisis import sim
from crisis.ai.toc import fit
from crisis.ai.toc.evaluate import REFIT, WEIGHTS

BOTS = "senate,senate,balanced,military,populace"


def gather(games: int, seed: int, bots: str, jobs: int) -> list[fit.Position]:
    """The turn starts of ``games`` 4-player games of ``bots`` from base ``seed``."""
    specs = sim.plan_games(games, bots.split(","), [4], seed)
    return [p for game in fit.play(specs, jobs) for p in game]


def load_or_gather(args: argparse.Namespace) -> list[fit.Position]:
    """The positions from ``--positions`` if that file exists, else played (and saved there
    when a file is named)."""
    path: Path | None = args.positions
    if path is not None and path.exists():
        raw = json.loads(path.read_text())
        return [fit.Position(g, tuple(map(tuple, rows)), w, r) for g, rows, w, r in raw]
    data = gather(args.games, args.seed, args.bots, args.jobs)
    if path is not None:
        path.write_text(json.dumps([[p.game, p.rows, p.winner, p.round] for p in data]))
    return data


def stored(weights: dict[str, float]) -> dict[str, float]:
    """``weights`` as evaluate.py keeps them: four places, the Emperor's weight zero (a
    negative one would teach the search to shun the throne)."""
    return {n: 0.0 if n == "emperor" else round(w, 4) for n, w in weights.items()}


def main() -> None:
    """Parse the arguments, gather, fit and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=26, help="base seed (crisis simulate's)")
    parser.add_argument("--bots", default=BOTS, help="seats: a rotating window of this list")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--held-out", type=int, default=5, help="hold out every N-th game")
    parser.add_argument("--positions", type=Path, help="JSON file of positions to read/write")
    parser.add_argument(
        "--without-final-round", action="store_true", help="leave out each game's last round"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    data = load_or_gather(args)
    if args.without_final_round:
        data = fit.without_final_round(data)
    train, held = fit.split(data, args.held_out)
    games = len({p.game for p in data})
    print(f"{len(data)} turn starts of {games} games ({len(train)} to fit, {len(held)} held out)")
    fitted = fit.fit(train)
    print(
        f"played and fitted in {time.perf_counter() - start:.0f} s; the Emperor's weight came out "
        f"{fitted['emperor']:.4f} and is set to zero\n"
    )
    new = stored(fitted)
    print(f"{'feature':<14}{'fitted':>9}{'REFIT':>9}{'WEIGHTS':>9}")
    for n in fit.NAMES:
        print(f"{n:<14}{new[n]:>9.4f}{REFIT[n]:>9.4f}{WEIGHTS[n]:>9.4f}")
    print("\nREFIT = {\n" + "".join(f'    "{n}": {w},\n' for n, w in new.items()) + "}\n")
    print(f"held-out log-loss ({len(held)} turn starts):")
    for label, w in [
        ("fitted", fitted),
        ("fitted, as stored", new),
        ("REFIT", REFIT),
        ("WEIGHTS", WEIGHTS),
    ]:
        print(f"  {label:<18}{fit.log_loss(held, w):.4f}")
    print(f"  {'uniform':<18}{math.log(4):.4f}")


if __name__ == "__main__":
    main()
