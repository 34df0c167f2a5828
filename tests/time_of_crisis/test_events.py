"""Rule-by-rule tests of the Crisis results (RULES 9), the 15 event cards (reference file,
section 5) and the events printed on influence cards (RULES 5.2, reference section 6).

An event is drawn by stacking it on the event deck and scripting a crisis roll of 7.
"""

from __future__ import annotations

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.scripting import quick_start, script_dice, stack_events
from crisis.games.time_of_crisis.state import State, army, find_army, player

START = ("Africa", "Hispania", "Pannonia", "Asia")
IRA_DEORUM = (1, 1)
EVENT = (3, 4)
PAX_DEORUM = (6, 6)


def new_game(
    provinces: tuple[str, ...] = START, dice: tuple[int, ...] = IRA_DEORUM, **kw: object
) -> State:
    return quick_start(provinces, dice_results=dice, **kw)  # type: ignore[arg-type]


def act(s: State, verb: str, arg: object = None, role: str | None = None) -> None:
    toc.apply(s, role or toc.active(s)[0], Action(verb, arg))  # type: ignore[arg-type]


def can(s: State, verb: str, arg: object = None, role: str | None = None) -> bool:
    return Action(verb, arg) in toc.actions(s, role or toc.active(s)[0])  # type: ignore[arg-type]


def verbs(s: State, verb: str) -> list[Action]:
    return [a for a in toc.actions(s, toc.active(s)[0]) if a.verb == verb]


def end_turn(s: State, crisis: tuple[int, ...] = IRA_DEORUM, events: tuple[str, ...] = ()) -> None:
    """Finish the current player's turn; the next Crisis roll is ``crisis``."""
    role = toc.active(s)[0]
    script_dice(s, crisis)
    stack_events(s, events)
    act(s, "end_actions", role=role)
    if s.step == "ludi":
        act(s, "pass", role=role)
    act(s, "end_buy", role=role)
    while s.step == "refill":
        for r in toc.active(s):
            act(s, "choose_card", toc.actions(s, r)[0].arg, role=r)


def play(s: State, cid: str, role: str = "green") -> None:
    player(s, role).hand.append(cid)
    act(s, "play_card", cid, role=role)


# -- crisis table results -----------------------------------------------------------------------


def test_ira_deorum_wakes_one_counter_per_tribe_without_invasion() -> None:
    s = new_game()
    assert {t: (x.active, x.inactive) for t, x in s.tribes.items()} == dict.fromkeys(
        s.tribes, (1, 9)
    )
    assert s.rng.script == [] and s.step == "actions"
    assert all(not p.active and not p.inactive for p in s.provinces.values())


def test_ira_deorum_ignores_tribes_out_of_the_game() -> None:
    s = new_game(("Gallia", "Pannonia"))
    assert (s.tribes["Nomads"].active, s.tribes["Sassanids"].active) == (0, 0)
    assert s.tribes["Goths"].active == 1


def test_pax_deorum_everyone_picks_a_card_then_take_actions() -> None:
    s = new_game(dice=PAX_DEORUM)
    assert s.step == "pax"
    assert sorted(toc.active(s)) == ["blue", "green", "red", "yellow"]
    for role in ("red", "yellow", "blue", "green"):
        assert toc.actions(s, role) == [
            Action("choose_card", "red1"),
            Action("choose_card", "yellow1"),
        ]
        act(s, "choose_card", "red1", role=role)
    assert s.step == "actions" and toc.active(s) == ["green"]
    for p in s.players:
        assert len(p.hand) == 6 and p.hand.count("red1") == 1


def test_pax_deorum_with_an_empty_available_pile_takes_nothing() -> None:
    """9 (Pax Deorum) and ruling 2: each player takes a card from his Available Pile; one whose
    pile is empty takes nothing, and his Discard Pile is not turned over."""
    s = new_game()
    end_turn(s)  # green's turn ends; blue is next
    red = player(s, "red")
    red.discard.extend(red.available)
    red.available.clear()
    hand, discard = sorted(red.hand), sorted(red.discard)
    end_turn(s, crisis=PAX_DEORUM)  # blue's turn ends; yellow's Crisis roll is Pax Deorum
    assert s.step == "pax"
    assert "red" not in toc.active(s) and toc.actions(s, "red") == []
    for role in toc.active(s):
        act(s, "choose_card", toc.actions(s, role)[0].arg, role=role)
    assert s.step == "actions"
    assert (sorted(red.hand), sorted(red.discard), red.available) == (hand, discard, [])


