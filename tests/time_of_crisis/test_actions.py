"""Rule-by-rule tests of the Take Actions phase (RULES 6.3): Military, Senate and Populace
actions, their costs and their restrictions.

Each test starts from a four-player game (Green Africa, Blue Hispania, Yellow Pannonia,
Red Asia; army ids 1-4 in that order), whose first Crisis roll is Ira Deorum, then edits the
position directly and acts through ``apply``.
"""

from __future__ import annotations

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.senate import votes_needed
from crisis.games.time_of_crisis.state import Army, State, army, player

START = ("Africa", "Hispania", "Pannonia", "Asia")
IRA_DEORUM = (1, 1)  # crisis roll 2: one counter per tribe wakes, no further dice


def new_game(provinces: tuple[str, ...] = START, **kw: object) -> State:
    kw.setdefault("dice_results", IRA_DEORUM)
    s = quick_start(provinces, **kw)  # type: ignore[arg-type]
    assert s.step == "actions"
    return s


def act(s: State, verb: str, arg: object = None, role: str = "green") -> None:
    toc.apply(s, role, Action(verb, arg))  # type: ignore[arg-type]


def can(s: State, verb: str, arg: object = None, role: str = "green") -> bool:
    return Action(verb, arg) in toc.actions(s, role)  # type: ignore[arg-type]


def verbs(s: State, verb: str, role: str = "green") -> list[Action]:
    return [a for a in toc.actions(s, role) if a.verb == verb]


def give_governor(s: State, role: str = "green") -> None:
    """Move the cheapest unclaimed Governor of ``role`` to the Available Leaders box."""
    p = player(s, role)
    p.governors_unclaimed.remove(min(p.governors_unclaimed))
    p.governors_ready += 1


def remaining_dice(s: State) -> list[int]:
    return list(s.rng.script)


# -- setup facts the actions rely on -----------------------------------------------------------


def test_each_player_starts_with_general_army_legion_and_militia() -> None:
    s = new_game()
    for role, province in zip(("green", "blue", "yellow", "red"), START, strict=True):
        p = player(s, role)
        mine = [a for a in s.armies if a.owner == role]
        assert len(mine) == 1 and mine[0].region == province and mine[0].capital
        assert (mine[0].full, mine[0].reduced) == (1, 0)
        assert s.provinces[province].militia
        assert (p.governors_ready, p.generals_ready) == (0, 0)
        assert 0 not in p.governors_unclaimed and 0 not in p.generals_unclaimed


# -- Military actions (6.3.1) -------------------------------------------------------------------


def test_recruit_general_costs_printed_value_and_any_affordable_counter() -> None:
    s = new_game()
    s.turn.pool["red"] = 3
    assert {a.arg for a in verbs(s, "recruit_general")} == {1, 2, 3}
    act(s, "recruit_general", 3)
    p = player(s, "green")
    assert s.turn.pool["red"] == 0
    assert p.generals_ready == 1 and 3 not in p.generals_unclaimed


def test_create_army_needs_a_ready_general_and_a_governed_province() -> None:
    s = new_game()
    s.turn.pool["red"] = 2
    assert not verbs(s, "create_army")  # no General in the Available Leaders box
    act(s, "recruit_general", 1)
    assert [a.arg for a in verbs(s, "create_army")] == ["Africa"]
    act(s, "create_army", "Africa")
    new = s.armies[-1]
    assert (new.owner, new.region, new.capital, new.full, new.reduced) == (
        "green",
        "Africa",
        False,
        1,
        0,
    )
    assert s.turn.pool["red"] == 0
    assert player(s, "green").generals_ready == 0


def test_create_army_and_add_legion_respect_the_33_legions() -> None:
    s = new_game()
    s.turn.pool["red"] = 5
    act(s, "recruit_general", 1)
    army(s, 4).full = data.LEGIONS - 3  # 33 legions on the map
    assert not verbs(s, "create_army") and not verbs(s, "add_legion")
    army(s, 4).full -= 1
    assert verbs(s, "create_army") and verbs(s, "add_legion")


def test_add_legion_costs_the_new_legion_count() -> None:
    s = new_game()
    s.turn.pool["red"] = 1
    assert not verbs(s, "add_legion")  # a second legion costs 2
    s.turn.pool["red"] = 5
    act(s, "add_legion", 1)
    assert army(s, 1).full == 2 and s.turn.pool["red"] == 3
    act(s, "add_legion", 1)
    assert army(s, 1).full == 3 and s.turn.pool["red"] == 0


