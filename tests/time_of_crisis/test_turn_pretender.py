"""Rule-by-rule tests of Pretenders through the turn: Expand Pretender Empire (6.5), the
Pretender and Emperor parts of Gain Legacy (6.6) and the occupation of a Pretender's
provincial capitals (12.2)."""

from __future__ import annotations

from crisis.engine.action import Action
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import phases
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import State, army, player
from tests.time_of_crisis.test_turn import act, end_turn, govern

START = ("Africa", "Hispania", "Pannonia", "Asia")
IRA_DEORUM = (1, 1)


def new_game(provinces: tuple[str, ...] = START) -> State:
    s = quick_start(provinces, dice_results=IRA_DEORUM)
    assert s.step == "actions"
    return s


def mark(s: State, role: str, *provinces: str) -> None:
    """The first province gets ``role``'s Seat of Power, the others Breakaway markers."""
    for name in provinces:
        s.provinces[name].pretender = role
    s.provinces[provinces[0]].seat = True


def empire(s: State, role: str) -> set[str]:
    return {n for n, p in s.provinces.items() if p.pretender == role}


# -- Expand Pretender Empire (6.5) ---------------------------------------------------------------


def test_expand_adds_adjacent_provinces_at_three_or_more() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 3)
    govern(s, "green", "Britannia", 3)  # Gallia-Britannia count as adjacent here
    govern(s, "green", "Hispania", 3)
    govern(s, "green", "Africa", 3)  # next to Hispania, which joins only in this phase
    govern(s, "green", "Macedonia", 4)  # not adjacent to the empire
    army(s, 2).capital = False
    s.provinces["Hispania"].militia = False
    mark(s, "green", "Gallia")
    act(s, "end_actions")
    assert empire(s, "green") == {"Gallia", "Britannia", "Hispania"}
    assert not s.provinces["Britannia"].seat


def test_expand_needs_support_three() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 3)
    govern(s, "green", "Italia", 2)
    s.provinces["Africa"].governor = "neutral"
    govern(s, "green", "Hispania", 2)
    army(s, 2).capital = False
    s.provinces["Hispania"].militia = False
    mark(s, "green", "Gallia")
    phases.expand_pretender_empire(s, "green")
    assert empire(s, "green") == {"Gallia"}


def test_expand_never_takes_italia() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 4)
    govern(s, "green", "Italia", 6)
    mark(s, "green", "Gallia")
    phases.expand_pretender_empire(s, "green")
    assert s.provinces["Italia"].pretender is None


def test_no_expansion_without_a_seat_of_power() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 4)
    govern(s, "green", "Hispania", 4)
    s.provinces["Gallia"].pretender = "green"  # a Breakaway whose Seat was lost
    phases.expand_pretender_empire(s, "green")
    assert empire(s, "green") == {"Gallia"}


def test_breakaway_survives_support_below_three() -> None:
    """FAQ: support 3 is needed to break away, not to stay away."""
    s = new_game()
    govern(s, "green", "Gallia", 3)
    govern(s, "green", "Britannia", 1)
    mark(s, "green", "Gallia", "Britannia")
    act(s, "end_actions")
    assert empire(s, "green") == {"Gallia", "Britannia"}


# -- Gain Legacy for Pretenders and Emperors (6.6) -----------------------------------------------


def test_pretender_gains_one_per_marked_province() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 3)
    govern(s, "green", "Britannia", 3)
    mark(s, "green", "Gallia", "Britannia")
    act(s, "end_actions")
    # Two marked provinces, plus three provinces governed.
    assert player(s, "green").legacy == 2 + 3


def test_pretender_gains_nothing_extra_with_another_pretender() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 3)
    govern(s, "green", "Britannia", 3)
    mark(s, "green", "Gallia", "Britannia")
    govern(s, "red", "Galatia", 3)
    mark(s, "red", "Galatia")
    act(s, "end_actions")
    assert player(s, "green").legacy == 3


def test_emperor_legitimizes_his_own_markers() -> None:
    s = new_game()
    govern(s, "green", "Gallia", 3)
    mark(s, "green", "Gallia")
    govern(s, "green", "Italia", 4)
    act(s, "end_actions")
    assert empire(s, "green") == set()
    assert not s.provinces["Gallia"].seat
    green = player(s, "green")
    # Pretender step first (+1), then Italia 4 with no Pretender province left, then 3 provinces.
    assert green.legacy == 1 + 4 + 3
    assert green.emperor_turns == 1
    assert s.provinces["Italia"].support == 4  # his own Pretender empire does not oppose him


