"""The Age of Iron and Rust's nine influence-card events (expansion 2; effects as in the
project's reference data, most of them RECONSTRUCTED).

Events that modify a later action (Cavalry, Spiculum, Princeps Senatus, Ambitus, Mobile
Vulgus) are declared with their own action and apply to the next matching action this turn,
like Flanking Maneuver and Damnatio Memoriae in the base game.
"""

from __future__ import annotations

from itertools import permutations

from crisis.engine.action import Action
from crisis.engine.machine import Call, frame
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import counted, log
from crisis.games.time_of_crisis.played import ready, use
from crisis.games.time_of_crisis.registry import RULES, flow, handles, lists
from crisis.games.time_of_crisis.state import (
    Demagogue,
    State,
    army,
    choosers,
    player,
    the_current_player,
)

FRUMENTARII_PEEK = data.FRUMENTARII_PEEK


#: The verbs :func:`expansion_options` may list.
EXPANSION_VERBS = (
    "cavalry",
    "force_march",
    "spiculum",
    "princeps_senatus",
    "frumentarii",
    "triumph",
    "ambitus",
    "mobile_vulgus",
    "demagogue",
)


def expansion_options(state: State, role: str) -> list[Action]:
    """Legal uses of expansion events played this turn."""
    turn = state.turn
    out: list[Action] = []
    if ready(state, "cavalry") and not turn.cavalry:
        out.append(Action("cavalry"))
    if ready(state, "force_march"):
        out += [Action("force_march", a.id) for a in state.armies if a.owner == role and a.battled]
    if ready(state, "spiculum") and not turn.spiculum:
        out.append(Action("spiculum"))
    if ready(state, "princeps_senatus") and not turn.princeps:
        out.append(Action("princeps_senatus"))
    if ready(state, "frumentarii") and state.event_deck:
        out.append(Action("frumentarii"))
    if ready(state, "triumph") and turn.triumph:
        out.append(Action("triumph"))
    if ready(state, "ambitus") and not turn.ambitus:
        out += [Action("ambitus", k) for k in range(1, turn.pool["yellow"] + 1)]
    if ready(state, "mobile_vulgus") and not turn.mobile_vulgus:
        out.append(Action("mobile_vulgus"))
    if ready(state, "demagogue") and any(p.hand for p in state.players if p.role != role):
        out.append(Action("demagogue"))
    return out


# Rulings 34, 35 (docs/rulings.md).
@handles("cavalry", step="actions", option="expansion_cards")
def cavalry(state: State, role: str, _arg: None) -> None:
    """Cavalry: your army in your next battle this turn rolls one extra die hitting on 3+."""
    use(state, "cavalry")
    state.turn.cavalry = True
    log(state, f"{role} brings up the cavalry")


@handles("force_march", step="actions", args=("army",), option="expansion_cards")
def force_march(state: State, role: str, army_id: int) -> None:
    """Force March: an army that has battled may move and battle again this turn."""
    use(state, "force_march")
    army(state, army_id).battled = False
    log(state, f"{role} force-marches army {army_id}")


# Rulings 34, 36 (docs/rulings.md).
@handles("spiculum", step="actions", option="expansion_cards")
def spiculum(state: State, role: str, _arg: None) -> None:
    """Spiculum: in your next battle this turn your army strikes first; the defender rolls
    with what survives, and the first strike's hits count toward victory."""
    use(state, "spiculum")
    state.turn.spiculum = True
    log(state, f"{role}'s legions ready their spicula")


@handles("princeps_senatus", step="actions", option="expansion_cards")
def princeps_senatus(state: State, role: str, _arg: None) -> None:
    """Princeps Senatus: your next Place Governor this turn needs 2 fewer votes (min 1)."""
    use(state, "princeps_senatus")
    state.turn.princeps = True
    log(state, f"{role} has the ear of the Princeps Senatus")


#: Playing Frumentarii or Demagogue during Take Actions enters their sub-procedures.
flow("actions", calls=("frumentarii", "demagogue"))


