"""Tracing a title's rules as they move from step to step, to check the declared flow.

:func:`traced` wraps every handler and automatic step of a machine so that each move it
makes (the step and the return stack before and after) is recorded; the tests then ask
:meth:`~crisis.engine.machine.Machine.explains` about each one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from crisis.ai.explore import BotPolicy
from crisis.engine.machine import Frame, Machine
from crisis.engine.title import TitleSpec

#: A move: (step, call stack) before and after one handler or automatic step, and what ran
#: (the stacks hold the frames themselves: :meth:`~crisis.engine.machine.Machine.explains`
#: reads only the steps they return to, which never change).
Move = tuple[tuple[str, tuple[Frame, ...]], tuple[str, tuple[Frame, ...]], str]


@contextmanager
def traced(machine: Machine[Any]) -> Iterator[list[Move]]:
    """Record every move of ``machine``'s handlers and automatic steps while in the block."""
    moves: list[Move] = []
    verbs, autos = dict(machine.verbs), dict(machine.automatic_steps)

    def wrap(fn: Any, what: str, auto: bool) -> Any:
        def run(state: Any, *args: Any) -> None:
            before = (state.step, tuple(state.stack))
            fn(state, *args)
            moves.append((before, (state.step, tuple(state.stack)), what))

        return run

    try:
        for key, v in verbs.items():
            machine.verbs[key] = replace(v, handler=wrap(v.handler, v.name, False))
        for name, fn in autos.items():
            machine.automatic_steps[name] = wrap(fn, f"automatic {name}", True)
        yield moves
    finally:
        machine.verbs.clear()
        machine.verbs.update(verbs)
        machine.automatic_steps.clear()
        machine.automatic_steps.update(autos)


def play(title: TitleSpec[Any], seed: int, options: dict[str, Any], bots: bool) -> None:
    """One game of ``title``: random choices, or its bots with some random ones."""
    rnd = random.Random(seed)
    policy = BotPolicy(title.name, explore=0.3) if bots else None
    state = title.rules.setup(seed, dict(options))
    for _ in range(3000):
        if title.rules.result(state) is not None:
            return
        role = title.rules.active(state)[0]
        legal = title.rules.actions(state, role)
        action = policy(rnd, state, role, legal) if policy else rnd.choice(legal)
        title.rules.apply(state, role, action)
