"""Rule-by-rule tests of combat (RULES 8) and of the historical figures in battle (RULES 10).

Die order: every attacker die (full legions, reduced legions, Militia, Foederati, then bonus
dice), then every defender die. Green's army is army 1 and starts in Africa's capital with a
Militia; Blue's army is army 2 in Hispania's capital with a Militia.
"""

from __future__ import annotations

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.combat import roman_target
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import Army, State, army, find_army, player
from crisis.games.time_of_crisis.words import describe

START = ("Africa", "Hispania", "Pannonia", "Asia")
IRA_DEORUM = (1, 1)


def new_game() -> State:
    s = quick_start(START, dice_results=IRA_DEORUM)
    assert s.step == "actions"
    s.turn.pool["red"] = 5
    return s


def act(s: State, verb: str, arg: object = None, role: str | None = None) -> None:
    toc.apply(s, role or toc.active(s)[0], Action(verb, arg))  # type: ignore[arg-type]


def options(s: State) -> list[Action]:
    return toc.actions(s, toc.active(s)[0])


def green_army(s: State, region: str, full: int = 1, reduced: int = 0) -> Army:
    """Green's army 1, moved to ``region`` outside the capital, Africa's Militia gone."""
    a = army(s, 1)
    a.region, a.capital, a.full, a.reduced = region, False, full, reduced
    s.provinces["Africa"].militia = False
    return a


def barbarians(s: State, province: str, tribe: str, n: int, *, active: bool = True) -> None:
    """Move ``n`` counters of ``tribe`` from its homeland (inactive side) into ``province``."""
    side = s.provinces[province].active if active else s.provinces[province].inactive
    side[tribe] = side.get(tribe, 0) + n
    s.tribes[tribe].inactive -= n


def fight(s: State, target: str, dice: list[int], army_id: int = 1) -> None:
    script_dice(s, dice)
    act(s, "initiate_battle", (army_id, target), role="green")


def here(s: State, province: str, tribe: str) -> int:
    prov = s.provinces[province]
    return prov.active.get(tribe, 0) + prov.inactive.get(tribe, 0)


# -- dice and to-hit numbers (8.1) --------------------------------------------------------------


@pytest.mark.parametrize(("die", "hit"), [(2, False), (3, True)])
def test_full_legion_hits_on_three(die: int, hit: bool) -> None:
    s = new_game()
    green_army(s, "Africa")
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [die, 1])
    assert here(s, "Africa", "Nomads") == (0 if hit else 1)


@pytest.mark.parametrize(("die", "hit"), [(4, False), (5, True)])
def test_reduced_legion_hits_on_five(die: int, hit: bool) -> None:
    s = new_game()
    green_army(s, "Africa", full=0, reduced=1)
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [die, 1])
    assert here(s, "Africa", "Nomads") == (0 if hit else 1)


@pytest.mark.parametrize(("die", "hit"), [(4, False), (5, True)])
def test_militia_hits_on_five(die: int, hit: bool) -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    army(s, 2).capital = False  # Blue's Militia stands alone in the capital
    fight(s, "militia", [1, 1, die])
    assert (army(s, 1).full, army(s, 1).reduced) == ((1, 1) if hit else (2, 0))


@pytest.mark.parametrize(("die", "hit"), [(3, False), (4, True)])
def test_barbarians_hit_on_four(die: int, hit: bool) -> None:
    s = new_game()
    green_army(s, "Africa", full=2)
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [1, 1, die])
    assert army(s, 1).reduced == (1 if hit else 0)


def test_foederati_roll_like_barbarians() -> None:
    s = new_game()
    a = green_army(s, "Africa")
    a.foederati["Goths"] = 1
    s.tribes["Goths"].inactive -= 1
    barbarians(s, "Africa", "Nomads", 2)
    fight(s, "Nomads", [1, 4, 1, 1])  # legion misses, the Goth hits on 4
    assert here(s, "Africa", "Nomads") == 0  # one removed, the survivor fled home active
    assert s.tribes["Nomads"].active == 2


def test_rival_emperor_rolls_three_dice_and_falls_to_one_hit() -> None:
    s = new_game()
    green_army(s, "Gallia")
    s.rivals["Postumus"] = "Gallia"
    fight(s, "Postumus", [1, 4, 4, 1, 2])
    assert list(s.rng.script) == [2]  # 1 attacker die, 3 Rival dice
    assert find_army(s, 1) is None  # two hits destroy a full-strength legion
    assert s.rivals == {"Postumus": "Gallia"}
    s2 = new_game()
    green_army(s2, "Gallia")
    s2.rivals["Postumus"] = "Gallia"
    fight(s2, "Postumus", [4, 1, 1, 1])
    assert s2.rivals == {}  # one hit removes him


