"""What points of each sphere are worth next turn, and the hand that buys the most of it.

Unspent points vanish at the end of a turn, and most actions need several points of one
sphere at once (a Governor and two votes, an improvement), so a hand of five cards spread
over the three spheres often buys nothing. :func:`sphere_curves` estimates, from the board,
the value a turn gets out of 0, 1, 2 ... points of each sphere (a greedy plan per sphere);
:func:`best_split` picks how many cards of each suit to hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import Profile
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.military import add_legion_cost
from crisis.games.time_of_crisis.populace import GAMES_COST, support_cost
from crisis.games.time_of_crisis.state import NEUTRAL

MAX_POINTS = 12
SUITS = ("red", "blue", "yellow")
Curve = list[float]


def _curve(options: list[tuple[int, float]]) -> Curve:
    """Value of 0..MAX_POINTS points spent greedily on the best-ratio options (each once)."""
    ranked = sorted(
        ((c, v) for c, v in options if v > 0 and c <= MAX_POINTS),
        key=lambda x: -x[1] / max(1, x[0]),
    )
    curve: Curve = []
    for budget in range(MAX_POINTS + 1):
        total, left = 0.0, budget
        for cost, value in ranked:
            if cost <= left:
                left -= cost
                total += value
        curve.append(total)
    return curve


def senate_curve(o: Obs, prof: Profile) -> Curve:
    """Value of 0..MAX_POINTS Senate points: recruit Governors, then take the targets."""
    from crisis.ai.toc.spending import province_value

    targets: list[tuple[int, float]] = []
    for name, prov in o.prov.items():
        gov = prov["governor"]
        if gov in (None, o.me) or prov["no_place_governor"] or prov["pretender"] is not None:
            continue
        if name == data.ITALIA and o.emperor == o.me:
            continue
        if gov == NEUTRAL and not prov["quaestor"]:
            # Enough dice against a Neutral always carry the vote (ruling 16).
            dice = max(1, o.votes_needed(name) - o.extra_dice(name))
            targets.append((dice, province_value(o, name, prof)))
            continue
        floor = prof.italia_odds if name == data.ITALIA else prof.steal_odds
        for dice in range(1, MAX_POINTS + 1):
            odds = o.vote_chance(name, dice)
            if odds >= floor:
                targets.append((dice, odds * province_value(o, name, prof)))
                break
    targets.sort(key=lambda t: -t[1] / t[0])
    curve: Curve = []
    unclaimed = sorted(o.p["governors_unclaimed"])
    for budget in range(MAX_POINTS + 1):
        ready = o.p["governors_ready"]
        costs = list(unclaimed)
        value, left = 0.0, budget
        for dice, worth in targets:
            if dice > left:
                continue
            if not ready:
                if not costs or costs[0] + dice > left:
                    continue
                left -= costs.pop(0)
                ready += 1
            left -= dice
            ready -= 1
            value += worth
        if costs and costs[0] <= left:
            value += 0.4  # a Governor recruited now serves next turn
        curve.append(value)
    return curve


def populace_curve(o: Obs, prof: Profile) -> Curve:
    """Value of Populace points: games against Mobs, improvements, support, Militia."""
    turns = o.turns_left
    options: list[tuple[int, float]] = []
    cost = o.improvement_cost
    for name in o.mine:
        prov = o.prov[name]
        if prov["mobs"]:
            options.append((GAMES_COST, 5.0 if prov["mobs"] >= prov["support"] - 1 else 1.5))
        blocked = prov["mobs"] or any(prov["active"].values()) or o.leaders_in(name)
        if not blocked:
            for _ in range(len(data.IMPROVEMENTS) - len(prov["improvements"])):
                options.append((cost, prof.build_weight * 0.9 * turns))
        if name != data.ITALIA:
            for support in range(prov["support"], data.SUPPORT_MAX):
                value = prof.support_weight * (1.0 + 0.25 * min(turns, 6)) - 0.3 * (
                    support - prov["support"]
                )
                options.append((support_cost(support), value))
    return _curve(options)


def military_curve(o: Obs, prof: Profile) -> Curve:
    """Value of Military points: fights near my provinces, training and growing armies."""
    options: list[tuple[int, float]] = []
    armies = o.my_armies
    for name in o.mine:
        foes = (
            sum(o.barbarians_in(name).values()) + len(o.leaders_in(name)) + len(o.rivals_in(name))
        )
        if not foes:
            continue
        near = [a for a in armies if data.DISTANCE[a["region"]].get(name, 9) <= 1]
        if near:
            step = 0 if any(a["region"] == name for a in near) else 1
            options.append((1 + step, 4.0 + foes))
    if prof.hunts:
        for name in o.prov:
            if name in o.mine:
                continue
            foes = sum(o.barbarians_in(name).values()) + len(o.leaders_in(name))
            if foes and any(data.DISTANCE[a["region"]].get(name, 9) <= 1 for a in armies):
                options.append((2, 2.0 + foes))
    for a in armies:
        if a["reduced"]:
            options.append((a["reduced"], 1.5 * a["reduced"]))
        size, legions = o.army_size(a), a["full"] + a["reduced"]
        while size < prof.army_goal:
            options.append((add_legion_cost(legions), 1.2))
            size, legions = size + 1, legions + 1
    if not armies and o.p["generals_ready"]:
        options.append((1, 1.0))
    return _curve(options)


def sphere_curves(o: Obs, prof: Profile) -> dict[str, Curve]:
    """Value curves of the three spheres, weighted by the faction's taste."""
    curves = {
        "red": military_curve(o, prof),
        "blue": senate_curve(o, prof),
        "yellow": populace_curve(o, prof),
    }
    return {s: [x * prof.suits[s] for x in c] for s, c in curves.items()}


