"""A title-agnostic Information-Set Monte Carlo Tree Search bot.

It needs nothing from a title but the engine contract: ``determinize`` to sample a full
state from the bot's view, then ``actions``, ``apply`` and ``result`` to play it out. For each
decision with more than one legal action it runs single-observer ISMCTS with a one-level
tree (Cowling, Powley & Whitehouse 2012): every iteration

1. samples a determinization of the view (other players' hands, the deck order, hidden
   choices and all future chance drawn afresh);
2. picks a root action by UCB1 among those legal in that determinization (counting how often
   each was available, as ISMCTS does, because hidden information can change what is legal);
3. plays the game on with a rollout policy (random play that leans on phase-ending actions,
   or any registered bot) for every seat until the game ends or ``depth`` actions pass;
4. backs up the bot's reward: 1 for a win (shared wins split), else its score relative to the
   best score, so that near-misses still count.

With a rollout bot (not random play), that bot's own choice at the root is the search's
prior: it is tried first, gets a progressive bias in the selection
(``prior / (1 + visits)``) and stays the answer unless another action's mean reward beats it
by more than ``margin`` standard errors. A few dozen noisy rollouts then no longer talk the
bot out of its rollout policy's move on chance alone, which had made the search weaker than
the heuristic it rolls out with.

The budget is ``iterations`` rollouts per decision (reproducible from the seed) or
``seconds`` of thinking. Time of Crisis registers its own turn-plan ISMCTS under the same
name; this one serves every other title.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from crisis.ai.base import Bot, RandomBot
from crisis.engine.action import Action
from crisis.engine.title import TitleSpec
from crisis.games import get_title


@dataclass
class Arm:
    """Statistics of one root action."""

    action: Action
    visits: int = 0
    total: float = 0.0
    available: int = 0
    wins: float = 0.0  # rollouts won (a shared win counts its share)
    squares: float = 0.0  # sum of squared rewards, for the standard error

    def mean(self) -> float:
        """Average backed-up reward."""
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """The squared standard error of :meth:`mean` (large while there are few visits)."""
        if self.visits < 2:
            return 1.0
        var = max(0.0, self.squares / self.visits - self.mean() ** 2)
        return var / (self.visits - 1)


def reward(result: dict[str, Any] | None, role: str) -> float:
    """``role``'s payoff from a finished game's result (or 0.5 for an unfinished one)."""
    if result is None:
        return 0.5
    winners = list(result.get("winners") or ([result["winner"]] if result.get("winner") else []))
    if role in winners:
        return 1.0 / len(winners)
    scores = result.get("scores") or {}
    best = max(scores.values(), default=0)
    if best <= 0:
        return 0.0
    return 0.5 * float(scores.get(role, 0)) / float(best)


def _won(result: dict[str, Any] | None, role: str) -> float:
    """``role``'s share of the win in a finished game (0 if cut short or lost)."""
    if result is None:
        return 0.0
    winners = list(result.get("winners") or ([result["winner"]] if result.get("winner") else []))
    return 1.0 / len(winners) if role in winners else 0.0


