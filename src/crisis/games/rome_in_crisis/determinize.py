"""Determinization: a full state sampled to agree with what one role can see.

Hidden are the other players' hands, their face-down crisis cards and the deck order. The
cards not visible anywhere are shuffled (with the bot's ``random.Random``) and dealt into
those places with the counts the view shows; candidates never in a hand go to the deck. The
state gets a fresh engine generator seeded from ``rng``, so future draws are unknown too.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from crisis.engine import rng as dice
from crisis.games.rome_in_crisis.rules import parse_options
from crisis.games.rome_in_crisis.state import Address, Auction, Player, State, procedures


def determinize(view: dict[str, Any], role: str | None, rng: random.Random) -> State:
    """A state that shows ``role`` exactly ``view``, its hidden parts drawn from ``rng``."""
    viewer = view.get("viewer")
    if role is not None and viewer is not None and viewer != role:
        raise ValueError(f"this view belongs to {viewer}, not {role}")
    opts, cards = parse_options(view["options"])
    seen: set[str] = set(view["discard"]) | set(view["removed"]) | set(view["pool"])
    seen |= {x["id"] for x in view["revealed"]} | {x["id"] for x in view["loose_gold"]}
    for on in view["played_on"].values():
        seen |= set(on)
    for cs in view["crisis_cards"].values():
        seen |= set(cs)
    address = view["address"]
    if address:
        seen |= set(address["cancelled"]) | set(address["played"])
    for p in view["players"]:
        seen |= set(p["candidates"]) | set(p.get("hand", []))
    if view.get("my_crisis_card"):
        seen.add(view["my_crisis_card"])
    hidden = sorted(c for c in cards.influence if c not in seen)
    rng.shuffle(hidden)
    players = []
    chosen: dict[str, str] = {}
    if view.get("my_crisis_card") and viewer:
        chosen[viewer] = view["my_crisis_card"]
    for p in view["players"]:
        hand = list(p["hand"]) if "hand" in p else [hidden.pop() for _ in range(p["hand_count"])]
        if p["chosen"] and p["role"] not in chosen:
            chosen[p["role"]] = hidden.pop()
        players.append(
            Player(role=p["role"], hand=hand, candidates=list(p["candidates"]), vp=p["vp"])
        )
    deck = hidden + [c for c in cards.candidates if c not in seen]
    rng.shuffle(deck)
    if len(deck) != view["deck_count"]:
        raise ValueError(
            f"the view's cards do not add up: deck {len(deck)}, shown {view['deck_count']}"
        )
    seats = [p["role"] for p in view["players"]]
    offices = {o["id"]: o["holder"] for o in view["offices"]}
    return State(
        options=opts,
        cards=cards,
        rng=dice.new_rng(rng.getrandbits(63)),
        players=players,
        dealer=seats.index(view["dealer"]),
        method=view["method"],
        chooser=view["chooser"],
        faces=dict(view["faces"]),
        deck=deck,
        discard=list(view["discard"]),
        removed=list(view["removed"]),
        pool=list(view["pool"]),
        revealed=[x["id"] for x in view["revealed"]],
        order=list(view["order"]),
        played_on={c: list(v) for c, v in view["played_on"].items()},
        offices=offices,
        pending=list(view["pending_offices"]),
        received=list(view["received"]),
        declined=list(view.get("declined", [])),
        crises={k: list(v) for k, v in view["crisis_cards"].items()},
        loose_gold=[x["id"] for x in view["loose_gold"]],
        chosen=chosen,
        auction=msgspec.convert(view["auction"], Auction) if view["auction"] else None,
        emperor=view["emperor"],
        last_emperor=view["last_emperor"],
        removals=view["removals"],
        turn=view["turn"],
        step=view["step"],
        stack=procedures(
            msgspec.convert(address, Address) if address else None,
            view["placing"],
            view["appointee"],
        ),
        reveals=view["reveals"],
        version=view["version"],
        log=list(view["log"]),
        final=view["result"],
    )
