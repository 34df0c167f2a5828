"""The Example of Play (RULES 13) replayed action by action with the dice the text gives.

Part 1 plays turn 1 from setup. Part 2 starts from the board at the start of turn 6 (see
``eop_position``) and plays the four turn-6 entries. After each step the test checks what the
text states: support levels, legacy, political points, Emperor Turns and purchases.

Reading the dice: the text writes invasion rolls black die first ("1, 6 ... the black die is
1 ... the white die is 6" in Yellow's turn 6), so "1,3" in Yellow's turn 1 is black 1 (one
Sassanid invades) and white 3 (Galatia). The engine rolls the white die first, so every
invasion pair is scripted reversed. The crisis totals are split into two dice freely.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from crisis.engine.action import Action, Arg
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import invariants
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import State, capital_army, find_army, governed, player

from . import eop_position as eop
from .eop_position import (
    BLUE_GALLIA,
    BLUE_HISPANIA,
    GREEN_MACEDONIA,
    RED_ASIA,
    RED_GALATIA,
    YELLOW_ITALIA,
    YELLOW_NEW,
    YELLOW_PANNONIA,
    YELLOW_THRACIA,
)


def act(state: State, role: str, verb: str, arg: Arg = None, *, dice: Sequence[int] = ()) -> None:
    """Apply one action with ``dice`` scripted; every scripted die must be used by it."""
    script_dice(state, dice)
    toc.apply(state, role, Action(verb, arg))
    assert state.rng.script == [], f"{verb} {arg} left dice unused: {state.rng.script}"


def play(state: State, role: str, *cards: str) -> None:
    for cid in cards:
        act(state, role, "play_card", cid)


def sound(state: State) -> None:
    errors = invariants.check(state, views=False)
    assert errors == [], errors


def support(state: State, province: str) -> int:
    return state.provinces[province].support


def legacy(state: State, role: str) -> int:
    return player(state, role).legacy


# =============================================================================================
# Part 1: turn 1 from setup
# =============================================================================================

# Green: three Blue 1 (recruit a Governor, two dice against Africa), two Red 1 (General, army).
# The others: three Blue 1 and two Yellow 1 (quick_start's default hand).
TURN1_HANDS = {"green": ["blue1", "blue1", "blue1", "red1", "red1"]}
# Crisis 3 = 1+2 (Sassanids), then the invasion roll "5,5": white 5, black 5.
GREEN_T1_CRISIS = (1, 2, 5, 5)
# Crisis 10 = 4+6 (Franks), then "5,2": black 5, white 2 (either reading: no invasion).
BLUE_T1_CRISIS = (4, 6, 2, 5)
# Crisis 5 = 2+3 (Sassanids), then "1,3": black 1 (one invader), white 3 (Galatia).
YELLOW_T1_CRISIS = (2, 3, 3, 1)
# Crisis 8 = 3+5 (Alamanni), then "4,6": black 4, white 6 (no invasion).
RED_T1_CRISIS = (3, 5, 6, 4)


def t1_setup() -> State:
    state = quick_start(
        ["Aegyptus", "Hispania", "Pannonia", "Asia"],
        first="green",
        hands=TURN1_HANDS,
        dice_results=GREEN_T1_CRISIS,
    )
    assert state.rng.script == []
    return state


def t1_place_and_support(state: State, role: str, province: str, raise_in: str) -> None:
    """Blue 1: recruit the 1-cost Governor; two Blue 1: Place Governor with two dice against a
    neutral support-1 province (sure to win, so nothing is rolled); two Yellow 1: +1 support."""
    play(state, role, "blue1")
    act(state, role, "recruit_governor", 1)
    play(state, role, "blue1", "blue1")
    draws = state.rng.draws
    act(state, role, "place_governor", (province, 2))
    assert state.rng.draws == draws, "no die is rolled when two dice cannot fail"
    assert state.provinces[province].governor == role
    assert support(state, province) == 1
    play(state, role, "yellow1", "yellow1")
    act(state, role, "increase_support", raise_in)
    assert support(state, raise_in) == 2


def t1_green(state: State) -> None:
    # Crisis: one Sassanid wakes; 5,5 brings no invasion.
    assert state.tribes["Sassanids"].active == 1
    assert not any(p.active or p.inactive for p in state.provinces.values())
    assert support(state, "Italia") == 8
    play(state, "green", "blue1")
    act(state, "green", "recruit_governor", 1)
    assert player(state, "green").governors_ready == 1
    play(state, "green", "blue1", "blue1")
    draws = state.rng.draws
    act(state, "green", "place_governor", ("Africa", 2))
    assert state.rng.draws == draws
    assert state.provinces["Africa"].governor == "green"
    assert support(state, "Italia") == 7
    play(state, "green", "red1")
    act(state, "green", "recruit_general", 1)
    play(state, "green", "red1")
    act(state, "green", "create_army", "Africa")
    africa = [a for a in state.armies if a.owner == "green" and a.region == "Africa"]
    assert len(africa) == 1 and africa[0].full == 1
    act(state, "green", "end_actions")
    assert legacy(state, "green") == 2
    assert state.turn.political == 2
    # Tribute costs its value, 2: it does not exceed the two provinces he governs.
    assert Action("buy", "tribute") in toc.actions(state, "green")
    act(state, "green", "buy", "tribute")
    assert state.turn.political == 0
    assert player(state, "green").discard.count("tribute") == 1
    act(state, "green", "end_buy")
    # Refill: the four cards left in the Available Pile, then one from the recycled discards.
    assert state.step == "refill" and toc.active(state) == ["green"]
    act(state, "green", "choose_card", "tribute", dice=BLUE_T1_CRISIS)
    assert len(player(state, "green").hand) == 5


def t1_blue(state: State) -> None:
    assert state.tribes["Franks"].active == 1
    t1_place_and_support(state, "blue", "Gallia", "Hispania")
    assert support(state, "Italia") == 6
    act(state, "blue", "end_actions")
    assert legacy(state, "blue") == 2
    assert state.turn.political == 3  # Gallia 1 + Hispania 2
    act(state, "blue", "buy", "castra")
    assert state.turn.political == 1  # the last point is lost
    assert "castra" in player(state, "blue").discard
    act(state, "blue", "end_buy")
    assert toc.active(state) == ["blue"]
    act(state, "blue", "choose_card", "castra", dice=YELLOW_T1_CRISIS)


def t1_yellow(state: State) -> None:
    # A second Sassanid wakes; black 1 sends one of the two to Galatia (white 3).
    assert state.provinces["Galatia"].active == {"Sassanids": 1}
    assert state.tribes["Sassanids"].active == 1
    t1_place_and_support(state, "yellow", "Thracia", "Thracia")
    assert support(state, "Italia") == 5
    act(state, "yellow", "end_actions")
    assert legacy(state, "yellow") == 2
    assert state.turn.political == 3  # Pannonia 1 + Thracia 2
    act(state, "yellow", "buy", "castra")
    assert "castra" in player(state, "yellow").discard
    act(state, "yellow", "end_buy")
    act(state, "yellow", "choose_card", "castra", dice=RED_T1_CRISIS)


def t1_red(state: State) -> None:
    assert state.tribes["Alamanni"].active == 1
    t1_place_and_support(state, "red", "Syria", "Syria")
    assert support(state, "Italia") == 4
    act(state, "red", "end_actions")
    assert legacy(state, "red") == 2
    assert state.turn.political == 3  # Asia 1 + Syria 2
    act(state, "red", "buy", "tribute")
    assert "tribute" in player(state, "red").discard
    act(state, "red", "end_buy")
    assert state.step == "refill" and toc.active(state) == ["red"]


def test_turn1_green() -> None:
    state = t1_setup()
    t1_green(state)
    assert state.step == "actions" and toc.active(state) == ["blue"]
    assert governed(state, "green") == ["Africa", "Aegyptus"]
    assert player(state, "green").governors_ready == 0
    assert player(state, "green").generals_ready == 0
    # "No Mobs to add nor barbarians to flip": nothing changed on the board at End of Turn.
    assert sum(p.mobs for p in state.provinces.values()) == 0
    sound(state)


def test_turn1_blue() -> None:
    state = t1_setup()
    t1_green(state)
    t1_blue(state)
    assert governed(state, "blue") == ["Gallia", "Hispania"]
    assert support(state, "Hispania") == 2
    assert support(state, "Gallia") == 1
    sound(state)


def test_turn1_yellow() -> None:
    state = t1_setup()
    for turn in (t1_green, t1_blue):
        turn(state)
    t1_yellow(state)
    assert governed(state, "yellow") == ["Pannonia", "Thracia"]
    sound(state)


def test_turn1_whole_round() -> None:
    state = t1_setup()
    for turn in (t1_green, t1_blue, t1_yellow):
        turn(state)
    t1_red(state)
    assert support(state, "Italia") == 4
    assert state.provinces["Italia"].governor == "neutral"
    assert {r: legacy(state, r) for r in toc.roles(state)} == dict.fromkeys(toc.roles(state), 2)
    assert {r: governed(state, r) for r in toc.roles(state)} == {
        "green": ["Africa", "Aegyptus"],
        "blue": ["Gallia", "Hispania"],
        "yellow": ["Pannonia", "Thracia"],
        "red": ["Asia", "Syria"],
    }
    assert {n: support(state, n) for n in ("Hispania", "Thracia", "Syria")} == {
        "Hispania": 2,
        "Thracia": 2,
        "Syria": 2,
    }
    # The end-of-turn-1 board: the Sassanid in Galatia, one active counter at home in each of
    # the Sassanid, Frank and Alamanni homelands.
    assert state.provinces["Galatia"].active == {"Sassanids": 1}
    assert state.provinces["Galatia"].governor == "neutral"
    actives = {t: state.tribes[t].active for t in state.tribes}
    assert actives == {"Franks": 1, "Alamanni": 1, "Goths": 0, "Sassanids": 1, "Nomads": 0}
    assert state.tribes["Sassanids"].inactive == 8
    sound(state)


# =============================================================================================
# Part 2: turn 6 from the described position
# =============================================================================================

# Crisis 7 = 3+4: an Event, Inflation.
GREEN_T6_CRISIS = (3, 4)
# Crisis 8 = 2+6 (Alamanni), then "4, 5": black 4, white 5 (3 active at home: no invasion).
BLUE_T6_CRISIS = (2, 6, 5, 4)
# Crisis 5 = 1+4 (Sassanids), then "1, 6": black 1, white 6 (Syria).
YELLOW_T6_CRISIS = (1, 4, 6, 1)
# Crisis 6 = 2+4 (Goths), then "1,1": one Goth to Thracia.
RED_T6_CRISIS = (2, 4, 1, 1)
# Dice the text leaves out: Green's five votes in Thracia ("easily gains"), and the lone dice
# Blue and Red roll against Macedonia (any result but a 6 fails: four votes are needed).
GREEN_THRACIA_VOTES = (4, 3, 2, 5, 1)
LONE_DIE = (3,)


def t6_start() -> State:
    state = eop.turn6_position()
    eop.begin_turn(state, GREEN_T6_CRISIS)
    assert state.rng.script == []
    return state


def test_turn6_position_is_sound() -> None:
    state = t6_start()
    sound(state)
    assert state.step == "actions" and toc.active(state) == ["green"]
    assert state.provinces["Italia"].governor == "yellow"
    assert player(state, "yellow").emperor_turns == 1


def t6_green(state: State) -> None:
    # Crisis 7: Inflation replaces Good Auguries.
    assert state.lasting == "inflation"
    assert state.events_drawn[-1] == "inflation"
    start = legacy(state, "green")

    # Red 3 (Flanking Maneuver): move Macedonia -> Thracia, attack Jamey's army in the capital.
    play(state, "green", "flanking_maneuver")
    act(state, "green", "move_army", (GREEN_MACEDONIA, "Thracia"))
    assert state.turn.pool["red"] == 2
    act(state, "green", "flanking_maneuver")
    act(
        state,
        "green",
        "initiate_battle",
        (GREEN_MACEDONIA, f"#{YELLOW_THRACIA}"),
        dice=[1, 1, 2, 2, 2],
    )
    b = state.battle
    assert b is not None and b.stage == "flanking"
    assert b.hits_on_defender == 0 and b.hits_on_attacker == 0
    # Losing on the tie, he re-rolls: 6,6,3 and bonus dice 4,3 for five hits.
    assert toc.actions(state, "green") == [Action("reroll"), Action("keep")]
    act(state, "green", "reroll", dice=[6, 6, 3, 4, 3])
    # Both full legions go for four hits (the fifth is ignored); the General goes home.
    assert find_army(state, YELLOW_THRACIA) is None
    assert player(state, "yellow").generals_ready == 1
    assert legacy(state, "yellow") == eop.LEGACY["yellow"]
    assert state.step == "battle" and toc.actions(state, "green") == [
        Action("advance"),
        Action("stay"),
    ]
    act(state, "green", "advance")
    green_army = find_army(state, GREEN_MACEDONIA)
    assert green_army is not None and green_army.capital and green_army.region == "Thracia"
    assert green_army.full == 3
    assert legacy(state, "green") == start + 2
    assert state.step == "actions"

    # Blue 3 (Foederati): the Goth in Thracia joins his army.
    play(state, "green", "foederati")
    act(state, "green", "foederati", (GREEN_MACEDONIA, "Thracia", "Goths"))
    assert green_army.foederati == {"Goths": 1}
    assert state.provinces["Thracia"].active == {}
    # Blue 2 (Tribute): the three Franks in Gallia turn inactive.
    play(state, "green", "tribute")
    act(state, "green", "tribute", ("Gallia", "Franks"))
    assert state.provinces["Gallia"].inactive == {"Franks": 3}
    assert state.provinces["Gallia"].active == {}

    # Five Senate points against Thracia: 3x2 minus his four units in the capital = 2 votes.
    assert state.turn.pool["blue"] == 5
    act(state, "green", "place_governor", ("Thracia", 5), dice=GREEN_THRACIA_VOTES)
    assert "2 votes needed" in state.log[-2]
    assert state.provinces["Thracia"].governor == "green"
    assert support(state, "Thracia") == 2
    assert support(state, "Italia") == 2  # the Emperor lost a Governor
    assert player(state, "yellow").governors_ready == 1

    # Yellow 3 (Mob) in Italia, then Yellow 1: four Populace points for a Basilica under
    # Inflation.
    play(state, "green", "mob")
    act(state, "green", "mob", "Italia")
    assert state.provinces["Italia"].mobs == 1
    play(state, "green", "yellow1")
    assert state.turn.pool["yellow"] == 4
    act(state, "green", "build", ("Aegyptus", "Basilica"))
    assert state.turn.pool["yellow"] == 0
    assert state.provinces["Aegyptus"].improvements == ["Basilica"]
    # One Military point of the Red 3 is left and lost.
    assert state.turn.pool == {"red": 1, "blue": 0, "yellow": 0}

    act(state, "green", "end_actions")
    assert {n: support(state, n) for n in governed(state, "green")} == {
        "Africa": 2,
        "Thracia": 2,
        "Macedonia": 2,
        "Aegyptus": 2,
    }
    # Five legacy: four provinces and the Basilica.
    assert legacy(state, "green") == start + 2 + 5
    assert state.turn.political == 8
    # Praetorian Guard costs 4 (he governs four provinces); Foederati then costs 3 + 1.
    act(state, "green", "buy", "praetorian_guard")
    assert state.turn.political == 4
    act(state, "green", "buy", "foederati")
    assert state.turn.political == 0
    discard = player(state, "green").discard
    assert discard.count("praetorian_guard") == 1 and "foederati" in discard
    act(state, "green", "end_buy", dice=BLUE_T6_CRISIS)


def t6_blue(state: State) -> None:
    # Upkeep removed the Castra in Gallia; the crisis woke a third Alamanni, no invasion.
    gallia = find_army(state, BLUE_GALLIA)
    assert gallia is not None and not gallia.castra
    assert state.tribes["Alamanni"].active == 3
    start = legacy(state, "blue")

    # Yellow 2 (Quaestor): two Populace points for a Militia with the army in Gallia.
    play(state, "blue", "quaestor")
    act(state, "blue", "place_militia", "Gallia")
    assert state.provinces["Gallia"].militia
    # Red 1: attack the three inactive Franks. 5,3 (legions) and 5 (Militia) vs 2,4,3.
    play(state, "blue", "red1")
    act(state, "blue", "initiate_battle", (BLUE_GALLIA, "Franks"), dice=[5, 3, 5, 2, 4, 3])
    b = state.battle
    assert b is None, "every hit is forced: the Franks are wiped out, the Militia takes the hit"
    assert state.provinces["Gallia"].active == {} and state.provinces["Gallia"].inactive == {}
    assert not state.provinces["Gallia"].militia
    assert gallia.full == 2
    assert legacy(state, "blue") == start + 5  # 2 for the victory + 3 barbarians
    assert state.tribes["Franks"].inactive == 9

    # Red 1: attack the lone Frank in Hispania. 2,1 (legions) and 4 (Militia): no hit.
    # The Frank rolls 6 and a bonus 4: the Militia goes, then a full legion flips.
    play(state, "blue", "red1")
    act(state, "blue", "initiate_battle", (BLUE_HISPANIA, "Franks"), dice=[2, 1, 4, 6, 4])
    hispania = find_army(state, BLUE_HISPANIA)
    assert hispania is not None and (hispania.full, hispania.reduced) == (1, 1)
    assert hispania.capital
    assert not state.provinces["Hispania"].militia
    assert state.provinces["Hispania"].active == {"Franks": 1}
    assert legacy(state, "blue") == start + 5
    assert state.step == "actions"

    # Blue 1: Place Governor in Macedonia, four votes needed, one die: fails.
    play(state, "blue", "blue1")
    act(state, "blue", "place_governor", ("Macedonia", 1), dice=LONE_DIE)
    assert "4 votes needed" in state.log[-1]
    assert state.provinces["Macedonia"].governor == "green"

    # Yellow 3 (Mob): a Mob in Pannonia, and three Populace points raise Hispania to 3.
    play(state, "blue", "mob")
    act(state, "blue", "mob", "Pannonia")
    assert state.provinces["Pannonia"].mobs == 1
    act(state, "blue", "increase_support", "Hispania")
    assert support(state, "Hispania") == 3
    # The Quaestor event, kept until now, goes to Britannia.
    act(state, "blue", "quaestor", "Britannia")
    assert state.provinces["Britannia"].quaestor

    act(state, "blue", "end_actions")
    assert support(state, "Hispania") == 2  # the active Frank
    assert legacy(state, "blue") == start + 5 + 3
    assert state.turn.political == 6
    act(state, "blue", "buy", "foederati")
    assert state.turn.political == 3
    act(state, "blue", "trash", "blue1")
    assert state.turn.political == 0
    p = player(state, "blue")
    assert "foederati" in p.discard
    assert p.discard.count("blue1") + p.available.count("blue1") + p.hand.count("blue1") == 2
    act(state, "blue", "end_buy", dice=YELLOW_T6_CRISIS)


def t6_yellow(state: State) -> None:
    # Upkeep: the Castra and the Quaestor in Italia are gone.
    assert not state.provinces["Italia"].quaestor
    italia_army = find_army(state, YELLOW_ITALIA)
    assert italia_army is not None and not italia_army.castra
    # Crisis: a second Sassanid wakes; with Ardashir all active Sassanids invade Syria.
    assert state.leaders == {"Ardashir": "Syria"}
    assert state.provinces["Syria"].active == {"Sassanids": 2}
    assert state.tribes["Sassanids"].active == 0
    start = legacy(state, "yellow")

    # Two Quaestors: Hold Games in Italia and Pannonia, then the markers there.
    play(state, "yellow", "quaestor", "quaestor")
    act(state, "yellow", "hold_games", "Italia")
    act(state, "yellow", "hold_games", "Pannonia")
    assert state.provinces["Italia"].mobs == 0 and state.provinces["Pannonia"].mobs == 0
    act(state, "yellow", "quaestor", "Italia")
    act(state, "yellow", "quaestor", "Pannonia")
    assert state.provinces["Italia"].quaestor and state.provinces["Pannonia"].quaestor

    # Red 3 (Flanking Maneuver): a third legion for the army in Italia costs 3.
    play(state, "yellow", "flanking_maneuver")
    act(state, "yellow", "add_legion", YELLOW_ITALIA)
    assert italia_army.full == 3 and state.turn.pool["red"] == 0

    # Blue 3 (Foederati): an Alamanni from the homeland joins the army in Pannonia; three
    # Senate dice against Macedonia roll 5,2,5: three votes of the four needed.
    play(state, "yellow", "foederati")
    act(state, "yellow", "foederati", (YELLOW_PANNONIA, "Alamanni", "Alamanni"))
    pannonia_army = find_army(state, YELLOW_PANNONIA)
    assert pannonia_army is not None and pannonia_army.foederati == {"Alamanni": 1}
    assert state.tribes["Alamanni"].active == 2
    act(state, "yellow", "place_governor", ("Macedonia", 3), dice=[5, 2, 5])
    assert "4 votes needed" in state.log[-1] and "= 3 votes" in state.log[-1]
    assert state.provinces["Macedonia"].governor == "green"

    # Red 2 (Castra) on the Italia army; one Military point creates an army in Pannonia.
    play(state, "yellow", "castra")
    act(state, "yellow", "castra", YELLOW_ITALIA)
    assert italia_army.castra
    act(state, "yellow", "create_army", "Pannonia")
    new = find_army(state, YELLOW_NEW)
    assert new is not None and new.region == "Pannonia" and new.legions == 1
    assert capital_army(state, "Pannonia") is pannonia_army
    assert state.turn.pool["red"] == 1  # lost

    act(state, "yellow", "end_actions")
    assert support(state, "Italia") == 2 and support(state, "Pannonia") == 2
    # Four legacy: two provinces, and Italia's support 2 as Emperor; Emperor Turn 1 -> 2.
    assert legacy(state, "yellow") == start + 4
    assert player(state, "yellow").emperor_turns == 2
    assert state.turn.political == 4
    act(state, "yellow", "trash", "yellow1")
    assert state.turn.political == 1
    assert player(state, "yellow").discard.count("yellow1") == 2
    act(state, "yellow", "end_buy", dice=RED_T6_CRISIS)


def t6_red(state: State) -> None:
    # Upkeep: the Quaestor in Syria is gone. Crisis: a fourth Goth wakes; one invades Thracia.
    assert not state.provinces["Syria"].quaestor
    assert state.provinces["Thracia"].active == {"Goths": 1}
    assert state.tribes["Goths"].active == 3
    start = legacy(state, "red")

    # Red 3 (Flanking Maneuver): a third legion in Galatia; Red 1: to Syria; Red 1: attack.
    play(state, "red", "flanking_maneuver")
    act(state, "red", "add_legion", RED_GALATIA)
    army = find_army(state, RED_GALATIA)
    assert army is not None and army.full == 3
    play(state, "red", "red1")
    act(state, "red", "move_army", (RED_GALATIA, "Syria"))
    play(state, "red", "red1")
    act(state, "red", "flanking_maneuver")
    # 2,5,4 for two hits; the Sassanids roll 4,1 and Ardashir 2,3: one hit.
    act(state, "red", "initiate_battle", (RED_GALATIA, "Sassanids"), dice=[2, 5, 4, 4, 1, 2, 3])
    b = state.battle
    assert b is not None and b.stage == "flanking"
    assert (b.hits_on_defender, b.hits_on_attacker) == (2, 1)
    act(state, "red", "keep")
    # His hit flips a legion (forced); he removes Ardashir and one Sassanid.
    assert (army.full, army.reduced) == (2, 1)
    assert set(toc.actions(state, "red")) == {
        Action("take_hit", "Ardashir"),
        Action("take_hit", "Sassanids"),
    }
    act(state, "red", "take_hit", "Ardashir")
    # The second hit has only one taker left (a Sassanid counter), so it is placed at once.
    assert state.battle is not None and state.battle.stage == "advance"
    assert "Ardashir" not in state.leaders
    assert legacy(state, "red") == start + 4
    # The surviving Sassanid goes home, still active; the one removed goes home inactive.
    assert state.provinces["Syria"].active == {} and state.provinces["Syria"].inactive == {}
    assert state.tribes["Sassanids"].active == 1
    assert state.tribes["Sassanids"].inactive == 9
    # The text does not advance the army into Syria's capital.
    act(state, "red", "stay")
    # Removing a leader: a free Increase Support in Syria, or 2 off his first Military card.
    assert set(toc.actions(state, "red")) == {
        Action("reward", "support"),
        Action("reward", "discount"),
    }
    act(state, "red", "reward", "support")
    assert support(state, "Syria") == 3
    assert state.step == "actions"

    # Red 2 (Castra) on the army in Asia; one Military point trains the reduced legion.
    play(state, "red", "castra")
    act(state, "red", "castra", RED_ASIA)
    asia = find_army(state, RED_ASIA)
    assert asia is not None and asia.castra
    act(state, "red", "train_legion", RED_GALATIA)
    assert (army.full, army.reduced) == (3, 0)
    # Blue 1 against Macedonia: one die, four votes needed.
    play(state, "red", "blue1")
    act(state, "red", "place_governor", ("Macedonia", 1), dice=LONE_DIE)
    assert "4 votes needed" in state.log[-1]
    assert state.provinces["Macedonia"].governor == "green"
    assert state.turn.pool["red"] == 1  # lost

    act(state, "red", "end_actions")
    assert legacy(state, "red") == start + 4 + 3
    assert state.turn.political == 8  # Galatia 1 + Syria 3 + Asia 4
    # Pretender: value 4 above his three provinces, so it costs 8.
    act(state, "red", "buy", "pretender")
    assert state.turn.political == 0
    assert "pretender" in player(state, "red").discard
    act(state, "red", "end_buy")
    assert state.step == "refill" and toc.active(state) == ["red"]


def test_turn6_green() -> None:
    state = t6_start()
    t6_green(state)
    assert state.current == 1 and state.step == "actions"
    sound(state)


def test_turn6_blue() -> None:
    state = t6_start()
    t6_green(state)
    t6_blue(state)
    assert state.current == 2 and state.step == "actions"
    sound(state)


def test_turn6_yellow() -> None:
    state = t6_start()
    for turn in (t6_green, t6_blue):
        turn(state)
    t6_yellow(state)
    assert state.current == 3 and state.step == "actions"
    sound(state)


def test_turn6_red_and_the_end_of_turn_board() -> None:
    state = t6_start()
    for turn in (t6_green, t6_blue, t6_yellow):
        turn(state)
    t6_red(state)
    sound(state)
    # The end-of-turn-6 board as the closing paragraph describes it.
    assert state.provinces["Italia"].governor == "yellow"
    assert {r: len(governed(state, r)) for r in toc.roles(state)} == {
        "green": 4,
        "blue": 3,
        "yellow": 2,
        "red": 3,
    }
    assert {r: player(state, r).emperor_turns for r in toc.roles(state)} == {
        "green": 0,
        "blue": 0,
        "yellow": 2,
        "red": 0,
    }
    gains = {r: legacy(state, r) - eop.LEGACY[r] for r in toc.roles(state)}
    assert gains == {"green": 7, "blue": 8, "yellow": 4, "red": 7}
    # No Mob is left anywhere (Yellow held games against both), so no End of Turn added any.
    assert sum(p.mobs for p in state.provinces.values()) == 0
    # Two of his provinces stand at support 3+: the start of the eastern Pretender empire.
    assert [n for n in governed(state, "red") if support(state, n) >= 3] == ["Asia", "Syria"]


@pytest.mark.parametrize("black_first", [True, False])
def test_reading_of_invasion_dice(black_first: bool) -> None:
    """Yellow's turn-1 "1,3" only fits black 1, white 3: read as black 3, the two awake
    Sassanids would stay home, yet the text sends one to Galatia."""
    state = t1_setup()
    t1_green(state)
    act(state, "blue", "end_actions")
    # Blue keeps his full hand, so there is no refill: Yellow's crisis follows at once.
    white, black = (3, 1) if black_first else (1, 3)
    act(state, "blue", "end_buy", dice=(2, 3, white, black))
    if black_first:
        assert state.provinces["Galatia"].active == {"Sassanids": 1}
    else:
        assert state.provinces["Galatia"].active == {}
        assert state.tribes["Sassanids"].active == 2
