"""The contract every title implements: :class:`TitleSpec`, one typed declaration per title.

Each title package exports one, ``TITLE``; everything above the engine (server, bots, RL
adapters, CLI) reaches a title only through it (``crisis.games.get_title(name)``).

A declaration is its ``name`` and four parts, each read by the layers that need it:

* ``rules`` (:class:`Rules`): the game itself, the contract functions (``setup`` ...
  ``from_json``, ``copy_state``) and the state machine they run on (``machine``: its steps,
  verbs, flow and the trusted ``perform``), the view split for servers, the invariants
  every position keeps and the loading of another card set. Everything that plays or
  checks a game reads this part.
* ``presentation`` (:class:`Presentation`): what people see: the title's ``info`` for
  clients, a plain-text ``render`` of a view, its actions in words (``describe``,
  ``unavailable``), the score's name, the web ``board`` that draws it and its ``lessons``.
* ``research`` (:class:`Research`): what the research adapters and searching bots need to
  stay game-agnostic: a fixed action catalog and observation encoding, determinization,
  the view an observation reads, the canonical and actual forms of an action, the score's
  range and the bound on chance outcomes.
* ``bots`` (:class:`Bots`): what plays the title without a person: the module declaring
  its own bots, their default, strength levels and hint (``module``), and how the fuzzer
  and simulations exercise it (``fuzz``: verb weights, variants and the bots seated).

The optional members of each part are None (or empty) where a title has none. The layers
above read these members; they never probe a title by name, and no code above the titles
compares a title's name. A title's members never forward to one another: what the machine
declares (what a verb ends, the trusted fast path) is read from ``rules.machine``.

Hidden information (docs/randomness.md): every random draw comes from the generator kept in
the state (:mod:`crisis.engine.rng`), made by ``setup`` from the seed. **Views and logs may
show the results of draws, never anything from which unseen draws follow**: no view, log line
or error contains the generator's key or state, the seed, or the order of anything face down.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from crisis.engine.action import Action
from crisis.engine.machine import Machine, MachineState

#: A title's state type (each title's ``State`` struct): ``TitleSpec[State]`` links its
#: setup, view, apply and the rest, so that mypy checks a title's functions against one
#: another. Code above the titles holds a ``TitleSpec`` of any state.
S = TypeVar("S", bound=MachineState)

#: A title's invariants: the broken ones in a state, as sentences (empty: all hold).
Invariants = Callable[[Any], list[str]]
#: Setup options for (players, game index): a title's cycle of variants.
OptionsFor = Callable[[int, int], dict[str, Any]]


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
class ViewSplit(Generic[S]):
    """A title's view in two parts, so that a server showing one position to many watchers
    works out and encodes once what they all see alike: ``shared(state)``, the part that
    is the same for every role, and ``own(state, role)``, the rest (``None``: an observer).
    ``{**shared(state), **own(state, role)}`` encodes to the same JSON value as
    ``view(state, role)``, key order aside. ``shared``'s values may be the state's own
    structs rather than copies: encode it at once and never change it."""

    shared: Callable[[S], dict[str, Any]]
    own: Callable[[S, str | None], dict[str, Any]]


@dataclass(frozen=True)
class Rules(Generic[S]):
    """A title's game: the contract functions over its state type ``S`` and the state
    machine they run on (see :mod:`crisis.engine.machine`)."""

    #: A new game state for ``(seed, options)``; every random draw of the game comes from
    #: the generator made from the seed (:func:`crisis.engine.rng.new_rng`).
    setup: Callable[..., S]
    #: Every seat of this game, in turn order from the first seat.
    roles: Callable[[S], list[str]]
    #: The roles that may act now (several during simultaneous choices).
    active: Callable[[S], list[str]]
    #: Every legal action for a role now (empty if it may not act).
    actions: Callable[[S, str], list[Action]]
    #: Perform an action for a role; raise ``IllegalAction`` and change nothing if illegal.
    #: (An action known to be legal, listed for this very state, may go through
    #: ``machine.perform`` instead: the trusted fast path of searches and the research
    #: adapters, the same handlers without listing the legal actions again.)
    apply: Callable[[S, str, Any], None]
    #: What a role may see (``None``: an observer's public view).
    view: Callable[[S, str | None], dict[str, Any]]
    #: Final scores and ranking once the game is over, else ``None``.
    result: Callable[[S], dict[str, Any] | None]
    #: Each role's score so far: the standings of an abandoned game, a learner's progress.
    scores: Callable[[S], dict[str, int]]
    #: A value that changes whenever dice are rolled or hidden information is revealed.
    checkpoint: Callable[[S], tuple[int, ...]]
    #: The state as JSON, and back (an exact round trip).
    to_json: Callable[[S], bytes]
    from_json: Callable[[bytes | str], S]
    #: A deep copy of a state, equal to a JSON round trip (searching bots rely on it).
    copy_state: Callable[[S], S]
    #: The steps, verbs and flow the rules run on: what each step accepts
    #: (``machine.accepts``), what a verb ends (``machine.ending``), the trusted
    #: ``machine.perform``.
    machine: Machine[S]
    #: The view in a shared and an own part, for servers (see :class:`ViewSplit`).
    view_split: ViewSplit[S] | None = None
    #: What must hold of every position, checked by the fuzzer (see :data:`Invariants`).
    invariants: Callable[[S], list[str]] | None = None
    #: Reads another card set from a folder (for setups with designers' cards).
    load_cards: Callable[[Path], Any] | None = None


@dataclass(frozen=True)
class Presentation(Generic[S]):
    """What people see of a title: its description for clients, its views as text, its
    actions in words, its board and its lessons."""

    #: What a client needs to offer and draw the title: ``name`` (for people), ``players``
    #: ([min, max]), ``options`` (:mod:`crisis.engine.options`), optionally ``note`` and the
    #: names of its pieces, all JSON-simple.
    info: Callable[[], dict[str, Any]]
    #: The view as plain text for terminals and text-mode environments.
    render: Callable[[dict[str, Any], str | None], str]
    #: Each legal action in words: its label, cost and notes (a client shows these).
    describe: Callable[[S, str, list[Action]], list[dict[str, Any]]] | None = None
    #: The actions a role could take with more to spend, each with why not now (greyed).
    unavailable: Callable[[S, str], list[dict[str, Any]]] | None = None
    #: What the score counts, for reports ("legacy", "victory points").
    score_name: str = "score"
    #: The web board that draws the title: its key in ``web/js/boards/index.js`` (sent as
    #: ``board`` in ``/api/meta``). Empty: none (a table of it shows the default title's).
    board: str = ""
    #: The folder of the title's package that holds its lessons (one TOML file each, read by
    #: :mod:`crisis.engine.lessons`). Empty: the title ships none.
    lessons: str = ""


@dataclass(frozen=True)
class Research(Generic[S]):
    """What the research adapters (:mod:`crisis.rl`) and searching bots need: fixed-size
    encodings of actions and views, and full states drawn to match a view."""

    #: Every action that can ever be legal in a game with the given options, in a fixed
    #: order derived from the title's data: an action's index is its id for a policy network.
    action_catalog: Callable[..., list[Action]]
    #: The length of ``observe``'s vector for games with the given options.
    observation_size: Callable[..., int]
    #: A role's view as a fixed-size vector of numbers (it reads only the view).
    observe: Callable[[dict[str, Any], str], Sequence[float]]
    #: A full state that shows a role exactly the given view; hidden parts drawn from rng.
    determinize: Callable[[dict[str, Any], str | None, random.Random], S]
    #: ``role``'s view less the parts ``observe`` and ``canonical_action`` never read (text
    #: for people, derived conveniences): every key it has is the view's, with the view's
    #: value, so it shows nothing more. The research adapters build it on every step.
    observed_view: Callable[[S, str], dict[str, Any]] | None = None
    #: The same vector as ``observe`` of ``observed_view(state, role)``, read from the
    #: state without building the view (the adapters' fast path; None: they build the view).
    #: A title that declares it tests that the two agree on every seat of random games.
    observe_state: Callable[[S, str], Sequence[float]] | None = None
    #: An action as the catalog numbers it, given the view it was listed in (None: the
    #: action itself).
    canonical_action: Callable[[Mapping[str, Any], str, Action], Action] | None = None
    #: The part of ``role``'s view that ``canonical_action`` reads, built from the state
    #: (None: the adapters pass ``observed_view``); every key it has is the view's, with the
    #: view's value.
    canonical_view: Callable[[S, str], dict[str, Any]] | None = None
    #: The legal action a catalog entry stands for in a view (the inverse of
    #: ``canonical_action``; None: the entry itself).
    actual_action: Callable[[dict[str, Any], str, Action], Action] | None = None
    #: (lowest, highest) final score a seat can have, for reward bounds.
    score_range: tuple[float, float] = (-100.0, 200.0)
    #: The most outcomes one random draw can have (OpenSpiel's chance bound).
    max_chance_outcomes: int = 64


@dataclass(frozen=True)
class Bots:
    """What plays a title without a person: its own bots and how machine play exercises
    it."""

    #: The module that declares what the title brings for play against the machine: its own
    #: bots, the one a new table offers by default, its strength levels and its hint (it
    #: exports ``BOTS``, a :class:`crisis.ai.support.TitleBots`). A dotted path, imported on
    #: first use by :func:`crisis.ai.support.title_bots`: bots import the rules, so the rules
    #: never import them. Empty: the generic bots of :mod:`crisis.ai` alone.
    module: str = ""
    #: How the fuzzer and simulations play it (verb weights, variants, the bots seated).
    fuzz: FuzzProfile = field(default_factory=FuzzProfile)


@dataclass(frozen=True)
class TitleSpec(Generic[S]):
    """One title, declared: its name and its four parts (see the module docstring), over
    the title's state type ``S`` (``TitleSpec[State]``: setup makes an ``S``, apply, view
    and the rest take one). ``crisis.games.get_title`` returns these; mypy checks every
    member."""

    #: The title's id, e.g. ``"time_of_crisis"`` (how ``get_title`` finds it; records and
    #: tables store it). Only ``crisis.games`` looks titles up by it.
    name: str
    #: The game: contract functions and state machine.
    rules: Rules[S]
    #: What people see: info, text, actions in words, board, lessons.
    presentation: Presentation[S]
    #: Encodings and determinization for the research adapters and searches.
    research: Research[S]
    #: Its own bots and its fuzz profile.
    bots: Bots = field(default_factory=Bots)
    #: The package that exports this declaration as ``TITLE`` (how it pickles: by reference,
    #: so that processes and Ray workers get the same object).
    package: str = ""

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickle as a reference to ``package``'s ``TITLE`` when this is that declaration;
        otherwise (a variant made in a test) member by member."""
        if self.package and _exported(self.package) is self:
            return (_exported, (self.package,))
        return super().__reduce__()


def _exported(package: str) -> TitleSpec[Any]:
    """The ``TITLE`` that ``package`` exports."""
    spec = importlib.import_module(package).TITLE
    assert isinstance(spec, TitleSpec)
    return spec
