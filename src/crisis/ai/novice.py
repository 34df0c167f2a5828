"""A beginner's opponent: a good bot that slips.

``NoviceBot`` plays as a heuristic bot of the title but, at each decision with more than one
choice, makes a random legal move instead with probability ``blunder``. It is the ``easy``
strength level: it still pursues a plan most of the time (so a new player sees what the
game is about), but it wastes points, ends turns early and walks into bad battles often
enough to be beaten by someone learning the rules.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.ai.base import Bot
from crisis.engine.action import Action


class NoviceBot:
    """``base``'s choices, each replaced with probability ``blunder`` by ``slip``'s (a random
    bot leaning on the title's ending verbs)."""

    name = "novice"

    def __init__(self, base: Bot, slip: Bot, blunder: float = 0.3) -> None:
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"blunder is a probability, not {blunder!r}")
        self.base = base
        self.slip = slip
        self.blunder = float(blunder)

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """A random legal action with probability ``blunder``, else the base bot's choice."""
        if len(actions) > 1 and rng.random() < self.blunder:
            return self.slip.choose(view, role, actions, rng)
        return self.base.choose(view, role, actions, rng)
