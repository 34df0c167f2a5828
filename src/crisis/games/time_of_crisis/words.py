"""Actions in words, with what they cost and what they risk (the table's prompt shows these).

The title describes its own actions so that no client re-implements a rule: ``describe``
gives each legal action a label a player understands, its cost, and a note (for a Place
Governor the votes needed and the chance of success; the influence lost by ending one's
actions early).

Costs are not a second table of prices: each verb's cost is declared once, with its
handler (:mod:`costs`), and read here; the handler pays the same declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.board import counted
from crisis.games.time_of_crisis.catalog import POOL_MAX
from crisis.games.time_of_crisis.costs import cost_of, spheres
from crisis.games.time_of_crisis.market import prices
from crisis.games.time_of_crisis.odds import attack_odds
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.senate import vote_for
from crisis.games.time_of_crisis.state import State, copy_state, find_army, governed

_PHRASES = {
    "end_actions": "End your actions",
    "end_buy": "End your turn",
    "pass": "Pass",
    "keep": "Keep the dice",
    "reroll": "Roll again",
    "stay": "Stay",
    "advance": "Advance",
}


def card_name(cid: Any) -> str:
    """A card as printed: "Mob (Populace 3)"; the starting cards by their plain name."""
    card = data.INFLUENCE.get(str(cid))
    if card is None:
        event = data.EVENTS.get(str(cid))
        return event.name if event else str(cid)
    if card.value == 1:
        return card.name
    return f"{card.name} ({data.SPHERE[card.suit]} {card.value})"


def _foe(target: Any) -> str:
    """A battle target without the position: "#3" is army 3; tribes and Rival Emperors by
    name."""
    text = str(target)
    if text.startswith("#"):
        return f"army {text[1:]}"
    if text == "militia":
        return "the Militia"
    return f"the {text}" if text in data.TRIBES else text


def foe_in_place(state: State, target: Any, region: str) -> str:
    """A battle target and where it stands, so two targets never read alike: "Red's army 7
    in Galatia", "the Militia of Galatia", "the Sassanids in Galatia", "the Sassanids in
    their homeland", "the Rival Emperor Postumus in Gallia"."""
    text = str(target)
    if text.startswith("#"):
        d = find_army(state, int(text[1:]))
        owner = f"{d.owner.capitalize()}'s " if d is not None else ""
        return f"{owner}army {text[1:]} in {region}"
    if text == "militia":
        return f"the Militia of {region}"
    if text in data.TRIBES:
        return f"the {text} in their homeland" if region == text else f"the {text} in {region}"
    return f"the Rival Emperor {text} in {region}"


def battle_label(state: State, action: Action) -> str | None:
    """The label of an attack, naming the target and where it is (None for other verbs)."""
    if action.verb == "initiate_battle" and isinstance(action.arg, tuple):
        a = find_army(state, int(action.arg[0]))
        if a is None:
            return None
        return f"Army {a.id} attacks {foe_in_place(state, action.arg[1], a.region)}"
    if action.verb == "militia_battle" and isinstance(action.arg, tuple):
        province, target = action.arg
        return f"The Militia of {province} attacks {foe_in_place(state, target, str(province))}"
    return None


def _percent(p: float) -> str:
    """A chance in words: "58%", "under 1%", "over 99%", "0%", "100%"."""
    pct = 100 * p
    if 0 < pct < 1:
        return "under 1%"
    if 99 < pct < 100:
        return "over 99%"
    return f"{round(pct)}%"


def battle_note(state: State, action: Action) -> str | None:
    """What an attack risks, from :func:`odds.attack_odds` (the combat rules' own dice):
    both sides' dice, the chance to win and to be wiped out, the expected hits each way."""
    odds = attack_odds(state, action)
    if odds is None:
        return None
    lone = action.verb == "militia_battle"
    events = [
        name
        for name, on in (
            ("Cavalry", state.turn.cavalry),
            ("Flanking Maneuver, re-rolling when not winning", state.turn.flanking),
            ("Spiculum, striking first", state.turn.spiculum),
        )
        if on
    ]
    how = f" (with {', '.join(events)})" if events else ""
    estimated = f"≈{_percent(odds.win)}" if state.turn.spiculum else _percent(odds.win)
    return (
        f"{_dice(odds.attack_dice)} against {odds.defend_dice}, 6s add dice{how}: "
        f"{estimated} chance to win, {_percent(odds.wiped_out)} chance your "
        f"{'Militia falls' if lone else 'army is wiped out'}; "
        f"expected hits {odds.dealt:.1f} dealt, {odds.taken:.1f} taken"
    )