def test_barbarian_leader_rolls_two_dice() -> None:
    s = new_game()
    green_army(s, "Thracia", full=2)
    s.leaders["Cniva"] = "Thracia"
    fight(s, "Goths", [1, 1, 1, 4, 2])
    assert list(s.rng.script) == [2]
    assert army(s, 1).reduced == 1


def test_bonus_dice_chain_and_survivors_go_home_active() -> None:
    s = new_game()
    green_army(s, "Africa")
    barbarians(s, "Africa", "Nomads", 3)
    inactive = s.tribes["Nomads"].inactive
    active = s.tribes["Nomads"].active
    fight(s, "Nomads", [6, 6, 1, 1, 1, 1])  # 6 -> bonus 6 -> bonus 1: two hits
    assert s.rng.script == []
    assert here(s, "Africa", "Nomads") == 0
    assert s.tribes["Nomads"].inactive == inactive + 2  # the fallen go home inactive
    assert s.tribes["Nomads"].active == active + 1  # the survivor goes home active
    assert player(s, "green").legacy == 2 + 2


@pytest.mark.parametrize(("bonus", "removed"), [(4, 1), (5, 2)])
def test_bonus_dice_use_the_same_target(bonus: int, removed: int) -> None:
    s = new_game()
    green_army(s, "Africa", full=0, reduced=1)
    barbarians(s, "Africa", "Nomads", 2)
    fight(s, "Nomads", [6, bonus, 1, 1])
    assert player(s, "green").legacy == 2 + removed


# -- lasting auguries ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lasting", "die", "hit"),
    [
        ("bad_auguries", 3, False),
        ("bad_auguries", 4, True),
        ("good_auguries", 2, True),
        ("good_auguries", 1, False),
        (None, 2, False),
    ],
)
def test_auguries_change_roman_to_hit(lasting: str | None, die: int, hit: bool) -> None:
    s = new_game()
    s.lasting = lasting
    green_army(s, "Africa")
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [die, 1])
    assert here(s, "Africa", "Nomads") == (0 if hit else 1)


def test_good_auguries_never_better_than_two() -> None:
    s = new_game()
    s.lasting = "good_auguries"
    assert [roman_target(s, base) for base in (2, 3, 5)] == [2, 2, 4]
    s.lasting = "bad_auguries"
    assert [roman_target(s, base) for base in (3, 5, 6)] == [4, 6, 6]


def test_good_auguries_reduced_legion_hits_on_four() -> None:
    s = new_game()
    s.lasting = "good_auguries"
    green_army(s, "Africa", full=0, reduced=1)
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [4, 1])
    assert here(s, "Africa", "Nomads") == 0


def test_bad_auguries_also_hamper_foederati() -> None:
    s = new_game()
    s.lasting = "bad_auguries"
    a = green_army(s, "Africa")
    a.foederati["Goths"] = 1
    s.tribes["Goths"].inactive -= 1
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [1, 4, 1])
    assert here(s, "Africa", "Nomads") == 1


@pytest.mark.parametrize("lasting", ["bad_auguries", "good_auguries"])
def test_auguries_leave_barbarians_at_four(lasting: str) -> None:
    s = new_game()
    s.lasting = lasting
    green_army(s, "Africa", full=2)
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [1, 1, 3])
    assert army(s, 1).reduced == 0
    s2 = new_game()
    s2.lasting = lasting
    green_army(s2, "Africa", full=2)
    barbarians(s2, "Africa", "Nomads", 1)
    fight(s2, "Nomads", [1, 1, 4])
    assert army(s2, 1).reduced == 1


# -- allocating hits ----------------------------------------------------------------------------


def test_hits_taken_militia_then_foederati_then_legions() -> None:
    s = new_game()
    green_army(s, "Hispania", full=3)
    blue = army(s, 2)
    blue.full = 2
    blue.foederati["Franks"] = 1
    s.tribes["Franks"].inactive -= 1
    franks_home = s.tribes["Franks"].inactive
    fight(s, "#2", [3, 3, 3, 1, 1, 1, 1])  # Blue rolls 2 legions, Militia, Frank
    assert not s.provinces["Hispania"].militia
    assert blue.foederati == {}
    assert s.tribes["Franks"].inactive == franks_home + 1
    assert (blue.full, blue.reduced) == (1, 1)


