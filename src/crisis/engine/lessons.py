"""Lessons: a game replayed on the real rules with the dice fixed, one expected action a step.

A lesson is data that a title ships beside its rules (a TOML file in the folder its
:class:`~crisis.engine.title.TitleSpec` names in ``lessons``): a scripted start (seed, options,
dice, a silent prelude of actions, optionally a position laid over the setup's state), then
for each step the role that acts, the action the lesson expects, the dice that action rolls,
the narration in the project's own words, the kind of control the page lights and, the first
time a procedure happens, a short explanation of it.

This module plays a lesson through the title's contract only: it builds the start, replays the
first ``n`` steps, and answers whether an action is the one the lesson expects (another legal
action is answered with what the example does instead, and is never applied). Nothing here
reads a title's internals, so every title's lessons are played the same way.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from crisis.engine import rng as dice
from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.engine.title import TitleSpec

#: The kinds of control a step may light on the table page: a card in the hand, a card in the
#: market, a button under the prompt, something on the map (its action is also in the list of
#: the board's actions), or the list itself.
CONTROLS = frozenset({"hand", "market", "button", "map", "list"})


class LessonBroken(RuntimeError):
    """A lesson no longer plays on the rules: its expected action is not legal, or its
    scripted dice are not all rolled (a rules change moved what the lesson relies on)."""


@dataclass(frozen=True)
class Topic:
    """A procedure explained the first time it happens in a lesson (battles, the crisis
    roll ...): a heading and a few sentences."""

    title: str
    text: str


@dataclass(frozen=True)
class Step:
    """One step: ``role`` takes ``action`` with ``dice`` scripted for it; ``say`` narrates
    what it does and why; ``control`` is the kind of control to light; ``topic`` names a
    procedure first explained here."""

    role: str
    action: Action
    say: str
    control: str
    dice: tuple[int, ...] = ()
    topic: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A scripted stretch of a game, played one expected action at a time."""

    id: str
    title: str
    name: str
    summary: str
    intro: str
    outro: str
    seed: int
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    topics: Mapping[str, Topic]
    #: Rolled by the prelude or the resumed automatic steps, in order.
    dice: tuple[int, ...] = ()
    prelude: tuple[tuple[str, Action], ...] = ()
    #: Top-level parts of the state's JSON that replace the setup's (a described position).
    position: Mapping[str, Any] | None = None
    #: The step the game resumes at after the position is laid (its automatic steps run).
    resume: str | None = None
    #: The order lessons are offered in (lower first).
    order: int = 0

    # -- playing -------------------------------------------------------------------------
    def start(self, spec: TitleSpec[Any]) -> Any:
        """The state before the first step: setup, the position, the prelude, the resume."""
        state = spec.rules.setup(self.seed, dict(self.options))
        if self.position is not None:
            data = json.loads(spec.rules.to_json(state))
            data.update(self.position)
            state = spec.rules.from_json(json.dumps(data))
        dice.force_dice(state.rng, list(self.dice))
        for role, action in self.prelude:
            _apply(spec, state, role, action, self.id)
        if self.resume is not None:
            spec.rules.machine.place(state, self.resume)
            spec.rules.machine.advance(state)
        if state.rng.script:
            raise LessonBroken(f"{self.id}: the start left dice unrolled: {state.rng.script}")
        return state

    def take(self, spec: TitleSpec[Any], state: Any, index: int) -> None:
        """Play step ``index`` on ``state`` (which must stand just before it)."""
        step = self.steps[index]
        dice.force_dice(state.rng, list(step.dice))
        _apply(spec, state, step.role, step.action, f"{self.id} step {index + 1}")
        if state.rng.script:
            raise LessonBroken(
                f"{self.id} step {index + 1} ({step.action}) left dice unrolled: {state.rng.script}"
            )

    def positions(self, spec: TitleSpec[Any]) -> list[Any]:
        """The state before each step and after the last (``len(steps) + 1`` states)."""
        state = self.start(spec)
        out = [spec.rules.copy_state(state)]
        for index in range(len(self.steps)):
            self.take(spec, state, index)
            out.append(spec.rules.copy_state(state))
        return out

    def check(
        self, spec: TitleSpec[Any], state: Any, index: int, role: str, action: Any
    ) -> Verdict:
        """Whether ``role`` taking ``action`` before step ``index`` is what the lesson
        expects. Nothing is applied: the caller plays the step with :meth:`take`."""
        if not 0 <= index < len(self.steps):
            return Verdict(False, "The lesson is over: there is no step to play.")
        step = self.steps[index]
        wanted = label(spec, state, step.role, step.action)
        try:
            parsed = Action.parse(action)
        except IllegalAction:
            return Verdict(
                False,
                f"That is not an action. In the example, {_cap(step.role)} does this: {wanted}.",
            )
        if role == step.role and parsed == step.action:
            return Verdict(True, "")
        legal = role in spec.rules.active(state) and parsed in spec.rules.actions(state, role)
        if legal:
            return Verdict(
                False,
                f"That is allowed, but in the example {_cap(step.role)} "
                f"does this: {wanted}. Try that.",
            )
        return Verdict(
            False,
            f"That is not possible now. In the example {_cap(step.role)} does this: {wanted}.",
        )


