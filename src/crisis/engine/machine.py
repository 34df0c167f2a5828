"""The state machine every title's rules run on.

A title's rules are a set of named **steps** (the value of ``state.step``). Each step
declares its prompt, who acts there and the functions listing the actions it accepts; each
**verb** is declared with the steps that accept it (:meth:`Machine.accepts`), its handler
there and flags such as ``ends="turn"``. Steps nobody decides (dealing, scoring) are
**automatic**: they run one after another until a player must act. A **sub-procedure** (a
battle, an occupation, a card's follow-up choice) is entered with :meth:`Machine.call` and
left with :meth:`Machine.ret`, which goes back to the step that called it. A procedure is
called with its own typed data, a :class:`Frame`: the frame lies on the call stack in the
state while the procedure runs (its steps read and change it through :func:`frame`, views
through :func:`running`), goes away when it returns, and may hand a result to the step it
returns to (:meth:`Machine.resumes`). So a saved game resumes inside a sub-procedure exactly
where it was, with its data.

Each step also declares where it leads (its **flow**): the steps it ``goes`` to, the
sub-procedures it ``calls`` and the ``phase`` of the turn it belongs to. Rules move between
steps in one way only, through the machine: :meth:`Machine.goto` (to a step the current one
declares it goes to), :meth:`Machine.call` and :meth:`Machine.ret` (into a sub-procedure the
current step declares it calls, and back), and :meth:`Machine.end` (the game is over). A move
the declarations do not allow raises :class:`~crisis.engine.errors.FlowError` at once, so the
declarations are the one source of the flow and every test and fuzzed game checks them.
:meth:`Machine.place` alone sets a step unchecked, for scripts and tests that lay out a
position. :meth:`Machine.describe` carries the flow, :meth:`Machine.phase` reads the phase of
a state from it, :mod:`crisis.engine.diagram` draws each title's turn from it, and
:meth:`Machine.explains` checks that a whole action's moves follow it.

One guarded :meth:`Machine.apply` serves every title: it refuses, changing nothing, an action
when the game is over, from a seat that is not in the game or may not act now, or that is not
among the legal actions; only then does the handler run. The check lists no more than it
must: it first asks only the part of the rules that lists the action's kind (a step's
**narrower** for the verb, given the action, such as the moves of the one army an action
names; else the listers declared to list the verb, a step with several listers declaring
each one's ``verbs``) and accepts the action if it is there. Those parts are pieces of the
step's own listing, so whatever they list is legal; only for an action they do not list
does the check list everything, and it refuses with the same words as ever. The rules'
listers stay the one statement of what is legal.

The model is Rally the Troops' rules framework (states with a prompt and handlers, and a
call/return stack in the game state), written for Python with declarations a client can read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Generic, Literal, Protocol, TypeVar

import msgspec

from crisis.engine.action import Action
from crisis.engine.errors import FlowError, IllegalAction, NotYourTurn


class Frame(msgspec.Struct, kw_only=True, tag_field="procedure"):
    """A sub-procedure in progress: the data it was called with, which its steps read and
    change while it runs, and ``then``, the step it returns to.

    A title declares one subclass per procedure, tagged with the procedure's name, and types
    its state's ``stack`` as the union of them (``stack: list[Address | Appointment]``), so
    a saved game keeps each frame's type::

        class Appointment(Frame, tag="appoint"):
            office: str
            role: str

    ``then`` is set by :meth:`Machine.call`; the subclass's own fields come first in its
    constructor."""

    then: str = ""


class Call(Frame, tag="call"):
    """The frame of a procedure that has no data of its own."""


F = TypeVar("F", bound=Frame)


class MachineState(Protocol):
    """What the machine needs of a title's state: the step now due, the call stack of the
    sub-procedures in progress (their :class:`Frame` s, innermost last, typed by each title
    as the union of its own frames), the final result (None while the game goes on) and a
    version counter."""

    step: str
    stack: list[Any]
    final: Any
    version: int


S = TypeVar("S", bound=MachineState)
Handler = Callable[[Any, str, Any], None]
Lister = Callable[[Any, str], list[Action]]
#: A narrower: (state, role, action) -> some of the legal actions, those of the action's kind
#: (see :meth:`Machine.narrows`).
Narrower = Callable[[Any, str, Action], list[Action]]
Actors = Callable[[Any], list[str]]
Auto = Callable[[Any], None]
#: What an action ends, for clients and bots that want to know (None: nothing).
Ends = Literal["turn", "phase", "step"]

#: A verb's argument domains: each alternative is a tuple of domain names whose values are
#: combined (``("army", "region")``: every army with every region); ``()`` is no argument.
Args = tuple[str, ...] | list[tuple[str, ...]]

#: Most automatic steps run in a row before the machine decides it is looping.
MAX_AUTOMATIC = 10_000

#: The step of a game that is over (both titles' rules move there when they score).
OVER = "over"


def return_steps(stack: Sequence[Frame]) -> tuple[str, ...]:
    """The steps the procedures on ``stack`` return to, outermost first."""
    return tuple(e.then for e in stack)


def running(state: MachineState, kind: type[F]) -> F | None:
    """The innermost procedure of ``kind`` in progress (its frame), or None: what views,
    words and invariants read a procedure's data through."""
    for entry in reversed(state.stack):
        if isinstance(entry, kind):
            return entry
    return None


