"""The Time of Crisis game state: plain data (msgspec structs) that round-trips through JSON.

Only data lives here, plus the small queries every rules module needs (who governs what,
which armies stand where). Rules that change the state live in the phase and action modules.

The sub-procedures of Take Actions keep their data in frames on the call stack
(:class:`~crisis.engine.machine.Frame`): a :class:`Battle` (with the :class:`Reward` its
winner chooses), an :class:`Occupation` and a :class:`Demagogue`'s discards; Frumentarii and
the Emperor's placement have no data of their own (:class:`~crisis.engine.machine.Call`).
``state.battle``, ``state.reward`` and ``state.occupy`` read them; a state saved before they
moved into frames is moved into them when read (:func:`decode`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from crisis.engine.copying import copier
from crisis.engine.machine import Call, Frame, running
from crisis.engine.rng import Rng
from crisis.games.time_of_crisis import data

NEUTRAL = "neutral"
ROLES = ("green", "blue", "yellow", "red")


class Options(msgspec.Struct, forbid_unknown_fields=True):
    """Options chosen at setup.

    ``expansion_cards`` adds the Age of Iron and Rust cards (and its Damnatio Memoriae);
    ``market`` is how they are offered: ``fixed`` (every stack open), ``variable`` (one
    shuffled face-down stack per suit and value, top card buyable) or ``selective`` (base or
    expansion card per slot, from ``selection`` or at random). ``emperor_rules`` turns on the
    optional Emperor rules (Senate, Populace and Military Emperors).
    """

    players: int = 4
    short_game: bool = False
    first_player: str | None = None
    expansion_cards: bool = False
    market: str = "fixed"
    selection: dict[str, str] = msgspec.field(default_factory=dict)
    emperor_rules: bool = False


class EmperorToken(msgspec.Struct):
    """Where the Emperor stands under the optional Emperor rules (expansion 3).

    ``kind`` is ``senate`` (in Italia), ``populace`` (on a Governor in ``province``) or
    ``military`` (with the General of ``army``).
    """

    owner: str
    kind: str
    province: str | None = None
    army: int | None = None


class Army(msgspec.Struct):
    """A General and the units stacked with him (a lone Militia is not an Army struct)."""

    id: int
    owner: str
    region: str
    capital: bool = False
    full: int = 1
    reduced: int = 0
    foederati: dict[str, int] = msgspec.field(default_factory=dict)
    castra: bool = False
    battled: bool = False

    @property
    def legions(self) -> int:
        """Legions of either strength."""
        return self.full + self.reduced

    @property
    def barbarians(self) -> int:
        """Foederati in the army."""
        return sum(self.foederati.values())


class Province(msgspec.Struct):
    """A province: its governor (a role, ``neutral`` or ``None``), support and counters."""

    governor: str | None
    support: int
    mobs: int = 0
    militia: bool = False
    improvements: list[str] = msgspec.field(default_factory=list)
    quaestor: bool = False
    pretender: str | None = None
    seat: bool = False
    no_place_governor: bool = False
    active: dict[str, int] = msgspec.field(default_factory=dict)
    inactive: dict[str, int] = msgspec.field(default_factory=dict)


class Tribe(msgspec.Struct):
    """A barbarian tribe's counters still in its homeland."""

    active: int = 0
    inactive: int = 0
    in_game: bool = True


class Player(msgspec.Struct):
    """One seat: cards, leaders, score and pending bonuses."""

    role: str
    hand: list[str] = msgspec.field(default_factory=list)
    available: list[str] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)
    legacy: int = 0
    emperor_turns: int = 0
    turns: int = 0
    governors_unclaimed: list[int] = msgspec.field(default_factory=list)
    governors_ready: int = 0
    generals_unclaimed: list[int] = msgspec.field(default_factory=list)
    generals_ready: int = 0
    trophies: list[str] = msgspec.field(default_factory=list)
    ludi: bool = False
    # Public history (buying and trashing are open actions): what determinization needs to
    # know the make-up of another player's deck without seeing it.
    bought: list[str] = msgspec.field(default_factory=list)
    trashed: list[str] = msgspec.field(default_factory=list)


