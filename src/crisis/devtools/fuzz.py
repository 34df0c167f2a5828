"""The fuzzer: random legal games through any title's contract, checked after every action.

It plays random legal actions (see :class:`FuzzConfig`: a bias toward the verbs that close a
phase or a turn so games finish, a uniform draw over verbs before their actions, per-verb
weights, and optionally a purposeful policy for a share of the games (the command line seats
the title's own bots, :mod:`crisis.ai.explore`), which reaches positions random play rarely
sees) and reports:

* ``crash``: ``setup``, ``active``, ``actions``, ``view``, ``apply`` or the invariants raised
  (a listed action rejected with IllegalAction counts too);
* ``invariant``: the optional ``invariants(state)`` callable returned violations;
* ``dead_end``: the game has no result but nobody may act, or an active role has no action;
* ``no_end``: the game ran past ``max_actions``;
* ``after_end``: the game is over but a role still has legal actions;
* ``undeclared``: an action is listed at a step that does not accept its verb (the verbs a
  step accepts are declared with it: :meth:`~crisis.engine.machine.Machine.accepts`);
* ``illegal``: an action by a role that may not act was accepted or changed the state;
* ``nondeterministic``: setup plus the action log did not rebuild the same state;
* ``diverged`` (replays only): a logged action is not legal where the log puts it.

Each failure carries a replay record (``Match.record()``'s format plus a ``failure`` entry)
that :func:`replay` re-runs with the same checks; :func:`fuzz` writes them to ``out_dir``.
The module knows nothing about any particular game.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.engine.title import Invariants, OptionsFor, TitleSpec

#: A purposeful player for the fuzzer: (random, state, role, legal actions) -> action.
Policy = Callable[[random.Random, Any, str, list[Action]], Action]


@dataclass(frozen=True)
class FuzzConfig:
    """How random games are played and checked."""

    # Verbs that move a game on; None: those the title's machine declares (Machine.ending).
    end_verbs: frozenset[str] | None = None
    end_bias: float = 0.1  # chance of picking among the legal end verbs when there are any
    verb_first: float = 0.75  # chance of picking a verb uniformly, then one of its actions
    weights: dict[str, float] = field(default_factory=dict)  # verb weights (default 1)
    policy: Policy | None = None  # a purposeful player (the title's bots: crisis.ai.explore)
    policy_share: float = 0.5  # share of the games played by ``policy`` when it is given
    max_actions: int = 20_000
    check_views: bool = True  # call view() for the acting role before every action
    verify_replay: bool = True  # rebuild each finished game from its log and compare
    probe: float = 0.02  # chance per action of trying an action as a role that may not act
    # No position may come back while no die is rolled, nothing is revealed and the same
    # roles act: otherwise a player could repeat free actions forever (TOC ruling 48).
    check_loops: bool = True


@dataclass
class Failure:
    """One failed game: what went wrong, after how many actions, and its replay record."""

    kind: str
    message: str
    game: int
    seed: int
    options: dict[str, Any]
    actions: int
    record: dict[str, Any]
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The failure without its record (which lives in the replay file)."""
        return {
            "kind": self.kind,
            "message": self.message,
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "actions": self.actions,
            "path": self.path,
        }