def test_add_legion_needs_the_army_in_a_province_you_govern() -> None:
    s = new_game()
    s.turn.pool["red"] = 5
    army(s, 1).region, army(s, 1).capital = "Aegyptus", False
    assert not can(s, "add_legion", 1)


def test_train_legion_flips_a_reduced_legion_for_one() -> None:
    s = new_game()
    s.turn.pool["red"] = 2
    assert not verbs(s, "train_legion")
    army(s, 1).full, army(s, 1).reduced = 0, 2
    act(s, "train_legion", 1)
    assert (army(s, 1).full, army(s, 1).reduced) == (1, 1)
    assert s.turn.pool["red"] == 1


def test_movement_example_distances_from_africa() -> None:
    dist = data.DISTANCE["Africa"]
    assert (dist["Aegyptus"], dist["Italia"], dist["Asia"], dist["Britannia"]) == (1, 2, 3, 4)


def test_move_costs_one_per_region_and_ends_outside_the_capital() -> None:
    s = new_game()
    s.turn.pool["red"] = 2
    assert {a.arg for a in verbs(s, "move_army") if a.arg[0] == 1} == {  # type: ignore[index]
        (1, r) for r in data.ADJACENT["Africa"]
    }
    act(s, "move_army", (1, "Aegyptus"))
    assert army(s, 1).region == "Aegyptus" and not army(s, 1).capital
    assert s.turn.pool["red"] == 1
    act(s, "move_army", (1, "Syria"))
    assert army(s, 1).region == "Syria" and s.turn.pool["red"] == 0
    assert not verbs(s, "move_army")


def test_moving_to_sea_needs_the_means_to_leave_it() -> None:
    s = new_game()  # Green's hand: Blue 1s and Yellow 1s, no Military card
    s.turn.pool["red"] = 1
    assert not can(s, "move_army", (1, "Mare Occidentale"))
    s.turn.pool["red"] = 2
    act(s, "move_army", (1, "Mare Occidentale"))
    assert not can(s, "end_actions")  # an army may not end the turn at sea
    with pytest.raises(IllegalAction):
        act(s, "end_actions")
    act(s, "move_army", (1, "Italia"))
    assert can(s, "end_actions")


def test_end_actions_refused_at_sea_while_a_military_card_is_in_hand() -> None:
    s = new_game(hands={"green": ["red1", "blue1", "blue1", "blue1", "yellow1"]})
    army(s, 1).region, army(s, 1).capital = "Mare Occidentale", False
    assert not can(s, "end_actions")
    act(s, "play_card", "red1")
    act(s, "move_army", (1, "Hispania"))
    assert can(s, "end_actions")


def test_army_that_cannot_leave_the_sea_is_lost() -> None:
    s = new_game()
    army(s, 1).region, army(s, 1).capital = "Mare Orientale", False
    army(s, 1).full = 3
    assert can(s, "end_actions")
    act(s, "end_actions")
    assert all(a.id != 1 for a in s.armies)
    assert player(s, "green").generals_ready == 1


def test_entering_and_leaving_the_capital_is_free() -> None:
    s = new_game()
    act(s, "leave_capital", 1)
    assert not army(s, 1).capital and s.turn.pool == {"red": 0, "blue": 0, "yellow": 0}
    # Ruling 48: the army may not cross back before Green does something else ...
    assert not can(s, "enter_capital", 1)
    with pytest.raises(IllegalAction):
        act(s, "enter_capital", 1)
    act(s, "play_card", player(s, "green").hand[0])
    act(s, "enter_capital", 1)  # ... then it may (the own Militia stacks with the army)
    assert army(s, 1).capital
    assert not can(s, "leave_capital", 1)


def test_threshold_limit_keeps_every_combination_of_armies_reachable() -> None:
    """Ruling 48: each army may cross once between two other actions, in any order, so every
    in/out combination of two armies stays reachable; the next other action frees both."""
    s = new_game()
    home = army(s, 1).region
    other = "Gallia"
    s.provinces[other].governor = "green"
    s.armies.append(Army(id=99, owner="green", region=other))
    act(s, "leave_capital", 1)
    act(s, "enter_capital", 99)  # another army may still cross
    assert not can(s, "enter_capital", 1) and not can(s, "leave_capital", 99)
    assert (army(s, 1).capital, army(s, 99).capital) == (False, True)
    act(s, "play_card", player(s, "green").hand[0])
    assert can(s, "enter_capital", 1) and can(s, "leave_capital", 99)
    assert army(s, 1).region == home


