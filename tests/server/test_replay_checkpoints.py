"""Replays served from checkpoints: every step shows exactly what a replay from step 0 shows,
in any order, and no step (backwards included) costs more than a checkpoint's worth of actions.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.engine.match import Match
from crisis.engine.title import TitleSpec
from crisis.games import get_title
from crisis.server.errors import BadMessage, Forbidden
from crisis.server.lobby import replays
from crisis.server.lobby.replays import CHECKPOINT_EVERY, Replays, walk_checkpoints
from crisis.server.play.table import Live
from crisis.server.store.repository import GameRow
from tests.server.conftest import BOT, create

GAMES = [("time_of_crisis", {"short_game": True}), ("rome_in_crisis", {})]


def finished_table(client: TestClient, title: str, options: dict[str, Any], seed: int) -> Live:
    """A table of bots played to its end."""
    table, _ = create(client, [BOT, BOT], options, seed=seed, title=title)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["table"]["status"] == "finished":
                break
    live: Live = client.portal.call(client.app.state.hall.get, table)  # type: ignore[attr-defined,union-attr]
    assert live.finished and len(live.match.log) > 3 * CHECKPOINT_EVERY
    return live


def expected_steps(live: Live) -> Iterator[tuple[dict[str | None, Any], str | None]]:
    """For each step from 0 on: every seat's view and the public one, as a fresh match replaying
    the log from step 0 shows them, and the step's label (the action in the title's words as it
    read just before it was taken)."""
    match = Match(live.title, live.row.seed, dict(live.row.options))
    describe = live.title.presentation.describe
    assert describe is not None
    label: str | None = None
    for step in range(len(live.match.log) + 1):
        views: dict[str | None, Any] = {}
        for role in [None, *match.roles()]:
            view = match.view(role)
            view.pop("can_undo", None)
            views[role] = view
        yield views, label
        if step < len(live.match.log):
            actor, action = live.match.log[step]
            label = describe(match.state, actor, [action])[0]["label"]
            match.apply(actor, action)


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every action a match applies from now on (one entry per action)."""
    counted: list[int] = []
    original = Match.apply

    def counting(self: Match, role: str, action: Any) -> None:
        counted.append(1)
        original(self, role, action)

    monkeypatch.setattr(Match, "apply", counting)
    return counted


@pytest.mark.parametrize(("title", "options"), GAMES)
def test_every_step_in_any_order_matches_a_replay_from_the_start(
    client: TestClient, title: str, options: dict[str, Any]
) -> None:
    live = finished_table(client, title, options, seed=21)
    expected = list(expected_steps(live))
    total = len(live.match.log)
    rng = random.Random(7)
    scrambled = list(range(total + 1))
    rng.shuffle(scrambled)
    backwards = list(range(total, -1, -1))
    roles: list[str | None] = [None, *live.match.roles()]
    replayer = Replays()
    for i, step in enumerate([*scrambled, *backwards]):
        role = roles[i % len(roles)]
        got = replayer.view(live, step, role, set())
        views, label = expected[step]
        assert got["step"] == step and got["steps"] == total and got["role"] == role
        assert got["view"] == views[role], (step, role)
        assert got["label"] == label, step
        if step:
            actor, action = live.match.log[step - 1]
            assert got["action"] == [actor, *action.to_json()]
    # A few steps seen by every seat and through the HTTP API as well.
    for step in rng.sample(range(total + 1), 5):
        views, label = expected[step]
        for role in roles:
            query = f"?role={role}" if role else ""
            got = client.get(f"/api/tables/{live.id}/replay/{step}{query}").json()
            assert got["view"] == views[role] and got["label"] == label


