"""Rome in Crisis's actions in words: the labels the web table, the terminal game and the
logs show, with a note where a choice needs one (what a crisis or war asks for).

Cards are named as printed ("Goths 4", a candidate by the face he shows now), never by id.
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data
from crisis.games.rome_in_crisis.crises import (
    applies,
    best_removal,
    emperor_strength,
    gallus_cancels,
    legatus_cards,
    total,
)
from crisis.games.rome_in_crisis.election import bid_options
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.state import State, card_name, face, player

#: Verbs whose label does not depend on the argument.
_PHRASES = {"done": "Done", "pass": "Pass", "keep": "Keep the present office", "undo": "Undo"}

_METHODS = data.METHOD_NAMES

#: What each kind of crisis is called on the table (by its suit).
CRISIS_NAMES: dict[str, str] = {
    "goths": "War with the Goths",
    "persians": "War with Persia",
    "palmyra": "War with Palmyra",
    "spqr": "Domestic crisis (SPQR)",
}

#: Suit names short enough for the small cards on candidates and in crises.
SUITS_SHORT: dict[str, str] = {
    "goths": "Goths",
    "persians": "Pers.",
    "palmyra": "Palm.",
    "spqr": "SPQR",
    "gold": "Gold",
}

#: What the part of the turn each decision step belongs to is called (a table's header).
STEP_NAMES: dict[str, str] = {
    "choose_method": "selection method",
    "setup_draft": "setup draft",
    "draft": "draft",
    "shortfall": "too few cards",
    "nominate": "nominations",
    "bidding": "election",
    "office_order": "offices",
    "appoint": "offices",
    "transfer": "Emperor's ability",
    "mount": "crises mount",
    "address": "Emperor addresses a crisis",
    "emperor_cards": "Emperor addresses a crisis",
    "cancel": "Emperor addresses a crisis",
    "discard": "Emperor addresses a crisis",
    "legatus": "Legatus addresses a war",
    "legatus_cards": "Legatus addresses a war",
    "choose_dealer": "dealer changes",
}

#: ``done`` and ``pass`` by the step they are taken at (elsewhere: the plain phrase).
_AT_STEP = {
    ("bidding", "done"): "Done: lead the election with these cards",
    ("bidding", "pass"): "Pass (drop out of the election)",
    ("emperor_cards", "done"): "Done: address the crisis with these cards",
    ("legatus_cards", "done"): "Done: the Legatus fights with these cards",
}


def table_words() -> dict[str, Any]:
    """The names a client shows for this title's concepts (selection methods, crises, short
    suit names, the parts of the turn), so that it keeps no wording of its own."""
    return {
        "methods": dict(_METHODS),
        "methods_short": {**_METHODS, "praetorian": "Praet."},
        "crises": dict(CRISIS_NAMES),
        "suits_short": dict(SUITS_SHORT),
        "steps": dict(STEP_NAMES),
    }


def _office(state: State, office: Any) -> str:
    return state.cards.offices[str(office)].name


def _crisis(state: State, kind: Any) -> str:
    return str(state.cards.suit_names.get(str(kind), str(kind)))


def label(state: State, action: Action) -> str:
    """A readable label for ``action`` in ``state``."""
    verb, arg = action.verb, action.arg
    if (state.step, verb) in _AT_STEP:
        return _AT_STEP[state.step, verb]
    if verb == "keep" and state.placing:
        return f"Keep your offices: the {_office(state, state.placing)} goes to the next player"
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
    words = verb.replace("_", " ").capitalize()
    return words + ("" if arg is None else f" {arg}")


def card_count(n: int) -> str:
    """``n`` cards in words, singular for one ("1 card", "3 cards")."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _outcome(state: State, crisis: str, cards: list[str]) -> str:
    """What the Emperor does to ``crisis`` with ``cards`` on him, by the rules' own reckoning:
    his strength (R11), the Goths cards Trebonianus Gallus's Gold cancels first (R19), then
    the best discard."""

    strength = emperor_strength(state, crisis, cards)
    cancels = gallus_cancels(state, crisis, cards)
    whole = total(state, crisis)
    gone = best_removal(state, crisis, strength, cancels)
    said = f"strength {strength}"
    if cancels:
        said = f"his Gold cancels {card_count(cancels)} of the Goths, then {said}"
    if gone >= whole:
        return f"{said} solves it"
    if gone == 0:
        return f"{said} discards nothing from it"
    return f"{said} discards cards worth {gone} of its {whole}; it survives"


