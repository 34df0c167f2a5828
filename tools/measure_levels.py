"""Measure the bots' strength levels and store the figures the lobby shows.

Each level of a title plays a table of its own: the level in one seat and the title's
reference bot (:data:`REFERENCE`) in every other, four players, seats rotated game by game,
game seeds derived from ``--seed`` as ``crisis simulate`` derives them. The level's win rate,
its 95% Wilson interval (over games), the games played, the parity and the command that
produced them go into a JSON file (by default ``src/crisis/ai/levels.json``, the one
:func:`crisis.ai.level_figures` reads), merged with what the file already holds, so levels
can be measured on different machines and at different times::

    python tools/measure_levels.py --title time_of_crisis --level easy --level medium
    python tools/measure_levels.py --title time_of_crisis --level hard --games 200 --jobs 16
    python tools/measure_levels.py --merge a.json b.json      # combine measured files

The same tables with ``crisis simulate`` (which prints the figures without storing them)::

    crisis simulate --games 400 --bots hard,senate,senate,senate --seed 26
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import Any

from crisis.ai import title_bots
from crisis.sim import plan_games, run
from crisis.sim.stats import summarize

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "src" / "crisis" / "ai" / "levels.json"
#: The bot every level is measured against, per title (the issue's reference tables).
REFERENCE = {"time_of_crisis": "senate", "rome_in_crisis": "heuristic"}
PLAYERS = 4


def measure(title: str, name: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Play level ``name`` of ``title`` against three reference bots; its figures."""
    ref = REFERENCE[title]
    bots = [name] + [ref] * (PLAYERS - 1)
    records = run(plan_games(games, bots, seed=seed, title=title), jobs=jobs)
    summary = summarize(records)
    if summary.crashes or summary.stalls:
        raise SystemExit(f"{title} {name}: {summary.crashes} crashes, {summary.stalls} stalls")
    stats = summary.bot(name)
    low, high = stats.ci
    command = (
        f"crisis simulate --title {title} --games {games} --bots {','.join(bots)} --seed {seed}"
    )
    return {
        "bot": title_bots(title).levels[name].spec,
        "against": f"3 {ref}",
        "players": PLAYERS,
        "games": stats.games,
        "wins": stats.wins,
        "win_rate": round(stats.rate, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "parity": round(stats.parity, 4),
        "seconds_per_turn": round(stats.think, 3),
        "command": command,
        "date": datetime.date.today().isoformat(),
    }


def load(path: Path) -> dict[str, Any]:
    """A figures file, or an empty one."""
    if not path.exists():
        return {"titles": {}}
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    data.setdefault("titles", {})
    return data


def merge(into: dict[str, Any], other: dict[str, Any]) -> None:
    """Put every level figure of ``other`` into ``into`` (``other`` wins)."""
    for title, rows in other.get("titles", {}).items():
        into["titles"].setdefault(title, {}).update(rows)


def save(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` with a note on what it is."""
    data["about"] = (
        "Measured strength of the bot levels (each title's, crisis.ai.level): each level in "
        "one seat, the title's reference bot in the other three, seats rotated. Written by "
        "tools/measure_levels.py; each entry names the command that reproduces it."
    )
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", "utf-8")


def main(argv: list[str] | None = None) -> int:
    """Measure the levels asked for (or merge files) and write the figures file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", choices=sorted(REFERENCE), default="time_of_crisis")
    parser.add_argument("--level", action="append", help="easy, medium or hard (repeat)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: all cores)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--merge", nargs="+", type=Path, help="merge these files instead")
    args = parser.parse_args(argv)
    data = load(args.output)
    if args.merge:
        for path in args.merge:
            merge(data, load(path))
    else:
        for name in args.level or list(title_bots(args.title).levels):
            row = measure(args.title, name, args.games, args.seed, args.jobs)
            data["titles"].setdefault(args.title, {})[name] = row
            print(json.dumps({"title": args.title, "level": name, **row}), flush=True)
    save(args.output, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