def test_pax_deorum_choices_are_secret() -> None:
    s = new_game(dice=PAX_DEORUM)
    act(s, "choose_card", "red1", role="blue")
    assert "hand" not in toc.view(s, "green")["players"][1]
    assert toc.view(s, "green")["players"][1]["hand_count"] == 6
    assert "red1" in toc.view(s, "blue")["players"][1]["hand"]


def test_invasion_places_three_per_province_and_sends_leftovers_home_active() -> None:
    """9 invasion example: 5 Sassanids on the Galatia-Asia path, Limes in Galatia."""
    s = new_game()
    s.provinces["Galatia"].inactive["Sassanids"] = 2
    s.provinces["Asia"].active["Goths"] = 3
    s.provinces["Galatia"].improvements.append("Limes")
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 5, 3
    s.tribes["Goths"].inactive = 6
    end_turn(s, crisis=(1, 2, 3, 5))  # roll 3: Sassanids; white 3, black 5
    assert s.provinces["Galatia"].inactive["Sassanids"] == 3
    assert s.provinces["Asia"].inactive["Sassanids"] == 3  # after the Limes: inactive
    assert s.provinces["Asia"].active["Goths"] == 3
    assert (s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive) == (2, 2)


def test_no_invasion_when_black_die_exceeds_active_counters() -> None:
    s = new_game()
    end_turn(s, crisis=(2, 1, 3, 3))  # Sassanids: 2 active at home, black 3
    assert s.tribes["Sassanids"].active == 2
    assert not any(p.active.get("Sassanids") for p in s.provinces.values())


# -- the event deck ------------------------------------------------------------------------------


def test_plague_of_cyprian_hits_every_army_once() -> None:
    s = new_game()
    army(s, 2).capital = False  # Blue: legion alone outside, Militia alone in the capital
    yellow = army(s, 3)
    yellow.capital, yellow.full, yellow.reduced = False, 0, 1
    red = army(s, 4)
    red.capital = False
    red.foederati["Goths"] = 1
    s.tribes["Goths"].inactive -= 1
    goths = s.tribes["Goths"].inactive
    end_turn(s, crisis=EVENT, events=("plague_of_cyprian",))
    assert army(s, 1).full == 1 and not s.provinces["Africa"].militia  # Militia first
    assert (army(s, 2).full, army(s, 2).reduced) == (0, 1)
    assert not s.provinces["Hispania"].militia  # a lone Militia is an army too
    assert find_army(s, 3) is None and player(s, "yellow").generals_ready == 1
    assert red.foederati == {} and red.full == 1 and s.tribes["Goths"].inactive == goths + 1


def test_ardashir_enters_the_sassanid_homeland() -> None:
    s = new_game(dice=EVENT, events=("ardashir",))
    assert s.leaders == {"Ardashir": "Sassanids"}
    assert s.events_drawn == ["ardashir"]


def test_ardashir_sends_every_active_sassanid() -> None:
    """13 Yellow turn 6: black 1, yet Ardashir and both active Sassanids invade Syria."""
    s = new_game(dice=EVENT, events=("ardashir",))
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 1, 9
    end_turn(s, crisis=(2, 3, 6, 1))
    assert s.leaders == {"Ardashir": "Syria"}
    assert s.provinces["Syria"].active == {"Sassanids": 2}
    assert s.tribes["Sassanids"].active == 0


def test_ardashir_out_on_the_map_still_sends_every_active_sassanid() -> None:
    """Ruling 10: his power lasts while he is in play: standing in Syria after his first
    invasion, the next one sends all three active Sassanids, not the black die's one."""
    s = new_game()
    s.leaders["Ardashir"] = "Syria"
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 2, 8
    end_turn(s, crisis=(2, 3, 6, 1))  # one more wakes: three active; black 1
    assert s.tribes["Sassanids"].active == 0
    assert s.leaders == {"Ardashir": "Syria"}
    placed = sum(s.provinces[p].active.get("Sassanids", 0) for p in s.provinces)
    assert placed == 3


