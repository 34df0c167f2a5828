"""Rule-by-rule tests of the phases around Take Actions (RULES 6.1, 6.4, 6.6-6.8, 11), the
Buy/Trash rules (5.3) and the end of the game (7). Pretender phases: test_turn_pretender.py.
"""

from __future__ import annotations

import pytest

from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import scoring
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import Army, State, army, player

START = ("Africa", "Hispania", "Pannonia", "Asia")
IRA_DEORUM = (1, 1)


def new_game(provinces: tuple[str, ...] = START, **kw: object) -> State:
    s = quick_start(provinces, dice_results=IRA_DEORUM, **kw)  # type: ignore[arg-type]
    assert s.step == "actions"
    return s


def act(s: State, verb: str, arg: object = None, role: str | None = None) -> None:
    toc.apply(s, role or toc.active(s)[0], Action(verb, arg))  # type: ignore[arg-type]


def end_turn(s: State, crisis: tuple[int, ...] = IRA_DEORUM) -> None:
    """Finish the current player's turn without buying; the next Crisis roll is ``crisis``."""
    role = toc.active(s)[0]
    script_dice(s, crisis)
    act(s, "end_actions", role=role)
    act(s, "end_buy", role=role)
    while s.step == "refill":
        for r in toc.active(s):
            act(s, "choose_card", toc.actions(s, r)[0].arg, role=r)


def govern(s: State, role: str, province: str, support: int) -> None:
    s.provinces[province].governor = role
    s.provinces[province].support = support


# -- Upkeep (6.1) --------------------------------------------------------------------------------


def test_upkeep_removes_only_your_quaestors_and_castra() -> None:
    s = new_game()
    s.provinces["Africa"].quaestor = True
    s.provinces["Hispania"].quaestor = True
    army(s, 1).castra = True
    army(s, 2).castra = True
    end_turn(s)
    assert toc.active(s) == ["blue"]
    assert not s.provinces["Hispania"].quaestor and not army(s, 2).castra
    assert s.provinces["Africa"].quaestor and army(s, 1).castra


# -- Support Check (6.4) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "threat", ["active barbarians", "barbarian leader", "rival emperor", "enemy army in capital"]
)
def test_support_check_threats_cost_one_support(threat: str) -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    africa.support = 3
    if threat == "active barbarians":
        africa.active["Nomads"] = 2
    elif threat == "barbarian leader":
        s.leaders["Cniva"] = "Africa"
    elif threat == "rival emperor":
        s.rivals["Zenobia"] = "Africa"
    else:
        army(s, 1).capital = False
        africa.militia = False
        army(s, 2).region = "Africa"
    act(s, "end_actions")
    assert africa.support == 2


def test_support_check_ignores_inactive_barbarians_and_armies_outside_the_capital() -> None:
    s = new_game()
    africa = s.provinces["Africa"]
    africa.support = 3
    africa.inactive["Nomads"] = 3
    s.armies.append(Army(id=50, owner="blue", region="Africa"))
    act(s, "end_actions")
    assert africa.support == 3


def test_support_check_example() -> None:
    """6.4 example: Thracia lost to barbarians, Pannonia -1 once, Italia -1 for Postumus and
    -1 for the lost Governor."""
    s = new_game(("Macedonia", "Hispania", "Britannia", "Asia"))
    govern(s, "green", "Italia", 4)
    govern(s, "green", "Thracia", 1)
    govern(s, "green", "Pannonia", 2)
    s.provinces["Thracia"].active["Goths"] = 2
    s.provinces["Pannonia"].active["Alamanni"] = 1
    blue = army(s, 2)
    blue.region, blue.capital = "Pannonia", True
    s.rivals["Postumus"] = "Gallia"
    ready = player(s, "green").governors_ready
    act(s, "end_actions")
    thracia = s.provinces["Thracia"]
    assert (thracia.governor, thracia.support) == ("neutral", 1)
    assert s.provinces["Pannonia"].support == 1
    assert s.provinces["Italia"].governor == "green"
    assert s.provinces["Italia"].support == 2
    assert player(s, "green").governors_ready == ready + 1


