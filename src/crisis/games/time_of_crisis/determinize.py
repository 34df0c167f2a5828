"""Determinization: a full game state sampled to agree with what one role can see.

A searching bot sees only its view. To use the rules engine it needs a whole state, so
:func:`determinize` fills the hidden parts with a sample consistent with that view:

* other players' cards: each deck is the nine starting cards plus the public purchases less
  the public trashes (less the cards lying played this turn), dealt at random into hand,
  Available and Discard Pile with the counts the view shows;
* the event deck: the events not yet drawn, shuffled, with Diocletian among the bottom four
  (the setup puts it there and cards are only drawn from the top), and Frumentarii's peek on
  top when the viewer is looking at it;
* the variable market's face-down stacks: each slot's cards less every purchase so far, under
  the face-up top card the view shows;
* a fresh random generator, so future dice are unknown too.

Only the view is read: two states that show a role the same view give the same samples
for the same ``rng``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec

from crisis.engine import rng as dice
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.state import Battle, Reward, State, procedures

DIOCLETIAN = "diocletian"
BOTTOM = 4  # Diocletian is shuffled into the bottom four event cards at setup (RULES 3.1)

_PUBLIC_PLAYER_KEYS = (
    "role",
    "legacy",
    "emperor_turns",
    "turns",
    "governors_unclaimed",
    "governors_ready",
    "generals_unclaimed",
    "generals_ready",
    "trophies",
    "ludi",
    "bought",
    "trashed",
)


def determinize(view: dict[str, Any], role: str | None, rng: random.Random) -> State:
    """A state that shows ``role`` exactly ``view``, its hidden parts drawn from ``rng``."""
    viewer = view.get("viewer")
    if role is not None and viewer is not None and viewer != role:
        raise ValueError(f"this view belongs to {viewer}, not {role}")
    players = [_player(entry, view, rng, mine=entry["role"] == viewer) for entry in view["players"]]
    deck = _event_deck(view, rng)
    peek = list(view.get("peek") or [])
    if view["step"] == "frumentarii" and not peek:
        peek = deck[:3]
    return _state(view, players, deck, peek, _stacks(view, rng), rng.getrandbits(63))


def public_board(view: dict[str, Any]) -> State:
    """The board exactly as ``view`` shows it, with nothing hidden filled in: other players'
    cards, the event deck and the market's face-down stacks empty, a fixed generator. It
    answers the rules' questions about what lies in plain sight (votes, battles, capitals,
    costs) at a fraction of :func:`determinize`'s cost; it is not a state to play on."""
    viewer = view.get("viewer")
    players = []
    for entry in view["players"]:
        out = {key: entry[key] for key in _PUBLIC_PLAYER_KEYS if key in entry}
        mine = entry["role"] == viewer
        for pile in ("hand", "available", "discard"):
            out[pile] = entry[pile] if mine else []
        players.append(out)
    return _state(view, players, [], list(view.get("peek") or []), {}, 0)


def _state(
    view: dict[str, Any],
    players: list[dict[str, Any]],
    deck: list[str],
    peek: list[str],
    stacks: dict[str, list[str]],
    seed: int,
) -> State:
    """The state built from ``view``'s public parts and the given hidden ones."""
    roles = [p["role"] for p in view["players"]]
    final = view.get("result")
    # The procedures in progress, rebuilt from the data the view shows of them.
    battle, reward = view["battle"], view["reward"]
    stack, choosing = procedures(
        view["step"],
        list(view.get("stack", [])),
        msgspec.convert(battle, Battle) if battle else None,
        msgspec.convert(reward, Reward) if reward else None,
        view["occupy"],
        dict(view["choosing"]),
    )
    raw: dict[str, Any] = {
        "options": view["options"],
        "rng": msgspec.to_builtins(dice.new_rng(seed)),
        "players": players,
        "provinces": view["provinces"],
        "tribes": view["tribes"],
        "supply": view["supply"],
        "event_deck": deck,
        "stacks": stacks,
        "emperor_token": view["emperor_token"],
        "peek": peek,
        "first": roles.index(view["first"]),
        "current": roles.index(view["current"]),
        "step": view["step"],
        "round": view["round"],
        "armies": view["armies"],
        "next_army": _next_army(view),
        "leaders": view["leaders"],
        "rivals": view["rivals"],
        "events_drawn": view["events_drawn"],
        "lasting": view["lasting"],
        "turn": view["turn"],
        "choosing": choosing,
        "last_round": view["last_round"],
        "ended": final.get("reason") if final else None,
        "final": final,
        "log": view["log"],
    }
    # msgspec copies every list and dict on the way in: the view is never shared.
    state = msgspec.convert(raw, State)
    state.stack = stack
    return state


