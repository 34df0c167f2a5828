"""The worked examples of the rulebook (sections 5.3, 6.3.1-6.3.3, 6.4, 6.6, 7.1, 8, 9, 11.1)
replayed with fixed dice through real actions, asserting the numbers the text states."""

from __future__ import annotations

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data, market, scoring, senate
from crisis.games.time_of_crisis.phases import political_points
from crisis.games.time_of_crisis.scripting import script_dice
from crisis.games.time_of_crisis.state import (
    NEUTRAL,
    capital_army,
    emperor,
    governed,
    militia_on_map,
    player,
)

from .positions import (
    army_of,
    end_turn,
    govern,
    homeland,
    invaders,
    legal,
    play,
    put_in_hand,
    ready_governor,
    start,
)

# -- 5.3 Buying/Trashing Cards ---------------------------------------------------------------


@pytest.fixture
def buying():
    """Green governs Galatia (4), Syria (3) and Asia (3); three played Blue 1s wait in the
    Discard Pile at the start of the Buy/Trash Cards phase."""
    state = start(("Galatia", "Hispania", "Pannonia", "Africa"))
    govern(state, "Galatia", "green", 4)
    govern(state, "Syria", "green", 3)
    govern(state, "Asia", "green", 3)
    play(state, "blue1", "blue1", "blue1")
    toc.apply(state, "green", Action("end_actions"))
    assert state.step == "buy"
    return state


def test_buying_ten_points_from_three_provinces(buying):
    assert political_points(buying, "green") == 10
    assert buying.turn.political == 10
    assert sorted(player(buying, "green").discard) == ["blue1"] * 3
    # Value up to the number of provinces governed (three): the value; above it: double.
    assert market.card_cost(buying, "green", "castra") == 2
    assert market.card_cost(buying, "green", "foederati") == 3
    assert market.card_cost(buying, "green", "pretender") == 8


def test_buying_option_3_then_2_then_2(buying):
    s = buying
    steps = [("foederati", 3, 7), ("tribute", 3, 4), ("quaestor", 4, 0)]
    for cid, cost, left in steps:
        assert market.card_cost(s, "green", cid) == cost
        supply = s.supply[cid]
        toc.apply(s, "green", Action("buy", cid))
        assert s.turn.political == left
        assert s.supply[cid] == supply - 1
    assert sorted(player(s, "green").discard) == sorted(
        ["blue1"] * 3 + ["foederati", "tribute", "quaestor"]
    )
    assert not [a for a in legal(s) if a.verb in ("buy", "trash")]


def test_buying_option_3_then_3_then_trash(buying):
    s = buying
    toc.apply(s, "green", Action("buy", "mob"))
    assert s.turn.political == 7
    assert market.card_cost(s, "green", "flanking_maneuver") == 4
    toc.apply(s, "green", Action("buy", "flanking_maneuver"))
    assert s.turn.political == 3
    toc.apply(s, "green", Action("trash", "blue1"))
    assert s.turn.political == 0
    assert sorted(player(s, "green").discard) == sorted(
        ["blue1", "blue1", "mob", "flanking_maneuver"]
    )


def test_buying_option_trash_three(buying):
    s = buying
    for left in (7, 4, 1):
        toc.apply(s, "green", Action("trash", "blue1"))
        assert s.turn.political == left
    assert player(s, "green").discard == []
    # The last point buys nothing: no purchase or trash is legal any more.
    assert not [a for a in legal(s) if a.verb in ("buy", "trash")]
    assert Action("end_buy") in legal(s)


def test_buying_option_a_four_value_card_costs_double(buying):
    s = buying
    toc.apply(s, "green", Action("buy", "pretender"))
    assert s.turn.political == 2
    assert not [a for a in legal(s) if a.verb in ("buy", "trash")]
    with pytest.raises(IllegalAction):
        toc.apply(s, "green", Action("buy", "castra"))  # 2 + 1 already bought = 3 > 2


# -- 6.3.1 Military actions ------------------------------------------------------------------


