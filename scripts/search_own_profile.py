"""Random search for a Time of Crisis heuristic profile that beats three ``senate`` bots.

Issue #26: the search bots roll out with the heuristic, and every heuristic profile wins only
a quarter to a third of its games against three ``senate`` bots, so a better base profile
lifts both the heuristic level and the searches built on it. This script draws random
profiles around ``balanced`` and keeps the best by successive halving: every candidate plays
the first stage's games, the best ``keep`` of them the next stage's (new game seeds), and so
on. Every candidate plays the same game seeds in a stage (common random numbers), in one seat
against three ``senate`` bots, seats rotated (game ``g`` puts it in seat ``g % 4``).

    .venv/bin/python scripts/search_own_profile.py --candidates 120 --games 160,480,1600 \\
        --keep 20,5 --seed 41 --jobs 2 --out search_own.json

Candidate 0 is ``balanced`` itself and candidate 1 ``senate`` (the reference). The JSON file
holds every candidate's settings and its wins per stage; the last lines printed are the
finalists, best first. Stages are played on game seeds ``crisis.sim.game_seed(seed + stage,
g)``, so a later validation on another ``--seed`` (as ``crisis simulate`` does) is unseen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing as mp
import random
import time
from typing import Any

from crisis.ai.toc import profiles
from crisis.sim.stats import wilson

#: Cards a profile may favour or avoid (extra worth when buying and choosing the hand).
CARDS = (
    "castra",
    "flanking_maneuver",
    "praetorian_guard",
    "tribute",
    "foederati",
    "damnatio_memoriae",
    "quaestor",
    "mob",
    "cavalry",
    "spiculum",
    "princeps_senatus",
    "triumph",
    "ambitus",
    "mobile_vulgus",
    "demagogue",
    "force_march",
)
STARTS = (
    profiles.BALANCED.start,
    profiles.SENATE.start,
    profiles.MILITARY.start,
    profiles.POPULACE.start,
)
ORDERS = (
    ("military", "senate", "populace"),
    ("senate", "military", "populace"),
    ("senate", "populace", "military"),
    ("military", "populace", "senate"),
)
HANDS = (
    {"red": 1, "blue": 3, "yellow": 1},
    {"red": 2, "blue": 2, "yellow": 1},
    {"red": 1, "blue": 2, "yellow": 2},
)


def _u(rng: random.Random, lo: float, hi: float) -> float:
    return round(rng.uniform(lo, hi), 2)


def draw(rng: random.Random) -> dict[str, Any]:
    """One random set of profile settings (the fields of :class:`profiles.Profile`)."""
    return {
        "suits": {
            "red": _u(rng, 0.8, 1.3),
            "blue": _u(rng, 0.95, 1.45),
            "yellow": _u(rng, 0.8, 1.3),
        },
        "start_hand": rng.choice(HANDS),
        "start": rng.choice(STARTS),
        "order": rng.choice(ORDERS),
        "defend_odds": _u(rng, 0.4, 0.65),
        "hunt_odds": _u(rng, 0.55, 0.9),
        "hunts": rng.random() < 0.3,
        "army_goal": rng.choice([2, 3, 4]),
        "italia_odds": _u(rng, 0.3, 0.6),
        "steal_odds": _u(rng, 0.45, 0.75),
        "province_weight": _u(rng, 0.9, 1.4),
        "italia_weight": _u(rng, 0.9, 1.5),
        "build_weight": _u(rng, 0.7, 1.3),
        "support_weight": _u(rng, 0.7, 1.3),
        "emperor": rng.choice(["senate", "senate", "populace", "military"]),
        "favourites": {c: _u(rng, -0.6, 0.9) for c in rng.sample(CARDS, rng.randint(0, 6))},
    }


def candidates(n: int, seed: int) -> list[dict[str, Any]]:
    """``balanced`` (no change), ``senate``'s own settings, then ``n - 2`` random draws."""
    rng = random.Random(seed)
    senate = {
        f.name: getattr(profiles.SENATE, f.name)
        for f in dataclasses.fields(profiles.Profile)
        if f.name not in ("name", "title")
    }
    out: list[dict[str, Any]] = [{}, senate]
    while len(out) < n:
        out.append(draw(rng))
    return out[:n]


