"""The coach's route: for one of your seats, a suggestion with its reason and the mistakes to
avoid among your choices now (crisis.ai.coach), for the table page's coach panel.

Cheap enough for every decision (a bot that answers at once, no search) but still a bot, so
it runs in the search workers like the hint, never on the event loop, and is limited per
address (two a second: more than a person decides; it takes about 10 ms, 50 at most, measured
over every decision of the Time of Crisis lessons on 2026-11-28).
"""

from __future__ import annotations

import random
from typing import Any

from fastapi import APIRouter, Request

from crisis.ai.coach import coach as coach_for
from crisis.engine.action import Action
from crisis.server import limits
from crisis.server.lobby.routes import Token, _hall, decision
from crisis.server.play.workers import Priority, Workers, secret_seed
from crisis.server.requests import client_address, limited

router = APIRouter(prefix="/api")

#: The most a coach's answer may take in a worker (it takes a few milliseconds).
COACH_SECONDS = 2.0


@router.get("/tables/{table_id}/coach/{role}", dependencies=[limited("coach")])
async def coach(table_id: str, role: str, request: Request, token: Token = None) -> dict[str, Any]:
    """A suggestion for your seat ``role`` with the rest of the turn it starts, and the
    title's warnings among your legal actions, each in the title's words."""
    hall = _hall(request)
    live, legal, view = await decision(request, table_id, role, token)
    version = live.version
    workers: Workers = hall.workers
    answer = await workers.call(
        Priority.HINT,
        _coach,
        live.title.name,
        view,
        role,
        legal,
        secret_seed(),
        seconds=COACH_SECONDS,
        key=limits.client_key(client_address(request)),
    )
    pick: Action = answer["action"]
    words: dict[str, Any] = {"label": str(pick), "cost": None, "note": None}
    describe = live.title.presentation.describe
    if describe is not None and version == live.version:
        words = describe(live.match.state, role, [pick])[0]
    return {
        "role": role,
        "version": version,
        "action": pick.to_json(),
        "label": words.get("label"),
        "cost": words.get("cost"),
        "note": words.get("note"),
        "turn": answer["turn"],
        "warnings": answer["warnings"],
    }


def _coach(
    title: str, view: dict[str, Any], role: str, legal: list[Action], seed: int
) -> dict[str, Any]:
    """(In a worker.) The coach's answer, with secret randomness."""
    return coach_for(title, view, role, legal, random.Random(seed))