def test_add_legion_costs_the_new_legion_count():
    state = start(
        ("Africa", "Hispania", "Pannonia", "Asia"),
        hands={"green": ["red1", "red1", "red1", "yellow1", "yellow1"]},
    )
    put_in_hand(state, "green", "castra")
    a = army_of(state, "green")
    assert a.legions == 1
    play(state, "red1", "red1")
    toc.apply(state, "green", Action("add_legion", a.id))  # the 2nd legion: 2 points
    assert (a.full, state.turn.pool["red"]) == (2, 0)
    play(state, "red1")
    assert Action("add_legion", a.id) not in legal(state)  # the 3rd costs 3, only 1 in pool
    with pytest.raises(IllegalAction):
        toc.apply(state, "green", Action("add_legion", a.id))
    assert a.full == 2 and state.turn.pool["red"] == 1
    play(state, "castra")
    toc.apply(state, "green", Action("add_legion", a.id))  # the 3rd legion: 3 points
    assert (a.full, state.turn.pool["red"]) == (3, 0)


def test_create_army_and_recruit_general_cost():
    state = start(
        ("Africa", "Hispania", "Pannonia", "Asia"),
        hands={"green": ["red1", "red1", "red1", "yellow1", "yellow1"]},
    )
    play(state, "red1", "red1")
    assert not [a for a in legal(state) if a.verb == "create_army"]  # no General available
    toc.apply(state, "green", Action("recruit_general", 1))
    toc.apply(state, "green", Action("create_army", "Africa"))
    assert state.turn.pool["red"] == 0
    new = [a for a in state.armies if a.owner == "green" and not a.capital]
    assert len(new) == 1 and (new[0].region, new[0].full) == ("Africa", 1)


MOVES_FROM_AFRICA = {
    "Aegyptus": ["Aegyptus"],
    "Italia": ["Mare Occidentale", "Italia"],
    "Asia": ["Aegyptus", "Mare Orientale", "Asia"],
    "Britannia": ["Hispania", "Gallia", "Oceanus", "Britannia"],
}


def test_movement_distances_from_africa():
    expected = {"Aegyptus": 1, "Italia": 2, "Asia": 3, "Britannia": 4}
    for dest, n in expected.items():
        assert data.DISTANCE["Africa"][dest] == n
        assert len(MOVES_FROM_AFRICA[dest]) == n


@pytest.mark.parametrize("dest", sorted(MOVES_FROM_AFRICA))
def test_moving_step_by_step_costs_one_point_a_region(dest):
    state = start(
        ("Africa", "Hispania", "Pannonia", "Asia"),
        hands={"green": ["red1", "red1", "red1", "yellow1", "yellow1"]},
    )
    put_in_hand(state, "green", "castra")
    play(state, "red1", "red1", "red1", "castra")
    a = army_of(state, "green")
    for region in MOVES_FROM_AFRICA[dest]:
        toc.apply(state, "green", Action("move_army", (a.id, region)))
        assert a.region == region and not a.capital
    assert state.turn.pool["red"] == 5 - data.DISTANCE["Africa"][dest]


def test_a_capital_holds_one_army():
    state = start(
        ("Africa", "Hispania", "Pannonia", "Asia"),
        hands={"green": ["red1", "red1", "red1", "yellow1", "yellow1"]},
    )
    play(state, "red1")
    a = army_of(state, "green")
    toc.apply(state, "green", Action("move_army", (a.id, "Hispania")))
    assert Action("enter_capital", a.id) not in legal(state)  # Blue's army and Militia
    assert Action("leave_capital", a.id) not in legal(state)


# -- 6.3.2 Senate actions: Place Governor ----------------------------------------------------


@pytest.fixture
def hispania():
    """Hispania at support 3 under Blue, whose army stands outside the capital; Green's army
    (one Legion) holds the capital; Green has a Governor ready and a Blue 3 in hand."""
    state = start(("Africa", "Hispania", "Pannonia", "Asia"))
    s = state.provinces["Hispania"]
    s.support = 3
    s.militia = False
    s.mobs = 1
    army_of(state, "blue").capital = False
    g = army_of(state, "green")
    g.region, g.capital = "Hispania", True
    ready_governor(state, "green")
    put_in_hand(state, "green", "foederati")
    return state