def deck_cards(entry: dict[str, Any]) -> Counter[str]:
    """Every card a player owns, from public information: starting cards plus purchases less
    trashes (the cards played this turn included)."""
    cards = Counter(data.STARTING_CARDS)
    cards.update(entry.get("bought", []))
    cards.subtract(entry.get("trashed", []))
    return +cards


def _player(
    entry: dict[str, Any], view: dict[str, Any], rng: random.Random, *, mine: bool
) -> dict[str, Any]:
    out = {key: entry[key] for key in _PUBLIC_PLAYER_KEYS if key in entry}
    if mine:
        out.update(hand=entry["hand"], available=entry["available"], discard=entry["discard"])
        return out
    cards = deck_cards(entry)
    if entry["role"] == view["current"]:
        cards.subtract(view["turn"]["played"])
    pool = list((+cards).elements())
    rng.shuffle(pool)
    counts = (entry["hand_count"], entry["available_count"], entry["discard_count"])
    pool = _fit(pool, sum(counts), rng)
    hand, rest = pool[: counts[0]], pool[counts[0] :]
    out.update(hand=hand, available=rest[: counts[1]], discard=rest[counts[1] :])
    return out


def _fit(pool: list[str], size: int, rng: random.Random) -> list[str]:
    """``pool`` cut or padded (with starting cards) to ``size``: only a view that hides part
    of the history (a hand-made one) needs it."""
    if len(pool) >= size:
        return pool[:size]
    return pool + [rng.choice(data.STARTING_CARDS) for _ in range(size - len(pool))]


def _event_deck(view: dict[str, Any], rng: random.Random) -> list[str]:
    drawn = set(view["events_drawn"])
    left = [e for e in data.EVENTS if e not in drawn]
    size = view["event_deck_count"]
    peek = [e for e in view.get("peek") or [] if e in left]
    rest = [e for e in left if e not in peek]
    rng.shuffle(rest)
    if DIOCLETIAN in rest:
        rest.remove(DIOCLETIAN)
        deck = peek + rest
        deck = deck[: max(0, size - 1)]
        low = max(len(peek), len(deck) + 1 - BOTTOM)
        deck.insert(rng.randint(low, len(deck)), DIOCLETIAN)
    else:
        deck = (peek + rest)[:size]
    return deck


def _stacks(view: dict[str, Any], rng: random.Random) -> dict[str, list[str]]:
    market = view.get("market") or {}
    if not market:
        return {}
    kinds = [data.REPLACEMENTS.get(cid, cid) for cid in data.SUPPLY_CARDS]
    kinds += list(data.EXPANSION_CARDS)
    bought = Counter(cid for p in view["players"] for cid in p.get("bought", []))
    stacks: dict[str, list[str]] = {}
    for slot, shown in market.items():
        here = [cid for cid in kinds if data.INFLUENCE[cid].category == slot]
        left = Counter({cid: data.INFLUENCE[cid].count for cid in here})
        left.subtract(bought)
        top = shown["top"]
        if top is not None:
            left[top] -= 1
        rest = list((+left).elements())
        rng.shuffle(rest)
        size = shown["count"] - (1 if top is not None else 0)
        if len(rest) < size:
            rest += [top or here[0]] * (size - len(rest))
        stacks[slot] = ([top] if top is not None else []) + rest[:size]
    return stacks


def _next_army(view: dict[str, Any]) -> int:
    ids = [a["id"] for a in view["armies"]]
    battle = view.get("battle")
    if battle:
        ids.append(battle["attacker"])
        if battle["kind"] == "army":
            ids.append(int(battle["defender"]))
    token = view.get("emperor_token")
    if token and token.get("army") is not None:
        ids.append(token["army"])
    return max(ids, default=0) + 1


__all__ = ["deck_cards", "determinize", "public_board"]
