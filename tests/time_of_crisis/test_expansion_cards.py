"""The Age of Iron and Rust's influence-card events (expansion 2; effects as in the project's
reference data): each card's effect with scripted dice, and its timing limits.

Die order: every attacker die (legions, then the Cavalry die, then bonus dice), then every
defender die. Green (army 1) starts in Aegyptus, Blue (army 2) in Hispania. For battles in
Aegyptus, Green's Militia there is removed first, so army 1 fights alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from crisis.engine.errors import IllegalAction, NotYourTurn
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.scripting import script_dice
from crisis.games.time_of_crisis.state import State, army, player

from .expansion_positions import (
    act,
    args,
    finish_battle,
    second_army,
    verbs,
    without_militia,
    xstart,
)
from .positions import end_turn, govern, invaders, play, put_in_hand, ready_governor

EVENT_CRISIS = (3, 4)  # 4-player crisis table: 7 is an Event


def game(*cards: str, **options: Any) -> State:
    """Green to act with ``cards`` played (bought on earlier turns); expansion cards on."""
    s = xstart(expansion_cards=True, **options)
    put_in_hand(s, "green", *cards)
    play(s, *cards)
    return s


def nomads(s: State, n: int) -> None:
    """``n`` Nomads in Aegyptus, where Green's army 1 stands alone in the capital."""
    without_militia(s, "Aegyptus")
    invaders(s, "Aegyptus", "Nomads", n)


def nomads_here(s: State) -> int:
    prov = s.provinces["Aegyptus"]
    return prov.active.get("Nomads", 0) + prov.inactive.get("Nomads", 0)


def battle(s: State, dice: list[int], army_id: int = 1, target: str = "Nomads") -> None:
    """Initiate a battle with ``dice`` scripted: exactly these dice must be rolled."""
    draws = s.rng.draws
    script_dice(s, dice)
    act(s, "initiate_battle", (army_id, target))
    finish_battle(s)
    assert s.rng.script == [], "fewer dice were rolled than scripted"
    assert s.rng.draws - draws == len(dice), "more dice were rolled than scripted"


def place(s: State, province: str, n: int, dice: list[int]) -> None:
    """Place Governor in ``province`` with ``n`` dice paid; exactly ``dice`` are rolled."""
    draws = s.rng.draws
    script_dice(s, dice)
    act(s, "place_governor", (province, n))
    assert s.rng.script == [], "fewer dice were rolled than scripted"
    assert s.rng.draws - draws == len(dice), "more dice were rolled than scripted"


def round_trip(s: State) -> None:
    """End Green's turn and the three others' (quiet crises): Green's next turn begins."""
    for _ in range(4):
        end_turn(s)
    assert s.players[s.current].role == "green"
    assert s.step == "actions"


# -- every card: played for its value, its event once, only during the turn it was played ------


ARMING = {
    "cavalry": "cavalry",
    "spiculum": "spiculum",
    "princeps_senatus": "princeps",
    "mobile_vulgus": "mobile_vulgus",
}


@pytest.mark.parametrize("cid", data.EXPANSION_CARDS)
def test_expansion_card_adds_its_value_to_its_sphere(cid: str) -> None:
    s = game(cid)
    card = data.INFLUENCE[cid]
    assert s.turn.pool[card.suit] == card.value
    assert cid in s.turn.events


@pytest.mark.parametrize("cid", list(ARMING))
def test_arming_event_is_used_once(cid: str) -> None:
    s = game(cid)
    assert cid in verbs(s)
    act(s, cid)
    assert getattr(s.turn, ARMING[cid]) is True
    assert cid not in verbs(s)
    with pytest.raises(IllegalAction):
        act(s, cid)


@pytest.mark.parametrize("cid", list(ARMING))
def test_two_copies_arm_once_each_not_twice_at_a_time(cid: str) -> None:
    s = game(cid, cid)
    act(s, cid)
    # The second copy cannot stack on an armed event that has not been spent yet.
    assert cid not in verbs(s)
    assert s.turn.events == [cid]


@pytest.mark.parametrize("cid", list(ARMING))
def test_armed_event_does_not_outlive_the_turn(cid: str) -> None:
    s = game(cid)
    act(s, cid)
    round_trip(s)
    assert getattr(s.turn, ARMING[cid]) is False
    assert cid not in verbs(s)
    assert cid in player(s, "green").discard


