"""Where each step leads, as both titles declare it (``goes``, ``calls``, ``phase``), is true
to the rules: every move the rules make in recorded and bot-played games follows the
declarations, the declared graph is whole, Time of Crisis's phase is read from it, and the
turn diagrams of docs/architecture.md are drawn from it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crisis.devtools import fuzz
from crisis.engine.errors import FlowError
from crisis.engine.machine import OVER, Call, Verb
from crisis.games import TITLES, get_title
from tests.engine import test_recorded_games as recorded
from tests.engine.flow_trace import play, traced

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.fuzz  # plays and traces whole games of every title: slow
@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_move_of_the_rules_follows_the_declared_flow(name: str) -> None:
    title = get_title(name)
    data = recorded._load()
    with traced(title.rules.machine) as moves:
        for game, seed, options, limit in recorded.GAMES:
            if game == name:
                recorded.play(name, seed, options, limit, data["ends"][name], data["weights"][name])
        for seed in range(4):  # the bots reach what random play rarely does
            play(title, seed, {"players": 2 + seed % 3, **_richest(name)}, bots=True)
    assert len(moves) > 1000
    wrong = [(b, a, what) for b, a, what in moves if not title.rules.machine.explains(b, a)]
    assert not wrong, wrong[:5]
    reached = {a[0] for _b, a, _w in moves}
    declared = set(title.rules.machine.steps) | set(title.rules.machine.automatic_steps)
    assert len(reached & declared) >= len(declared) - 3, declared - reached


def _richest(name: str) -> dict[str, bool]:
    return {"expansion_cards": True, "emperor_rules": True} if name == "time_of_crisis" else {}


@pytest.mark.parametrize("name", sorted(TITLES))
def test_the_declared_flow_is_whole(name: str) -> None:
    """Every step declares where it leads, every target is a step, and every step can be
    reached from the start."""
    machine = get_title(name).rules.machine
    described = machine.describe()
    steps = set(described["steps"]) | set(described["automatic"])
    flow = described["flow"]
    called = {c for f in flow.values() for c in f["calls"]}
    for step in steps - called:
        assert flow.get(step, {}).get("goes"), f"{step} declares no step it goes to"
    for step, f in flow.items():
        assert set(f["goes"]) | set(f["calls"]) <= steps | {OVER}, step
    reached, queue = set(), [described["start"]]
    while queue:
        step = queue.pop()
        if step not in reached:
            reached.add(step)
            queue += flow.get(step, {}).get("goes", []) + flow.get(step, {}).get("calls", [])
    assert steps | {OVER} == reached


@pytest.mark.parametrize("name", sorted(TITLES))
def test_a_goto_the_flow_does_not_declare_is_refused(name: str) -> None:
    """A move of the rules to a step the step now due does not declare it goes to raises
    FlowError and changes nothing, whether the machine is asked directly or a handler
    makes the move while an action is applied (a fuzzed game reports it as a crash)."""
    title = get_title(name)
    machine = title.rules.machine
    state = title.rules.setup(5, {"players": 3})
    step = state.step
    wrong = sorted(set(machine.steps) - set(machine.flows[step].goes) - {step})[0]
    before = title.rules.to_json(state)
    with pytest.raises(FlowError, match=f"{step!r} declares no move to {wrong!r}"):
        machine.goto(state, wrong)
    assert title.rules.to_json(state) == before

    role = title.rules.active(state)[0]
    action = title.rules.actions(state, role)[0]
    real = dict(machine.verbs)

    def astray(state: object, role: str, arg: object) -> None:
        machine.goto(state, wrong)

    for verb in machine.accepts(step):  # every action at the first step goes astray
        machine.verbs[(step, verb)] = Verb(verb, astray, step)
    try:
        with pytest.raises(FlowError, match="declares no move"):
            title.rules.apply(state, role, action)
        run = fuzz.play_game(title, 5, {"players": 3})
    finally:
        machine.verbs.clear()
        machine.verbs.update(real)
    assert title.rules.to_json(state) == before
    assert run.failure is not None and run.failure[0] == "crash"
    assert f"FlowError: {name}: {step!r} declares no move to {wrong!r}" in run.failure[1]


def test_every_part_of_a_time_of_crisis_turn_has_its_phase() -> None:
    """Each step outside a sub-procedure is in one phase; a sub-procedure is in its
    caller's, which is what the view shows."""
    machine = get_title("time_of_crisis").rules.machine
    flow = machine.describe()["flow"]
    called = {c for f in flow.values() for c in f["calls"]}
    for step in (set(machine.steps) | set(machine.automatic_steps) | {OVER}) - called:
        assert flow[step]["phase"], step
    for step in called:
        assert flow.get(step, {}).get("phase") is None, step
    title = get_title("time_of_crisis")
    state = title.rules.setup(3, {"players": 2})
    assert title.rules.view(state, None)["phase"] == "setup"
    state.stack, state.step = [Call(then="actions")], "battle"
    assert machine.phase(state) == "actions"


def test_the_turn_diagrams_of_the_architecture_document_are_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "turn_diagrams.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