@dataclass(frozen=True)
class Verdict:
    """The answer to an action tried in a lesson: ``ok`` when it is the expected one, else
    ``message`` says what the example does instead."""

    ok: bool
    message: str


def label(spec: TitleSpec[Any], state: Any, role: str, action: Action) -> str:
    """``action`` in the title's own words (its plain form where the title has none)."""
    if spec.presentation.describe is not None:
        words = spec.presentation.describe(state, role, [action])
        if words and words[0].get("label"):
            return str(words[0]["label"])
    return str(action)


def _cap(role: str) -> str:
    return role[:1].upper() + role[1:]


def _apply(spec: TitleSpec[Any], state: Any, role: str, action: Action, where: str) -> None:
    try:
        spec.rules.apply(state, role, action)
    except IllegalAction as err:
        raise LessonBroken(f"{where}: {role} {action} is not legal: {err}") from err


# -- loading ------------------------------------------------------------------------------
def load(spec: TitleSpec[Any]) -> list[Lesson]:
    """Every lesson ``spec``'s title ships, in their order (none if it declares no folder)."""
    if not spec.presentation.lessons or not spec.package:
        return []
    folder = resources.files(spec.package) / spec.presentation.lessons
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            found.append(parse(spec.name, tomllib.loads(entry.read_text("utf-8")), folder))
    return sorted(found, key=lambda lesson: (lesson.order, lesson.id))


def parse(title: str, raw: Mapping[str, Any], folder: Any = None) -> Lesson:
    """A lesson from its TOML table; ``folder`` holds a position file it names."""
    setup = raw.get("setup", {})
    position = None
    if "position" in setup:
        if folder is None:
            raise ValueError(f"{raw['id']}: a position file needs the lessons' folder")
        position = json.loads((folder / setup["position"]).read_text("utf-8"))
    topics = {key: Topic(t["title"], t["text"].strip()) for key, t in raw.get("topics", {}).items()}
    steps = []
    for n, s in enumerate(raw["steps"], 1):
        control = s.get("control", "list")
        if control not in CONTROLS:
            raise ValueError(f"{raw['id']} step {n}: unknown control {control!r}")
        topic = s.get("topic")
        if topic is not None and topic not in topics:
            raise ValueError(f"{raw['id']} step {n}: unknown topic {topic!r}")
        steps.append(
            Step(
                role=s["role"],
                action=Action.parse([s["verb"], s.get("arg")]),
                say=s["say"].strip(),
                control=control,
                dice=tuple(s.get("dice", ())),
                topic=topic,
            )
        )
    return Lesson(
        id=raw["id"],
        title=title,
        name=raw["name"],
        summary=raw.get("summary", "").strip(),
        intro=raw.get("intro", "").strip(),
        outro=raw.get("outro", "").strip(),
        seed=int(setup.get("seed", 0)),
        options=dict(setup.get("options", {})),
        steps=tuple(steps),
        topics=topics,
        dice=tuple(setup.get("dice", ())),
        prelude=tuple((r, Action.parse([v, a])) for r, v, a in _prelude(setup.get("prelude", ()))),
        position=position,
        resume=setup.get("resume"),
        order=int(raw.get("order", 0)),
    )


def _prelude(rows: Sequence[Sequence[Any]]) -> list[tuple[str, str, Any]]:
    """``[role, verb]`` or ``[role, verb, arg]`` rows."""
    return [(str(r[0]), str(r[1]), r[2] if len(r) > 2 else None) for r in rows]
