"""The coach's warnings for Time of Crisis: the mistakes a newcomer most often makes, caught
among the actions they may take before they take one.

Read from the seat's view alone, like a bot: ending the actions with influence unspent while
something could still use it; ending them when the Support Check will cost a province
(awake barbarians at support 1, or as many Mobs as its support); ending the buy step having
bought nothing while a card is affordable. Each warning names the action it belongs to, so a
client asks before that action is sent.
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action

#: Verbs that spend nothing and so never count as "something could still use the influence".
_FREE = frozenset({"end_actions", "play_card", "undo"})


def warnings(view: dict[str, Any], role: str, actions: list[Action]) -> list[dict[str, Any]]:
    """The coach's warnings among ``actions`` (legal for ``role`` now), in words."""
    out: list[dict[str, Any]] = []
    turn = view.get("turn") or {}
    verbs = {a.verb for a in actions}
    if "end_actions" in verbs:
        left = sum((turn.get("pool") or {}).values())
        spends = any(a.verb not in _FREE for a in actions)
        if left and spends:
            out.append(
                _warn(
                    Action("end_actions"),
                    f"You still have {left} influence to spend this turn, and something can "
                    "use it. Ending your actions now throws it away.",
                )
            )
        falling = _falling(view, role)
        if falling:
            names = ", ".join(falling)
            out.append(
                _warn(
                    Action("end_actions"),
                    f"The Support Check after your actions will cost you {names}: its support "
                    "would reach 0, or it holds as many Mobs as its support. Raise its support, "
                    "clear the threat, or hold games there first.",
                )
            )
    if "end_buy" in verbs:
        points = int(turn.get("political") or 0)
        affordable = [a for a in actions if a.verb == "buy"]
        if points and not turn.get("bought") and affordable:
            out.append(
                _warn(
                    Action("end_buy"),
                    f"You have {points} political points and have bought nothing. New cards "
                    "are how your hand grows stronger: buy one before ending the turn.",
                )
            )
    return out


def _warn(action: Action, text: str) -> dict[str, Any]:
    return {"action": action.to_json(), "text": text}


def _falling(view: dict[str, Any], role: str) -> list[str]:
    """Provinces ``role`` governs that the Support Check would take away as things stand:
    awake barbarians there cost a point (RULES 6.4), then support 0 or Mobs at least the
    support lose the Governor. Italia is the Emperor's and falls by other rules: left out."""
    lost = []
    for name, prov in (view.get("provinces") or {}).items():
        if prov.get("governor") != role or name == "Italia":
            continue
        support = int(prov.get("support") or 0)
        if any((prov.get("active") or {}).values()):
            support -= 1
        if support <= 0 or int(prov.get("mobs") or 0) >= support:
            lost.append(name)
    return lost
