"""Saved games in the middle of a procedure keep loading and play on the same.

``data/saved_procedures.json`` holds Time of Crisis states written by the code before the
procedures' data moved into frames on the call stack (commit named in the file), when the
stack held bare return steps (``["actions"]``) and the data lay in top-level fields
(``battle``, ``reward``, ``occupy``, ``choosing``): one at each stage of a battle (Flanking
Maneuver's re-roll, the hits on either side, the advance into a capital, the reward for a
barbarian leader or Rival Emperor removed), in an occupation, a Demagogue's discards,
Frumentarii's order and the Emperor's placement. Each comes with the actions played on
from it (to the end of the game) and, for every position on the way, the hashes of who
acts and the legal actions, the views and observations, and the words, as that code showed
them.

A state loaded now (``from_json``) has its procedure's data in a frame, and playing the
same actions on shows the same at every position and ends with the same result.

Written by running this module with the older code first on the path::

    PYTHONPATH=/path/to/old/src:. .venv/bin/python -m tests.time_of_crisis.test_saved_procedures

When a rule changes on purpose, the older code is patched with the same change before the
file is written again (with this module and the recorded games' chooser as they stood
then), and ``written_by`` says so; the words' hashes, which have changed on purpose since
that code, are then rewritten by this tree after checking that the play and the views
agree with it at every position.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from crisis.engine.action import Action
from crisis.engine.title import TitleSpec
from crisis.games import get_title
from tests.engine import test_recorded_games as recorded

DATA = Path(__file__).parent / "data" / "saved_procedures.json"
NAME = "time_of_crisis"
#: The saved positions: a battle at each of its stages, then the other procedures.
KEYS = (
    "battle/flanking",
    "battle/hits_attacker",
    "battle/hits_defender",
    "battle/advance",
    "battle/reward",
    "occupy",
    "demagogue",
    "frumentarii",
    "emperor",
)
#: The frame each procedure runs on (by the name of its class).
FRAMES = {
    "battle": "Battle",
    "occupy": "Occupation",
    "demagogue": "Demagogue",
    "frumentarii": "Call",
    "emperor": "Call",
}
#: Most actions played on from a saved state (the games end well before).
PLAY_ON = 5000
#: Log lines kept in a saved state (the views show the log; the rest is not needed).
LOG_KEPT = 6


def _key(state: Any) -> str:
    """The key of a position (its step, and a battle's stage)."""
    battle = getattr(state, "battle", None)
    return f"battle/{battle.stage}" if state.step == "battle" and battle else state.step


def _chooser() -> Any:
    """The recorded games' chooser, with the ending verbs and weights stored with them."""
    data = recorded._load()
    ends = frozenset(data["ends"][NAME])
    weights = data["weights"][NAME]
    return lambda rnd, legal: recorded._choose(rnd, legal, ends, weights)


SAVED: dict[str, Any] = json.loads(DATA.read_text())["states"] if DATA.exists() else {}


@pytest.mark.parametrize("key", KEYS)
def test_a_state_saved_inside_a_procedure_loads_into_its_frame_and_plays_on_the_same(
    key: str,
) -> None:
    entry = SAVED[key]
    saved = entry["state"]
    title = get_title(NAME)
    state = title.rules.from_json(json.dumps(saved))
    assert _key(state) == key
    step = key.split("/")[0]
    assert [type(f).__name__ for f in state.stack] == [FRAMES[step]]
    assert [f.then for f in state.stack] == saved["stack"] == ["actions"]
    if step == "battle":
        assert state.battle is state.stack[0]
        assert state.battle.stage == saved["battle"]["stage"]
        reward = state.reward
        assert (reward and msgspec.to_builtins(reward)) == saved["reward"]
        assert (key == "battle/reward") == (reward is not None)
    elif step == "occupy":
        assert state.occupy == saved["occupy"]
    elif step == "demagogue":
        assert state.stack[0].choosing == saved["choosing"] and state.choosing == {}
    hashes = [recorded._step(title, state)]
    for (role, raw), then in zip(entry["actions"], entry["hashes"][1:], strict=True):
        action = Action.parse(raw)
        assert action in title.rules.actions(state, role)
        title.rules.apply(state, role, action)
        hashes.append(recorded._step(title, state))
        assert hashes[-1] == then, f"{key}: position {len(hashes) - 1} differs"
    assert hashes == entry["hashes"]
    assert title.rules.result(state) == entry["result"] is not None
    again = title.rules.from_json(title.rules.to_json(state))
    assert title.rules.to_json(again) == title.rules.to_json(state)


def test_every_procedure_is_saved() -> None:
    """The saved states cover every procedure this title calls."""
    machine = get_title(NAME).rules.machine
    called = {c for f in machine.describe()["flow"].values() for c in f["calls"]}
    assert called == set(FRAMES) == {k.split("/")[0] for k in SAVED}
    assert set(SAVED) == set(KEYS)


def _search(title: TitleSpec[Any], wanted: set[str]) -> dict[str, tuple[Any, int]]:
    """A state at each key of ``wanted`` from random and bot-played games, with its seed."""
    from crisis.ai.explore import BotPolicy

    choose = _chooser()
    found: dict[str, tuple[Any, int]] = {}
    for seed in range(300):
        if wanted <= set(found):
            break
        rnd = random.Random(seed)
        policy = BotPolicy(NAME, explore=0.3) if seed % 2 else None
        options = {
            "players": 2 + seed % 3,
            "expansion_cards": seed % 4 != 3,
            "emperor_rules": seed % 3 != 0,
            "short_game": True,
        }
        state = title.rules.setup(seed, options)
        for _ in range(3000):
            if title.rules.result(state) is not None:
                break
            key = _key(state)
            if key in wanted and key not in found:
                found[key] = (title.rules.from_json(title.rules.to_json(state)), seed)
            role = title.rules.active(state)[0]
            legal = title.rules.actions(state, role)
            action = policy(rnd, state, role, legal) if policy else choose(rnd, legal)
            title.rules.apply(state, role, action)
    return found


def _occupation() -> Any:
    """A position inside an occupation (rare in random games): built as the rules tests
    build it, Green's army entering Blue's Breakaway capital."""
    from tests.time_of_crisis.test_turn import act
    from tests.time_of_crisis.test_turn_pretender import blue_empire

    s = blue_empire()
    green = s.armies[0]
    green.region, green.capital = "Gallia", False
    act(s, "enter_capital", green.id)
    assert s.step == "occupy"
    return s


def record() -> None:
    """Write the data file with the code on the path (the older code)."""
    import crisis

    title = get_title(NAME)
    where = Path(crisis.__file__).parent
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=where)
    found = _search(title, set(KEYS) - {"occupy"})
    if "occupy" not in found:
        found["occupy"] = (_occupation(), 0)
    choose = _chooser()
    states: dict[str, Any] = {}
    for key in KEYS:
        state, seed = found[key]
        state.log = state.log[-LOG_KEPT:]
        saved = json.loads(title.rules.to_json(state))
        state = title.rules.from_json(json.dumps(saved))
        rnd = random.Random(seed)
        actions: list[Any] = []
        hashes = [recorded._step(title, state)]
        for _ in range(PLAY_ON):
            if title.rules.result(state) is not None:
                break
            role = title.rules.active(state)[0]
            action = choose(rnd, title.rules.actions(state, role))
            title.rules.apply(state, role, action)
            actions.append([role, action.to_json()])
            hashes.append(recorded._step(title, state))
        states[key] = {
            "seed": seed,
            "state": saved,
            "actions": actions,
            "hashes": hashes,
            "result": title.rules.result(state),
        }
        print(f"{key}: seed {seed}, {len(actions)} actions on", file=sys.stderr)
    DATA.write_text(
        json.dumps({"written_by": commit.stdout.strip(), "states": states}, indent=0) + "\n"
    )


if __name__ == "__main__":
    record()
