"""The end of the game (RULES 7): Emperor Turns bonus, scores and the tie-break order."""

from __future__ import annotations

from typing import Any

from crisis.engine.machine import OVER
from crisis.engine.result import Termination
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import log, roll
from crisis.games.time_of_crisis.registry import end, flow
from crisis.games.time_of_crisis.state import State, emperor, governed, pretenders


# Ruling 29 (docs/rulings.md).
def emperor_bonus(turns: dict[str, int]) -> dict[str, int]:
    """Bonus legacy by Emperor Turns rank; tied players share the higher place and the next
    place is skipped (RULES 7.1 example); zero Emperor Turns earn nothing."""
    out: dict[str, int] = {}
    for role, t in turns.items():
        place = sum(1 for other in turns.values() if other > t)
        bonus = data.EMPEROR_TURN_BONUS
        out[role] = bonus[place] if t > 0 and place < len(bonus) else 0
    return out


#: A game that is over stays in the phase of that name.
flow(OVER, phase="over")


def finish(state: State) -> None:
    """Score the game and close it; ``state.ended`` says why it ended."""
    end(state)
    bonus = emperor_bonus({p.role: p.emperor_turns for p in state.players})
    for p in state.players:
        p.legacy += bonus[p.role]
    emp = emperor(state)
    pret = set(pretenders(state))
    keys: dict[str, tuple[int, ...]] = {}
    for p in state.players:
        legions = sum(a.legions for a in state.armies if a.owner == p.role)
        keys[p.role] = (
            p.legacy,
            1 if p.role == emp else 0,
            1 if p.role in pret else 0,
            len(governed(state, p.role)),
            legions,
        )
    tied_groups: dict[tuple[int, ...], list[str]] = {}
    for role, key in keys.items():
        tied_groups.setdefault(key, []).append(role)
    die: dict[str, int] = {}
    for group in tied_groups.values():
        # Ruling 30: the die is rolled again among players still tied.
        if len(group) > 1:
            while True:
                rolls = roll(state, len(group))
                if len(set(rolls)) == len(rolls):
                    break
            die.update(zip(group, rolls, strict=True))
    order = sorted(keys, key=lambda r: (*keys[r], die.get(r, 0)), reverse=True)
    state.final = {
        "reason": state.ended,
        "bonus": bonus,
        "scores": {p.role: p.legacy for p in state.players},
        "ranking": order,
        "winner": order[0],
        "tie_break_rolls": die,
    }
    log(state, f"Game over ({state.ended}): {order[0]} wins")


#: How each of the game's ends (``state.ended``) is classed.
_TERMINATIONS = {"last round": Termination.SCORE_TARGET, "Diocletian": Termination.EVENT}


def termination(state: State) -> str:
    """The kind of the game's end (a :class:`Termination` value) for its ``reason``."""
    return _TERMINATIONS[str(state.ended)].value


def result(state: State) -> dict[str, Any] | None:
    """The final result once the game is over, with the kind of its end (``termination``,
    derived from the reason, so that the saved state is what it always was)."""
    final = state.final
    return None if final is None else {**final, "termination": termination(state)}
