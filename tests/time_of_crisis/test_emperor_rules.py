"""The Age of Iron and Rust's optional Emperor rules (expansion 3): placing the Emperor token,
the Senate, Populace and Military Emperors' legacy, advantages and risks, and each way of
being removed (3.4).

Green (army 1) starts in Aegyptus and takes Italia on its first turn; Blue (army 2) starts in
Hispania and moves next. Die order: every attacker die, every defender die, then the Military
Emperor's death dice (one per hit on his army).
"""

from __future__ import annotations

from typing import Any

import pytest

from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis.board import neutral_count
from crisis.games.time_of_crisis.scripting import script_dice
from crisis.games.time_of_crisis.state import NEUTRAL, EmperorToken, State, army, player

from .expansion_positions import (
    act,
    args,
    crown,
    finish_battle,
    second_army,
    verbs,
    without_militia,
    xstart,
)
from .positions import end_turn, govern, invaders, play, put_in_hand, ready_governor

KINDS = {"senate": "Italia", "populace": "Aegyptus", "military": "#1"}


def game(**options: Any) -> State:
    """Green to act in a game with the Emperor rules (and the expansion cards, by default)."""
    return xstart(**{"emperor_rules": True, "expansion_cards": True, **options})


def fight(s: State, dice: list[int], army_id: int = 1, target: str = "Nomads") -> None:
    """A battle in which exactly ``dice`` are rolled (death dice included)."""
    draws = s.rng.draws
    script_dice(s, dice)
    act(s, "initiate_battle", (army_id, target))
    finish_battle(s)
    assert s.rng.script == [], "fewer dice were rolled than scripted"
    assert s.rng.draws - draws == len(dice), "more dice were rolled than scripted"


def vote(s: State, province: str, dice: list[int]) -> None:
    """The current player attempts Place Governor in ``province`` with one die per result."""
    role = toc.active(s)[0]
    if not player(s, role).governors_ready:
        ready_governor(s, role)
    s.turn.pool["blue"] = len(dice)
    draws = s.rng.draws
    script_dice(s, dice)
    act(s, "place_governor", (province, len(dice)))
    assert s.rng.draws - draws == len(dice)


def italia_is_neutral(s: State) -> bool:
    italia = s.provinces["Italia"]
    return (
        italia.governor == NEUTRAL
        and italia.support == neutral_count(s)
        and s.emperor_token is None
        and toc.view(s, None)["emperor"] is None
    )


def nomads_in_aegyptus(s: State, n: int, *, legions: int = 1) -> None:
    """``n`` Nomads in Aegyptus against Green's army 1 of ``legions``, alone in the capital."""
    without_militia(s, "Aegyptus")
    army(s, 1).full = legions
    invaders(s, "Aegyptus", "Nomads", n)
    s.turn.pool["red"] += 1


# -- becoming Emperor (3.2) --------------------------------------------------------------------


def test_emperor_chooses_italia_a_province_or_an_army() -> None:
    s = game()
    govern(s, "Gallia", "green", 2)
    ready_governor(s, "green")
    s.turn.pool["blue"] = 16
    act(s, "place_governor", ("Italia", 16))
    assert s.step == "emperor"
    assert toc.active(s) == ["green"]
    assert sorted(args(s, "place_emperor")) == ["#1", "Aegyptus", "Gallia", "Italia"]
    assert verbs(s) == {"place_emperor"}
    assert s.turn.was_emperor


@pytest.mark.parametrize(
    ("where", "token"),
    [
        ("Italia", EmperorToken("green", "senate", province="Italia")),
        ("Aegyptus", EmperorToken("green", "populace", province="Aegyptus")),
        ("#1", EmperorToken("green", "military", army=1)),
    ],
)
def test_placing_each_kind_of_emperor(where: str, token: EmperorToken) -> None:
    s = game()
    crown(s, where)
    assert s.emperor_token == token
    assert s.provinces["Italia"].governor == "green"
    assert toc.view(s, "blue")["emperor_token"]["kind"] == token.kind


@pytest.mark.parametrize("where", list(KINDS.values()))
def test_emperor_token_round_trips_through_json(where: str) -> None:
    s = game()
    crown(s, where)
    again = toc.from_json(toc.to_json(s))
    assert again.emperor_token == s.emperor_token
    assert toc.to_json(again) == toc.to_json(s)


