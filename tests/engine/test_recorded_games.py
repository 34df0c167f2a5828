"""The behaviour guard: random games of every title, replayed from fixed seeds, must list the
same legal actions and show the same views, observations and results as when they were
recorded (``data/recorded_games.json``).

It protects refactorings of the rules engine and the titles that must not change play
(issue 24). Each step of a game is stored as short hashes, so the data file stays small:

* ``play``: who may act, each acting seat's legal actions, and the result (or None);
* ``seen``: the view of every seat and of an observer, and each seat's observation vector;
* ``words``: the title's ``describe`` of each acting seat's legal actions and its
  ``unavailable`` list (checked too, and re-recorded on its own when wording changes on
  purpose).

The games are played by a chooser of this module's own (not the fuzzer's or a bot's, which
may change), leaning on the ending verbs and verb weights stored with the data. Record anew
(only when a change of behaviour is intended, and say so in the commit)::

    .venv/bin/python -m tests.engine.test_recorded_games          # everything
    .venv/bin/python -m tests.engine.test_recorded_games words    # only the words
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from crisis.engine.action import Action
from crisis.engine.title import TitleSpec
from crisis.games import get_title

DATA = Path(__file__).parent / "data" / "recorded_games.json"

#: The games: title, seed, setup options and the most actions played.
GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("time_of_crisis", 11, {"players": 2}, 700),
    ("time_of_crisis", 12, {"players": 3, "expansion_cards": True}, 700),
    ("time_of_crisis", 13, {"players": 4, "emperor_rules": True, "short_game": True}, 700),
    (
        "time_of_crisis",
        14,
        {"players": 2, "expansion_cards": True, "market": "variable", "emperor_rules": True},
        700,
    ),
    (
        "time_of_crisis",
        15,
        {"players": 3, "expansion_cards": True, "market": "selective", "short_game": True},
        700,
    ),
    ("time_of_crisis", 16, {"players": 4, "first_player": "red"}, 700),
    ("time_of_crisis", 17, {"players": 2, "emperor_rules": True}, 700),
    ("rome_in_crisis", 21, {"players": 2}, 2000),
    ("rome_in_crisis", 22, {"players": 3}, 2000),
    ("rome_in_crisis", 23, {"players": 4, "dealer": "green"}, 2000),
    ("rome_in_crisis", 24, {"players": 4}, 2000),
]


def _digest(value: Any) -> str:
    """A short, stable hash of JSON-simple ``value`` (tuples as lists, keys sorted)."""
    text = json.dumps(value, sort_keys=True, default=list, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def _acts(actions: list[Action]) -> list[Any]:
    return [a.to_json() for a in actions]


def _step(title: TitleSpec, state: Any) -> str:
    """The hashes of one position: ``play``, ``seen`` and ``words``, joined by spaces."""
    active = title.rules.active(state)
    legal = {role: title.rules.actions(state, role) for role in active}
    play = _digest([active, {r: _acts(a) for r, a in legal.items()}, title.rules.result(state)])
    seen: list[Any] = []
    for role in [*title.rules.roles(state), None]:
        view = title.rules.view(state, role)
        seen.append(view)
        if role is not None:
            seen.append([float(x) for x in title.research.observe(view, role)])
    words: list[Any] = []
    for role, acts in legal.items():
        if title.presentation.describe is not None and acts:
            words.append(title.presentation.describe(state, role, acts))
        if title.presentation.unavailable is not None and acts:
            words.append(title.presentation.unavailable(state, role))
    return f"{play} {_digest(seen)} {_digest(words)}"


def _choose(
    rnd: random.Random, legal: list[Action], ends: frozenset[str], weights: dict[str, float]
) -> Action:
    """A random action: an ending one now and then, else a weighted verb, then one of its
    actions (so games move on and spread over the kinds of actions)."""
    if rnd.random() < 0.1:
        ending = [a for a in legal if a.verb in ends]
        if ending:
            return rnd.choice(ending)
    verbs = sorted({a.verb for a in legal})
    odds = [weights.get(v, 1.0) * (0.2 if v in ends else 1.0) for v in verbs]
    verb = rnd.choices(verbs, odds)[0]
    return rnd.choice([a for a in legal if a.verb == verb])


def play(
    name: str, seed: int, options: dict[str, Any], limit: int, ends: list[str], weights: dict
) -> list[str]:
    """Play one recorded game and return the hashes of every position in it."""
    title = get_title(name)
    rnd = random.Random(seed)
    state = title.rules.setup(seed, dict(options))
    steps = [_step(title, state)]
    end_set = frozenset(ends)
    for _ in range(limit):
        if title.rules.result(state) is not None:
            break
        role = title.rules.active(state)[0]
        action = _choose(rnd, title.rules.actions(state, role), end_set, weights)
        title.rules.apply(state, role, action)
        steps.append(_step(title, state))
    return steps


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text())
    return data


def _key(name: str, seed: int) -> str:
    return f"{name}/{seed}"


@pytest.mark.parametrize(("name", "seed", "options", "limit"), GAMES, ids=lambda v: str(v))
def test_replayed_games_are_unchanged(
    name: str, seed: int, options: dict[str, Any], limit: int
) -> None:
    recorded = _load()
    game = recorded["games"][_key(name, seed)]
    assert game["options"] == options
    steps = play(name, seed, options, limit, recorded["ends"][name], recorded["weights"][name])
    assert len(steps) == len(game["steps"]), "the game took a different length"
    for i, (now, then) in enumerate(zip(steps, game["steps"], strict=True)):
        for part, a, b in zip(("play", "seen", "words"), now.split(), then.split(), strict=True):
            assert a == b, f"{part} differs at position {i} of {name}/{seed}"


def record(only_words: bool = False) -> None:
    """Write the data file from the code as it is (``only_words``: keep the games, the
    ending verbs and weights and the play and seen hashes; replace only the words)."""
    old = _load() if DATA.exists() else None
    if only_words and old is not None:
        ends, weights = old["ends"], old["weights"]
    else:
        names = sorted({g[0] for g in GAMES})
        ends = {n: sorted(get_title(n).rules.machine.ending()) for n in names}
        weights = {n: dict(sorted(get_title(n).bots.fuzz.weights.items())) for n in names}
    games: dict[str, Any] = {}
    for name, seed, options, limit in GAMES:
        steps = play(name, seed, options, limit, ends[name], weights[name])
        if only_words and old is not None:
            before = old["games"][_key(name, seed)]["steps"]
            assert [s.split()[:2] for s in steps] == [s.split()[:2] for s in before], (
                f"{name}/{seed}: play or views changed; record everything only on purpose"
            )
        games[_key(name, seed)] = {"options": options, "steps": steps}
        print(f"{name}/{seed}: {len(steps)} positions", file=sys.stderr)
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"ends": ends, "weights": weights, "games": games}, indent=0) + "\n")


if __name__ == "__main__":
    record(only_words=sys.argv[1:] == ["words"])