def test_owner_chooses_reduce_or_remove_when_it_matters() -> None:
    s = new_game()
    green_army(s, "Hispania")
    blue = army(s, 2)
    blue.capital, blue.full, blue.reduced = False, 1, 1
    fight(s, "#2", [3, 1, 1])
    assert s.step == "battle" and toc.active(s) == ["blue"]
    assert set(options(s)) == {Action("take_hit", "reduce"), Action("take_hit", "remove")}
    act(s, "take_hit", "remove", role="blue")
    assert (blue.full, blue.reduced) == (1, 0)


def test_no_choice_when_every_order_leaves_the_same_army() -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    blue = army(s, 2)
    blue.capital, blue.full, blue.reduced = False, 1, 1
    fight(s, "#2", [3, 3, 1, 1])  # two hits on one full and one reduced legion
    assert s.step != "battle" or toc.active(s) != ["blue"]
    assert (blue.full, blue.reduced) == (0, 1)


def test_full_legions_absorb_two_hits_each() -> None:
    """13: five hits on two full-strength legions remove both; the fifth is ignored."""
    s = new_game()
    green_army(s, "Thracia", full=3)
    yellow = army(s, 3)
    yellow.region, yellow.full = "Thracia", 2
    s.provinces["Pannonia"].militia = False
    fight(s, "#3", [6, 6, 3, 4, 3, 2, 2])
    assert find_army(s, 3) is None
    assert player(s, "yellow").generals_ready == 1
    assert player(s, "green").legacy == 2


def test_attacker_allocates_hits_on_barbarians_leader_or_counter() -> None:
    s = new_game()
    green_army(s, "Syria")
    s.leaders["Ardashir"] = "Syria"
    barbarians(s, "Syria", "Sassanids", 2)
    fight(s, "Sassanids", [3, 1, 1, 1, 1])
    assert toc.active(s) == ["green"]
    assert set(options(s)) == {Action("take_hit", "Sassanids"), Action("take_hit", "Ardashir")}
    act(s, "take_hit", "Ardashir")
    assert "Ardashir" not in s.leaders
    assert here(s, "Syria", "Sassanids") == 0  # the two survivors went home
    assert player(s, "green").legacy == 2 + 1  # the leader counts as a barbarian


@pytest.mark.parametrize("side", ["active", "inactive"])
def test_attacker_chooses_an_active_or_an_inactive_counter(side: str) -> None:
    """8.1 and ruling 11: the attacker allocates his hits on barbarians as he wishes. Here the
    Sassanids hold (a tie goes to the defender), so his choice decides what stays in Syria."""
    s = new_game()
    green_army(s, "Syria")
    barbarians(s, "Syria", "Sassanids", 1)
    barbarians(s, "Syria", "Sassanids", 2, active=False)
    fight(s, "Sassanids", [3, 4, 1, 1])  # one hit each way
    assert toc.active(s) == ["green"]
    assert set(options(s)) == {
        Action("take_hit", "Sassanids:active"),
        Action("take_hit", "Sassanids:inactive"),
    }
    act(s, "take_hit", f"Sassanids:{side}")
    syria = s.provinces["Syria"]
    left = (syria.active.get("Sassanids", 0), syria.inactive.get("Sassanids", 0))
    assert left == ((0, 2) if side == "active" else (1, 1))


def test_no_question_when_only_one_kind_of_counter_is_there() -> None:
    s = new_game()
    green_army(s, "Syria")
    barbarians(s, "Syria", "Sassanids", 2, active=False)
    fight(s, "Sassanids", [3, 4, 1])
    assert not any(a.verb == "take_hit" for r in toc.active(s) for a in toc.actions(s, r))
    assert here(s, "Syria", "Sassanids") == 1


def test_enough_hits_on_barbarians_need_no_choice_and_leaders_count_for_legacy() -> None:
    s = new_game()
    green_army(s, "Syria", full=3)
    s.leaders["Ardashir"] = "Syria"
    barbarians(s, "Syria", "Sassanids", 2)
    fight(s, "Sassanids", [3, 3, 3, 1, 1, 1, 1])
    assert "Ardashir" not in s.leaders and here(s, "Syria", "Sassanids") == 0
    assert player(s, "green").legacy == 2 + 3


