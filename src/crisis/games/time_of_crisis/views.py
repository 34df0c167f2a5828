"""Per-role views (DESIGN: "view(state, role)"): everything public, plus the role's own cards.

Each player's purchases and trashed cards are public (``bought``, ``trashed``): those are
open actions. Never included: another player's hand, Available or Discard Pile contents, the
event deck's order (Frumentarii's peek is shown to its player only), the order of the variable
market's face-down stacks (only each top card), or the random generator and its dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from crisis.engine.machine import frame_data, return_steps
from crisis.games.time_of_crisis import data, market
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.state import State, choices, current_role, emperor, pretenders

_PROVISIONAL = bool(data.provisional())  # static data: computed once, not on every view
#: What a lean view (``view(..., lean=True)``) leaves out at its top.
LEAN_OMITS = frozenset(
    {"title", "viewer", "options", "stack", "provisional_data", "prompt", "log", "prices"}
)


def _player_view(state: State, index: int, viewer: str | None) -> dict[str, Any]:
    p = state.players[index]
    out: dict[str, Any] = {
        "role": p.role,
        "legacy": p.legacy,
        "emperor_turns": p.emperor_turns,
        "turns": p.turns,
        "hand_count": len(p.hand),
        "available_count": len(p.available),
        "discard_count": len(p.discard),
        "governors_unclaimed": list(p.governors_unclaimed),
        "governors_ready": p.governors_ready,
        "generals_unclaimed": list(p.generals_unclaimed),
        "generals_ready": p.generals_ready,
        "trophies": list(p.trophies),
        "ludi": p.ludi,
        "bought": list(p.bought),
        "trashed": list(p.trashed),
    }
    if viewer == p.role:
        out["hand"] = sorted(p.hand)
        out["available"] = sorted(p.available)
        out["discard"] = sorted(p.discard)
    return out


# Ruling 31 (docs/rulings.md): other players' piles are shown as counts only.
def view(state: State, role: str | None, active: list[str], lean: bool = False) -> dict[str, Any]:
    """What ``role`` may see; ``None`` is an observer and sees only the public part.

    ``lean``: leave out the parts the observation vector never reads (:data:`LEAN_OMITS`,
    among them the prompt's text, the log and this player's prices), so that a learner's
    every step does not pay for them; the rest is the same dict."""
    out = _board(state, active, msgspec.to_builtins)
    out.update(_seat_part(state, _viewer(state, role), lean=lean))
    if not lean:
        out.update(_page(state, msgspec.to_builtins))
    return out


def shared(state: State, active: list[str]) -> dict[str, Any]:
    """The part of every role's view that is the same whoever looks (everything but
    :func:`own`), for sending one encoding of it to every watcher of a table. Values may be
    the state's own structs, not copies: encode it at once, and never change it."""
    keep = _as_is
    return {**_board(state, active, keep), **_page(state, keep)}


def own(state: State, role: str | None) -> dict[str, Any]:
    """The rest of ``role``'s view beside :func:`shared`: the players with ``role``'s own
    piles, Frumentarii's peek (its player's only), who looks and his prices."""
    return _seat_part(state, _viewer(state, role), lean=False)


def _as_is(value: Any) -> Any:
    return value


def _viewer(state: State, role: str | None) -> str | None:
    return role if role in {p.role for p in state.players} else None


def _board(state: State, active: list[str], builtins: Callable[[Any], Any]) -> dict[str, Any]:
    """What the observation and the actions' canonical form read, but the seat's part."""
    b = state.battle
    battle = frame_data(b) if b is not None else None
    if battle is not None:
        del battle["reward"]  # shown as "reward" below
    return {
        "round": state.round,
        "first": state.players[state.first].role,
        "current": current_role(state),
        "phase": RULES.phase(state),
        "step": state.step,
        "active": active,
        "emperor": emperor(state),
        "pretenders": pretenders(state),
        "provinces": builtins(state.provinces),
        "tribes": builtins(state.tribes),
        "armies": builtins(state.armies),
        "leaders": dict(state.leaders),
        "rivals": dict(state.rivals),
        "event_deck_count": len(state.event_deck),
        "events_drawn": list(state.events_drawn),
        "lasting": state.lasting,
        "supply": dict(state.supply),
        "market": {
            slot: {"top": stack[0] if stack else None, "count": len(stack)}
            for slot, stack in state.stacks.items()
        },
        "emperor_token": builtins(state.emperor_token),
        "turn": builtins(state.turn),
        # The procedure in progress is shown by its data, as before it had a frame (determinize
        # rebuilds the frames from these keys and "stack").
        "battle": battle,
        "reward": builtins(b.reward) if b is not None else None,
        "occupy": state.occupy,
        "choosing": dict(choices(state)),
        "last_round": state.last_round,
        "result": state.final,
    }


def _seat_part(state: State, viewer: str | None, *, lean: bool) -> dict[str, Any]:
    """The keys whose values depend on who looks (a lean view has no ``viewer`` or prices)."""
    out: dict[str, Any] = {
        "players": [_player_view(state, i, viewer) for i in range(len(state.players))],
        "peek": list(state.peek) if viewer == current_role(state) else [],
    }
    if not lean:
        out["viewer"] = viewer
        # What this player would pay for each card on offer now (public arithmetic: the
        # values, his provinces and this turn's purchases are all in the view).
        out["prices"] = market.prices(state, viewer) if viewer else {}
    return out


def _page(state: State, builtins: Callable[[Any], Any]) -> dict[str, Any]:
    """What people read beside the board (left out of a lean view)."""
    return {
        "title": "time_of_crisis",
        "options": builtins(state.options),
        "stack": list(return_steps(state.stack)),
        "provisional_data": _PROVISIONAL,
        "prompt": RULES.prompt(state.step) or state.step,
        "log": list(state.log),
    }
