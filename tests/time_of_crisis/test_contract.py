"""Time of Crisis through the engine contract: setup for 2-4 players (RULES 3), options,
JSON round trips, rejection of bad input without any change, and what views may show."""

from __future__ import annotations

import json
import random
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from crisis.engine import Action, IllegalAction, MalformedAction, NotYourTurn
from crisis.games import get_title
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data, events
from crisis.games.time_of_crisis.scripting import quick_start, script_dice, stack_events
from crisis.games.time_of_crisis.state import State, player, tribe_counters_in_play

# RULES 3.3, written out here rather than read from data, so the data is checked too.
NO_PLACE_GOVERNOR = {
    2: {"Britannia", "Hispania", "Africa", "Aegyptus", "Syria", "Galatia"},
    3: {"Hispania", "Africa", "Aegyptus"},
    4: set(),
}
REMOVED = {2: {"Nomads", "Sassanids"}, 3: {"Nomads"}, 4: set()}
ITALIA_START = {2: 4, 3: 6, 4: 8}  # RULES 3.2 (4 players) and 3.3
OPENINGS = {
    2: ("Gallia", "Thracia"),
    3: ("Gallia", "Thracia", "Syria"),
    4: ("Aegyptus", "Hispania", "Pannonia", "Asia"),  # the Example of Play (13)
}
# A crisis roll of 1+1 is Ira Deorum for every player count: no invasion, event or choice.
QUIET = (1, 1)


def test_get_title_is_this_module() -> None:
    assert get_title("time_of_crisis") is toc.TITLE
    assert toc.NAME == "time_of_crisis"
    with pytest.raises(ValueError):
        get_title("risk")


# -- random play -----------------------------------------------------------------------------


def random_game(
    seed: int, players: int, cap: int = 5000, check: Callable[[State], None] | None = None
) -> Iterator[State]:
    """Play random legal actions; yield the state after each one (the same object)."""
    rnd = random.Random(seed)
    state = toc.setup(seed, {"players": players})
    for _ in range(cap):
        if toc.result(state) is not None:
            return
        role = rnd.choice(toc.active(state))
        acts = toc.actions(state, role)
        assert acts, (role, state.step)
        toc.apply(state, role, rnd.choice(acts))
        if check is not None:
            check(state)
        yield state


def last(states: Iterator[State]) -> State:
    """The state after the last action of a random game."""
    return deque(states, maxlen=1)[0]


def finished_game(seed: int, players: int) -> State:
    state = last(random_game(seed, players))
    assert toc.result(state) is not None
    return state


# -- setup (RULES 3) -------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_components(n: int) -> None:
    state = toc.setup(11, {"players": n})
    assert toc.roles(state) == ["green", "blue", "yellow", "red"][:n]
    assert state.step == "choose_province"
    for p in state.players:
        assert Counter(p.available) == {"red1": 3, "blue1": 3, "yellow1": 3}
        assert p.hand == [] and p.discard == []
        assert p.legacy == 0 and p.emperor_turns == 0
        assert sorted(p.governors_unclaimed) == [0, 1, 2, 3, 4, 5]
        assert sorted(p.generals_unclaimed) == [0, 1, 2, 3, 4, 5]
    assert state.armies == []
    # The supply holds the base-game cards of value 2-4 (RULES 2, 3.1).
    assert state.supply == {
        "castra": 9, "tribute": 9, "quaestor": 9,
        "flanking_maneuver": 8, "foederati": 8, "mob": 8,
        "praetorian_guard": 6, "damnatio_memoriae": 6, "pretender": 6,
    }  # fmt: skip
    assert len(state.event_deck) == 15 and state.events_drawn == []
    for name, prov in state.provinces.items():
        assert prov.no_place_governor == (name in NO_PLACE_GOVERNOR[n]), name
        assert prov.governor is None
        assert not prov.active and not prov.inactive and prov.mobs == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_removed_tribes_have_no_counters(n: int) -> None:
    state = toc.setup(5, {"players": n})
    for tribe in data.TRIBES:
        t = state.tribes[tribe]
        if tribe in REMOVED[n]:
            assert (t.active, t.inactive, t.in_game) == (0, 0, False)
        else:
            assert (t.active, t.inactive, t.in_game) == (0, 10, True)  # all inactive at home


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_place_governor_provinces_are_never_offered_at_start(n: int) -> None:
    state = toc.setup(3, {"players": n, "first_player": "green"})
    for _ in range(n):
        role = toc.active(state)[0]
        offered = {a.arg for a in toc.actions(state, role)}
        assert {a.verb for a in toc.actions(state, role)} == {"choose_province"}
        taken = {name for name, p in state.provinces.items() if p.governor is not None}
        assert offered == set(data.PROVINCES) - NO_PLACE_GOVERNOR[n] - {"Italia"} - taken
        for name in NO_PLACE_GOVERNOR[n] | {"Italia"}:
            before = toc.to_json(state)
            with pytest.raises(IllegalAction):
                toc.apply(state, role, Action("choose_province", name))
            assert toc.to_json(state) == before
        toc.apply(state, role, Action("choose_province", sorted(offered)[0]))
    assert state.step == "choose_hand"
    for name in NO_PLACE_GOVERNOR[n]:
        assert state.provinces[name].governor is None  # no Neutral Governor either