class Turn(msgspec.Struct):
    """Scratch data for the player turn in progress; reset at every Upkeep."""

    pool: dict[str, int] = msgspec.field(default_factory=lambda: dict.fromkeys(data.SUITS, 0))
    played: list[str] = msgspec.field(default_factory=list)
    events: list[str] = msgspec.field(default_factory=list)
    targeted: list[str] = msgspec.field(default_factory=list)
    recalled: list[str] = msgspec.field(default_factory=list)
    bought: int = 0
    political: int = 0
    discounts: list[str] = msgspec.field(default_factory=list)
    damnatio: str | None = None
    flanking: bool = False
    cavalry: bool = False
    spiculum: bool = False
    princeps: bool = False
    ambitus: int = 0
    mobile_vulgus: bool = False
    triumph: int = 0
    battle_legacy: int = 0
    was_emperor: bool = False
    # Ruling 48: armies that entered or left their capital since their owner's last other
    # action; they may not cross that threshold again until he does something else.
    crossed: list[int] = msgspec.field(default_factory=list)
    # Ruling 50: provinces whose lone Militia has fought this turn (it may not attack again).
    militia_battled: list[str] = msgspec.field(default_factory=list)


#: ``Battle.attacker`` when a lone Militia attacks (no army has this id; ruling 50).
MILITIA_ATTACKER = -1


class Reward(msgspec.Struct):
    """A reward the winner of a battle chooses for a barbarian leader or Rival Emperor he
    removed (ruling 15): ``role`` chooses, ``figure`` is the one removed, ``suit`` the suit of
    the discount, ``options`` what he may take (``support`` where allowed, ``discount``).

    Saved states hold the same keys as a plain object, which reads as this struct."""

    role: str
    figure: str
    suit: str
    options: list[str]


class Battle(Frame, tag="battle"):
    """The procedure of a battle (step ``battle``): who fights, the dice and the hits still to
    allocate, and the ``reward`` its winner chooses now, if any.

    ``defender`` is an army id (``kind == "army"``), a tribe name (``"tribe"``), a Rival
    Emperor's name (``"rival"``) or a province name for a lone Militia (``"militia"``).
    ``attacker`` is an army id, or :data:`MILITIA_ATTACKER` when the lone Militia of the
    province ``region`` started the battle (ruling 50); ``attacker_owner`` then names its
    Governor.
    """

    attacker: int
    kind: str
    defender: str | int
    region: str
    defender_owner: str | None = None
    attacker_rolls: list[int] = msgspec.field(default_factory=list)
    defender_rolls: list[int] = msgspec.field(default_factory=list)
    flanking: bool = False
    cavalry: bool = False
    spiculum: bool = False
    defender_rolled: bool = False
    emperor_died: bool = False
    hits_on_attacker: int = 0
    hits_on_defender: int = 0
    to_allocate_attacker: int = 0
    to_allocate_defender: int = 0
    barbarians_removed: int = 0
    leaders_removed: list[str] = msgspec.field(default_factory=list)
    rivals_removed: list[str] = msgspec.field(default_factory=list)
    defender_was_in_capital: bool = False
    stage: str = "roll"
    winner: str | None = None
    attacker_owner: str | None = None
    reward: Reward | None = None


class Occupation(Frame, tag="occupy"):
    """The procedure of occupying a Pretender's capital (step ``occupy``): the ``province``
    whose capital the current player's army holds."""

    province: str


class Demagogue(Frame, tag="demagogue"):
    """The procedure of the Demagogue's discards (step ``demagogue``): how many cards each
    other player still discards (``choosing``, as the secret card choices count theirs)."""

    choosing: dict[str, int] = msgspec.field(default_factory=dict)


