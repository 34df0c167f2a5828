"""A heuristic evaluation of a Time of Crisis position, used to cut the search's rollouts.

Each player gets a linear score from public features (legacy, provinces, improvements, the
Emperor Turns bonus as it stands, the face value of the cards bought, Emperor Turns); a
soft-max over the players' scores estimates each one's chance of winning. The weights were
fitted (multinomial logit) on 12,900 turn starts of 300 games between the heuristic bots:
on held-out turns the log-loss is 1.09 against 1.39 for a uniform guess. The Emperor's own
weight came out slightly negative there (a heuristic bot in Italia is often deposed); it is
set to zero so the search is not taught to shun the throne. A finished game scores exactly.
"""

from __future__ import annotations

import math
from typing import Any

from crisis.games.time_of_crisis import data

EMPEROR_BONUS = (10, 6, 3, 0)
#: Fitted weights per feature (per point of legacy, per province ...).
WEIGHTS = {
    "legacy": 0.0361,
    "provinces": 0.0367,
    "improvements": 0.1916,
    "emperor": 0.0,
    "bonus": 0.1291,
    "deck": 0.2769,
    "emperor_turns": 0.0510,
}
#: The same features refitted on 38,172 turn starts of 1,000 4-player games
#: between today's heuristics (each seat drawn from senate, senate, balanced, military,
#: populace); on the held-out fifth of the games the log-loss is 1.262, against 1.313 for
#: :data:`WEIGHTS` and 1.386 for a uniform guess. The Emperor's weight (-0.34) is set to zero
#: as above. The search uses them with ``evaluator=refit``.
#: ``tools/fit_evaluator.py --games 1000 --seed 26`` refits them (close, not to the digit).
REFIT = {
    "legacy": 0.0772,
    "provinces": 0.1317,
    "improvements": 0.0321,
    "emperor": 0.0,
    "bonus": 0.1235,
    "deck": 0.1052,
    "emperor_turns": 0.0520,
}


def features(view: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Each player's features, from any role's view."""
    provinces = view["provinces"]
    players = view["players"]
    emperor = view.get("emperor")
    ranks = sorted((p["emperor_turns"] for p in players), reverse=True)
    out: dict[str, dict[str, float]] = {}
    for p in players:
        role = p["role"]
        mine = [n for n, q in provinces.items() if q["governor"] == role]
        bonus = 0
        if p["emperor_turns"]:
            place = ranks.index(p["emperor_turns"])
            bonus = EMPEROR_BONUS[place] if place < len(EMPEROR_BONUS) else 0
        out[role] = {
            "legacy": p["legacy"],
            "provinces": len(mine),
            "improvements": sum(len(provinces[n]["improvements"]) for n in mine),
            "emperor": 1.0 if role == emperor else 0.0,
            "bonus": bonus,
            "deck": sum(data.INFLUENCE[c].value - 1 for c in p.get("bought", [])),
            "emperor_turns": p["emperor_turns"],
        }
    return out


def scores(view: dict[str, Any], weights: dict[str, float] | None = None) -> dict[str, float]:
    """Each player's linear score (the soft-max's logits); ``weights`` (default
    :data:`WEIGHTS`) may replace some of the weights."""
    w = WEIGHTS if not weights else {**WEIGHTS, **weights}
    return {role: sum(w[k] * x for k, x in f.items()) for role, f in features(view).items()}


def win_chances(view: dict[str, Any], weights: dict[str, float] | None = None) -> dict[str, float]:
    """Each player's estimated chance of winning; exact once the game is over. ``weights``
    replaces some of the fitted weights (see :func:`scores`)."""
    final = view.get("result")
    if final:
        return {p["role"]: 1.0 if p["role"] == final["winner"] else 0.0 for p in view["players"]}
    logits = scores(view, weights)
    top = max(logits.values())
    weights = {r: math.exp(s - top) for r, s in logits.items()}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}
