"""Take Actions for the heuristic bots: which action to take next with the points in hand.

Each planner looks at the view and the legal actions and proposes the best action of one
sphere (or of the played cards' events) with a value in legacy-like units; the bot takes the
first worthwhile proposal in its faction's order. Every proposal is a legal action taken from
the list it was given.
"""

from __future__ import annotations

from typing import Any

from crisis.ai.toc.observe import Obs, path_step
from crisis.ai.toc.profiles import Profile
from crisis.engine.action import Action
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.odds import p_win_battle
from crisis.games.time_of_crisis.senate import mobile_vulgus_carries
from crisis.games.time_of_crisis.state import NEUTRAL

Verbs = dict[str, list[Action]]
BOOSTS = ("flanking_maneuver", "cavalry", "spiculum")


def by_verb(actions: list[Action]) -> Verbs:
    """Legal actions grouped by verb."""
    out: Verbs = {}
    for a in actions:
        out.setdefault(a.verb, []).append(a)
    return out


def parts(action: Action) -> tuple[Any, ...]:
    """A compound arg as a tuple (``("Gallia", 2)``); a simple one as a 1-tuple."""
    arg = action.arg
    return arg if isinstance(arg, tuple) else (arg,)


def num(action: Action) -> int:
    """An int arg (army ids, costs)."""
    return int(parts(action)[0])


def find(verbs: Verbs, verb: str, arg: Any = None) -> Action | None:
    """The legal action ``verb arg`` (any arg when ``arg`` is None), or None."""
    for a in verbs.get(verb, ()):
        if arg is None or a.arg == arg:
            return a
    return None


# -- Senate ----------------------------------------------------------------------------------


def province_value(o: Obs, name: str, prof: Profile) -> float:
    """What governing ``name`` is worth to me (legacy-like units)."""
    prov = o.prov[name]
    if name == data.ITALIA:
        provinces = min(8, len(o.mine) + 1)
        return prof.italia_weight * (4.0 + provinces * min(4.0, o.turns_left) * 0.6)
    turns = min(6.0, o.turns_left)
    value = prof.province_weight * (1.0 + 0.5 * turns)
    value += 0.6 * len(prov["improvements"]) * turns
    value -= 0.8 * sum(prov["active"].values()) + 1.5 * len(o.leaders_in(name))
    value -= 1.5 * len(o.rivals_in(name))
    gov = prov["governor"]
    if gov not in (None, NEUTRAL):
        rival = o.players[gov]
        lead = rival["legacy"] - o.p["legacy"]
        value += 1.0 + max(0.0, lead / 10)
        if gov == o.emperor:
            value += 1.0
    return max(0.5, value)


def place_odds(o: Obs, name: str, dice: int) -> float:
    """My chance of carrying ``name`` with ``dice`` paid dice, as the rules count the vote."""
    return o.vote_chance(name, dice)


