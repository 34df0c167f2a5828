"""Saved games in the middle of a procedure keep loading and play on the same.

``data/saved_procedures.json`` holds Rome in Crisis states written by the code before the
procedures' data moved into frames on the call stack (commit named in the file): one inside
each step of the crisis addresses (the Emperor's and the Legatus's) and of handing out an
office, where the state kept that data in its ``address``, ``placing`` and ``appointee``
fields. Each comes with the actions played on from it (random ones, to the end of the game
or a few hundred actions) and, for every position on the way, the hashes of who acts and
the legal actions, the views and observations, and the words, as that code showed them.

A state loaded now (``from_json``) has its procedure's data in a frame, and playing the
same actions on shows the same at every position and ends with the same result.

Written by running this module with the older code first on the path::

    PYTHONPATH=/path/to/old/src .venv/bin/python -m tests.rome_in_crisis.test_saved_procedures

When a rule changes on purpose, the older code is patched with the same change before the
file is written again, and ``written_by`` says so (this module as it stood then may be
needed too: the contract's form has changed since). When only the words change on purpose,
their hashes are rewritten by the newer tree once the play and the views are checked to
agree with it at every position.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from crisis.engine.action import Action
from crisis.engine.title import TitleSpec
from crisis.games import get_title
from tests.engine.test_recorded_games import _acts, _digest

DATA = Path(__file__).parent / "data" / "saved_procedures.json"
NAME = "rome_in_crisis"
#: The steps inside a procedure, each saved once.
STEPS = ("address", "emperor_cards", "cancel", "discard", "legatus", "legatus_cards", "appoint")
#: Most actions played on from a saved state.
PLAY_ON = 400
#: Log lines kept in a saved state (the views show the log; the rest is not needed).
LOG_KEPT = 6


def _position(title: TitleSpec[Any], state: Any) -> str:
    """Hashes of one position: who acts, the legal actions and the result; the views of
    every seat and an observer with each seat's observation; the words."""
    active = title.rules.active(state)
    legal = {r: title.rules.actions(state, r) for r in active}
    play = _digest([active, {r: _acts(a) for r, a in legal.items()}, title.rules.result(state)])
    seen: list[Any] = []
    for role in [*title.rules.roles(state), None]:
        view = title.rules.view(state, role)
        seen.append(view)
        if role is not None:
            seen.append([float(x) for x in title.research.observe(view, role)])
    words = [
        title.presentation.describe(state, r, a)
        for r, a in legal.items()
        if title.presentation.describe and a
    ]
    return f"{play} {_digest(seen)} {_digest(words)}"


def play_on(title: TitleSpec[Any], state: Any, seed: int) -> tuple[list[Any], list[str]]:
    """Random actions from ``state`` on (changing it), with the hashes of each position."""
    rnd = random.Random(seed)
    actions: list[Any] = []
    hashes = [_position(title, state)]
    for _ in range(PLAY_ON):
        if title.rules.result(state) is not None:
            break
        role = title.rules.active(state)[0]
        action = rnd.choice(title.rules.actions(state, role))
        title.rules.apply(state, role, action)
        actions.append([role, action.to_json()])
        hashes.append(_position(title, state))
    return actions, hashes


SAVED: dict[str, Any] = json.loads(DATA.read_text())["states"] if DATA.exists() else {}


@pytest.mark.parametrize("step", STEPS)
def test_a_state_saved_inside_a_procedure_loads_into_its_frame_and_plays_on_the_same(
    step: str,
) -> None:
    entry = SAVED[step]
    title = get_title(NAME)
    state = title.rules.from_json(json.dumps(entry["state"]))
    assert state.step == step
    kind = "Appointment" if step == "appoint" else "Address"
    assert [type(f).__name__ for f in state.stack] == [kind]
    saved = entry["state"]
    if kind == "Address":
        assert state.address is state.stack[0] and state.address.who == saved["address"]["who"]
    else:
        assert (state.placing, state.appointee) == (saved["placing"], saved["appointee"])
    rnd = random.Random(entry["seed"])
    hashes = [_position(title, state)]
    for (role, raw), then in zip(entry["actions"], entry["hashes"][1:], strict=True):
        legal = title.rules.actions(state, role)
        action = Action.parse(raw)
        assert action == rnd.choice(legal)  # the same choice from the same legal actions
        title.rules.apply(state, role, action)
        hashes.append(_position(title, state))
        assert hashes[-1] == then, f"{step}: position {len(hashes) - 1} differs"
    assert hashes == entry["hashes"]
    assert title.rules.result(state) == entry["result"]
    again = title.rules.from_json(title.rules.to_json(state))
    assert title.rules.to_json(again) == title.rules.to_json(state)


def test_every_procedure_step_is_saved() -> None:
    """The saved states cover every step inside a procedure this title declares."""
    machine = get_title(NAME).rules.machine
    called = {c for f in machine.describe()["flow"].values() for c in f["calls"]}
    assert called <= set(SAVED) == set(STEPS)


def _find(title: TitleSpec[Any], step: str) -> tuple[Any, int]:
    """A state at ``step`` from random games (bots for the rare ones), and its seed."""
    from crisis.ai.explore import BotPolicy

    for seed in range(400):
        rnd = random.Random(seed)
        policy = BotPolicy(NAME, explore=0.3) if seed % 2 else None
        state = title.rules.setup(seed, {"players": 2 + seed % 3})
        for _ in range(3000):
            if title.rules.result(state) is not None:
                break
            if state.step == step:
                return state, seed
            role = title.rules.active(state)[0]
            legal = title.rules.actions(state, role)
            action = policy(rnd, state, role, legal) if policy else rnd.choice(legal)
            title.rules.apply(state, role, action)
    raise LookupError(step)


def record() -> None:
    """Write the data file with the code on the path (the older code)."""
    import crisis

    title = get_title(NAME)
    where = Path(crisis.__file__).parent
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=where)
    states: dict[str, Any] = {}
    for step in STEPS:
        state, seed = _find(title, step)
        state.log = state.log[-LOG_KEPT:]
        saved = json.loads(title.rules.to_json(state))
        actions, hashes = play_on(title, state, seed)
        states[step] = {
            "seed": seed,
            "state": saved,
            "actions": actions,
            "hashes": hashes,
            "result": title.rules.result(state),
        }
        print(f"{step}: seed {seed}, {len(actions)} actions on", file=sys.stderr)
    DATA.write_text(
        json.dumps({"written_by": commit.stdout.strip(), "states": states}, indent=0) + "\n"
    )


if __name__ == "__main__":
    record()