def test_place_governor_in_hispania(hispania):
    state = hispania
    assert senate.votes_needed(state, "green", "Hispania") == 5  # 3 x 2 - 1 Legion
    play(state, "foederati", "blue1")
    assert state.turn.pool["blue"] == 4
    blue_ready = player(state, "blue").governors_ready
    # Four dice: 6, 6, 2, 1; two bonus dice: 6, 1; one more bonus die: 3.
    script_dice(state, [6, 6, 2, 1, 6, 1, 3])
    toc.apply(state, "green", Action("place_governor", ("Hispania", 4)))
    assert state.rng.script == []  # exactly seven dice were rolled
    assert state.turn.pool["blue"] == 0
    prov = state.provinces["Hispania"]
    assert prov.governor == "green"
    assert prov.support == 2
    assert prov.mobs == 0  # a new governor clears the Mobs
    assert player(state, "blue").governors_ready == blue_ready + 1
    assert player(state, "green").governors_ready == 0
    assert sorted(governed(state, "green")) == ["Africa", "Hispania"]
    # One Place Governor per province per turn.
    assert not [a for a in legal(state) if a.verb == "place_governor" and a.arg[0] == "Hispania"]


def test_place_governor_ones_do_not_count_against_a_player(hispania):
    state = hispania
    play(state, "foederati", "blue1")
    script_dice(state, [6, 6, 2, 1, 6, 1, 1])  # four votes: the 1s count for nothing
    toc.apply(state, "green", Action("place_governor", ("Hispania", 4)))
    assert state.rng.script == []
    prov = state.provinces["Hispania"]
    assert (prov.governor, prov.support, prov.mobs) == ("blue", 3, 1)
    assert player(state, "green").governors_ready == 1
    # One Place Governor per province per turn: Hispania may not be targeted again.
    play(state, "blue1")
    targets = {a.arg[0] for a in legal(state) if a.verb == "place_governor"}
    assert "Hispania" not in targets and "Gallia" in targets


def test_place_governor_against_neutral_needs_no_dice_when_sure():
    """Example of Play, Green turn 1: two dice against Africa (support 1, Neutral) succeed
    without rolling; Italia drops from 8 to 7."""
    state = start(("Aegyptus", "Hispania", "Pannonia", "Asia"))
    play(state, "blue1")
    toc.apply(state, "green", Action("recruit_governor", 1))
    play(state, "blue1", "blue1")
    draws = state.rng.draws
    toc.apply(state, "green", Action("place_governor", ("Africa", 2)))
    assert state.rng.draws == draws
    assert state.provinces["Africa"].governor == "green"
    assert state.provinces["Africa"].support == 1
    assert state.provinces["Italia"].support == 7


# -- 6.3.3 Populace actions: Increase Support ------------------------------------------------


def test_increase_support_in_syria_costs_three():
    state = start(
        ("Syria", "Hispania", "Pannonia", "Asia"),
        hands={"green": ["yellow1", "yellow1", "yellow1", "blue1", "blue1"]},
    )
    state.provinces["Syria"].support = 2
    play(state, "yellow1", "yellow1")
    assert Action("increase_support", "Syria") not in legal(state)
    play(state, "yellow1")
    toc.apply(state, "green", Action("increase_support", "Syria"))
    assert state.provinces["Syria"].support == 3
    assert state.turn.pool["yellow"] == 0


def test_italia_support_can_never_be_increased():
    state = start(("Syria", "Hispania", "Pannonia", "Asia"))
    govern(state, "Italia", "green", 2)
    put_in_hand(state, "green", "pretender", "mob")
    play(state, "pretender", "mob", "yellow1", "yellow1")
    assert state.turn.pool["yellow"] == 9
    assert Action("increase_support", "Italia") not in legal(state)
    assert Action("increase_support", "Syria") in legal(state)
    before = toc.to_json(state)
    with pytest.raises(IllegalAction):
        toc.apply(state, "green", Action("increase_support", "Italia"))
    assert toc.to_json(state) == before