def test_without_ardashir_black_die_counts() -> None:
    s = new_game()
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 1, 9
    end_turn(s, crisis=(2, 3, 6, 1))
    assert s.provinces["Syria"].active == {"Sassanids": 1}
    assert s.tribes["Sassanids"].active == 1


@pytest.mark.parametrize(
    ("eid", "name", "province"),
    [
        ("priest_king_of_emesa", "Priest King of Emesa", "Syria"),
        ("postumus", "Postumus", "Gallia"),
        ("zenobia", "Zenobia", "Aegyptus"),
    ],
)
def test_rival_emperor_events(eid: str, name: str, province: str) -> None:
    s = new_game(dice=EVENT, events=(eid,))
    assert s.rivals == {name: province}
    assert s.step == "actions"


def test_palmyra_allies_send_sassanids_in_provinces_home_inactive() -> None:
    s = new_game()
    s.provinces["Galatia"].active["Sassanids"] = 2
    s.provinces["Galatia"].inactive["Sassanids"] = 1
    s.provinces["Syria"].active["Sassanids"] = 1
    s.provinces["Syria"].active["Nomads"] = 1
    s.leaders["Ardashir"] = "Syria"
    army(s, 4).foederati["Sassanids"] = 1
    s.tribes["Sassanids"].inactive -= 5
    inactive = s.tribes["Sassanids"].inactive
    end_turn(s, crisis=EVENT, events=("palmyra_allies",))
    assert not s.provinces["Galatia"].active.get("Sassanids")
    assert not s.provinces["Galatia"].inactive.get("Sassanids")
    assert not s.provinces["Syria"].active.get("Sassanids")
    assert s.provinces["Syria"].active["Nomads"] == 1
    assert s.tribes["Sassanids"].inactive == inactive + 4
    assert s.leaders == {"Ardashir": "Syria"}
    assert army(s, 4).foederati == {"Sassanids": 1}


@pytest.mark.parametrize(("eid", "name", "home"), [("shapur_i", "Shapur I", "Sassanids")])
def test_shapur_enters_the_sassanid_homeland(eid: str, name: str, home: str) -> None:
    s = new_game(dice=EVENT, events=(eid,))
    assert s.leaders == {name: home}


def test_ludi_saeculares_trade_a_card_for_legacy_at_gain_legacy() -> None:
    s = new_game(dice=EVENT, events=("ludi_saeculares",))
    player(s, "green").hand.append("pretender")
    act(s, "end_actions")
    assert s.step == "ludi" and toc.active(s) == ["green"]
    assert Action("pass") in verbs(s, "pass")
    gained = player(s, "green").legacy
    act(s, "ludi", "pretender")
    assert player(s, "green").legacy == gained + 4
    assert "pretender" in player(s, "green").discard
    assert s.step == "buy"
    act(s, "end_buy")
    script_dice(s, IRA_DEORUM)
    assert s.step == "actions" and toc.active(s) == ["blue"]
    act(s, "end_actions")
    assert s.step == "ludi"  # every player gets the offer in their own next Gain Legacy
    act(s, "pass")
    assert s.step == "buy" and player(s, "blue").legacy == 1  # Hispania only


def test_cniva_enters_and_leads_goths_past_limes() -> None:
    s = new_game(dice=EVENT, events=("cniva",))
    assert s.leaders == {"Cniva": "Goths"}
    s.provinces["Thracia"].improvements.append("Limes")
    end_turn(s, crisis=(3, 3, 1, 2))  # Goths: 1 active + Cniva; white 1, black 2
    assert s.leaders == {"Cniva": "Thracia"}
    assert s.provinces["Thracia"].active == {"Goths": 1}
    assert not s.provinces["Thracia"].inactive


def test_limes_turns_invaders_inactive_without_cniva() -> None:
    s = new_game()
    s.provinces["Thracia"].improvements.append("Limes")
    end_turn(s, crisis=(3, 3, 1, 2))
    assert s.provinces["Thracia"].inactive == {"Goths": 2}
    assert not s.provinces["Thracia"].active.get("Goths")