#: Each verb's label, from its arg and the arg's items (a tuple's parts, or the arg alone).
_LABELS: dict[str, Callable[[Any, list[Any]], str]] = {
    "play_card": lambda arg, items: f"Play {card_name(arg)}",
    "choose_card": lambda arg, items: f"Take {card_name(arg)}",
    "ludi": lambda arg, items: f"Ludi Saeculares: discard {card_name(arg)} for legacy",
    "discard": lambda arg, items: f"Discard {card_name(arg)}",
    "trash": lambda arg, items: f"Trash {card_name(arg)}",
    "demagogue_discard": lambda arg, items: f"Discard {card_name(arg)}",
    "buy": lambda arg, items: f"Buy {card_name(arg)}",
    "cycle": lambda arg, items: f"Cycle the {arg} stack",
    "place_governor": lambda arg, items: f"Place a Governor in {items[0]} with {_dice(items[1])}",
    "praetorian_guard": lambda arg, items: (
        f"Praetorian Guard: a Governor in Italia with {_dice(arg)}"
    ),
    "move_army": lambda arg, items: f"Move army {items[0]} to {items[1]}",
    "initiate_battle": lambda arg, items: f"Army {items[0]} attacks {_foe(items[1])}",
    "militia_battle": lambda arg, items: f"The Militia of {items[0]} attacks {_foe(items[1])}",
    "build": lambda arg, items: (
        f"Build {'an' if str(items[1])[0] in 'AEIOU' else 'a'} {items[1]} in {items[0]}"
    ),
    "recruit_general": lambda arg, items: f"Recruit the General at {arg} on your mat",
    "recruit_governor": lambda arg, items: f"Recruit the Governor at {arg} on your mat",
    "recall_governor": lambda arg, items: f"Recall your Governor from {arg}",
    "increase_support": lambda arg, items: f"Increase support in {arg}",
    "place_militia": lambda arg, items: f"Place a Militia in {arg}",
    "hold_games": lambda arg, items: f"Hold games in {arg}",
    "choose_province": lambda arg, items: f"Start in {arg}",
    "create_army": lambda arg, items: f"Create an army in {arg}",
    "add_legion": lambda arg, items: f"Add a legion to army {arg}",
    "train_legion": lambda arg, items: f"Train a legion of army {arg}",
    "enter_capital": lambda arg, items: f"Army {arg} enters its capital",
    "leave_capital": lambda arg, items: f"Army {arg} leaves its capital",
    "disperse_mob": lambda arg, items: (
        f"The Militia of {arg} disperses a Mob"
        if isinstance(arg, str)
        else f"Army {arg} disperses a Mob"
    ),
    "castra": lambda arg, items: f"Castra on army {arg}",
    "force_march": lambda arg, items: f"Force March with army {arg}",
    "ambitus": lambda arg, items: f"Ambitus: {counted(int(str(arg)), 'Populace point')} as votes",
    "take_hit": lambda arg, items: _hit_label(str(arg)),
    "reward": lambda arg, items: (
        "Reward: +1 support where the battle was"
        if arg == "support"
        else "Reward: 2 off a card you buy this turn"
    ),
    "tribute": lambda arg, items: f"Tribute: {items[1]} in {items[0]} turn inactive",
    "foederati": lambda arg, items: (
        f"Foederati: army {items[0]} takes in a warrior of the {items[2]} from {items[1]}"
    ),
    "order": lambda arg, items: "Events in order: " + ", ".join(card_name(e) for e in items),
}


def label(action: Action) -> str:
    """A readable label for ``action`` (no state needed)."""
    verb, arg = action.verb, action.arg
    if verb in _PHRASES and arg is None:
        return _PHRASES[verb]
    said = _LABELS.get(verb)
    if said is not None:
        return said(arg, list(arg) if isinstance(arg, tuple) else [arg])
    words = verb.replace("_", " ").capitalize()
    if arg is None:
        return words
    if isinstance(arg, tuple):
        return f"{words}: {' '.join(str(x) for x in arg)}"
    return f"{words}: {arg}"


def _hit_label(choice: str) -> str:
    tribe, _, side = choice.partition(":")
    if side:
        return f"Hit an {side} {tribe} counter"
    words = {"reduce": "reduce a full legion", "remove": "remove a reduced legion"}
    return f"Take the hit: {words.get(choice, choice)}"


