"""A rule-of-thumb bot for Rome in Crisis, reading only its view.

It plays the way a sensible newcomer would: draft the most valuable cards (Gold counts for
more, since it fits every election and every crisis), nominate and bid for the candidate with
the best worth only when the lead is cheap, throw its weakest card into the crises, and as
Emperor or Legatus pick the crisis it can clear outright (success points), else the one where
its cards remove the most.
"""

from __future__ import annotations

import random
from typing import Any

from crisis.engine.action import Action
from crisis.games.rome_in_crisis import data

#: The most a lead in the election may cost, in card value, before the bot passes instead.
BID_BUDGET = 9
GOLD_WEIGHT = 1.5


class HeuristicBot:
    """Rome in Crisis rules of thumb; see the module docstring."""

    name = "heuristic"

    def __init__(self, bid_budget: int = BID_BUDGET) -> None:
        self.bid_budget = int(bid_budget)
        self._cards: data.CardSet | None = None
        # role -> (turn, card value bid so far that turn): one bot may play several seats
        # (a search's rollouts do), and each seat keeps its own budget
        self._spent: dict[str, tuple[int, int]] = {}

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        """One of ``actions`` by the rules of thumb of the module docstring."""
        if not actions:
            raise ValueError(f"{role} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        self._cards = data.card_set((view.get("options") or {}).get("cards"))
        pick = getattr(self, f"_{view['step']}", None)
        choice = pick(view, role, actions) if pick else None
        return choice if choice in actions else actions[0]

    # -- card facts -------------------------------------------------------------------------

    def value(self, card: object) -> int:
        """An influence card's value (0 for anything else)."""
        assert self._cards is not None
        info = self._cards.influence.get(str(card))
        return info.value if info else 0

    def suit(self, card: object) -> str:
        """An influence card's suit (``""`` for anything else)."""
        assert self._cards is not None
        info = self._cards.influence.get(str(card))
        return info.suit if info else ""

    def worth(self, card: object) -> float:
        """How much the bot wants a card in hand."""
        return self.value(card) * (GOLD_WEIGHT if self.suit(card) == "gold" else 1.0)

    @staticmethod
    def _candidates(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return {c["id"]: c for c in view["candidates"]}

    def _rating(self, view: dict[str, Any], cand: object) -> int:
        return int(sum(self._candidates(view)[str(cand)]["ratings"].values()))

    # -- steps (one method per step name) ---------------------------------------------------

    def _choose_method(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        cands = self._candidates(view)
        mine = [cands[c] for p in view["players"] if p["role"] == role for c in p["candidates"]]
        others = [cands[c] for p in view["players"] if p["role"] != role for c in p["candidates"]]

        def edge(a: Action) -> int:
            best = max((c["ratings"][a.arg] for c in mine), default=0)
            theirs = max((c["ratings"][a.arg] for c in others), default=0)
            return best - theirs

        return max(acts, key=edge)

    def _setup_draft(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        cands = self._candidates(view)

        def score(a: Action) -> float:
            if a.verb == "draft":
                return self._rating(view, a.arg)
            if a.verb != "draft_office" or not isinstance(a.arg, (tuple, list)):
                return -1.0
            office, cand = (str(x) for x in a.arg)
            offices = {o["id"]: o for o in view["offices"]}
            return sum(offices[office]["bonus"].values()) + cands[cand]["ratings"].get(
                offices[office]["category"], 0
            )

        return max(acts, key=score)

    def _draft(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        me = next(p for p in view["players"] if p["role"] == role)
        cands = self._candidates(view)

        def score(a: Action) -> float:
            if a.arg in cands:
                return 4.0 + self._rating(view, a.arg) / 2 - len(me["candidates"])
            return self.worth(a.arg)

        return max(acts, key=score)

    def _shortfall(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        return max(acts, key=lambda a: self.worth(str(a.arg)) if isinstance(a.arg, str) else 0)

    def _nominate(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        cands = self._candidates(view)
        method = view.get("method") or "military"
        return max(acts, key=lambda a: cands[str(a.arg)]["ratings"].get(method, 0))

    def _bidding(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        turn = int(view.get("turn") or 0)
        spent_turn, spent = self._spent.get(role, (-1, 0))
        if spent_turn != turn:
            spent = 0
        done = [a for a in acts if a.verb == "done"]
        if done:
            return done[0]
        bids = [a for a in acts if a.verb == "bid"]
        if not bids or spent >= self.bid_budget:
            return next((a for a in acts if a.verb == "pass"), acts[0])
        card = min(bids, key=lambda a: self.worth(a.arg)).arg
        self._spent[role] = (turn, spent + self.value(card))
        return Action("bid", card)

    def forget(self) -> None:
        """Drop what the bot remembers of the turn (its bids so far), as at a fresh table."""
        self._spent.clear()

    def _appoint(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        return max(acts, key=lambda a: self._rating(view, a.arg) if a.arg else -1)

    def _mount(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        return min(acts, key=lambda a: self.worth(a.arg))

    def _address(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        return self._best_crisis(view, acts)

    _legatus = _address

    def _best_crisis(self, view: dict[str, Any], acts: list[Action]) -> Action:
        hand = list(view.get("hand") or [])
        crises = {c["type"]: c for c in view["crises"]}

        def score(a: Action) -> tuple[int, int]:
            crisis = crises.get(a.arg)
            if crisis is None:
                return (0, 0)
            power = sum(self.value(c) for c in hand if self.suit(c) in (a.arg, "gold"))
            clear = power >= crisis["total"]
            return (1 if clear else 0, len(crisis["cards"]) if clear else -crisis["total"])

        return max(acts, key=score)

    def _emperor_cards(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        address = view.get("address") or {}
        crisis = next((c for c in view["crises"] if c["type"] == address.get("crisis")), None)
        plays = [a for a in acts if a.verb == "play"]
        done = next((a for a in acts if a.verb == "done"), acts[0])
        if crisis is None or not plays:
            return done
        played = sum(self.value(c) for c in address.get("played", []))
        if played >= crisis["total"]:
            return done
        # play the biggest card first, so that few cards clear the crisis
        return max(plays, key=lambda a: self.value(a.arg))

    _legatus_cards = _emperor_cards

    def _discard(self, view: dict[str, Any], role: str, acts: list[Action]) -> Action:
        return max(acts, key=lambda a: self.value(str(a.arg)))

    _cancel = _discard  # Trebonianus Gallus's Gold: cancel the highest Goths card