def test_capital_holds_one_army_and_a_foreign_militia_blocks_it() -> None:
    s = new_game()
    green = army(s, 1)
    green.region, green.capital = "Hispania", False
    assert not can(s, "enter_capital", 1)  # Blue's army is in the capital
    army(s, 2).capital = False
    assert not can(s, "enter_capital", 1)  # Blue's Militia is still there
    s.provinces["Hispania"].militia = False
    act(s, "enter_capital", 1)
    assert green.capital


def test_initiate_battle_once_per_army_and_defender_marked() -> None:
    s = new_game()
    green = army(s, 1)
    green.region, green.capital, green.full = "Hispania", False, 2
    s.turn.pool["red"] = 3
    script_dice(s, [1, 1, 1, 1])  # nobody hits; Blue's army + Militia hold
    act(s, "initiate_battle", (1, "#2"))
    assert s.step == "actions"
    assert s.turn.pool["red"] == 2
    assert green.battled and army(s, 2).battled
    assert not any(a.arg[0] == 1 for a in verbs(s, "initiate_battle"))  # type: ignore[index]
    assert not any(a.arg[0] == 1 for a in verbs(s, "move_army"))  # type: ignore[index]


def test_battled_flag_clears_at_the_owners_take_actions() -> None:
    s = new_game()
    green = army(s, 1)
    green.region, green.capital = "Hispania", False
    s.turn.pool["red"] = 1
    script_dice(s, [1, 1, 1])
    act(s, "initiate_battle", (1, "#2"))
    script_dice(s, IRA_DEORUM)
    act(s, "end_actions")
    act(s, "end_buy")
    assert s.step == "actions" and toc.active(s) == ["blue"]
    assert not army(s, 2).battled
    assert army(s, 1).battled  # Green's army stays spent until Green's next turn


def test_disperse_mob() -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    africa.support, africa.mobs = 3, 4
    army(s, 1).full = 2
    s.turn.pool["red"] = 1
    act(s, "disperse_mob", 1)
    # Two legions and the Militia stacked in the capital: three units.
    assert (africa.support, africa.mobs) == (2, 1)
    assert s.turn.pool["red"] == 0
    assert not army(s, 1).battled


def test_an_army_that_just_crossed_its_capitals_threshold_may_still_disperse_a_mob() -> None:
    """Ruling 48 stops a second crossing before another action, not Disperse Mob (6.3.1)."""
    s = new_game()
    africa = s.provinces["Africa"]
    africa.support, africa.mobs = 3, 2
    s.turn.pool["red"] = 1
    act(s, "leave_capital", 1)
    assert can(s, "disperse_mob", 1) and not can(s, "enter_capital", 1)
    act(s, "disperse_mob", 1)
    assert s.turn.pool["red"] == 0 and africa.mobs < 2
    assert can(s, "enter_capital", 1)  # the Disperse Mob was another action


def test_disperse_mob_only_in_a_province_you_govern() -> None:
    s = new_game()
    s.provinces["Aegyptus"].mobs = 1
    army(s, 1).region, army(s, 1).capital = "Aegyptus", False
    s.turn.pool["red"] = 1
    assert not can(s, "disperse_mob", 1)
    s.provinces["Aegyptus"].governor = "green"
    assert can(s, "disperse_mob", 1)


# -- Senate actions (6.3.2) ---------------------------------------------------------------------


def test_recruit_governor() -> None:
    s = new_game()
    s.turn.pool["blue"] = 2
    assert {a.arg for a in verbs(s, "recruit_governor")} == {1, 2}
    act(s, "recruit_governor", 2)
    assert player(s, "green").governors_ready == 1 and s.turn.pool["blue"] == 0


def test_place_governor_needs_a_ready_governor() -> None:
    s = new_game()
    s.turn.pool["blue"] = 3
    assert not verbs(s, "place_governor")
    give_governor(s)
    assert can(s, "place_governor", ("Aegyptus", 3))
    assert not can(s, "place_governor", ("Africa", 1))  # already yours