class ISMCTSBot:
    """Determinized one-level ISMCTS for any title; see the module docstring.

    ``iterations`` (rollouts per decision) takes precedence over ``seconds``; ``depth`` caps a
    rollout's length in actions; ``c`` is the UCB1 exploration constant; ``rollout`` names
    the bot that plays out every seat (default: random with a lean on ending actions);
    ``prior`` and ``margin`` weigh the rollout bot's own choice (see the module docstring;
    ``prior=0`` and ``margin=0`` search without it)."""

    name = "ismcts"

    def __init__(
        self,
        title: str,
        seconds: float = 0.5,
        iterations: int | None = None,
        depth: int = 2_000,
        c: float = 0.7,
        rollout: str = "random",
        prior: float = 0.5,
        margin: float = 1.0,
    ) -> None:
        self.title_name = title
        self.title: TitleSpec[Any] = get_title(title)
        self.seconds = float(seconds)
        self.iterations = int(iterations) if iterations else None
        self.depth = int(depth)
        self.c = float(c)
        self.rollout_name = rollout
        self.prior = float(prior)
        self.margin = float(margin)
        self._rollout: Bot | None = None
        self._default: Action | None = None
        self.last_search: list[Arm] = []

    def will_search(self, view: dict[str, Any], role: str, actions: list[Action]) -> bool:
        """Whether :meth:`choose` searches now: at every choice that is one."""
        return len(actions) > 1

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """The root action with the best average reward after the search."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        arms = {a: Arm(a) for a in actions}
        deadline = time.perf_counter() + self.seconds
        self._default = self._prior_choice(view, role, actions, rng)
        done = 0
        while (done < self.iterations) if self.iterations else (time.perf_counter() < deadline):
            self._iterate(view, role, arms, rng)
            done += 1
        self.last_search = sorted(arms.values(), key=lambda a: (-a.visits, -a.mean()))
        best = max(arms.values(), key=lambda a: (a.visits, a.mean()))
        default = arms.get(self._default) if self._default is not None else None
        if default is not None and default.visits and best is not default:
            gap = best.mean() - default.mean()
            noise = math.sqrt(best.variance_of_mean() + default.variance_of_mean())
            if gap <= self.margin * noise:
                return default.action
        return best.action

    def _prior_choice(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action | None:
        """The rollout bot's own choice from ``view`` (None for random rollouts or no
        prior), drawn with a generator of its own so the search's draws stay the same."""
        if self.rollout_name == "random" or (self.prior <= 0 and self.margin <= 0):
            return None
        act = self._policy().choose(view, role, actions, random.Random(rng.getrandbits(64)))
        return act if act in actions else None

    def _iterate(
        self, view: dict[str, Any], role: str, arms: dict[Action, Arm], rng: random.Random
    ) -> None:
        state = self.title.research.determinize(view, role, rng)
        legal = [arms[a] for a in self.title.rules.actions(state, role) if a in arms]
        if not legal:  # the sample disagrees with the view: skip it
            return
        for arm in legal:
            arm.available += 1
        untried = [a for a in legal if a.visits == 0]
        first = [a for a in untried if a.action == self._default]
        if untried:
            arm = first[0] if first else rng.choice(untried)
        else:

            def ucb(a: Arm) -> float:
                bias = self.prior / (1 + a.visits) if a.action == self._default else 0.0
                return a.mean() + self.c * math.sqrt(math.log(a.available) / a.visits) + bias

            arm = max(legal, key=ucb)
        self.title.rules.apply(state, role, arm.action)
        arm.visits += 1
        result = self._play_out(state, rng)
        gained = reward(result, role)
        arm.total += gained
        arm.squares += gained * gained
        arm.wins += _won(result, role)

    def _play_out(self, state: Any, rng: random.Random) -> dict[str, Any] | None:
        """Play every seat with the rollout policy; the result (``None`` if cut short)."""
        title = self.title
        policy = self._policy()
        for _ in range(self.depth):
            if title.rules.result(state) is not None:
                break
            active = title.rules.active(state)
            if not active:
                break
            who = active[0]
            legal = title.rules.actions(state, who)
            if isinstance(policy, RandomBot):
                ends = [a for a in legal if a.verb in policy.ending]
                if ends and rng.random() < policy.end_bias:
                    act = ends[0]
                else:
                    act = legal[rng.randrange(len(legal))]
            else:
                act = policy.choose(title.rules.view(state, who), who, legal, rng)
            title.rules.apply(state, who, act)
        return title.rules.result(state)

    def _policy(self) -> Bot:
        if self._rollout is None:
            from crisis.ai import get_bot

            self._rollout = get_bot(self.rollout_name, title=self.title_name)
        return self._rollout
