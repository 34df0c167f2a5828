"""The contract every title implements, as a typing Protocol.

A title is a module with these functions; everything above the engine (server, bots, RL
adapters, CLI) talks to a title only through them.

Besides the game itself (``setup`` ... ``from_json``) a title provides what the layers above
need to stay game-agnostic: a fixed action catalog and observation encoding for the research
adapters, determinization for searching bots, and a plain-text rendering of a view.

Hidden information (docs/randomness.md): every random draw comes from the generator kept in
the state (:mod:`crisis.engine.rng`), made by ``setup`` from the seed. **Views and logs may
show the results of draws, never anything from which unseen draws follow**: no view, log line
or error contains the generator's key or state, the seed, or the order of anything face down.

Each title exports one :class:`TitleSpec`, ``TITLE``, that declares all of it: the contract
functions, its state machine, and the optional parts as typed members (None where a title
has none): ``describe``/``unavailable`` (actions in words, for clients), the research
adapters' ``canonical_action``/``actual_action``, the score's name and range, the bound on
chance outcomes, card-set loading, invariants and the fuzz profile. The layers above read
these members; they never probe a title by name.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from crisis.engine.action import Action
from crisis.engine.machine import Machine, MachineState
from crisis.engine.rng import Seed

#: A title's state type (each title's ``State`` struct): ``TitleSpec[State]`` links its
#: setup, view, apply and the rest, so that mypy checks a title's functions against one
#: another. Code above the titles holds a ``TitleSpec`` of any state.
S = TypeVar("S", bound=MachineState)

#: A title's invariants: the broken ones in a state, as sentences (empty: all hold).
Invariants = Callable[[Any], list[str]]
#: Setup options for (players, game index): a title's cycle of variants.
OptionsFor = Callable[[int, int], dict[str, Any]]


class Title(Protocol):
    """What every title provides (see DESIGN.md, "The engine contract"); a title's
    :class:`TitleSpec` has all of it, and the optional parts besides."""

    @property
    def NAME(self) -> str:
        """The title's id, e.g. ``"time_of_crisis"``."""
        ...

    def setup(self, seed: Seed, options: dict[str, Any] | None = None) -> Any:
        """A new game state for ``seed`` and ``options``; every random draw of the game comes
        from the generator made from ``seed`` (:func:`crisis.engine.rng.new_rng`)."""
        ...

    def roles(self, state: Any) -> list[str]:
        """Every seat of this game, in turn order from the first seat."""
        ...

    def active(self, state: Any) -> list[str]:
        """The roles that may act now (several during simultaneous choices)."""
        ...

    def actions(self, state: Any, role: str) -> list[Action]:
        """Every legal action for ``role`` now (empty if it may not act)."""
        ...

    def apply(self, state: Any, role: str, action: Action) -> None:
        """Perform ``action`` for ``role``; raise IllegalAction and change nothing if illegal."""
        ...

    def view(self, state: Any, role: str | None) -> dict[str, Any]:
        """What ``role`` may see (``None``: an observer's public view)."""
        ...

    def result(self, state: Any) -> dict[str, Any] | None:
        """Final scores and ranking once the game is over, else ``None``."""
        ...

    def scores(self, state: Any) -> dict[str, int]:
        """Each role's score so far (victory points, legacy): the standings when a game is
        abandoned, and a bot's or learner's progress."""
        ...

    def checkpoint(self, state: Any) -> tuple[int, ...]:
        """A value that changes whenever dice are rolled or hidden information is revealed."""
        ...

    def to_json(self, state: Any) -> bytes:
        """The state as JSON."""
        ...

    def from_json(self, data: bytes | str) -> Any:
        """The state from :func:`to_json`'s output."""
        ...

    # -- for bots, research adapters and text front ends ------------------------------

    def action_catalog(self, options: dict[str, Any] | None = None) -> list[Action]:
        """Every action that can ever be legal in a game with ``options``, in a fixed order
        derived from the title's data (never from a particular game). An action's index in
        this list is its integer id for a policy network; every action that ``actions``
        returns is in it."""
        ...

    def observation_size(self, options: dict[str, Any] | None = None) -> int:
        """The length of :meth:`observe`'s vector for games with ``options``."""
        ...

    def observe(self, view: dict[str, Any], role: str) -> Sequence[float]:
        """``role``'s view as a fixed-size vector of numbers (mostly 0/1 and small counts):
        a list, or an ``array("d")`` whose buffer the research adapters take in one step.
        It reads only the view, so it can never leak hidden information."""
        ...

    def determinize(self, view: dict[str, Any], role: str | None, rng: random.Random) -> Any:
        """A full state that shows ``role`` exactly ``view``; hidden parts drawn from ``rng``."""
        ...

    def info(self) -> dict[str, Any]:
        """What a client needs to offer and draw the title: ``name`` (for people),
        ``players`` ([min, max]), ``options`` (a list of option descriptions from which a lobby
        draws its form: see :mod:`crisis.engine.options`), optionally ``note`` (a sentence for
        the lobby) and the names of its pieces (cards, regions ...), all JSON-simple."""
        ...

    def render(self, view: dict[str, Any], role: str | None) -> str:
        """The view as plain text for terminals and text-mode environments."""
        ...