def test_without_the_emperor_rules_no_token_is_placed() -> None:
    s = xstart(expansion_cards=True)
    ready_governor(s, "green")
    s.turn.pool["blue"] = 16
    act(s, "place_governor", ("Italia", 16))
    assert s.step == "actions"
    assert s.emperor_token is None
    assert s.provinces["Italia"].governor == "green"


@pytest.mark.parametrize(("where", "cleared"), [("Gallia", True), ("Italia", False)])
def test_populace_emperor_disperses_the_mobs_in_his_provinces(where: str, cleared: bool) -> None:
    s = game()
    govern(s, "Gallia", "green", 3)
    s.provinces["Aegyptus"].mobs = 1
    s.provinces["Gallia"].mobs = 2
    s.provinces["Hispania"].mobs = 1
    crown(s, where)
    assert (s.provinces["Aegyptus"].mobs, s.provinces["Gallia"].mobs) == (
        (0, 0) if cleared else (1, 2)
    )
    assert s.provinces["Hispania"].mobs == 1  # not his


# -- the Military Emperor's legacy (3.3.3) -----------------------------------------------------


def test_military_emperor_example_doubled_battle_then_triumph() -> None:
    s = game()
    put_in_hand(s, "green", "triumph")
    play(s, "triumph")
    crown(s, "#1")
    nomads_in_aegyptus(s, 3, legions=3)
    fight(s, [3, 3, 3, 1, 1, 1])  # three Nomads fall, no hit on the Emperor: no death die
    assert player(s, "green").legacy == 10  # (2 + 3) doubled
    act(s, "triumph")
    assert player(s, "green").legacy == 13  # Triumph's +3 is not doubled
    assert s.emperor_token == EmperorToken("green", "military", army=1)


def test_only_the_emperors_army_doubles_its_legacy() -> None:
    s = game()
    crown(s, "#1")
    nomads_in_aegyptus(s, 1)
    second_army(s, "green", "Aegyptus")
    fight(s, [3, 1], army_id=5)
    assert player(s, "green").legacy == 3


def blue_pretender(s: State, *provinces: str) -> None:
    """Blue is a Pretender: a Seat of Power in the first province, Breakaway in the others."""
    for name in provinces:
        if s.provinces[name].governor != "blue":
            govern(s, name, "blue", 3)
        s.provinces[name].support = 3
        s.provinces[name].pretender = "blue"
    s.provinces[provinces[0]].seat = True


@pytest.mark.parametrize(
    ("battle", "markers", "loss"),
    [
        (None, 3, 0),  # no battle won: nothing to lose
        ("emperor", 3, 3),  # the expansion's example: a 6-legacy battle, 3 provinces
        ("emperor", 1, 1),
        ("other", 4, 3),  # another army's 3-legacy battle: at most 3 of the 4 is lost
    ],
)
def test_military_emperor_loses_pretender_provinces_only_from_battle_legacy(
    battle: str | None, markers: int, loss: int
) -> None:
    s = game()
    crown(s, "#1")
    blue_pretender(s, *["Hispania", "Gallia", "Britannia", "Africa"][:markers])
    if battle == "emperor":
        nomads_in_aegyptus(s, 1)
        fight(s, [3, 1])
        assert s.turn.battle_legacy == 6
    elif battle == "other":
        nomads_in_aegyptus(s, 1)
        second_army(s, "green", "Aegyptus")
        fight(s, [3, 1], army_id=5)
        assert s.turn.battle_legacy == 3
    before = player(s, "green").legacy
    act(s, "end_actions")
    # Gain Legacy: one per province governed (Aegyptus, Italia), no Italia support term.
    assert player(s, "green").legacy - before == 2 - loss
    assert player(s, "green").emperor_turns == 0  # a Pretender disputes the throne


# -- Gain Legacy for the other kinds -----------------------------------------------------------


@pytest.mark.parametrize(
    ("support", "markers", "emperor_part"),
    [(3, 0, 6), (3, 2, 4), (2, 3, 1), (1, 3, 0)],
)
def test_populace_emperor_gains_twice_his_province_support_less_pretenders(
    support: int, markers: int, emperor_part: int
) -> None:
    s = game()
    govern(s, "Gallia", "green", support)
    crown(s, "Gallia")
    if markers:
        blue_pretender(s, *["Hispania", "Britannia", "Africa"][:markers])
    before = player(s, "green").legacy
    act(s, "end_actions")
    # Gallia's support, whatever Italia's (3, one less with a Pretender), plus 3 provinces.
    assert s.provinces["Italia"].support == (2 if markers else 3)
    assert player(s, "green").legacy - before == emperor_part + 3
    assert player(s, "green").emperor_turns == (0 if markers else 1)


