"""Action: the (verb, arg) pairs of the engine contract, their text and JSON forms, and the
rejection of every input that is not a JSON-simple (verb, arg) pair."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis.engine import Action, IllegalAction, MalformedAction

SAMPLES = [
    Action("end_actions"),
    Action("play_card", "red1"),
    Action("recruit_general", 2),
    Action("place_governor", ("Italia", 3)),
    Action("move_army", (1, "Mare Occidentale")),
    Action("foederati", (4, "Gallia", "Franks")),
    Action("buy", ""),
    Action("x", ()),
]


def test_malformed_action_is_an_illegal_action() -> None:
    assert issubclass(MalformedAction, IllegalAction)
    assert issubclass(IllegalAction, ValueError)


def test_default_arg_is_none() -> None:
    assert Action("done") == Action("done", None)
    assert Action("done").arg is None


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Action("end_actions"), "end_actions"),
        (Action("play_card", "red1"), "play_card red1"),
        (Action("recruit_general", 2), "recruit_general 2"),
        (Action("place_governor", ("Italia", 3)), "place_governor Italia 3"),
        (Action("move_army", (1, "Mare Occidentale")), "move_army 1 Mare Occidentale"),
    ],
)
def test_str(action: Action, text: str) -> None:
    assert str(action) == text


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_json_round_trip(action: Action) -> None:
    raw = action.to_json()
    assert isinstance(raw, list) and len(raw) == 2
    # Tuples become JSON lists and come back as tuples.
    text = json.dumps(raw)
    back = Action.parse(json.loads(text))
    assert back == action
    assert type(back.arg) is type(action.arg)


def test_to_json_shapes() -> None:
    assert Action("end_actions").to_json() == ["end_actions", None]
    assert Action("play_card", "red1").to_json() == ["play_card", "red1"]
    assert Action("place_governor", ("Italia", 3)).to_json() == ["place_governor", ["Italia", 3]]


def test_parse_accepts_the_documented_shapes() -> None:
    want = Action("place_governor", ("Italia", 3))
    assert Action.parse(["place_governor", ["Italia", 3]]) == want
    assert Action.parse(("place_governor", ("Italia", 3))) == want
    assert Action.parse({"verb": "place_governor", "arg": ["Italia", 3]}) == want
    assert Action.parse(want) == want
    assert Action.parse(["end_actions"]) == Action("end_actions")
    assert Action.parse({"verb": "end_actions"}) == Action("end_actions")
    assert Action.parse(["end_actions", None]) == Action("end_actions")


def test_parse_returns_actions_usable_as_dict_keys() -> None:
    # Parsed args are hashable (lists become tuples), so actions can be compared and counted.
    parsed = Action.parse(["move_army", [1, "Italia"]])
    assert hash(parsed) == hash(Action("move_army", (1, "Italia")))
    assert parsed in {Action("move_army", (1, "Italia"))}


@pytest.mark.parametrize(
    "bad",
    [
        "play_card red1",  # a string, not a list
        42,
        None,
        3.5,
        b"play_card",
        frozenset({"play_card"}),  # a set
        [],  # no verb at all
        ["play_card", "red1", "extra"],  # too long
        ["", "red1"],  # empty verb
        [None, "red1"],
        [1, "red1"],
        [["play_card"], "red1"],
        [True, None],
        ["place_governor", [["Italia", 3]]],  # nested list arg
        ["place_governor", ["Italia", [3]]],
        ["place_governor", ("Italia", (3,))],
        ["recruit_general", True],  # bools are not numbers here
        ["recruit_general", False],
        ["place_governor", ["Italia", True]],
        ["recruit_general", 1.0],  # floats are never args
        ["recruit_general", 2.5],
        ["place_governor", ["Italia", 3.0]],
        ["play_card", {"card": "red1"}],
        ["play_card", b"red1"],
        ["place_governor", ["Italia", None]],
        {"verb": "play_card", "arg": "red1", "role": "green"},  # extra key
        {"verb": "play_card", "args": "red1"},  # misspelt key
        {"arg": "red1"},  # no verb
        {"verb": "", "arg": None},
        {"verb": "recruit_general", "arg": 1.0},
        {"verb": "recruit_general", "arg": True},
    ],
    ids=repr,
)
def test_malformed_shapes_raise(bad: object) -> None:
    with pytest.raises(MalformedAction) as info:
        Action.parse(bad)
    assert str(info.value)  # a readable message, not an empty one


@pytest.mark.parametrize(
    "bad",
    [
        Action("recruit_general", 1.0),  # type: ignore[arg-type]
        Action("recruit_general", True),
        Action("place_governor", ("Italia", 2.0)),  # type: ignore[arg-type]
        Action("", None),
        Action(3, None),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_action_instances_are_validated_too(bad: Action) -> None:
    # An Action(v, 1.0) compares equal to Action(v, 1): it must not slip through parse as
    # a legal action and put a float into the state.
    with pytest.raises(MalformedAction):
        Action.parse(bad)


def test_action_instance_with_list_arg_is_normalised() -> None:
    parsed = Action.parse(Action("move_army", [1, "Italia"]))  # type: ignore[arg-type]
    assert parsed == Action("move_army", (1, "Italia"))
    assert isinstance(parsed.arg, tuple)


_atom = st.one_of(st.text(max_size=12), st.integers(min_value=-(2**40), max_value=2**40))
_arg = st.one_of(st.none(), _atom, st.lists(_atom, max_size=5).map(tuple))
_action = st.builds(Action, st.text(min_size=1, max_size=20), _arg)


@given(_action)
def test_round_trip_property(action: Action) -> None:
    assert Action.parse(json.loads(json.dumps(action.to_json()))) == action
    assert Action.parse(action) == action
    assert Action.parse({"verb": action.verb, "arg": action.to_json()[1]}) == action


@given(st.floats(allow_nan=True) | st.booleans() | st.dictionaries(st.text(), st.integers()))
def test_non_simple_args_always_rejected(arg: object) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(["verb", arg])
    with pytest.raises(MalformedAction):
        Action.parse(["verb", ["ok", arg]])
