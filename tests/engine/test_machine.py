"""The engine's state machine on a toy game: declared steps and verbs, automatic steps,
call/return sub-procedures kept in the state, the guarded apply and forced choices."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import FlowError, IllegalAction, NotYourTurn
from crisis.engine.machine import OVER, Call, Machine


@dataclass
class Toy:
    """A two-seat toy: each seat in turn picks a number; picking 0 starts a one-question
    sub-procedure ("dice"), after which play returns to the picking step."""

    step: str = "pick"
    stack: list[Call] = field(default_factory=list)
    final: Any = None
    version: int = 0
    turn: int = 0
    picks: list[tuple[str, int]] = field(default_factory=list)
    options: list[int] = field(default_factory=lambda: [0, 1, 2])
    dice: list[str] = field(default_factory=lambda: ["low", "high"])


def seats(state: Toy) -> list[str]:
    return ["A", "B"]


def build() -> Machine[Toy]:
    m: Machine[Toy] = Machine("toy", seats)

    def mover(state: Toy) -> list[str]:
        return [seats(state)[state.turn % 2]]

    @m.lists("pick", "Pick a number", mover, goes=("next",), calls=("dice",))
    def _picks(state: Toy, role: str) -> list[Action]:
        return [Action("pick", n) for n in state.options] + [Action("stop")]

    @m.handles("pick", "pick")
    def _pick(state: Toy, role: str, n: Any) -> None:
        state.picks.append((role, n))
        if n == 0:
            m.call(state, "dice", Call())
            m.offer(state)
        else:
            m.goto(state, "next")

    @m.handles("stop", "pick", ends="turn")
    def _stop(state: Toy, role: str, arg: Any) -> None:
        state.final = {"winner": role}

    @m.lists("dice", "Keep which die?", mover)
    def _dice(state: Toy, role: str) -> list[Action]:
        return [Action("keep_die", d) for d in state.dice]

    @m.handles("keep_die", "dice", ends="step")
    def _keep(state: Toy, role: str, d: Any) -> None:
        state.picks.append((role, d))
        m.ret(state, "pick")

    @m.automatic("next", goes=("pick",))
    def _next(state: Toy) -> None:
        state.turn += 1
        m.goto(state, "pick")

    return m


def test_actions_come_from_the_step_and_its_actor() -> None:
    m, s = build(), Toy()
    assert m.active(s) == ["A"]
    assert m.actions(s, "A") == [
        Action("pick", 0),
        Action("pick", 1),
        Action("pick", 2),
        Action("stop"),
    ]
    assert m.actions(s, "B") == []
    assert m.prompt("pick") == "Pick a number"


def test_apply_runs_the_handler_then_the_automatic_steps() -> None:
    m, s = build(), Toy()
    m.apply(s, "A", Action("pick", 1))
    assert s.picks == [("A", 1)]
    assert (s.step, s.turn, s.version) == ("pick", 1, 1)  # "next" ran by itself
    assert m.active(s) == ["B"]


@pytest.mark.parametrize(
    ("role", "action", "error", "words"),
    [
        ("B", Action("pick", 1), NotYourTurn, "waiting for A"),
        ("C", Action("pick", 1), IllegalAction, "no seat 'C'"),
        ("A", Action("pick", 9), IllegalAction, "legal pick actions"),
        ("A", Action("keep_die", "low"), IllegalAction, "not legal"),
    ],
)
def test_a_refused_action_changes_nothing(
    role: str, action: Action, error: type[Exception], words: str
) -> None:
    m, s = build(), Toy()
    before = copy.deepcopy(s)
    with pytest.raises(error, match=words):
        m.apply(s, role, action)
    assert s == before


def test_nothing_is_legal_once_the_game_is_over() -> None:
    m, s = build(), Toy()
    m.apply(s, "A", Action("stop"))
    assert m.active(s) == []
    with pytest.raises(IllegalAction, match="over"):
        m.apply(s, "A", Action("pick", 1))


def test_a_sub_procedure_returns_to_its_caller_through_the_stack_in_the_state() -> None:
    m, s = build(), Toy()
    m.apply(s, "A", Action("pick", 0))
    assert (s.step, s.stack) == ("dice", [Call(then="pick")])  # two dice: A must choose
    m.apply(s, "A", Action("keep_die", "high"))
    assert (s.step, s.stack) == ("pick", [])
    assert s.picks == [("A", 0), ("A", "high")]


def test_a_choice_with_one_option_is_taken_at_once() -> None:
    m, s = build(), Toy(dice=["six"])
    m.apply(s, "A", Action("pick", 0))
    assert s.picks == [("A", 0), ("A", "six")]  # nobody was asked
    assert (s.step, s.stack) == ("pick", [])
    assert s.version == 1  # one action, one version


def test_offer_asks_when_there_is_a_real_choice() -> None:
    m, s = build(), Toy()
    m.place(s, "dice")
    assert m.offer(s) is False
    assert s.step == "dice"
    s.dice = ["one"]
    s.stack = [Call(then="pick")]
    assert m.offer(s) is True
    assert s.step == "pick"


def test_declarations_name_what_each_verb_ends() -> None:
    m = build()
    assert m.ending(("turn",)) == {"stop"}
    assert m.ending(("turn", "phase", "step")) == {"stop", "keep_die"}
    described = m.describe()
    assert described["steps"]["dice"]["prompt"] == "Keep which die?"
    assert {"verb": "keep_die", "ends": "step", "args": [[]]} in described["verbs"]["dice"]
    assert described["automatic"] == ["next"]


def test_a_verb_is_registered_once_per_step() -> None:
    m = build()
    with pytest.raises(ValueError, match="registered twice"):
        m.handles("stop", "pick")(lambda state, role, arg: None)


def test_automatic_steps_that_loop_are_caught() -> None:
    m, s = build(), Toy()

    @m.automatic("spin")
    def _spin(state: Toy) -> None:
        m.goto(state, "spin")  # staying put: no move, and no end either

    m.place(s, "spin")
    with pytest.raises(RuntimeError, match="loop"):
        m.advance(s)


def test_a_move_the_flow_does_not_declare_is_refused_and_changes_nothing() -> None:
    """Steps change only through goto/call/ret/end, checked against the declared flow: a
    wrong goto or call is a bug in the rules, caught where it happens."""
    m, s = build(), Toy()
    with pytest.raises(FlowError, match="'pick' declares no move to 'dice'"):
        m.goto(s, "dice")
    with pytest.raises(FlowError, match="'pick' declares no call of 'next'"):
        m.call(s, "next", Call())
    m.place(s, "next")
    with pytest.raises(FlowError, match="'next' declares no call of 'dice'"):
        m.call(s, "dice", Call())
    with pytest.raises(FlowError, match="no step 'nowhere'"):
        m.place(s, "nowhere")
    assert (s.step, s.stack) == ("next", [])
    m.goto(s, "pick")
    m.call(s, "dice", Call())
    assert (s.step, s.stack) == ("dice", [Call(then="pick")])
    m.end(s)
    assert s.step == OVER


def test_a_handler_with_a_wrong_goto_fails_the_action_loudly() -> None:
    m, s = build(), Toy()

    @m.handles("pick", "dice")
    def _wrong(state: Toy, role: str, n: Any) -> None:
        m.goto(state, "next")  # "dice" declares no move to "next"

    @m.lists("dice", "Keep which die?", lambda state: ["A"])
    def _more(state: Toy, role: str) -> list[Action]:
        return [Action("pick", 5)]

    m.place(s, "dice")
    with pytest.raises(FlowError):
        m.apply(s, "A", Action("pick", 5))


def flowing() -> Machine[Toy]:
    """The toy with its flow declared: picking goes on to ``next`` (automatic, back to
    picking) or calls the dice; picking and the next turn are the phase ``play``."""
    m = build()
    m.start = "pick"
    m.flow("pick", goes=["next"], calls=["dice"], phase="play")
    m.flow("next", goes=["pick"], phase="play")
    return m


def test_flow_declarations_add_up_and_a_step_has_one_phase() -> None:
    m = flowing()
    m.flow("pick", goes=["next", "over"])
    assert m.flows["pick"].goes == ("next", "over")
    assert m.flows["pick"].calls == ("dice",)
    with pytest.raises(ValueError, match="phase 'play' already"):
        m.flow("pick", phase="other")
    assert m.describe()["flow"]["next"] == {"goes": ["pick"], "calls": [], "phase": "play"}
    assert m.describe()["start"] == "pick"


def test_the_phase_is_the_outermost_steps() -> None:
    m, s = flowing(), Toy()
    assert m.phase(s) == "play"
    m.apply(s, "A", Action("pick", 0))
    assert (s.step, m.phase(s)) == ("dice", "play")  # a sub-procedure is in its caller's
    s.step, s.stack = "elsewhere", []
    assert m.phase(s) is None


@pytest.mark.parametrize(
    ("before", "after", "explained"),
    [
        (("pick", ()), ("pick", ()), True),  # stays
        (("pick", ()), ("next", ()), True),  # goes
        (("pick", ()), ("dice", ("pick",)), True),  # calls
        (("dice", ("pick",)), ("pick", ()), True),  # returns
        (("dice", ("pick",)), ("next", ()), True),  # returns, then goes
        (("next", ()), ("dice", ()), False),  # a call that pushed nothing
        (("next", ()), ("dice", ("pick",)), True),  # goes, then calls
        (("dice", ()), ("pick", ()), False),  # nothing to return to
        (("pick", ()), ("nowhere", ()), False),
    ],
)
def test_explains_follows_moves_calls_and_returns(
    before: tuple[str, tuple[str, ...]], after: tuple[str, tuple[str, ...]], explained: bool
) -> None:
    """(The stacks are written as the steps their frames return to.)"""
    b = (before[0], [Call(then=t) for t in before[1]])
    a = (after[0], [Call(then=t) for t in after[1]])
    assert flowing().explains(b, a) is explained


def test_offer_takes_one_players_forced_choice_at_a_simultaneous_step() -> None:
    m, s = build(), Toy()

    @m.lists("both", "Both choose", lambda state: ["A", "B"])
    def _both(state: Toy, role: str) -> list[Action]:
        return [Action("say", "yes")] if role == "A" else [Action("say", w) for w in "xy"]

    @m.handles("say", "both")
    def _say(state: Toy, role: str, word: Any) -> None:
        state.picks.append((role, word))

    s.step = "both"
    assert m.offer(s) is False  # two players act: no single forced choice
    assert m.offer(s, role="B") is False  # B has a real choice
    assert m.offer(s, role="A") is True
    assert s.picks == [("A", "yes")]


def test_the_diagram_shows_the_declared_flow_and_goes_between_markers() -> None:
    from crisis.engine.diagram import markers, mermaid, update

    chart = mermaid(flowing().describe())
    assert chart.startswith("flowchart TD\n    start((start)) --> s_pick\n")
    assert 's_dice[["dice"]]' in chart  # called: a sub-procedure
    assert 's_next{{"next"}}' in chart  # automatic
    assert 'subgraph p_play["play"]' in chart
    assert "s_pick --> s_next" in chart and "s_pick -. calls .-> s_dice" in chart
    doc = f"before\n{markers('toy')}\nafter\n"
    once = update(doc, {"toy": chart})
    assert f"```mermaid\n{chart}```" in once and once.endswith("after\n")
    assert update(once, {"toy": chart}) == once
    with pytest.raises(ValueError, match="no markers"):
        update("nothing here", {"toy": chart})


def test_a_verb_is_declared_with_the_steps_that_accept_it() -> None:
    m = build()
    m.handles("roll", ("pick", "dice"))(lambda state, role, arg: None)
    assert m.accepts("pick") == {"pick", "stop", "roll"}
    assert m.accepts("dice") == {"keep_die", "roll"}
    assert {e["verb"] for e in m.describe()["verbs"]["dice"]} == {"keep_die", "roll"}
    with pytest.raises(ValueError, match="at no step"):
        m.handles("nowhere", ())
    with pytest.raises(ValueError, match="'roll' at dice registered twice"):
        m.handles("roll", ("next", "dice"))(lambda state, role, arg: None)
    assert ("next", "roll") not in m.verbs  # a refused declaration declares nothing
