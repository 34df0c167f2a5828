"""How stable the hint is (issue #25 item 5): the same positions asked several times with
different seeds, at the server's hint budget.

For each title, ``--positions`` decisions with several choices are taken from games of the
title's reference bots; each is asked ``--runs`` times (seeds 0, 1, ...). Printed per title:
the spread of a choice's estimate between runs (the standard deviation, in percentage
points, averaged over the choices shown in at least 3 runs), the standard error the hint
itself reports, how often the bot's own choice and the best rated choice are the same as in
the first run, how often the plan's first five steps are, and the share of shown choices
with too few samples for an estimate (a busy machine).

    .venv/bin/python scripts/hint_stability.py --seconds 1.0 --runs 6 --positions 5
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from crisis.ai import default_bot, get_bot
from crisis.ai.advice import hint
from crisis.games import get_title


def positions(title_name: str, count: int, seed: int) -> list[tuple[Any, str]]:
    """``count`` decisions with several choices, spread over a game of reference bots."""
    title = get_title(title_name)
    state = title.setup(seed, {"players": 4})
    bot = get_bot(default_bot(title_name), title_name)
    rnd = random.Random(seed)
    out: list[tuple[Any, str]] = []
    n = 0
    while title.result(state) is None and len(out) < count:
        role = title.active(state)[0]
        legal = title.actions(state, role)
        view = title.view(state, role)
        if len(legal) > 2 and n % 37 == 5 and n > 20:
            out.append((title.copy_state(state), role))
        title.apply(state, role, bot.choose(view, role, legal, rnd))
        n += 1
    return out


def measure(title_name: str, seconds: float, runs: int, count: int) -> dict[str, float]:
    """The figures above for one title."""
    title = get_title(title_name)
    spreads: list[float] = []
    errors: list[float] = []
    same_pick = same_best = same_plan = total = shown = few = 0
    for state, role in positions(title_name, count, 3):
        view = title.view(state, role)
        legal = title.actions(state, role)
        answers = [
            hint(title_name, view, role, legal, seconds=seconds, rng=random.Random(k))
            for k in range(runs)
        ]
        by_action: dict[Any, list[float]] = {}
        for answer in answers:
            for c in answer:
                shown += 1
                if c["chance"] is None:
                    few += 1  # too few samples for an estimate (a busy machine)
                    continue
                by_action.setdefault(c["action"], []).append(c["chance"])
                errors.append(c["error"])
        spreads += [statistics.stdev(v) for v in by_action.values() if len(v) >= 3]

        def key(answer: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
            pick = next(c for c in answer if c["pick"])
            steps = [tuple(s["action"]) for s in pick["turn"]["steps"][:5]]
            return pick["action"], answer[0]["action"], steps

        first = key(answers[0])
        for answer in answers[1:]:
            now = key(answer)
            total += 1
            same_pick += now[0] == first[0]
            same_best += now[1] == first[1]
            same_plan += now[2] == first[2]
    return {
        "spread_points": 100 * statistics.mean(spreads) if spreads else float("nan"),
        "reported_error_points": 100 * statistics.mean(errors) if errors else float("nan"),
        "same_pick": same_pick / total if total else float("nan"),
        "same_best": same_best / total if total else float("nan"),
        "same_plan": same_plan / total if total else float("nan"),
        "too_few": few / shown if shown else float("nan"),
    }


def main() -> None:
    """Print the figures for both titles."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--title", action="append", default=None)
    args = parser.parse_args()
    for name in args.title or ["time_of_crisis", "rome_in_crisis"]:
        figures = measure(name, args.seconds, args.runs, args.positions)
        shown = ", ".join(f"{k} {v:.2f}" for k, v in figures.items())
        print(f"{name}: {args.positions} positions x {args.runs} runs at {args.seconds} s: {shown}")


if __name__ == "__main__":
    main()
