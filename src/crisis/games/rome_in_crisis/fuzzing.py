"""How the fuzzer plays Rome in Crisis (its :class:`~crisis.engine.title.FuzzProfile`): verb
weights for random games and the cycle of setup variants. Its purposeful games are played by
the title's bots (:mod:`crisis.ai.explore`); the invariants it checks after every action are
in :mod:`invariants`.
"""

from __future__ import annotations

from typing import Any

from crisis.games.rome_in_crisis import data

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
