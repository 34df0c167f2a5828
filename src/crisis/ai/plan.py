"""The hint's search: the bot's top choices for one decision and its plan for the turn.

Both read one seat's view and nothing else: every state they play on is a determinization
of that view (:attr:`TitleSpec.research.determinize`: what the seat cannot see drawn afresh), so two
positions that look the same from the seat give the same answer from the same seed.

* :func:`rate` estimates each candidate action's value by playing it on many
  determinizations with *common random numbers* (one determinization per sweep, played once
  with every candidate, so candidates are compared on equal luck) and *sequential halving*
  (after 1, 2, 4 ... sweeps the weaker half is dropped, never the bot's own choice, until
  ``keep`` remain; the survivors get the rest of the budget). Each estimate carries its
  standard error.
* :func:`plan_turn` plays the rest of the turn as the bot would, on several
  determinizations, and returns the steps the samples agree on (the most common next step at
  each point, with the share of samples that took it): dice and unseen cards can change a
  plan, and the share says how often they did.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crisis.engine.action import Action
from crisis.engine.title import TitleSpec

#: A seat's policy on a full state: the action ``role`` takes among ``legal``.
Policy = Callable[[Any, str, list[Action], random.Random], Action]
#: A candidate's value: the state just after it was played, and a generator for the rest.
Value = Callable[[Any, random.Random], float]
#: The most actions a plan lists, and the most engine actions a plan's sample plays.
PLAN_STEPS = 60
PLAN_ACTIONS = 1_000


@dataclass
class Rating:
    """One candidate action's values, by the sweep (determinization) they were played on."""

    action: Action
    values: dict[int, float] = field(default_factory=dict)

    @property
    def visits(self) -> int:
        """How many determinizations the action was played on."""
        return len(self.values)

    def mean(self) -> float:
        """The average value (0 before any play)."""
        return sum(self.values.values()) / len(self.values) if self.values else 0.0

    def error(self) -> float:
        """The standard error of :meth:`mean` (1 with fewer than two plays)."""
        n = len(self.values)
        if n < 2:
            return 1.0
        mean = self.mean()
        var = sum((v - mean) ** 2 for v in self.values.values()) / (n - 1)
        return math.sqrt(var / n)