#: What a player's part of the view may change while hands are chosen, which no curve reads.
_HAND_PARTS = frozenset(
    {"hand", "available", "discard", "hand_count", "available_count", "discard_count"}
)
#: The view's parts that change with each card taken and that no curve reads.
_PICK_PARTS = frozenset({"choosing", "log", "prompt", "players"})
#: The last curves worked out for each role: (profile, board key, curves).
_LAST: dict[str, tuple[Profile, bytes, dict[str, Curve]]] = {}


def _board_key(view: Mapping[str, Any]) -> bytes:
    """The view as bytes, less what changes as cards are taken into hands."""
    rest = {k: x for k, x in view.items() if k not in _PICK_PARTS}
    players = [{k: x for k, x in p.items() if k not in _HAND_PARTS} for p in view["players"]]
    return msgspec.json.encode((rest, players))


def hand_curves(o: Obs, prof: Profile) -> dict[str, Curve]:
    """:func:`sphere_curves`, remembered between the picks of one hand.

    A hand is taken a card at a time (five picks, the players in turn), and nothing the
    curves read changes between picks: only hands and the cards left to take, which they do
    not read. So the curves of a role's last pick are reused while the rest of the view is
    the same byte for byte (recomputing took a seventh to a quarter of a heuristic game's
    time in profiles)."""
    key = _board_key(o.v)
    last = _LAST.get(o.me)
    if last is not None and last[0] is prof and last[1] == key:
        return last[2]
    curves = sphere_curves(o, prof)
    _LAST[o.me] = (prof, key, curves)
    return curves


def best_split(
    curves: dict[str, Curve], fixed: dict[str, int], cards: dict[str, list[int]], picks: int
) -> dict[str, int]:
    """How many more cards of each suit to take (``picks`` in all) given points already in
    hand (``fixed``) and the values of the cards available by suit (best first)."""
    best: tuple[float, dict[str, int]] | None = None
    # Points in hand with n more cards of a suit (its best n), per suit: the same sums the
    # plain count-by-count loop adds, worked out once.
    points = {
        s: [min(MAX_POINTS, fixed.get(s, 0) + sum(cards[s][:n])) for n in range(picks + 1)]
        for s in SUITS
    }
    red, blue, yellow = (curves[s] for s in SUITS)
    p_red, p_blue, p_yellow = (points[s] for s in SUITS)
    top = [min(len(cards[s]), picks) for s in SUITS]
    # The combinations of counts summing to ``picks``, in the order of
    # product(range(top_red + 1), range(top_blue + 1), range(top_yellow + 1)).
    for r in range(top[0] + 1):
        for b in range(top[1] + 1):
            y = picks - r - b
            if y < 0 or y > top[2]:
                continue
            value = 0.0
            value += red[p_red[r]]
            value += blue[p_blue[b]]
            value += yellow[p_yellow[y]]
            if best is None or value > best[0] + 1e-9:
                best = (value, {"red": r, "blue": b, "yellow": y})
    return best[1] if best else dict.fromkeys(SUITS, 0)