def _dice(n: Any) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _spent(state: State, role: str, action: Action) -> dict[str, int]:
    """``action``'s declared cost by sphere; none for an action its cost rule cannot read
    (words are asked of legal actions only, but a description must never break the table)."""
    try:
        return spheres(cost_of(state, role, action))
    except Exception:
        return {}


def _amount(n: int, what: str) -> str:
    """``n`` of a sphere's influence ("2 Senate") or of political points ("1 political
    point", "3 political points")."""
    return counted(n, what) if what == "political point" else f"{n} {what}"


def _cost_words(spent: dict[str, int]) -> str | None:
    costs = [_amount(n, what) for what, n in spent.items() if n > 0]
    gains = [_amount(-n, what) for what, n in spent.items() if n < 0]
    parts = []
    if costs:
        parts.append("costs " + " and ".join(costs))
    if gains:
        parts.append("gives " + " and ".join(gains))
    return ", ".join(parts) or None


def _note(state: State, role: str, action: Action) -> str | None:
    verb, arg = action.verb, action.arg
    if verb in ("initiate_battle", "militia_battle"):
        return battle_note(state, action)
    if verb in ("place_governor", "praetorian_guard"):
        province, dice = arg if isinstance(arg, tuple) else (data.ITALIA, arg)
        paid = dice if isinstance(dice, int) else 0
        vote = vote_for(state, role, str(province), paid)
        if vote.automatic == "mobile_vulgus":
            return "Mobile Vulgus: succeeds without a vote"
        if vote.automatic == "neutral":
            return f"{counted(vote.need, 'vote')} needed: a Neutral governor falls without a roll"
        extra = f" ({vote.dice} dice with Basilica/Ambitus)" if vote.dice != paid else ""
        return f"{counted(vote.need, 'vote')} needed{extra}: {_percent(vote.chance)} chance"
    if verb == "end_actions":
        left = sum(state.turn.pool.values())
        if left:
            return f"the {left} influence you have not spent is lost"
    if verb == "end_buy" and state.turn.political:
        points = counted(state.turn.political, "political point")
        return (
            f"the {points} you have not spent {'is' if state.turn.political == 1 else 'are'} lost"
        )
    if verb == "trash":
        return "the card leaves the game"
    if verb == "reward" and state.reward is not None and state.battle is not None:
        figure = state.reward.figure
        if arg == "support":
            return f"for removing {figure}: support in {state.battle.region} rises by 1"
        sphere = data.SPHERE[state.reward.suit]
        return (
            f"for removing {figure}: the first {sphere} card you buy this turn costs 2 less "
            f"({figure} stays in your play area as a reminder)"
        )
    if verb == "buy":
        provinces = len(governed(state, role))
        value = data.INFLUENCE[str(arg)].value
        if value > provinces:
            govern = counted(provinces, "province")
            return f"double price: its value is above the {govern} you govern"
    return None


def describe(state: State, role: str, actions: list[Action]) -> list[dict[str, Any]]:
    """For each of ``actions`` (legal for ``role`` now): ``label``, ``cost`` (words, or
    None), ``note`` (odds, what is lost, or None) and ``confirm`` (a question a client asks
    before an action that loses something for good, or None)."""
    return [
        {
            "label": battle_label(state, action) or label(action),
            "cost": _cost_words(_spent(state, role, action)),
            "note": _note(state, role, action),
            "confirm": _confirm(state, action),
        }
        for action in actions
    ]


def _confirm(state: State, action: Action) -> str | None:
    """The question to ask before ``action`` when it throws something away: unspent
    influence or political points, or a card trashed for good."""
    verb = action.verb
    left = sum(state.turn.pool.values())
    if verb == "end_actions" and left:
        return (
            f"You still have {left} influence this turn. It is lost when you end your "
            "actions. End them anyway?"
        )
    if verb == "end_buy" and state.turn.political:
        one = state.turn.political == 1
        return (
            f"You still have {counted(state.turn.political, 'political point')}. "
            f"{'It is' if one else 'They are'} lost when your turn ends. End it anyway?"
        )
    if verb == "trash":
        points = counted(data.COSTS.trash_card, "political point")
        return f"Trash {card_name(action.arg)} for {points}? It leaves the game for good."
    return None


