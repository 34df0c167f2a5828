"""How the fuzzer plays Rome in Crisis (its :class:`~crisis.engine.title.FuzzProfile`): verb
weights for random games, the cycle of setup variants, and a crude purposeful policy that
reaches positions uniform random play rarely does. The invariants it checks after every
action are in :mod:`invariants`.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.state import State

FUZZ_WEIGHTS: dict[str, float] = {"bid": 3.0, "play": 2.0}

FUZZ_VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"dealer": "green"},
    {"cards": data.default_cards()},
)
"""The default set with a random or fixed first dealer, and the card set passed as an option."""


def fuzz_options(players: int, index: int) -> dict[str, Any]:
    """Setup options of fuzz game ``index``: the variant changes every third game."""
    return {"players": players, **FUZZ_VARIANTS[(index // 3) % len(FUZZ_VARIANTS)]}


def fuzz_policy(rnd: random.Random, state: State, role: str, legal: list[Action]) -> Action:
    """A crude purposeful player: bids to win elections, plays cards against crises and
    discards what it can; otherwise random."""
    verbs: dict[str, list[Action]] = {}
    for a in legal:
        verbs.setdefault(a.verb, []).append(a)
    for verb in ("bid", "play"):
        if verb in verbs and rnd.random() < 0.7:
            return rnd.choice(verbs[verb])
    if "done" in verbs and rnd.random() < 0.8:
        return verbs["done"][0]
    return rnd.choice(legal)
