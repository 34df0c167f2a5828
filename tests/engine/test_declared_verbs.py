"""Every verb of both titles is declared with the steps that accept it, so a client or a
bot reads what a step takes from the declarations (``Machine.accepts``, ``describe()``) the
same way for every title, and what the rules list at a step is always among them."""

from __future__ import annotations

import random

import pytest

from crisis.ai.explore import BotPolicy
from crisis.games import TITLES, get_title


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_verb_is_declared_with_the_steps_that_accept_it(name: str) -> None:
    machine = get_title(name).rules.machine
    described = machine.describe()
    assert "*" not in described["verbs"]
    assert set(described["verbs"]) == set(machine.steps)  # every decision step takes some
    for step, entries in described["verbs"].items():
        assert {e["verb"] for e in entries} == machine.accepts(step)
    for (step, verb), v in machine.verbs.items():
        assert (v.step, v.name) == (step, verb)
        assert step in machine.steps, f"{verb} declared at {step}, which lists nothing"
    for step, s in machine.steps.items():
        for verbs in s.lister_verbs:  # a lister's verbs= names only verbs its step accepts
            assert verbs is None or verbs <= machine.accepts(step), (step, verbs)


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_legal_action_is_of_a_verb_its_step_accepts(name: str) -> None:
    """Over random and bot-played games, every action listed for every acting seat is of a
    verb the step now due declares."""
    title = get_title(name)
    machine = title.rules.machine
    seen: set[tuple[str, str]] = set()
    for seed in range(6):
        rnd = random.Random(seed)
        options = {"players": 2 + seed % 3}
        if name == "time_of_crisis":
            options |= {"expansion_cards": seed % 2 == 0, "emperor_rules": seed < 2}
        policy = BotPolicy(title.name, explore=0.3) if seed % 2 else None
        state = title.rules.setup(seed, options)
        for _ in range(1500):
            if title.rules.result(state) is not None:
                break
            active = title.rules.active(state)
            accepted = machine.accepts(state.step)
            for role in active:
                for action in title.rules.actions(state, role):
                    assert action.verb in accepted, (state.step, action)
                    seen.add((state.step, action.verb))
            role = active[0]
            legal = title.rules.actions(state, role)
            action = policy(rnd, state, role, legal) if policy else rnd.choice(legal)
            title.rules.apply(state, role, action)
    assert len(seen) >= len(machine.verbs) // 2  # the games went through most of the rules