def test_raiding_parties_add_one_invader() -> None:
    s = new_game(dice=EVENT, events=("raiding_parties",))
    assert s.lasting == "raiding_parties"
    s.tribes["Goths"].active, s.tribes["Goths"].inactive = 1, 9
    end_turn(s, crisis=(3, 3, 1, 1))  # Goths: 2 active at home, black 1
    assert s.provinces["Thracia"].active == {"Goths": 2}


def test_raiding_parties_need_the_black_die_to_allow_an_invasion() -> None:
    s = new_game(dice=EVENT, events=("raiding_parties",))
    s.tribes["Goths"].active, s.tribes["Goths"].inactive = 1, 9
    end_turn(s, crisis=(3, 3, 1, 3))  # black 3 > 2 active: no invasion
    assert not s.provinces["Thracia"].active and s.tribes["Goths"].active == 2


def test_preparing_for_war_wakes_two_per_homeland_without_invasion() -> None:
    s = new_game()
    end_turn(s, crisis=EVENT, events=("preparing_for_war",))
    assert s.rng.script == []
    assert all(t.active == 3 and t.inactive == 7 for t in s.tribes.values())
    assert all(not p.active for p in s.provinces.values())


def test_inflation_raises_the_improvement_cost() -> None:
    s = new_game(dice=EVENT, events=("inflation",))
    s.turn.pool["yellow"] = 3
    assert not verbs(s, "build")
    s.turn.pool["yellow"] = 4
    assert verbs(s, "build")


@pytest.mark.parametrize("eid", ["bad_auguries", "good_auguries", "inflation", "raiding_parties"])
def test_lasting_event_ends_when_the_next_event_is_drawn(eid: str) -> None:
    s = new_game(dice=EVENT, events=(eid,))
    assert s.lasting == eid
    end_turn(s)  # other crisis results leave it in force
    assert s.lasting == eid
    end_turn(s, crisis=EVENT, events=("ludi_saeculares",))
    assert s.lasting is None


def test_a_lasting_event_replaces_another() -> None:
    """13 Green turn 6: Inflation replaces Good Auguries."""
    s = new_game(dice=EVENT, events=("good_auguries",))
    end_turn(s, crisis=EVENT, events=("inflation",))
    assert s.lasting == "inflation"


def test_diocletian_ends_the_game_at_once_with_scores() -> None:
    s = new_game()
    player(s, "green").legacy, player(s, "green").emperor_turns = 21, 2
    player(s, "yellow").legacy, player(s, "yellow").emperor_turns = 25, 1
    end_turn(s, crisis=EVENT, events=("diocletian",))
    final = toc.result(s)
    assert final is not None and final["reason"] == "Diocletian"
    assert final["scores"]["green"] == 21 + 1 + 10  # this turn's legacy, then the bonus
    assert final["scores"]["yellow"] == 25 + 6
    assert final["winner"] == "green"
    assert toc.active(s) == [] and s.step == "over"
    with pytest.raises(IllegalAction):
        act(s, "end_actions", role="blue")


# -- events on influence cards (5.2) ------------------------------------------------------------


def test_played_card_gives_points_and_its_event_once() -> None:
    s = new_game()
    play(s, "castra")
    assert s.turn.pool["red"] == 2
    assert {a.arg for a in verbs(s, "castra")} == {1}
    act(s, "castra", 1)
    assert army(s, 1).castra
    assert not verbs(s, "castra")
    assert s.turn.pool["red"] == 2  # the event is free


def test_two_copies_give_two_uses() -> None:
    s = new_game()
    s.provinces["Gallia"].active["Franks"] = 2
    s.provinces["Italia"].active["Alamanni"] = 1
    play(s, "tribute")
    play(s, "tribute")
    assert s.turn.pool["blue"] == 4
    act(s, "tribute", ("Gallia", "Franks"))
    act(s, "tribute", ("Italia", "Alamanni"))
    assert s.provinces["Italia"].inactive == {"Alamanni": 1}
    s.provinces["Gallia"].active["Franks"] = 1
    assert not verbs(s, "tribute")