def test_senate_emperor_gains_italia_support_less_pretenders() -> None:
    s = game()
    govern(s, "Gallia", "green", 4)
    govern(s, "Africa", "green", 1)
    crown(s, "Italia")
    assert s.provinces["Italia"].support == 4
    before = player(s, "green").legacy
    act(s, "end_actions")
    assert player(s, "green").legacy - before == 4 + 4


@pytest.mark.parametrize("kind", list(KINDS))
def test_emperor_turns_advance_for_every_undisputed_emperor(kind: str) -> None:
    s = game()
    crown(s, KINDS[kind])
    end_turn(s)
    assert player(s, "green").emperor_turns == 1
    assert s.emperor_token is not None and s.emperor_token.kind == kind


# -- special advantages and disadvantages ------------------------------------------------------


def blues_turn(kind: str, *, gallia: int | None = None, expansion: bool = True) -> State:
    """Green was crowned (``kind``) on its first turn; now it is Blue's turn. With
    ``gallia`` Green also governs Gallia at that support, and a Populace Emperor sits there."""
    s = game(expansion_cards=expansion)
    if gallia is not None:
        govern(s, "Gallia", "green", gallia)
    crown(s, KINDS[kind] if kind != "populace" or gallia is None else "Gallia")
    end_turn(s)
    assert toc.active(s) == ["blue"]
    return s


@pytest.mark.parametrize("kind", list(KINDS))
def test_populace_emperors_opponents_gain_two_votes_in_italia(kind: str) -> None:
    s = blues_turn(kind, gallia=1)
    assert s.provinces["Italia"].support == 3  # 6 votes needed
    vote(s, "Italia", [2, 2, 2, 2])
    assert s.provinces["Italia"].governor == ("blue" if kind == "populace" else "green")


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_mob_in_a_populace_emperors_provinces(kind: str) -> None:
    s = blues_turn(kind)
    put_in_hand(s, "blue", "mob")
    play(s, "mob")
    targets = set(args(s, "mob"))
    shielded = {"Aegyptus", "Italia"}
    if kind == "populace":
        assert not targets & shielded
    else:
        assert shielded <= targets
    assert {"Pannonia", "Asia", "Gallia"} <= targets


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_praetorian_guard_against_a_military_emperor(kind: str) -> None:
    s = blues_turn(kind)
    put_in_hand(s, "blue", "praetorian_guard")
    play(s, "praetorian_guard")
    ready_governor(s, "blue")
    assert bool(args(s, "praetorian_guard")) == (kind != "military")