def rate(
    title: TitleSpec[Any],
    view: dict[str, Any],
    role: str,
    candidates: list[Action],
    value: Value,
    rng: random.Random,
    *,
    seconds: float = 0.5,
    rollouts: int | None = None,
    keep: int = 4,
    protect: Action | None = None,
) -> list[Rating]:
    """Each candidate's estimated value for ``role`` from ``view``: the choices still
    standing at the end, best first, then those dropped on the way, best first.

    ``value(state, rng)`` scores a determinization just after the candidate was applied.
    The budget is ``rollouts`` plays in all (reproducible; at least one full sweep) or
    ``seconds``, checked before every play (at least one play: the first candidate, so put
    the bot's own choice first; on a slow machine the others may get none). ``protect``
    (the bot's own choice) is never dropped."""
    ratings = {a: Rating(a) for a in candidates}
    alive = list(candidates)
    deadline = time.perf_counter() + seconds
    seed = rng.getrandbits(64)
    done = sweep = in_round = 0
    round_len = 1
    while True:
        if rollouts is not None:
            if done >= rollouts and sweep:
                break
        elif (done or sweep) and time.perf_counter() >= deadline:
            break
        local = random.Random(seed + sweep)
        base = title.research.determinize(view, role, local)
        legal = set(title.rules.actions(base, role))
        raw = title.rules.to_json(base)
        luck = local.getrandbits(64)
        for action in alive:
            if rollouts is None and done and time.perf_counter() >= deadline:
                break  # a long sweep ends with the budget too
            if action not in legal:
                continue  # the sample disagrees with the view: skip it
            state = title.rules.from_json(raw)
            title.rules.apply(state, role, action)
            ratings[action].values[sweep] = value(state, random.Random(luck))
            done += 1
        sweep += 1
        in_round += 1
        if in_round >= round_len and len(alive) > keep:
            ranked = sorted(alive, key=lambda a: -ratings[a].mean())
            survivors = set(ranked[: max(keep, len(alive) // 2)])
            if protect is not None and protect in ratings:
                survivors.add(protect)
            alive = [a for a in alive if a in survivors]
            round_len, in_round = round_len * 2, 0
    # The survivors first: a choice dropped early may look better on its few plays alone.
    standing = set(alive)
    return sorted(
        (r for r in ratings.values() if r.visits),
        key=lambda r: (r.action not in standing, -r.mean(), -r.visits),
    )


def play_out(
    title: TitleSpec[Any],
    state: Any,
    policy: Policy,
    rng: random.Random,
    *,
    stop: Callable[[Any], bool] | None = None,
    depth: int = 2_000,
) -> None:
    """Play every seat with ``policy`` until the game ends, ``stop(state)`` holds or
    ``depth`` actions pass."""
    for _ in range(depth):
        if title.rules.result(state) is not None or (stop is not None and stop(state)):
            return
        active = title.rules.active(state)
        if not active:
            return
        who = active[0]
        legal = title.rules.actions(state, who)
        if not legal:
            return
        act = legal[0] if len(legal) == 1 else policy(state, who, legal, rng)
        title.rules.machine.perform(state, who, act if act in legal else legal[0])


def turn_over(title: TitleSpec[Any], view: dict[str, Any], role: str) -> Callable[[Any], bool]:
    """When ``role``'s turn has passed to another seat: in a title whose views name the
    current player, once another is current (if ``role`` is current now); otherwise once
    ``role`` has nothing to decide."""
    if "current" in view and view.get("current") == role:
        return lambda state: title.rules.view(state, role).get("current") != role
    return lambda state: role not in title.rules.active(state)


def plan_turn(
    title: TitleSpec[Any],
    view: dict[str, Any],
    role: str,
    first: Action,
    policy: Policy,
    rng: random.Random,
    *,
    samples: int = 6,
    seconds: float | None = None,
) -> dict[str, Any]:
    """The rest of ``role``'s turn as ``policy`` plays it, starting with ``first``.

    Played on ``samples`` determinizations (fewer if ``seconds`` runs out, at least two);
    returns ``steps`` (``action`` as JSON, ``label`` and ``cost`` in the title's words, and
    ``share``, the fraction
    of samples whose plan ran the same up to and including that step), ``samples`` and
    ``others`` (whether other seats had decisions to make within the turn)."""
    over = turn_over(title, view, role)
    deadline = None if seconds is None else time.perf_counter() + seconds
    seed = rng.getrandbits(64)
    runs: list[list[tuple[Action, dict[str, Any]]]] = []
    others = False
    for k in range(samples):
        if deadline is not None and k >= 2 and time.perf_counter() >= deadline:
            break
        local = random.Random(seed + k)
        state = title.research.determinize(view, role, local)
        if first not in title.rules.actions(state, role):
            continue
        run: list[tuple[Action, dict[str, Any]]] = []
        who, act = role, first
        for _ in range(PLAN_ACTIONS):
            if who == role:
                run.append((act, _words(title, state, role, act)))
            else:
                others = True
            title.rules.apply(state, who, act)
            if len(run) >= PLAN_STEPS or title.rules.result(state) is not None or over(state):
                break
            active = title.rules.active(state)
            if not active:
                break
            who = role if role in active else active[0]
            legal = title.rules.actions(state, who)
            if not legal:
                break
            act = legal[0] if len(legal) == 1 else policy(state, who, legal, local)
            act = act if act in legal else legal[0]
        runs.append(run)
    return {"steps": _agreed(runs), "samples": len(runs), "others": others}


def _words(title: TitleSpec[Any], state: Any, role: str, action: Action) -> dict[str, Any]:
    """The title's own label (and cost, if any) for ``action`` in ``state``."""
    describe = title.presentation.describe
    if describe is None:
        return {"label": str(action), "cost": None}
    words = describe(state, role, [action])
    entry = words[0] if words else {}
    return {"label": entry.get("label") or str(action), "cost": entry.get("cost")}


def _agreed(runs: list[list[tuple[Action, dict[str, Any]]]]) -> list[dict[str, Any]]:
    """The modal path through ``runs``: at each step the most common next action among the
    runs that agree so far, with the share of all runs that follow it."""
    if not runs:
        return []
    following = list(runs)
    steps: list[dict[str, Any]] = []
    for i in range(PLAN_STEPS):
        counts: dict[Action, int] = {}
        for run in following:
            if i < len(run):
                counts[run[i][0]] = counts.get(run[i][0], 0) + 1
        if not counts:
            break
        best = max(counts, key=lambda a: counts[a])  # ties: the first seen
        following = [run for run in following if i < len(run) and run[i][0] == best]
        words = following[0][i][1]
        share = round(len(following) / len(runs), 3)
        steps.append({"action": best.to_json(), **words, "share": share})
    return steps


__all__ = ["Policy", "Rating", "Value", "plan_turn", "play_out", "rate", "turn_over"]
