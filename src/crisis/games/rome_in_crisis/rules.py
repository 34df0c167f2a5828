"""Rome in Crisis through the engine contract: setup, roles, active, actions, apply, view,
result, checkpoint and the JSON round trip.

The rules live in the phase modules (draft, election, offices, crises, succession), which
register their prompts, verbs and automatic steps in :mod:`registry`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.engine.options import Option
from crisis.engine.options import describe as describe_options
from crisis.engine.rng import Seed
from crisis.games.rome_in_crisis import (  # noqa: F401  (modules register their steps)
    crises,
    data,
    draft,
    election,
    offices,
    succession,
    views,
)
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.registry import roles as roles
from crisis.games.rome_in_crisis.state import (
    ROLES,
    Options,
    Player,
    State,
    decode,
    encode,
    log,
)
from crisis.games.rome_in_crisis.words import table_words

NAME = "rome_in_crisis"
HAND_START = 2
#: The most outcomes one random draw can have: a shuffle of every card of the game.
MAX_CHANCE_OUTCOMES = data.INFLUENCE_CARDS + data.CANDIDATE_CARDS


def parse_options(options: dict[str, Any] | None) -> tuple[Options, data.CardSet]:
    """Check setup options; raise ValueError saying what is wrong."""
    try:
        opts = msgspec.convert(options or {}, Options)
    except msgspec.ValidationError as exc:
        raise ValueError(f"bad options: {exc}") from None
    if not 2 <= opts.players <= 4:
        raise ValueError(f"Rome in Crisis is for 2-4 players, not {opts.players}")
    roles = list(ROLES[: opts.players])
    if opts.dealer is not None and opts.dealer not in roles:
        raise ValueError(f"dealer must be one of {roles}, not {opts.dealer!r}")
    return opts, data.card_set(opts.cards)


def setup(seed: Seed, options: dict[str, Any] | None = None) -> State:
    """A new game (setup 1-2): the influence cards shuffled, two dealt to each player, and
    the dealer about to choose the first selection method. ``options``: ``players`` (2-4),
    ``dealer`` (first dealer's role, else drawn from the seed), ``cards`` (a card set)."""
    opts, cards = parse_options(options)
    rng = dice.new_rng(seed)
    n = opts.players
    deck = sorted(cards.influence)
    dice.shuffle(rng, deck)
    dealer = ROLES.index(opts.dealer) if opts.dealer else dice.randbelow(rng, n)
    players = [Player(role=r) for r in ROLES[:n]]
    for _ in range(HAND_START):
        for k in range(1, n + 1):
            players[(dealer + k) % n].hand.append(deck.pop(0))
    office_ids = [o for o in data.OFFICES if o != "legatus" or n > 2]
    state = State(
        options=opts,
        cards=cards,
        rng=rng,
        players=players,
        dealer=dealer,
        chooser=ROLES[dealer],
        faces={c: "a" for c in cards.candidates},
        deck=deck,
        pool=list(cards.candidates),
        offices={o: None for o in office_ids},
        step="choose_method",
    )
    log(state, f"{ROLES[dealer]} is the first dealer and deals two cards to each player")
    return state


def active(state: State) -> list[str]:
    """Who must act now (every player still choosing a face-down card while crises mount)."""
    return RULES.active(state)


def actions(state: State, role: str) -> list[Action]:
    """Every legal action for ``role`` now; empty when ``role`` may not act."""
    return RULES.actions(state, role)


def apply(state: State, role: str, action: Action | Any) -> None:
    """Perform ``action`` for ``role``; raise IllegalAction (changing nothing) if the game is
    over, the role may not act now or the action is not legal."""
    RULES.apply(state, role, action)


def view(state: State, role: str | None) -> dict[str, Any]:
    """What ``role`` may see (``None``: the public view)."""
    return views.view(state, role, active(state))


def observed_view(state: State, role: str) -> dict[str, Any]:
    """``role``'s view less what the observation never reads (``views.LEAN_OMITS``)."""
    return views.view(state, role, active(state), lean=True)


def result(state: State) -> dict[str, Any] | None:
    """Scores, ranking and winners once the game is over, else ``None``."""
    return succession.result(state)


def scores(state: State) -> dict[str, int]:
    """Each player's victory points so far, by role."""
    return {p.role: p.vp for p in state.players}


#: The setup options a client offers (``players`` is chosen with the seats).
OPTIONS: tuple[Option, ...] = (
    Option("dealer", "role", "First dealer", None, help="Default: drawn from the seed"),
    Option(
        "cards",
        "data",
        "Card set",
        None,
        help="A card set with the schema of data/cards.toml (default: the project's)",
    ),
)


def info() -> dict[str, Any]:
    """The title for a client: options and the default card set's names."""
    cards = data.DEFAULT
    return {
        "name": "Rome in Crisis",
        "players": [2, 4],
        "options": describe_options(OPTIONS),
        "note": (
            "Rick Heli's card game. Most candidate ratings, office bonuses and the deck "
            "make-up are the project's reconstruction (the printed card sheet is not "
            "available): they are marked provisional on the table."
        ),
        "methods": list(data.METHODS),
        "words": table_words(),
        "election_steps": list(election.ELECTION_STEPS),
        "suits": dict(cards.suit_names),
        "offices": {oid: o.name for oid, o in cards.offices.items()},
        "candidates": {cid: [c.a.name, c.b.name] for cid, c in cards.candidates.items()},
        "provisional_data": data.provisional(),
    }


def checkpoint(state: State) -> tuple[int, ...]:
    """Changes whenever the generator is used or hidden cards are revealed (undo barrier)."""
    return (state.rng.draws, state.reveals)


def to_json(state: State) -> bytes:
    """The state as JSON bytes."""
    return encode(state)


def from_json(raw: bytes | str) -> State:
    """A state from :func:`to_json`'s output."""
    return decode(raw)
