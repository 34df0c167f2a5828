"""Saved games keep loading: states written by older code (``data/saved_states.json``, one
per decision step and sub-procedure both titles reached, written at the commit named in the
file) load through the title's ``from_json`` and show the same views and legal actions as
when they were saved, whatever has been migrated since.

The states were taken from random and bot-played games (their logs cut to the last lines);
the hashes are the ones of :mod:`tests.engine.test_recorded_games`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crisis.games import get_title
from tests.engine.test_recorded_games import _acts, _digest

DATA = Path(__file__).parent / "data" / "saved_states.json"
SAVED: dict[str, dict[str, Any]] = json.loads(DATA.read_text())["states"]


@pytest.mark.parametrize("key", sorted(SAVED))
def test_an_old_saved_state_loads_and_plays_the_same(key: str) -> None:
    entry = SAVED[key]
    title = get_title(entry["title"])
    state = title.rules.from_json(json.dumps(entry["state"]))
    views = [title.rules.view(state, r) for r in [*title.rules.roles(state), None]]
    assert _digest(views) == entry["views"], f"{key}: the views changed"
    active = title.rules.active(state)
    legal = {r: _acts(title.rules.actions(state, r)) for r in active}
    play = _digest([active, legal, title.rules.result(state)])
    assert play == entry["play"], f"{key}: who acts or the legal actions changed"
    again = title.rules.from_json(title.rules.to_json(state))
    assert [title.rules.view(again, r) for r in [*title.rules.roles(state), None]] == views


def test_the_saved_states_cover_every_step_of_both_titles() -> None:
    """Every decision step but the rare occupation has a saved state (so a migration of any
    step's data is tried on an old state)."""
    for name in ("time_of_crisis", "rome_in_crisis"):
        declared = set(get_title(name).rules.machine.describe()["steps"])
        saved = {k.split(":")[1].split("/")[0] for k in SAVED if k.startswith(name + ":")}
        assert declared - saved <= {"occupy"}, declared - saved