def frame(state: MachineState, kind: type[F]) -> F:
    """The frame of the running procedure, which must be of ``kind``: what the procedure's
    own steps read and change its data through."""
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, kind):
        raise LookupError(f"no {kind.__name__} procedure is running at {state.step!r}")
    return top


def frame_data(entry: Frame) -> dict[str, Any]:
    """A frame's own data as JSON-simple values: its fields less ``then`` and the tag (how
    a view shows the procedure in progress)."""
    out: dict[str, Any] = msgspec.to_builtins(entry)
    del out["procedure"], out["then"]
    return out


@dataclass
class Step:
    """A decision step: its ``prompt`` for people, who acts (``actors``) and the functions
    listing its legal actions (their lists are joined in registration order)."""

    name: str
    prompt: str = ""
    actors: Actors | None = None
    listers: list[Lister] = field(default_factory=list)
    #: The verbs each lister may list, parallel to ``listers`` (None: any verb).
    lister_verbs: list[frozenset[str] | None] = field(default_factory=list)


@dataclass
class Flow:
    """Where a step leads, as declared: the steps its handlers (or, for an automatic step,
    its function) may make due next (``goes``), the sub-procedures they may enter
    (``calls``; a sub-procedure goes back to its caller when it ends) and the ``phase`` of
    the turn the step belongs to (None: none declared; a sub-procedure takes its caller's)."""

    goes: tuple[str, ...] = ()
    calls: tuple[str, ...] = ()
    phase: str | None = None


@dataclass(frozen=True)
class Verb:
    """A verb's declaration at one step: its handler, the step that accepts it, what it
    ends (``"turn"``, ``"phase"``, ``"step"`` or None), the domains of its argument and the
    setup option it needs. A verb several steps accept has one declaration at each."""

    name: str
    handler: Handler
    step: str
    ends: Ends | None = None
    #: Alternatives of argument domains (names a title's encoding gives values).
    args: tuple[tuple[str, ...], ...] = ((),)
    #: The setup option the verb needs (None: every game has it).
    option: str | None = None


