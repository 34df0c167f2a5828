"""Time of Crisis's action catalog for policy networks: every action that can ever be legal
under the setup options, each with a fixed integer id (its index).

The catalog is built from the rules' declarations: each verb declares the domains of its
argument and the setup option it needs (``@handles(..., args=..., option=...)``), and
:func:`domains` gives each domain's values from :mod:`data` (provinces, regions, tribes, card
ids, leader costs ...). Verbs come alphabetically. Armies and Frumentarii's order are written
in a canonical form (:mod:`army_slots`). Influence amounts (``place_governor``,
``praetorian_guard``, ``ambitus``) are bounded by the largest pool a hand can make:
:data:`POOL_MAX` = hand size x the highest card value.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import Any

from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.expansion import FRUMENTARII_PEEK
from crisis.games.time_of_crisis.phases import HAND_SIZE
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.state import ROLES

#: Armies (Generals) one player can have on the map: one per General counter.
ARMY_SLOTS = len(data.LEADER_COSTS)
#: The largest influence pool of one suit: a full hand of the highest-valued cards.
POOL_MAX = HAND_SIZE * max(c.value for c in data.INFLUENCE.values())
#: The most outcomes one random draw can have (explicit chance nodes need a bound): a die,
#: the first player, the event deck's shuffle, and the largest face-down market stack.
MAX_CHANCE_OUTCOMES = max(
    6,
    len(ROLES),
    len(data.EVENTS),
    *(
        sum(c.count for c in data.INFLUENCE.values() if c.category == slot)
        for slot in data.CATEGORIES
    ),
)
HIT_CHOICES: tuple[str, ...] = (
    "reduce",
    "remove",
    "militia",
    "rival",
    *data.TRIBES,
    *(f"{tribe}:{side}" for tribe in data.TRIBES for side in ("active", "inactive")),
    *data.BARBARIAN_LEADERS,
)
_RIVALS = tuple(data.RIVAL_EMPERORS)
_CARDS = tuple(data.INFLUENCE)


def _opts(options: dict[str, Any] | None) -> tuple[int, bool, bool]:
    o = options or {}
    return int(o.get("players", 4)), bool(o.get("expansion_cards")), bool(o.get("emperor_rules"))


def action_catalog(options: dict[str, Any] | None = None) -> list[Action]:
    """Every action that can ever be legal in a game with ``options``, in canonical form
    (see the module docstring), in a fixed order derived from the data."""
    return list(_catalog(*_opts(options)))


def domains(players: int, expansion: bool) -> dict[str, list[Any]]:
    """The values of every argument domain the verbs declare (``@handles(..., args=...)``)
    in a game of ``players`` with or without the expansion's cards, in canonical form: the
    action catalog combines them."""
    provinces = list(data.PROVINCES)
    slots = [f"@{k}" for k in range(ARMY_SLOTS)]
    enemy = [f"@{o}:{k}" for o in range(1, players) for k in range(ARMY_SLOTS)]
    return {
        "province": provinces,
        "region": list(data.REGIONS),
        "tribe": list(data.TRIBES),
        "card": [c for c in _CARDS if expansion or not data.INFLUENCE[c].expansion],
        "army": slots,
        "target": [*enemy, "militia", *data.TRIBES, *_RIVALS],
        "foe": [*enemy, *data.TRIBES, *_RIVALS],
        "leader_cost": list(data.LEADER_COSTS),
        "amount": list(range(1, POOL_MAX + 1)),
        "improvement": list(data.IMPROVEMENTS),
        # Foederati recruits in a tribe's homeland or in a province where that tribe is.
        "foederati_place": [(h, h) for h in data.TRIBES]
        + [(p, t) for p in provinces for t in data.TRIBES],
        "peek_order": [p for n in range(1, FRUMENTARII_PEEK + 1) for p in permutations(range(n))],
        "hit": list(HIT_CHOICES),
        "reward": ["support", "discount"],
        "occupation": ["governor", "neutral"],
        "category": list(data.CATEGORIES),
    }


@cache
def _catalog(players: int, expansion: bool, emperor_rules: bool) -> tuple[Action, ...]:
    options = {"expansion_cards": expansion, "emperor_rules": emperor_rules}
    return tuple(RULES.catalog(domains(players, expansion), options))
