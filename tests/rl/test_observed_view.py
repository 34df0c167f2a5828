"""The lean view the research adapters build on every step
(``TitleSpec.research.observed_view``)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from crisis.rl.encoding import Encoding, LazyView, acting_role
from tests.rl.conftest import RL_TITLES


def _within(part: Any, whole: Any) -> bool:
    """Whether ``part`` is ``whole`` with some dict keys left out, at any depth."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            k in whole and _within(v, whole[k]) for k, v in part.items()
        )
    if isinstance(part, list):
        return (
            isinstance(whole, list)
            and len(part) == len(whole)
            and all(_within(p, w) for p, w in zip(part, whole, strict=True))
        )
    return bool(part == whole)


@pytest.mark.parametrize("title", RL_TITLES)
@pytest.mark.parametrize("players", [2, 4])
def test_observed_view_is_the_view_less_text(title: str, players: int) -> None:
    """The lean view is the view with some keys left out (so it shows nothing more), only
    the title's declared extras are missing at the top, and the observation and the catalog
    ids of the legal actions are the same from either."""
    enc = Encoding(title, {"players": players})
    spec = enc.title
    assert spec.research.observed_view is not None
    rng = random.Random(players)
    omits = importlib.import_module(f"crisis.games.{title}.views").LEAN_OMITS
    assert {"prompt", "log"} <= omits
    checked = 0
    for seed in range(2):
        state = spec.rules.setup(seed, enc.options)
        for step in range(700):
            role = acting_role(spec, state)
            if role is None:
                break
            if step % 9 == 0:
                for r in spec.rules.roles(state):
                    full, lean = spec.rules.view(state, r), spec.research.observed_view(state, r)
                    assert _within(lean, full)
                    assert set(full) - set(lean) == omits
                    assert list(spec.research.observe(lean, r)) == list(
                        spec.research.observe(full, r)
                    )
                assert enc.legal(state, role, spec.rules.view(state, role)) == enc.legal(
                    state, role, LazyView(spec.research.observed_view, state, role)
                )
                checked += 1
            state_actions = spec.rules.actions(state, role)
            spec.rules.machine.perform(state, role, rng.choice(state_actions))
    assert checked > 40


def test_within_sees_added_and_changed_values() -> None:
    assert _within({"a": [{"b": 1}]}, {"a": [{"b": 1, "c": 2}], "d": 3})
    assert not _within({"a": [{"b": 1, "x": 0}]}, {"a": [{"b": 1}]})
    assert not _within({"a": [{"b": 2}]}, {"a": [{"b": 1}]})
    assert not _within({"a": []}, {"a": [1]})


@pytest.mark.parametrize("title", RL_TITLES)
def test_legal_names_an_action_missing_from_the_catalog(title: str) -> None:
    """A listed action that the catalog lacks is a clear error naming it, not a bare key."""
    enc = Encoding(title, {"players": 2})
    state = enc.title.rules.setup(0, enc.options)
    role = acting_role(enc.title, state)
    assert role is not None
    legal = enc.legal(state, role)
    assert legal
    first = next(iter(legal))
    del enc.index[enc.catalog[first]]
    with pytest.raises(KeyError, match="is not in the action catalog"):
        enc.legal(state, role)