@pytest.mark.parametrize("cid", data.EXPANSION_CARDS)
def test_event_not_offered_before_its_card_is_played(cid: str) -> None:
    s = xstart(expansion_cards=True)
    put_in_hand(s, "green", cid)
    s.turn.pool.update(red=4, blue=4, yellow=4)
    assert cid not in verbs(s)


# -- Cavalry --------------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "hit"), [(2, False), (3, True)])
def test_cavalry_adds_a_die_hitting_on_three(die: int, hit: bool) -> None:
    s = game("cavalry")
    nomads(s, 1)
    act(s, "cavalry")
    battle(s, [1, die, 1])  # legion misses; the Cavalry die; the Nomad misses
    assert s.battle is None
    assert nomads_here(s) == (0 if hit else 1)
    assert player(s, "green").legacy == (3 if hit else 0)


def test_cavalry_arms_only_the_next_battle() -> None:
    s = game("cavalry")
    s.turn.pool["red"] += 1
    nomads(s, 2)
    second_army(s, "green", "Aegyptus")
    act(s, "cavalry")
    battle(s, [1, 1, 1, 1], army_id=1)  # legion + Cavalry, then two Nomads: nobody hits
    assert s.turn.cavalry is False
    battle(s, [1, 1, 1], army_id=5)  # the second battle has no Cavalry die
    assert nomads_here(s) == 2


def test_cavalry_waits_through_other_actions_for_a_battle() -> None:
    s = game("cavalry", "princeps_senatus")
    nomads(s, 1)
    act(s, "cavalry")
    ready_governor(s, "green")
    place(s, "Gallia", 2, [])  # a Neutral at support 1: no dice
    assert s.turn.cavalry is True
    battle(s, [1, 3, 1])
    assert nomads_here(s) == 0


def test_cavalry_is_lost_if_no_battle_this_turn() -> None:
    s = game("cavalry")
    act(s, "cavalry")
    round_trip(s)
    nomads(s, 1)
    s.turn.pool["red"] = 1
    battle(s, [1, 1])  # only the legion's die, then the Nomad's
    assert nomads_here(s) == 1


# -- Force March ----------------------------------------------------------------------------


def test_force_march_lets_an_army_that_battled_move_and_battle_again() -> None:
    s = game("force_march")
    nomads(s, 1)
    invaders(s, "Africa", "Nomads", 1)
    assert "force_march" not in verbs(s)  # no army has battled yet
    battle(s, [3, 1])
    a = army(s, 1)
    assert a.battled
    assert not [x for x in args(s, "move_army") + args(s, "initiate_battle") if x[0] == 1]
    assert args(s, "force_march") == [1]
    act(s, "force_march", 1)
    assert not a.battled
    act(s, "move_army", (1, "Africa"))
    battle(s, [3, 1])
    assert s.provinces["Africa"].active.get("Nomads", 0) == 0
    assert player(s, "green").legacy == 6
    assert "force_march" not in verbs(s)  # used once
    assert a.battled


def test_force_march_offers_only_armies_that_battled() -> None:
    s = game("force_march")
    s.turn.pool["red"] += 1
    nomads(s, 1)
    second_army(s, "green", "Aegyptus")
    battle(s, [3, 1], army_id=5)
    assert args(s, "force_march") == [5]


def test_force_march_only_in_the_turn_played() -> None:
    s = game("force_march")
    round_trip(s)
    nomads(s, 1)
    s.turn.pool["red"] = 3
    battle(s, [3, 1])
    assert "force_march" not in verbs(s)


# -- Spiculum ------------------------------------------------------------------------------


def test_spiculum_strikes_first_and_the_survivors_roll() -> None:
    s = game("spiculum")
    nomads(s, 2)
    army(s, 1).full = 2
    act(s, "spiculum")
    # Two legions roll first (one hit); the one Nomad left rolls once and hits.
    battle(s, [3, 1, 4])
    a = army(s, 1)
    assert (a.full, a.reduced) == (1, 1)
    assert nomads_here(s) == 1  # one hit each: the defender holds


