"""Lessons on the site: read-only routes that serve each title's lessons to the table page.

A lesson is played in the browser from what these routes give it: the lesson's script (each
step's seat, expected action in the title's words, narration and the control to light), and
for any step the position as a ``state`` message of the same shape a live table sends (the
acting seat's view, its legal actions with the title's labels). The page checks a click
against the step's expected action itself, and only moves to another step the server
computed; nothing is stored, no table or account is made, nothing is rated, and the database
is never touched.

Hidden information stays hidden: a step shows only the view of the seat that acts in it (the
learner plays every seat in turn, as the rulebook's journal tells every hand), never the
state, its generator or the event deck's order. The dice a lesson rolls are part of its
public script (they are the ones the rulebook prints).

Positions are worked out once per process from the shipped lesson files and kept: they are
the same for everyone, so any process can serve any step.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec
from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from crisis.engine import lessons
from crisis.games import TITLES, get_title
from crisis.server.errors import BadMessage, NotFound
from crisis.server.requests import limited

router = APIRouter()

WEB = Path(str(resources.files("crisis") / "web"))


@functools.cache
def _catalog() -> dict[tuple[str, str], lessons.Lesson]:
    """Every lesson of every title, by (title, lesson id)."""
    found = {}
    for name in sorted(TITLES):
        for lesson in lessons.load(get_title(name)):
            found[(name, lesson.id)] = lesson
    return found


def _lesson(title: str, lesson_id: str) -> lessons.Lesson:
    lesson = _catalog().get((title, lesson_id))
    if lesson is None:
        raise NotFound(f"no lesson {lesson_id!r} for {title!r}")
    return lesson


@functools.cache
def _positions(title: str, lesson_id: str) -> list[Any]:
    """The state before each step of the lesson and after its last."""
    return _lesson(title, lesson_id).positions(get_title(title))


@functools.cache
def _script(title: str, lesson_id: str) -> bytes:
    lesson = _lesson(title, lesson_id)
    spec = get_title(title)
    positions = _positions(title, lesson_id)
    steps = []
    for index, step in enumerate(lesson.steps):
        topic = lesson.topics.get(step.topic) if step.topic else None
        steps.append(
            {
                "role": step.role,
                "action": step.action.to_json(),
                "label": lessons.label(spec, positions[index], step.role, step.action),
                "say": step.say,
                "control": step.control,
                "dice": list(step.dice),
                "topic": {"title": topic.title, "text": topic.text} if topic else None,
            }
        )
    return msgspec.json.encode(
        {
            "title": title,
            "id": lesson.id,
            "name": lesson.name,
            "summary": lesson.summary,
            "intro": lesson.intro,
            "outro": lesson.outro,
            "players": [p for p in spec.rules.roles(positions[0])],
            "steps": steps,
        }
    )


@functools.lru_cache(maxsize=256)
def _step(title: str, lesson_id: str, index: int) -> bytes:
    """Step ``index`` as the table page's ``state`` message (the last: the final board)."""
    lesson = _lesson(title, lesson_id)
    spec = get_title(title)
    state = _positions(title, lesson_id)[index]
    done = index == len(lesson.steps)
    role = lesson.steps[min(index, len(lesson.steps) - 1)].role
    view = spec.rules.view(state, role)
    view["can_undo"] = False
    acts, words, greyed = [], [], []
    if not done:
        legal = spec.rules.actions(state, role)
        acts = [a.to_json() for a in legal]
        if spec.presentation.describe is not None:
            words = spec.presentation.describe(state, role, legal)
        if spec.presentation.unavailable is not None:
            greyed = spec.presentation.unavailable(state, role)
    roles = spec.rules.roles(state)
    table = {
        "id": f"lesson-{lesson.id}",
        "title": title,
        "options": dict(lesson.options),
        "status": "playing",
        "version": index,
        "active": spec.rules.active(state),
        "result": None,
        "rematch": None,
        "rematch_of": None,
        "updated": None,
        "pace": None,
        "on_timeout": None,
        "deadline": None,
        "rated": False,
        "seats": [
            {"role": r, "kind": "human", "bot": None, "name": r.capitalize(), "joined": True}
            for r in roles
        ],
    }
    return msgspec.json.encode(
        {
            "type": "state",
            "version": index,
            "role": role,
            "table": table,
            "view": view,
            "log_from": 0,
            "actions": acts,
            "labels": words,
            "ending": sorted(spec.rules.machine.ending()),
            "unavailable": greyed,
            "lesson": {"step": index, "steps": len(lesson.steps), "done": done},
        }
    )


def _json(data: bytes) -> Response:
    return Response(data, media_type="application/json")


@router.get("/api/lessons", dependencies=[limited("replay")])
def lesson_list() -> dict[str, Any]:
    """The lessons of every title, in each title's order."""
    return {
        "lessons": [
            {
                "title": title,
                "title_name": get_title(title).presentation.info()["name"],
                "id": lesson.id,
                "name": lesson.name,
                "summary": lesson.summary,
                "steps": len(lesson.steps),
                "url": f"/learn/{title}/{lesson.id}",
            }
            for (title, _), lesson in _catalog().items()
        ]
    }


@router.get("/api/lessons/{title}/{lesson_id}", dependencies=[limited("replay")])
def lesson_script(title: str, lesson_id: str) -> Response:
    """The lesson's script: each step's seat, expected action and narration."""
    _lesson(title, lesson_id)
    return _json(_script(title, lesson_id))


@router.get("/api/lessons/{title}/{lesson_id}/{step}", dependencies=[limited("replay")])
def lesson_step(title: str, lesson_id: str, step: int) -> Response:
    """The position before step ``step`` (the final board after the last), as a table
    page's ``state`` message."""
    lesson = _lesson(title, lesson_id)
    if not 0 <= step <= len(lesson.steps):
        raise BadMessage(f"step is between 0 and {len(lesson.steps)}")
    return _json(_step(title, lesson_id, step))


@router.get("/learn/{title}/{lesson_id}", include_in_schema=False)
async def lesson_page(title: str, lesson_id: str) -> FileResponse:
    """The table page, which plays the lesson named in its address."""
    _lesson(title, lesson_id)
    return FileResponse(WEB / "table.html")