def test_neutral_provinces_never_lose_support() -> None:
    s = new_game()
    s.provinces["Gallia"].active["Franks"] = 3
    s.rivals["Postumus"] = "Gallia"
    end_turn(s)
    end_turn(s)
    assert s.provinces["Gallia"].support == 1 and s.provinces["Italia"].support == 8


def test_italia_loses_one_for_an_opposing_pretender() -> None:
    s = new_game()
    govern(s, "green", "Italia", 5)
    s.provinces["Asia"].pretender, s.provinces["Asia"].seat = "red", True
    act(s, "end_actions")
    assert s.provinces["Italia"].support == 4


def test_italia_threats_and_pretender_loss_add_up() -> None:
    s = new_game()
    govern(s, "green", "Italia", 5)
    s.provinces["Italia"].active["Alamanni"] = 1
    s.rivals["Zenobia"] = "Aegyptus"
    act(s, "end_actions")
    assert s.provinces["Italia"].support == 3


def test_governor_lost_when_mobs_reach_support() -> None:
    s = new_game()
    s.provinces["Africa"].support, s.provinces["Africa"].mobs = 2, 2
    act(s, "end_actions")
    africa = s.provinces["Africa"]
    assert (africa.governor, africa.support, africa.mobs) == ("neutral", 1, 0)
    assert player(s, "green").governors_ready == 1


def test_emperor_deposed_when_italia_reaches_zero() -> None:
    s = new_game()
    govern(s, "green", "Italia", 1)
    s.rivals["Postumus"] = "Gallia"
    act(s, "end_actions")
    italia = s.provinces["Italia"]
    assert italia.governor == "neutral"
    assert italia.support == 8  # the Neutral provinces, Italia included
    assert player(s, "green").legacy == 1  # only Africa is left


def test_emperor_deposed_by_lost_governors() -> None:
    s = new_game()
    govern(s, "green", "Italia", 2)
    govern(s, "green", "Gallia", 1)
    govern(s, "green", "Aegyptus", 2)
    s.provinces["Gallia"].active["Franks"] = 1
    s.provinces["Aegyptus"].mobs = 2
    act(s, "end_actions")
    assert s.provinces["Gallia"].governor == "neutral"
    assert s.provinces["Aegyptus"].governor == "neutral"
    assert s.provinces["Italia"].governor == "neutral"
    assert player(s, "green").governors_ready == 3


def test_emperor_mob_in_italia_deposes() -> None:
    s = new_game()
    govern(s, "green", "Italia", 3)
    s.provinces["Italia"].mobs = 3
    act(s, "end_actions")
    assert s.provinces["Italia"].governor == "neutral"


# -- Gain Legacy (6.6) ---------------------------------------------------------------------------


def test_gain_legacy_provinces_and_improvements() -> None:
    s = new_game()
    govern(s, "green", "Aegyptus", 2)
    s.provinces["Aegyptus"].improvements += ["Basilica", "Limes"]
    s.provinces["Gallia"].improvements.append("Amphitheater")  # not Green's
    act(s, "end_actions")
    assert player(s, "green").legacy == 2 + 2


def test_gain_legacy_example_emperor_disputed_by_a_rival() -> None:
    """6.6 example: three provinces, Italia at 2 with an Amphitheater, Postumus present: +6."""
    s = new_game()
    govern(s, "green", "Italia", 2)
    govern(s, "green", "Aegyptus", 2)
    s.provinces["Italia"].improvements.append("Amphitheater")
    s.rivals["Postumus"] = "Gallia"
    s.provinces["Italia"].support = 3  # the Support Check takes one for Postumus
    act(s, "end_actions")
    assert s.provinces["Italia"].support == 2
    assert player(s, "green").legacy == 6
    assert player(s, "green").emperor_turns == 0


