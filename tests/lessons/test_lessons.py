"""Lessons (crisis.engine.lessons): every lesson a title ships replays through the engine, its
checks answer a wrong action without applying it, the turn-6 lesson starts from the same board
as the Example of Play test, and no narration copies a rulebook."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from crisis.engine import lessons
from crisis.engine.action import Action
from crisis.games import TITLES, get_title
from crisis.games import time_of_crisis as toc

from ..time_of_crisis import test_example_of_play as eop_play

#: The rulebooks, beside the clone (CI: ../shared); CRISIS_SEEDS names another folder.
SEEDS = Path(
    os.environ.get("CRISIS_SEEDS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
)
RUN = 7


def every_lesson() -> list[tuple[str, lessons.Lesson]]:
    return [(name, lesson) for name in sorted(TITLES) for lesson in lessons.load(get_title(name))]


LESSONS = every_lesson()
IDS = [f"{name}/{lesson.id}" for name, lesson in LESSONS]


def test_time_of_crisis_ships_the_example_of_play() -> None:
    ids = [lesson.id for lesson in lessons.load(toc.TITLE)]
    assert ids == ["example-turn-1", "example-turn-6"]


def test_rome_in_crisis_ships_a_first_turn() -> None:
    """The draft, the election and its auction, the offices, the crises and the Emperor's
    end: one whole turn, from a fixed seed."""
    (lesson,) = lessons.load(get_title("rome_in_crisis"))
    verbs = {step.action.verb for step in lesson.steps}
    assert {"draft", "nominate", "bid", "pass", "choose_method", "appoint"} <= verbs
    assert {"crisis_card", "address"} <= verbs
    spec = get_title("rome_in_crisis")
    end = lesson.positions(spec)[-1]
    assert spec.rules.scores(end) == {"green": 0, "blue": 4, "yellow": 0}


@pytest.mark.parametrize(("name", "lesson"), LESSONS, ids=IDS)
def test_every_expected_action_plays_on_the_rules(name: str, lesson: lessons.Lesson) -> None:
    """A rules change that makes a step illegal, or leaves a scripted die unrolled, fails
    here: the lesson would no longer show what its narration says."""
    spec = get_title(name)
    state = lesson.start(spec)
    for index, step in enumerate(lesson.steps):
        assert spec.rules.active(state) == [step.role] or step.role in spec.rules.active(state), (
            index
        )
        assert step.action in spec.rules.actions(state, step.role), (index, step.action)
        assert lesson.check(spec, state, index, step.role, step.action.to_json()).ok
        lesson.take(spec, state, index)
    assert spec.rules.result(state) is None


@pytest.mark.parametrize(("name", "lesson"), LESSONS, ids=IDS)
def test_another_legal_action_is_answered_and_not_applied(
    name: str, lesson: lessons.Lesson
) -> None:
    spec = get_title(name)
    positions = lesson.positions(spec)
    answered = 0
    for index, step in enumerate(lesson.steps):
        state = positions[index]
        others = [a for a in spec.rules.actions(state, step.role) if a != step.action]
        if not others:
            continue
        before = spec.rules.to_json(state)
        verdict = lesson.check(spec, state, index, step.role, others[0].to_json())
        assert not verdict.ok
        assert f"in the example {step.role.capitalize()} does this" in verdict.message
        assert lessons.label(spec, state, step.role, step.action) in verdict.message
        assert "Try that" in verdict.message
        assert spec.rules.to_json(state) == before
        answered += 1
    assert answered > len(lesson.steps) // 2


def test_wrong_seat_junk_and_the_end_are_refused() -> None:
    lesson = lessons.load(toc.TITLE)[0]
    state = lesson.start(toc.TITLE)
    wrong_seat = lesson.check(toc.TITLE, state, 0, "blue", ["play_card", "blue1"])
    assert not wrong_seat.ok and "not possible now" in wrong_seat.message
    junk = lesson.check(toc.TITLE, state, 0, "green", {"nope": 1})
    assert not junk.ok and "not an action" in junk.message
    assert not lesson.check(toc.TITLE, state, len(lesson.steps), "green", ["end_actions"]).ok


def test_the_first_lesson_ends_where_the_round_does() -> None:
    """The same board as the Example of Play test's end of turn 1."""
    lesson = lessons.load(toc.TITLE)[0]
    end = lesson.positions(toc.TITLE)[-1]
    state = eop_play.t1_setup()
    for turn in (eop_play.t1_green, eop_play.t1_blue, eop_play.t1_yellow, eop_play.t1_red):
        turn(state)
    assert _board(end) == _board(state)


