"""The play core publishes what happened and knows nothing of who listens: moves, turns that
begin, seats that change hands and games that end reach every subscriber; a subscriber that
fails or is slow never undoes nor holds up a move; and no module of ``crisis.server.play``
imports the mail, the accounts, the lobby or the ratings."""

from __future__ import annotations

import ast
import asyncio
import random
from pathlib import Path
from typing import Any

import crisis.server.play as play
from crisis.server.play.events import GameEnded, Moved, SeatChanged, TurnsBegan
from crisis.server.play.hall import Hall, SeatSpec
from crisis.server.play.table import Live
from crisis.server.store import Store

#: Moves tried at most before a test gives up on seeing a turn pass (a bound, not a time).
MOVES = 600


async def _until_the_turn_passes(hall: Hall) -> tuple[Live, str]:
    """A new two-seat table of people, played at random until its first seat's turn ends;
    the table and that first seat."""
    live, _ = await hall.create([SeatSpec(), SeatSpec()], {}, seed=11)
    first = live.match.active()[0]
    rng = random.Random(3)
    for _ in range(MOVES):
        role = live.match.active()[0]
        if role != first:
            return live, first
        legal = [a for a in live.match.actions(role) if a.verb != "undo"]
        await hall.act(live, role, rng.choice(legal).to_json(), live.version, {role})
    raise AssertionError(f"the first seat kept the turn for {MOVES} moves")


def test_the_hall_publishes_moves_turns_seats_and_the_end(tmp_path: Path) -> None:
    asyncio.run(_publishes(tmp_path))


async def _publishes(tmp_path: Path) -> None:
    hall = Hall(Store(f"sqlite:///{tmp_path / 'site.db'}"), bot_delay=0.0)
    heard: list[Any] = []
    late: list[Any] = []

    def broken(_event: Any) -> None:
        raise RuntimeError("a subscriber that fails")

    async def slow(event: Moved) -> None:
        await asyncio.sleep(0)
        late.append(event)

    for kind in (Moved, TurnsBegan, SeatChanged, GameEnded):
        hall.events.subscribe(kind, heard.append)
    hall.events.subscribe(Moved, broken)
    hall.events.subscribe(Moved, slow)
    try:
        live, first = await _until_the_turn_passes(hall)
        moves = [e for e in heard if isinstance(e, Moved)]
        assert len(moves) == len(live.match.log) > 0  # every move, though a subscriber failed
        assert all(e.live is live for e in moves)
        began = [e for e in heard if isinstance(e, TurnsBegan)]
        assert began and began[-1].roles == [live.match.active()[0]] != [first]
        await hall.events.drain()
        assert len(late) == len(moves)  # the coroutine subscribers ran beside the moves

        other = live.match.active()[0]
        await hall.resign(live, first, {first})  # a bot takes the seat: the game goes on
        assert [(e.role, e.change) for e in heard if isinstance(e, SeatChanged)] == [
            (first, "resigned")
        ]
        assert not [e for e in heard if isinstance(e, GameEnded)]
        await hall.resign(live, other, {other})  # nobody left: the game ends
        (ended,) = [e for e in heard if isinstance(e, GameEnded)]
        assert ended.live is live and live.finished and ended.ratings is None
    finally:
        await hall.close()
        hall.store.close()


def test_without_a_turn_subscriber_the_move_records_no_turn(tmp_path: Path) -> None:
    asyncio.run(_no_turns(tmp_path))


async def _no_turns(tmp_path: Path) -> None:
    hall = Hall(Store(f"sqlite:///{tmp_path / 'site.db'}"), bot_delay=0.0)
    heard: list[TurnsBegan] = []
    try:
        live, first = await _until_the_turn_passes(hall)
        assert live.match.active()[0] != first
        hall.events.subscribe(TurnsBegan, heard.append)  # only from now on
        assert heard == []
    finally:
        await hall.close()
        hall.store.close()


#: The concerns the play core must not know: they subscribe to it or are handed to it.
OTHERS = (
    "crisis.server.mail",
    "crisis.server.accounts",
    "crisis.server.lobby",
    "crisis.server.ratings",
)


def test_the_play_core_imports_no_other_concern() -> None:
    found: list[str] = []
    for path in Path(play.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            found += [f"{path.name}: {n}" for n in names if n.startswith(OTHERS)]
    assert found == []