@pytest.mark.parametrize("card", ["damnatio_memoriae_ii", "damnatio_memoriae"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_no_damnatio_memoriae_against_a_senate_emperor(kind: str, card: str) -> None:
    s = blues_turn(kind, expansion=card == "damnatio_memoriae_ii")
    put_in_hand(s, "blue", card)
    play(s, card)
    assert ("damnatio_memoriae" in verbs(s)) == (kind != "senate")


def test_damnatio_memoriae_ii_after_deposing_a_populace_emperor() -> None:
    s = blues_turn("populace", gallia=1)
    player(s, "green").emperor_turns = 3
    put_in_hand(s, "blue", "damnatio_memoriae_ii")
    play(s, "damnatio_memoriae_ii")
    act(s, "damnatio_memoriae")
    vote(s, "Italia", [2, 2, 2, 2])
    assert player(s, "green").emperor_turns == 1


# -- being removed (3.4) -----------------------------------------------------------------------


def test_senate_emperor_removed_by_place_governor_in_italia() -> None:
    s = blues_turn("senate")
    ready = player(s, "green").governors_ready
    vote(s, "Italia", [2, 2, 2, 2])  # Italia at support 2: 4 votes
    assert s.provinces["Italia"].governor == "blue"
    assert s.emperor_token is None
    assert player(s, "green").governors_ready == ready + 1
    assert s.step == "emperor"
    act(s, "place_emperor", "Hispania")
    assert s.emperor_token == EmperorToken("blue", "populace", province="Hispania")


def test_populace_emperor_removed_by_place_governor_in_his_province() -> None:
    s = blues_turn("populace", gallia=1)
    ready = player(s, "green").governors_ready
    vote(s, "Gallia", [2, 2])
    assert s.provinces["Gallia"].governor == "blue"
    assert italia_is_neutral(s)
    assert player(s, "green").governors_ready == ready + 2  # Gallia's and Italia's
    assert s.provinces["Aegyptus"].governor == "green"


def test_populace_emperor_removed_by_place_governor_in_italia() -> None:
    s = blues_turn("populace", gallia=1)
    vote(s, "Italia", [2, 2, 2, 2])
    assert s.provinces["Italia"].governor == "blue"
    assert s.emperor_token is None
    assert s.provinces["Gallia"].governor == "green"  # his Governor stays there
    act(s, "place_emperor", "Italia")
    assert s.emperor_token == EmperorToken("blue", "senate", province="Italia")


def test_military_emperor_removed_by_place_governor_in_italia() -> None:
    s = blues_turn("military")
    vote(s, "Italia", [2, 2, 2, 2])
    assert s.provinces["Italia"].governor == "blue"
    assert s.emperor_token is None
    assert army(s, 1).owner == "green"  # his General and army stay


@pytest.mark.parametrize(("death", "dies"), [(4, False), (5, True), (6, True)])
def test_military_emperor_death_die_in_a_won_battle(death: int, dies: bool) -> None:
    s = game()
    put_in_hand(s, "green", "triumph")
    play(s, "triumph")
    crown(s, "#1")
    nomads_in_aegyptus(s, 2, legions=2)
    fight(s, [3, 3, 4, 1, death])  # both Nomads fall; one hit on the Emperor: one death die
    a = army(s, 1)
    assert (a.full, a.reduced) == (1, 1)
    assert player(s, "green").legacy == 8  # (2 + 2) doubled even if he died
    if dies:
        assert italia_is_neutral(s)
        assert "triumph" not in verbs(s)
    else:
        assert s.emperor_token == EmperorToken("green", "military", army=1)
        act(s, "triumph")
        assert player(s, "green").legacy == 10


def test_military_emperor_rolls_a_death_die_per_hit() -> None:
    s = game()
    crown(s, "#1")
    nomads_in_aegyptus(s, 3, legions=3)
    # Three Nomads fall; two hits on the Emperor's army: two death dice, both survived.
    fight(s, [3, 3, 3, 4, 4, 1, 1, 4])
    assert s.emperor_token == EmperorToken("green", "military", army=1)
    assert (army(s, 1).full, army(s, 1).reduced) == (1, 2)
    assert player(s, "green").legacy == 10


def test_military_emperor_dies_with_his_army() -> None:
    s = game()
    crown(s, "#1")
    generals = player(s, "green").generals_ready
    nomads_in_aegyptus(s, 3)
    fight(s, [1, 4, 4, 1])  # the army is wiped out: no death dice are needed
    assert italia_is_neutral(s)
    assert not [a for a in s.armies if a.owner == "green"]
    assert player(s, "green").generals_ready == generals + 1


def test_military_emperor_dies_defending() -> None:
    s = blues_turn("military")
    blue_army = army(s, 2)
    blue_army.region, blue_army.capital = "Aegyptus", False
    s.turn.pool["red"] = 1
    # Blue's legion hits; Green's legion and Militia miss; the hit falls on the Militia and
    # the Emperor's one death die is a 5.
    fight(s, [3, 1, 1, 5], army_id=2, target="#1")
    assert not s.provinces["Aegyptus"].militia
    assert italia_is_neutral(s)
    assert army(s, 1).full == 1


def test_a_military_emperor_killed_this_turn_cannot_retake_italia() -> None:
    s = game()
    crown(s, "#1")
    nomads_in_aegyptus(s, 2, legions=2)
    fight(s, [3, 3, 4, 1, 5])
    assert italia_is_neutral(s)
    ready_governor(s, "green")
    s.turn.pool["blue"] = 16
    targets = {arg[0] for arg in args(s, "place_governor")}
    assert "Italia" not in targets
    assert "Gallia" in targets