@pytest.mark.parametrize(("title", "options"), GAMES)
def test_no_step_applies_more_than_a_checkpoints_worth_of_actions(
    client: TestClient, title: str, options: dict[str, Any], applied: list[int]
) -> None:
    live = finished_table(client, title, options, seed=22)
    total = len(live.match.log)
    replayer = Replays()
    applied.clear()
    replayer.view(live, total, None, set())  # the first walk forward records the checkpoints
    assert len(applied) == total
    for step in range(total - 1, -1, -1):  # backwards, one step at a time
        applied.clear()
        replayer.view(live, step, "green", set())
        assert len(applied) <= CHECKPOINT_EVERY, step
    rng = random.Random(3)
    for step in rng.sample(range(total + 1), 60):  # jumps anywhere
        applied.clear()
        replayer.view(live, step, None, set())
        assert len(applied) <= CHECKPOINT_EVERY, step
        applied.clear()
        replayer.view(live, step, "blue", set())  # the same step for another seat: free
        assert not applied, step
    applied.clear()
    replayer.view(live, total // 2, None, set())
    replayer.view(live, total // 2 + 1, None, set())  # one step forward: one action
    assert len(applied) <= CHECKPOINT_EVERY + 1


def test_checkpoints_are_kept_for_a_bounded_number_of_tables(
    client: TestClient, applied: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replays, "KEEP", 2)
    live = finished_table(client, "time_of_crisis", {"short_game": True}, seed=23)
    total = len(live.match.log)
    copies = [
        Live(row=replace(live.row, id=f"copy{i}"), title=live.title, match=live.match)
        for i in range(3)
    ]
    replayer = Replays()
    for copy in copies:
        replayer.view(copy, total, None, set())
    applied.clear()
    replayer.view(copies[-1], total - 1, None, set())  # still kept: a checkpoint away at most
    assert len(applied) <= CHECKPOINT_EVERY
    applied.clear()
    replayer.view(copies[0], total - 1, None, set())  # forgotten: replayed from the start
    assert len(applied) == total - 1


def play(match: Match, actions: int, rng: random.Random) -> None:
    """Take ``actions`` random legal actions (never undo) for whoever may act."""
    for _ in range(actions):
        role = rng.choice(match.active())
        match.apply(role, rng.choice(match.title.rules.actions(match.state, role)))


def live_table(title: TitleSpec, match: Match) -> Live:
    """A table in progress around ``match`` (its version: the log's length)."""
    row = GameRow(
        id="live",
        title=title.name,
        seed=match.seed,
        options=match.options,
        status="playing",
        version=len(match.log),
        state="",
        active=match.active(),
    )
    return Live(row=row, title=title, match=match)


def test_a_game_in_progress_keeps_its_checkpoints_as_it_moves_on_or_takes_back(
    applied: list[int],
) -> None:
    title = get_title("time_of_crisis")
    match = Match(title, 31, {"players": 3, "short_game": True})
    rng = random.Random(5)
    play(match, 150, rng)
    live = live_table(title, match)
    seats = set(match.roles())
    replayer = Replays()
    replayer.view(live, 150, None, seats)
    # Five more actions: the checkpoints taken so far still serve every step.
    play(match, 5, rng)
    live.row.version += 5
    for step in (100, 155, 3, 154):
        applied.clear()
        replayer.view(live, step, "green", seats)
        assert len(applied) <= CHECKPOINT_EVERY, step
    # The last fifteen taken back and others taken instead (as undo and a reload leave it):
    # what still agrees is kept, the rest is replayed from the new log.
    branch = Match(title, match.seed, dict(match.options))
    for actor, action in match.log[:140]:
        branch.apply(actor, action)
    play(branch, 20, random.Random(6))
    assert branch.log[140] != match.log[140]
    live.match = branch
    live.row.version += 16
    applied.clear()
    replayer.view(live, 139, None, seats)
    assert len(applied) <= CHECKPOINT_EVERY
    expected = list(expected_steps(live))
    roles: list[str | None] = [None, *branch.roles()]
    steps = list(range(len(branch.log) + 1))
    random.Random(8).shuffle(steps)
    for i, step in enumerate(steps):
        role = roles[i % len(roles)]
        got = replayer.view(live, step, role, seats)
        assert got["view"] == expected[step][0][role], (step, role)
        assert got["label"] is None and got["action"] is None  # nothing named until it is over


@pytest.mark.parametrize(("title", "options"), GAMES)
def test_the_first_walk_into_a_long_game_runs_in_a_worker_not_on_the_loop(
    client: TestClient, title: str, options: dict[str, Any], applied: list[int]
) -> None:
    """Through the route: the server's own process applies at most a checkpoint's worth of
    actions for any first request (the worker processes' actions are not counted here), and
    what it shows is what a replay from step 0 shows."""
    live = finished_table(client, title, options, seed=24)
    total = len(live.match.log)
    expected = list(expected_steps(live))
    for step in (total, total // 2, 3 * CHECKPOINT_EVERY + 5, 0):
        client.app.state.replays = Replays()  # type: ignore[attr-defined]  # nothing kept
        applied.clear()
        got = client.get(f"/api/tables/{live.id}/replay/{step}?role=green")
        assert got.status_code == 200, got.text
        assert len(applied) <= CHECKPOINT_EVERY, step
        assert got.json()["view"] == expected[step][0]["green"], step
        assert got.json()["label"] == expected[step][1], step
    # Once walked, steps anywhere are served from the checkpoints the worker recorded.
    for step in random.Random(4).sample(range(total + 1), 12):
        applied.clear()
        got = client.get(f"/api/tables/{live.id}/replay/{step}")
        assert len(applied) <= CHECKPOINT_EVERY, step
        assert got.json()["view"] == expected[step][0][None], step
    assert client.get(f"/api/tables/{live.id}/replay/{total + 1}").status_code == 400


def test_a_workers_checkpoints_are_the_ones_the_loop_would_record() -> None:
    title = get_title("time_of_crisis")
    match = Match(title, 41, {"players": 4, "short_game": True})
    play(match, 5 * CHECKPOINT_EVERY + 7, random.Random(9))
    live = live_table(title, match)
    on_loop = Replays()
    on_loop.view(live, len(match.log), None, set())
    kept = on_loop._walks[live.id].checkpoints
    made = walk_checkpoints(title.name, match.seed, dict(match.options), kept[0], match.log)
    assert [kept[0], *made] == kept and len(made) == 5


class _InlineWorkers:
    """The workers' one call the replays use, run in this process after a turn of the loop
    (as a worker's answer comes back later), counting the calls; ``meanwhile`` runs before
    each answer (a move made while the walk was out)."""

    def __init__(self, meanwhile: Callable[[], None] = lambda: None) -> None:
        self.calls = 0
        self.meanwhile = meanwhile

    async def call(self, priority: Any, fn: Callable[..., Any], *args: Any, **_: Any) -> Any:
        self.calls += 1
        await asyncio.sleep(0.01)
        self.meanwhile()
        return fn(*args)


def test_askers_of_one_table_share_one_walk(applied: list[int]) -> None:
    title = get_title("time_of_crisis")
    match = Match(title, 42, {"players": 3, "short_game": True})
    play(match, 6 * CHECKPOINT_EVERY, random.Random(10))
    live = live_table(title, match)
    replayer, workers = Replays(), _InlineWorkers()
    steps = [len(match.log), len(match.log) - 1, 4 * CHECKPOINT_EVERY, 2, len(match.log)]

    async def ask() -> None:
        asks = (replayer.prepare(live, s, None, set(), workers) for s in steps)  # type: ignore[arg-type]
        await asyncio.gather(*asks)

    # A request the view would refuse walks nothing: another seat's view of a game going on.
    with pytest.raises(Forbidden):
        asyncio.run(replayer.prepare(live, len(match.log), "green", set(), workers))  # type: ignore[arg-type]
    with pytest.raises(BadMessage):
        asyncio.run(replayer.prepare(live, len(match.log) + 1, None, set(), workers))  # type: ignore[arg-type]
    assert workers.calls == 0
    asyncio.run(ask())
    assert workers.calls == 1
    for step in steps:
        applied.clear()
        replayer.view(live, step, None, set())
        assert len(applied) <= CHECKPOINT_EVERY


def test_a_walk_made_stale_by_a_take_back_is_not_kept() -> None:
    """A live game's last actions taken back and others taken while its walk was out: the
    walk's checkpoints (from the old log) are dropped and the walk is made again."""
    title = get_title("time_of_crisis")
    match = Match(title, 43, {"players": 3, "short_game": True})
    rng = random.Random(11)
    play(match, 3 * CHECKPOINT_EVERY + 4, rng)
    live = live_table(title, match)
    branch = Match(title, match.seed, dict(match.options))
    for actor, action in match.log[: CHECKPOINT_EVERY + 3]:
        branch.apply(actor, action)
    play(branch, 3 * CHECKPOINT_EVERY, random.Random(12))
    assert branch.log[CHECKPOINT_EVERY + 3] != match.log[CHECKPOINT_EVERY + 3]

    def take_back_and_branch() -> None:
        if live.match is not branch:
            live.match = branch
            live.row.version += 1

    replayer, workers = Replays(), _InlineWorkers(take_back_and_branch)
    asyncio.run(replayer.prepare(live, 3 * CHECKPOINT_EVERY, None, set(), workers))  # type: ignore[arg-type]
    assert workers.calls == 2  # the first walk was made stale; the second holds
    expected = list(expected_steps(live))
    for step in (3 * CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY + 1, CHECKPOINT_EVERY + 5):
        assert replayer.view(live, step, None, set())["view"] == expected[step][0][None]
