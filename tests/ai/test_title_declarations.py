"""What a title brings beyond its rules is declared in its ``TitleSpec``: its
bots, their default, its strength levels and its hint (``ai``: a module exporting a
``TitleBots``), and its web board (``board``). A third title declaring bots of its own gets
them everywhere above the titles, and no code above the titles compares a title's name."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import crisis
from crisis.ai import bot_names, bots_for, default_bot, get_bot, level, levels, resolve
from crisis.ai.advice import hint, win_estimate
from crisis.ai.explore import BotPolicy
from crisis.ai.novice import NoviceBot
from crisis.ai.support import GENERIC, Level, TitleBots, title_bots
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import DEFAULT_TITLE, TITLES, get_title

THIRD = "third_title"


class Greedy:
    """The third title's own bot: always the first legal action."""

    name = "greedy"

    def __init__(self, patience: int = 1) -> None:
        self.patience = patience

    def choose(
        self, view: dict[str, Any], role: str, actions: list[Action], rng: random.Random
    ) -> Action:
        return actions[0]


def _hint(
    view: dict[str, Any],
    role: str,
    actions: list[Action],
    seconds: float,
    iterations: int | None,
    rng: random.Random,
    top: int,
) -> list[dict[str, Any]]:
    return [{"action": actions[-1], "chance": 0.5, "basis": "the third title's own hint"}]


def _estimate(view: dict[str, Any]) -> dict[str, float]:
    return {"third": 1.0}


#: The third title's declaration of its bots (its ``TitleSpec.bots.module`` names this module).
BOTS = TitleBots(
    bots={"greedy": Greedy},
    default="greedy",
    levels={"easy": Level("novice", {"blunder": 0.0}), "hard": Level("greedy", {"patience": 3})},
    hint=_hint,
    estimate=_estimate,
)
#: A third title: Rome in Crisis's rules under another name, with bots declared here.
_RIC = get_title("rome_in_crisis")
TITLE = dataclasses.replace(
    _RIC,
    name=THIRD,
    package=__name__,
    presentation=dataclasses.replace(_RIC.presentation, board="third"),
    bots=dataclasses.replace(_RIC.bots, module=__name__),
)


@pytest.fixture
def third(monkeypatch: pytest.MonkeyPatch) -> str:
    """The third title, registered (one line in ``crisis.games.TITLES``, as a real one)."""
    monkeypatch.setitem(TITLES, THIRD, __name__)
    return THIRD


def test_a_third_title_gets_the_bots_it_declares(third: str) -> None:
    assert title_bots(third) is BOTS
    assert default_bot(third) == "greedy"
    assert bot_names(third) == ["random", "greedy", "ismcts", "novice"]
    assert levels(third) == {"easy": "novice", "hard": "greedy"}
    assert level("hard", third) == Level("greedy", {"patience": 3})
    assert resolve("hard", third) == "greedy"
    hard = get_bot("hard", third)
    assert isinstance(hard, Greedy) and hard.patience == 3
    easy = get_bot("easy", third)  # the novice slips from the declared default
    assert isinstance(easy, NoviceBot) and isinstance(easy.base, Greedy)
    assert set(bots_for(third)) == {"random", "greedy", "ismcts", "novice"}
    # Time of Crisis's own bots are not the third title's.
    with pytest.raises(ValueError, match="unknown bot 'balanced'"):
        get_bot("balanced", third)


def test_a_third_title_gets_its_own_hint_evaluator_and_fuzzing_seats(third: str) -> None:
    match = Match(get_title(third), 4, {"players": 3})
    role = match.active()[0]
    legal = match.actions(role)
    assert len(legal) > 1
    out = hint(third, match.view(role), role, legal, iterations=2, rng=random.Random(1))
    assert out == [{"action": legal[-1], "chance": 0.5, "basis": "the third title's own hint"}]
    assert win_estimate(third) is _estimate
    policy = BotPolicy(third, explore=0.0)
    assert policy.bots == ("greedy",)
    assert policy(random.Random(2), match.state, role, legal) == legal[0]