def test_place_governor_against_neutral_with_enough_dice_rolls_nothing() -> None:
    s = new_game()
    give_governor(s)
    s.turn.pool["blue"] = 2
    draws = s.rng.draws
    act(s, "place_governor", ("Aegyptus", 2))
    assert s.rng.draws == draws
    aeg = s.provinces["Aegyptus"]
    assert aeg.governor == "green" and aeg.support == 1
    assert s.provinces["Italia"].support == 7  # one Neutral province fewer
    assert player(s, "green").governors_ready == 0
    assert any("2 votes without a roll" in line for line in s.log)
    assert not any("rolls []" in line for line in s.log)


def test_place_governor_ones_count_against_neutral() -> None:
    s = new_game()
    give_governor(s)
    s.provinces["Gallia"].support = 2  # 4 votes needed
    s.turn.pool["blue"] = 3
    script_dice(s, [1, 6, 1, 2])
    act(s, "place_governor", ("Gallia", 3))
    assert s.provinces["Gallia"].governor == "green"
    assert s.provinces["Gallia"].support == 1
    assert remaining_dice(s) == []


def test_place_governor_failure_keeps_the_governor_and_spends_the_points() -> None:
    s = new_game()
    give_governor(s)
    s.provinces["Gallia"].support = 2
    s.turn.pool["blue"] = 3
    script_dice(s, [1, 1, 5])
    act(s, "place_governor", ("Gallia", 3))
    assert s.provinces["Gallia"].governor == "neutral"
    assert s.turn.pool["blue"] == 0
    assert player(s, "green").governors_ready == 1


def test_place_governor_ones_do_not_count_against_a_player() -> None:
    s = new_game()
    give_governor(s)
    army(s, 2).capital = False
    s.provinces["Hispania"].militia = False
    s.turn.pool["blue"] = 4
    script_dice(s, [1, 1])
    act(s, "place_governor", ("Hispania", 2))
    assert s.provinces["Hispania"].governor == "blue"
    assert not can(s, "place_governor", ("Hispania", 2))  # one attempt per province per turn


def test_place_governor_rulebook_example() -> None:
    """6.3.2 example: Hispania at support 3, one of your legions in the capital: 5 votes;
    four dice 6, 6, 2, 1, bonus 6, 1, bonus 3 give five votes."""
    s = new_game()
    give_governor(s)
    hisp = s.provinces["Hispania"]
    hisp.support, hisp.militia, hisp.mobs = 3, False, 2
    army(s, 2).region, army(s, 2).capital = "Gallia", False
    green = army(s, 1)
    green.region, green.capital = "Hispania", True
    assert votes_needed(s, "green", "Hispania") == 5
    s.turn.pool["blue"] = 4
    script_dice(s, [6, 6, 2, 1, 6, 1, 3])
    act(s, "place_governor", ("Hispania", 4))
    assert remaining_dice(s) == []
    assert hisp.governor == "green" and hisp.support == 2 and hisp.mobs == 0
    assert player(s, "blue").governors_ready == 1


def test_votes_needed_count_units_in_the_capital() -> None:
    s = new_game()
    hisp = s.provinces["Hispania"]
    hisp.support = 2
    army(s, 2).full = 2
    # Blue's two legions and Militia in the capital add three.
    assert votes_needed(s, "green", "Hispania") == 7
    give_governor(s)
    s.turn.pool["blue"] = 7
    script_dice(s, [2] * 6)
    act(s, "place_governor", ("Hispania", 6))
    assert hisp.governor == "blue"


def test_votes_needed_minus_your_units_minimum_one() -> None:
    s = new_game()
    green = army(s, 1)
    green.region, green.capital, green.full = "Macedonia", True, 3
    assert votes_needed(s, "green", "Macedonia") == 1
    hisp = s.provinces["Hispania"]
    hisp.militia = False
    army(s, 2).region, army(s, 2).capital = "Gallia", False
    green.region, green.full = "Hispania", 2
    assert votes_needed(s, "green", "Hispania") == 1
    give_governor(s)
    s.turn.pool["blue"] = 1
    script_dice(s, [1])  # a 1 is no vote against a player, even when one vote is enough
    act(s, "place_governor", ("Hispania", 1))
    assert hisp.governor == "blue"