def profile(settings: dict[str, Any]) -> profiles.Profile:
    """``balanced`` with ``settings`` applied (JSON lists back to the tuples they were)."""
    fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in settings.items()}
    return dataclasses.replace(profiles.BALANCED, name="candidate", **fixed)


CANDS: list[dict[str, Any]] = []


def play(task: tuple[int, int, int]) -> tuple[int, int, bool]:
    """Play game ``g`` (on seed ``base``) with candidate ``ci`` in seat ``g % 4``."""
    ci, base, g = task
    from crisis.ai.toc.heuristic import HeuristicBot
    from crisis.games import get_title
    from crisis.sim import game_seed
    from crisis.sim.runner import seat_rng

    title = get_title("time_of_crisis")
    seed = game_seed(base, g)
    state = title.setup(seed, {"players": 4})
    roles = title.roles(state)
    mine = roles[g % 4]
    bots = {r: HeuristicBot(profile(CANDS[ci]) if r == mine else "senate") for r in roles}
    rngs = {r: seat_rng(seed, i) for i, r in enumerate(roles)}
    steps = 0
    while title.result(state) is None and steps < 20000:
        for role in title.active(state):
            legal = title.actions(state, role)
            if legal:
                view = title.view(state, role)
                title.apply(state, role, bots[role].choose(view, role, legal, rngs[role]))
                steps += 1
                if title.result(state) is not None:
                    break
    result = title.result(state)
    return ci, g, bool(result and result["winner"] == mine)


def main() -> None:
    """Run the stages the arguments name and write every candidate's results."""
    global CANDS
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidates", type=int, default=120)
    ap.add_argument("--games", default="160,480,1600", help="games per candidate, per stage")
    ap.add_argument("--keep", default="20,5", help="candidates kept after each stage but the last")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="search_own.json")
    args = ap.parse_args()
    stages = [int(x) for x in args.games.split(",")]
    keep = [int(x) for x in args.keep.split(",")] if args.keep else []
    if len(keep) != len(stages) - 1:
        ap.error("--keep needs one number fewer than --games")
    CANDS = candidates(args.candidates, args.seed)
    rows = [{"cand": i, "settings": c, "stages": []} for i, c in enumerate(CANDS)]
    alive = list(range(len(CANDS)))
    started = time.time()
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for stage, games in enumerate(stages):
            base = args.seed + stage
            wins = dict.fromkeys(alive, 0)
            tasks = [(c, base, g) for g in range(games) for c in alive]
            for ci, _g, won in pool.imap_unordered(play, tasks, chunksize=8):
                wins[ci] += won
            for c in alive:
                rows[c]["stages"].append({"seed": base, "games": games, "wins": wins[c]})
            alive.sort(key=lambda c: -wins[c])
            print(
                f"stage {stage + 1}: {len(tasks)} games, {time.time() - started:.0f} s; best "
                + ", ".join(f"#{c} {wins[c]}/{games}" for c in alive[:8])
                + f"; balanced {wins.get(0, '-')}, senate {wins.get(1, '-')}",
                flush=True,
            )
            if stage < len(keep):
                alive = sorted(set(alive[: keep[stage]]) | {0})
    with open(args.out, "w") as f:
        json.dump(rows, f, indent=1)
    last = stages[-1]
    for c in alive:
        w = rows[c]["stages"][-1]["wins"]
        lo, hi = wilson(w, last)
        print(
            json.dumps(
                {
                    "cand": c,
                    "wins": w,
                    "games": last,
                    "low": round(lo, 3),
                    "high": round(hi, 3),
                    "settings": CANDS[c],
                }
            )
        )


if __name__ == "__main__":
    main()