def test_a_title_declaring_no_bots_plays_with_the_generic_ones(
    monkeypatch: pytest.MonkeyPatch, third: str
) -> None:
    monkeypatch.setattr(
        sys.modules[__name__],
        "TITLE",
        dataclasses.replace(TITLE, bots=dataclasses.replace(TITLE.bots, module="")),
    )
    assert title_bots(third) is GENERIC
    assert default_bot(third) == "random" and levels(third) == {}
    assert bot_names(third) == ["random", "ismcts", "novice"]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_title_declares_its_bots_and_its_web_board(name: str) -> None:
    """Each title's ``ai`` module declares a default and levels among its bots, and its
    ``board`` is one of the web boards (``web/js/boards/index.js``)."""
    spec = get_title(name)
    declared = title_bots(name)
    assert declared is not GENERIC, f"{name} declares no bots ({spec.bots.module!r})"
    assert declared.default in bots_for(name) and declared.default != "random"
    for lv in declared.levels.values():
        assert lv.bot in bots_for(name)
    index = Path(crisis.__file__).parent / "web" / "js" / "boards" / "index.js"
    boards = re.search(r"BOARDS = \{(.*?)\}", index.read_text(), re.S)
    assert boards is not None
    assert spec.presentation.board in re.findall(r"^\s*(\w+):", boards.group(1), re.M), (
        spec.presentation.board
    )


def _title_names_in(path: Path) -> list[str]:
    """Where a module compares or keys on a title's name: string literals equal to a
    registered title's name, docstrings left out (they may show examples)."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        f"{path}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in TITLES and id(node) not in docstrings
    ]


def test_nothing_above_the_titles_names_a_title() -> None:
    """Bots, the hint, the fuzzer, the simulator, the research adapters, the server and the
    command line reach a title through ``get_title`` and its declarations: no module
    outside ``crisis.games`` holds a title's name (``DEFAULT_TITLE`` is in ``crisis.games``)."""
    root = Path(crisis.__file__).parent
    found = [
        hit
        for path in sorted(root.rglob("*.py"))
        if "games" not in path.relative_to(root).parts
        for hit in _title_names_in(path)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_title_name(tmp_path: Path) -> None:
    """The check above sees a name compared or used as a key (and ignores docstrings)."""
    text = '"""Plays time_of_crisis."""\nX = {"rome_in_crisis": 1}\nY = t == "time_of_crisis"\n'
    path = tmp_path / "_title_names_probe.py"
    path.write_text(text)
    assert [h.split(": ", 1)[1] for h in _title_names_in(path)] == [
        "'rome_in_crisis'",
        "'time_of_crisis'",
    ]


def test_reading_the_declarations_imports_no_rules() -> None:
    """``import crisis.ai`` loads no title, and reading one title's declared bots loads
    neither the other title nor the modules behind its bots, hint and evaluator: a search
    worker, the command line and the other title do not pay for them; a bot made, a hint
    asked or a position rated imports what it needs then."""
    probe = (
        "import json, sys, crisis.ai\n"
        "first = sorted(m for m in sys.modules if m.startswith('crisis.games.'))\n"
        "from crisis.ai.support import title_bots\n"
        "from crisis.games import DEFAULT_TITLE\n"
        "bots = title_bots(DEFAULT_TITLE)\n"
        "print(json.dumps([first, sorted(m for m in sys.modules if m.startswith('crisis.'))]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    first, after = json.loads(out)
    assert first == [], first
    title = get_title(DEFAULT_TITLE)
    other = [name for name in TITLES if name != DEFAULT_TITLE]
    assert title.bots.module is not None
    behind = [m for m in after if m.startswith(title.bots.module.rsplit(".", 1)[0] + ".")]
    assert behind == [title.bots.module], behind  # the declaration, none of its bots' modules
    assert not [m for m in after for o in other if m.startswith(f"crisis.games.{o}")]
