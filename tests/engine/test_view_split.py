"""A title's view split (``TitleSpec.rules.view_split``): what the server encodes once
for every watcher plus each seat's own part must be exactly the view, for every seat and an
observer, at every position of random games. A key left out of the split, or a private part
put in the shared one, fails here."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from crisis.games import TITLES, get_title


def _as_json(value: dict[str, Any]) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


SPLIT = [name for name in sorted(TITLES) if get_title(name).rules.view_split is not None]


def test_time_of_crisis_splits_its_view() -> None:
    assert "time_of_crisis" in SPLIT  # the server's busiest title takes the fast path


@pytest.mark.parametrize("name", SPLIT)
@pytest.mark.parametrize("game", range(4))
def test_shared_and_own_parts_make_the_view(name: str, game: int) -> None:
    title = get_title(name)
    split = title.rules.view_split
    assert split is not None
    players = (2, 3, 4, 4)[game]
    state = title.rules.setup(game, {"players": players})
    rng = random.Random(game)
    positions = 0
    for _ in range(400):
        if title.rules.result(state) is not None:
            break
        shared = _as_json(split.shared(state))
        for role in [*title.rules.roles(state), None]:
            own = split.own(state, role)
            assert not set(own) - set(title.rules.view(state, role))
            assert {**shared, **_as_json(own)} == _as_json(title.rules.view(state, role))
        positions += 1
        role = title.rules.active(state)[0]
        title.rules.apply(state, role, rng.choice(title.rules.actions(state, role)))
    assert positions >= 100


def test_the_shared_part_shows_no_hand() -> None:
    """What every watcher gets alike holds no player's piles: those are in each seat's own
    part, the holder's only."""
    title = get_title("time_of_crisis")
    assert title.rules.view_split is not None
    state = title.rules.setup(3, {"players": 4})
    shared = _as_json(title.rules.view_split.shared(state))
    assert "players" not in shared and "peek" not in shared
    green = title.rules.view_split.own(state, "green")["players"]
    assert [("hand" in p) for p in green] == [p["role"] == "green" for p in green]
    assert all("hand" not in p for p in title.rules.view_split.own(state, None)["players"])