#: A frame on Time of Crisis's call stack.
Procedure = Battle | Occupation | Demagogue | Call

#: Where every procedure returns: each is called from Take Actions.
RETURNS = "actions"


def procedures(
    step: str,
    returns: list[str],
    battle: Battle | None,
    reward: Reward | None,
    occupy: str | None,
    choosing: dict[str, int],
) -> tuple[list[Procedure], dict[str, int]]:
    """The call stack of a position from its procedures' data as a view (or a state saved
    before the frames) shows it: the step now due, the steps the procedures return to
    (a state saved before the stack was kept has none: a procedure returns to Take
    Actions), the battle and its reward, the occupied province and the cards still to
    choose. Also the secret card choices that are no procedure's (``choosing`` outside the
    Demagogue's discards)."""
    if step not in _PROCEDURE_STEPS:
        return [Call(then=then) for then in returns], choosing
    then = returns[-1] if returns else RETURNS
    outer: list[Procedure] = [Call(then=t) for t in returns[:-1]]
    if step == "battle" and battle is not None:
        battle.reward, battle.then = reward, then
        return [*outer, battle], choosing
    if step == "occupy" and occupy is not None:
        return [*outer, Occupation(province=occupy, then=then)], choosing
    if step == "demagogue":
        return [*outer, Demagogue(choosing=choosing, then=then)], {}
    return [*outer, Call(then=then)], choosing


#: The step each procedure begins at (and, but for a battle's, its only step).
_PROCEDURE_STEPS = frozenset({"battle", "occupy", "demagogue", "frumentarii", "emperor"})


class State(msgspec.Struct):
    """The whole game. ``step`` names the prompt that the active roles must answer."""

    options: Options
    rng: Rng
    players: list[Player]
    provinces: dict[str, Province]
    tribes: dict[str, Tribe]
    supply: dict[str, int]
    event_deck: list[str]
    stacks: dict[str, list[str]] = msgspec.field(default_factory=dict)
    emperor_token: EmperorToken | None = None
    peek: list[str] = msgspec.field(default_factory=list)
    first: int = 0
    current: int = 0
    step: str = "choose_province"
    # the sub-procedures in progress, innermost last (engine.machine)
    stack: list[Procedure] = msgspec.field(default_factory=list)
    round: int = 1
    armies: list[Army] = msgspec.field(default_factory=list)
    next_army: int = 1
    leaders: dict[str, str] = msgspec.field(default_factory=dict)
    rivals: dict[str, str] = msgspec.field(default_factory=dict)
    events_drawn: list[str] = msgspec.field(default_factory=list)
    lasting: str | None = None
    turn: Turn = msgspec.field(default_factory=Turn)
    # the secret card choices of the setup hands and the refills (a Demagogue's are in its
    # frame: see choices())
    choosing: dict[str, int] = msgspec.field(default_factory=dict)
    last_round: bool = False
    ended: str | None = None
    final: dict[str, Any] | None = None
    reveals: int = 0
    version: int = 0
    log: list[str] = msgspec.field(default_factory=list)

    @property
    def battle(self) -> Battle | None:
        """The battle in progress (its procedure's frame), if any."""
        return running(self, Battle)

    @property
    def reward(self) -> Reward | None:
        """The reward the winner of the battle in progress chooses now, if any."""
        b = running(self, Battle)
        return b.reward if b is not None else None

    @property
    def occupy(self) -> str | None:
        """The province whose capital is being occupied, if any."""
        o = running(self, Occupation)
        return o.province if o is not None else None


# -- queries ---------------------------------------------------------------------------------


def player(state: State, role: str) -> Player:
    """The player seated as ``role``."""
    for p in state.players:
        if p.role == role:
            return p
    raise KeyError(role)


def current_role(state: State) -> str:
    """The role whose player turn it is."""
    return state.players[state.current].role


def the_current_player(state: State) -> list[str]:
    """Who acts at a step of the current player's turn (his actions, his purchases ...)."""
    return [state.players[state.current].role]