# -- victory (8.2) ------------------------------------------------------------------------------


def test_tie_goes_to_the_defender_who_gains_two_legacy() -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    blue = army(s, 2)
    blue.full = 2
    s.provinces["Hispania"].militia = False
    fight(s, "#2", [3, 1, 3, 1])
    assert s.step == "actions"
    assert player(s, "blue").legacy == 2 and player(s, "green").legacy == 0
    assert blue.capital  # the winner does not retreat


def test_elimination_beats_hit_count() -> None:
    s = new_game()
    green_army(s, "Africa", full=2)
    barbarians(s, "Africa", "Nomads", 1)
    fight(s, "Nomads", [3, 1, 6, 4])  # Green 1 hit, the Nomad 2 hits but is eliminated
    act(s, "take_hit", "reduce")
    assert (army(s, 1).full, army(s, 1).reduced) == (0, 2)
    assert player(s, "green").legacy == 3


def test_both_eliminated_no_winner() -> None:
    s = new_game()
    green_army(s, "Africa", full=0, reduced=1)
    barbarians(s, "Africa", "Nomads", 1)
    inactive = s.tribes["Nomads"].inactive
    fight(s, "Nomads", [5, 4])
    assert find_army(s, 1) is None
    assert player(s, "green").generals_ready == 1  # the General returns to the box
    assert player(s, "green").legacy == 0
    assert s.tribes["Nomads"].inactive == inactive + 1
    assert s.step == "actions"


def test_barbarians_winning_stay_put() -> None:
    s = new_game()
    green_army(s, "Africa")
    barbarians(s, "Africa", "Nomads", 2)
    fight(s, "Nomads", [1, 4, 1])
    assert here(s, "Africa", "Nomads") == 2
    assert player(s, "green").legacy == 0
    assert army(s, 1).reduced == 1


# -- retreat and advance (8.3, 8.4) -------------------------------------------------------------


def test_defeated_defender_retreats_from_the_capital_and_loses_castra() -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    blue = army(s, 2)
    blue.full, blue.castra = 2, True
    s.provinces["Hispania"].militia = False
    fight(s, "#2", [3, 3, 1, 1])  # 2 hits, Castra takes one off
    assert not blue.capital and not blue.castra
    assert (blue.full, blue.reduced) == (1, 1)
    assert s.step == "battle" and toc.active(s) == ["green"]
    assert set(options(s)) == {Action("advance"), Action("stay")}
    act(s, "advance")
    assert army(s, 1).capital and s.step == "actions"


def test_victor_may_stay_outside() -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    army(s, 2).capital = False
    fight(s, "militia", [3, 1, 1])
    assert not s.provinces["Hispania"].militia
    act(s, "stay")
    assert not army(s, 1).capital and s.step == "actions"


def test_defender_outside_the_capital_does_not_move() -> None:
    s = new_game()
    green_army(s, "Hispania", full=2)
    blue = army(s, 2)
    blue.capital, blue.full = False, 2
    fight(s, "#2", [3, 1, 1, 1])
    assert blue.region == "Hispania" and not blue.capital
    # Blue's Militia still holds the capital: no advance is offered.
    assert s.step == "actions" and not army(s, 1).capital


def test_no_advance_into_an_occupied_capital() -> None:
    s = new_game()
    green_army(s, "Hispania")
    barbarians(s, "Hispania", "Franks", 1)
    fight(s, "Franks", [3, 1])
    assert s.step == "actions" and not army(s, 1).capital


# -- rewards for historical figures (10) --------------------------------------------------------


def test_rival_emperor_reward_free_support_in_a_governed_province() -> None:
    s = new_game()
    green_army(s, "Gallia")
    s.provinces["Gallia"].governor, s.provinces["Gallia"].support = "green", 2
    s.provinces["Gallia"].militia = False
    s.rivals["Postumus"] = "Gallia"
    fight(s, "Postumus", [3, 1, 1, 1])
    assert s.rivals == {}
    assert "attacker rolls [3]: 1 hit" in s.log  # one hit, in the singular
    assert "defender rolls [1, 1, 1]: 0 hits" in s.log
    assert player(s, "green").legacy == 2  # a Rival Emperor is no barbarian
    act(s, "stay")
    assert set(options(s)) == {Action("reward", "support"), Action("reward", "discount")}
    said = {d["label"]: d["note"] for d in describe(s, "green", options(s))}
    assert said == {
        "Reward: +1 support where the battle was": (
            "for removing Postumus: support in Gallia rises by 1"
        ),
        "Reward: 2 off a card you buy this turn": (
            "for removing Postumus: the first Senate card you buy this turn costs 2 less "
            "(Postumus stays in your play area as a reminder)"
        ),
    }
    act(s, "reward", "support")
    assert s.provinces["Gallia"].support == 3 and s.step == "actions"


