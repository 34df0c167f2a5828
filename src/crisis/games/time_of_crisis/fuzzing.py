"""How the fuzzer plays Time of Crisis (its :class:`~crisis.engine.title.FuzzProfile`): verb
weights for random games and the cycle of setup variants. Its purposeful games are played by
the title's bots (:mod:`crisis.ai.explore`); the invariants it checks after every action are
in :mod:`invariants`.
"""

from __future__ import annotations

from typing import Any

#: The bots seated in turn at a purposeful fuzzed table: every faction, so that battles,
#: elections and Mobs all come up (names registered in :mod:`crisis.ai`).
FUZZ_SEATS: tuple[str, ...] = ("military", "senate", "populace", "balanced")

# Verb weights for the fuzzer's random games: fewer idle moves, more purchases, so random
# games reach richer positions.
FUZZ_WEIGHTS: dict[str, float] = {
    "discard": 0.1,
    "enter_capital": 0.3,
    "leave_capital": 0.3,
    "buy": 20.0,
    "trash": 0.3,
    "play_card": 2.0,
    "increase_support": 3.0,
}

# Setup variants the fuzzer cycles through: base game, the Age of Iron and Rust's cards in
# each market, the optional Emperor rules, and the short game.
_CARD_SETUPS: tuple[dict[str, Any], ...] = (
    {},
    {"expansion_cards": True},
    {"expansion_cards": True, "market": "variable"},
    {"expansion_cards": True, "market": "selective"},
)
_EVERYTHING = {"expansion_cards": True, "market": "variable", "emperor_rules": True}
FUZZ_VARIANTS: tuple[dict[str, Any], ...] = (
    *({**cards, **emperor} for cards in _CARD_SETUPS for emperor in ({}, {"emperor_rules": True})),
    {**_EVERYTHING, "short_game": True},
)
"""Every combination of expansion cards (off, or on with each market) and Emperor rules
(off/on), plus a short game with everything on."""


def fuzz_options(players: int, index: int) -> dict[str, Any]:
    """Setup options of fuzz game ``index``: the variant changes every third game, so with
    player counts 2, 3 and 4 every pairing comes up within 27 games."""
    return {"players": players, **FUZZ_VARIANTS[(index // 3) % len(FUZZ_VARIANTS)]}
