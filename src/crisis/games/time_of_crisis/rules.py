"""Time of Crisis through the engine contract: setup, active, actions, apply, view, result.

This module is the title's public face; the rules themselves live in the phase, action,
combat and crisis modules, which register their prompts and verbs in :mod:`registry`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.engine.options import Option
from crisis.engine.options import describe as describe_options
from crisis.engine.rng import Seed
from crisis.games.time_of_crisis import (  # noqa: F401  (modules register their verbs)
    cards,
    combat,
    data,
    expansion,
    market,
    military,
    phases,
    populace,
    scoring,
    senate,
    views,
)
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.registry import roles as roles
from crisis.games.time_of_crisis.state import (
    ROLES,
    Options,
    Player,
    Province,
    State,
    Tribe,
    decode,
    encode,
)

NAME = "time_of_crisis"
#: Free moves across a capital's threshold (Ruling 48 limits their repetition).
_THRESHOLD_VERBS = frozenset({"enter_capital", "leave_capital"})


def setup(seed: Seed, options: dict[str, Any] | None = None) -> State:
    """A new game: components laid out (RULES 3.1, 3.3) and the first player choosing a
    province. ``options``: ``players`` (2-4), ``short_game`` (40 legacy), ``first_player``,
    ``expansion_cards``, ``market`` (fixed/variable/selective), ``selection`` (slot ->
    base/expansion for the selective market) and ``emperor_rules``; see :class:`Options`."""
    try:
        opts = msgspec.convert(options or {}, Options)
    except msgspec.ValidationError as exc:
        raise ValueError(f"bad options: {exc}") from None
    n = opts.players
    if not 2 <= n <= 4:
        raise ValueError(f"Time of Crisis is for 2-4 players, not {n}")
    roles = list(ROLES[:n])
    if opts.first_player is not None and opts.first_player not in roles:
        raise ValueError(f"first_player must be one of {roles}, not {opts.first_player!r}")
    _check_market_options(opts)
    rng = dice.new_rng(seed)  # Ruling 33: an integer seed becomes a key through SHA-256
    supply, stacks = _market(opts, rng)
    players = [
        Player(
            role=r,
            available=list(data.STARTING_CARDS),
            governors_unclaimed=list(data.LEADER_COSTS),
            generals_unclaimed=list(data.LEADER_COSTS),
        )
        for r in roles
    ]
    npg = data.NO_PLACE_GOVERNOR[n]
    provinces = {
        name: Province(governor=None, support=1, no_place_governor=name in npg)
        for name in data.PROVINCES
    }
    removed = data.REMOVED_TRIBES[n]
    tribes = {
        t: Tribe(
            inactive=0 if t in removed else data.BARBARIANS_PER_TRIBE, in_game=t not in removed
        )
        for t in data.TRIBES
    }
    others = [e for e in data.EVENTS if e != "diocletian"]
    dice.shuffle(rng, others)
    bottom = [*others[:3], "diocletian"]
    dice.shuffle(rng, bottom)
    deck = others[3:] + bottom
    first = roles.index(opts.first_player) if opts.first_player else dice.randbelow(rng, n)
    state = State(
        options=opts,
        rng=rng,
        players=players,
        provinces=provinces,
        tribes=tribes,
        supply=supply,
        stacks=stacks,
        event_deck=deck,
        first=first,
        current=first,
    )
    state.log.append(f"{roles[first]} is the first player")
    return state


def _check_market_options(opts: Options) -> None:
    if opts.market not in data.MARKETS:
        raise ValueError(f"market must be one of {', '.join(data.MARKETS)}, not {opts.market!r}")
    if opts.market != "fixed" and not opts.expansion_cards:
        raise ValueError(f"the {opts.market} market needs expansion_cards")
    if opts.selection and opts.market != "selective":
        raise ValueError("selection is only used with the selective market")
    for slot, choice in opts.selection.items():
        if slot not in data.CATEGORIES:
            raise ValueError(f"selection slot {slot!r} is not one of {', '.join(data.CATEGORIES)}")
        if choice not in ("base", "expansion"):
            raise ValueError(f"selection for {slot} must be 'base' or 'expansion', not {choice!r}")


def _market(opts: Options, rng: dice.Rng) -> tuple[dict[str, int], dict[str, list[str]]]:
    """The cards on offer (expansion 2.1): open stacks as counts, or shuffled face-down
    stacks per slot for the variable market."""
    base = list(data.SUPPLY_CARDS)
    if not opts.expansion_cards:
        return {cid: data.INFLUENCE[cid].count for cid in base}, {}
    base = [data.REPLACEMENTS.get(cid, cid) for cid in base]
    kinds = base + list(data.EXPANSION_CARDS)
    if opts.market == "selective":
        kinds = []
        for slot in data.CATEGORIES:
            choice = opts.selection.get(slot) or ("base", "expansion")[dice.randbelow(rng, 2)]
            pool = base if choice == "base" else list(data.EXPANSION_CARDS)
            kinds += [cid for cid in pool if data.INFLUENCE[cid].category == slot]
    if opts.market != "variable":
        return {cid: data.INFLUENCE[cid].count for cid in kinds}, {}
    stacks: dict[str, list[str]] = {}
    for slot in data.CATEGORIES:
        stack = [
            cid
            for cid in kinds
            if data.INFLUENCE[cid].category == slot
            for _ in range(data.INFLUENCE[cid].count)
        ]
        dice.shuffle(rng, stack)
        stacks[slot] = stack
    return {}, stacks


_EXPANSION_ONLY = "needs expansion cards"
#: The setup options a client offers (``players`` is chosen with the seats).
OPTIONS: tuple[Option, ...] = (
    Option(
        "short_game",
        "bool",
        f"Short game (ends at {data.SHORT_GAME_LEGACY} legacy)",
        False,
        help=f"The last round starts at {data.SHORT_GAME_LEGACY} legacy instead of "
        f"{data.GAME_END_LEGACY}",
    ),
    Option("expansion_cards", "bool", "Age of Iron and Rust cards", False),
    Option(
        "market",
        "choice",
        "Market",
        data.MARKETS[0],
        choices=(
            ("fixed", "fixed (all stacks open)"),
            ("variable", f"variable ({_EXPANSION_ONLY})"),
            ("selective", f"selective ({_EXPANSION_ONLY})"),
        ),
    ),
    Option("emperor_rules", "bool", "Optional Emperor rules", False),
    Option("first_player", "role", "First player", None, help="Default: drawn from the seed"),
    Option(
        "selection",
        "data",
        "Selective market slots",
        {},
        help="For the selective market: slot (red2 ... yellow4) to base or expansion",
    ),
)


def info() -> dict[str, Any]:
    """The title for a client: options, and the names of provinces, cards and events."""
    return {
        "name": "Time of Crisis",
        "players": [2, 4],
        "options": describe_options(OPTIONS),
        "provinces": list(data.PROVINCES),
        "seas": list(data.SEAS),
        "tribes": list(data.TRIBES),
        # Which tribe each barbarian leader leads (the map draws him in its colour).
        "leaders": dict(data.BARBARIAN_LEADERS),
        "adjacent": [[a, b] for a in data.REGIONS for b in sorted(data.ADJACENT[a]) if a < b],
        "cards": {
            cid: {
                "name": c.name,
                "suit": c.suit,
                "value": c.value,
                "text": c.text,
                "provisional": "RECONSTRUCTED" in c.tag,
            }
            for cid, c in data.INFLUENCE.items()
        },
        "events": {eid: e.name for eid, e in data.EVENTS.items()},
        "event_cards": {
            eid: {
                "name": e.name,
                "text": e.text,
                "lasting": e.lasting,
                "provisional": "RECONSTRUCTED" in e.tag,
            }
            for eid, e in data.EVENTS.items()
        },
        "provisional_data": data.provisional(),
        # The pile each verb that names a card takes it from (any other: the hand), so that
        # the table offers it on that pile; a card taken from the discard pile leaves the
        # game, and the table asks before it does.
        "card_piles": {"buy": "market", "choose_card": "available", "trash": "discard"},
        # Names and sentences the table shows, so that it keeps no wording of its own.
        "words": {"spheres": dict(data.SPHERE), "price_rule": market.PRICE_RULE},
    }


def _free_capitals(state: State, role: str, action: Action) -> None:
    if action.verb not in _THRESHOLD_VERBS:
        state.turn.crossed.clear()  # Ruling 48: any other action frees the capitals again


RULES.after.append(_free_capitals)


def active(state: State) -> list[str]:
    """Who must act now: the current player, every player with a secret card choice, or
    the player deciding something in a battle."""
    return RULES.active(state)


def actions(state: State, role: str) -> list[Action]:
    """Every legal action for ``role`` now; empty when ``role`` may not act."""
    return RULES.actions(state, role)


def apply(state: State, role: str, action: Action | Any) -> None:
    """Perform ``action`` for ``role``. Raises :class:`IllegalAction` (and changes nothing)
    if the game is over, ``role`` may not act now, or the action is not legal."""
    RULES.apply(state, role, action)


def view(state: State, role: str | None) -> dict[str, Any]:
    """What ``role`` may see (``None``: the public view)."""
    return views.view(state, role, active(state))


def shared_view(state: State) -> dict[str, Any]:
    """The part of every role's view that is the same whoever looks (``views.shared``)."""
    return views.shared(state, active(state))


def own_view(state: State, role: str | None) -> dict[str, Any]:
    """The rest of ``role``'s view beside :func:`shared_view` (``views.own``)."""
    return views.own(state, role)


def observed_view(state: State, role: str) -> dict[str, Any]:
    """``role``'s view less what the observation never reads (``views.LEAN_OMITS``)."""
    return views.view(state, role, active(state), lean=True)


def result(state: State) -> dict[str, Any] | None:
    """Final scores, ranking and winner once the game is over, else ``None``."""
    return scoring.result(state)


def scores(state: State) -> dict[str, int]:
    """Each player's legacy so far, by role."""
    return {p.role: p.legacy for p in state.players}


def checkpoint(state: State) -> tuple[int, ...]:
    """Changes when dice are rolled or hidden information is revealed (undo barrier)."""
    return (state.rng.draws, state.reveals)


def to_json(state: State) -> bytes:
    """The state as JSON bytes."""
    return encode(state)


def from_json(raw: bytes | str) -> State:
    """A state from :func:`to_json`'s output, or one written by an older version (its
    ``phase``, which this version derives from the steps, is dropped)."""
    return decode(raw)