# -- 8 Combat --------------------------------------------------------------------------------


@pytest.fixture
def battle():
    """Red's army of three full Legions stands in Gallia outside the capital; Green's army
    (one full and one reduced Legion, a Castra) holds the capital with its Militia. Red has
    a Flanking Maneuver (Military 3) in hand."""
    state = start(("Hispania", "Gallia", "Pannonia", "Asia"), first="red")
    assert state.players[state.current].role == "red"
    g = army_of(state, "green")
    assert (g.region, g.capital, state.provinces["Gallia"].militia) == ("Gallia", True, True)
    g.full, g.reduced, g.castra = 1, 1, True
    r = army_of(state, "red")
    r.region, r.capital, r.full = "Gallia", False, 3
    put_in_hand(state, "red", "flanking_maneuver")
    return state


def test_combat_example(battle):
    state = battle
    g, r = army_of(state, "green"), army_of(state, "red")
    militia = militia_on_map(state)
    play(state, "flanking_maneuver")
    toc.apply(state, "red", Action("flanking_maneuver"))
    script_dice(state, [5, 3, 3, 2, 5, 4])  # Red: three full Legions; Green: full, reduced, Militia
    toc.apply(state, "red", Action("initiate_battle", (r.id, f"#{g.id}")))
    assert state.turn.pool["red"] == 2
    b = state.battle
    assert b is not None
    assert (b.attacker_rolls, b.defender_rolls) == ([5, 3, 3], [2, 5, 4])
    # Winning 2 hits to 1, Red keeps the roll.
    assert toc.active(state) == ["red"]
    assert sorted(legal(state, "red")) == sorted([Action("reroll"), Action("keep")])
    toc.apply(state, "red", Action("keep"))
    assert (b.hits_on_defender, b.hits_on_attacker) == (2, 1)  # 3 hits less one for the Castra
    # Red's hit flips a full Legion; Green's Militia takes the first hit by precedence.
    assert (r.full, r.reduced) == (2, 1)
    assert not state.provinces["Gallia"].militia
    assert militia_on_map(state) == militia - 1
    # Green chooses where the second hit goes.
    assert toc.active(state) == ["green"]
    assert sorted(legal(state, "green")) == sorted(
        [Action("take_hit", "reduce"), Action("take_hit", "remove")]
    )
    toc.apply(state, "green", Action("take_hit", "remove"))
    assert (g.full, g.reduced) == (1, 0)
    # Green lost: it retreats out of the capital and loses the Castra.
    assert not g.capital and not g.castra and g.region == "Gallia"
    assert player(state, "red").legacy == 2
    assert player(state, "green").legacy == 0
    assert toc.active(state) == ["red"]
    toc.apply(state, "red", Action("advance"))
    assert r.capital and capital_army(state, "Gallia") is r
    assert state.step == "actions" and state.battle is None
    # The army that fought may not move or fight again this turn.
    assert not [
        a for a in legal(state) if a.verb in ("move_army", "initiate_battle") and a.arg[0] == r.id
    ]
    toc.apply(state, "red", Action("train_legion", r.id))
    assert (r.full, r.reduced) == (3, 0)
    assert state.turn.pool["red"] == 1


def test_combat_flanking_reroll_keeps_the_new_roll(battle):
    state = battle
    g, r = army_of(state, "green"), army_of(state, "red")
    play(state, "flanking_maneuver")
    toc.apply(state, "red", Action("flanking_maneuver"))
    # Red misses with 1, 1, 2; Green hits with 6 (full), 5, 5 and the bonus die 4 (full).
    script_dice(state, [1, 1, 2, 6, 5, 5, 4, 4, 4, 2])
    toc.apply(state, "red", Action("initiate_battle", (r.id, f"#{g.id}")))
    toc.apply(state, "red", Action("reroll"))
    b = state.battle
    assert b is not None and b.attacker_rolls == [4, 4, 2]
    assert b.defender_rolls == [6, 5, 5, 4]
    assert state.rng.script == []
    assert b.hits_on_defender == 1  # two hits less the Castra
    assert b.hits_on_attacker == 4
    # Four hits on three full Legions: every Legion is flipped and one reduced is removed.
    while state.battle is not None and state.battle.stage == "hits_attacker":
        toc.apply(state, "red", Action("take_hit", "reduce" if r.full else "remove"))
    assert (r.full, r.reduced) == (0, 2)
    # Green's Militia takes the one hit; Green held the capital and wins.
    assert not state.provinces["Gallia"].militia
    assert (g.full, g.reduced, g.capital, g.castra) == (1, 1, True, True)
    assert player(state, "green").legacy == 2
    assert player(state, "red").legacy == 0
    assert state.step == "actions"