@pytest.mark.parametrize("n", [2, 3, 4])
def test_player_setup(n: int) -> None:
    state = toc.setup(8, {"players": n, "first_player": "green"})
    chosen = OPENINGS[n]
    for role, province in zip(toc.roles(state), chosen, strict=True):
        assert toc.active(state) == [role]
        toc.apply(state, role, Action("choose_province", province))
    # After the last choice: Neutral Governors at support 1, Italia at its starting support.
    italia = state.provinces["Italia"]
    assert (italia.governor, italia.support) == ("neutral", ITALIA_START[n])
    for name, prov in state.provinces.items():
        if name in chosen:
            role = toc.roles(state)[chosen.index(name)]
            assert (prov.governor, prov.support, prov.militia) == (role, 1, True)
            armies = [a for a in state.armies if a.region == name]
            assert len(armies) == 1
            a = armies[0]
            assert (a.owner, a.capital, a.full, a.reduced, a.foederati) == (role, True, 1, 0, {})
        elif name in NO_PLACE_GOVERNOR[n]:
            assert (prov.governor, prov.militia) == (None, False)
        elif name != "Italia":
            assert (prov.governor, prov.support, prov.militia) == ("neutral", 1, False)
    # The log says so: a player sees why the unchosen provinces turned grey.
    neutral = sum(1 for prov in state.provinces.values() if prov.governor == "neutral")
    assert neutral == len(state.provinces) - n - len(NO_PLACE_GOVERNOR[n])
    assert f"Neutral Governors take the {neutral} provinces left, Italia among them" in state.log
    assert len(state.armies) == n
    for p in state.players:
        # The at-start Governor and General are on the map; the other five are unclaimed.
        assert sorted(p.governors_unclaimed) == [1, 2, 3, 4, 5]
        assert sorted(p.generals_unclaimed) == [1, 2, 3, 4, 5]
        assert p.governors_ready == 0 and p.generals_ready == 0
    # Secret, simultaneous choice of five cards.
    assert state.step == "choose_hand"
    assert sorted(toc.active(state)) == sorted(toc.roles(state))
    script_dice(state, QUIET)  # the first player's Crisis roll follows the last choice
    picks = ["red1", "blue1", "blue1", "yellow1", "red1"]
    for role in toc.roles(state):
        for cid in picks:
            if role in toc.active(state):
                toc.apply(state, role, Action("choose_card", cid))
    for p in state.players:
        assert len(p.hand) == 5 and len(p.available) == 4 and p.discard == []
        assert Counter(p.hand) + Counter(p.available) == {"red1": 3, "blue1": 3, "yellow1": 3}
    assert state.step == "actions" and toc.active(state) == ["green"]
    assert state.provinces["Italia"].support == ITALIA_START[n]


