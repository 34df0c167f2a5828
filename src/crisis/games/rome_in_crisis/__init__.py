"""Rick Heli's Rome in Crisis on the crisis engine.

The module-level functions are the engine contract::

    from crisis.games import rome_in_crisis as ric
    state = ric.setup(seed=1, options={"players": 4})
    role = ric.active(state)[0]
    ric.apply(state, role, ric.actions(state, role)[0])
"""

from crisis.games.rome_in_crisis.data import load_cards, provisional
from crisis.games.rome_in_crisis.determinize import determinize
from crisis.games.rome_in_crisis.encoding import action_catalog, observation_size, observe
from crisis.games.rome_in_crisis.rules import (
    MAX_CHANCE_OUTCOMES,
    NAME,
    actions,
    active,
    apply,
    checkpoint,
    from_json,
    info,
    result,
    roles,
    scores,
    setup,
    to_json,
    view,
)
from crisis.games.rome_in_crisis.state import State
from crisis.games.rome_in_crisis.text import render
from crisis.games.rome_in_crisis.words import describe

__all__ = [
    "MAX_CHANCE_OUTCOMES",
    "NAME",
    "State",
    "action_catalog",
    "actions",
    "active",
    "apply",
    "checkpoint",
    "describe",
    "determinize",
    "from_json",
    "info",
    "load_cards",
    "observation_size",
    "observe",
    "provisional",
    "render",
    "result",
    "roles",
    "scores",
    "setup",
    "to_json",
    "view",
]