def test_the_turn6_lesson_starts_on_the_example_board() -> None:
    lesson = lessons.load(toc.TITLE)[1]
    assert _board(lesson.start(toc.TITLE)) == _board(eop_play.t6_start())


def _board(state: toc.State) -> dict[str, Any]:
    data = json.loads(toc.to_json(state))
    for key in ("rng", "log", "version"):
        data.pop(key)
    return data


def test_a_broken_lesson_says_where() -> None:
    lesson = lessons.load(toc.TITLE)[0]
    bad = lessons.Step("green", Action("place_governor", ("Italia", 1)), "x", "map")
    broken = lessons.Lesson(**{**lesson.__dict__, "steps": (bad,)})
    state = broken.start(toc.TITLE)
    with pytest.raises(lessons.LessonBroken, match="step 1"):
        broken.take(toc.TITLE, state, 0)
    unrolled = lessons.Lesson(**{**lesson.__dict__, "dice": (*lesson.dice, 6)})
    with pytest.raises(lessons.LessonBroken, match="unrolled"):
        unrolled.start(toc.TITLE)


def test_malformed_lesson_data_is_refused() -> None:
    step = {"role": "green", "verb": "end_actions", "say": "x"}
    with pytest.raises(ValueError, match="unknown control"):
        lessons.parse(
            "time_of_crisis", {"id": "x", "name": "x", "steps": [{**step, "control": "dial"}]}
        )
    with pytest.raises(ValueError, match="unknown topic"):
        lessons.parse(
            "time_of_crisis", {"id": "x", "name": "x", "steps": [{**step, "topic": "nope"}]}
        )


def _texts(lesson: lessons.Lesson) -> list[tuple[str, str]]:
    out = [("summary", lesson.summary), ("intro", lesson.intro), ("outro", lesson.outro)]
    out += [(f"topic {k}", f"{t.title}. {t.text}") for k, t in lesson.topics.items()]
    out += [(f"step {i + 1}", s.say) for i, s in enumerate(lesson.steps)]
    return out


@pytest.mark.parametrize(("name", "lesson"), LESSONS, ids=IDS)
def test_every_step_is_narrated_and_topics_are_used(name: str, lesson: lessons.Lesson) -> None:
    assert all(len(s.say.split()) >= 2 for s in lesson.steps)
    used = {s.topic for s in lesson.steps if s.topic}
    assert used == set(lesson.topics), set(lesson.topics) - used


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "").replace("'", ""))


@pytest.mark.skipif(
    not SEEDS.is_dir(), reason=f"the rulebooks are not at {SEEDS} (../shared/seeds)"
)
def test_no_narration_copies_a_rulebook() -> None:
    books: set[tuple[str, ...]] = set()
    for book in SEEDS.glob("*.txt"):
        words = _words(book.read_text(encoding="utf-8", errors="replace"))
        books.update(tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
    assert books
    copied = []
    for _name, lesson in LESSONS:
        for where, text in _texts(lesson):
            words = _words(text)
            for i in range(len(words) - RUN + 1):
                if tuple(words[i : i + RUN]) in books:
                    copied.append(f"{lesson.id} {where}: {' '.join(words[i : i + RUN])}")
    assert copied == []
