"""How the fuzzer plays Time of Crisis (its :class:`~crisis.engine.title.FuzzProfile`): verb
weights for random games, the cycle of setup variants, and a crude purposeful policy that
reaches positions uniform random play rarely does. The invariants it checks after every
action are in :mod:`invariants`.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.registry import arg_tuple
from crisis.games.time_of_crisis.senate import votes_needed
from crisis.games.time_of_crisis.state import State

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


_PURPOSEFUL = (
    "pretender",
    "mob",
    "praetorian_guard",
    "damnatio_memoriae",
    "foederati",
    "flanking_maneuver",
    "increase_support",
    "build",
    "recruit_governor",
    "recruit_general",
    "create_army",
    "add_legion",
    "initiate_battle",
    "militia_battle",
    "hold_games",
    "disperse_mob",
    "place_militia",
    "castra",
    "quaestor",
    "tribute",
)


def fuzz_policy(rnd: random.Random, state: State, role: str, legal: list[Action]) -> Action:
    """A crude purposeful player for fuzzing: plays its cards, seeks governorships (Italia
    above all) with every die it has, uses events and buys cards. It reaches Emperors,
    deposings, Pretenders and the last round, which uniform random play almost never does."""
    verbs: dict[str, list[Action]] = {}
    for a in legal:
        verbs.setdefault(a.verb, []).append(a)
    if state.step == "actions":
        if "play_card" in verbs and rnd.random() < 0.9:
            return rnd.choice(verbs["play_card"])
        if "place_governor" in verbs and rnd.random() < 0.7:
            # Every die on a target the dice can carry, Italia first; else a random one.
            options = verbs["place_governor"]
            most = max(arg_tuple(a.arg)[1] for a in options)
            best = [a for a in options if arg_tuple(a.arg)[1] == most]
            likely = [
                a for a in best if most >= votes_needed(state, role, str(arg_tuple(a.arg)[0]))
            ]
            italia = [a for a in likely if arg_tuple(a.arg)[0] == data.ITALIA]
            return rnd.choice(italia or likely or best)
        wanted = [v for v in _PURPOSEFUL if v in verbs]
        if wanted and rnd.random() < 0.7:
            verb = rnd.choice(wanted)
            if verb == "praetorian_guard":
                return max(verbs[verb], key=lambda a: a.arg if isinstance(a.arg, int) else 0)
            return rnd.choice(verbs[verb])
        if "move_army" in verbs and rnd.random() < 0.3:
            return rnd.choice(verbs["move_army"])
        if "end_actions" in verbs and rnd.random() < 0.5:
            return verbs["end_actions"][0]
    elif state.step == "buy":
        if "buy" in verbs and rnd.random() < 0.9:
            return rnd.choice(verbs["buy"])
        if "trash" in verbs and rnd.random() < 0.3:
            return rnd.choice(verbs["trash"])
        return verbs["end_buy"][0]
    return rnd.choice(legal)