def test_event_lapses_at_the_end_of_the_turn_played() -> None:
    s = new_game(("Gallia", "Pannonia"))
    play(s, "tribute")
    s.provinces["Gallia"].active["Franks"] = 1
    assert verbs(s, "tribute")
    end_turn(s)
    end_turn(s)
    assert toc.active(s) == ["green"]
    s.provinces["Gallia"].active["Franks"] = 1
    assert not verbs(s, "tribute")


def test_castra_takes_one_hit_off_each_battle() -> None:
    """8.3 example: three hits against a Castra army count as two."""
    s = new_game()
    green = army(s, 1)
    green.region, green.capital, green.full = "Hispania", False, 3
    s.provinces["Africa"].militia = False
    blue = army(s, 2)
    blue.full, blue.reduced, blue.castra = 1, 1, True
    s.turn.pool["red"] = 1
    script_dice(s, [5, 3, 3, 2, 5, 4])
    act(s, "initiate_battle", (1, "#2"))
    assert not s.provinces["Hispania"].militia  # first hit
    assert toc.active(s) == ["blue"]
    act(s, "take_hit", "remove")  # second hit: Blue removes the reduced legion
    assert (blue.full, blue.reduced, blue.capital, blue.castra) == (1, 0, False, False)
    assert (green.full, green.reduced) == (2, 1)  # Green flipped a legion for Blue's hit
    assert toc.active(s) == ["green"] and set(toc.actions(s, "green")) == {
        Action("advance"),
        Action("stay"),
    }


def test_castra_on_the_attacker() -> None:
    s = new_game()
    green = army(s, 1)
    green.region, green.capital, green.castra = "Africa", False, True
    s.provinces["Africa"].militia = False
    s.provinces["Africa"].active["Nomads"] = 1
    s.tribes["Nomads"].inactive -= 1
    s.turn.pool["red"] = 1
    script_dice(s, [1, 4])
    act(s, "initiate_battle", (1, "Nomads"))
    assert green.full == 1 and s.step == "actions"  # the Nomad's hit is absorbed


def test_castra_leaves_when_the_army_leaves_the_capital() -> None:
    s = new_game()
    play(s, "castra")
    act(s, "castra", 1)
    act(s, "leave_capital", 1)
    assert not army(s, 1).castra


def flanking_position() -> State:
    """13 Green turn 6: three legions against Yellow's two in Thracia's capital."""
    s = new_game()
    green = army(s, 1)
    green.region, green.capital, green.full = "Thracia", False, 3
    yellow = army(s, 3)
    yellow.region, yellow.full = "Thracia", 2
    s.provinces["Pannonia"].militia = False
    s.provinces["Africa"].militia = False
    play(s, "flanking_maneuver")
    act(s, "flanking_maneuver")
    return s


def test_flanking_maneuver_reroll_must_keep_the_new_result() -> None:
    s = flanking_position()
    assert not verbs(s, "flanking_maneuver")  # used once
    script_dice(s, [1, 1, 2, 2, 2])
    act(s, "initiate_battle", (1, "#3"))
    assert s.step == "battle" and set(toc.actions(s, "green")) == {
        Action("reroll"),
        Action("keep"),
    }
    script_dice(s, [6, 6, 3, 4, 3])
    act(s, "reroll")
    assert find_army(s, 3) is None  # five hits destroy both legions
    assert player(s, "green").legacy == 2
    act(s, "advance")
    assert army(s, 1).capital


def test_flanking_maneuver_keep_the_first_roll() -> None:
    s = flanking_position()
    script_dice(s, [1, 1, 2, 2, 2])
    act(s, "initiate_battle", (1, "#3"))
    act(s, "keep")
    assert player(s, "yellow").legacy == 2  # 0-0: the defender wins
    assert s.rng.script == []