def test_quaestor_makes_votes_count_only_on_three_or_more() -> None:
    s = new_game()
    give_governor(s)
    hisp = s.provinces["Hispania"]
    hisp.militia, hisp.quaestor = False, True
    army(s, 2).capital = False
    s.turn.pool["blue"] = 2
    script_dice(s, [2, 6, 2])  # 2 no vote, 6 vote + bonus, 2 no vote
    act(s, "place_governor", ("Hispania", 2))
    assert hisp.governor == "blue"
    s2 = new_game()
    give_governor(s2)
    s2.provinces["Hispania"].militia, s2.provinces["Hispania"].quaestor = False, True
    army(s2, 2).capital = False
    s2.turn.pool["blue"] = 2
    script_dice(s2, [3, 4])
    act(s2, "place_governor", ("Hispania", 2))
    assert s2.provinces["Hispania"].governor == "green"
    assert not s2.provinces["Hispania"].quaestor  # the Quaestor leaves with the Governor


def test_basilica_dice_only_when_targeting_italia() -> None:
    s = new_game()
    give_governor(s)
    for name in ("Africa", "Aegyptus"):
        s.provinces[name].governor = "green"
        s.provinces[name].improvements.append("Basilica")
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "red", 2  # 4 votes needed
    s.turn.pool["blue"] = 2
    script_dice(s, [2, 3, 4, 5, 2])
    act(s, "place_governor", ("Italia", 2))
    assert remaining_dice(s) == [2]  # two paid dice and two Basilica dice
    s.rng.script.clear()
    assert italia.governor == "green"
    s.provinces["Macedonia"].support = 2
    s.turn.pool["blue"] = 2
    give_governor(s)
    script_dice(s, [2, 3, 6])
    act(s, "place_governor", ("Macedonia", 2))  # 4 needed: the Basilicas give nothing here
    assert remaining_dice(s) == [6]
    assert s.provinces["Macedonia"].governor == "neutral"


def test_cannot_target_a_province_recalled_this_turn() -> None:
    s = new_game()
    s.turn.pool["blue"] = 4
    act(s, "recall_governor", "Africa")
    assert s.provinces["Africa"].governor == "neutral"
    assert player(s, "green").governors_ready == 1
    assert not can(s, "place_governor", ("Africa", 2))
    assert can(s, "place_governor", ("Aegyptus", 2))


def test_cannot_target_pretender_provinces() -> None:
    s = new_game()
    give_governor(s)
    s.turn.pool["blue"] = 2
    s.provinces["Hispania"].pretender = "blue"
    s.provinces["Asia"].pretender, s.provinces["Asia"].seat = "red", True
    targets = {a.arg[0] for a in verbs(s, "place_governor")}  # type: ignore[index]
    assert "Hispania" not in targets and "Asia" not in targets
    assert "Pannonia" in targets


def test_cannot_target_no_place_governor_provinces() -> None:
    s = new_game(("Gallia", "Pannonia", "Syria"))
    give_governor(s)
    s.turn.pool["blue"] = 2
    targets = {a.arg[0] for a in verbs(s, "place_governor")}  # type: ignore[index]
    assert targets.isdisjoint({"Hispania", "Africa", "Aegyptus"})
    assert {"Italia", "Britannia", "Pannonia"} <= targets


def test_taking_italia_sets_its_support_to_provinces_governed() -> None:
    s = new_game()
    give_governor(s)
    s.provinces["Aegyptus"].governor = "green"
    italia = s.provinces["Italia"]
    italia.support = 1  # 2 votes needed
    s.turn.pool["blue"] = 2
    act(s, "place_governor", ("Italia", 2))
    assert italia.governor == "green"
    assert italia.support == 3  # Africa, Aegyptus and Italia


def test_emperor_placing_a_governor_raises_italia() -> None:
    s = new_game()
    give_governor(s)
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "green", 3
    s.turn.pool["blue"] = 2
    act(s, "place_governor", ("Gallia", 2))
    assert s.provinces["Gallia"].governor == "green"
    assert italia.support == 4


def test_emperor_losing_a_governor_lowers_italia() -> None:
    s = new_game()
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "blue", 5
    give_governor(s)
    s.provinces["Pannonia"].governor = "blue"
    s.provinces["Pannonia"].militia = False
    army(s, 3).capital = False
    s.turn.pool["blue"] = 2
    script_dice(s, [2, 2])
    act(s, "place_governor", ("Pannonia", 2))
    assert s.provinces["Pannonia"].governor == "green"
    assert italia.support == 4


