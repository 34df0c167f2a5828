"""Time of Crisis (GMT Games, 2nd edition) on the crisis engine.

The module-level functions are the engine contract::

    from crisis.games import time_of_crisis as toc
    state = toc.setup(seed=1, options={"players": 4})
    role = toc.active(state)[0]
    toc.apply(state, role, toc.actions(state, role)[0])
"""

from crisis.games.time_of_crisis.determinize import determinize
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

__all__ = [
    "NAME",
    "State",
    "actions",
    "active",
    "apply",
    "checkpoint",
    "determinize",
    "from_json",
    "info",
    "result",
    "roles",
    "scores",
    "setup",
    "to_json",
    "view",
]
