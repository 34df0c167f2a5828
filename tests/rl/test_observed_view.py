"""The lean view the research adapters build on every step (``TitleSpec.observed_view``)."""

from __future__ import annotations

import random

import pytest

from crisis.rl.encoding import Encoding, LazyView, acting_role
from tests.rl.conftest import RL_TITLES


@pytest.mark.parametrize("title", RL_TITLES)
@pytest.mark.parametrize("players", [2, 4])
def test_observed_view_is_the_view_less_text(title: str, players: int) -> None:
    """Every key of the lean view is the view's, with the view's value (so it shows nothing
    more), only the title's declared extras are left out, and the observation and the
    catalog ids of the legal actions are the same from either."""
    enc = Encoding(title, {"players": players})
    spec = enc.title
    assert spec.observed_view is not None
    rng = random.Random(players)
    checked = 0
    for seed in range(2):
        state = spec.setup(seed, enc.options)
        for step in range(700):
            role = acting_role(spec, state)
            if role is None:
                break
            if step % 9 == 0:
                for r in spec.roles(state):
                    full, lean = spec.view(state, r), spec.observed_view(state, r)
                    assert {k: full[k] for k in lean} == lean
                    assert set(full) - set(lean) == {"prompt", "log"} | (
                        {"prices"} if title == "time_of_crisis" else {"card_names"}
                    )
                    assert list(spec.observe(lean, r)) == list(spec.observe(full, r))
                assert enc.legal(state, role, spec.view(state, role)) == enc.legal(
                    state, role, LazyView(spec.observed_view, state, role)
                )
                checked += 1
            state_actions = spec.actions(state, role)
            spec.perform(state, role, rng.choice(state_actions))
    assert checked > 40
