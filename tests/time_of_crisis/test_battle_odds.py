"""Battles give their odds and name their target (issue 25).

The odds an attack's button shows come from :func:`odds.attack_odds`; here they are checked
against battles played out through the real rules with fixed seeds
(:func:`odds.simulate_attack`), and the expected hits against the combat rules' own dice
roller. Green's army 1 starts in Africa's capital with a Militia; Blue's army 2 in
Hispania's.
"""

from __future__ import annotations

from math import sqrt

import pytest

from crisis.engine.action import Action
from crisis.engine.rng import new_rng
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import combat, odds
from crisis.games.time_of_crisis.scripting import quick_start, script_dice
from crisis.games.time_of_crisis.state import State, army
from crisis.games.time_of_crisis.words import describe

START = ("Africa", "Hispania", "Pannonia", "Asia")
TRIALS = 6000


def new_game() -> State:
    s = quick_start(START, dice_results=(1, 1))  # Ira Deorum: no invasion, no event
    assert s.step == "actions"
    s.turn.pool["red"] = 5
    return s


def barbarians(s: State, province: str, tribe: str, n: int) -> None:
    s.provinces[province].active[tribe] = s.provinces[province].active.get(tribe, 0) + n
    s.tribes[tribe].inactive -= n


def place(s: State, army_id: int, region: str, full: int, reduced: int = 0) -> None:
    a = army(s, army_id)
    a.region, a.capital, a.full, a.reduced = region, False, full, reduced


def said(s: State, action: Action) -> dict[str, str | None]:
    assert action in toc.actions(s, "green"), action
    return describe(s, "green", [action])[0]


# -- positions --------------------------------------------------------------------------------


def barbarians_with_a_leader() -> tuple[State, Action]:
    s = new_game()
    place(s, 1, "Thracia", full=2, reduced=1)
    barbarians(s, "Thracia", "Goths", 2)
    s.leaders["Cniva"] = "Thracia"
    return s, Action("initiate_battle", (1, "Goths"))


def army_against_army_both_in_castra() -> tuple[State, Action]:
    s = new_game()
    place(s, 1, "Gallia", full=2)
    place(s, 2, "Gallia", full=1, reduced=2)
    army(s, 1).castra = army(s, 2).castra = True
    return s, Action("initiate_battle", (1, "#2"))


def with_flanking_maneuver() -> tuple[State, Action]:
    s, action = barbarians_with_a_leader()
    s.turn.flanking = True
    return s, action


def with_cavalry_under_bad_auguries() -> tuple[State, Action]:
    s, action = barbarians_with_a_leader()
    s.turn.cavalry = True
    s.lasting = "bad_auguries"
    return s, action


def a_lone_militia_attacks() -> tuple[State, Action]:
    s = new_game()
    place(s, 1, "Gallia", full=1)  # green's army leaves Africa's Militia alone
    place(s, 2, "Africa", full=1)
    return s, Action("militia_battle", ("Africa", "#2"))


def in_the_homeland() -> tuple[State, Action]:
    s = new_game()
    place(s, 1, "Sassanids", full=3)
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 3, 7
    return s, Action("initiate_battle", (1, "Sassanids"))


POSITIONS = [
    barbarians_with_a_leader,
    army_against_army_both_in_castra,
    with_flanking_maneuver,
    with_cavalry_under_bad_auguries,
    a_lone_militia_attacks,
    in_the_homeland,
]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda f: f.__name__)
def test_the_odds_match_battles_played_by_the_rules(position: object) -> None:
    """The exact sums agree with TRIALS battles played through the real handlers, within
    four standard errors."""
    s, action = position()  # type: ignore[operator]
    exact = odds.attack_odds(s, action)
    assert exact is not None
    played = odds.simulate_attack(s, action, TRIALS, seed=7)
    for p, q in ((exact.win, played.win), (exact.wiped_out, played.wiped_out)):
        assert abs(p - q) <= 4 * sqrt(max(p * (1 - p), 0.01) / TRIALS), (exact, played)
    assert abs(exact.dealt - played.dealt) <= 0.06, (exact, played)
    assert abs(exact.taken - played.taken) <= 0.06, (exact, played)
    assert 0 < exact.win < 1


def test_the_note_gives_dice_chance_and_hits() -> None:
    s, action = barbarians_with_a_leader()
    exact = odds.attack_odds(s, action)
    assert exact is not None
    # Two full legions and a reduced one: 3 dice; two Goths and Cniva (two dice): 4 dice.
    assert (exact.attack_dice, exact.defend_dice) == (3, 4)
    note = said(s, action)["note"]
    assert note is not None
    assert note.startswith("3 dice against 4, 6s add dice: ")
    assert f"{round(100 * exact.win)}% chance to win" in note
    assert f"{round(100 * exact.wiped_out)}% chance your army is wiped out" in note
    assert f"expected hits {exact.dealt:.1f} dealt, {exact.taken:.1f} taken" in note


