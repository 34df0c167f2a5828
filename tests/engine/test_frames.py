"""Sub-procedures with frames: a procedure is called with its own typed data, which its
steps read and change while it runs, which goes away when it returns and which may hand a
result to the step it returns to; the frames live in the state and survive its JSON round
trip and its fast copy as their own types."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from crisis.engine.action import Action
from crisis.engine.copying import copier
from crisis.engine.machine import Call, Frame, Machine, frame, frame_data, running


class Battle(Frame, tag="battle"):
    """A toy battle: the dice each side rolled so far."""

    attacker: str
    rolls: list[int] = msgspec.field(default_factory=list)


class Reroll(Frame, tag="reroll"):
    """A nested procedure inside the battle: which die may be rolled again."""

    die: int


class Toy(msgspec.Struct):
    step: str = "act"
    stack: list[Battle | Reroll | Call] = msgspec.field(default_factory=list)
    final: Any = None
    version: int = 0
    won: list[int] = msgspec.field(default_factory=list)
    log: list[str] = msgspec.field(default_factory=list)


def build() -> Machine[Toy]:
    m: Machine[Toy] = Machine("toy", lambda s: ["A"], start="act")
    actor = lambda s: ["A"]  # noqa: E731

    @m.lists("act", "Fight or stop", actor, goes=("act",), calls=("battle",))
    def _act(state: Toy, role: str) -> list[Action]:
        return [Action("fight"), Action("stop")]

    @m.handles("fight", "act")
    def _fight(state: Toy, role: str, arg: Any) -> None:
        m.call(state, "battle", Battle(attacker=role))

    @m.handles("stop", "act")
    def _stop(state: Toy, role: str, arg: Any) -> None:
        state.final = {"won": state.won}

    @m.lists("battle", "Roll", actor, calls=("reroll",))
    def _battle(state: Toy, role: str) -> list[Action]:
        return [Action("roll", n) for n in (1, 6)] + [Action("end")]

    @m.handles("roll", "battle")
    def _roll(state: Toy, role: str, n: Any) -> None:
        frame(state, Battle).rolls.append(n)
        if n == 1:  # a 1 may be rolled again: a procedure inside the battle
            m.call(state, "reroll", Reroll(die=len(frame(state, Battle).rolls) - 1))

    @m.handles("end", "battle")
    def _end(state: Toy, role: str, arg: Any) -> None:
        m.ret(state, result=sum(frame(state, Battle).rolls))

    @m.lists("reroll", "Roll again?", actor)
    def _reroll(state: Toy, role: str) -> list[Action]:
        return [Action("again", n) for n in (2, 5)]

    @m.handles("again", "reroll")
    def _again(state: Toy, role: str, n: Any) -> None:
        die = frame(state, Reroll).die
        m.ret(state)  # back in the battle, whose frame is on top again
        frame(state, Battle).rolls[die] = n

    @m.resumes("act")
    def _won(state: Toy, total: Any) -> None:
        state.won.append(total)

    return m


def test_a_procedure_runs_on_its_frame_and_hands_its_result_back() -> None:
    m, s = build(), Toy()
    m.apply(s, "A", Action("fight"))
    assert s.step == "battle"
    assert [type(f) for f in s.stack] == [Battle] and s.stack[0].then == "act"
    m.apply(s, "A", Action("roll", 6))
    m.apply(s, "A", Action("roll", 1))
    assert s.step == "reroll"
    assert [f.then for f in s.stack] == ["act", "battle"]
    assert running(s, Battle) is s.stack[0]  # the innermost of its kind, below the reroll
    assert running(s, Call) is None
    with pytest.raises(LookupError, match="Battle"):
        frame(s, Battle)  # the running procedure is the reroll
    m.apply(s, "A", Action("again", 5))
    assert (s.step, frame(s, Battle).rolls) == ("battle", [6, 5])
    m.apply(s, "A", Action("end"))
    assert (s.step, s.stack, s.won) == ("act", [], [11])  # the frame is gone
    assert m.phase(s) is None


def test_frames_survive_the_json_round_trip_and_the_fast_copy_as_their_own_types() -> None:
    m, s = build(), Toy()
    m.apply(s, "A", Action("fight"))
    m.apply(s, "A", Action("roll", 1))
    s.stack.append(Call(then="reroll"))
    raw = msgspec.json.encode(s)
    assert b'"procedure":"battle"' in raw and b'"procedure":"reroll"' in raw
    again = msgspec.json.decode(raw, type=Toy)
    assert again == s and [type(f) for f in again.stack] == [Battle, Reroll, Call]
    copy = copier(Toy)(s)
    assert copy == s and [type(f) for f in copy.stack] == [Battle, Reroll, Call]
    first, original = copy.stack[0], s.stack[0]
    assert isinstance(first, Battle) and isinstance(original, Battle)
    assert first is not original and first.rolls is not original.rolls


def test_a_view_shows_a_frame_by_its_data() -> None:
    b = Battle(attacker="A", rolls=[3], then="act")
    assert frame_data(b) == {"attacker": "A", "rolls": [3]}


def test_the_flow_reads_frames_by_the_steps_they_return_to() -> None:
    m = build()
    battle = Battle(attacker="A", then="act")
    assert m.explains(("act", []), ("battle", [battle]))
    assert m.explains(("battle", [battle]), ("reroll", [battle, Reroll(die=0, then="battle")]))
    assert m.explains(("battle", [battle]), ("act", []))
    assert not m.explains(("act", []), ("reroll", [Reroll(die=0, then="act")]))


def test_returning_with_nothing_to_return_from_is_an_error() -> None:
    m, s = build(), Toy()
    with pytest.raises(LookupError, match="no procedure"):
        m.ret(s)
    m.ret(s, "act")  # a default step: a state saved before the stack was kept
    assert s.step == "act"


def test_a_result_needs_a_step_that_takes_it() -> None:
    """A result handed back to a step that declares no ``@resumes`` is a clear error, not a
    bare KeyError from the machine's insides."""
    m, s = build(), Toy()
    m.call(s, "battle", Battle(attacker="A"))
    m.call(s, "reroll", Reroll(die=0))  # returns to the battle, which takes no result
    with pytest.raises(LookupError, match="declares no @resumes"):
        m.ret(s, result=3)
