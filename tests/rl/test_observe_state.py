"""The observation read from the state (``TitleSpec.research.observe_state``) is the
observation of the view, and the small view the canonical actions read
(``research.canonical_view``) numbers the legal actions as the whole view does.

The vector from the view is the one that cannot leak (it reads only what the role sees); the
one from the state is the adapters' fast path. They must agree entry for entry for every
seat, at every kind of position, under every option set the fuzzer plays."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from crisis.games import get_title
from crisis.rl.encoding import Encoding, LazyView, acting_role
from tests.rl.conftest import RL_TITLES


def _variants(title: str, players: int) -> list[dict[str, Any]]:
    """The fuzzer's option sets for ``players`` (each variant once)."""
    fuzz = get_title(title).bots.fuzz
    seen: list[dict[str, Any]] = []
    for index in range(0, 60, 3):
        options = fuzz.options(players, index) if fuzz.options else {"players": players}
        if options not in seen:
            seen.append(options)
    return seen


@pytest.mark.parametrize("title", RL_TITLES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_observe_state_is_the_observation_of_the_view(title: str, players: int) -> None:
    spec = get_title(title)
    research = spec.research
    assert research.observe_state is not None and research.observed_view is not None
    compared, steps_seen = 0, set()
    for v, options in enumerate(_variants(title, players)):
        rng = random.Random(v * 10 + players)
        state = spec.rules.setup(v * 10 + players, options)
        for move in range(500):
            if move % 3 == 0:  # (the Frumentarii peek, seldom reached: scripted below)
                for role in spec.rules.roles(state):
                    from_view = research.observe(research.observed_view(state, role), role)
                    assert list(research.observe_state(state, role)) == list(from_view), (
                        f"{title} {options} move {move}: {role}'s vector differs at {state.step}"
                    )
                    compared += 1
                steps_seen.add(state.step)
            if spec.rules.result(state) is not None:
                break
            role = spec.rules.active(state)[0]
            spec.rules.machine.perform(state, role, rng.choice(spec.rules.actions(state, role)))
    assert compared > 300
    assert len(steps_seen) >= 6  # many kinds of position, not one phase over and over


@pytest.mark.parametrize("title", RL_TITLES)
def test_steps_read_the_state_and_build_the_view_only_when_read(title: str) -> None:
    """``Encoding.step`` gives the same legal ids, vector and mask as from the built view;
    its view is built on first read and is then the lean view."""
    enc = Encoding(title, {"players": 4})
    spec = enc.title
    state = spec.rules.setup(3, enc.options)
    rng = random.Random(3)
    for _ in range(400):
        role = acting_role(spec, state)
        if role is None:
            break
        step = enc.step(state, role)
        assert isinstance(step.view, LazyView) and step.view._view is None
        built = spec.research.observed_view(state, role)  # type: ignore[misc]
        assert step.legal == enc.legal(state, role, spec.rules.view(state, role))
        assert np.array_equal(step.observation, enc.observe(built, role))
        assert dict(step.view) == built
        assert sorted(np.flatnonzero(step.mask)) == sorted(step.legal)
        spec.rules.machine.perform(state, role, step.legal[rng.choice(sorted(step.legal))])


def test_canonical_view_is_what_the_canonical_actions_read() -> None:
    """Time of Crisis names armies by slot and Frumentarii's order by peek position: its
    small canonical view gives every legal action the id the whole view gives it, and it
    holds only the view's own values."""
    enc = Encoding("time_of_crisis", {"players": 4, "expansion_cards": True})
    spec = enc.title
    canonical_view = spec.research.canonical_view
    assert canonical_view is not None
    renamed = 0
    for seed in range(3):
        state = spec.rules.setup(seed, enc.options)
        rng = random.Random(seed)
        for _ in range(900):
            role = acting_role(spec, state)
            if role is None:
                break
            full = spec.rules.view(state, role)
            small = canonical_view(state, role)
            assert small["peek"] == full["peek"]
            assert [p["role"] for p in small["players"]] == [p["role"] for p in full["players"]]
            assert small["armies"] == [{"id": a["id"], "owner": a["owner"]} for a in full["armies"]]
            legal = enc.legal(state, role)
            assert legal == enc.legal(state, role, full)
            renamed += sum(1 for a in legal.values() if a.verb in ("move_army", "order"))
            spec.rules.machine.perform(state, role, rng.choice(spec.rules.actions(state, role)))
    assert renamed > 20  # the army and peek names were exercised


def test_the_frumentarii_peek_is_its_players_alone() -> None:
    """A scripted Frumentarii (random play seldom reaches it): while its player orders the
    three event cards he looked at, his vector from the state shows them, as his view does,
    and no other seat's does."""
    from crisis.games.time_of_crisis.observation import observation_fields, observe_state
    from tests.time_of_crisis.expansion_positions import act, xstart
    from tests.time_of_crisis.positions import play, put_in_hand

    spec = get_title("time_of_crisis")
    events = ("ludi_saeculares", "preparing_for_war", "good_auguries")
    state = xstart(expansion_cards=True, events=events)
    put_in_hand(state, "green", "frumentarii")
    play(state, "frumentarii")
    act(state, "frumentarii")
    assert state.step == "frumentarii" and state.peek
    peek = [i for i, name in enumerate(observation_fields()) if name.startswith("peek.")]
    for role in spec.rules.roles(state):
        view = spec.research.observed_view(state, role)  # type: ignore[misc]
        from_state = list(observe_state(state, role))
        assert from_state == list(spec.research.observe(view, role))
        assert sum(from_state[i] for i in peek) == (3.0 if role == "green" else 0.0)