def test_rival_emperor_reward_senate_discount_on_first_senate_card() -> None:
    s = new_game()
    green_army(s, "Gallia")
    s.rivals["Postumus"] = "Gallia"
    fight(s, "Postumus", [3, 1, 1, 1])
    act(s, "stay")
    assert options(s) == [Action("reward", "discount")]  # Gallia is not Green's
    act(s, "reward", "discount")
    assert "Postumus" in player(s, "green").trophies
    act(s, "end_actions")
    s.turn.political = 7
    act(s, "buy", "tribute")  # Blue 2, doubled (one province): 4 - 2
    assert s.turn.political == 5
    act(s, "buy", "tribute")  # 4 + 1 for the card already bought, no discount left
    assert s.turn.political == 0


def test_barbarian_leader_reward_military_discount() -> None:
    s = new_game()
    green_army(s, "Thracia")
    s.leaders["Cniva"] = "Thracia"
    fight(s, "Goths", [3, 1, 1])
    assert "Cniva" not in s.leaders
    act(s, "stay")
    act(s, "reward", "discount")
    act(s, "end_actions")
    s.turn.political = 3
    assert Action("buy", "castra") in options(s)  # Red 2: 4 - 2
    assert Action("buy", "tribute") not in options(s)  # Blue 2 costs 4
    s.turn.political = 4
    act(s, "buy", "flanking_maneuver")  # Red 3: 6 - 2
    assert s.turn.political == 0


def test_no_support_reward_at_the_top_of_the_track() -> None:
    s = new_game()
    green_army(s, "Africa")
    s.provinces["Africa"].support = 4
    s.leaders["Ardashir"] = "Africa"
    fight(s, "Sassanids", [3, 1, 1])
    act(s, "stay")
    assert options(s) == [Action("reward", "discount")]


# -- homelands and Shapur -----------------------------------------------------------------------


def test_homeland_battle_only_against_active_counters() -> None:
    s = new_game()
    green_army(s, "Nomads")
    nomads = s.tribes["Nomads"]
    assert (nomads.active, nomads.inactive) == (1, 9)  # Ira Deorum woke one
    assert Action("initiate_battle", (1, "Nomads")) in options(s)
    fight(s, "Nomads", [3, 1, 2])
    assert s.rng.script == [2]  # a single defending die
    assert (nomads.active, nomads.inactive) == (0, 10)
    assert player(s, "green").legacy == 3
    nomads.active, nomads.inactive = 0, 10
    army(s, 1).battled = False
    assert Action("initiate_battle", (1, "Nomads")) not in options(s)


def test_shapur_makes_sassanids_hit_on_three() -> None:
    s = new_game()
    green_army(s, "Syria", full=2)
    s.leaders["Shapur I"] = "Syria"
    barbarians(s, "Syria", "Sassanids", 2)
    fight(s, "Sassanids", [1, 1, 3, 3, 3, 3])  # counters hit on 3, Shapur's own dice on 4
    assert s.battle is not None and s.battle.hits_on_attacker == 2


def test_without_shapur_sassanids_hit_on_four() -> None:
    s = new_game()
    green_army(s, "Syria", full=2)
    s.leaders["Ardashir"] = "Syria"
    barbarians(s, "Syria", "Sassanids", 2)
    fight(s, "Sassanids", [1, 1, 3, 3, 3, 3])
    assert (army(s, 1).full, army(s, 1).reduced) == (2, 0)


# -- a lone Militia fights as an army (6.3.3, ruling 50) ----------------------------------------


def lone_militia(s: State) -> None:
    """Green's General steps out of Africa's capital and leaves for Aegyptus: Africa's
    Militia stands alone in its capital, an army of its Governor."""
    a = army(s, 1)
    a.region, a.capital = "Aegyptus", False


def militia_fight(s: State, target: str, dice: list[int]) -> None:
    script_dice(s, dice)
    act(s, "militia_battle", ("Africa", target), role="green")


