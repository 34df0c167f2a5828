"""The rules at hand (crisis.games.reference): every step where a player decides, and every
phase of a Time of Crisis turn, has an explanation in the project's own words; the topics
the steps name exist; and the table's /api/meta carries them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crisis.games import TITLES, get_title
from crisis.games.reference import reference


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_declared_step_has_an_explanation(name: str) -> None:
    ref = reference(name)
    steps = get_title(name).rules.machine.describe()["steps"]
    missing = [s for s in steps if s not in ref["steps"]]
    assert not missing, f"{name}: no rules at hand for {missing}"
    for section in ref.values():
        for entry in section.values():
            assert len(entry["text"].split()) >= 15, entry  # an explanation, not a label
            for topic in entry.get("topics", []):
                assert topic in ref["topics"]


def _reached(name: str, seed: int, players: int, moves: int) -> tuple[set[str], set[str]]:
    """The steps and phases a random game of ``name`` shows in its views."""
    title = get_title(name)
    state = title.rules.setup(seed, {"players": players})
    rng = random.Random(seed)
    steps: set[str] = set()
    phases: set[str] = set()
    for _ in range(moves):
        active = title.rules.active(state)
        view: dict[str, Any] = title.rules.view(state, active[0] if active else None)
        steps.add(str(view.get("step")))
        if "phase" in view:
            phases.add(str(view["phase"]))
        if title.rules.result(state) is not None or not active:
            break
        role = active[0]
        title.rules.apply(state, role, rng.choice(title.rules.actions(state, role)))
    return steps, phases


@pytest.mark.parametrize(("name", "seed"), [("time_of_crisis", 3), ("rome_in_crisis", 4)])
def test_what_a_game_shows_is_explained(name: str, seed: int) -> None:
    ref = reference(name)
    steps, phases = _reached(name, seed, 3, 600)
    declared = set(get_title(name).rules.machine.describe()["steps"])
    assert steps & declared, steps
    assert not (steps & declared) - set(ref["steps"])
    assert not phases - set(ref["phases"]), phases - set(ref["phases"])


def test_a_malformed_reference_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import crisis.games.reference as module

    class Broken:
        def joinpath(self, *_parts: str) -> Broken:
            return self

        def read_text(self, encoding: str) -> str:
            return '[steps.buy]\ntitle = "Buy"\ntext = "x"\ntopics = ["nowhere"]\n'

    monkeypatch.setattr(module.resources, "files", lambda _package: Broken())
    reference.cache_clear()
    try:
        with pytest.raises(ValueError, match="nowhere"):
            reference("time_of_crisis")
    finally:
        reference.cache_clear()