def test_flanking_maneuver_applies_to_one_battle_only() -> None:
    s = flanking_position()
    s.turn.pool["red"] = 5
    s.provinces["Thracia"].active["Goths"] = 1
    s.tribes["Goths"].inactive -= 1
    script_dice(s, [3, 3, 3, 1])
    act(s, "initiate_battle", (1, "Goths"))
    act(s, "keep")
    assert s.step == "actions"  # the Goth is gone; Yellow still holds the capital
    army(s, 1).battled = False
    script_dice(s, [1, 1, 1, 1, 1])
    act(s, "initiate_battle", (1, "#3"))
    assert s.step == "actions"  # no re-roll prompt this time


def test_praetorian_guard_place_governor_in_italia_with_military_points() -> None:
    s = new_game()
    player(s, "green").governors_unclaimed.remove(1)
    player(s, "green").governors_ready = 1
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "blue", 2  # 4 votes needed
    s.provinces["Africa"].improvements.append("Basilica")
    play(s, "praetorian_guard")
    assert {a.arg for a in verbs(s, "praetorian_guard")} == {1, 2, 3, 4}
    script_dice(s, [2, 2, 2, 2])
    act(s, "praetorian_guard", 3)  # three paid dice and the Basilica die
    assert s.rng.script == []
    assert italia.governor == "green" and italia.support == 2
    assert s.turn.pool["red"] == 1
    assert not verbs(s, "praetorian_guard") and not verbs(s, "place_governor")


def test_praetorian_guard_needs_a_governor_and_a_target() -> None:
    s = new_game()
    play(s, "praetorian_guard")
    assert not verbs(s, "praetorian_guard")
    player(s, "green").governors_ready = 1
    assert verbs(s, "praetorian_guard")
    s.provinces["Italia"].governor = "green"
    assert not verbs(s, "praetorian_guard")


def test_tribute_turns_one_tribe_in_one_province_inactive() -> None:
    s = new_game()
    s.provinces["Gallia"].active.update({"Franks": 3, "Alamanni": 1})
    s.provinces["Hispania"].active["Franks"] = 1
    play(s, "tribute")
    act(s, "tribute", ("Gallia", "Franks"))
    assert s.provinces["Gallia"].inactive == {"Franks": 3}
    assert s.provinces["Gallia"].active == {"Alamanni": 1}
    assert s.provinces["Hispania"].active == {"Franks": 1}
    assert not verbs(s, "tribute")


def test_foederati_recruits_from_here_or_next_door() -> None:
    s = new_game()
    s.provinces["Aegyptus"].active["Nomads"] = 1
    s.provinces["Syria"].active["Sassanids"] = 1
    s.leaders["Cniva"] = "Hispania"
    play(s, "foederati")
    options = {a.arg for a in verbs(s, "foederati")}
    assert (1, "Aegyptus", "Nomads") in options
    assert (1, "Nomads", "Nomads") in options  # the homeland next door
    assert not any(o[1] in ("Syria", "Hispania") for o in options)  # type: ignore[index]
    act(s, "foederati", (1, "Aegyptus", "Nomads"))
    assert army(s, 1).foederati == {"Nomads": 1}
    assert not s.provinces["Aegyptus"].active.get("Nomads")
    assert not verbs(s, "foederati")


def test_foederati_count_as_units_in_the_capital_for_votes() -> None:
    """13 Green turn 6: Thracia at 3 needs 2 votes against 3 legions and a Goth."""
    from crisis.games.time_of_crisis.senate import votes_needed

    s = new_game()
    green = army(s, 1)
    green.region, green.full, green.foederati = "Thracia", 3, {"Goths": 1}
    s.provinces["Thracia"].support = 3
    assert votes_needed(s, "green", "Thracia") == 2


def damnatio_position(dice: list[int]) -> State:
    s = new_game()
    player(s, "green").governors_ready = 1
    italia = s.provinces["Italia"]
    italia.governor, italia.support = "blue", 1
    player(s, "blue").emperor_turns = 3
    play(s, "damnatio_memoriae")
    act(s, "damnatio_memoriae")
    script_dice(s, dice)
    act(s, "place_governor", ("Italia", 4))
    return s


def test_damnatio_memoriae_erases_the_emperor_turns() -> None:
    s = damnatio_position([2, 2, 1, 1])
    assert s.provinces["Italia"].governor == "green"
    assert player(s, "blue").emperor_turns == 0