def test_spiculum_kills_a_rival_emperor_before_he_rolls() -> None:
    """Ruling 36: the defender rolls with what survives the first strike; a Rival Emperor
    falls to one hit, so none of his three dice is rolled and the attacker wins."""
    s = game("spiculum")
    nomads(s, 0)
    s.rivals["Postumus"] = "Aegyptus"
    legacy = player(s, "green").legacy
    act(s, "spiculum")
    battle(s, [4], target="Postumus")  # the legion hits; nothing is left to roll
    assert s.rivals == {} and army(s, 1).full == 1
    assert player(s, "green").legacy == legacy + 2
    assert "the battle has no winner" not in s.log


def test_spiculum_kills_a_lone_militia_before_it_rolls() -> None:
    s = game("spiculum")
    nomads(s, 0)
    a = army(s, 1)
    a.region, a.capital = "Africa", False
    blue = army(s, 2)
    blue.region = "Syria"  # Blue's Militia stands alone in Africa's capital
    s.provinces["Africa"].governor = "blue"
    s.provinces["Africa"].militia = True
    act(s, "spiculum")
    battle(s, [4], target="militia")  # the legion hits; the Militia is gone before it rolls
    assert not s.provinces["Africa"].militia and army(s, 1).full == 1


def test_spiculum_can_wipe_out_the_defender_before_it_rolls() -> None:
    s = game("spiculum")
    nomads(s, 2)
    army(s, 1).full = 2
    act(s, "spiculum")
    battle(s, [3, 3])  # no Nomad is left to roll
    assert nomads_here(s) == 0
    assert (army(s, 1).full, army(s, 1).reduced) == (2, 0)
    assert player(s, "green").legacy == 4


def test_without_spiculum_both_sides_roll_at_once() -> None:
    s = game("spiculum")
    nomads(s, 2)
    army(s, 1).full = 2
    battle(s, [3, 1, 4, 1])  # both Nomads roll, although one of them falls
    assert nomads_here(s) == 1  # one hit each: the defenders hold
    assert (army(s, 1).full, army(s, 1).reduced) == (1, 1)


def test_spiculum_arms_only_the_next_battle() -> None:
    s = game("spiculum")
    nomads(s, 2)
    second_army(s, "green", "Aegyptus")
    act(s, "spiculum")
    battle(s, [1, 1, 1], army_id=1)  # the first strike misses; both Nomads then roll
    assert s.turn.spiculum is False
    battle(s, [3, 1, 1], army_id=5)  # both Nomads roll, though the first die felled one
    assert nomads_here(s) == 0


# -- Princeps Senatus ----------------------------------------------------------------------


@pytest.mark.parametrize("armed", [True, False])
def test_princeps_senatus_needs_two_fewer_votes(armed: bool) -> None:
    s = game("princeps_senatus")
    ready_governor(s, "green")
    if armed:
        act(s, "princeps_senatus")
    # Blue's Hispania: support 1 (2 votes) + Militia and legion in the capital = 4 votes.
    place(s, "Hispania", 2, [2, 2])
    assert s.provinces["Hispania"].governor == ("green" if armed else "blue")


def test_princeps_senatus_needs_at_least_one_vote() -> None:
    s = game("princeps_senatus")
    ready_governor(s, "green")
    act(s, "princeps_senatus")
    place(s, "Gallia", 1, [])  # a Neutral needing 2 votes: now 1, one die
    assert s.provinces["Gallia"].governor == "green"


def test_princeps_senatus_applies_to_the_next_place_governor_only() -> None:
    s = game("princeps_senatus")
    ready_governor(s, "green")
    ready_governor(s, "green")
    act(s, "princeps_senatus")
    place(s, "Gallia", 1, [])
    assert s.provinces["Gallia"].governor == "green"
    place(s, "Africa", 1, [1])  # Africa needs its 2 votes again: one die is rolled and fails
    assert s.provinces["Africa"].governor == "neutral"


def test_princeps_senatus_is_spent_by_a_failed_attempt() -> None:
    s = game("princeps_senatus")
    ready_governor(s, "green")
    act(s, "princeps_senatus")
    place(s, "Hispania", 1, [2])  # one vote of the 2 still needed in Hispania
    assert s.provinces["Hispania"].governor == "blue"
    assert s.turn.princeps is False


# -- Frumentarii --------------------------------------------------------------------------


TOP3 = ("ludi_saeculares", "preparing_for_war", "good_auguries")