def test_hand_choice_is_only_among_own_available_cards() -> None:
    state = toc.setup(2, {"players": 2, "first_player": "green"})
    toc.apply(state, "green", Action("choose_province", "Gallia"))
    toc.apply(state, "blue", Action("choose_province", "Pannonia"))
    for _ in range(3):
        toc.apply(state, "blue", Action("choose_card", "red1"))
    assert toc.actions(state, "blue") == [
        Action("choose_card", "blue1"),
        Action("choose_card", "yellow1"),
    ]
    before = toc.to_json(state)
    with pytest.raises(IllegalAction, match="choose_card red1"):
        toc.apply(state, "blue", Action("choose_card", "red1"))
    with pytest.raises(IllegalAction):
        toc.apply(state, "blue", Action("choose_card", "pretender"))
    assert toc.to_json(state) == before


def test_diocletian_is_among_the_bottom_four() -> None:
    positions: Counter[int] = Counter()
    tops: Counter[str] = Counter()
    for seed in range(200):
        deck = toc.setup(seed, {"players": 4}).event_deck
        assert sorted(deck) == sorted(data.EVENTS), seed
        assert len(set(deck)) == 15
        assert "diocletian" in deck[-4:], (seed, deck)
        positions[deck.index("diocletian")] += 1
        tops[deck[0]] += 1
    # Shuffled with the other three: any of the four bottom places, never above them.
    assert set(positions) == {11, 12, 13, 14}
    assert "diocletian" not in tops and len(tops) >= 10


def test_first_player_is_random_per_seed_unless_chosen() -> None:
    firsts = Counter(toc.active(toc.setup(seed, {"players": 4}))[0] for seed in range(400))
    assert set(firsts) == {"green", "blue", "yellow", "red"}
    assert all(60 < n < 140 for n in firsts.values()), firsts
    for seed in range(20):
        a = toc.setup(seed, {"players": 3})
        assert toc.active(a) == toc.active(toc.setup(seed, {"players": 3}))  # fixed per seed
        for role in ("green", "blue", "yellow"):
            state = toc.setup(seed, {"players": 3, "first_player": role})
            assert toc.active(state) == [role]
            assert toc.view(state, None)["first"] == role


def test_first_player_takes_the_first_turn() -> None:
    state = quick_start(["Gallia", "Thracia", "Syria"], first="yellow", dice_results=QUIET)
    assert toc.active(state) == ["yellow"]
    assert state.provinces["Gallia"].governor == "yellow"  # yellow chose first
    assert state.provinces["Thracia"].governor == "green"
    assert state.provinces["Syria"].governor == "blue"


@pytest.mark.parametrize(
    "options",
    [
        {"players": 5},
        {"players": 1},
        {"players": 0},
        {"players": "4"},
        {"players": True},
        {"players": 3.0},
        {"colour": "purple"},
        {"players": 4, "expansion": True},
        {"first_player": "purple"},
        {"players": 2, "first_player": "red"},
        {"first_player": 0},
        {"short_game": "yes"},
    ],
    ids=repr,
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as info:
        toc.setup(1, options)
    assert str(info.value)


def test_default_and_short_game_options() -> None:
    assert len(toc.roles(toc.setup(1))) == 4
    assert len(toc.roles(toc.setup(1, {}))) == 4
    assert toc.setup(1, {"short_game": True}).options.short_game is True


def test_setup_is_deterministic_per_seed() -> None:
    for n in (2, 3, 4):
        assert toc.to_json(toc.setup(77, {"players": n})) == toc.to_json(
            toc.setup(77, {"players": n})
        )
    assert toc.setup(1).event_deck != toc.setup(2).event_deck


# -- crisis tables with removed tribes (RULES 3.3) -------------------------------------------


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("total", range(2, 13))
def test_every_crisis_row_leaves_removed_tribes_alone(n: int, total: int) -> None:
    state = quick_start(OPENINGS[n], dice_results=QUIET)
    white = max(1, total - 6)
    script_dice(state, [white, total - white, 1, 1])  # crisis roll, then any invasion roll
    stack_events(state, ["inflation"])
    log_from = len(state.log)
    events.crisis_phase(state)
    result = data.CRISIS_TABLE[n][total]
    assert result not in REMOVED[n]
    for tribe in REMOVED[n]:
        assert tribe_counters_in_play(state, tribe) == 0
        assert state.tribes[tribe].active == 0
        assert not any(tribe in line for line in state.log[log_from:])


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (2, 2), (3, 3), (3, 4)])
def test_random_games_respect_the_small_game_changes(n: int, seed: int) -> None:
    npg = NO_PLACE_GOVERNOR[n]

    def check(state: State) -> None:
        for tribe in REMOVED[n]:
            assert tribe_counters_in_play(state, tribe) == 0
        for name in npg:
            prov = state.provinces[name]
            assert prov.no_place_governor and prov.governor is None
        for role in toc.active(state):
            for a in toc.actions(state, role):
                if a.verb in ("choose_province", "mob", "quaestor"):
                    assert a.arg not in npg, a
                if a.verb == "place_governor":
                    assert isinstance(a.arg, tuple) and a.arg[0] not in npg, a

    crisis_results = []
    state = last(random_game(seed, n, check=check))
    for line in state.log:
        m = re.match(r"Crisis roll \d\+\d=\d+: (.*)", line)
        if m:
            crisis_results.append(m.group(1))
    assert crisis_results, "the game should have had crisis rolls"
    assert not set(crisis_results) & REMOVED[n]
    assert toc.result(state) is not None


