"""The state copier written from struct declarations: equal to the MessagePack round trip
it replaced, independent of the original, sharing only what it was told to share."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from crisis.engine.copying import copier, source
from crisis.games import TITLES, get_title


class Inner(msgspec.Struct):
    xs: list[int]
    tag: str = ""


class Outer(msgspec.Struct):
    first: Inner
    many: list[Inner]
    by_name: dict[str, list[Inner]]
    maybe: Inner | None = None
    counts: dict[str, int] = msgspec.field(default_factory=dict)
    either: str | int = 0
    loose: dict[str, Any] | None = None
    frozen: Inner | None = None


def _round_trip(value: Any) -> Any:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(value), type=type(value))


def test_copy_equals_the_msgpack_round_trip_and_is_independent() -> None:
    value = Outer(
        first=Inner([1, 2], "a"),
        many=[Inner([3])],
        by_name={"k": [Inner((4, 5), "t")]},  # type: ignore[arg-type]  # a tuple comes back a list
        maybe=Inner([6]),
        counts={"x": 1},
        either="s",
        loose={"nested": {"deep": [1, (2, 3)]}, "struct": Inner([7])},
        frozen=Inner([8]),
    )
    copy = copier(Outer, frozenset({"frozen"}))
    twin = copy(value)
    expected = _round_trip(value)
    expected.frozen = value.frozen
    assert twin == expected
    assert twin.frozen is value.frozen
    twin.first.xs.append(9)
    twin.many[0].xs.append(9)
    twin.by_name["k"][0].xs.append(9)
    twin.counts["y"] = 2
    assert twin.loose is not None and value.loose is not None
    twin.loose["nested"]["deep"].append(9)
    assert value.first.xs == [1, 2] and value.many[0].xs == [3] and value.counts == {"x": 1}
    assert value.loose["nested"]["deep"] == [1, (2, 3)]
    assert "def copy(o):" in source(Outer)


def test_title_copies_match_the_json_round_trip_over_random_games() -> None:
    for name in TITLES:
        title = get_title(name)
        for seed in range(3):
            state = title.rules.setup(seed, {"players": 2 + seed})
            rnd = random.Random(seed)
            for _ in range(400):
                if title.rules.result(state) is not None:
                    break
                twin = title.rules.copy_state(state)
                assert twin == title.rules.from_json(title.rules.to_json(state))
                assert title.rules.to_json(twin) == title.rules.to_json(state)
                role = title.rules.active(state)[0]
                title.rules.apply(state, role, rnd.choice(title.rules.actions(state, role)))