def test_recall_governor() -> None:
    s = new_game()
    s.turn.pool["blue"] = 1
    assert not verbs(s, "recall_governor")
    s.turn.pool["blue"] = 2
    s.provinces["Africa"].support = 3
    s.provinces["Africa"].mobs = 1
    s.provinces["Gallia"].governor = s.provinces["Britannia"].governor = "blue"
    act(s, "recall_governor", "Africa")
    africa = s.provinces["Africa"]
    assert (africa.governor, africa.support, africa.mobs, africa.militia) == (
        "neutral",
        1,
        0,
        False,
    )
    assert s.provinces["Italia"].support == 7  # Italia follows the 7 Neutral provinces
    assert s.turn.pool["blue"] == 0


def test_emperor_recalling_a_governor_keeps_italia() -> None:
    """6.3.2, ruling 18: Italia loses support when the Emperor *must* remove a Governor; a
    voluntary Recall is not such a removal. Losing one to a Place Governor still costs him."""
    s = new_game()
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "green", 4
    s.turn.pool["blue"] = 2
    act(s, "recall_governor", "Africa")
    assert s.provinces["Africa"].governor == "neutral"
    assert italia.support == 4
    # Blue's successful Place Governor in Hispania (green's) does cost the Emperor one.
    s.provinces["Hispania"].governor = "green"
    from crisis.games.time_of_crisis.board import replace_governor

    player(s, "blue").governors_ready += 1
    replace_governor(s, "Hispania", "blue", 1)
    assert italia.support == 3


def test_recalling_the_governor_of_italia_leaves_a_neutral_emperor() -> None:
    """Recall "adjusts Italia if necessary": recalling Italia's own Governor puts a Neutral
    there, whose support follows the Neutral provinces (ruling 19)."""
    s = new_game()
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "green", 4
    s.turn.pool["blue"] = 2
    act(s, "recall_governor", "Italia")
    neutral = sum(1 for p in s.provinces.values() if p.governor == "neutral")
    assert italia.governor == "neutral" and italia.support == neutral


# -- Populace actions (6.3.3) -------------------------------------------------------------------


def test_increase_support_costs_the_next_space() -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    s.turn.pool["yellow"] = 1
    assert not can(s, "increase_support", "Africa")
    s.turn.pool["yellow"] = 9
    act(s, "increase_support", "Africa")
    assert africa.support == 2 and s.turn.pool["yellow"] == 7
    act(s, "increase_support", "Africa")
    act(s, "increase_support", "Africa")
    assert africa.support == 4 and s.turn.pool["yellow"] == 0
    s.turn.pool["yellow"] = 9
    assert not can(s, "increase_support", "Africa")  # 4 is the top of the track


def test_increase_support_not_in_italia_nor_foreign_provinces() -> None:
    s = new_game()
    s.provinces["Italia"].governor, s.provinces["Italia"].support = "green", 2
    s.turn.pool["yellow"] = 9
    targets = {a.arg for a in verbs(s, "increase_support")}
    assert targets == {"Africa"}


def test_place_militia() -> None:
    s = new_game()
    s.provinces["Aegyptus"].governor = "green"
    s.turn.pool["yellow"] = 1
    assert not verbs(s, "place_militia")
    s.turn.pool["yellow"] = 2
    assert {a.arg for a in verbs(s, "place_militia")} == {"Aegyptus"}  # Africa has one
    act(s, "place_militia", "Aegyptus")
    assert s.provinces["Aegyptus"].militia and s.turn.pool["yellow"] == 0


def test_no_militia_with_an_enemy_army_in_the_province() -> None:
    """6.3.3, ruling 49: another player's army blocks Place Militia, in the capital or not."""
    s = new_game()
    s.provinces["Aegyptus"].governor = "green"
    army(s, 4).region = "Aegyptus"  # Red's army in the capital
    s.turn.pool["yellow"] = 2
    assert not can(s, "place_militia", "Aegyptus")
    army(s, 4).capital = False
    assert not can(s, "place_militia", "Aegyptus")
    army(s, 4).region = "Syria"
    assert can(s, "place_militia", "Aegyptus")


