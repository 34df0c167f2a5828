"""What an action takes from the turn's influence pool or political points.

Each verb that spends declares its cost once, where its handler is registered
(``@handles(..., cost=...)`` in :mod:`registry`): the registry pays that cost before the
handler runs, and the table's words (:func:`words.describe`, :func:`words.unavailable`)
read the same declaration to say what an action costs, or what is missing to take it. So a
price is written in one place, and describing the legal actions needs no trial run of each
one on a copy of the state (which was most of the server's work per move).

A cost maps a suit (``"red"``, ``"blue"``, ``"yellow"``: influence of the Military, Senate
or Populace sphere) or :data:`POLITICAL` (political points) to an amount; a negative amount
is a gain (playing a card adds its value to the pool).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from crisis.engine.action import Action
from crisis.engine.machine import Handler
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.state import State

#: The key of political points in a cost (the other keys are suits).
POLITICAL = "political"

#: What an action takes, by suit or :data:`POLITICAL`; negative amounts are gains.
Cost = dict[str, int]

#: A verb's cost, from the state before the action, the acting seat and the action's arg.
CostRule = Callable[[State, str, Any], Cost]

#: Every declared cost, by verb (a verb of Time of Crisis means one thing at every step).
COST_RULES: dict[str, CostRule] = {}


def declare(verb: str, rule: CostRule) -> None:
    """Record ``rule`` as the cost of ``verb`` (once: two prices for one verb are a bug)."""
    if verb in COST_RULES:
        raise ValueError(f"time_of_crisis: the cost of {verb!r} is declared twice")
    COST_RULES[verb] = rule


def cost_of(state: State, role: str, action: Action) -> Cost:
    """What ``action`` would take from ``role`` now ({} for a verb that costs nothing)."""
    rule = COST_RULES.get(action.verb)
    return rule(state, role, action.arg) if rule else {}


def pay(state: State, cost: Cost) -> None:
    """Take ``cost`` from the turn's pool and political points (adding any gain); a cost
    the turn cannot cover raises and takes nothing."""
    turn = state.turn
    for what, n in cost.items():
        have = turn.political if what == POLITICAL else turn.pool[what]
        if have < n:
            raise AssertionError(f"spending {n} {what} when the turn holds {have}")
    for what, n in cost.items():
        if what == POLITICAL:
            turn.political -= n
        else:
            turn.pool[what] -= n


def spheres(cost: Cost) -> dict[str, int]:
    """``cost`` keyed the way players name it: "Military", "Senate", "Populace" and
    "political point", without zero amounts."""
    return {
        ("political point" if what == POLITICAL else data.SPHERE[what]): n
        for what, n in cost.items()
        if n
    }


def paying(rule: CostRule, handler: Handler) -> Handler:
    """``handler``, paying ``rule``'s cost first (the cost is read before anything moves)."""

    @wraps(handler)
    def paid(state: State, role: str, arg: Any) -> None:
        pay(state, rule(state, role, arg))
        handler(state, role, arg)

    return paid
