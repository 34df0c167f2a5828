"""The Rome in Crisis game state: msgspec structs that round-trip exactly through JSON.

Seats are listed clockwise, so the player to a seat's left is the next one in the list.
Small queries every rules module needs (who owns a candidate, his face, seat order from the
dealer) live here too; rules that change the state live in the phase modules.

The two sub-procedures (a crisis addressed, an office handed out) keep their data in frames
on the call stack (:class:`~crisis.engine.machine.Frame`): :class:`Address` and
:class:`Appointment`. ``state.address``, ``state.placing`` and ``state.appointee`` read
them; a state saved before they moved into frames is moved into them when read
(:func:`decode`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from crisis.engine.copying import copier
from crisis.engine.machine import Frame, running
from crisis.engine.rng import Rng
from crisis.games.rome_in_crisis.data import CardSet, Face, interned
from crisis.games.rome_in_crisis.printed import printed

ROLES = ("green", "blue", "yellow", "red")


class Options(msgspec.Struct, forbid_unknown_fields=True):
    """Setup options: ``players`` (2-4), ``dealer`` (the first dealer's role; default drawn
    from the seed) and ``cards`` (a card set with the schema of data/cards.toml)."""

    players: int = 4
    dealer: str | None = None
    cards: dict[str, Any] | None = None


class Player(msgspec.Struct):
    """A seat: hand (hidden from others), candidates in play and victory points."""

    role: str
    hand: list[str] = msgspec.field(default_factory=list)
    candidates: list[str] = msgspec.field(default_factory=list)
    vp: int = 0


class Auction(msgspec.Struct):
    """The Emperor election in progress: nominees by role, who dropped out in order, the
    bidder whose turn it is and the cards he has put down so far this bid."""

    nominees: dict[str, str] = msgspec.field(default_factory=dict)
    dropped: list[str] = msgspec.field(default_factory=list)
    nominating: list[str] = msgspec.field(default_factory=list)
    eligible_all: bool = False
    bidder: str | None = None
    bid: list[str] = msgspec.field(default_factory=list)


class Address(Frame, tag="address"):
    """The procedure of the Emperor or the Legatus dealing with a crisis (steps
    ``address``/``legatus`` to ``discard``): ``who`` is ``emperor`` or ``legatus``, ``role``
    the acting player, ``played`` the cards used now, ``total`` the strength once fixed,
    ``picked`` the crisis cards chosen for discarding so far and ``target`` the sum the
    discarded cards reach."""

    who: str
    role: str
    crisis: str | None = None
    played: list[str] = msgspec.field(default_factory=list)
    cancelled: list[str] = msgspec.field(default_factory=list)
    cancels: int = 0  # R19: Trebonianus Gallus's Gold cards still to cancel a Goths card
    total: int = 0
    target: int = 0
    picked: list[str] = msgspec.field(default_factory=list)


class Appointment(Frame, tag="appoint"):
    """The procedure of handing out an office (step ``appoint``): the ``office`` being
    handed out and the ``role`` choosing which of his candidates takes it."""

    office: str
    role: str


#: A frame on Rome in Crisis's call stack.
Procedure = Address | Appointment

#: Where each procedure returns: the Emperor's address of a crisis to the Legatus's war, the
#: Legatus's to the Emperor's death roll (by ``Address.who``); an appointment to the next
#: office.
ADDRESS_RETURNS = {"emperor": "legatus_start", "legatus": "death"}
APPOINTMENT_RETURNS = "office_next"


def procedures(
    address: Address | None, placing: str | None, appointee: str | None
) -> list[Procedure]:
    """The call stack of a position from its procedures' data as a view (or a state saved
    before the frames) shows it: an address, or the office being handed out and who
    chooses its holder, each returning where its caller returns it."""
    if address is not None:
        address.then = ADDRESS_RETURNS[address.who]
        return [address]
    if placing is not None and appointee is not None:
        return [Appointment(office=placing, role=appointee, then=APPOINTMENT_RETURNS)]
    return []


class State(msgspec.Struct):
    """Everything about one game. ``step`` names the prompt or automatic step now due."""

    options: Options
    cards: CardSet
    rng: Rng
    players: list[Player]
    dealer: int
    method: str | None = None
    chooser: str | None = None  # the role choosing the selection method or the next dealer
    faces: dict[str, str] = msgspec.field(default_factory=dict)  # candidate -> "a" / "b"
    deck: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    removed: list[str] = msgspec.field(default_factory=list)
    pool: list[str] = msgspec.field(default_factory=list)  # setup draft: A sides on offer
    revealed: list[str] = msgspec.field(default_factory=list)
    order: list[str] = msgspec.field(default_factory=list)  # who drafts / takes next
    played_on: dict[str, list[str]] = msgspec.field(default_factory=dict)
    offices: dict[str, str | None] = msgspec.field(default_factory=dict)
    pending: list[str] = msgspec.field(default_factory=list)  # offices to hand out
    received: list[str] = msgspec.field(default_factory=list)
    # R8: players who kept their candidates' offices rather than take the one being placed
    declined: list[str] = msgspec.field(default_factory=list)
    crises: dict[str, list[str]] = msgspec.field(default_factory=dict)
    loose_gold: list[str] = msgspec.field(default_factory=list)
    chosen: dict[str, str] = msgspec.field(default_factory=dict)  # face-down crisis cards
    auction: Auction | None = None
    emperor: str | None = None  # the Emperor candidate this turn
    last_emperor: str | None = None  # role of the most recent Emperor's player
    removals: int = 0
    turn: int = 0
    step: str = "choose_method"
    # the sub-procedures in progress, innermost last (engine.machine)
    stack: list[Procedure] = msgspec.field(default_factory=list)
    reveals: int = 0
    version: int = 0
    log: list[str] = msgspec.field(default_factory=list)
    final: dict[str, Any] | None = None

    @property
    def address(self) -> Address | None:
        """The crisis being addressed (its procedure's frame), if any."""
        return running(self, Address)

    @property
    def placing(self) -> str | None:
        """The office being handed out, if any."""
        a = running(self, Appointment)
        return a.office if a is not None else None

    @property
    def appointee(self) -> str | None:
        """The role choosing which of his candidates takes the office being handed out."""
        a = running(self, Appointment)
        return a.role if a is not None else None


class _Before(msgspec.Struct):
    """Where a state saved before the procedures' frames kept their data."""

    address: Address | None = None
    placing: str | None = None
    appointee: str | None = None


#: A key of states saved before the frames (a JSON string never holds it unescaped): only
#: a state holding it is read for them.
_BEFORE_FRAMES = b'"appointee":'


def encode(state: State) -> bytes:
    """The state as JSON bytes."""
    return msgspec.json.encode(state)


def decode(raw: bytes | str) -> State:
    """A state from :func:`encode`'s output (holding the default card set itself when its
    cards are the default ones, so that what is derived from them is found again), or from
    a state saved before the procedures' data moved into frames: its ``address``,
    ``placing`` and ``appointee`` become the frames on its stack."""
    state = msgspec.json.decode(raw, type=State)
    state.cards = interned(state.cards)
    old_key = _BEFORE_FRAMES in raw if isinstance(raw, bytes) else _BEFORE_FRAMES.decode() in raw
    if old_key:
        old = msgspec.json.decode(raw, type=_Before)  # reads only these top-level keys
        if old.address is not None or old.placing is not None:
            state.stack = procedures(old.address, old.placing, old.appointee)
    return state


#: A deep copy, exactly like the JSON round trip, written from the struct declarations
#: (:mod:`crisis.engine.copying`); the card set, frozen data, is shared. Searching bots and
#: the research adapters copy states all the time.
copy_state: Callable[[State], State] = copier(State, frozenset({"cards"}))


def log(state: State, line: str) -> None:
    """Add a public line to the game log."""
    state.log.append(line)


def player(state: State, role: str) -> Player:
    """The seat of ``role``."""
    for p in state.players:
        if p.role == role:
            return p
    raise KeyError(role)


def seat(state: State, role: str) -> int:
    """The seat index of ``role``."""
    return next(i for i, p in enumerate(state.players) if p.role == role)


def from_left_of(state: State, index: int) -> list[str]:
    """Roles clockwise starting with the player left of seat ``index`` (that seat last)."""
    n = len(state.players)
    return [state.players[(index + k) % n].role for k in range(1, n + 1)]


def dealer_role(state: State) -> str:
    """The dealer's role."""
    return state.players[state.dealer].role


def clockwise_from_dealer(state: State) -> list[str]:
    """Roles clockwise from the dealer's left, the dealer last."""
    return from_left_of(state, state.dealer)


def owner(state: State, cand: str) -> str | None:
    """The role whose candidate ``cand`` is (``None`` if not in play)."""
    for p in state.players:
        if cand in p.candidates:
            return p.role
    return None


def face(state: State, cand: str) -> Face:
    """The face a candidate card shows now."""
    card = state.cards.candidates[cand]
    return card.b if state.faces.get(cand) == "b" else card.a


def office_of(state: State, cand: str) -> str | None:
    """The office ``cand`` holds, if any."""
    for office, holder in state.offices.items():
        if holder == cand:
            return office
    return None


def in_play(state: State) -> list[str]:
    """Every candidate in play, seat by seat."""
    return [c for p in state.players for c in p.candidates]


def value(state: State, card: str) -> int:
    """An influence card's value."""
    return state.cards.influence[card].value


def suit(state: State, card: str) -> str:
    """An influence card's suit."""
    return state.cards.influence[card].suit


def is_candidate(state: State, card: str) -> bool:
    """Whether a card id is a candidate card."""
    return card in state.cards.candidates


def card_name(state: State, card: str) -> str:
    """A readable name: "Goths 4" or a candidate's face name."""
    if card in state.cards.candidates:
        return face(state, card).name
    return printed(state.cards).names[card]