def test_flanking_raises_the_chance_and_says_so() -> None:
    s, action = barbarians_with_a_leader()
    plain = odds.attack_odds(s, action)
    s.turn.flanking = True
    flanked = odds.attack_odds(s, action)
    assert plain is not None and flanked is not None
    assert flanked.win > plain.win
    assert flanked.wiped_out == pytest.approx(plain.wiped_out)  # the defender's dice stand
    assert "Flanking Maneuver" in (said(s, action)["note"] or "")


def test_spiculum_odds_come_from_battles_played_with_a_fixed_seed() -> None:
    s, action = barbarians_with_a_leader()
    s.turn.spiculum = True
    first = said(s, action)["note"]
    assert first == said(s, action)["note"]  # the same words every time
    assert first is not None and "Spiculum" in first and "≈" in first
    estimate = odds.attack_odds(s, action)
    played = odds.simulate_attack(s, action, odds.TRIALS, odds.TRIAL_SEED)
    assert estimate is not None and estimate.win == played.win


def test_expected_hits_match_the_combat_dice() -> None:
    """odds.expected_hits against the rules' own roller (6s roll again) with a fixed seed."""
    s = new_game()
    s.rng = new_rng(11)
    targets = [3, 3, 5, 4]
    n = 20_000
    mean = sum(combat.roll_targets(s, targets)[1] for _ in range(n)) / n
    assert odds.expected_hits(tuple(targets)) == pytest.approx(mean, abs=0.03)


# -- labels name the target and its place --------------------------------------------------------


def test_attacks_name_the_target_and_where_it_is() -> None:
    s = new_game()
    place(s, 1, "Galatia", full=2)
    barbarians(s, "Galatia", "Sassanids", 1)
    s.tribes["Sassanids"].active, s.tribes["Sassanids"].inactive = 2, 7
    place(s, 2, "Galatia", full=1)
    s.rivals["Zenobia"] = "Galatia"
    labels = {d["label"] for d in describe(s, "green", toc.actions(s, "green"))}
    assert "Army 1 attacks the Sassanids in Galatia" in labels
    assert "Army 1 attacks Blue's army 2 in Galatia" in labels
    assert "Army 1 attacks the Rival Emperor Zenobia in Galatia" in labels
    place(s, 1, "Sassanids", full=2)
    labels = {d["label"] for d in describe(s, "green", toc.actions(s, "green"))}
    assert "Army 1 attacks the Sassanids in their homeland" in labels
    assert not any("in Galatia" in x for x in labels if x.startswith("Army 1 attacks"))


def test_a_lone_militia_attack_names_both_sides() -> None:
    s, action = a_lone_militia_attacks()
    words = said(s, action)
    assert words["label"] == "The Militia of Africa attacks Blue's army 2 in Africa"
    assert "chance your Militia falls" in (words["note"] or "")


# -- the battle's log marks the bonus dice -------------------------------------------------------


def test_bonus_dice_for_sixes_are_marked_in_the_log() -> None:
    s = new_game()
    place(s, 1, "Thracia", full=1)
    barbarians(s, "Thracia", "Goths", 1)
    script_dice(s, [6, 6, 2, 1])  # army: 6, bonus 6, bonus 2; Goths: 1
    toc.apply(s, "green", Action("initiate_battle", (1, "Goths")))
    assert "attacker rolls [6] and 2 bonus dice for 6s [6, 2]: 2 hits" in s.log
    assert "defender rolls [1]: 0 hits" in s.log
    assert "green wins the battle and gains 3 legacy" in s.log


def test_a_vote_marks_its_bonus_die() -> None:
    s = new_game()
    s.turn.pool["blue"] = 2
    green = s.players[0]
    green.governors_unclaimed.remove(min(green.governors_unclaimed))
    green.governors_ready += 1
    two = [a for a in toc.actions(s, "green") if a == Action("place_governor", ("Hispania", 2))]
    script_dice(s, [6, 1, 2])
    toc.apply(s, "green", two[0])
    assert any("rolls [6, 1] and a bonus die for the 6 [2] = " in line for line in s.log)


# -- every roll prints its outcome --------------------------------------------------------------


def test_a_failed_invasion_roll_says_so() -> None:
    from crisis.games.time_of_crisis.events import tribe_activation

    s = new_game()
    s.tribes["Goths"].active, s.tribes["Goths"].inactive = 0, 10
    script_dice(s, [3, 6])  # white 3, black 6: above the one Goth awake at home
    tribe_activation(s, "Goths")
    assert s.log[-2] == "Goths invasion roll: white 3, black 6 (1 active at home)"
    assert s.log[-1] == "no Goths invade: the black die (6) is above the 1 active at home"


def test_an_invasion_names_its_counters() -> None:
    from crisis.games.time_of_crisis.events import tribe_activation

    s = new_game()
    s.tribes["Goths"].active, s.tribes["Goths"].inactive = 2, 8
    script_dice(s, [3, 1])
    tribe_activation(s, "Goths")
    assert s.log[-1].startswith("the Goths invade ") and s.log[-1].endswith(" with 1 counter")