def test_combat_without_flanking_has_no_reroll(battle):
    state = battle
    g, r = army_of(state, "green"), army_of(state, "red")
    play(state, "flanking_maneuver")  # the card's points, not its event
    script_dice(state, [5, 3, 3, 2, 5, 4])
    toc.apply(state, "red", Action("initiate_battle", (r.id, f"#{g.id}")))
    assert state.battle is not None and state.battle.stage == "hits_defender"
    assert toc.active(state) == ["green"]


# -- 9 Crisis checks: invasions --------------------------------------------------------------


def test_invasion_example():
    state = start(("Aegyptus", "Hispania", "Pannonia", "Gallia"))
    invaders(state, "Asia", "Goths", 3)
    invaders(state, "Galatia", "Sassanids", 2)
    state.provinces["Galatia"].improvements.append("Limes")
    homeland(state, "Sassanids", 5, 3)
    # Blue's crisis roll 1+2 = 3: Sassanids; then white 3 (Galatia, Asia), black 5.
    end_turn(state, next_crisis=[1, 2, 3, 5])
    assert state.step == "actions" and state.players[state.current].role == "blue"
    assert state.rng.script == []
    galatia, asia = state.provinces["Galatia"], state.provinces["Asia"]
    assert galatia.active.get("Sassanids", 0) + galatia.inactive.get("Sassanids", 0) == 3
    assert galatia.inactive.get("Sassanids", 0) == 1  # met the Limes: inactive
    assert asia.inactive.get("Sassanids", 0) == 3  # after the Limes on the path: inactive
    assert asia.active.get("Sassanids", 0) == 0
    assert asia.active.get("Goths", 0) == 3  # other tribes do not count
    t = state.tribes["Sassanids"]
    assert (t.active, t.inactive) == (2, 2)  # 6 active, 5 invade, 1 comes back active
    assert all(
        "Sassanids" not in p.active and "Sassanids" not in p.inactive
        for name, p in state.provinces.items()
        if name not in ("Galatia", "Asia")
    )


def test_limes_later_on_the_path():
    """The Limes in the second province: invaders before it stay active, from it on they
    arrive inactive."""
    state = start(("Africa", "Hispania", "Pannonia", "Gallia"))
    state.provinces["Aegyptus"].improvements.append("Limes")
    homeland(state, "Sassanids", 4, 6)
    # Crisis 2+3 = 5: Sassanids (5 active); white 4 (Syria, Aegyptus), black 5.
    end_turn(state, next_crisis=[2, 3, 4, 5])
    syria, aegyptus = state.provinces["Syria"], state.provinces["Aegyptus"]
    assert (syria.active.get("Sassanids", 0), syria.inactive.get("Sassanids", 0)) == (3, 0)
    assert (aegyptus.active.get("Sassanids", 0), aegyptus.inactive.get("Sassanids", 0)) == (0, 2)
    assert state.tribes["Sassanids"].active == 0


def test_invasion_three_per_province_and_leftovers_go_home_active():
    state = start(("Africa", "Hispania", "Syria", "Gallia"))
    invaders(state, "Thracia", "Goths", 3)
    invaders(state, "Macedonia", "Goths", 2)
    homeland(state, "Goths", 5, 0)
    # Crisis 3+3 = 6: Goths (nothing left to flip); white 1 (Thracia, Macedonia), black 4.
    end_turn(state, next_crisis=[3, 3, 1, 4])
    assert state.provinces["Thracia"].active["Goths"] == 3
    assert state.provinces["Macedonia"].active["Goths"] == 3
    assert state.tribes["Goths"].active == 4  # 5 - 4 invaders + 3 that found no room
    assert state.tribes["Goths"].inactive == 0