#: Labels for a group of actions (any destination, any number of dice).
_GROUPED = {
    "move_army": lambda arg: f"Move army {arg[0]}",
    "initiate_battle": lambda arg: f"Army {arg[0]} attacks",
    "militia_battle": lambda arg: f"The Militia of {arg[0]} attacks",
    "place_governor": lambda arg: f"Place a Governor in {arg[0]}",
}

#: Verbs never shown greyed: playing a card and ending the actions cost no influence.
_NEVER_GREYED = frozenset({"play_card", "end_actions"})
#: The suit of each sphere's name ("Senate" -> its suit), the inverse of ``data.SPHERE``.
_SUIT_OF = {name: suit for suit, name in data.SPHERE.items()}


@cache
def _amount_verbs() -> frozenset[str]:
    """Verbs whose argument ends in an amount of influence the player chooses (a Governor's
    dice, Praetorian Guard, Ambitus): read from their declared argument domains."""
    return frozenset(
        v.name for v in RULES.verbs.values() if any(a and a[-1] == "amount" for a in v.args)
    )


def _greyed_key(action: Action, amounts: frozenset[str]) -> tuple[str, Any]:
    """What one greyed entry stands for: the verb and its first argument (an army, a
    province ...), or for an amount verb the verb and its argument less the amount."""
    verb, arg = action.verb, action.arg
    if verb in amounts:
        return verb, arg[:-1] if isinstance(arg, tuple) else None
    return verb, arg[0] if isinstance(arg, tuple) else arg


def unavailable(state: State, role: str) -> list[dict[str, Any]]:
    """At ``role``'s Take Actions prompt, the actions he could take with more influence,
    each with its ``label``, ``cost`` and ``why`` not now (a client shows them greyed). Found
    by the rules themselves: the legal actions with a full pool (each suit at the largest
    pool a hand can make) that are not legal now. An action with an amount of influence of
    the player's choosing (a Governor's dice, Praetorian Guard, Ambitus) is one entry, at
    its cheapest amount, and none while some amount of it is legal now.
    At his Buy/Trash prompt, the cards on offer he cannot pay for, each with the ``action``
    it would be (the market greys those cards)."""
    if role not in RULES.active(state):
        return []
    if state.step == "buy":
        return _unaffordable(state, role, RULES.actions(state, role))
    if state.step != "actions":
        return []
    amounts = _amount_verbs()
    legal = RULES.actions(state, role)
    now = set(legal)
    open_now = {_greyed_key(a, amounts) for a in legal if a.verb in amounts}
    rich = copy_state(state)
    rich.turn.pool = dict.fromkeys(data.SUITS, POOL_MAX)
    pool = state.turn.pool
    # Which action speaks for each entry: the last one short of influence (the first, the
    # cheapest, for an amount verb). Words are made for those only.
    chosen: dict[tuple[str, Any], tuple[Action, dict[str, int], dict[str, int]]] = {}
    for action in RULES.actions(rich, role):
        verb, arg = action
        if verb in amounts:  # (many: every number of dice in every province; inlined key)
            key = (verb, arg[:-1] if isinstance(arg, tuple) else None)
            if key in open_now or key in chosen:
                continue  # some amount is legal now, or its cheapest is in hand already
        elif verb in _NEVER_GREYED or action in now:
            continue
        else:
            key = _greyed_key(action, amounts)
        spent = _spent(rich, role, action)
        short = {
            what: n
            for what, n in spent.items()
            if n > 0 and what != "political point" and n > pool[_SUIT_OF[what]]
        }
        if short:  # else not a matter of influence (the rules forbid it for another reason)
            chosen[key] = (action, spent, short)
    out = []
    for action, spent, short in chosen.values():
        why = "; ".join(
            f"needs {n} {what}, you have {pool[_SUIT_OF[what]]}" for what, n in short.items()
        )
        said = _GROUPED.get(action.verb)
        name = said(action.arg) if said and isinstance(action.arg, tuple) else label(action)
        out.append({"label": name, "cost": _cost_words(spent), "why": why})
    return out


def _unaffordable(state: State, role: str, legal: list[Action]) -> list[dict[str, Any]]:
    """The cards on offer ``role`` cannot buy now for want of political points."""
    points = state.turn.political
    out = []
    for cid, price in prices(state, role).items():
        action = Action("buy", cid)
        if action in legal or price <= points:
            continue
        out.append(
            {
                "label": label(action),
                "cost": f"costs {counted(price, 'political point')}",
                "why": f"needs {counted(price, 'political point')}, you have {points}",
                "action": action.to_json(),
            }
        )
    return out
