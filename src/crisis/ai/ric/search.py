"""Rome in Crisis's own search: short heuristic rollouts judged by the score.

The generic ISMCTS (:mod:`crisis.ai.ismcts`) plays every rollout to the end of the game with
the heuristic, about 20 ms each, so a second of thinking buys only a few dozen noisy
playouts. This search, for each decision with more than one legal action:

1. samples a determinization of the bot's view (other hands, face-down crisis cards, the
   deck order and all future chance drawn afresh: it never reads the true state);
2. picks a root action by UCB1 among those legal in that sample, with the heuristic's own
   choice tried first and given a progressive bias (``prior / (1 + visits)``);
3. plays on with the heuristic in every seat (each seat keeping its own bid budget) for
   ``horizon`` more turns, or to the end of the game if that comes first;
4. backs up a value: at the end of the game 1 for a win (a shared win split), else 0; cut
   short, the chance of winning the victory-point lead suggests (a logistic of the bot's
   lead over the best rival, ``scale`` points wide).

The answer is the action visited most, unless the heuristic's choice is within ``margin``
standard errors of it (a few noisy rollouts should not talk the bot out of a sound move).
The budget is ``iterations`` rollouts per decision (reproducible from the seed), else
``seconds`` of thinking per decision (the deadline is checked between rollouts).

It is the ``hard`` level (``search:seconds=0.1``): measured against the heuristic it rolls out
with, it won 138 of 200 4-player games against three of them (69.0%, Wilson 62.3-75.0%) and
87 of 100 2-player games (87.0%, 79.0-92.2%); see ``levels.json`` and docs/measurements/bots.md.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from crisis.ai.ismcts import Arm
from crisis.ai.ric.heuristic import HeuristicBot
from crisis.engine.action import Action
from crisis.games import get_title
from crisis.games.rome_in_crisis import NAME
from crisis.games.rome_in_crisis.crises import standings
from crisis.games.rome_in_crisis.printed import printed
from crisis.games.rome_in_crisis.state import State


def rollout_view(state: State, role: str) -> dict[str, Any]:
    """What the heuristic reads of ``role``'s view, and only that, built for a rollout on a
    sampled state (a full view spends most of a rollout's time on texts the heuristic never
    reads). It shows nothing the full view does not; the tests check the heuristic answers
    the same from both."""
    faces = printed(state.cards).faces
    offices = state.cards.offices
    address = state.address
    hand = next(p.hand for p in state.players if p.role == role)
    return {
        "options": {"cards": state.options.cards},
        "step": state.step,
        "turn": state.turn,
        "method": state.method,
        "players": [{"role": p.role, "candidates": p.candidates} for p in state.players],
        "hand": sorted(hand),
        "candidates": [
            {"id": c, "ratings": faces[c, state.faces.get(c, "a")]["ratings"]}
            for c in state.cards.candidates
        ],
        "offices": [
            {"id": o, "category": offices[o].category, "bonus": offices[o].bonus}
            for o in state.offices
        ],
        "crises": [
            {"type": k, "total": total, "cards": state.crises[k]} for k, total in standings(state)
        ],
        "address": (
            {"crisis": address.crisis, "played": address.played} if address is not None else None
        ),
    }


def lead_value(vp: dict[str, int], role: str, scale: float) -> float:
    """``role``'s chance of winning as its victory-point lead suggests (0.5 when level)."""
    rivals = [v for r, v in vp.items() if r != role]
    lead = vp[role] - max(rivals, default=0)
    return 1.0 / (1.0 + math.exp(-lead / scale))


def final_value(result: dict[str, Any], role: str) -> float:
    """``role``'s share of the win in a finished game."""
    winners = list(result.get("winners") or ([result["winner"]] if result.get("winner") else []))
    return 1.0 / len(winners) if role in winners else 0.0


class SearchBot:
    """Rome in Crisis search with short heuristic rollouts; see the module docstring."""

    name = "search"

    def __init__(
        self,
        seconds: float = 0.25,
        iterations: int | None = None,
        horizon: int = 2,
        scale: float = 3.0,
        c: float = 0.7,
        prior: float = 0.5,
        margin: float = 1.0,
    ) -> None:
        self.title = get_title(NAME)
        self.seconds = float(seconds)
        self.iterations = int(iterations) if iterations else None
        self.horizon = int(horizon)
        self.scale = float(scale)
        self.c = float(c)
        self.prior = float(prior)
        self.margin = float(margin)
        self._own = HeuristicBot()  # the prior: the heuristic as it would play this seat
        self._policy = HeuristicBot()  # every seat in the rollouts
        self.last_search: list[Arm] = []
        self.last_iterations = 0

    def will_search(self, view: dict[str, Any], role: str, actions: list[Action]) -> bool:
        """Whether :meth:`choose` searches now: at every choice that is one."""
        return len(actions) > 1

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """The root action the search rates best (see the module docstring)."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        deadline = time.perf_counter() + self.seconds
        default = self._own.choose(view, role, actions, rng)
        arms = {a: Arm(a) for a in actions}
        done = 0
        while (done < self.iterations) if self.iterations else (time.perf_counter() < deadline):
            self._iterate(view, role, arms, default, rng)
            done += 1
        self.last_iterations = done
        self.last_search = sorted(arms.values(), key=lambda a: (-a.visits, -a.mean()))
        best = max(arms.values(), key=lambda a: (a.visits, a.mean()))
        mine = arms.get(default)
        if mine is not None and mine.visits and best is not mine:
            gap = best.mean() - mine.mean()
            noise = math.sqrt(best.variance_of_mean() + mine.variance_of_mean())
            if gap <= self.margin * noise:
                return mine.action
        return best.action

    def _iterate(
        self,
        view: dict[str, Any],
        role: str,
        arms: dict[Action, Arm],
        default: Action,
        rng: random.Random,
    ) -> None:
        title = self.title
        state = title.research.determinize(view, role, rng)
        legal = [arms[a] for a in title.rules.actions(state, role) if a in arms]
        if not legal:  # the sample disagrees with the view: skip it
            return
        for arm in legal:
            arm.available += 1
        untried = [a for a in legal if a.visits == 0]
        if untried:
            first = [a for a in untried if a.action == default]
            arm = first[0] if first else untried[rng.randrange(len(untried))]
        else:

            def ucb(a: Arm) -> float:
                bias = self.prior / (1 + a.visits) if a.action == default else 0.0
                return a.mean() + self.c * math.sqrt(math.log(a.available) / a.visits) + bias

            arm = max(legal, key=ucb)
        title.rules.machine.perform(
            state, role, arm.action
        )  # listed for this sample: the fast path
        value = self._play_out(state, role, rng)
        arm.visits += 1
        arm.total += value
        arm.squares += value * value
        arm.wins += value

    def _play_out(self, state: Any, role: str, rng: random.Random) -> float:
        """Play on with the heuristic for :attr:`horizon` turns; ``role``'s value then."""
        title = self.title
        policy = self._policy
        policy.forget()
        stop = state.turn + self.horizon
        while True:
            result = title.rules.result(state)
            if result is not None:
                return final_value(result, role)
            if state.turn >= stop:
                break
            active = title.rules.active(state)
            if not active:
                break
            who = active[0]
            legal = title.rules.actions(state, who)
            if len(legal) == 1:
                act = legal[0]
            else:
                act = policy.choose(rollout_view(state, who), who, legal, rng)
                if act not in legal:
                    act = legal[0]
            title.rules.machine.perform(state, who, act)  # one of ``legal``: no second listing
        return lead_value({p.role: p.vp for p in state.players}, role, self.scale)