def test_no_invasion_when_black_exceeds_active():
    """Example of Play, Green turn 1: Sassanids, then 5,5: one active counter, no invasion."""
    state = start(("Africa", "Hispania", "Pannonia", "Gallia"))
    homeland(state, "Sassanids", 0, 10)
    end_turn(state, next_crisis=[1, 2, 5, 5])
    assert state.tribes["Sassanids"].active == 1
    assert all(not p.active and not p.inactive for p in state.provinces.values())


# -- 6.4 Support Check and 6.6 Gain Legacy ---------------------------------------------------


def emperor_position(thracia_support: int):
    """Green is Emperor (Italia 4, an Amphitheater) and governs Thracia (active Goths),
    Pannonia (2; active Alamanni and Blue's army in the capital) and Macedonia; Postumus
    stands in Gallia."""
    state = start(("Macedonia", "Hispania", "Africa", "Asia"))
    govern(state, "Italia", "green", 4)
    govern(state, "Thracia", "green", thracia_support)
    govern(state, "Pannonia", "green", 2)
    state.provinces["Italia"].improvements.append("Amphitheater")
    invaders(state, "Thracia", "Goths", 2)
    invaders(state, "Pannonia", "Alamanni", 1)
    b = army_of(state, "blue")
    b.region, b.capital = "Pannonia", True
    state.rivals["Postumus"] = "Gallia"
    assert emperor(state) == "green"
    assert len(governed(state, "green")) == 4
    return state


def test_support_check_and_gain_legacy_example():
    state = emperor_position(thracia_support=1)
    green = player(state, "green")
    toc.apply(state, "green", Action("end_actions"))
    thracia = state.provinces["Thracia"]
    assert (thracia.governor, thracia.support) == (NEUTRAL, 1)  # 1 -> 0: lost to a Neutral
    assert green.governors_ready == 1
    assert (state.provinces["Pannonia"].governor, state.provinces["Pannonia"].support) == (
        "green",
        1,
    )  # one step only, for barbarians and an enemy army together
    italia = state.provinces["Italia"]
    assert (italia.governor, italia.support) == ("green", 2)  # 4 -> 3 (Postumus) -> 2
    assert sorted(governed(state, "green")) == ["Italia", "Macedonia", "Pannonia"]
    # Gain Legacy: 2 (Italia) + 3 (provinces) + 1 (Amphitheater).
    assert green.legacy == 6
    assert green.emperor_turns == 0  # Postumus is on the map
    assert state.step == "buy"


def test_support_check_rival_alone_costs_italia_one():
    state = emperor_position(thracia_support=2)
    toc.apply(state, "green", Action("end_actions"))
    assert state.provinces["Thracia"].support == 1
    assert state.provinces["Thracia"].governor == "green"
    assert state.provinces["Italia"].support == 3
    assert player(state, "green").legacy == 3 + 4 + 1


def test_gain_legacy_advances_emperor_turns_when_undisputed():
    state = start(("Macedonia", "Hispania", "Africa", "Asia"))
    govern(state, "Italia", "green", 3)
    toc.apply(state, "green", Action("end_actions"))
    green = player(state, "green")
    assert green.legacy == 3 + 2
    assert green.emperor_turns == 1


# -- 11.1 Mobs -------------------------------------------------------------------------------


def test_mobs_example():
    state = start(("Galatia", "Hispania", "Pannonia", "Africa"))
    govern(state, "Galatia", "green", 4)
    govern(state, "Asia", "green", 3)
    state.provinces["Galatia"].mobs = 2
    toc.apply(state, "green", Action("end_actions"))
    assert state.provinces["Galatia"].governor == "green"  # 2 Mobs < support 4
    assert state.turn.political == 5  # 7 support - 2 Mobs
    script_dice(state, (1, 1))
    toc.apply(state, "green", Action("end_buy"))
    assert state.provinces["Galatia"].mobs == 3
    assert state.provinces["Asia"].mobs == 0


