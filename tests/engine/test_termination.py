"""A result names the kind of its ending (``termination``, a :class:`Termination` value) beside
its free-text reason, for finished games and for games saved before results carried it."""

from __future__ import annotations

import json
import random

import pytest

from crisis.engine import Termination
from crisis.games import get_title


def _finished(name: str, seed: int) -> object:
    """A game of ``name`` played to its end by a random player that ends phases often."""
    title = get_title(name)
    state = title.rules.setup(seed, {"players": 2})
    rnd = random.Random(seed)
    while title.rules.result(state) is None:
        role = title.rules.active(state)[0]
        legal = title.rules.actions(state, role)
        ending = [a for a in legal if a.verb in ("end_actions", "end_buy")]
        title.rules.apply(
            state, role, ending[0] if ending and rnd.random() < 0.7 else rnd.choice(legal)
        )
    return state


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        ("time_of_crisis", {Termination.EVENT, Termination.SCORE_TARGET}),
        ("rome_in_crisis", {Termination.COURSE_RUN}),
    ],
)
def test_a_result_carries_its_termination_beside_the_reason(
    name: str, kinds: set[Termination]
) -> None:
    title = get_title(name)
    state = _finished(name, 5)
    result = title.rules.result(state)
    assert result is not None and result["reason"]
    assert Termination(result["termination"]) in kinds
    # plain JSON: it survives the state's round trip as the same string
    assert title.rules.result(title.rules.from_json(title.rules.to_json(state))) == result


@pytest.mark.parametrize("name", ["time_of_crisis", "rome_in_crisis"])
def test_the_saved_state_is_unchanged_and_old_games_get_it_too(name: str) -> None:
    """``termination`` is derived when the result is asked for: a saved game (of today or of
    before) keeps its JSON, and gets the same result."""
    title = get_title(name)
    state = _finished(name, 5)
    raw = json.loads(title.rules.to_json(state))
    assert "termination" not in raw["final"]
    assert title.rules.result(title.rules.from_json(json.dumps(raw))) == title.rules.result(state)
