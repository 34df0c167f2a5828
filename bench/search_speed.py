"""How fast Time of Crisis's searching bots think: decisions per second and rollouts per
searched decision, the ``hard`` level's search beside the turn-plan search it replaced (or
any bots named with ``--bot``).

Each bot plays the same games (seeds derived from ``--seed``) in one seat against three
``senate`` bots, the bots alternating game by game in one process so that a shared machine
slows both alike. Printed per bot: every decision it made (and the share it searched), its
decisions per second of its own thinking, seconds per own turn, rollouts per searched
decision (mean and median) and rollouts per second. A rollout is one sampled game played on
from the candidate: to the end of the bot's next turn for ``search``, for one round for the
turn-plan ``ismcts``, so their rollouts differ in length.

    .venv/bin/python bench/search_speed.py --games 4 --seed 26
    .venv/bin/python bench/search_speed.py --games 2 --bot hard --bot hard:workers=2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from crisis.ai import get_bot
from crisis.games import time_of_crisis as toc

#: The bots compared by default: the level's search and the turn-plan search it replaced.
BOTS = ["hard", "ismcts:seconds=1.0"]


@dataclass
class Tally:
    """One bot's thinking, summed over its decisions."""

    decisions: int = 0
    searched: int = 0
    seconds: float = 0.0
    turns: set[tuple[int, Any, int]] = field(default_factory=set)
    rollouts: list[int] = field(default_factory=list)


def rollouts_of(bot: Any) -> int | None:
    """Rollouts the bot's last search played, or None if that decision was not searched."""
    if hasattr(bot, "last_iterations"):  # the title's own search
        return bot.last_iterations if bot.last_search else None
    return sum(node.visits for node in bot.last_search) or None  # the turn-plan search


def play(spec: str, seed: int, seat: int, tally: Tally) -> None:
    """One 4-player game with ``spec`` in ``seat`` and ``senate`` elsewhere."""
    state = toc.setup(seed, {"players": 4})
    roles = toc.roles(state)
    mine = roles[seat]
    bots = {r: get_bot(spec if r == mine else "senate", "time_of_crisis") for r in roles}
    rng = random.Random(seed)
    for _ in range(20_000):
        if toc.result(state) is not None:
            return
        who = toc.active(state)[0]
        legal = toc.actions(state, who)
        view = toc.view(state, who)
        bot = bots[who]
        if who != mine:
            toc.apply(state, who, bot.choose(view, who, legal, rng))
            continue
        bot.last_search = []  # type: ignore[attr-defined]
        start = time.perf_counter()
        act = bot.choose(view, who, legal, rng)
        tally.seconds += time.perf_counter() - start
        tally.decisions += 1
        if view["current"] == who:
            tally.turns.add((seed, view["round"], state.current))
        done = rollouts_of(bot)
        if done is not None:
            tally.searched += 1
            tally.rollouts.append(done)
        toc.apply(state, who, act)
    raise RuntimeError(f"game {seed} did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per bot")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument(
        "--bot",
        action="append",
        default=None,
        help=f"a bot to compare (repeatable; default: {', '.join(BOTS)})",
    )
    args = parser.parse_args()
    tallies = {spec: Tally() for spec in args.bot or BOTS}
    for k in range(args.games):
        seed = random.Random(args.seed * 1_000_003 + k).getrandbits(32)
        for spec, tally in tallies.items():
            play(spec, seed, k % 4, tally)
    print(
        "| bot | decisions (searched) | decisions/s | s per own turn "
        "| rollouts per searched decision: mean, median | rollouts/s |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, t in tallies.items():
        mean = statistics.fmean(t.rollouts) if t.rollouts else 0.0
        median = statistics.median(t.rollouts) if t.rollouts else 0.0
        print(
            f"| {name} | {t.decisions} ({t.searched}) | {t.decisions / t.seconds:.1f} "
            f"| {t.seconds / max(1, len(t.turns)):.2f} | {mean:.1f}, {median:.0f} "
            f"| {sum(t.rollouts) / t.seconds:.0f} |"
        )


if __name__ == "__main__":
    main()
