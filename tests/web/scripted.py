"""Scripted positions for the browser tests: no hoping that a battle or a buy comes up.

A game of Time of Crisis is planned in this process from a fixed seed by a seeded, biased
random player (it likes to fight, march and place governors), and the moments worth looking
at are noted as they come: green about to place a governor, to buy, to attack (with a
battle that stops for green's hits, so the dice stay on the table), to take a battle's
reward, just after an invasion and a support check, and the end. A table is then created
on the test server with the same seed (``--allow-seed``) and two seats held by the test,
and the planned actions are played into it over the HTTP API up to the moment wanted: the
server's generator, keyed by the same seed, rolls the same dice, so the position in the
browser is exactly the planned one.
The plan is made from the rules at test time, so a change of rules moves the moments and
keeps the tests working.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title

TITLE = "time_of_crisis"
OPTIONS: dict[str, Any] = {"players": 2, "short_game": True}
ROLES = ("green", "blue")

#: How much more often than other actions the planning player picks these.
_LIKES = {
    "initiate_battle": 60,
    "create_army": 8,
    "move_army": 6,
    "place_governor": 5,
    "add_legion": 4,
    "play_card": 3,
    "buy": 3,
}

#: Log words that mark a moment, by name (the first green decision after the line).
_AFTER_LOG = {"invasion": " invade ", "support": " support drops to "}


@dataclass
class Plan:
    """A whole game: the actions in order and where each moment is (the number of actions
    played before it)."""

    seed: int
    actions: list[tuple[str, list[Any]]] = field(default_factory=list)
    moments: dict[str, int] = field(default_factory=dict)


@cache
def plan(seed: int = 1, player_seed: int = 1) -> Plan:
    """Play a whole game from ``seed`` and note its moments."""
    title = get_title(TITLE)
    match = Match(title, seed, dict(OPTIONS))
    rng = random.Random(player_seed)
    out = Plan(seed)
    seen_log = 0
    pending: set[str] = set()
    while match.result() is None:
        state: Any = match.state
        role = match.active()[0]
        legal = [a for a in match.actions(role) if a.verb != "undo"]
        i = len(out.actions)
        new = "\n".join(state.log[seen_log:])
        seen_log = len(state.log)
        for name, words in _AFTER_LOG.items():
            if name not in out.moments and words in new:
                pending.add(name)
        if role == "green":
            for name in sorted(pending):
                out.moments[name] = i
            pending.clear()
            verbs = {a.verb for a in legal}
            if "governor" not in out.moments and state.step == "actions":
                if "place_governor" in verbs:
                    out.moments["governor"] = i
            if "buy" not in out.moments and state.step == "buy" and "buy" in verbs:
                out.moments["buy"] = i
            if "reward" not in out.moments and "reward" in verbs:
                out.moments["reward"] = i
        action = rng.choices(legal, [_LIKES.get(a.verb, 1) for a in legal])[0]
        match.apply(role, action)
        out.actions.append((role, action.to_json()))
        if (
            "battle" not in out.moments
            and role == "green"
            and action.verb == "initiate_battle"
            and match.state.battle is not None  # type: ignore[attr-defined]
            and "green" in match.active()
        ):
            out.moments["battle"] = i
    out.moments["end"] = len(out.actions)
    return out


def _http(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Seat-Token", token)
    # The server allows one address 20 actions a second over a minute; a fast CI run of a
    # module's scripted tables, all from 127.0.0.1, can go past it (HTTP 429, nothing
    # done). Wait and send it again, as a well-behaved client does; the limit itself is
    # tested in tests/server.
    for _ in range(120):
        try:
            with urllib.request.urlopen(req, timeout=120) as r:  # a busy 2-core CI machine
                return json.loads(r.read())
        except urllib.error.HTTPError as err:
            if err.code != 429:
                raise
            time.sleep(0.5)
    raise AssertionError(f"{method} {url} was refused for a minute (HTTP 429)")


@dataclass
class Table:
    """A table on the test server playing a plan; the test holds both seats."""

    server: str
    plan: Plan
    id: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    played: int = 0
    version: int = 0

    def create(self) -> Table:
        seats = [{"kind": "human", "name": role.capitalize()} for role in ROLES]
        body = {"title": TITLE, "seats": seats, "options": OPTIONS, "seed": self.plan.seed}
        r = _http("POST", f"{self.server}/api/tables", body)
        self.id, self.tokens = r["table"]["id"], r["tokens"]
        self.version = self.state("green")["version"]
        return self

    def state(self, role: str) -> dict[str, Any]:
        url = f"{self.server}/api/tables/{self.id}/state?role={role}"
        result: dict[str, Any] = _http("GET", url, token=self.tokens[role])
        return result

    def advance(self, upto: int | str) -> None:
        """Play the planned actions up to the moment ``upto`` (a name or a count)."""
        stop = self.plan.moments[upto] if isinstance(upto, str) else upto
        url = f"{self.server}/api/tables/{self.id}/actions"
        while self.played < stop:
            role, action = self.plan.actions[self.played]
            body = {"role": role, "action": action, "version": self.version}
            self.version = _http("POST", url, body, self.tokens[role])["version"]
            self.played += 1

    def next_action(self) -> tuple[str, Action]:
        role, action = self.plan.actions[self.played]
        return role, Action.parse(action)

    def link(self, role: str = "green") -> str:
        """The seat's own link: the page remembers the secret and plays that seat."""
        return f"{self.server}/table/{self.id}#seat={role}&token={self.tokens[role]}"

    def synced(self) -> None:
        """After the browser played the next planned action itself: count it."""
        self.played += 1
        self.version = self.state("green")["version"]
