"""Board operations shared by the phases and actions: governors, Italia's support, armies,
cards moving between piles, and the public game log."""

from __future__ import annotations

from crisis.engine import rng as dice
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    Army,
    State,
    emperor,
    governed,
    player,
)

ITALIA_MAX = data.ITALIA_SUPPORT_MAX
SUPPORT_MAX = data.SUPPORT_MAX


def counted(n: int, noun: str) -> str:
    """``n`` of ``noun`` in words, singular for one ("1 vote", "3 votes", "0 hits")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def article(word: str) -> str:
    """``word`` after its indefinite article: "an Amphitheater", "a Limes"."""
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


def dice_rolled(rolls: list[int], base: int) -> str:
    """Die results in words with the bonus dice for 6s (RULES 6.3.2, 8.1) set apart from
    the ``base`` dice: "[3, 6] and a bonus die for the 6 [4]"; just "[3, 5]" without one."""
    first, bonus = rolls[:base], rolls[base:]
    if not bonus:
        return str(first)
    sixes = "the 6" if len(bonus) == 1 else "6s"
    extra = "a bonus die" if len(bonus) == 1 else f"{len(bonus)} bonus dice"
    return f"{first} and {extra} for {sixes} {bonus}"


def log(state: State, message: str) -> None:
    """Append a line to the public game log."""
    state.log.append(message)


def roll(state: State, n: int) -> list[int]:
    """Roll ``n`` dice from the state's generator."""
    return [dice.roll(state.rng) for _ in range(n)]


def neutral_count(state: State) -> int:
    """Provinces governed by the Neutral faction (Italia included)."""
    return sum(1 for p in state.provinces.values() if p.governor == NEUTRAL)


# Ruling 19 (docs/rulings.md).
def sync_neutral_italia(state: State) -> None:
    """While Italia is neutral its support equals the number of neutral provinces (RULES 3.2)."""
    italia = state.provinces[data.ITALIA]
    if italia.governor == NEUTRAL:
        italia.support = min(ITALIA_MAX, neutral_count(state))


# Ruling 20 (docs/rulings.md): Neutral governor counters are not a practical limit.
def replace_governor(
    state: State, province: str, new: str, support: int, *, italia_penalty: bool = True
) -> None:
    """Put ``new`` (a role or ``neutral``) in charge of ``province`` at ``support``.

    The former governor goes back to its owner's Available Leaders box; the province's Mobs,
    Militia and Quaestor go with him (RULES 6.3.2, 6.3.3, 11.2). If the Emperor loses a
    governor elsewhere Italia's support drops by one (RULES 6.3.2), unless the caller applies
    that itself (the Support Check does). Italia gets its support reset when it changes hands.
    """
    prov = state.provinces[province]
    old = prov.governor
    was_emperor = emperor(state)
    if old not in (None, NEUTRAL):
        player(state, old).governors_ready += 1
    if new != NEUTRAL:
        player(state, new).governors_ready -= 1
    prov.governor = new
    prov.mobs = 0
    prov.militia = False
    prov.quaestor = False
    prov.support = support
    italia = state.provinces[data.ITALIA]
    if province == data.ITALIA:
        if new == NEUTRAL:
            sync_neutral_italia(state)
        else:
            italia.support = min(ITALIA_MAX, len(governed(state, new)))
    elif italia.governor == NEUTRAL:
        sync_neutral_italia(state)
    elif italia_penalty and old is not None and old == was_emperor:
        # Ruling 17: at zero the Emperor stays until his own Support Check removes him.
        italia.support = max(0, italia.support - 1)
    token = state.emperor_token
    if token is not None and old == token.owner and new != old:
        if province == data.ITALIA:
            state.emperor_token = None
        elif token.kind == "populace" and province == token.province:
            depose_emperor(state, f"{old}'s Populace Emperor falls with {province}")


# Ruling 46 (docs/rulings.md).
def depose_emperor(state: State, why: str) -> None:
    """Remove the Emperor token; its owner's Governor leaves Italia for a Neutral one
    (expansion 3.4)."""
    token = state.emperor_token
    state.emperor_token = None
    log(state, why)
    if token is not None and state.provinces[data.ITALIA].governor == token.owner:
        replace_governor(state, data.ITALIA, NEUTRAL, 1, italia_penalty=False)


def remove_army(state: State, a: Army) -> None:
    """Take an army off the map: its General returns to the Available Leaders box, its legions
    to the supply and its Foederati to their homelands, inactive."""
    state.armies.remove(a)
    player(state, a.owner).generals_ready += 1
    for tribe, n in a.foederati.items():
        state.tribes[tribe].inactive += n
    token = state.emperor_token
    if token is not None and token.kind == "military" and token.army == a.id:
        depose_emperor(state, f"{a.owner}'s Military Emperor dies with his army")


def army_at_sea(a: Army) -> bool:
    """Whether the army stands in a sea zone."""
    return a.region in data.SEAS


def refill_from_discard(state: State, role: str) -> None:
    """Turn the Discard Pile into the Available Pile (RULES 6.8)."""
    p = player(state, role)
    p.available.extend(p.discard)
    p.discard.clear()


def flip_barbarians_active(state: State, province: str) -> None:
    """Flip every inactive barbarian in ``province`` to its active side."""
    prov = state.provinces[province]
    for tribe, n in prov.inactive.items():
        if n:
            prov.active[tribe] = prov.active.get(tribe, 0) + n
    prov.inactive.clear()


def send_home(state: State, province: str, tribe: str, *, active: bool) -> int:
    """Move every counter of ``tribe`` in ``province`` back to its homeland; return how many."""
    prov = state.provinces[province]
    n = prov.active.pop(tribe, 0) + prov.inactive.pop(tribe, 0)
    if active:
        state.tribes[tribe].active += n
    else:
        state.tribes[tribe].inactive += n
    return n
