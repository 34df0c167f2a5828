"""The Emperor dies (step 6), the dealer changes (step 7), and the end of the game."""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.engine.machine import OVER
from crisis.engine.result import Termination
from crisis.games.rome_in_crisis.registry import RULES, automatic, end, goto, handles, lists
from crisis.games.rome_in_crisis.state import (
    State,
    card_name,
    dealer_role,
    log,
    owner,
    player,
    seat,
    value,
)

LAST_EMPEROR_BONUS = 3
REMOVALS_TO_END = 2


@automatic("death", goes=("dealer_change", OVER))
def _death(state: State) -> None:
    emp = state.emperor
    goto(state, "dealer_change")
    if emp is None:
        return
    role = owner(state, emp)
    assert role is not None
    name = card_name(state, emp)
    player(state, role).candidates.remove(emp)
    state.offices["emperor"] = None
    state.discard += state.played_on.pop(emp)
    state.emperor = None
    if state.faces.get(emp, "a") == "a":
        state.faces[emp] = "b"
        state.discard.append(emp)
        log(state, f"{name} dies; his card turns to {card_name(state, emp)} and is discarded")
        return
    state.removed.append(emp)
    state.removals += 1
    log(state, f"{name} dies and leaves the game")
    if state.removals >= REMOVALS_TO_END:
        player(state, role).vp += LAST_EMPEROR_BONUS
        log(state, f"The game ends: {role}, the last Emperor's player, scores {LAST_EMPEROR_BONUS}")
        finish(state)


def dealer_options(state: State) -> list[str]:
    """Who may take the deck: the leader, or the tied leaders other than the dealer."""
    top = max(p.vp for p in state.players)
    tied = [p.role for p in state.players if p.vp == top]
    if len(tied) == 1:
        return tied
    return [r for r in tied if r != dealer_role(state)]


@automatic("dealer_change", goes=("choose_dealer", "begin_turn"))
def _dealer_change(state: State) -> None:
    state.chooser = dealer_role(state)
    RULES.offer(state, "choose_dealer")


def _set_dealer(state: State, role: str) -> None:
    if role != dealer_role(state):
        log(state, f"{role} takes the deck")
    state.dealer = seat(state, role)
    state.chooser = None
    goto(state, "begin_turn")


def _chooser(state: State) -> list[str]:
    return [state.chooser] if state.chooser else []


@lists("choose_dealer", "Choose which tied leader takes the deck", _chooser, goes=("begin_turn",))
def _list_dealer(state: State, role: str) -> list[Action]:
    return [Action("choose_dealer", r) for r in dealer_options(state)]


@handles("choose_dealer", step="choose_dealer", args=("seat",))
def _choose_dealer(state: State, role: str, arg: Any) -> None:
    _set_dealer(state, arg)


# -- the end ----------------------------------------------------------------------------------


def influence_total(state: State, role: str) -> int:
    """Tie-break: the value of the influence cards in hand and on one's candidates."""
    p = player(state, role)
    on = sum(value(state, c) for cand in p.candidates for c in state.played_on[cand])
    return sum(value(state, c) for c in p.hand) + on


def finish(state: State) -> None:
    """Score the game: most VP wins, then most influence value; still tied, all win."""
    end(state)
    keys = {p.role: (p.vp, influence_total(state, p.role)) for p in state.players}
    ranking = sorted(keys, key=lambda r: keys[r], reverse=True)
    winners = [r for r in ranking if keys[r] == keys[ranking[0]]]
    state.final = {
        "reason": "second Emperor removed from the game",
        "bonus": {state.last_emperor: LAST_EMPEROR_BONUS} if state.last_emperor else {},
        "scores": {p.role: p.vp for p in state.players},
        "ranking": ranking,
        "winner": winners[0],
        "winners": winners,
        "tie_break": {r: k[1] for r, k in keys.items()},
        "tie_break_rolls": {},
    }
    log(state, f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}")


def result(state: State) -> dict[str, Any] | None:
    """The final result once the game is over, else ``None``; with the kind of its end
    (``termination``: the game always runs its course), so that the saved state is what
    it always was."""
    final = state.final
    return None if final is None else {**final, "termination": Termination.COURSE_RUN.value}
