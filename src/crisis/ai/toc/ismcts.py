"""An Information-Set Monte Carlo Tree Search bot for Time of Crisis.

The bot sees only its role's view. At the start of each of its Take Actions phases it
searches (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012) over *macro-actions*: a
macro-action is a plan for the whole turn (a faction profile driving the heuristic policy:
which cards to play, fights, votes, buildings, purchases and hand). The tree has one level:
the root, the bot's information set, with one child per macro-action. Each iteration

1. samples a determinization of the view (:func:`determinize`: other players' cards, the
   event deck, the hidden market stacks, a fresh random generator for all future dice) and
   a profile for each opponent;
2. selects a macro-action at the root (UCB1 order; every macro-action is available in every
   determinization, so availability counts equal visits);
3. plays the rest of the turn with it, and every other seat up to the bot's next turn
   (``horizon`` rounds), with the engine itself;
4. cuts the rollout there and scores it with the heuristic evaluation
   (:func:`crisis.ai.toc.evaluate.win_chances`), backing the bot's chance up.

To compare plans on equal luck, each determinization is played out once with every surviving
macro-action (a *sweep*: paired samples, common random numbers); the weakest plan is dropped
every ``halve_every`` sweeps, and a plan replaces the default (balanced) plan only when its
paired advantage exceeds ``confidence`` standard errors. The budget is per turn: ``seconds``
of thinking (1.8 s by default, checked before every rollout) or exactly ``iterations``
rollouts (reproducible). Decisions outside the search (hand choice, battle prompts, other
players' turns) follow the chosen plan or the balanced profile. Nothing but the given view is
read: a test proves it by scrambling a state's hidden parts.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from typing import Any

from crisis.ai.toc.evaluate import win_chances
from crisis.ai.toc.heuristic import TURN_CAP, decide
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import BALANCED, MILITARY, POPULACE, SENATE, Profile
from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import TITLE

#: The turn plans the search chooses among; the first is the default plan.
MACROS: tuple[Profile, ...] = (
    BALANCED,
    SENATE,
    dataclasses.replace(
        BALANCED, name="throne", italia_odds=0.3, italia_weight=1.8, steal_odds=0.5
    ),
    dataclasses.replace(
        BALANCED,
        name="builder",
        build_weight=1.6,
        support_weight=1.4,
        order=("senate", "populace", "military"),
    ),
    dataclasses.replace(BALANCED, name="guard", defend_odds=0.4, army_goal=4, hunts=True),
    POPULACE,
)
#: How many standard errors a plan must beat the default plan by to be chosen instead.
CONFIDENCE = 1.0
#: Profiles the opponents are sampled from in each determinization.
OPPONENTS: tuple[Profile, ...] = (MILITARY, SENATE, POPULACE, BALANCED)
ROLLOUT_CAP = 600  # engine actions per rollout, a guard only


@dataclasses.dataclass
class Node:
    """Statistics of one macro-action at the root: its value in each sweep."""

    macro: Profile
    visits: int = 0
    total: float = 0.0
    available: int = 0
    values: dict[int, float] = dataclasses.field(default_factory=dict)

    def mean(self) -> float:
        """Average backed-up value."""
        return self.total / self.visits if self.visits else 0.0

    def advantage(self, base: Node) -> tuple[float, float]:
        """Mean and standard error of this plan's value minus ``base``'s, over the
        determinizations both were played on (paired samples)."""
        diffs = [v - base.values[k] for k, v in self.values.items() if k in base.values]
        if len(diffs) < 2:
            return 0.0, math.inf
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(var / len(diffs))


class ISMCTSBot:
    """ISMCTS over turn plans. ``seconds`` (default 2) or ``iterations`` per turn;
    ``horizon`` in rounds; ``c`` is the UCB1 exploration constant."""

    name = "ismcts"

    def __init__(
        self,
        seconds: float = 1.8,
        iterations: int | None = None,
        horizon: float = 1.0,
        c: float = 0.35,
        halve_every: int = 6,
        confidence: float = CONFIDENCE,
    ) -> None:
        self.seconds = float(seconds)
        self.iterations = int(iterations) if iterations else None
        self.horizon = float(horizon)
        self.c = float(c)
        self.halve_every = max(1, int(halve_every))
        self.confidence = float(confidence)
        self.plan: Profile = BALANCED
        self._plan_turn: tuple[Any, ...] = ()
        self._turn: tuple[Any, ...] = ()
        self._count = 0
        self.last_search: list[Node] = []

    def will_search(self, view: dict[str, Any], role: str, actions: list[Action]) -> bool:
        """Whether :meth:`choose` searches now: at the first choice of its own Take Actions
        of a turn; the rest of the turn follows the plan at once."""
        turn = (view["round"], view["current"])
        count = self._count + 1 if turn == self._turn else 1
        return (
            len(actions) > 1
            and count <= TURN_CAP
            and view["current"] == role
            and view["step"] == "actions"
            and turn != self._plan_turn
        )

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """The plan's action for ``role``; searches first at the start of its own turn."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        turn = (view["round"], view["current"])
        if turn != self._turn:
            self._turn, self._count = turn, 0
        self._count += 1
        if self._count > TURN_CAP:
            ends = [a for a in actions if a.verb in TITLE.rules.machine.ending()]
            return ends[0] if ends else actions[0]
        if len(actions) == 1:
            return actions[0]
        if view["current"] == role and view["step"] == "actions" and turn != self._plan_turn:
            self._plan_turn = turn
            self.plan = self.search(view, role, rng)
        plan = self.plan if turn == self._plan_turn else BALANCED
        act = decide(Obs(view, role), actions, plan)
        return act if act in actions else actions[0]

    # -- the search ------------------------------------------------------------------------
    def search(self, view: dict[str, Any], role: str, rng: random.Random) -> Profile:
        """The macro-action (turn plan) the search rates best from ``view``."""
        nodes = [Node(m) for m in MACROS]
        alive = list(nodes)
        view = {**view, "log": []}  # the public log is history the rules never read
        deadline = time.perf_counter() + self.seconds
        done = sweeps = 0
        seed = rng.getrandbits(64)
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            # One determinization per sweep, played out with every surviving macro-action.
            local = random.Random(seed + sweeps)
            base = toc.determinize(view, role, local)
            opponents = {r: local.choice(OPPONENTS) for r in toc.roles(base) if r != role}
            raw = toc.to_json(base)
            for node in self._order(alive, sweeps):
                if sweeps and self.iterations is None and time.perf_counter() >= deadline:
                    break
                node.available += 1
                value = self._rollout(toc.from_json(raw), role, node.macro, opponents)
                node.visits += 1
                node.total += value
                node.values[sweeps] = value
                done += 1
            sweeps += 1
            if sweeps % self.halve_every == 0 and len(alive) > 2:
                alive.remove(min(alive[1:], key=Node.mean))
        self.last_search = nodes
        return self._pick(nodes[0], alive)

    def _pick(self, default: Node, alive: list[Node]) -> Profile:
        """The plan with the best paired advantage over the default plan, if it is clear."""
        best, best_gain = default.macro, 0.0
        for node in alive[1:]:
            gain, err = node.advantage(default)
            if gain > self.confidence * err and gain > best_gain:
                best, best_gain = node.macro, gain
        return best

    def _order(self, alive: list[Node], sweeps: int) -> list[Node]:
        """Surviving macro-actions in UCB1 order (the unvisited first)."""
        log_total = math.log(max(1, sweeps))

        def ucb(n: Node) -> float:
            if not n.visits:
                return math.inf
            return n.mean() + self.c * math.sqrt(log_total / n.visits)

        return sorted(alive, key=ucb, reverse=True)

    def _rollout(
        self, state: toc.State, role: str, macro: Profile, opponents: dict[str, Profile]
    ) -> float:
        roles = toc.roles(state)
        profiles = {**opponents, role: macro}
        turns_left = max(1, round(self.horizon * len(roles)))
        current = state.current
        steps = 0
        while toc.result(state) is None and steps < ROLLOUT_CAP:
            for r in toc.active(state):
                legal = toc.actions(state, r)
                if not legal:
                    continue
                act = (
                    legal[0]
                    if len(legal) == 1
                    else decide(Obs(toc.view(state, r), r), legal, profiles[r])
                )
                toc.apply(state, r, act)
                steps += 1
                if toc.result(state) is not None:
                    break
            if state.current != current:
                current = state.current
                turns_left -= 1
                if turns_left <= 0:
                    break
        return win_chances(toc.view(state, role))[role]


__all__ = ["MACROS", "ISMCTSBot", "Node"]