def test_place_governor_cannot_target_a_no_place_governor_province() -> None:
    state = quick_start(
        OPENINGS[2], hands={"green": ["blue1"] * 3 + ["red1"] * 2}, dice_results=QUIET
    )
    for _ in range(3):
        toc.apply(state, "green", Action("play_card", "blue1"))
    toc.apply(state, "green", Action("recruit_governor", 1))
    targets = {a.arg[0] for a in toc.actions(state, "green") if a.verb == "place_governor"}  # type: ignore[index]
    assert targets == {"Italia", "Pannonia", "Thracia", "Macedonia", "Asia"}
    before = toc.to_json(state)
    for name in NO_PLACE_GOVERNOR[2]:
        with pytest.raises(IllegalAction):
            toc.apply(state, "green", Action("place_governor", (name, 2)))
    assert toc.to_json(state) == before


def test_sassanid_leader_events_in_a_two_player_game() -> None:
    # FAQ: follow the event as normal; the Sassanids never activate, so he never invades.
    state = quick_start(OPENINGS[2], dice_results=QUIET)
    stack_events(state, ["ardashir"])
    events.draw_event(state)
    assert state.leaders == {"Ardashir": "Sassanids"}
    for _ in range(30):
        events.tribe_activation(state, "Sassanids")  # what a (never rolled) entry would do
    assert state.leaders == {"Ardashir": "Sassanids"}
    assert tribe_counters_in_play(state, "Sassanids") == 0


# -- JSON round trips ------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "seed"), [(4, 21), (3, 22), (2, 23)])
def test_json_round_trip_is_exact_throughout_a_game(n: int, seed: int) -> None:
    for i, state in enumerate(random_game(seed, n)):
        if i % 7:
            continue
        raw = toc.to_json(state)
        back = toc.from_json(raw)
        assert back == state
        assert toc.to_json(back) == raw
        assert toc.from_json(raw.decode()) == state  # text as well as bytes
        for role in toc.roles(state):
            assert toc.actions(back, role) == toc.actions(state, role)
    assert toc.result(state) is not None
    assert toc.from_json(toc.to_json(state)).final == state.final


def test_a_decoded_state_plays_on_identically() -> None:
    state = last(random_game(30, 4, cap=200))
    copy = toc.from_json(toc.to_json(state))
    rnd_a, rnd_b = random.Random(5), random.Random(5)
    for _ in range(300):
        if toc.result(state) is not None:
            break
        for s, rnd in ((state, rnd_a), (copy, rnd_b)):
            role = rnd.choice(toc.active(s))
            toc.apply(s, role, rnd.choice(toc.actions(s, role)))
    assert toc.to_json(copy) == toc.to_json(state)