def _emperor_cards(state: State, role: str, crisis: str, *, with_hand: bool) -> list[str]:
    """The cards on the Emperor, and (with ``with_hand``) every card in ``role``'s hand that
    he may play against ``crisis``."""

    emp = state.emperor
    if emp is None:
        return []
    cards = list(state.played_on[emp])
    if with_hand:
        cards += [c for c in player(state, role).hand if applies(state, c, crisis)]
    return cards


def note(state: State, action: Action, role: str | None = None) -> str | None:
    """What the choice is up against, where the label alone does not say, and for the
    Emperor's choices what they will do."""

    verb, arg = action.verb, action.arg
    if verb == "address" and role is not None and str(arg) in state.crises:
        crisis = str(arg)
        cards = state.crises[crisis]
        matching = [c for c in player(state, role).hand if applies(state, c, crisis)]
        playable = _emperor_cards(state, role, crisis, with_hand=True)
        holding = (
            f"you hold {len(matching)} matching {'card' if len(matching) == 1 else 'cards'} or Gold"
            if matching
            else "you hold no matching card or Gold"
        )
        return (
            f"strength {total(state, crisis)} in {card_count(len(cards))}; {holding}: "
            f"at best {_outcome(state, crisis, playable)}"
        )
    if verb in ("address", "legatus") and str(arg) in state.crises:
        cards = state.crises[str(arg)]
        return f"strength {total(state, str(arg))} in {card_count(len(cards))}"
    if verb == "appoint" and arg in state.cards.candidates:
        f = face(state, str(arg))
        held = next((o for o, h in state.offices.items() if h == arg), None)
        rating = ", ".join(f"{_METHODS[m]} {f.rating(m)}" for m in data.METHODS)
        return rating + (f"; gives up the {_office(state, held)}" if held else "")
    facing = state.address.crisis if state.address else None
    if state.step != "emperor_cards" or role is None or facing is None:
        return None
    if facing not in state.crises:
        return None
    on_him = _emperor_cards(state, role, facing, with_hand=False)
    if verb == "done":
        return f"stop playing cards: {_outcome(state, facing, on_him)}"
    if verb == "play":
        return f"then strength {emperor_strength(state, facing, [*on_him, str(arg)])}"
    return None


def unavailable(state: State, role: str) -> list[dict[str, Any]]:
    """The actions ``role`` sees but may not take now, each with its ``label``, ``cost``
    (none in this game), ``why`` not and the ``action`` itself: the cards of his hand that
    cannot be bid in this election, ``done`` while his candidate does not lead, and the cards
    that do not count against the crisis being addressed. A client shows them greyed. Found
    by the rules' own reckoning (:func:`election.bid_options`, :func:`crises.applies`)."""

    if role not in RULES.active(state):
        return []
    shut: list[tuple[Action, str]] = []
    if state.step == "bidding":
        shut = [(a, why) for a, why in bid_options(state, role) if why is not None]
    elif state.step in ("emperor_cards", "legatus_cards") and state.address is not None:
        crisis = state.address.crisis
        if crisis is not None and crisis in state.crises:
            emperor = state.step == "emperor_cards"
            cards = player(state, role).hand if emperor else legatus_cards(state)
            why = f"only {_crisis(state, crisis)} cards or Gold count against this crisis"
            shut = [
                (Action("play", c), why)
                for c in sorted(set(cards))
                if not applies(state, c, crisis)
            ]
    return [
        {"label": label(state, a), "cost": None, "why": why, "action": a.to_json()}
        for a, why in shut
    ]


def describe(state: State, role: str, actions: list[Action]) -> list[dict[str, Any]]:
    """One entry per action, in order: its ``label``, ``cost`` (none in this game) and
    ``note``. Clients show these instead of building labels of their own."""
    return [{"label": label(state, a), "cost": None, "note": note(state, a, role)} for a in actions]