# Ruling 40 (docs/rulings.md).
@handles("frumentarii", step="actions", option="expansion_cards")
def frumentarii(state: State, role: str, _arg: None) -> None:
    """Frumentarii: look at the top three event cards and put them back in any order."""
    use(state, "frumentarii")
    state.peek = state.event_deck[:FRUMENTARII_PEEK]
    state.reveals += 1
    RULES.call(state, "frumentarii", Call())
    log(state, f"{role}'s Frumentarii report on the coming events")


@lists(
    "frumentarii",
    "Frumentarii: put the top event cards back in the order you choose",
    the_current_player,
)
def _list_orders(state: State, role: str) -> list[Action]:
    return [Action("order", tuple(p)) for p in permutations(state.peek)]


@handles("order", step="frumentarii", args=("peek_order",), option="expansion_cards")
def order(state: State, role: str, ids: tuple[str, ...]) -> None:
    """Put the peeked event cards back on top in the chosen order."""
    state.event_deck[: len(ids)] = list(ids)
    state.peek = []
    RULES.ret(state)


# Ruling 39 (docs/rulings.md).
@handles("triumph", step="actions", option="expansion_cards")
def triumph(state: State, role: str, _arg: None) -> None:
    """Triumph: +1 legacy per barbarian your last winning battle against barbarians removed
    this turn (never doubled; not if your Emperor died in that battle)."""
    use(state, "triumph")
    gain = state.turn.triumph
    state.turn.triumph = 0
    player(state, role).legacy += gain
    log(state, f"{role} celebrates a Triumph for {gain} legacy")


# Rulings 34, 37 (docs/rulings.md).
@handles(
    "ambitus",
    step="actions",
    args=("amount",),
    option="expansion_cards",
    cost=lambda _s, _r, k: {"yellow": k},
)
def ambitus(state: State, role: str, k: int) -> None:
    """Ambitus: spend Populace points as extra dice for your next Place Governor this turn."""
    use(state, "ambitus")
    state.turn.ambitus = k
    log(state, f"{role} buys {counted(k, 'vote')} (Ambitus)")


# Rulings 34, 38 (docs/rulings.md).
@handles("mobile_vulgus", step="actions", option="expansion_cards")
def mobile_vulgus(state: State, role: str, _arg: None) -> None:
    """Mobile Vulgus: your next Place Governor this turn in a province (not Italia) at
    support 1 or 2 succeeds without rolling."""
    use(state, "mobile_vulgus")
    state.turn.mobile_vulgus = True
    log(state, f"{role} stirs the fickle crowd (Mobile Vulgus)")


# Ruling 41 (docs/rulings.md).
@handles("demagogue", step="actions", option="expansion_cards")
def demagogue(state: State, role: str, _arg: None) -> None:
    """Demagogue: every other player discards a card from hand (one of value 2+ if any)."""
    use(state, "demagogue")
    choosing = {p.role: 1 for p in state.players if p.role != role and p.hand}
    RULES.call(state, "demagogue", Demagogue(choosing=choosing))
    log(state, f"{role}'s Demagogue turns the crowd")
    _auto_discard(state)


def _discard_options(state: State, role: str) -> list[str]:
    hand = player(state, role).hand
    big = sorted({c for c in hand if data.INFLUENCE[c].value >= 2})
    return big or sorted(set(hand))


@lists(
    "demagogue",
    "Demagogue: discard a card from your hand (value 2 or more if you can)",
    choosers,
)
def _list_discards(state: State, role: str) -> list[Action]:
    if frame(state, Demagogue).choosing.get(role, 0) <= 0:
        return []
    return [Action("demagogue_discard", c) for c in _discard_options(state, role)]


@handles("demagogue_discard", step="demagogue", args=("card",), option="expansion_cards")
def demagogue_discard(state: State, role: str, cid: str) -> None:
    """Discard the chosen card to the Discard Pile."""
    p = player(state, role)
    p.hand.remove(cid)
    p.discard.append(cid)
    frame(state, Demagogue).choosing[role] = 0
    _auto_discard(state)


def _auto_discard(state: State) -> None:
    """Take each forced discard (a player with one kind of card to discard) through the
    machine's one place for forced choices (its handler comes back here); return to Take
    Actions once everyone has discarded."""
    choosing = frame(state, Demagogue).choosing
    for role, need in list(choosing.items()):
        if need and RULES.offer(state, role=role):
            return
    if not any(choosing.values()):
        RULES.ret(state)