class Machine(Generic[S]):
    """A title's steps and verbs; see the module docstring.

    ``roles`` names every seat of a game (for the seat check); ``after`` runs after every
    handler (for bookkeeping a title does on each action); ``start`` is the step a new
    game begins at.
    """

    def __init__(
        self, title: str, roles: Callable[[S], list[str]], start: str | None = None
    ) -> None:
        self.title = title
        self._roles = roles
        self.steps: dict[str, Step] = {}
        #: Every verb's declaration, by (the step that accepts it, verb).
        self.verbs: dict[tuple[str, str], Verb] = {}
        self.automatic_steps: dict[str, Auto] = {}
        self.flows: dict[str, Flow] = {}
        self.after: list[Callable[[S, str, Action], None]] = []
        self.resumers: dict[str, Callable[[S, Any], None]] = {}
        #: The step a new game begins at (for the diagram of the turn; None: not declared).
        self.start = start
        #: The listers that may list a verb at a step, by (step, verb), worked out from the
        #: declarations on first use (see :meth:`_checking`).
        self._checkers: dict[tuple[str, str], tuple[Lister, ...]] = {}
        #: Narrowers by (step, verb) (see :meth:`narrows`).
        self.narrowers: dict[tuple[str, str], Narrower] = {}
        #: The verbs each step accepts, worked out on first use (see :meth:`accepts`).
        self._accepted: dict[str, frozenset[str]] = {}
        #: The last listing :meth:`actions` made: (state, its version, role, the actions).
        #: The state changes only through :meth:`perform`, which counts its version, so an
        #: action checked for the same state object at the same version and role is checked
        #: against that listing without listing again (a server or a bot lists, then applies
        #: one of the listed actions). The state is held, so its identity is never reused.
        self._last: tuple[Any, int, str, tuple[Action, ...]] | None = None

    # -- declaring ---------------------------------------------------------------------

    def _step(self, name: str) -> Step:
        return self.steps.setdefault(name, Step(name))

    def step(self, name: str, prompt: str, actors: Actors | None = None) -> Step:
        """Declare the decision step ``name`` with its prompt and who acts there."""
        s = self._step(name)
        s.prompt = prompt
        if actors is not None:
            s.actors = actors
        return s

    def who(self, step: str, actors: Actors) -> None:
        """Declare who acts at ``step``."""
        self._step(step).actors = actors

    def flow(
        self,
        step: str,
        *,
        goes: Iterable[str] = (),
        calls: Iterable[str] = (),
        phase: str | None = None,
    ) -> Flow:
        """Declare (more of) where ``step`` leads: the steps it ``goes`` to, the
        sub-procedures it ``calls`` and its ``phase`` (see :class:`Flow`). Declarations add
        up, so each module declares the moves its own rules make; a step has one phase."""
        f = self.flows.setdefault(step, Flow())
        f.goes = tuple(dict.fromkeys([*f.goes, *goes]))
        f.calls = tuple(dict.fromkeys([*f.calls, *calls]))
        if phase is not None:
            if f.phase not in (None, phase):
                raise ValueError(f"{self.title}: step {step!r} is in phase {f.phase!r} already")
            f.phase = phase
        return f

    def lists(
        self,
        step: str,
        prompt: str | None = None,
        actors: Actors | None = None,
        *,
        goes: Iterable[str] = (),
        calls: Iterable[str] = (),
        phase: str | None = None,
        verbs: Iterable[str] | None = None,
    ) -> Callable[[Lister], Lister]:
        """Decorator: a function listing (some of) the legal actions at ``step``; ``goes``,
        ``calls`` and ``phase`` declare where the step leads (:meth:`flow`); ``verbs``, the
        verbs it may list (None: any), lets :meth:`check` run only the listers of the
        action's verb at a step that has several."""

        def deco(fn: Lister) -> Lister:
            s = self._step(step)
            s.listers.append(fn)
            s.lister_verbs.append(frozenset(verbs) if verbs is not None else None)
            self._checkers.clear()
            if prompt is not None:
                s.prompt = prompt
            if actors is not None:
                s.actors = actors
            self.flow(step, goes=goes, calls=calls, phase=phase)
            return fn

        return deco

    def handles(
        self,
        verb: str,
        step: str | Iterable[str],
        *,
        ends: Ends | None = None,
        args: Args = (),
        option: str | None = None,
    ) -> Callable[[Handler], Handler]:
        """Decorator: the function performing ``verb`` at ``step`` (a step's name, or the
        names of the several steps that accept it: every verb is declared with the steps
        that accept it, so :meth:`accepts` and :meth:`describe` say what each step takes);
        ``ends`` says what the action ends, ``args`` the domains its argument is drawn from
        (see :data:`Args`; the action catalog is built from them) and ``option`` the setup
        option without which the verb never occurs."""
        steps = (step,) if isinstance(step, str) else tuple(step)
        if not steps:
            raise ValueError(f"{self.title}: verb {verb!r} declared at no step")

        def deco(fn: Handler) -> Handler:
            alternatives = tuple(args) if isinstance(args, list) else (args,)
            for at in steps:
                if (at, verb) in self.verbs:
                    raise ValueError(f"{self.title}: verb {verb!r} at {at} registered twice")
            for at in steps:
                self.verbs[(at, verb)] = Verb(verb, fn, at, ends, alternatives, option)
            self._checkers.clear()
            self._accepted.clear()
            return fn

        return deco

    def automatic(
        self,
        step: str,
        *,
        goes: Iterable[str] = (),
        calls: Iterable[str] = (),
        phase: str | None = None,
    ) -> Callable[[Auto], Auto]:
        """Decorator: an automatic step (it must move on with :meth:`goto` to one of
        ``goes``, :meth:`call` one of ``calls``, :meth:`ret` or :meth:`end`; see
        :meth:`flow`)."""

        def deco(fn: Auto) -> Auto:
            self.automatic_steps[step] = fn
            self.flow(step, goes=goes, calls=calls, phase=phase)
            return fn

        return deco

    # -- reading the declarations ------------------------------------------------------

    def prompt(self, step: str) -> str:
        """The prompt of ``step`` ("" for a step without one)."""
        s = self.steps.get(step)
        return s.prompt if s else ""

    @property
    def prompts(self) -> dict[str, str]:
        """Every decision step's prompt."""
        return {name: s.prompt for name, s in self.steps.items()}

    def ending(self, ends: Iterable[Ends] = ("turn", "phase", "step")) -> frozenset[str]:
        """The verbs declared to end one of ``ends`` (by default a turn, a phase or a step:
        the verbs bots and the fuzzer lean on to move a game on)."""
        wanted = set(ends)
        return frozenset(v.name for v in self.verbs.values() if v.ends in wanted)

    def catalog(
        self, domains: Mapping[str, Sequence[Any]], options: Mapping[str, Any]
    ) -> list[Action]:
        """Every action the declared verbs can make: each verb (whose ``option`` is on in
        ``options``), in alphabetical order so that the order never depends on the order
        modules were imported in, with every combination of its argument domains' values in
        the order ``domains`` gives them (an argument of several domains is a tuple, with
        tuple values spliced in). A verb declared at several steps appears once.

        This is what the research adapters number; a title supplies only the domains."""
        out: dict[Action, None] = {}
        for v in sorted(self.verbs.values(), key=lambda v: v.name):
            if v.option is not None and not options.get(v.option):
                continue
            for alternative in v.args:
                missing = [d for d in alternative if d not in domains]
                if missing:
                    raise KeyError(f"{self.title}: no values for domain {missing[0]!r} ({v.name})")
                for combo in product(*(domains[d] for d in alternative)):
                    out.setdefault(Action(v.name, _splice(combo)), None)
        return list(out)

    def phase(self, state: S) -> str | None:
        """The phase of the turn ``state`` is in: the declared phase of the outermost step in
        progress (the one that called the sub-procedures on the stack, else the step now
        due)."""
        f = self.flows.get(state.stack[0].then if state.stack else state.step)
        return f.phase if f is not None else None

    def explains(
        self, before: tuple[str, Sequence[Frame]], after: tuple[str, Sequence[Frame]]
    ) -> bool:
        """Whether the declared flow explains a move of the rules from ``before`` to
        ``after`` (each a step and the call stack, read as the steps its frames return to):
        a path of at most four moves, each going to a step the step declares, calling a
        sub-procedure it declares (the return step pushed is the step itself or one it goes
        to) or returning from a sub-procedure to the step on top of the stack."""
        start = (before[0], return_steps(before[1]))
        goal = (after[0], return_steps(after[1]))
        seen, frontier = {start}, [start]
        for _ in range(4):
            if goal in seen:
                return True
            nxt: list[tuple[str, tuple[str, ...]]] = []
            for step, stack in frontier:
                f = self.flows.get(step, Flow())
                moves = [(g, stack) for g in f.goes]
                for c in f.calls:
                    moves += [(c, (*stack, r)) for r in (step, *f.goes)]
                if stack:
                    moves.append((stack[-1], stack[:-1]))
                for m in moves:
                    if m not in seen:
                        seen.add(m)
                        nxt.append(m)
            frontier = nxt
        return goal in seen

    def handler(self, step: str, verb: str) -> Handler:
        """The handler of ``verb`` at ``step``."""
        v = self.verbs.get((step, verb))
        if v is None:
            raise KeyError(f"{self.title}: no handler for {verb!r} at {step!r}")
        return v.handler

    def accepts(self, step: str) -> frozenset[str]:
        """The verbs ``step`` accepts: those declared with it (:meth:`handles`). Every
        action listed at ``step`` is of one of them."""
        found = self._accepted.get(step)
        if found is None:
            found = self._accepted[step] = frozenset(v for at, v in self.verbs if at == step)
        return found

    # -- running -----------------------------------------------------------------------

    def active(self, state: S) -> list[str]:
        """Who must act at the step now due (nobody once the game is over, nor at an
        undeclared step)."""
        if state.final is not None:
            return []
        s = self.steps.get(state.step)
        return s.actors(state) if s is not None and s.actors is not None else []

    def actions(self, state: S, role: str) -> list[Action]:
        """Every legal action for ``role`` now; empty when ``role`` may not act."""
        if role not in self.active(state):
            return []
        legal = self._listed(state, role)
        self._last = (state, state.version, role, tuple(legal))
        return legal

    def _checking(self, step: str, verb: str) -> tuple[Lister, ...]:
        """The listers of ``step`` that may list ``verb``: those declaring it or no verbs
        at all; none when no handler takes ``verb`` at ``step``."""
        key = (step, verb)
        found = self._checkers.get(key)
        if found is None:
            s = self.steps[step]
            handled = (step, verb) in self.verbs
            found = tuple(
                fn
                for fn, verbs in zip(s.listers, s.lister_verbs, strict=True)
                if handled and (verbs is None or verb in verbs)
            )
            self._checkers[key] = found
        return found

    def narrows(self, step: str, verbs: Iterable[str]) -> Callable[[Narrower], Narrower]:
        """Decorator: a function giving, for an action of one of ``verbs`` at ``step``, the
        legal actions of its kind (for example every legal action of the army it names),
        built by the same code the step's lister runs for them, so that :meth:`check`
        accepts such an action without listing the rest. It must return only legal actions
        (a piece of the step's listing); it may leave out the action itself (then the check
        lists everything)."""

        def deco(fn: Narrower) -> Narrower:
            for verb in verbs:
                if (step, verb) in self.narrowers:
                    raise ValueError(f"{self.title}: {verb!r} at {step} narrowed twice")
                self.narrowers[(step, verb)] = fn
            return fn

        return deco

    def _legal_for(self, state: S, role: str, action: Action) -> list[Action]:
        """Some of the legal actions of ``role`` (who acts now), among them ``action`` if it
        is legal and the declarations are complete: the step's narrower for its verb, else
        the listers that may list its verb."""
        narrow = self.narrowers.get((state.step, action.verb))
        if narrow is not None:
            return narrow(state, role, action)
        listers = self._checking(state.step, action.verb)
        if len(listers) == 1:
            return listers[0](state, role)
        out: list[Action] = []
        for lister in listers:
            out += lister(state, role)
        return out

    def _listed(self, state: S, role: str) -> list[Action]:
        """The step's listers joined, for a role known to act now."""
        s = self.steps[state.step]
        if len(s.listers) == 1:
            return s.listers[0](state, role)
        out: list[Action] = []
        for lister in s.listers:
            out += lister(state, role)
        return out

    def check(self, state: S, role: str, action: Action) -> None:
        """Raise :class:`IllegalAction` (or :class:`NotYourTurn`) unless ``role`` may take
        ``action`` now. Changes nothing."""
        last = self._last
        if (
            last is not None
            and last[0] is state
            and last[1] == state.version
            and last[2] == role
            and action in last[3]
        ):
            return  # listed for this very position (see ``_last``): legal
        if state.final is not None:
            raise IllegalAction("the game is over")
        seats = self._roles(state)
        if role not in seats:
            raise IllegalAction(f"no seat {role!r} in this game (seats: {', '.join(seats)})")
        active = self.active(state)
        if role not in active:
            raise NotYourTurn(f"{role} may not act now; waiting for {', '.join(active)}")
        if action in self._legal_for(state, role, action):
            return  # listed by a piece of the step's own listing: legal
        legal = self._listed(state, role)
        if action not in legal:
            same = sorted({str(a) for a in legal if a.verb == action.verb})[:8]
            hint = f"; legal {action.verb} actions: {', '.join(same)}" if same else ""
            raise IllegalAction(f"{action} is not legal for {role} at {state.step}{hint}")

    def apply(self, state: S, role: str, action: Action | Any) -> None:
        """Perform ``action`` for ``role`` after :meth:`check`; then the ``after`` hooks,
        the automatic steps and the version count."""
        action = Action.parse(action)
        self.check(state, role, action)
        self.perform(state, role, action)

    def perform(self, state: S, role: str, action: Action) -> None:
        """Perform an action known to be legal (a search's trusted fast path)."""
        self.handler(state.step, action.verb)(state, role, action.arg)
        for hook in self.after:
            hook(state, role, action)
        self.advance(state)
        state.version += 1
        self._last = None  # a listing made while performing describes no position now

    def advance(self, state: S) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        for _ in range(MAX_AUTOMATIC):
            fn = self.automatic_steps.get(state.step)
            if fn is None:
                return
            fn(state)
        raise RuntimeError(f"{self.title}: automatic steps loop at {state.step}")

    def offer(self, state: S, step: str | None = None, role: str | None = None) -> bool:
        """Make ``step`` (by default the step now due) the step due and ask its player;
        when one player acts there and has exactly one legal action, take it for him at
        once (a choice with one option is no choice) and return True. At a step where
        several players act at once, ``role`` names the one whose choice is offered.

        This is the one place where forced choices are taken: handlers call it instead of
        testing ``len(options) == 1`` themselves. It takes the single option once, then
        leaves whatever step that action led to as it is."""
        if step is not None and step != state.step:
            self.goto(state, step)
        if role is None:
            actors = self.active(state)
            if len(actors) != 1:
                return False
            role = actors[0]
        legal = self.actions(state, role)
        # Asked from within the rules (a handler, an automatic step, a setup), which may
        # change the state further before its version moves on: no listing to check by.
        self._last = None
        if len(legal) != 1:
            return False
        only = legal[0]
        self.handler(state.step, only.verb)(state, role, only.arg)
        return True

    # -- moving between steps ----------------------------------------------------------

    def goto(self, state: S, step: str) -> None:
        """Make ``step`` the step due, which the step now due must declare it ``goes`` to
        (:meth:`flow`; staying at the step now due is no move); else raise
        :class:`~crisis.engine.errors.FlowError` and change nothing."""
        if step != state.step:
            f = self.flows.get(state.step)
            if f is None or step not in f.goes:
                raise FlowError(
                    f"{self.title}: {state.step!r} declares no move to {step!r} "
                    f"(it goes to: {', '.join(f.goes) if f else 'nothing'})"
                )
        state.step = step

    def end(self, state: S) -> None:
        """Move to :data:`OVER`, the step of a game that is over (from any step: a game can
        end wherever its rules say so; the title then writes ``state.final``)."""
        state.step = OVER

    def place(self, state: S, step: str) -> None:
        """Set the step due to ``step`` without checking the flow: for laying out a position
        (scripted setups, tests, lessons), never for a move of the rules."""
        if step not in self.steps and step not in self.automatic_steps and step != OVER:
            raise FlowError(f"{self.title}: no step {step!r}")
        state.step = step

    # -- sub-procedures ----------------------------------------------------------------

    def call(self, state: S, step: str, frame: Frame, *, then: str | None = None) -> None:
        """Enter the sub-procedure starting at ``step`` with its data ``frame`` (pushed on
        the state's call stack; its ``then`` is set here; :class:`Call` for a procedure
        without data); :meth:`ret` comes back to ``then`` (by default the step now due).
        The step now due must declare that it ``calls`` ``step``, else
        :class:`~crisis.engine.errors.FlowError` (nothing changed)."""
        f = self.flows.get(state.step)
        if f is None or step not in f.calls:
            raise FlowError(
                f"{self.title}: {state.step!r} declares no call of {step!r} "
                f"(it calls: {', '.join(f.calls) if f else 'nothing'})"
            )
        frame.then = state.step if then is None else then
        state.stack.append(frame)
        state.step = step

    def ret(self, state: S, default: str | None = None, *, result: Any = None) -> None:
        """Leave the current sub-procedure, dropping its frame, for the step it returns to
        (``default`` when the stack is empty, as in a game saved before the stack was
        kept). ``result``, when not None, goes to the function that step declares with
        :meth:`resumes`."""
        if state.stack:
            state.step = state.stack.pop().then
        elif default is not None:
            state.step = default
        else:
            raise LookupError(f"{self.title}: no procedure to return from at {state.step!r}")
        if result is not None:
            resume = self.resumers.get(state.step)
            if resume is None:
                raise LookupError(
                    f"{self.title}: a result returned to {state.step!r}, which declares no "
                    "@resumes function to take it"
                )
            resume(state, result)

    def resumes(self, step: str) -> Callable[[Callable[[S, Any], None]], Callable[[S, Any], None]]:
        """Decorator: the function receiving the result a sub-procedure hands back (with
        ``ret(state, result=...)``) when it returns to ``step``; it runs before anything
        else happens at ``step`` and may read and change the caller's own frame."""

        def deco(fn: Callable[[S, Any], None]) -> Callable[[S, Any], None]:
            self.resumers[step] = fn
            return fn

        return deco

    def describe(self) -> dict[str, Any]:
        """The declarations as JSON-simple data: each decision step's prompt, the verbs by
        the step that accepts them (each with what it ends, its argument's domains and the
        option it needs), the automatic steps, each step's flow (``goes``, ``calls``,
        ``phase``) and the ``start`` step. For documentation (:mod:`crisis.engine.diagram`)
        and clients."""
        verbs: dict[str, list[dict[str, Any]]] = {}
        for v in self.verbs.values():
            entry = {"verb": v.name, "ends": v.ends, "args": [list(a) for a in v.args]}
            if v.option:
                entry["option"] = v.option
            verbs.setdefault(v.step, []).append(entry)
        return {
            "steps": {name: {"prompt": s.prompt} for name, s in self.steps.items()},
            "verbs": verbs,
            "automatic": sorted(self.automatic_steps),
            "flow": {
                name: {"goes": list(f.goes), "calls": list(f.calls), "phase": f.phase}
                for name, f in self.flows.items()
            },
            "start": self.start,
        }


def _splice(combo: tuple[Any, ...]) -> Any:
    """An action argument from one value per domain: None for none, the value itself for
    one, else a tuple with tuple values spliced in."""
    if not combo:
        return None
    if len(combo) == 1:
        return combo[0]
    flat: list[Any] = []
    for value in combo:
        flat.extend(value if isinstance(value, tuple) else (value,))
    return tuple(flat)