def test_undisputed_emperor_advances_emperor_turns() -> None:
    """13 Yellow turn 5: two provinces and Italia at 2 give 4 legacy and an Emperor Turn."""
    s = new_game()
    govern(s, "green", "Italia", 2)
    act(s, "end_actions")
    assert player(s, "green").legacy == 4
    assert player(s, "green").emperor_turns == 1


def test_emperor_legacy_minus_pretender_provinces_not_below_zero() -> None:
    s = new_game()
    govern(s, "green", "Italia", 2)
    for name in ("Hispania", "Gallia", "Britannia"):
        s.provinces[name].governor, s.provinces[name].support = "blue", 3
        s.provinces[name].pretender = "blue"
    s.provinces["Hispania"].seat = True
    s.provinces["Italia"].support = 3  # minus 1 in the Support Check for Blue
    act(s, "end_actions")
    assert player(s, "green").legacy == 0 + 2  # max(0, 2 - 3) + two provinces
    assert player(s, "green").emperor_turns == 0


# -- political points, Mobs and the End of Turn (5.3, 11, 6.8) -----------------------------------


def test_political_points_example_with_mobs() -> None:
    """11.1 example: Galatia 4 with two Mobs and Asia 3 give five points; Galatia gets a third
    Mob at the End of Turn."""
    s = new_game(("Galatia", "Hispania", "Pannonia", "Asia"))
    govern(s, "green", "Galatia", 4)
    govern(s, "green", "Asia", 3)
    s.provinces["Galatia"].mobs = 2
    army(s, 4).region = "Syria"  # Red's army out of Asia's capital
    act(s, "end_actions")
    assert s.step == "buy" and s.turn.political == 5
    script_dice(s, IRA_DEORUM)
    act(s, "end_buy")
    assert s.provinces["Galatia"].mobs == 3
    assert s.provinces["Asia"].mobs == 0


def test_amphitheater_stops_mob_growth_and_other_players_mobs_wait() -> None:
    s = new_game()
    s.provinces["Africa"].support, s.provinces["Africa"].mobs = 4, 1
    s.provinces["Africa"].improvements.append("Amphitheater")
    s.provinces["Hispania"].support, s.provinces["Hispania"].mobs = 4, 1
    end_turn(s)
    assert s.provinces["Africa"].mobs == 1
    assert s.provinces["Hispania"].mobs == 1  # Blue's Mob grows at Blue's End of Turn


def test_mob_growth_stops_when_no_counter_can_show_it() -> None:
    """6.8 and 11: sixteen two-sided counters. Africa's lone Mob grows by flipping its counter
    even with the others all in use; a second pair would need a counter the box lacks."""
    s = new_game()
    s.provinces["Africa"].support, s.provinces["Africa"].mobs = 5, 1
    s.provinces["Gallia"].mobs = 30  # 15 counters on their "x 2" side
    end_turn(s)
    assert s.provinces["Africa"].mobs == 2  # its counter flipped
    s = new_game()
    s.provinces["Africa"].support, s.provinces["Africa"].mobs = 5, 2
    s.provinces["Gallia"].mobs = 30
    end_turn(s)
    assert s.provinces["Africa"].mobs == 2  # a third Mob needs a 17th counter


def test_end_of_turn_flips_barbarians_in_your_provinces() -> None:
    s = new_game()
    s.provinces["Africa"].inactive["Nomads"] = 2
    s.provinces["Africa"].support = 3
    s.provinces["Hispania"].inactive["Franks"] = 1
    end_turn(s)
    assert s.provinces["Africa"].active == {"Nomads": 2} and not s.provinces["Africa"].inactive
    assert s.provinces["Africa"].support == 3  # flipped after this turn's Support Check
    assert s.provinces["Hispania"].inactive == {"Franks": 1}