def test_mobs_do_not_grow_under_an_amphitheater():
    state = start(("Galatia", "Hispania", "Pannonia", "Africa"))
    govern(state, "Asia", "green", 3)
    state.provinces["Asia"].mobs = 1
    state.provinces["Asia"].improvements.append("Amphitheater")
    end_turn(state)
    assert state.provinces["Asia"].mobs == 1


def test_mobs_equal_to_support_remove_the_governor():
    state = start(("Galatia", "Hispania", "Pannonia", "Africa"))
    govern(state, "Asia", "green", 2)
    state.provinces["Asia"].mobs = 2
    toc.apply(state, "green", Action("end_actions"))
    asia = state.provinces["Asia"]
    assert (asia.governor, asia.support, asia.mobs) == (NEUTRAL, 1, 0)


# -- 7.1 Game End ----------------------------------------------------------------------------


def test_emperor_turns_bonus_example():
    turns = {"green": 5, "blue": 0, "yellow": 3, "red": 5}
    assert scoring.emperor_bonus(turns) == {"green": 10, "blue": 0, "yellow": 3, "red": 10}


def test_emperor_turns_bonus_places():
    turns = {"green": 4, "blue": 3, "yellow": 2, "red": 1}
    assert scoring.emperor_bonus(turns) == {"green": 10, "blue": 6, "yellow": 3, "red": 0}


def test_game_end_last_round_and_tie_break_emperor_first():
    state = start(("Aegyptus", "Hispania", "Pannonia", "Asia"))
    green, blue = player(state, "green"), player(state, "blue")
    yellow, red = player(state, "yellow"), player(state, "red")
    govern(state, "Italia", "green", 2)
    green.legacy, green.emperor_turns = 56, 2
    govern(state, "Africa", "blue", 1)
    govern(state, "Gallia", "blue", 1)
    blue.legacy, blue.emperor_turns = 57, 3
    yellow.legacy = red.legacy = 10
    army_of(state, "red").full = 2

    end_turn(state)  # Green: +2 Italia, +2 provinces = 60 as Emperor: the last round begins
    assert green.legacy == 60 and green.emperor_turns == 3
    assert state.last_round and state.final is None
    end_turn(state)  # Blue +3
    end_turn(state)  # Yellow +1
    assert state.final is None
    end_turn(state)  # Red +1; everyone has had the same number of turns
    final = toc.result(state)
    assert final is not None and state.step == "over"
    assert [p.turns for p in state.players] == [1, 1, 1, 1]
    assert final["bonus"] == {"green": 10, "blue": 10, "yellow": 0, "red": 0}
    assert final["scores"] == {"green": 70, "blue": 70, "yellow": 11, "red": 11}
    # Green and Blue tie: the Emperor wins although Blue governs more provinces. Yellow and
    # Red tie on provinces: Red commands more Legions.
    assert final["ranking"] == ["green", "blue", "red", "yellow"]
    assert final["winner"] == "green"
    assert final["tie_break_rolls"] == {}
    with pytest.raises(IllegalAction):
        toc.apply(state, "green", Action("end_actions"))


def test_tie_break_pretender_before_provinces_then_dice():
    state = start(("Aegyptus", "Hispania", "Pannonia", "Asia"))
    govern(state, "Syria", "green", 3)
    state.provinces["Aegyptus"].support = 3
    state.provinces["Aegyptus"].pretender = "green"
    state.provinces["Aegyptus"].seat = True
    state.provinces["Syria"].pretender = "green"
    for name in ("Africa", "Gallia"):
        govern(state, name, "blue", 1)
    for p in state.players:
        p.legacy = 30
    state.ended = "last round"
    script_dice(state, [4, 4, 2, 5])  # Yellow and Red tie throughout: 4-4 again, then 2-5
    scoring.finish(state)
    final = toc.result(state)
    assert final is not None
    assert final["ranking"] == ["green", "blue", "red", "yellow"]
    assert final["tie_break_rolls"] == {"yellow": 2, "red": 5}