def plan_senate(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """Recruit a Governor or seek a province with the Senate points."""
    blue = o.pool["blue"]
    if not blue:
        return None
    if not o.p["governors_ready"]:
        costs = sorted(o.p["governors_unclaimed"])
        act = find(verbs, "recruit_governor", costs[0]) if costs else None
        if act is None:
            return None
        after = _best_target(o, blue - costs[0], prof)
        # Recruit for this turn's vote, or else as an investment for the next turn.
        return (after[0] if after else 0.3), act
    best = _best_target(o, blue, prof)
    if best is None:
        return None
    value, name, dice = best
    act = find(verbs, "place_governor", (name, dice))
    if act is None:
        return None
    # Events that help this very vote come first.
    prov = o.prov[name]
    if find(verbs, "princeps_senatus") and o.votes_needed(name) > 1:
        return value, Action("princeps_senatus")
    if (
        find(verbs, "mobile_vulgus")
        and mobile_vulgus_carries(name, prov["support"])
        and not (prov["governor"] == NEUTRAL and dice >= o.votes_needed(name))
    ):
        return value, Action("mobile_vulgus")
    if name == data.ITALIA and find(verbs, "damnatio_memoriae") and o.emperor:
        return value, Action("damnatio_memoriae")
    yellow = o.pool["yellow"]
    if yellow and not o.turn.get("ambitus") and place_odds(o, name, dice) < 0.9:
        extra = min(yellow, 3 if name != data.ITALIA else yellow)
        amb = find(verbs, "ambitus", extra)
        if amb is not None:
            return value, amb
    return value, act


def _best_target(o: Obs, blue: int, prof: Profile) -> tuple[float, str, int] | None:
    """The most valuable target within reach of ``blue`` dice: (value, province, dice)."""
    best: tuple[float, str, int] | None = None
    for name in o.prov:
        if not o.can_target(name):
            continue
        prov = o.prov[name]
        need = o.votes_needed(name)
        neutral = prov["governor"] == NEUTRAL and not prov["quaestor"]
        if neutral and blue + o.extra_dice(name) >= need:
            dice = max(1, need - o.extra_dice(name))
            odds = 1.0
        else:
            dice = blue
            odds = place_odds(o, name, dice)
            # Fewer dice when they already make it near certain.
            while dice > 1 and place_odds(o, name, dice - 1) >= 0.95:
                dice -= 1
            odds = place_odds(o, name, dice)
        floor = prof.italia_odds if name == data.ITALIA else (0.9 if neutral else prof.steal_odds)
        if odds < floor:
            continue
        value = odds * province_value(o, name, prof) - 0.15 * dice
        if best is None or value > best[0]:
            best = (value, name, dice)
    return best


def plan_praetorians(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """Praetorian Guard: seek Italia with the Military points."""
    options = verbs.get("praetorian_guard")
    if not options:
        return None
    top = max(options, key=lambda a: a.arg if isinstance(a.arg, int) else 0)
    dice = int(top.arg) if isinstance(top.arg, int) else 0
    if place_odds(o, data.ITALIA, dice) < prof.italia_odds:
        return None
    return province_value(o, data.ITALIA, prof), top


# -- Military --------------------------------------------------------------------------------


def battle_odds(o: Obs, army: dict[str, Any], target: str) -> tuple[float, int]:
    """My chance to win attacking ``target`` with ``army``, and the barbarians it holds."""
    dice, cap, barbarians = o.enemy_dice(army["region"], target)
    if cap <= 0:
        return 0.0, 0
    attack = o.army_dice(army)
    if o.turn.get("cavalry") or o.turn.get("flanking"):
        attack = (*attack, 3)  # a rough credit for the re-roll or the extra die
    castra = False
    if target.startswith("#"):
        castra = any(b["id"] == int(target[1:]) and b["castra"] for b in o.armies)
    odds = p_win_battle(
        attack,
        o.army_capacity(army),
        dice,
        cap,
        defender_castra=castra,
        attacker_castra=bool(army["castra"]),
    )
    return odds, barbarians


def battle_value(o: Obs, army: dict[str, Any], target: str, prof: Profile) -> float:
    """Expected worth of attacking ``target`` with ``army`` now; negative if not worth it."""
    region = army["region"]
    odds, barbarians = battle_odds(o, army, target)
    mine = region in o.mine
    if target.startswith("#") or target == "militia":
        # Only armies squatting in my capitals are worth fighting.
        prov = o.prov.get(region)
        if not (mine and prov is not None and target.startswith("#")):
            return -1.0
        floor = prof.defend_odds + 0.1
    else:
        floor = prof.defend_odds if mine else (prof.hunt_odds if prof.hunts else 0.9)
    if odds < floor:
        return -1.0
    gain = 2.0 + barbarians + (2.0 if mine else 0.0) + len(o.leaders_in(region))
    loss = 1.5 * min(2, o.army_size(army))
    return odds * gain - (1 - odds) * loss


def plan_battle(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """The best battle open now, preceded by any boost ready for it."""
    best: tuple[float, Action] | None = None
    for act in verbs.get("initiate_battle", ()):
        army_id, target = parts(act)
        army = next(a for a in o.my_armies if a["id"] == army_id)
        value = battle_value(o, army, str(target), prof)
        if value > 0 and (best is None or value > best[0]):
            best = (value, act)
    if best is None:
        return None
    army_id = parts(best[1])[0]
    for boost in BOOSTS:
        if find(verbs, boost):
            return best[0], Action(boost)
    castra = find(verbs, "castra", army_id)
    if castra is not None:
        return best[0], castra
    return best


def plan_march(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """Move an army toward a fight worth having (my threatened provinces first), or toward
    Italia's capital when the army is strong enough to back a bid for the throne."""
    red = o.pool["red"]
    moves = verbs.get("move_army")
    if not moves:
        return None
    best: tuple[float, Action] | None = None
    for army in o.my_armies:
        if army["battled"]:
            continue
        for goal, value in _goals(o, army, prof):
            step = path_step(army["region"], goal)
            if step is None:
                continue
            distance = data.DISTANCE[army["region"]][goal]
            if red < distance + (1 if goal != data.ITALIA else 0):
                continue
            if step in data.SEAS and red < 2:
                continue
            act = find(verbs, "move_army", (army["id"], step))
            if act is None:
                continue
            score = value - 0.5 * distance
            if best is None or score > best[0]:
                best = (score, act)
    return best


def _goals(o: Obs, army: dict[str, Any], prof: Profile) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    here = army["region"]
    if here in o.mine and o.threatened(here):
        return out  # stay and defend
    for name in o.prov:
        if name == here or data.DISTANCE[here].get(name, 99) > 3:
            continue
        foes = [t for t in o.barbarians_in(name)] + o.rivals_in(name)
        foes += [data.BARBARIAN_LEADERS[n] for n in o.leaders_in(name)]
        if not foes:
            continue
        mine = name in o.mine
        if not mine and not prof.hunts:
            continue
        moved = dict(army, region=name, capital=False)
        odds = max(battle_odds(o, moved, f)[0] for f in foes)
        floor = prof.defend_odds if mine else prof.hunt_odds
        if odds >= floor:
            out.append((name, odds * (4.0 if mine else 2.5)))
    if (
        prof.name == "military"
        and o.army_size(army) >= 3
        and o.emperor != o.me
        and o.capital_free(data.ITALIA)
    ):
        out.append((data.ITALIA, 2.0))
    return out


def plan_build_army(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """Spend leftover Military points: train, grow or raise an army, enter a capital."""
    act = find(verbs, "train_legion")
    if act is not None:
        return 1.5, act
    sizes = {a["id"]: o.army_size(a) for a in o.my_armies}
    grow = [a for a in verbs.get("add_legion", ()) if sizes.get(num(a), 99) < prof.army_goal]
    if grow:
        return 1.2, min(grow, key=lambda a: sizes[num(a)])
    creates = verbs.get("create_army", [])
    if creates and len(o.my_armies) < (2 if prof.hunts else 1) + len(o.mine) // 4:
        unguarded = [a for a in creates if o.capital_army(str(a.arg)) is None]
        threatened = [a for a in unguarded if o.threatened(str(a.arg))]
        pick = (threatened or unguarded or creates)[0]
        return 1.0, pick
    if not o.my_armies and not o.p["generals_ready"]:
        costs = [a for a in verbs.get("recruit_general", ()) if a.arg]
        if costs and o.pool["red"] > min(num(a) for a in costs):
            return 0.8, min(costs, key=num)
    return None


def plan_enter(o: Obs, verbs: Verbs) -> tuple[float, Action] | None:
    """Enter a free capital where my units help (my provinces, Italia, seats I want)."""
    for act in verbs.get("enter_capital", ()):
        army = next(a for a in o.my_armies if a["id"] == act.arg)
        region = army["region"]
        gov = o.prov[region]["governor"]
        if gov == o.me or region == data.ITALIA or gov == NEUTRAL:
            return 0.5, act
    return None


def plan_mob_dispersal(o: Obs, verbs: Verbs) -> tuple[float, Action] | None:
    """Disperse a Mob that is about to cost me a province and games cannot stop."""
    for act in verbs.get("disperse_mob", ()):
        if isinstance(act.arg, str):  # a lone Militia in that province (ruling 50)
            region = act.arg
        else:
            region = next(a for a in o.my_armies if a["id"] == act.arg)["region"]
        prov = o.prov[region]
        if prov["mobs"] >= prov["support"] - 1 and o.pool["yellow"] < 2 and prov["support"] > 1:
            return 2.0, act
    return None


def plan_leave_sea(o: Obs, verbs: Verbs) -> Action | None:
    """An army at sea must reach land before the turn ends."""
    for army in o.my_armies:
        if army["region"] not in data.SEAS:
            continue
        options = [a for a in verbs.get("move_army", ()) if parts(a)[0] == army["id"]]
        land = [a for a in options if parts(a)[1] not in data.SEAS]
        if land:
            return min(land, key=lambda a: _land_rank(o, str(parts(a)[1])))
        if options:
            return options[0]
    return None


def _land_rank(o: Obs, region: str) -> int:
    if region in o.mine:
        return 0
    if region == data.ITALIA:
        return 1
    return 2


# -- Populace --------------------------------------------------------------------------------


def plan_populace(o: Obs, verbs: Verbs, prof: Profile) -> tuple[float, Action] | None:
    """Hold games against Mobs, build improvements, raise support, raise a Militia."""
    options: list[tuple[float, Action]] = []
    turns = o.turns_left
    for act in verbs.get("hold_games", ()):
        prov = o.prov[str(act.arg)]
        danger = prov["mobs"] >= prov["support"] - 1
        options.append((5.0 if danger else 1.5, act))
    built: set[str] = set()
    for act in verbs.get("build", ()):
        name = parts(act)[0]
        if name in built:
            continue
        options.append((prof.build_weight * 0.9 * turns, _best_build(o, verbs, str(name))))
        built.add(str(name))
    for act in verbs.get("increase_support", ()):
        name = str(act.arg)
        prov = o.prov[name]
        value = prof.support_weight * (1.0 + 0.25 * min(turns, 6))
        if o.threatened(name) or prov["mobs"]:
            value += 1.0
        if prov["support"] >= 3:
            value -= 0.5
        options.append((value, act))
    for act in verbs.get("place_militia", ()):
        name = str(act.arg)
        if o.threatened(name) or o.capital_army(name) is None:
            options.append((0.8, act))
    if not options:
        return None
    return max(options, key=lambda x: x[0])


def _best_build(o: Obs, verbs: Verbs, name: str) -> Action:
    kinds = [a for a in verbs["build"] if parts(a)[0] == name]
    prov = o.prov[name]
    paths = sum(1 for t in data.TRIBES for path in data.INVASION_PATHS[t].values() if name in path)

    def rank(a: Action) -> float:
        kind = parts(a)[1]
        if kind == "Limes":
            return paths
        if kind == "Amphitheater":
            return 2.0 + prov["mobs"]
        return 1.5 + (1.0 if o.emperor != o.me else 0.0)

    return max(kinds, key=rank)


# -- events ----------------------------------------------------------------------------------


def plan_events(o: Obs, verbs: Verbs, prof: Profile) -> Action | None:
    """Use a played card's event when it pays off now (boosts for battles and votes are
    used by the battle and Senate planners instead)."""
    for verb in ("triumph", "demagogue", "frumentarii"):
        act = find(verbs, verb)
        if act is not None:
            return act
    act = _tribute(o, verbs)
    if act is not None:
        return act
    foes = verbs.get("foederati")
    if foes:
        return min(foes, key=lambda a: 0 if parts(a)[1] in o.mine else 1)
    quaestors = verbs.get("quaestor")
    if quaestors:
        return max(quaestors, key=lambda a: o.prov[str(a.arg)]["support"])
    mobs = verbs.get("mob")
    if mobs:
        return max(mobs, key=lambda a: _mob_rank(o, str(a.arg)))
    return None


def _tribute(o: Obs, verbs: Verbs) -> Action | None:
    options = [a for a in verbs.get("tribute", ()) if parts(a)[0] in o.mine]
    if not options:
        return None
    return max(
        options,
        key=lambda a: o.prov[str(parts(a)[0])]["active"].get(str(parts(a)[1]), 0),
    )


def _mob_rank(o: Obs, name: str) -> float:
    prov = o.prov[name]
    gov = prov["governor"]
    rank = 0.0
    if gov not in (None, NEUTRAL):
        rank += o.players[gov]["legacy"] / 10
        if prov["mobs"] + 1 >= prov["support"]:
            rank += 5.0 if name == data.ITALIA else 3.0
        rank += prov["support"] - prov["mobs"]
    return rank


def plan_leftover_events(o: Obs, verbs: Verbs) -> Action | None:
    """Before ending the turn: a Castra on an army guarding one of my capitals."""
    for act in verbs.get("castra", ()):
        army = next(a for a in o.my_armies if a["id"] == act.arg)
        if army["capital"] and army["region"] in o.mine:
            return act
    return None
