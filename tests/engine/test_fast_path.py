"""The trusted fast path (``title.rules.machine.perform`` for an action just listed) plays
exactly like the guarded ``apply``, and the research adapters' arrays are the same whichever
is used."""

from __future__ import annotations

import random

import numpy as np

from crisis.games import TITLES, get_title
from crisis.rl.encoding import Encoding, acting_role


def test_perform_and_apply_reach_the_same_states_and_observations() -> None:
    for name in TITLES:
        title = get_title(name)
        for players in (2, 3, 4):
            options = {"players": players}
            encoding = Encoding(name, options)
            plain = title.rules.setup(players, options)
            fast = title.rules.copy_state(plain)
            rnd = random.Random(players)
            for _ in range(600):
                if title.rules.result(plain) is not None:
                    break
                role = acting_role(title, plain)
                assert role is not None and role == acting_role(title, fast)
                a, b = encoding.step(plain, role), encoding.step(fast, role)
                assert a.legal == b.legal and a.view == b.view
                assert np.array_equal(a.observation, b.observation)
                assert np.array_equal(a.mask, b.mask)
                choice = a.legal[rnd.choice(sorted(a.legal))]
                title.rules.apply(plain, role, choice)
                title.rules.machine.perform(fast, role, choice)
                assert title.rules.to_json(fast) == title.rules.to_json(plain)


def test_observation_arrays_equal_the_title_vectors() -> None:
    """The adapters' float32 vector is the title's ``observe`` entry for entry."""
    for name in TITLES:
        title = get_title(name)
        encoding = Encoding(name, {"players": 4})
        state = title.rules.setup(5, {"players": 4})
        rnd = random.Random(5)
        for _ in range(300):
            if title.rules.result(state) is not None:
                break
            role = acting_role(title, state)
            assert role is not None
            view = title.rules.view(state, role)
            vector = list(title.research.observe(view, role))
            expected = np.clip(np.asarray(vector, dtype=np.float32), 0.0, 64.0)
            assert np.array_equal(encoding.observe(view, role), expected)
            title.rules.apply(state, role, rnd.choice(title.rules.actions(state, role)))