@dataclass
class FuzzSummary:
    """Totals over a fuzzing run."""

    games: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)
    by_players: dict[int, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """No game failed."""
        return not self.failures

    def add(self, other: FuzzSummary) -> None:
        """Fold another run's totals into this one (seconds excluded)."""
        self.games += other.games
        self.finished += other.finished
        self.actions += other.actions
        self.failures += other.failures
        for n, k in other.by_players.items():
            self.by_players[n] = self.by_players.get(n, 0) + k

    def to_dict(self) -> dict[str, Any]:
        """A JSON-simple summary."""
        return {
            "games": self.games,
            "finished": self.finished,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "failures": [f.to_dict() for f in self.failures],
            "by_players": dict(self.by_players),
        }


@dataclass
class GameRun:
    """One game played (or replayed) by :func:`play_game`."""

    state: Any
    log: list[tuple[str, Action]]
    finished: bool
    failure: tuple[str, str] | None = None  # (kind, message)
    probe: tuple[str, Action] | None = None  # the probe that failed, if any


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run with base seed ``base`` (mixed, 31 bits)."""
    z = (base * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 31)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 29)) & 0x7FFFFFFF


def default_options(players: int, index: int = 0) -> dict[str, Any]:
    """Setup options for a player count (the game's index is there for titles that cycle
    through variants)."""
    return {"players": players}


# -- one game --------------------------------------------------------------------------------


Chooser = Callable[[random.Random, str, list[Action]], Action]


def ending_verbs(title: TitleSpec[Any], config: FuzzConfig) -> frozenset[str]:
    """The verbs the fuzzer leans on to move a game on: the config's, else those the
    title's state machine declares to end a turn, a phase or a step."""
    if config.end_verbs is not None:
        return config.end_verbs
    return title.rules.machine.ending()


def _random_choice(config: FuzzConfig, end_verbs: frozenset[str]) -> Chooser:
    """Pick an end verb (``end_bias``), else a verb and then one of its actions
    (``verb_first``: spreads play over the kinds of actions), else any action; ``weights``
    scale verbs in both of the last two draws."""
    weights = config.weights

    def choose(rnd: random.Random, role: str, legal: list[Action]) -> Action:
        if config.end_bias > 0 and rnd.random() < config.end_bias:
            ends = [a for a in legal if a.verb in end_verbs]
            if ends:
                return rnd.choice(ends)
        if config.verb_first > 0 and rnd.random() < config.verb_first:
            verbs = sorted({a.verb for a in legal})
            if weights:
                verb = rnd.choices(verbs, [weights.get(v, 1.0) for v in verbs])[0]
            else:
                verb = rnd.choice(verbs)
            return rnd.choice([a for a in legal if a.verb == verb])
        if weights:
            return rnd.choices(legal, [weights.get(a.verb, 1.0) for a in legal])[0]
        return rnd.choice(legal)

    return choose


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _legal_actions(title: TitleSpec[Any], state: Any) -> tuple[str | None, dict[str, list[Action]]]:
    """The legal actions of every active role, or a message saying why the game is stuck."""
    roles = title.rules.active(state)
    if not roles:
        return "the game has no result but nobody may act", {}
    legal: dict[str, list[Action]] = {}
    for role in roles:
        acts = title.rules.actions(state, role)
        if not acts:
            return f"{role} must act but has no legal action", {}
        legal[role] = acts
    return None, legal


def _undeclared(title: TitleSpec[Any], state: Any, legal: dict[str, list[Action]]) -> str | None:
    """A listed action whose verb the step now due does not accept, in words, or None."""
    accepted = title.rules.machine.accepts(state.step)
    for role, acts in legal.items():
        for action in acts:
            if action.verb not in accepted:
                return (
                    f"{role}'s {action} is listed at {state.step}, which declares no {action.verb}"
                )
    return None


def play_game(
    title: TitleSpec[Any],
    seed: int,
    options: dict[str, Any],
    *,
    invariants: Invariants | None = None,
    config: FuzzConfig | None = None,
    script: Sequence[tuple[str, Action]] | None = None,
    probe_at: tuple[int, str, Action] | None = None,
) -> GameRun:
    """Play one game with every check, stopping at the first failure.

    With ``script`` the actions come from that log (a replay) instead of random choices and
    the game stops when the log runs out; ``probe_at`` re-runs one recorded probe.
    """
    config = config or FuzzConfig()
    rnd = random.Random(seed)
    choose = _random_choice(config, ending_verbs(title, config))
    policy = config.policy
    use_policy = policy is not None and rnd.random() < config.policy_share
    log: list[tuple[str, Action]] = []
    try:
        state = title.rules.setup(seed, options)
    except Exception as exc:
        return GameRun(None, log, False, ("crash", f"setup: {_describe(exc)}"))
    run = GameRun(state, log, False)
    stage = "start"
    seen: set[bytes] = set()  # positions since the last draw, reveal or change of who acts
    stretch: tuple[Any, ...] = ()
    try:
        while True:
            stage = "result"
            if title.rules.result(state) is not None:
                run.finished = True
                stage = "after_end"
                late = [r for r in title.rules.roles(state) if title.rules.actions(state, r)]
                if late:
                    run.failure = ("after_end", f"the game is over but {late} may still act")
                break
            if len(log) >= config.max_actions:
                run.failure = ("no_end", f"no result after {len(log)} actions")
                break
            stage = "active/actions"
            stuck, legal = _legal_actions(title, state)
            if stuck is not None:
                run.failure = ("dead_end", stuck)
                break
            undeclared = _undeclared(title, state, legal)
            if undeclared is not None:
                run.failure = ("undeclared", undeclared)
                break
            if probe_at is not None and probe_at[0] == len(log):
                stage = "probe"
                problem = _probe(title, state, probe_at[1], probe_at[2])
                if problem:
                    run.failure = ("illegal", problem)
                    run.probe = (probe_at[1], probe_at[2])
                    break
            if script is not None:
                if len(log) >= len(script):
                    break
                role, action = script[len(log)]
                if action not in legal.get(role, ()):
                    run.failure = (
                        "diverged",
                        f"logged action {len(log)}, {role} {action}, is not legal here",
                    )
                    break
            else:
                role = rnd.choice(sorted(legal))
                if use_policy and policy is not None:
                    action = policy(rnd, state, role, legal[role])
                    if action not in legal[role]:
                        raise ValueError(f"the policy chose {action}, which is not legal")
                else:
                    action = choose(rnd, role, legal[role])
                if config.probe > 0 and rnd.random() < config.probe:
                    # Someone who may not act tries the chosen action: it must be refused
                    # and leave the state exactly as it was.
                    stage = "probe"
                    idle = [r for r in title.rules.roles(state) if r not in legal]
                    if idle:
                        prober = rnd.choice(idle)
                        problem = _probe(title, state, prober, action)
                        if problem:
                            run.failure = ("illegal", problem)
                            run.probe = (prober, action)
                            break
            if config.check_views:
                stage = "view"
                title.rules.view(state, role)
            stage = f"apply {role} {action}"
            log.append((role, action))
            title.rules.apply(state, role, action)
            if config.check_loops:
                stage = "loops"
                now = (title.rules.checkpoint(state), tuple(title.rules.active(state)))
                if now != stretch:
                    stretch, seen = now, set()
                key = position(title, state)
                if key in seen:
                    run.failure = (
                        "loop",
                        f"after {role} {action}: a position came back with no die rolled, "
                        "nothing revealed and the same players to act",
                    )
                    break
                seen.add(key)
            if invariants is not None:
                stage = "invariants"
                errors = invariants(state)
                if errors:
                    run.failure = ("invariant", f"after {role} {action}: " + "; ".join(errors))
                    break
    except IllegalAction as exc:
        run.failure = ("crash", f"{stage}: a listed action was rejected: {_describe(exc)}")
    except Exception as exc:
        run.failure = ("crash", f"{stage}: {_describe(exc)}")
    return run


def position(title: TitleSpec[Any], state: Any) -> bytes:
    """A digest of the game position: the state without its log and version counter.

    The two are set aside while the state is encoded (rather than decoding and re-encoding
    it without them), since this runs after every action of every fuzzed game."""
    saved = {k: getattr(state, k) for k in ("log", "version") if hasattr(state, k)}
    try:
        for k in saved:
            setattr(state, k, [] if k == "log" else 0)
        raw = title.rules.to_json(state)
    finally:
        for k, v in saved.items():
            setattr(state, k, v)
    return hashlib.blake2b(raw, digest_size=16).digest()


def _probe(title: TitleSpec[Any], state: Any, role: str, action: Action) -> str | None:
    """Check that ``role``, who may not act now, cannot perform ``action``."""
    before = title.rules.to_json(state)
    try:
        title.rules.apply(state, role, action)
    except IllegalAction:
        if title.rules.to_json(state) != before:
            return f"a rejected {action} by {role} changed the state"
        return None
    return f"{role} may not act now but {action} was accepted"


def _verify_replay(
    title: TitleSpec[Any], seed: int, options: dict[str, Any], run: GameRun
) -> str | None:
    """Setup plus the log must rebuild the same state."""
    state = title.rules.setup(seed, options)
    for role, action in run.log:
        title.rules.apply(state, role, action)
    if title.rules.to_json(state) != title.rules.to_json(run.state):
        return "setup plus the action log does not rebuild the same state"
    return None


def make_record(
    title: TitleSpec[Any],
    seed: int,
    options: dict[str, Any],
    run: GameRun,
    config: FuzzConfig,
) -> dict[str, Any]:
    """A replay record (``Match.record()``'s format) plus the failure it reproduces."""
    record: dict[str, Any] = {
        "title": title.name,
        "seed": seed,
        "options": options,
        "log": [[role, *action.to_json()] for role, action in run.log],
    }
    if run.failure is not None:
        kind, message = run.failure
        failure: dict[str, Any] = {"kind": kind, "message": message, "actions": len(run.log)}
        if run.probe is not None:
            failure["probe"] = [run.probe[0], *run.probe[1].to_json()]
        record["failure"] = failure
        record["fuzz"] = {"max_actions": config.max_actions}
    return record


# -- many games ------------------------------------------------------------------------------


def _run_games(
    title: TitleSpec[Any],
    indices: Iterable[int],
    players: Sequence[int],
    seed: int,
    invariants: Invariants | None,
    config: FuzzConfig,
    options_for: OptionsFor,
    out_dir: Path | None,
) -> FuzzSummary:
    summary = FuzzSummary()
    for index in indices:
        n = players[index % len(players)]
        gseed = game_seed(seed, index)
        options = options_for(n, index)
        run = play_game(title, gseed, options, invariants=invariants, config=config)
        if run.failure is None and run.finished and config.verify_replay:
            try:
                problem = _verify_replay(title, gseed, options, run)
            except Exception as exc:
                problem = f"replaying the log failed: {_describe(exc)}"
            if problem:
                run.failure = ("nondeterministic", problem)
        summary.games += 1
        summary.by_players[n] = summary.by_players.get(n, 0) + 1
        summary.actions += len(run.log)
        if run.finished and run.failure is None:
            summary.finished += 1
        if run.failure is not None:
            record = make_record(title, gseed, options, run, config)
            failure = Failure(
                kind=run.failure[0],
                message=run.failure[1],
                game=index,
                seed=gseed,
                options=options,
                actions=len(run.log),
                record=record,
            )
            if out_dir is not None:
                out_dir.mkdir(parents=True, exist_ok=True)
                path = out_dir / f"{title.name}-game{index}-seed{gseed}-{failure.kind}.json"
                path.write_text(json.dumps(record, indent=1))
                failure.path = str(path)
            summary.failures.append(failure)
    return summary


def _worker(
    title: TitleSpec[Any],
    indices: list[int],
    players: Sequence[int],
    seed: int,
    invariants: Invariants | None,
    config: FuzzConfig,
    options_for: OptionsFor,
    out_dir: Path | None,
) -> FuzzSummary:
    return _run_games(title, indices, players, seed, invariants, config, options_for, out_dir)


def fuzz(
    title: TitleSpec[Any],
    *,
    games: int = 100,
    players: Sequence[int] = (2, 3, 4),
    seed: int = 0,
    invariants: Invariants | None = None,
    out_dir: str | Path | None = None,
    config: FuzzConfig | None = None,
    first_game: int = 0,
    options_for: OptionsFor = default_options,
    jobs: int = 1,
) -> FuzzSummary:
    """Play ``games`` random games (indices ``first_game`` on; the player count cycles over
    ``players``; each game's seed comes from ``seed`` and its index, its setup options from
    ``options_for(players, index)``) and check each one.

    Failures are returned, and written as replay files to ``out_dir`` when it is given.
    ``jobs`` > 1 spreads the games over processes (the title must be a title's exported
    ``TITLE``, which pickles by reference, and ``invariants`` and ``options_for``
    picklable, i.e. module-level functions).
    """
    if not players:
        raise ValueError("players must name at least one player count")
    config = config or FuzzConfig()
    out = Path(out_dir) if out_dir is not None else None
    indices = list(range(first_game, first_game + games))
    start = time.perf_counter()
    if jobs <= 1 or games < 2:
        summary = _run_games(title, indices, players, seed, invariants, config, options_for, out)
    else:
        # A declaration pickles by reference to the package exporting it.
        if not isinstance(title, TitleSpec):
            raise ValueError("jobs > 1 needs a title's declaration (its TitleSpec)")
        chunks = [indices[i::jobs] for i in range(jobs)]
        summary = FuzzSummary()
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = [
                pool.submit(_worker, title, c, players, seed, invariants, config, options_for, out)
                for c in chunks
                if c
            ]
            for part in parts:
                summary.add(part.result())
        summary.failures.sort(key=lambda f: f.game)
    summary.seconds = time.perf_counter() - start
    return summary


# -- replays ---------------------------------------------------------------------------------


@dataclass
class ReplayOutcome:
    """What re-running a record found."""

    state: Any
    actions: int
    finished: bool
    failure: tuple[str, str] | None
    expected: tuple[str, str] | None

    @property
    def reproduced(self) -> bool:
        """The record named a failure and the same kind of failure happened again."""
        return (
            self.expected is not None
            and self.failure is not None
            and self.failure[0] == self.expected[0]
        )


def load_record(path: str | Path) -> dict[str, Any]:
    """A replay record from a JSON file."""
    record = json.loads(Path(path).read_text())
    if not isinstance(record, dict) or "log" not in record or "seed" not in record:
        raise ValueError(f"{path} is not a replay record (it needs seed and log)")
    return record


def replay(
    title: TitleSpec[Any],
    record: dict[str, Any],
    *,
    invariants: Invariants | None = None,
    config: FuzzConfig | None = None,
) -> ReplayOutcome:
    """Re-run a record's log with the fuzzer's checks (and its recorded probe, if any)."""
    base = config or FuzzConfig()
    fuzz_meta = record.get("fuzz") or {}
    config = dataclasses.replace(
        base, max_actions=int(fuzz_meta.get("max_actions", base.max_actions)), probe=0.0
    )
    script: list[tuple[str, Action]] = []
    for entry in record.get("log", []):
        role, verb = entry[0], entry[1]
        arg = entry[2] if len(entry) > 2 else None
        script.append((str(role), Action.parse([verb, arg])))
    expected_raw = record.get("failure")
    expected = None
    probe_at = None
    if expected_raw:
        expected = (str(expected_raw["kind"]), str(expected_raw.get("message", "")))
        if expected_raw.get("probe"):
            p = expected_raw["probe"]
            probe_at = (
                int(expected_raw["actions"]),
                str(p[0]),
                Action.parse([p[1], p[2] if len(p) > 2 else None]),
            )
    seed = int(record["seed"])
    options = dict(record.get("options") or {})
    run = play_game(
        title,
        seed,
        options,
        invariants=invariants,
        config=config,
        script=script,
        probe_at=probe_at,
    )
    failure = run.failure
    if failure is None and run.finished and expected and expected[0] == "nondeterministic":
        problem = _verify_replay(title, seed, options, run)
        if problem:
            failure = ("nondeterministic", problem)
    return ReplayOutcome(run.state, len(run.log), run.finished, failure, expected)


# -- benchmark -------------------------------------------------------------------------------


def benchmark(
    title: TitleSpec[Any],
    *,
    games: int = 20,
    players: int = 4,
    seed: int = 0,
    config: FuzzConfig | None = None,
    options_for: OptionsFor = default_options,
    copy: Callable[[Any], Any] | None = None,
    repeat: int = 2000,
) -> dict[str, float]:
    """Time random play on one core: complete ``players``-player games (every step lists the
    legal actions, as a bot would) and the cost of copying a mid-game state.

    Returns actions per second, games per second, average actions per game, and the time of
    a ``to_json``/``from_json`` round trip, of ``copy`` (if given) and of a ``view``, in
    microseconds. No view or invariant checks run during the timed games.
    """
    config = config or FuzzConfig(check_views=False, verify_replay=False, probe=0.0)
    options = options_for(players, 0)
    actions = 0
    finished = 0
    first: GameRun | None = None
    start = time.perf_counter()
    for i in range(games):
        run = play_game(title, game_seed(seed, i), options, config=config)
        actions += len(run.log)
        finished += run.finished
        if first is None:
            first = run
    seconds = time.perf_counter() - start
    # A mid-game position: the first game replayed to half its length.
    rules = title.rules
    state = rules.setup(game_seed(seed, 0), options)
    if first is not None:
        for role, action in first.log[: len(first.log) // 2]:
            rules.apply(state, role, action)

    def per_call(fn: Callable[[], Any]) -> float:
        t = time.perf_counter()
        for _ in range(repeat):
            fn()
        return (time.perf_counter() - t) / repeat * 1e6

    raw = rules.to_json(state)
    out = {
        "games": float(games),
        "finished": float(finished),
        "actions": float(actions),
        "seconds": seconds,
        "actions_per_second": actions / seconds if seconds else 0.0,
        "games_per_second": games / seconds if seconds else 0.0,
        "actions_per_game": actions / games if games else 0.0,
        "state_bytes": float(len(raw)),
        "round_trip_us": per_call(lambda: rules.from_json(rules.to_json(state))),
        "to_json_us": per_call(lambda: rules.to_json(state)),
        "from_json_us": per_call(lambda: rules.from_json(raw)),
        "view_us": per_call(lambda: rules.view(state, rules.roles(state)[0])),
    }
    if copy is not None:
        out["copy_us"] = per_call(lambda: copy(state))
    return out