def test_refill_reshuffles_the_discard_pile() -> None:
    s = new_game()
    green = player(s, "green")
    green.available = ["red1"]
    green.discard = ["castra"]
    for cid in list(green.hand):
        act(s, "play_card", cid)
    act(s, "end_actions")
    assert sorted(green.discard) == sorted(
        ["castra", "blue1", "blue1", "blue1", "yellow1", "yellow1"]
    )
    script_dice(s, IRA_DEORUM)
    act(s, "end_buy")
    assert s.step == "refill" and toc.active(s) == ["green"]
    assert green.hand == ["red1"] and green.discard == []
    assert len(green.available) == 6
    for cid in ("castra", "blue1", "blue1", "yellow1"):
        act(s, "choose_card", cid)
    assert sorted(green.hand) == sorted(["red1", "castra", "blue1", "blue1", "yellow1"])
    assert sorted(green.available) == ["blue1", "yellow1"]
    assert toc.active(s) == ["blue"] and s.step == "actions"


def test_played_cards_go_to_the_discard_pile_before_buying() -> None:
    s = new_game()
    act(s, "play_card", "blue1")
    act(s, "end_actions")
    assert player(s, "green").discard == ["blue1"]
    assert s.turn.played == [] and player(s, "green").hand.count("blue1") == 2


# -- Buy/Trash (5.3, 6.7) -----------------------------------------------------------------------


def buy_position(provinces: dict[str, int]) -> State:
    s = new_game(("Galatia", "Hispania", "Pannonia", "Asia"))
    s.provinces["Galatia"].governor = "neutral"
    army(s, 4).region, army(s, 4).capital = "Syria", False
    for name, support in provinces.items():
        govern(s, "green", name, support)
    act(s, "end_actions")
    return s


def test_buy_example_three_cards() -> None:
    """5.3 example: 10 points buy a 3, a 2 for 3 and a 2 for 4."""
    s = buy_position({"Galatia": 4, "Syria": 3, "Asia": 3})
    assert s.turn.political == 10
    act(s, "buy", "flanking_maneuver")
    assert s.turn.political == 7
    act(s, "buy", "tribute")
    assert s.turn.political == 4
    act(s, "buy", "quaestor")
    assert s.turn.political == 0
    assert sorted(player(s, "green").discard) == ["flanking_maneuver", "quaestor", "tribute"]
    assert s.supply["tribute"] == 8


def test_buy_example_doubled_value() -> None:
    """5.3 example: a 4-value card costs 8 with three provinces."""
    s = buy_position({"Galatia": 4, "Syria": 3, "Asia": 3})
    act(s, "buy", "pretender")
    assert s.turn.political == 2
    assert not [a for a in toc.actions(s, "green") if a.verb == "buy"]


def test_trash_costs_three_from_the_discard_pile() -> None:
    s = buy_position({"Galatia": 4, "Syria": 3, "Asia": 3})
    green = player(s, "green")
    green.discard = ["red1", "blue1", "yellow1"]
    for cid in ("red1", "blue1", "yellow1"):
        act(s, "trash", cid)
    assert green.discard == [] and s.turn.political == 1
    green.discard = ["red1"]
    assert Action("trash", "red1") not in toc.actions(s, "green")


def test_discard_from_hand_during_buy() -> None:
    s = buy_position({"Galatia": 1})
    act(s, "discard", "yellow1")
    green = player(s, "green")
    assert green.hand.count("yellow1") == 1 and green.discard == ["yellow1"]


def test_no_buying_when_the_supply_is_empty() -> None:
    s = buy_position({"Galatia": 4, "Syria": 3, "Asia": 3})
    s.supply["tribute"] = 0
    assert Action("buy", "tribute") not in toc.actions(s, "green")


# -- the end of the game (7) --------------------------------------------------------------------


def emperor_position(legacy: int, players: int = 2, **kw: object) -> State:
    provinces = ("Gallia", "Pannonia", "Asia", "Syria")[:players]
    s = new_game(provinces, **kw)
    govern(s, "green", "Italia", 4)
    player(s, "green").legacy = legacy
    return s  # Green gains 4 (Italia) + 2 (provinces) at this turn's Gain Legacy