# -- bad input -------------------------------------------------------------------------------


def _at_actions() -> State:
    return quick_start(
        OPENINGS[4],
        hands={"green": ["red1", "red1", "blue1", "blue1", "yellow1"]},
        dice_results=QUIET,
    )


@pytest.mark.parametrize(
    ("role", "action", "error", "message"),
    [
        (
            "green",
            Action("play_card", "pretender"),
            IllegalAction,
            r"play_card pretender is not legal for green",
        ),
        (
            "green",
            Action("recruit_general", 2),
            IllegalAction,
            r"recruit_general 2 is not legal.*recruit_general 1",
        ),
        ("green", Action("place_governor", ("Italia", 9)), IllegalAction, r"not legal"),
        (
            "green",
            Action("choose_province", "Gallia"),
            IllegalAction,
            r"not legal for green at actions",
        ),
        ("green", Action("fly_to_the_moon"), IllegalAction, r"fly_to_the_moon is not legal"),
        ("green", Action("undo"), IllegalAction, r"undo"),
        ("green", ["play_card", 1.5], MalformedAction, r"arg"),
        ("green", ["play_card", ["red1", ["x"]]], MalformedAction, r"arg"),
        ("green", ["", None], MalformedAction, r"verb"),
        ("green", "play_card red1", MalformedAction, r"\[verb, arg\]"),
        ("green", {"verb": "play_card", "arg": "red1", "x": 1}, MalformedAction, r"verb"),
        ("green", Action("recruit_general", 1.0), MalformedAction, r"arg"),  # type: ignore[arg-type]
        (
            "blue",
            Action("play_card", "red1"),
            NotYourTurn,
            r"blue may not act now; waiting for green",
        ),
        ("red", Action("end_actions"), NotYourTurn, r"red may not act now"),
        ("purple", Action("end_actions"), IllegalAction, r"no seat 'purple'"),
        ("", Action("end_actions"), IllegalAction, r"no seat"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_bad_input_raises_and_changes_nothing(
    role: str, action: Any, error: type[IllegalAction], message: str
) -> None:
    state = _at_actions()
    toc.apply(state, "green", Action("play_card", "red1"))
    before = toc.to_json(state)
    with pytest.raises(error, match=message) as info:
        toc.apply(state, role, action)
    assert toc.to_json(state) == before
    assert str(info.value).strip()


def test_not_your_turn_is_distinguished_from_an_unknown_seat() -> None:
    state = _at_actions()
    with pytest.raises(NotYourTurn):
        toc.apply(state, "blue", Action("end_actions"))
    with pytest.raises(IllegalAction) as info:
        toc.apply(state, "purple", Action("end_actions"))
    assert not isinstance(info.value, NotYourTurn)
    # A seat that exists only in a bigger game is unknown in a smaller one.
    small = quick_start(OPENINGS[2], dice_results=QUIET)
    with pytest.raises(IllegalAction, match="no seat 'red'"):
        toc.apply(small, "red", Action("end_actions"))


def test_inactive_roles_have_no_actions() -> None:
    state = _at_actions()
    for role in ("blue", "yellow", "red", "purple"):
        assert toc.actions(state, role) == []


def test_acting_after_the_game_is_over() -> None:
    state = finished_game(12, 3)
    result = toc.result(state)
    assert result is not None and result["winner"] in toc.roles(state)
    assert sorted(result["ranking"]) == sorted(toc.roles(state))
    assert toc.active(state) == []
    before = toc.to_json(state)
    for role in [*toc.roles(state), "purple"]:
        assert toc.actions(state, role) == []
        for act in (Action("end_actions"), Action("choose_card", "red1"), Action("end_buy")):
            with pytest.raises(IllegalAction, match="the game is over"):
                toc.apply(state, role, act)
    with pytest.raises(MalformedAction):
        toc.apply(state, "green", [])
    assert toc.to_json(state) == before


def test_random_illegal_actions_never_change_the_state() -> None:
    rnd = random.Random(8)
    verbs = sorted({"play_card", "end_actions", "choose_card", "buy", "move_army", "take_hit"})
    args: list[Any] = [None, "red1", "Italia", 1, 99, ("Italia", 1), (1, "Gallia"), "legion"]
    checked = 0
    for i, state in enumerate(random_game(40, 4, cap=400)):
        if i % 5:
            continue
        before = toc.to_json(state)
        for _ in range(10):
            role = rnd.choice(["green", "blue", "yellow", "red"])
            action = Action(rnd.choice(verbs), rnd.choice(args))
            if action in toc.actions(state, role):
                continue
            with pytest.raises(IllegalAction):
                toc.apply(state, role, action)
            checked += 1
        assert toc.to_json(state) == before
    assert checked > 300


# -- views -----------------------------------------------------------------------------------


def _keys(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from _keys(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _keys(v)


FORBIDDEN_KEYS = {"rng", "seed", "event_deck", "script"}


def check_views(state: State) -> None:
    for viewer in [*toc.roles(state), None, "purple"]:
        v = toc.view(state, viewer)
        text = json.dumps(v)  # views are plain JSON
        assert not FORBIDDEN_KEYS & set(_keys(v)), viewer
        for eid in state.event_deck:  # no event still in the deck may be named
            assert eid not in text, (viewer, eid)
        for pv in v["players"]:
            own = viewer is not None and pv["role"] == viewer
            for key in ("hand", "available", "discard"):
                assert (key in pv) == own, (viewer, pv["role"], key)
            p = player(state, pv["role"])
            assert pv["hand_count"] == len(p.hand)
            assert pv["available_count"] == len(p.available)
            assert pv["discard_count"] == len(p.discard)
            if own:
                assert sorted(pv["hand"]) == sorted(p.hand)
                assert sorted(pv["available"]) == sorted(p.available)
        assert v["event_deck_count"] == len(state.event_deck)
        assert v["events_drawn"] == state.events_drawn
        assert v["viewer"] == (viewer if viewer in toc.roles(state) else None)


def test_views_during_setup_and_play() -> None:
    state = toc.setup(4, {"players": 4})
    check_views(state)
    state = quick_start(OPENINGS[4], dice_results=QUIET)
    check_views(state)
    v = toc.view(state, "green")
    assert v["players"][0]["hand"] == sorted(player(state, "green").hand)
    assert "hand" not in toc.view(state, None)["players"][0]


@pytest.mark.parametrize(("n", "seed"), [(4, 50), (2, 51)])
def test_views_never_leak_in_random_games(n: int, seed: int) -> None:
    for i, state in enumerate(random_game(seed, n)):
        if i % 11 == 0 or (state.events_drawn and state.events_drawn[-1] == "diocletian"):
            check_views(state)
    check_views(state)
    assert state.events_drawn  # some event was revealed, and then it may appear


def test_view_shows_the_rng_only_through_dice_already_rolled() -> None:
    state = quick_start(OPENINGS[4], dice_results=QUIET)
    script_dice(state, [6, 5, 4, 3, 2, 1, 6, 6, 6])
    text = json.dumps(toc.view(state, "green"))
    assert state.rng.key and state.rng.key not in text
    assert "6, 5, 4, 3" not in text and "6,5,4,3" not in text


def test_view_reports_provisional_data() -> None:
    assert toc.view(toc.setup(1), None)["provisional_data"] is True


def test_provisional_lists_the_reconstructed_rulings() -> None:
    items = data.provisional()
    assert all("RECONSTRUCTED" in item["tag"] for item in items)
    names = {(item["kind"], item["name"]) for item in items}
    assert ("map", "adjacency") in names
    assert ("map", "sea zones") in names  # Pontus Euxinus is reconstructed
    assert ("crisis table", "2 players") in names
    assert ("crisis table", "3 players") in names
    assert ("crisis table", "4 players") not in names  # printed on the board
    assert ("event", "Diocletian") not in names  # RULES 7.1
    assert ("event", "Plague of Cyprian") in names
    assert any(kind == "invasion path" and name.startswith("Nomads") for kind, name in names)
    assert ("leaders", "recruit costs") in names
