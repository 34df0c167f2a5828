"""Time of Crisis (GMT Games, 2nd edition) on the crisis engine.

The module-level functions are the engine contract::

    from crisis.games import time_of_crisis as toc
    state = toc.setup(seed=1, options={"players": 4})
    role = toc.active(state)[0]
    toc.apply(state, role, toc.actions(state, role)[0])
"""

from crisis.games.time_of_crisis.determinize import determinize
from crisis.games.time_of_crisis.encoding import (
    MAX_CHANCE_OUTCOMES,
    action_catalog,
    actual_action,
    canonical_action,
    observation_fields,
    observation_size,
    observe,
)
from crisis.games.time_of_crisis.rules import (
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
from crisis.games.time_of_crisis.state import State
from crisis.games.time_of_crisis.text import render
from crisis.games.time_of_crisis.words import describe, unavailable

__all__ = [
    "MAX_CHANCE_OUTCOMES",
    "NAME",
    "State",
    "action_catalog",
    "actions",
    "active",
    "actual_action",
    "apply",
    "canonical_action",
    "checkpoint",
    "describe",
    "determinize",
    "from_json",
    "info",
    "observation_fields",
    "observation_size",
    "observe",
    "render",
    "result",
    "roles",
    "scores",
    "setup",
    "to_json",
    "unavailable",
    "view",
]