def test_frumentarii_reorders_the_top_three_events() -> None:
    s = game("frumentarii", events=TOP3)
    before = toc.checkpoint(s)
    act(s, "frumentarii")
    assert toc.checkpoint(s) != before  # hidden information revealed: an undo barrier
    assert s.step == "frumentarii"
    assert s.peek == list(TOP3)
    orders = args(s, "order")
    assert len(orders) == 6
    assert {tuple(sorted(o)) for o in orders} == {tuple(sorted(TOP3))}
    assert toc.actions(s, "blue") == []
    new = (TOP3[2], TOP3[0], TOP3[1])
    act(s, "order", new)
    assert s.step == "actions"
    assert s.peek == []
    assert s.event_deck[:3] == list(new)
    assert "frumentarii" not in verbs(s)
    end_turn(s, next_crisis=EVENT_CRISIS)  # Blue's crisis roll draws an event
    assert s.events_drawn == ["good_auguries"]
    assert s.lasting == "good_auguries"


def test_frumentarii_peek_is_seen_by_its_player_only() -> None:
    s = game("frumentarii", events=TOP3)
    act(s, "frumentarii")
    assert toc.view(s, "green")["peek"] == list(TOP3)
    for role in ("blue", "yellow", "red", None):
        v = toc.view(s, role)
        assert v["peek"] == []
        assert "event_deck" not in v


def test_frumentarii_refuses_an_order_of_other_cards() -> None:
    s = game("frumentarii", events=TOP3)
    act(s, "frumentarii")
    hidden = s.event_deck[3]
    with pytest.raises(IllegalAction):
        act(s, "order", (hidden, TOP3[0], TOP3[1]))
    with pytest.raises(IllegalAction):
        act(s, "order", TOP3[:2])
    assert s.event_deck[:4] == [*TOP3, hidden]


# -- Triumph ------------------------------------------------------------------------------


def triumph_game(n: int, *, play_first: bool = True) -> State:
    s = xstart(expansion_cards=True)
    put_in_hand(s, "green", "triumph")
    if play_first:
        play(s, "triumph")
    s.turn.pool["red"] = 1
    nomads(s, n)
    return s


def test_triumph_scores_the_barbarians_removed_in_a_won_battle() -> None:
    s = triumph_game(2)
    assert "triumph" not in verbs(s)  # no battle won yet
    battle(s, [6, 3, 1, 1])  # a 6 earns a bonus die: two Nomads fall
    assert player(s, "green").legacy == 4
    assert s.turn.triumph == 2
    act(s, "triumph")
    assert player(s, "green").legacy == 6
    assert "triumph" not in verbs(s)
    assert s.turn.triumph == 0


def test_triumph_counts_only_the_barbarians_removed_not_those_who_fled() -> None:
    s = triumph_game(3)
    battle(s, [3, 1, 1, 1])  # one falls, the other two flee home
    act(s, "triumph")
    assert player(s, "green").legacy == 3 + 1


def test_triumph_may_be_played_after_the_battle() -> None:
    s = triumph_game(1, play_first=False)
    battle(s, [3, 1])
    play(s, "triumph")
    assert "triumph" in verbs(s)
    act(s, "triumph")
    assert player(s, "green").legacy == 3 + 1


def test_no_triumph_after_a_lost_battle() -> None:
    s = triumph_game(2)
    battle(s, [1, 4, 1])
    assert player(s, "green").legacy == 0
    assert "triumph" not in verbs(s)


def test_no_triumph_after_a_battle_against_romans() -> None:
    s = triumph_game(0)
    a = army(s, 1)
    a.region, a.capital = "Hispania", False
    army(s, 2).capital = False  # Blue's Militia holds the capital alone
    battle(s, [3, 1], target="militia")
    assert player(s, "green").legacy == 2
    assert not s.provinces["Hispania"].militia
    assert "triumph" not in verbs(s)


def test_no_triumph_after_defeating_a_rival_emperor() -> None:
    s = triumph_game(0)
    a = army(s, 1)
    a.region, a.capital = "Gallia", False
    s.rivals["Postumus"] = "Gallia"
    battle(s, [3, 1, 1, 1], target="Postumus")  # one hit fells him; his three dice miss
    assert s.rivals == {}
    assert player(s, "green").legacy == 2
    assert "triumph" not in verbs(s)