def test_active_barbarians_block_militia_but_inactive_ones_do_not() -> None:
    """6.3.3, ruling 49 (Example of Play, turn 4: a Militia beside inactive Franks)."""
    s = new_game()
    prov = s.provinces["Africa"]
    prov.militia = False
    s.turn.pool["yellow"] = 2
    prov.inactive["Nomads"] = 2
    assert can(s, "place_militia", "Africa")
    prov.active["Nomads"] = 1
    assert not can(s, "place_militia", "Africa")
    prov.active["Nomads"] = 0
    s.rivals["Zenobia"] = "Africa"
    assert not can(s, "place_militia", "Africa")
    del s.rivals["Zenobia"]
    s.leaders["Cniva"] = "Africa"
    assert not can(s, "place_militia", "Africa")


def test_hold_games_removes_one_mob_for_two() -> None:
    s = new_game()
    s.provinces["Africa"].support, s.provinces["Africa"].mobs = 3, 2
    s.turn.pool["yellow"] = 2
    assert not can(s, "hold_games", "Pannonia", role="green")
    act(s, "hold_games", "Africa")
    assert s.provinces["Africa"].mobs == 1 and s.turn.pool["yellow"] == 0


def test_build_costs_three_and_one_more_under_inflation() -> None:
    s = new_game()
    s.turn.pool["yellow"] = 2
    assert not verbs(s, "build")
    s.turn.pool["yellow"] = 3
    assert {a.arg for a in verbs(s, "build")} == {
        ("Africa", "Amphitheater"),
        ("Africa", "Basilica"),
        ("Africa", "Limes"),
    }
    act(s, "build", ("Africa", "Limes"))
    assert s.provinces["Africa"].improvements == ["Limes"]
    assert s.turn.pool["yellow"] == 0
    s.turn.pool["yellow"] = 9
    assert not can(s, "build", ("Africa", "Limes"))  # one of each kind per province
    s.lasting = "inflation"
    s.turn.pool["yellow"] = 3
    assert not verbs(s, "build")
    s.turn.pool["yellow"] = 4
    act(s, "build", ("Africa", "Basilica"))
    assert s.turn.pool["yellow"] == 0


@pytest.mark.parametrize(
    "blocker",
    ["mob", "active barbarian", "barbarian leader", "rival emperor", "enemy army in capital"],
)
def test_build_blocked(blocker: str) -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    s.turn.pool["yellow"] = 3
    assert verbs(s, "build")
    if blocker == "mob":
        africa.mobs = 1
    elif blocker == "active barbarian":
        africa.active["Nomads"] = 1
    elif blocker == "barbarian leader":
        s.leaders["Cniva"] = "Africa"
    elif blocker == "rival emperor":
        s.rivals["Zenobia"] = "Africa"
    else:
        army(s, 1).capital = False
        africa.militia = False
        army(s, 2).region = "Africa"
    assert not verbs(s, "build")


def test_build_allowed_beside_inactive_barbarians_and_foreign_armies_outside() -> None:
    s = new_game()
    s.provinces["Africa"].inactive["Nomads"] = 2
    s.armies.append(Army(id=99, owner="blue", region="Africa"))
    s.turn.pool["yellow"] = 3
    assert can(s, "build", ("Africa", "Amphitheater"))


def test_a_lone_militia_disperses_a_mob() -> None:
    """6.3.3, ruling 50: a Militia without a General is an army of the Governor: for one
    Military point it disperses one Mob and the province loses a support."""
    s = new_game()
    green = army(s, 1)
    green.capital = False  # the General leaves the Militia alone in Africa's capital
    africa = s.provinces["Africa"]
    africa.support, africa.mobs = 3, 2
    s.turn.pool["red"] = 1
    assert can(s, "disperse_mob", "Africa")
    act(s, "disperse_mob", "Africa")
    assert (africa.mobs, africa.support, s.turn.pool["red"]) == (1, 2, 0)
    assert africa.militia


def test_a_militia_with_its_general_disperses_with_the_army() -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    africa.support, africa.mobs = 3, 3
    s.turn.pool["red"] = 1
    assert not can(s, "disperse_mob", "Africa")  # stacked: the army acts, Militia included
    act(s, "disperse_mob", 1)
    assert africa.mobs == 3 - 2  # one legion and the Militia
