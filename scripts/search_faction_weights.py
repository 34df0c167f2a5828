"""Random search over the Military and Populace profiles in the mixed 4-player table.

How the weights of issue #26 were found (November 2026, 16 cores, seed 11: 120 candidates,
about 350 games each): ``python scripts/search_faction_weights.py 120 600 365``. Each
candidate is a set of Military and a set of Populace profile settings; the settings it does
not draw (favourite cards, starting provinces ...) are the profiles' own, so the same search
is repeated only on the profiles before the tuning (commit 7427597). Every candidate plays
the table balanced, military, senate, populace on the same seeds (common random numbers),
seats rotated; the run stops at the deadline and prints the candidates by their worse
faction's win rate, best first, writing them all to ``$OUT/search.json`` (or ./search.json).
The first candidate is the profiles as they are. Arguments: candidates, games per
candidate, seconds.
"""

import dataclasses
import json
import multiprocessing as mp
import os
import random
import sys
import time
from typing import Any

from crisis.ai.toc import profiles

ORDER = ["balanced", "military", "senate", "populace"]


def r(rng: random.Random, lo: float, hi: float) -> float:
    """A uniform draw, rounded to two places."""
    return round(rng.uniform(lo, hi), 2)


def candidates(n: int, seed: int = 5) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``n`` (military, populace) settings: the current profiles, one hand-made pair, and
    random draws."""
    rng = random.Random(seed)
    fixed = [
        ({}, {}),
        (
            {"suits": {"red": 1.15, "blue": 1.25, "yellow": 0.8}},
            {"suits": {"red": 0.85, "blue": 1.25, "yellow": 1.2}},
        ),
    ]
    out = list(fixed)
    while len(out) < n:
        red = r(rng, 1.0, 1.35)
        m = {
            "suits": {
                "red": red,
                "blue": r(rng, max(0.95, red - 0.1), red + 0.25),
                "yellow": r(rng, 0.7, 1.0),
            },
            "steal_odds": r(rng, 0.45, 0.7),
            "italia_odds": r(rng, 0.3, 0.55),
            "province_weight": r(rng, 1.0, 1.4),
            "italia_weight": r(rng, 1.0, 1.5),
            "army_goal": rng.choice([2, 3, 4]),
            "hunt_odds": r(rng, 0.55, 0.8),
            "defend_odds": r(rng, 0.4, 0.6),
            "build_weight": r(rng, 0.7, 1.1),
            "support_weight": r(rng, 0.7, 1.1),
        }
        y = r(rng, 1.1, 1.4)
        p = {
            "suits": {
                "red": r(rng, 0.7, 0.95),
                "blue": r(rng, max(1.0, y - 0.2), y + 0.15),
                "yellow": y,
            },
            "steal_odds": r(rng, 0.45, 0.7),
            "italia_odds": r(rng, 0.3, 0.6),
            "province_weight": r(rng, 1.0, 1.4),
            "italia_weight": r(rng, 1.0, 1.5),
            "build_weight": r(rng, 0.9, 1.4),
            "support_weight": r(rng, 0.9, 1.4),
            "start_hand": rng.choice(
                [{"red": 1, "blue": 2, "yellow": 2}, {"red": 1, "blue": 3, "yellow": 1}]
            ),
            "favourites": {
                "mob": 0.6,
                "mobile_vulgus": 0.8,
                "ambitus": 0.5,
                "demagogue": 0.6,
                "quaestor": r(rng, -0.8, 0.0),
            },
        }
        out.append((m, p))
    return out


CANDS: list[tuple[dict[str, Any], dict[str, Any]]] = []


def play(task: tuple[int, int]) -> tuple[int, str | None]:
    """Play game ``g`` of candidate ``ci``; (ci, the winning bot's name)."""
    ci, g = task
    from crisis.ai.toc.heuristic import HeuristicBot
    from crisis.games import get_title
    from crisis.sim import game_seed
    from crisis.sim.runner import seat_rng

    m, p = CANDS[ci]
    profs = dict(profiles.PROFILES)
    profs["military"] = dataclasses.replace(profs["military"], **m)
    profs["populace"] = dataclasses.replace(profs["populace"], **p)
    T = get_title("time_of_crisis")
    seed = game_seed(11, g)
    k = g % 4
    seats = ORDER[k:] + ORDER[:k]
    st = T.setup(seed, {"players": 4})
    roles = T.roles(st)
    bots = {ro: HeuristicBot(profs[n]) for ro, n in zip(roles, seats, strict=True)}
    name = dict(zip(roles, seats, strict=True))
    rngs = {ro: seat_rng(seed, i) for i, ro in enumerate(roles)}
    n = 0
    while T.result(st) is None and n < 20000:
        for role in T.active(st):
            legal = T.actions(st, role)
            if not legal:
                continue
            T.apply(st, role, bots[role].choose(T.view(st, role), role, legal, rngs[role]))
            n += 1
            if T.result(st) is not None:
                break
    res = T.result(st)
    return ci, name.get(res["winner"]) if res else None


def main() -> None:
    """Run the search from the command line's arguments and print the best candidates."""
    global CANDS
    ncand, games, budget = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    CANDS = candidates(ncand)
    deadline = time.time() + budget
    tasks = [(c, g) for g in range(games) for c in range(ncand)]
    wins = {c: {b: 0 for b in ORDER} for c in range(ncand)}
    done = {c: 0 for c in range(ncand)}
    with mp.get_context("fork").Pool(os.cpu_count()) as pool:
        for ci, w in pool.imap_unordered(play, tasks, chunksize=4):
            done[ci] += 1
            if w:
                wins[ci][w] += 1
            if time.time() > deadline:
                pool.terminate()
                break
    rows = []
    for c in range(ncand):
        n = max(1, done[c])
        mil, pop = wins[c]["military"] / n, wins[c]["populace"] / n
        rows.append(
            {
                "cand": c,
                "games": done[c],
                "military": round(mil, 3),
                "populace": round(pop, 3),
                "senate": round(wins[c]["senate"] / n, 3),
                "balanced": round(wins[c]["balanced"] / n, 3),
                "min": round(min(mil, pop), 3),
                "params": CANDS[c],
            }
        )
    rows.sort(key=lambda x: -x["min"])
    out = os.environ.get("OUT", ".")
    with open(os.path.join(out, "search.json"), "w") as f:
        json.dump(rows, f, indent=1)
    for row in rows[:25]:
        print(json.dumps({k: v for k, v in row.items() if k != "params"}))
    print("total games", sum(done.values()))


if __name__ == "__main__":
    main()
