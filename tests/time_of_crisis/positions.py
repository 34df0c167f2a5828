"""Small helpers to build Time of Crisis positions for the rulebook-example tests.

Positions start from a real opening (``quick_start``) and are then adjusted field by field,
keeping the counters consistent (governors come out of the unclaimed pool, barbarians out of
their homeland, cards out of the supply), so the result is a position a game could reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.board import sync_neutral_italia
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import NEUTRAL, Army, State, current_role, player

# A 4-player crisis roll of 1+1 is Ira Deorum: no invasion dice, no event, no choice.
QUIET_CRISIS = (1, 1)
OPENING = ("Aegyptus", "Hispania", "Pannonia", "Asia")


def start(
    provinces: Sequence[str] = OPENING,
    *,
    first: str = "green",
    hands: dict[str, Sequence[str]] | None = None,
) -> State:
    """A 4-player game after setup, at ``first``'s Take Actions prompt (quiet crisis)."""
    return quick_start(provinces, first=first, hands=hands, dice_results=QUIET_CRISIS)


def govern(state: State, province: str, role: str, support: int) -> None:
    """Make ``role`` (or ``neutral``) the governor of ``province`` at ``support``.

    A player's governor is drawn from the unclaimed counters (the cheapest one, as if
    recruited on an earlier turn); a player's governor displaced here goes back to that
    player's Available Leaders box.
    """
    prov = state.provinces[province]
    old = prov.governor
    if old not in (None, NEUTRAL):
        player(state, str(old)).governors_ready += 1
    if role != NEUTRAL:
        p = player(state, role)
        if p.governors_ready:
            p.governors_ready -= 1
        else:
            p.governors_unclaimed.remove(min(p.governors_unclaimed))
    prov.governor = role
    prov.support = support
    sync_neutral_italia(state)


def ready_governor(state: State, role: str) -> None:
    """Put one more Governor in ``role``'s Available Leaders box (recruited earlier)."""
    p = player(state, role)
    p.governors_unclaimed.remove(min(p.governors_unclaimed))
    p.governors_ready += 1


def army_of(state: State, role: str) -> Army:
    """``role``'s only army (the one placed at setup)."""
    mine = [a for a in state.armies if a.owner == role]
    assert len(mine) == 1, mine
    return mine[0]


def invaders(state: State, province: str, tribe: str, n: int, *, active: bool = True) -> None:
    """Move ``n`` inactive counters of ``tribe`` from its homeland into ``province``."""
    t = state.tribes[tribe]
    assert t.inactive >= n
    t.inactive -= n
    side = state.provinces[province].active if active else state.provinces[province].inactive
    side[tribe] = side.get(tribe, 0) + n


def homeland(state: State, tribe: str, active: int, inactive: int) -> None:
    """Set ``tribe``'s homeland counters; the rest of the tribe stays where it is."""
    t = state.tribes[tribe]
    assert active + inactive <= t.active + t.inactive
    t.active, t.inactive = active, inactive


def put_in_hand(state: State, role: str, *cards: str) -> None:
    """Give ``role`` cards bought from the supply on earlier turns."""
    for cid in cards:
        if cid in state.supply:
            state.supply[cid] -= 1
        player(state, role).hand.append(cid)


def play(state: State, *cards: str) -> None:
    """The current player plays ``cards`` from hand."""
    role = current_role(state)
    for cid in cards:
        toc.apply(state, role, Action("play_card", cid))


def legal(state: State, role: str | None = None) -> list[Action]:
    """The legal actions of ``role`` (default: the current player)."""
    return toc.actions(state, role or current_role(state))


def end_turn(state: State, next_crisis: Sequence[int] = QUIET_CRISIS) -> None:
    """Finish the current player's turn with real actions (no purchases) and script the
    next player's crisis roll."""
    role = current_role(state)
    script_dice(state, next_crisis)
    toc.apply(state, role, Action("end_actions"))
    if state.step == "ludi":
        toc.apply(state, role, Action("pass"))
    toc.apply(state, role, Action("end_buy"))
    while state.step == "refill":
        for who in toc.active(state):
            toc.apply(state, who, toc.actions(state, who)[0])