# -- Ambitus ------------------------------------------------------------------------------


def test_ambitus_offers_up_to_the_populace_points() -> None:
    s = game("ambitus")
    assert args(s, "ambitus") == [1, 2]
    play(s, "yellow1")
    assert args(s, "ambitus") == [1, 2, 3]
    act(s, "ambitus", 2)
    assert s.turn.pool["yellow"] == 1
    assert "ambitus" not in verbs(s)


@pytest.mark.parametrize("armed", [True, False])
def test_ambitus_adds_dice_to_the_next_place_governor(armed: bool) -> None:
    s = game("ambitus")
    play(s, "blue1", "blue1")
    ready_governor(s, "green")
    if armed:
        act(s, "ambitus", 2)
    place(s, "Hispania", 2, [2, 2, 2, 2] if armed else [2, 2])  # 4 votes needed
    assert s.provinces["Hispania"].governor == ("green" if armed else "blue")


def test_ambitus_applies_to_the_next_place_governor_only() -> None:
    s = game("ambitus")
    play(s, "blue1", "blue1")
    ready_governor(s, "green")
    ready_governor(s, "green")
    act(s, "ambitus", 2)
    place(s, "Hispania", 1, [2, 2, 2])  # one paid die and two Ambitus dice: 3 of 4 votes
    assert s.provinces["Hispania"].governor == "blue"
    place(s, "Gallia", 1, [1])  # Gallia: one paid die and no more Ambitus dice
    assert s.provinces["Gallia"].governor == "neutral"


def test_ambitus_does_not_outlive_the_turn() -> None:
    s = game("ambitus")
    act(s, "ambitus", 2)
    round_trip(s)
    assert s.turn.ambitus == 0


# -- Mobile Vulgus ------------------------------------------------------------------------


@pytest.mark.parametrize("support", [1, 2])
def test_mobile_vulgus_wins_a_low_support_province_without_dice(support: int) -> None:
    s = game("mobile_vulgus")
    play(s, "blue1")
    ready_governor(s, "green")
    s.provinces["Hispania"].support = support
    act(s, "mobile_vulgus")
    place(s, "Hispania", 1, [])  # 4 or 6 votes needed, one die paid
    assert s.provinces["Hispania"].governor == "green"
    assert s.turn.mobile_vulgus is False


@pytest.mark.parametrize("target", ["Italia", "Gallia"])
def test_mobile_vulgus_waits_for_a_province_it_can_sway(target: str) -> None:
    s = game("mobile_vulgus")
    play(s, "blue1", "blue1")
    ready_governor(s, "green")
    ready_governor(s, "green")
    govern(s, "Gallia", "neutral", 3)
    act(s, "mobile_vulgus")
    place(s, target, 1, [2])  # Italia (support 8) or Gallia (support 3): the vote is rolled
    assert s.provinces[target].governor == "neutral"
    assert s.turn.mobile_vulgus is True
    place(s, "Hispania", 1, [])
    assert s.provinces["Hispania"].governor == "green"


def test_mobile_vulgus_applies_once() -> None:
    s = game("mobile_vulgus")
    play(s, "blue1", "blue1")
    ready_governor(s, "green")
    ready_governor(s, "green")
    act(s, "mobile_vulgus")
    place(s, "Hispania", 1, [])
    place(s, "Africa", 1, [2])  # Africa (Neutral, 2 votes needed): rolled, one vote
    assert s.provinces["Africa"].governor == "neutral"
    assert s.log[-1].endswith("2 votes needed, rolls [2] = 1 vote: fails")  # one vote, singular


# -- Demagogue ----------------------------------------------------------------------------