def test_emperor_turn_needs_no_rival_and_no_pretender() -> None:
    s = new_game()
    govern(s, "green", "Italia", 5)
    govern(s, "red", "Galatia", 3)
    mark(s, "red", "Galatia")
    act(s, "end_actions")
    green = player(s, "green")
    assert green.emperor_turns == 0
    assert s.provinces["Italia"].support == 4  # -1 for Red's Pretender
    assert green.legacy == (4 - 1) + 2


# -- occupying a Pretender's capital (12.2) ------------------------------------------------------


def blue_empire() -> State:
    """Blue is Pretender: Seat of Power in Hispania, Breakaway in Gallia; capitals empty."""
    s = new_game()
    govern(s, "blue", "Hispania", 3)
    govern(s, "blue", "Gallia", 3)
    mark(s, "blue", "Hispania", "Gallia")
    army(s, 2).region, army(s, 2).capital = "Africa", False
    s.provinces["Hispania"].militia = False
    return s


def test_occupying_a_breakaway_capital() -> None:
    s = blue_empire()
    player(s, "green").governors_ready = 1
    green = army(s, 1)
    green.region, green.capital = "Gallia", False
    act(s, "enter_capital", 1)
    assert s.step == "occupy" and toc.active(s) == ["green"]
    assert set(toc.actions(s, "green")) == {
        Action("occupy", "governor"),
        Action("occupy", "neutral"),
    }
    act(s, "occupy", "governor")
    gallia = s.provinces["Gallia"]
    assert (gallia.governor, gallia.support, gallia.pretender) == ("green", 1, None)
    assert player(s, "blue").governors_ready == 1
    assert s.provinces["Hispania"].pretender == "blue" and s.provinces["Hispania"].seat
    assert s.step == "actions"


def test_occupying_without_a_governor_installs_a_neutral() -> None:
    s = blue_empire()
    green = army(s, 1)
    green.region, green.capital = "Gallia", False
    act(s, "enter_capital", 1)
    assert toc.actions(s, "green") == [Action("occupy", "neutral")]
    act(s, "occupy", "neutral")
    assert s.provinces["Gallia"].governor == "neutral"
    assert s.provinces["Gallia"].support == 1


def test_occupying_the_seat_of_power_ends_the_empire() -> None:
    s = blue_empire()
    green = army(s, 1)
    green.region, green.capital = "Hispania", False
    act(s, "enter_capital", 1)
    act(s, "occupy", "neutral")
    assert empire(s, "blue") == set()
    assert s.provinces["Hispania"].governor == "neutral"
    assert not s.provinces["Hispania"].seat
    assert s.provinces["Gallia"].governor == "blue"  # Breakaway markers go, governors stay
    assert "blue" not in toc.view(s, None)["pretenders"]


def test_no_occupation_of_your_own_pretender_province() -> None:
    s = blue_empire()
    govern(s, "green", "Aegyptus", 3)
    mark(s, "green", "Aegyptus")
    green = army(s, 1)
    green.region, green.capital = "Aegyptus", False
    act(s, "enter_capital", 1)
    assert s.step == "actions" and s.provinces["Aegyptus"].pretender == "green"


def test_occupation_after_a_won_battle_and_advance() -> None:
    s = blue_empire()
    s.provinces["Gallia"].militia = True
    green = army(s, 1)
    green.region, green.capital, green.full = "Gallia", False, 2
    s.turn.pool["red"] = 1
    script_dice(s, [3, 1, 1])
    act(s, "initiate_battle", (1, "militia"))
    act(s, "advance")
    assert s.step == "occupy"


def test_occupation_checked_when_take_actions_begins() -> None:
    s = new_game(("Pannonia", "Gallia"))
    mark(s, "blue", "Gallia")
    s.provinces["Gallia"].support = 3
    army(s, 2).capital = False
    s.provinces["Gallia"].militia = False
    green = army(s, 1)
    green.region, green.capital = "Gallia", True
    end_turn(s)
    assert toc.active(s) == ["blue"] and s.step == "actions"
    end_turn(s)
    assert toc.active(s) == ["green"] and s.step == "occupy"
