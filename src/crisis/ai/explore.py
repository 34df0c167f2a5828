"""The title's own bots as the fuzzer's purposeful players.

Uniform random play rarely reaches an Emperor, a deposing, a Pretender or the last round.
The fuzzer therefore plays a share of its games with the bots people play against, mixed
with uniform random choices so that it also tries what no bot would. There is no separate
fuzzing player to keep in step with the rules: when the bots learn a rule, the fuzzer's
games follow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from crisis.ai import default_bot, get_bot
from crisis.ai.base import Bot
from crisis.engine.action import Action
from crisis.games import get_title


class BotPolicy:
    """A fuzz policy (``(random, state, role, legal) -> action``) that plays ``title``
    with its bots, one per role, reading only each role's view; with probability
    ``explore`` it takes a uniform random legal action instead.

    Every choice draws from the fuzzer's generator, so a game replays exactly. Bots keep
    plans between calls, so each new game (a new state object) gets new bots.
    """

    def __init__(self, title: str, bots: Sequence[str] | None = None, explore: float = 0.2) -> None:
        if not 0.0 <= explore <= 1.0:
            raise ValueError(f"explore must be a probability, not {explore}")
        self.title = title
        self._spec = get_title(title)
        # The title declares who sits at its fuzzed tables (FuzzProfile.seats); a title
        # declaring none gets its default bot in every seat.
        self.bots = tuple(bots or self._spec.bots.fuzz.seats or (default_bot(title),))
        self.explore = explore
        for name in self.bots:
            get_bot(name, title)  # an unknown name fails here, not in the middle of a game
        self._state: Any = None
        self._seated: dict[str, Bot] = {}

    def __call__(self, rnd: random.Random, state: Any, role: str, legal: list[Action]) -> Action:
        """One of ``legal`` for ``role``: the role's bot's choice, or sometimes a random one."""
        if state is not self._state:
            self._state, self._seated = state, {}
        if rnd.random() < self.explore:
            return rnd.choice(legal)
        bot = self._seated.get(role)
        if bot is None:
            seat = self._spec.rules.roles(state).index(role)
            bot = self._seated[role] = get_bot(self.bots[seat % len(self.bots)], self.title)
        return bot.choose(self._spec.rules.view(state, role), role, legal, rnd)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its settings (the fuzzer's worker processes build their own bots)."""
        return (BotPolicy, (self.title, self.bots, self.explore))


__all__ = ["BotPolicy"]