def choices(state: State) -> dict[str, int]:
    """The cards each player still chooses: the Demagogue's discards while they run, else
    the secret card choices of the setup hands and the refills."""
    d = running(state, Demagogue)
    return d.choosing if d is not None else state.choosing


def choosers(state: State) -> list[str]:
    """Who acts at a secret card choice: every player with a card still to choose, at once."""
    choosing = choices(state)
    return [p.role for p in state.players if choosing.get(p.role, 0) > 0]


def governed(state: State, role: str) -> list[str]:
    """Provinces governed by ``role``, in map order."""
    return [name for name, p in state.provinces.items() if p.governor == role]


def emperor(state: State) -> str | None:
    """The player governing Italia, or None when Italia is neutral."""
    gov = state.provinces[data.ITALIA].governor
    return gov if gov not in (None, NEUTRAL) else None


def pretenders(state: State) -> list[str]:
    """Players with a Seat of Power marker in a province they govern."""
    return [
        p.governor
        for p in state.provinces.values()
        if p.seat and p.governor is not None and p.governor == p.pretender
    ]


def pretender_provinces(state: State) -> list[str]:
    """Provinces holding a Seat of Power or Breakaway marker."""
    return [name for name, p in state.provinces.items() if p.pretender is not None]


def army(state: State, army_id: int) -> Army:
    """The army with ``army_id``."""
    for a in state.armies:
        if a.id == army_id:
            return a
    raise KeyError(army_id)


def find_army(state: State, army_id: int) -> Army | None:
    """The army with ``army_id`` or None."""
    for a in state.armies:
        if a.id == army_id:
            return a
    return None


def capital_army(state: State, province: str) -> Army | None:
    """The General's army in ``province``'s capital, if any."""
    for a in state.armies:
        if a.capital and a.region == province:
            return a
    return None


def militia_stacked(state: State, a: Army) -> bool:
    """Whether a Militia fights with army ``a``: ``a`` stands in its province's capital and
    belongs to the province's Governor (RULES 6.3.3: a Militia is an army of its Governor, so
    it counts with his army there: it takes the first hit and adds a die)."""
    prov = state.provinces.get(a.region)
    return prov is not None and a.capital and prov.militia and prov.governor == a.owner


def lone_militia(state: State, province: str) -> bool:
    """Whether ``province`` holds a Militia standing alone: no army of its Governor shares
    the capital with it (ruling 50: a lone Militia is an army of its own, which attacks,
    disperses Mobs, is attacked and suffers events by itself)."""
    if not state.provinces[province].militia:
        return False
    stacked = capital_army(state, province)
    return stacked is None or not militia_stacked(state, stacked)


def capital_free_for(state: State, province: str, role: str) -> bool:
    """Whether ``role`` may move an army into ``province``'s capital.

    The capital holds one army; a Militia is an army of the governor, so only the governor's
    own army may stack with it.
    """
    if capital_army(state, province) is not None:
        return False
    prov = state.provinces[province]
    return not (prov.militia and prov.governor != role)


def capital_units(state: State, province: str, role: str) -> int:
    """Units commanded by ``role`` in ``province``'s capital (Militia counts for its governor)."""
    prov = state.provinces[province]
    n = 1 if prov.militia and prov.governor == role else 0
    a = capital_army(state, province)
    if a is not None and a.owner == role:
        n += a.legions + a.barbarians
    return n


def enemy_in_capital(state: State, province: str, role: str) -> bool:
    """Whether an army of another player stands in ``province``'s capital."""
    a = capital_army(state, province)
    return a is not None and a.owner != role


def active_barbarians(prov: Province) -> int:
    """Active barbarian counters in a province (leaders excluded)."""
    return sum(prov.active.values())


def leaders_in(state: State, region: str) -> list[str]:
    """Barbarian leaders standing in ``region``."""
    return [name for name, where in state.leaders.items() if where == region]


