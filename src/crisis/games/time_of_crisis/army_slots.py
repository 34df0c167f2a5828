"""Army slots: the canonical form of actions in the action catalog.

The engine numbers armies ``1, 2, 3...`` for the whole game, so the catalog names an army by
its *slot*, ``"@k"``: its place among its owner's armies on the map, oldest first (``k < 6``,
the General counters per player). An enemy army (a battle target, ``"#id"`` in the engine) is
``"@o:k"``: slot ``k`` of the player ``o`` seats after the actor. Frumentarii's ``order`` (a
permutation of the peeked event cards) is written as the positions of those cards in the
view's ``peek`` list, e.g. ``(2, 0, 1)``. :func:`canonical_action` and :func:`actual_action`
translate one way and the other, from the actor's view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crisis.engine.action import Action
from crisis.games.time_of_crisis.state import State, current_role

_ARMY_VERBS = frozenset(
    {
        "add_legion",
        "train_legion",
        "leave_capital",
        "enter_capital",
        "disperse_mob",
        "castra",
        "force_march",
    }
)


#: Every verb whose argument :func:`canonical_action` may rewrite.
_RENAMED = _ARMY_VERBS | {
    "move_army", "initiate_battle", "foederati", "militia_battle", "place_emperor", "order"
}  # fmt: skip

#: The last view's slots: (its armies list, its players list, role, slots). Every army
#: action listed in one position reads the same view, so the slots are worked out once.
_last: tuple[Any, Any, str, dict[int, str]] | None = None


def canonical_view(state: State, role: str) -> dict[str, Any]:
    """What :func:`canonical_action` reads of ``role``'s view (each army's id and owner, the
    seats and Frumentarii's peek, its player's alone), built from the state: the view's
    values under the view's keys, without the rest of the view."""
    return {
        "armies": [{"id": a.id, "owner": a.owner} for a in state.armies],
        "players": [{"role": p.role} for p in state.players],
        "peek": list(state.peek) if role == current_role(state) else [],
    }


def _army_slots(view: Mapping[str, Any], role: str) -> dict[int, str]:
    """Army id -> its canonical name for ``role`` (``"@k"`` own, ``"@o:k"`` another's)."""
    global _last
    armies, players = view["armies"], view["players"]
    last = _last
    if last is not None and last[0] is armies and last[1] is players and last[2] == role:
        return last[3]
    slots = _slots(armies, players, role)
    _last = (armies, players, role, slots)
    return slots


def _slots(
    armies: list[dict[str, Any]], players: list[dict[str, Any]], role: str
) -> dict[int, str]:
    seats = [p["role"] for p in players]
    me = seats.index(role)
    count: dict[str, int] = {}
    out: dict[int, str] = {}
    for a in sorted(armies, key=lambda a: a["id"]):
        owner = a["owner"]
        k = count.get(owner, 0)
        count[owner] = k + 1
        offset = (seats.index(owner) - me) % len(seats)
        out[a["id"]] = f"@{k}" if offset == 0 else f"@{offset}:{k}"
    return out


def canonical_action(view: Mapping[str, Any], role: str, action: Action) -> Action:
    """The catalog entry of ``action``, legal for ``role`` where ``role`` sees ``view``:
    army ids become slots and Frumentarii's order becomes peek positions."""
    verb, arg = action
    if verb not in _RENAMED:  # most actions: one test
        return action
    if verb in _ARMY_VERBS and isinstance(arg, int):
        return Action(verb, _army_slots(view, role)[arg])
    if verb in ("move_army", "initiate_battle", "foederati"):
        assert isinstance(arg, tuple)
        slots = _army_slots(view, role)
        rest = arg[1:]
        if verb == "initiate_battle" and str(rest[0]).startswith("#"):
            rest = (slots[int(str(rest[0])[1:])],)
        return Action(verb, (slots[int(arg[0])], *rest))
    if verb == "militia_battle" and isinstance(arg, tuple) and str(arg[1]).startswith("#"):
        return Action(verb, (arg[0], _army_slots(view, role)[int(str(arg[1])[1:])]))
    if verb == "place_emperor" and isinstance(arg, str) and arg.startswith("#"):
        return Action(verb, _army_slots(view, role)[int(arg[1:])])
    if verb == "order":
        assert isinstance(arg, tuple)
        peek = list(view["peek"])
        return Action(verb, tuple(peek.index(e) for e in arg))
    return action


def actual_action(view: dict[str, Any], role: str, action: Action) -> Action:
    """The inverse of :func:`canonical_action`: the engine's action for a catalog entry."""
    verb, arg = action
    ids: dict[str, int] | None = None

    def army_id(name: Any) -> int:
        nonlocal ids
        if ids is None:
            ids = {v: k for k, v in _army_slots(view, role).items()}
        return ids[str(name)]

    if verb in _ARMY_VERBS and str(arg).startswith("@"):
        return Action(verb, army_id(arg))
    if verb in ("move_army", "initiate_battle", "foederati"):
        assert isinstance(arg, tuple)
        rest = arg[1:]
        if verb == "initiate_battle" and str(rest[0]).startswith("@"):
            rest = (f"#{army_id(rest[0])}",)
        return Action(verb, (army_id(arg[0]), *rest))
    if verb == "militia_battle" and isinstance(arg, tuple) and str(arg[1]).startswith("@"):
        return Action(verb, (arg[0], f"#{army_id(arg[1])}"))
    if verb == "place_emperor" and isinstance(arg, str) and arg.startswith("@"):
        return Action(verb, f"#{army_id(arg)}")
    if verb == "order":
        assert isinstance(arg, tuple)
        peek = list(view["peek"])
        return Action(verb, tuple(peek[int(i)] for i in arg))
    return action