def test_lone_militia_may_attack_barbarians_in_its_province() -> None:
    """RULES 6.3.3 and 6.3.1 Initiate Battle, ruling 50: one Military point, one die at 5+;
    the Governor allocates the hit and wins the legacy of a victory plus one per barbarian."""
    s = new_game()
    lone_militia(s)
    barbarians(s, "Africa", "Nomads", 1, active=False)
    assert Action("militia_battle", ("Africa", "Nomads")) in options(s)
    legacy = player(s, "green").legacy
    militia_fight(s, "Nomads", [5, 2])  # Militia hits; the Nomad misses
    assert s.step == "actions" and s.battle is None
    assert here(s, "Africa", "Nomads") == 0
    assert s.provinces["Africa"].militia
    assert player(s, "green").legacy == legacy + 2 + 1
    assert s.turn.pool["red"] == 4
    # Involved in a battle: no second attack this turn (6.3.1).
    barbarians(s, "Africa", "Nomads", 1)
    assert not [a for a in options(s) if a.verb == "militia_battle"]


def test_lone_militia_that_loses_is_removed_and_the_barbarians_stay() -> None:
    s = new_game()
    lone_militia(s)
    barbarians(s, "Africa", "Nomads", 2)
    militia_fight(s, "Nomads", [3, 4, 1])  # the Militia misses, one Nomad hits
    assert s.battle is None and not s.provinces["Africa"].militia
    assert here(s, "Africa", "Nomads") == 2


def test_lone_militia_may_attack_another_players_army_in_its_province() -> None:
    s = new_game()
    lone_militia(s)
    blue = army(s, 2)
    blue.region, blue.capital, blue.full = "Africa", False, 1
    target = f"#{blue.id}"
    assert Action("militia_battle", ("Africa", target)) in options(s)
    militia_fight(s, target, [6, 1, 1])  # 6 hits and rolls again (1); Blue's legion: 1
    # One hit on a full legion reduces it; Blue allocates, with nothing to choose.
    assert army(s, 2).reduced == 1 and s.provinces["Africa"].militia
    assert s.battle is None and army(s, 2).battled


def test_militia_stacked_with_its_general_does_not_attack_alone() -> None:
    s = new_game()
    barbarians(s, "Africa", "Nomads", 1)
    assert army(s, 1).capital and s.provinces["Africa"].militia
    assert not [a for a in options(s) if a.verb == "militia_battle"]
    assert Action("initiate_battle", (1, "Nomads")) in options(s)


def test_a_militia_that_fought_with_its_army_does_not_attack_again_alone() -> None:
    """RULES 6.3.1 Initiate Battle: once an army is involved in a battle it may not initiate
    another this turn. The Militia fought stacked with its army; the army stepping out of the
    capital leaves it alone, but it was in that battle (ruling 50)."""
    s = new_game()
    barbarians(s, "Africa", "Nomads", 2)
    fight(s, "Nomads", [1, 1, 1, 1])  # the legion and the Militia miss; so do both Nomads
    assert s.battle is None and s.provinces["Africa"].militia and here(s, "Africa", "Nomads") == 2
    act(s, "leave_capital", 1, role="green")  # free even after a battle (ruling 7)
    assert not [a for a in options(s) if a.verb == "militia_battle"]
    with pytest.raises(IllegalAction):
        act(s, "militia_battle", ("Africa", "Nomads"), role="green")


def test_militia_battle_needs_military_influence_and_a_foe() -> None:
    s = new_game()
    lone_militia(s)
    assert not [a for a in options(s) if a.verb == "militia_battle"]  # nobody to fight
    barbarians(s, "Africa", "Nomads", 1)
    s.turn.pool["red"] = 0
    assert not [a for a in options(s) if a.verb == "militia_battle"]


def test_flanking_maneuver_applies_to_a_militia_battle() -> None:
    """Ruling 50: the turn's declared battle event goes with the next battle, the Militia's."""
    s = new_game()
    lone_militia(s)
    barbarians(s, "Africa", "Nomads", 1)
    s.turn.flanking = True
    militia_fight(s, "Nomads", [1, 4])
    assert s.battle is not None and s.battle.stage == "flanking"
    assert set(options(s)) == {Action("reroll"), Action("keep")}
    script_dice(s, [5])
    act(s, "reroll", role="green")
    assert s.battle is None and here(s, "Africa", "Nomads") == 0
    assert not s.provinces["Africa"].militia  # the Nomad's 4 hit first-roll and reroll alike