def rivals_in(state: State, province: str) -> list[str]:
    """Rival Emperors standing in ``province``."""
    return [name for name, where in state.rivals.items() if where == province]


def legions_on_map(state: State) -> int:
    """Legion counters in play."""
    return sum(a.legions for a in state.armies)


def militia_on_map(state: State) -> int:
    """Militia counters in play."""
    return sum(1 for p in state.provinces.values() if p.militia)


def mobs_on_map(state: State) -> int:
    """Mobs in play (a "Mob x 2" counter shows two)."""
    return sum(p.mobs for p in state.provinces.values())


def mob_counters(state: State) -> int:
    """Mob counters in play: a province's Mobs are shown two to a counter ("Mob x 2" side),
    one more counter for an odd Mob (RULES 11 note)."""
    return sum((p.mobs + 1) // 2 for p in state.provinces.values())


def can_add_mob(state: State, province: str) -> bool:
    """Whether the counters can show one more Mob in ``province``: an odd Mob's counter flips
    to its x 2 side, otherwise a free counter is needed (the box holds ``data.MOBS``)."""
    return state.provinces[province].mobs % 2 == 1 or mob_counters(state) < data.MOBS


def markers_on_map(state: State) -> int:
    """Quaestor and Castra markers in play (they share one counter mix)."""
    return sum(1 for p in state.provinces.values() if p.quaestor) + sum(
        1 for a in state.armies if a.castra
    )


def improvements_built(state: State, kind: str) -> int:
    """Improvements of ``kind`` on the map."""
    return sum(1 for p in state.provinces.values() if kind in p.improvements)


def tribe_counters_in_play(state: State, tribe: str) -> int:
    """All counters of ``tribe`` anywhere: homeland, provinces and armies (leaders excluded)."""
    t = state.tribes[tribe]
    n = t.active + t.inactive
    for p in state.provinces.values():
        n += p.active.get(tribe, 0) + p.inactive.get(tribe, 0)
    for a in state.armies:
        n += a.foederati.get(tribe, 0)
    return n


def encode(state: State) -> bytes:
    """The state as JSON bytes."""
    return msgspec.json.encode(state)


#: A key of states saved before the procedures' frames (a JSON string never holds it
#: unescaped, and no struct of this version has a field of that name): only a state holding
#: it is read for them.
_BEFORE_FRAMES = b'"battle":'


def decode(raw: bytes | str) -> State:
    """A state from :func:`encode`'s output, or from a state saved by older code (fields it
    no longer has are dropped, such as ``phase``, which this version derives from the
    steps). A state saved before the procedures' data moved into frames (its stack held
    return steps; ``battle``, ``reward``, ``occupy`` and the Demagogue's ``choosing`` were
    top-level fields) has that data moved into the frames on its stack."""
    old = _BEFORE_FRAMES in raw if isinstance(raw, bytes) else _BEFORE_FRAMES.decode() in raw
    if not old:
        return msgspec.json.decode(raw, type=State)
    fields = msgspec.json.decode(raw)
    before = msgspec.convert(fields, _Before)
    fields["stack"], fields["choosing"] = procedures(
        before.step, before.stack, before.battle, before.reward, before.occupy, before.choosing
    )
    for key in ("battle", "reward", "occupy"):
        fields.pop(key, None)
    return msgspec.convert(fields, State)


class _Before(msgspec.Struct):
    """Where a state saved before the procedures' frames kept their data."""

    step: str = "choose_province"
    stack: list[str] = msgspec.field(default_factory=list)
    battle: Battle | None = None
    reward: Reward | None = None
    occupy: str | None = None
    choosing: dict[str, int] = msgspec.field(default_factory=dict)


#: A deep copy, exactly like the JSON round trip, written from the struct declarations
#: (:mod:`crisis.engine.copying`): searching bots and the research adapters copy states all
#: the time.
copy_state: Callable[[State], State] = copier(State)