def test_damnatio_memoriae_needs_success() -> None:
    s = damnatio_position([1, 1, 1, 1])
    assert s.provinces["Italia"].governor == "blue"
    assert player(s, "blue").emperor_turns == 3


def test_damnatio_memoriae_only_against_a_player_emperor() -> None:
    s = new_game()
    play(s, "damnatio_memoriae")
    assert not verbs(s, "damnatio_memoriae")  # Italia is Neutral
    s.provinces["Italia"].governor = "green"
    assert not verbs(s, "damnatio_memoriae")


def test_quaestor_marker_in_a_province_you_govern() -> None:
    s = new_game()
    s.provinces["Aegyptus"].governor = "green"
    play(s, "quaestor")
    assert s.turn.pool["yellow"] == 2
    assert {a.arg for a in verbs(s, "quaestor")} == {"Africa", "Aegyptus"}
    act(s, "quaestor", "Aegyptus")
    assert s.provinces["Aegyptus"].quaestor
    assert not verbs(s, "quaestor")


def test_mob_in_a_province_you_do_not_govern() -> None:
    s = new_game()
    play(s, "mob")
    targets = {a.arg for a in verbs(s, "mob")}
    assert "Africa" not in targets and {"Italia", "Hispania", "Gallia"} <= targets
    act(s, "mob", "Italia")
    assert s.provinces["Italia"].mobs == 1
    assert not verbs(s, "mob")


def test_mob_counters_have_a_x2_side() -> None:
    """11 (note): 16 counters, each showing one Mob or, flipped, two. With every counter in
    use a Mob can still join a province with an odd number (its counter flips), not one with
    an even number; so the map holds more than 16 Mobs."""
    s = new_game()
    odd, even = [n for n, p in s.provinces.items() if p.governor not in (None, "green")][:2]
    fillers = [n for n in s.provinces if n not in (odd, even)][:8]
    s.provinces[odd].mobs, s.provinces[even].mobs = 1, 0  # one counter
    for name in fillers[:7]:
        s.provinces[name].mobs = 4  # two counters each: 14
    s.provinces[fillers[7]].mobs = 2  # one counter: 16 in use
    play(s, "mob")
    targets = {a.arg for a in verbs(s, "mob")}
    assert odd in targets and even not in targets
    s.provinces[fillers[7]].mobs = 0  # a counter comes free
    assert {odd, even} <= {a.arg for a in verbs(s, "mob")}
    s.provinces[fillers[7]].mobs = 2
    act(s, "mob", odd)
    assert s.provinces[odd].mobs == 2
    assert sum(p.mobs for p in s.provinces.values()) == 32  # 16 counters, all on "x 2"


def pretender_position() -> State:
    s = new_game(("Gallia", "Pannonia", "Syria", "Asia"))
    for name, support in (("Gallia", 3), ("Britannia", 3), ("Hispania", 4), ("Africa", 3)):
        s.provinces[name].governor, s.provinces[name].support = "green", support
    s.provinces["Aegyptus"].governor, s.provinces["Aegyptus"].support = "green", 3
    play(s, "pretender")
    return s


def test_pretender_seat_and_breakaway_markers() -> None:
    s = pretender_position()
    assert {a.arg for a in verbs(s, "pretender")} == {
        "Gallia",
        "Britannia",
        "Hispania",
        "Africa",
        "Aegyptus",
    }
    s.provinces["Africa"].support = 2  # Aegyptus is now cut off from the rest
    act(s, "pretender", "Gallia")
    marked = {n for n, p in s.provinces.items() if p.pretender == "green"}
    assert marked == {"Gallia", "Britannia", "Hispania"}  # Gallia-Britannia are adjacent here
    assert s.provinces["Gallia"].seat and not s.provinces["Hispania"].seat
    assert not verbs(s, "pretender")


def test_pretender_not_for_the_emperor_nor_a_pretender() -> None:
    s = pretender_position()
    s.provinces["Italia"].governor = "green"
    assert not verbs(s, "pretender")
    s.provinces["Italia"].governor = "neutral"
    s.provinces["Asia"].pretender, s.provinces["Asia"].seat = "green", True
    s.provinces["Asia"].governor = "green"
    assert not verbs(s, "pretender")
