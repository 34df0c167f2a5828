"""The bot interface: a bot picks one legal action for a role.

Bots see what a player would see. ``choose`` gets the role's view (never the full state), the
list of legal actions and a seeded random generator; a bot that searches asks its title for
a determinized state consistent with that view. A turn is many actions, so a bot is asked once
per decision and keeps whatever plan it likes between calls.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from crisis.engine.action import Action


class Bot(Protocol):
    """Anything with a name and a ``choose`` method."""

    name: str

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """One of ``actions`` for ``role``, given what ``role`` may see."""
        ...


@runtime_checkable
class Searcher(Protocol):
    """A bot that searches for a time budget at some decisions and answers at once at the
    others (a server runs the former where searches may take their time)."""

    def will_search(self, view: dict[str, Any], role: str, actions: list[Action]) -> bool:
        """Whether choosing among ``actions`` from ``view`` now means a search."""
        ...


class RandomBot:
    """Uniform over legal actions, but takes an ending action (one of ``ending``: the
    title's declared verbs that end a turn, phase or step) with probability ``end_bias``
    whenever it may, so random games finish."""

    name = "random"

    def __init__(self, end_bias: float = 0.15, ending: frozenset[str] = frozenset()) -> None:
        self.end_bias = end_bias
        self.ending = ending

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """A random legal action, biased toward ending the phase."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        ends = [a for a in actions if a.verb in self.ending]
        if ends and rng.random() < self.end_bias:
            return ends[0]
        return rng.choice(actions)
