"""Rome in Crisis's actions in words: the labels the web table, the terminal game and the
logs show, with a note where a choice needs one (what a crisis or war asks for).

Cards are named as printed ("Goths 4", a candidate by the face he shows now), never by id.
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.state import State, card_name, face

#: Verbs whose label does not depend on the argument.
_PHRASES = {"done": "Done", "pass": "Pass", "keep": "Keep the present office"}

_METHODS = {"military": "Military", "spqr": "SPQR", "praetorian": "Praetorian"}


def _office(state: State, office: Any) -> str:
    return state.cards.offices[str(office)].name


def _crisis(state: State, kind: Any) -> str:
    return str(state.cards.suit_names.get(str(kind), str(kind)))


def label(state: State, action: Action) -> str:
    """A readable label for ``action`` in ``state``."""
    verb, arg = action.verb, action.arg
    if verb in _PHRASES:
        return _PHRASES[verb]

    def name(card: Any) -> str:
        return card_name(state, str(card))

    items = list(arg) if isinstance(arg, tuple) else [arg]
    said = {
        "choose_method": lambda: f"Elect by {_METHODS.get(str(arg), str(arg))} rating",
        "draft": lambda: (
            f"Take {name(arg)}" if arg in state.cards.candidates else f"Draft {name(arg)}"
        ),
        "draft_office": lambda: f"Take the {_office(state, items[0])} for {name(items[1])}",
        "take_card": lambda: (
            "Take a card at random from your neighbour's hand"
            if arg == "hand"
            else f"Take {name(arg)} from your neighbour's candidate"
        ),
        "nominate": lambda: f"Put forward {name(arg)}",
        "bid": lambda: f"Bid {name(arg)}",
        "assign_office": lambda: f"Hand out the {_office(state, arg)} next",
        "appoint": lambda: (
            f"Appoint {name(arg)}"
            + (f" as {_office(state, state.placing)}" if state.placing else "")
        ),
        "transfer": lambda: f"Move {name(arg)} onto {name(state.emperor)}",
        "crisis_card": lambda: f"Add {name(arg)} to the crises (face down)",
        "address": lambda: f"Address the {_crisis(state, arg)} crisis",
        "play": lambda: f"Play {name(arg)}",
        "cancel": lambda: f"Cancel {name(arg)} with Gold",
        "discard_card": lambda: f"Discard {name(arg)} from the crisis",
        "legatus": lambda: f"Address the war with the {_crisis(state, arg)}",
        "choose_dealer": lambda: f"Make {arg} the dealer",
    }.get(verb)
    if said is not None:
        return said()
    return verb.replace("_", " ") + ("" if arg is None else f" {arg}")


def note(state: State, action: Action) -> str | None:
    """What the choice is up against, where the label alone does not say."""
    from crisis.games.rome_in_crisis.crises import total

    verb, arg = action.verb, action.arg
    if verb in ("address", "legatus") and str(arg) in state.crises:
        cards = state.crises[str(arg)]
        return f"strength {total(state, str(arg))} in {len(cards)} card(s)"
    if verb == "appoint" and arg in state.cards.candidates:
        f = face(state, str(arg))
        held = next((o for o, h in state.offices.items() if h == arg), None)
        rating = ", ".join(f"{_METHODS[m]} {f.rating(m)}" for m in data.METHODS)
        return rating + (f"; gives up the {_office(state, held)}" if held else "")
    return None


def describe(state: State, role: str, actions: list[Action]) -> list[dict[str, Any]]:
    """One entry per action, in order: its ``label``, ``cost`` (none in this game) and
    ``note``. Clients show these instead of building labels of their own."""
    return [{"label": label(state, a), "cost": None, "note": note(state, a)} for a in actions]