@dataclass(frozen=True)
class FuzzProfile:
    """How the fuzzer and simulations exercise a title: verb ``weights`` for random play,
    the cycle of setup variants (``options``) and the bots seated at its purposeful games
    (``seats``). Those games are played by the title's own bots
    (:class:`crisis.ai.explore.BotPolicy`), not by a policy declared here."""

    weights: dict[str, float] = field(default_factory=dict)
    options: OptionsFor | None = None
    #: Registered bot names (:mod:`crisis.ai`) seated in turn at a purposeful fuzzed table,
    #: so that every style of play comes up; empty: the title's default bot in every seat.
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class TitleSpec(Generic[S]):
    """One title, declared: the contract functions, its state machine and its optional
    parts, over the title's state type ``S`` (``TitleSpec[State]``: setup makes an ``S``,
    apply, view and the rest take one). ``crisis.games.get_title`` returns these; mypy
    checks every member."""

    name: str
    setup: Callable[..., S]
    roles: Callable[[S], list[str]]
    active: Callable[[S], list[str]]
    actions: Callable[[S, str], list[Action]]
    apply: Callable[[S, str, Any], None]
    view: Callable[[S, str | None], dict[str, Any]]
    result: Callable[[S], dict[str, Any] | None]
    scores: Callable[[S], dict[str, int]]
    checkpoint: Callable[[S], tuple[int, ...]]
    to_json: Callable[[S], bytes]
    from_json: Callable[[bytes | str], S]
    copy_state: Callable[[S], S]
    action_catalog: Callable[..., list[Action]]
    observation_size: Callable[..., int]
    observe: Callable[[dict[str, Any], str], Sequence[float]]
    determinize: Callable[[dict[str, Any], str | None, random.Random], S]
    info: Callable[[], dict[str, Any]]
    render: Callable[[dict[str, Any], str | None], str]
    machine: Machine[S]
    #: What the score counts, for reports ("legacy", "victory points").
    score_name: str = "score"
    #: (lowest, highest) final score a seat can have, for reward bounds.
    score_range: tuple[float, float] = (-100.0, 200.0)
    #: The most outcomes one random draw can have (OpenSpiel's chance bound).
    max_chance_outcomes: int = 64
    describe: Callable[[S, str, list[Action]], list[dict[str, Any]]] | None = None
    unavailable: Callable[[S, str], list[dict[str, Any]]] | None = None
    canonical_action: Callable[[Mapping[str, Any], str, Action], Action] | None = None
    #: ``role``'s view less the parts ``observe`` and ``canonical_action`` never read (text
    #: for people, derived conveniences): every key it has is the view's, with the view's
    #: value, so it shows nothing more. The research adapters build it on every step.
    observed_view: Callable[[S, str], dict[str, Any]] | None = None
    actual_action: Callable[[dict[str, Any], str, Action], Action] | None = None
    load_cards: Callable[[Path], Any] | None = None
    invariants: Callable[[S], list[str]] | None = None
    fuzz: FuzzProfile = field(default_factory=FuzzProfile)

    #: The package that exports this declaration as ``TITLE`` (how it pickles: by reference,
    #: so that processes and Ray workers get the same object).
    package: str = ""

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickle as a reference to ``package``'s ``TITLE`` when this is that declaration;
        otherwise (a variant made in a test) member by member."""
        if self.package and _exported(self.package) is self:
            return (_exported, (self.package,))
        return super().__reduce__()

    @property
    def NAME(self) -> str:
        """The title's id (the same as :attr:`name`)."""
        return self.name

    def perform(self, state: S, role: str, action: Action) -> None:
        """Apply ``action`` for ``role`` when it is known to be legal: one of
        ``actions(state, role)`` listed for this very state. The trusted fast path of
        searches and the research adapters: the same handlers, hooks and automatic steps as
        ``apply`` (one rules implementation), without listing the legal actions again to
        check. Anything not so listed is undefined behaviour: untrusted input goes through
        ``apply``."""
        self.machine.perform(state, role, action)

    @property
    def ending_verbs(self) -> frozenset[str]:
        """Verbs that end a turn, a phase or a step (bots and the fuzzer lean on them to
        move a game on), from the state machine's declarations."""
        return self.machine.ending(("turn", "phase", "step"))


def _exported(package: str) -> TitleSpec[Any]:
    """The ``TITLE`` that ``package`` exports."""
    spec = importlib.import_module(package).TITLE
    assert isinstance(spec, TitleSpec)
    return spec
