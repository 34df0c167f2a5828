"""Time of Crisis's own search: paired heuristic rollouts over real legal actions.

The turn-plan ISMCTS (:mod:`crisis.ai.toc.ismcts`) chooses among six faction profiles once
per turn and plays the turn with the heuristic; it ends level with the heuristic itself. This
search instead weighs the real legal actions of the decisions that matter, one decision at a
time (as Rome in Crisis's :mod:`crisis.ai.ric.search` does):

1. It asks the heuristic (``own`` profile, ``balanced`` by default) for its move. Decisions
   the heuristic settles without a real alternative are played at once: a forced move, and
   playing a card in Take Actions (every card is played before points are spent; the order
   changes little). The others (spending points, ending the phase, buying and trashing,
   choosing the hand, starting provinces, battle prompts ...) are searched.
2. Candidates: the heuristic's move first, then what the other profiles would do, then the
   remaining legal actions, at most ``width`` of them (0: all).
3. Each *sweep* samples one determinization of the bot's view
   (:func:`crisis.games.time_of_crisis.determinize`: others' cards, the event deck, hidden
   market stacks and all future dice drawn afresh; the true state is never read) and plays
   every surviving candidate from a copy of it (paired samples, common random numbers):
   the candidate, then the heuristic in every seat (``opponents`` profile for the others;
   ``opponents=infer``: each other player's profile from the suit it bought most of, see
   :func:`infer_profiles`; never the names of the bots at the table)
   until the end of the bot's next turn (``rounds`` more rounds) or the end of the game.
4. The value of a rollout is the bot's chance of winning from the position evaluator
   (:func:`crisis.ai.toc.evaluate.win_chances`; ``evaluator=refit`` takes its refitted
   weights, ``deck=W`` sets its weight per point of value bought), 1 or 0 if the game ended.
5. Every ``drop_every`` sweeps the candidate with the worst mean (never the heuristic's)
   is dropped. At the end the candidate with the best paired advantage over the heuristic's
   move is taken if that advantage exceeds ``margin`` standard errors; else the heuristic's.

The budget is ``seconds`` per searched decision, capped by ``turn`` seconds per turn (all of
this bot's decisions in one player's turn, as ``crisis simulate`` counts them); once a
turn's budget is spent the heuristic plays on. ``iterations=N`` makes it exactly N rollouts
per searched decision (reproducible from the seed; no clock).

``workers=N`` (1 by default) plays each searched decision's sweeps in N processes at once:
this one and N - 1 helpers started at the bot's first search and kept for its life
(:meth:`SearchBot.close` stops them). Each takes every N-th sweep (its own determinizations,
so no two share a sample) and drops its own weakest candidates; the values are merged, and
the heuristic's move is compared with every candidate still standing in some share on the
sweeps both were played in. With ``iterations=N`` the rollouts are divided among the
processes, so a run is reproducible whatever the machine. The server gives every bot one
process (its bot workers already think for several tables at once); ``crisis play`` and
``crisis simulate`` take ``hard:workers=2`` or ``search:workers=4``. Not combined with ``focus``.

``focus=T`` (off by default) spends the same budget unevenly. Every searched decision plays
its first sweep (one rollout per candidate, on one sample); if no other candidate's rollout
there beats the heuristic's move's by at least ``T`` (a win chance, 0-1), the heuristic's move
is played and no more rollouts are spent. Each searched decision adds ``seconds`` to a time
bank (kept across turns, at most ``turn``) and takes what it spent out of it; a decision that
passes the screen sweeps on (common random numbers as above, the worst dropped every
``drop_every`` sweeps) until the bank is spent, the turn's ``turn`` seconds are, or its
heuristic's move has ``deep`` (32) rollouts. So the game's total stays within ``seconds`` a
searched decision and a turn's within ``turn``. With ``iterations=N`` a focused decision
plays N rollouts (or ``deep`` sweeps), a cut-short one its first sweep only.

Measured against three ``senate`` bots (``search:seconds=0.15``, width 4 chosen on 20-game
runs of seed 26): 33 of 80 4-player games on seed 26 (41.2%, Wilson 31.1-52.2%) and 32 of 100
on seed 99 (32.0%, 23.7-41.7%), where the turn-plan ``ismcts`` (the ``hard`` level) had won
30.2% of 192; not clearly better, so it is not the level (docs/measurements/bots.md). A second
round tried ``opponents=senate``, ``deck=0.1``, ``evaluator=refit``, ``seconds=0.3:turn=1.9``
and ``rounds=0`` (6 to 8 wins in 20 games of seed 26 each) and ``opponents=infer`` on seed 99
(38 of 100, 29.1-47.8%): none clearly better either. A third round tried ``focus=0.02``
(14 of 40 on seed 26, 35.0%, 1.12 s per turn) and ``focus=0.005:deep=64`` (9 of 40, 22.5%)
against the default's 15 of 40 (37.5%, 1.50 s) on the same game seeds: no better. A fourth
round changed the base instead: rolling out with ``consul`` (``own=consul``, the heuristic
tuned against ``senate``) and inferred opponents won 58 of 80 games of seed 99 (72.5%), where
the same search with ``balanced`` won 31 of the same 80 (38.8%) and the turn-plan ``ismcts``
22 (27.5%); that setting is now the ``hard`` level (docs/measurements/bots.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import msgspec

from crisis.ai.toc.evaluate import REFIT, win_chances
from crisis.ai.toc.heuristic import TURN_CAP, decide
from crisis.ai.toc.ismcts import MACROS
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import MILITARY, POPULACE, PROFILES, SENATE, Profile
from crisis.engine.action import Action
from crisis.engine.machine import return_steps
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import TITLE, data

#: Profiles whose moves are candidates besides the heuristic's own.
ALTERNATIVES: tuple[Profile, ...] = (*MACROS, MILITARY)
#: Engine actions per rollout, a guard only.
ROLLOUT_CAP = 1500
#: Verbs in Take Actions that are never searched when the heuristic picks them.
TRIVIAL = frozenset({"play_card"})


@dataclass
class Candidate:
    """One root action and its rollout values, by sweep (for paired comparisons)."""

    action: Action
    values: dict[int, float] = field(default_factory=dict)

    @property
    def visits(self) -> int:
        """Rollouts played with this action."""
        return len(self.values)

    def mean(self) -> float:
        """Mean rollout value."""
        return sum(self.values.values()) / len(self.values) if self.values else 0.0

    def advantage(self, base: Candidate) -> tuple[float, float]:
        """Mean and standard error of this action's value less ``base``'s, over the sweeps
        both were played in."""
        diffs = [v - base.values[k] for k, v in self.values.items() if k in base.values]
        if len(diffs) < 2:
            return 0.0, math.inf
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(var / len(diffs))


def rollout_view(state: toc.State, role: str, options: dict[str, Any]) -> dict[str, Any]:
    """``role``'s view for the heuristic in a rollout on a sampled state: the lean view (no
    prompt text, log or prices, which the heuristic never reads) with the viewer, the
    options and the procedure stack put back. It shows nothing the full view does not; the
    tests check the heuristic answers the same from both. ``options`` is the state's options
    as plain data (the same throughout a rollout, so built once)."""
    out = toc.observed_view(state, role)
    out["viewer"] = role
    out["options"] = options
    out["stack"] = list(return_steps(state.stack))
    out["log"] = []  # the board rebuilt from a view needs one; the rules never read it
    return out


class RolloutView(dict[str, Any]):
    """:func:`rollout_view` of a sampled state, built when first needed: it starts with the
    step and the armies alone (what the heuristic reads to play a card, a rollout's most
    common decision) and fills in the whole lean view, in its order, at the first read of
    anything else (a missing key, ``get``, ``in``, iteration, length, comparison). Once
    filled it is that view, read at plain dict speed. The state must not change while the
    view is read; the tests check every part equals :func:`rollout_view`'s. An encoder that
    reads a dict's storage directly (msgspec) sees only what was filled in: encode
    ``dict(view)``."""

    def __init__(self, state: toc.State, role: str, options: dict[str, Any]) -> None:
        super().__init__(step=state.step, armies=msgspec.to_builtins(state.armies))
        self._from: tuple[toc.State, str, dict[str, Any]] | None = (state, role, options)

    def _fill(self) -> None:
        """Build the whole view (once), keeping the armies already read."""
        if self._from is None:
            return
        whole = rollout_view(*self._from)
        self._from = None
        whole["armies"] = dict.__getitem__(self, "armies")
        self.clear()
        self.update(whole)

    def __missing__(self, key: str) -> Any:
        self._fill()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._fill()
        return dict.keys(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._fill()
        return dict.__ne__(self, other)

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    __hash__ = None


def _profile(name: str | Profile) -> Profile:
    return name if isinstance(name, Profile) else PROFILES[name]


#: The opponent model ``infer`` gives a player by the suit they bought most of.
BY_SUIT: dict[str, Profile] = {"red": MILITARY, "blue": SENATE, "yellow": POPULACE}
#: ``infer``'s model for a player who has bought nothing yet: assume they play well.
UNKNOWN = SENATE


def infer_profiles(view: dict[str, Any], role: str) -> dict[str, Profile]:
    """A heuristic profile for every other player, from what the view shows of them: the
    suit whose cards they bought most value of (public: every purchase is announced) picks
    the faction that leans on it; :data:`UNKNOWN` before any purchase or on a tie."""
    out: dict[str, Profile] = {}
    for p in view["players"]:
        if p["role"] == role:
            continue
        value: dict[str, int] = {}
        for cid in p.get("bought", []):
            card = data.INFLUENCE[cid]
            value[card.suit] = value.get(card.suit, 0) + card.value
        ranked = sorted(value.items(), key=lambda kv: -kv[1])
        if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
            out[p["role"]] = UNKNOWN
        else:
            out[p["role"]] = BY_SUIT.get(ranked[0][0], UNKNOWN)
    return out


class SearchBot:
    """Time of Crisis search with paired heuristic rollouts; see the module docstring."""

    name = "search"

    def __init__(
        self,
        seconds: float = 0.15,
        turn: float = 2.0,
        iterations: int | None = None,
        rounds: int = 1,
        width: int = 4,
        drop_every: int = 2,
        margin: float = 1.0,
        own: str = "balanced",
        opponents: str = "balanced",
        deck: float | None = None,
        evaluator: str = "fitted",
        focus: float = 0.0,
        deep: int = 32,
        workers: int = 1,
    ) -> None:
        #: The settings as given (a worker process rebuilds the bot from them).
        self.settings: dict[str, Any] = {
            k: v for k, v in locals().items() if k not in ("self", "workers", "__class__")
        }
        self.seconds = float(seconds)
        self.turn = float(turn)
        self.iterations = int(iterations) if iterations else None
        self.rounds = max(0, int(rounds))
        self.width = max(0, int(width))
        self.drop_every = max(1, int(drop_every))
        self.margin = float(margin)
        self.own = _profile(own)
        #: ``infer``: each opponent's profile from its purchases (:func:`infer_profiles`).
        self.infer = opponents == "infer"
        self.opponents = SENATE if self.infer else _profile(opponents)
        #: The evaluator's weights for the cut-offs, if not its fitted ones: ``evaluator=refit``
        #: (:data:`crisis.ai.toc.evaluate.REFIT`), and ``deck`` per point of value bought.
        if evaluator not in ("fitted", "refit"):
            raise ValueError(f"unknown evaluator {evaluator!r} (fitted or refit)")
        weights = dict(REFIT) if evaluator == "refit" else {}
        if deck is not None:
            weights["deck"] = float(deck)
        self.weights = weights or None
        #: ``focus=T`` (0: off): a searched decision goes past its first sweep only if some
        #: other candidate's rollout there beats the heuristic's move's by at least ``T``;
        #: those decisions draw on a time bank, up to ``deep`` sweeps each (see :meth:`choose`).
        try:
            self.focus = float(focus)
            self.deep = int(deep)
        except (TypeError, ValueError):
            raise ValueError(
                f"focus must be a number and deep a whole number, not {focus!r}, {deep!r}"
            ) from None
        if not (math.isfinite(self.focus) and self.focus >= 0):
            raise ValueError(f"focus must be a finite number >= 0, not {focus!r}")
        if self.deep < 2:
            raise ValueError(f"deep must be at least 2 sweeps, not {deep!r}")
        #: ``workers=N``: each searched decision's sweeps are shared among N processes (this
        #: one and N - 1 helpers kept for the bot's life), on determinizations of their own.
        self.workers = int(workers)
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers!r}")
        if self.workers > 1 and self.focus:
            raise ValueError("focus and workers cannot be combined")
        self._pool: ProcessPoolExecutor | None = None
        #: Seconds saved by this bot's cut-short decisions, for focused ones (``focus`` only).
        self.bank = 0.0
        #: Whether the last search went past its first sweep (``focus`` only).
        self.last_focused = False
        self._models: dict[str, Profile] = {}
        self.last_search: list[Candidate] = []
        self.last_iterations = 0
        self._turn_key: tuple[Any, ...] = ()
        self._spent = 0.0
        self._count = 0

    # -- which decisions -------------------------------------------------------------------
    def _budget_left(self, view: dict[str, Any]) -> float:
        """Seconds of this turn's budget still unspent (the clock budget only)."""
        same = (view["round"], view["current"]) == self._turn_key
        return self.turn - self._spent if same else self.turn

    def will_search(self, view: dict[str, Any], role: str, actions: list[Action]) -> bool:
        """Whether :meth:`choose` searches now."""
        if len(actions) < 2:
            return False
        key = (view["round"], view["current"])
        count = self._count + 1 if key == self._turn_key else 1
        if count > TURN_CAP:
            return False
        if self.iterations is None and self._budget_left(view) <= 0:
            return False
        default = self._default(view, role, actions)
        return len(self._candidates(view, role, actions, default)) > 1

    def _default(self, view: dict[str, Any], role: str, actions: list[Action]) -> Action:
        act = decide(Obs(view, role), actions, self.own)
        return act if act in actions else actions[0]

    def _candidates(
        self, view: dict[str, Any], role: str, actions: list[Action], default: Action
    ) -> list[Action]:
        """The actions the search weighs: the heuristic's first (empty list: none)."""
        if view["step"] == "actions" and default.verb in TRIVIAL:
            return [default]
        out = [default]
        obs = Obs(view, role)
        for prof in ALTERNATIVES:
            act = decide(obs, actions, prof)
            if act in actions and act not in out:
                out.append(act)
        for act in actions:
            if self.width and len(out) >= self.width:
                break
            if act not in out and act.verb not in TRIVIAL:
                out.append(act)
        return out

    # -- choosing --------------------------------------------------------------------------
    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """The action the search rates best for ``role`` (see the module docstring)."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        key = (view["round"], view["current"])
        if key != self._turn_key:
            self._turn_key, self._spent, self._count = key, 0.0, 0
        self._count += 1
        if self._count > TURN_CAP:
            ends = [a for a in actions if a.verb in TITLE.rules.machine.ending()]
            return ends[0] if ends else actions[0]
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        searched = False
        try:
            default = self._default(view, role, actions)
            if self.iterations is None and self._spent >= self.turn:
                return default
            candidates = self._candidates(view, role, actions, default)
            if len(candidates) < 2:
                return default
            if not self.focus:
                budget = min(self.seconds, self.turn - self._spent)
                return self._search(view, role, candidates, rng, start + budget)
            searched = True
            self.bank = min(self.bank + self.seconds, self.turn)
            left = self.turn - self._spent
            return self._search(
                view, role, candidates, rng, start + left, start + min(self.bank, left)
            )
        finally:
            elapsed = time.perf_counter() - start
            self._spent += elapsed
            if searched:
                self.bank -= elapsed

    def _search(
        self,
        view: dict[str, Any],
        role: str,
        actions: list[Action],
        rng: random.Random,
        deadline: float,
        focused: float | None = None,
    ) -> Action:
        """Sweeps until ``deadline`` (or ``iterations`` rollouts). With ``focus``, ``deadline``
        bounds the first sweep alone; past it the search goes on only if that sweep shows a
        candidate beating the heuristic's move by ``focus``, then until ``focused`` (or
        ``iterations`` rollouts) and at most ``deep`` sweeps."""
        cands = [Candidate(a) for a in actions]
        base = cands[0]
        view = {**view, "log": []}  # history the rules never read
        self.model_opponents(view, role)
        seed = rng.getrandbits(64)
        self.last_focused = False
        if self.workers > 1:
            done, standing = self._parallel(view, role, cands, seed, deadline)
        else:
            done, standing = self._sweeps(view, role, cands, seed, deadline, focused)
        self.last_iterations = done
        self.last_search = cands
        best, best_gain = base, 0.0
        for i in sorted(standing):
            if i == 0:
                continue
            gain, err = cands[i].advantage(base)
            if gain > self.margin * err and gain > best_gain:
                best, best_gain = cands[i], gain
        return best.action

    def _parallel(
        self,
        view: dict[str, Any],
        role: str,
        cands: list[Candidate],
        seed: int,
        deadline: float,
    ) -> tuple[int, set[int]]:
        """:meth:`_sweeps` in :attr:`workers` processes at once, each on its own share of
        the sweeps (this process takes the first); their values merged into ``cands``.
        Rollouts done and the candidates still standing in any share."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers - 1)
        seconds = max(0.0, deadline - time.perf_counter())
        actions = [c.action for c in cands]
        parts = [
            self._pool.submit(
                _sweep_share, self.settings, view, role, actions, seed, seconds, k, self.workers
            )
            for k in range(1, self.workers)
        ]
        done, standing = self._sweeps(view, role, cands, seed, deadline, share=(0, self.workers))
        for part in parts:
            values, more, kept = part.result()
            for cand, got in zip(cands, values, strict=True):
                cand.values.update(got)
            done += more
            standing |= kept
        return done, standing

    def _sweeps(
        self,
        view: dict[str, Any],
        role: str,
        cands: list[Candidate],
        seed: int,
        deadline: float,
        focused: float | None = None,
        share: tuple[int, int] = (0, 1),
    ) -> tuple[int, set[int]]:
        """Play sweeps into ``cands`` until ``deadline`` (or this share of ``iterations``
        rollouts); ``share`` ``(k, n)``: this is the ``k``-th of ``n`` processes, whose
        sweeps are numbered ``k``, ``k + n``, ``k + 2n`` ... Returns the rollouts played
        and the indices of the candidates still standing."""
        alive = list(cands)
        base = cands[0]
        first, stride = share
        limit = None
        if self.iterations is not None:
            limit = self.iterations // stride + (1 if first < self.iterations % stride else 0)
        done = sweep = 0
        while True:
            if self.focus and sweep == 1:
                if not self._spread(base, alive):
                    break  # no candidate stood out: the heuristic's move, no more rollouts
                self.last_focused = True
                if focused is not None:
                    deadline = focused
            if self.focus and sweep >= self.deep:
                break
            if limit is not None:
                if done >= limit:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            number = first + sweep * stride
            local = random.Random(seed + number)
            sample = toc.determinize(view, role, local)
            for cand in alive:
                if limit is not None:
                    if done >= limit:
                        break
                elif done and time.perf_counter() >= deadline:
                    break
                state = toc.copy_state(sample)
                if cand.action not in toc.actions(state, role):
                    continue  # the sample disagrees with the view: cannot happen, but skip
                cand.values[number] = self._rollout(state, role, cand.action)
                done += 1
            sweep += 1
            if sweep % self.drop_every == 0 and len(alive) > 2:
                worst = min(alive[1:], key=lambda c: c.advantage(base)[0])
                alive.remove(worst)
        return done, {i for i, c in enumerate(cands) if any(c is a for a in alive)}

    def close(self) -> None:
        """Stop the helper processes (``workers``), if any; they start again if needed."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __getstate__(self) -> dict[str, Any]:
        """The bot without its helper processes (a copy starts its own)."""
        return {**self.__dict__, "_pool": None}

    def _spread(self, base: Candidate, alive: list[Candidate]) -> bool:
        """Whether the first sweep shows a candidate worth more rollouts: one whose value
        there beats the heuristic's move's by at least ``focus``."""
        if 0 not in base.values:
            return False
        return any(c.values.get(0, -math.inf) - base.values[0] >= self.focus for c in alive[1:])

    def model_opponents(self, view: dict[str, Any], role: str) -> dict[str, Profile]:
        """Fix the profile each other player is rolled out with, from ``role``'s ``view``
        (``opponents=infer``: :func:`infer_profiles`; else ``opponents`` for all), for the
        rollouts that follow (:meth:`value`, :meth:`policy`); returns them by role."""
        self._models = infer_profiles(view, role) if self.infer else {}
        others = (p["role"] for p in view["players"] if p["role"] != role)
        return {r: self._models.get(r, self.opponents) for r in others}

    def policy(self, state: toc.State, who: str, legal: list[Action], role: str) -> Action:
        """The move the rollouts make for ``who`` in ``state`` (``own`` for ``role``, the
        modelled profile for the others; see :meth:`model_opponents`)."""
        seen = RolloutView(state, who, msgspec.to_builtins(state.options))
        prof = self.own if who == role else self._models.get(who, self.opponents)
        act = decide(Obs(seen, who, board=state), legal, prof)
        return act if act in legal else legal[0]

    def _rollout(self, state: toc.State, role: str, action: Action) -> float:
        """Play ``action`` (legal here: the caller checked), then :meth:`value`."""
        TITLE.rules.machine.perform(state, role, action)  # the trusted fast path: no second listing
        return self.value(state, role)

    def value(self, state: toc.State, role: str) -> float:
        """``role``'s chance of winning after the heuristic plays every seat from ``state`` to
        the end of ``role``'s next turn (``rounds`` rounds on): 1 or 0 if the game ends,
        else the position evaluator's. Plays on ``state`` itself (pass a copy)."""
        players = len(state.players)
        me = next(i for i, p in enumerate(state.players) if p.role == role)
        # Turn changes to see: from my own turn to the end of my next one (``rounds`` = 1);
        # from another's turn to the end of my next one; ``rounds - 1`` more rounds on.
        gap = (me - state.current) % players
        changes = (gap or players) + 1 + (self.rounds - 1) * players
        current = state.current
        steps = 0
        own, other, models = self.own, self.opponents, self._models
        options = msgspec.to_builtins(state.options)
        while steps < ROLLOUT_CAP:
            if toc.result(state) is not None:
                break
            active = toc.active(state)
            if not active:
                break
            who = active[0]
            legal = toc.actions(state, who)
            if len(legal) == 1:
                act = legal[0]
            else:
                seen = RolloutView(state, who, options)
                prof = own if who == role else models.get(who, other)
                act = decide(Obs(seen, who, board=state), legal, prof)
                if act not in legal:
                    act = legal[0]
            TITLE.rules.machine.perform(state, who, act)  # one of ``legal``: no second listing
            steps += 1
            if state.current != current:
                current = state.current
                changes -= 1
                if changes <= 0:
                    break
        final = toc.result(state)
        if final is not None:
            return 1.0 if final.get("winner") == role else 0.0
        return win_chances(toc.view(state, role), self.weights)[role]


def _sweep_share(
    settings: dict[str, Any],
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seed: int,
    seconds: float,
    k: int,
    n: int,
) -> tuple[list[dict[int, float]], int, set[int]]:
    """(In a helper process of :meth:`SearchBot._parallel`.) The ``k``-th of ``n`` shares of
    one decision's sweeps, for ``seconds``: each candidate's values by sweep, the rollouts
    played and the candidates still standing."""
    bot = SearchBot(**settings)
    bot.model_opponents(view, role)
    cands = [Candidate(a) for a in actions]
    deadline = time.perf_counter() + seconds
    done, standing = bot._sweeps(view, role, cands, seed, deadline, share=(k, n))
    return [c.values for c in cands], done, standing


__all__ = [
    "ALTERNATIVES",
    "BY_SUIT",
    "Candidate",
    "RolloutView",
    "SearchBot",
    "infer_profiles",
    "rollout_view",
]
