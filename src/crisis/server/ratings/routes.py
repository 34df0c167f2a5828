"""The ratings' HTTP API: the leaderboards, a table's players with their ratings, and a
player's public profile. Read-only: ratings move only with a rated game's end, in its
transaction (:func:`crisis.server.ratings.rate.rate_end`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from crisis.games import TITLES
from crisis.server.errors import NotFound
from crisis.server.ratings.rate import Ratings
from crisis.server.requests import limited

router = APIRouter(prefix="/api")


def _ratings(request: Request) -> Ratings:
    ratings: Ratings = request.app.state.ratings
    return ratings


@router.get("/ratings/{title}", dependencies=[limited("tables")])
async def leaderboard(title: str, request: Request) -> dict[str, Any]:
    """The best rated players of a game (at most 100): name, rating, rated games played,
    and whether the rating is still provisional."""
    if title not in TITLES:
        raise NotFound(f"unknown game {title!r}")
    hall, board = request.app.state.hall, _ratings(request)
    return {"title": title, "players": await hall.db(board.leaderboard, title)}


@router.get("/tables/{table_id}/players", dependencies=[limited("tables")])
async def table_players(table_id: str, request: Request) -> dict[str, Any]:
    """Who holds a table's seats with an account, per role: their name and their rating for
    the table's game (shown beside the names at the table). Never an e-mail address."""
    hall, board = request.app.state.hall, _ratings(request)
    found = await hall.db(board.at_table, table_id[:64])
    if found is None:
        raise NotFound("no such table")
    return {"players": found}


@router.get("/players/{name}", dependencies=[limited("tables")])
async def player(name: str, request: Request) -> dict[str, Any]:
    """A player's public profile: their rating per game and their rated games (each with its
    place and the rating before and after), the newest first. Never an e-mail address."""
    hall, board = request.app.state.hall, _ratings(request)
    found = await hall.db(board.profile, name[:64])
    if found is None:
        raise NotFound(f"no player is called {name[:64]!r}")
    return dict(found)