def test_last_round_triggered_by_the_emperor_at_sixty() -> None:
    s = emperor_position(54)
    end_turn(s)
    assert s.last_round and toc.result(s) is None
    assert toc.active(s) == ["blue"]
    end_turn(s)
    final = toc.result(s)
    assert final is not None and final["reason"] == "last round"
    assert [p.turns for p in s.players] == [1, 1]
    assert final["bonus"] == {"green": 10, "blue": 0}
    assert final["scores"]["green"] == 60 + 10
    assert final["winner"] == "green"


def test_fifty_nine_does_not_trigger() -> None:
    s = emperor_position(53)
    end_turn(s)
    assert not s.last_round


def test_sixty_legacy_without_the_throne_does_not_trigger() -> None:
    s = new_game(("Gallia", "Pannonia"))
    player(s, "green").legacy = 70
    end_turn(s)
    assert not s.last_round


def test_short_game_ends_at_forty() -> None:
    s = emperor_position(34, short_game=True)
    end_turn(s)
    assert s.last_round


def test_last_round_is_played_out_to_equal_turns() -> None:
    s = new_game(("Gallia", "Pannonia", "Asia"))
    end_turn(s)
    govern(s, "blue", "Italia", 4)
    player(s, "blue").legacy = 55
    end_turn(s)
    assert s.last_round and toc.active(s) == ["yellow"]
    end_turn(s)
    assert toc.result(s) is not None
    assert [p.turns for p in s.players] == [1, 1, 1]


def test_emperor_turns_bonus_example() -> None:
    """7.1 example: 5, 5, 3 and 0 Emperor Turns earn 10, 10, 3 and 0."""
    bonus = scoring.emperor_bonus({"green": 5, "red": 5, "yellow": 3, "blue": 0})
    assert bonus == {"green": 10, "red": 10, "yellow": 3, "blue": 0}
    assert scoring.emperor_bonus({"green": 2, "blue": 1, "yellow": 1, "red": 0}) == {
        "green": 10,
        "blue": 6,
        "yellow": 6,
        "red": 0,
    }


def finished(s: State) -> dict[str, object]:
    s.ended = "test"
    scoring.finish(s)
    assert s.final is not None
    return s.final


def test_tie_break_current_emperor_first() -> None:
    s = new_game()
    govern(s, "yellow", "Italia", 3)
    for p in s.players:
        p.legacy = 30
    assert finished(s)["winner"] == "yellow"


def test_tie_break_pretender_second() -> None:
    s = new_game()
    s.provinces["Asia"].pretender, s.provinces["Asia"].seat = "red", True
    for p in s.players:
        p.legacy = 30
    assert finished(s)["winner"] == "red"


def test_tie_break_provinces_then_legions() -> None:
    s = new_game()
    govern(s, "blue", "Gallia", 1)
    for p in s.players:
        p.legacy = 30
    assert finished(s)["winner"] == "blue"
    s2 = new_game()
    army(s2, 3).full = 3
    for p in s2.players:
        p.legacy = 30
    assert finished(s2)["winner"] == "yellow"


def test_tie_break_die_roll_last() -> None:
    s = new_game(("Gallia", "Pannonia"))
    for p in s.players:
        p.legacy = 30
    script_dice(s, [4, 4, 2, 5])  # a tied roll is rolled again
    final = finished(s)
    assert final["winner"] == "blue"
    assert final["tie_break_rolls"] == {"green": 2, "blue": 5}


def test_more_legacy_beats_every_tie_break() -> None:
    s = new_game()
    govern(s, "yellow", "Italia", 3)
    for p in s.players:
        p.legacy = 30
    player(s, "green").legacy = 31
    final = finished(s)
    assert final["winner"] == "green"
    assert final["ranking"][:2] == ["green", "yellow"]