def test_demagogue_makes_each_other_player_discard() -> None:
    s = game("demagogue")
    put_in_hand(s, "blue", "castra")  # one card of value 2+: discarded for Blue
    put_in_hand(s, "yellow", "castra", "tribute")  # two kinds of value 2+: Yellow picks
    # Red holds only value-1 cards (Blue 1 and Yellow 1): Red picks either.
    act(s, "demagogue")
    assert s.step == "demagogue"
    assert player(s, "blue").discard == ["castra"]
    assert "castra" not in player(s, "blue").hand
    assert sorted(toc.active(s)) == ["red", "yellow"]
    assert args(s, "demagogue_discard", "yellow") == ["castra", "tribute"]
    assert args(s, "demagogue_discard", "red") == ["blue1", "yellow1"]
    with pytest.raises(NotYourTurn):
        act(s, "end_actions", role="green")
    with pytest.raises(IllegalAction):
        act(s, "demagogue_discard", "blue1", role="yellow")  # a 2+ card must go
    act(s, "demagogue_discard", "tribute", role="yellow")
    assert player(s, "yellow").discard == ["tribute"]
    assert toc.active(s) == ["red"]
    act(s, "demagogue_discard", "yellow1", role="red")
    assert player(s, "red").hand.count("yellow1") == 1
    assert s.step == "actions"
    assert toc.active(s) == ["green"]
    assert "demagogue" not in verbs(s)
    assert [len(player(s, r).hand) for r in ("blue", "yellow", "red")] == [5, 6, 4]


def test_demagogue_forced_discards_need_no_prompt() -> None:
    s = game("demagogue")
    for role in ("blue", "yellow", "red"):
        p = player(s, role)
        p.available += p.hand
        p.hand = []
    player(s, "yellow").hand = ["yellow1", "yellow1"]
    player(s, "yellow").available.remove("yellow1")
    player(s, "yellow").available.remove("yellow1")
    act(s, "demagogue")
    assert s.step == "actions"  # Blue and Red hold nothing; Yellow's choice is forced
    assert player(s, "yellow").hand == ["yellow1"]
    assert player(s, "yellow").discard == ["yellow1"]


def test_demagogue_needs_another_player_with_cards() -> None:
    s = game("demagogue")
    for role in ("blue", "yellow", "red"):
        p = player(s, role)
        p.available += p.hand
        p.hand = []
    assert "demagogue" not in verbs(s)


# -- Damnatio Memoriae (the expansion's replacement card) ----------------------------------


def test_expansion_supply_replaces_damnatio_memoriae() -> None:
    base = xstart()
    assert base.supply["damnatio_memoriae"] == 6
    assert "damnatio_memoriae_ii" not in base.supply
    assert not set(data.EXPANSION_CARDS) & set(base.supply)
    s = xstart(expansion_cards=True)
    assert s.supply["damnatio_memoriae_ii"] == 6
    assert "damnatio_memoriae" not in s.supply


def emperor_blue(s: State, emperor_turns: int) -> None:
    """Blue has been Emperor (Italia at support 1) for ``emperor_turns`` turns."""
    govern(s, "Italia", "blue", 1)
    player(s, "blue").emperor_turns = emperor_turns
    ready_governor(s, "green")


@pytest.mark.parametrize(("before", "after"), [(5, 3), (2, 0), (1, 0), (0, 0)])
def test_damnatio_memoriae_ii_moves_the_marker_back_two(before: int, after: int) -> None:
    s = game("damnatio_memoriae_ii")
    emperor_blue(s, before)
    act(s, "damnatio_memoriae")
    place(s, "Italia", 2, [2, 2])
    assert s.provinces["Italia"].governor == "green"
    assert player(s, "blue").emperor_turns == after


def test_base_damnatio_memoriae_still_returns_the_marker_to_zero() -> None:
    s = xstart()
    put_in_hand(s, "green", "damnatio_memoriae")
    play(s, "damnatio_memoriae")
    emperor_blue(s, 5)
    act(s, "damnatio_memoriae")
    place(s, "Italia", 2, [2, 2])
    assert player(s, "blue").emperor_turns == 0


def test_damnatio_memoriae_ii_needs_a_successful_place_governor() -> None:
    s = game("damnatio_memoriae_ii")
    emperor_blue(s, 5)
    assert "damnatio_memoriae" in verbs(s)
    act(s, "damnatio_memoriae")
    assert "damnatio_memoriae" not in verbs(s)
    place(s, "Italia", 2, [1, 1])
    assert s.provinces["Italia"].governor == "blue"
    assert player(s, "blue").emperor_turns == 5
    assert s.turn.damnatio is None


def test_damnatio_memoriae_ii_needs_a_player_emperor() -> None:
    s = game("damnatio_memoriae_ii")
    assert s.provinces["Italia"].governor == "neutral"
    assert "damnatio_memoriae" not in verbs(s)
