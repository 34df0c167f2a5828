"""The ``crisis`` command line: fuzz, bench, replay and the terminal game (piped input)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from crisis import tui
from crisis.cli import app
from crisis.devtools import fuzz
from crisis.engine.action import Action
from crisis.engine.title import FuzzProfile
from crisis.games import TITLES
from crisis.games import time_of_crisis as toc

runner = CliRunner()


def _rounds(output: str) -> list[int]:
    return [int(n) for n in re.findall(r"round (\d+),", output)]


# -- fuzz ------------------------------------------------------------------------------------


def test_fuzz_prints_a_summary_and_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "failures"
    result = runner.invoke(
        app, ["fuzz", "--games", "3", "--players", "2,3", "--seed", "4", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"games\s*│\s*3", result.output)
    assert re.search(r"finished\s*│\s*3", result.output)
    assert re.search(r"failures\s*│\s*0", result.output)
    assert re.search(r"2-player games\s*│\s*2", result.output)
    assert not out.exists()  # no failure, no replay files


def test_fuzz_rejects_bad_player_counts() -> None:
    result = runner.invoke(app, ["fuzz", "--games", "1", "--players", "two"])
    assert result.exit_code != 0


def _crashing_apply(state: Any, role: str, action: Any) -> None:
    if Action.parse(action).verb == "end_buy" and state.round >= 2:
        raise RuntimeError("boom in end_buy")
    toc.apply(state, role, action)


@pytest.fixture
def crashy(monkeypatch: pytest.MonkeyPatch) -> str:
    """A registered title that is Time of Crisis except that it crashes in round 2."""
    module = types.ModuleType("crashy_title_for_tests")
    # No invariants and no fuzz profile: the crash alone is what the fuzzer must find.
    module.TITLE = dataclasses.replace(  # type: ignore[attr-defined]
        toc.TITLE,
        name="crashy",
        rules=dataclasses.replace(toc.TITLE.rules, apply=_crashing_apply, invariants=None),
        bots=dataclasses.replace(toc.TITLE.bots, fuzz=FuzzProfile()),
    )
    monkeypatch.setitem(sys.modules, "crashy_title_for_tests", module)
    monkeypatch.setitem(TITLES, "crashy", "crashy_title_for_tests")
    return "crashy"


def test_fuzz_failure_exits_1_and_its_replay_reproduces_it(tmp_path: Path, crashy: str) -> None:
    out = tmp_path / "failures"
    result = runner.invoke(
        app, ["fuzz", "--title", crashy, "--games", "2", "--seed", "1", "--out", str(out)]
    )
    assert result.exit_code == 1, result.output
    assert re.search(r"failures\s*│\s*2", result.output)
    files = sorted(out.glob("*.json"))
    assert len(files) == 2
    record = json.loads(files[0].read_text())
    assert record["title"] == "crashy" and record["failure"]["kind"] == "crash"

    again = runner.invoke(app, ["fuzz", "--replay", str(files[0])])
    assert again.exit_code == 1, again.output
    assert "Reproduced: crash" in again.output
    assert "boom in end_buy" in again.output

    # The same log is fine for the real title: replaying it there finds nothing.
    record["title"] = "time_of_crisis"
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(record))
    fine = runner.invoke(app, ["fuzz", "--replay", str(clean)])
    assert fine.exit_code == 0, fine.output
    assert "No failure" in fine.output


def test_fuzz_replay_of_a_missing_file_is_an_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fuzz", "--replay", str(tmp_path / "nope.json")])
    assert result.exit_code != 0


# -- bench -----------------------------------------------------------------------------------


def test_bench_prints_the_figures() -> None:
    result = runner.invoke(app, ["bench", "--games", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    for label in (
        "actions per second",
        "complete games per second",
        "average actions per game",
        "round trip (us)",
        "copy_state (us)",
    ):
        assert label in result.output
    assert re.search(r"games finished\s*│\s*2", result.output)


def test_bench_prints_the_per_action_and_search_figures() -> None:
    """The checked and trusted paths cost more than the floor loop over the same positions,
    and the hard search at fixed rollouts played some."""
    result = runner.invoke(
        app, ["bench", "--games", "1", "--recorded", "1", "--decisions", "4", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    figures = {
        key: float(m.group(1))
        for key, label in (
            ("checked", r"actions \+ apply \(µs per action\)"),
            ("trusted", r"actions \+ perform \(µs per action\)"),
            ("floor", r"floor loop \(µs per action\)"),
            ("rollouts", r"rollouts per second"),
        )
        if (m := re.search(label + r"\s*│\s*([\d.]+)", result.output))
    }
    assert set(figures) == {"checked", "trusted", "floor", "rollouts"}, result.output
    assert figures["checked"] > figures["floor"] and figures["trusted"] > figures["floor"]
    assert figures["rollouts"] > 0


# -- replay ----------------------------------------------------------------------------------


def test_replay_prints_the_final_result(tmp_path: Path) -> None:
    run = fuzz.play_game(toc.TITLE, 12, {"players": 3})
    assert run.finished
    record = fuzz.make_record(toc.TITLE, 12, {"players": 3}, run, fuzz.FuzzConfig())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    final = toc.result(run.state)
    assert final is not None
    assert f"{final['winner']} won" in " ".join(result.output.split())  # Rich may wrap it
    printed = json.loads(result.output.strip().splitlines()[-1])
    assert printed["scores"] == final["scores"] and printed["ranking"] == final["ranking"]


def test_replay_of_an_unfinished_game_says_who_is_to_act(tmp_path: Path) -> None:
    run = fuzz.play_game(toc.TITLE, 12, {"players": 2})
    record = fuzz.make_record(toc.TITLE, 12, {"players": 2}, run, fuzz.FuzzConfig())
    record["log"] = record["log"][:20]
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "After 20 actions the game is not over" in result.output


def test_replay_of_an_illegal_log_fails(tmp_path: Path) -> None:
    record = {"title": "time_of_crisis", "seed": 1, "options": {"players": 2}, "log": []}
    record["log"] = [["green", "end_buy", None]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "replay stopped" in result.output


# -- play ------------------------------------------------------------------------------------


def test_play_with_piped_numbers_passes_turns_then_quits() -> None:
    answers = "\n".join(["1"] * 25 + ["q"]) + "\n"
    result = runner.invoke(app, ["play", "--players", "3", "--seed", "5"], input=answers)
    assert result.exit_code == 0, result.output
    assert "green to act" in result.output
    assert "Provinces" in result.output and "Italia" in result.output
    assert "view of green" in result.output and "hand: " in result.output
    assert "Quit after" in result.output
    rounds = _rounds(result.output)
    assert rounds and max(rounds) >= 4  # several rounds of turns went by
    # Only green's own view (the only one with a hand) is ever shown.
    assert "view of blue" not in result.output and "view of yellow" not in result.output


def test_play_hotseat_gives_every_human_the_menu() -> None:
    answers = "\n".join(["1"] * 40 + ["q"]) + "\n"
    result = runner.invoke(
        app,
        ["play", "--players", "2", "--seat", "green", "--seat", "blue", "--seed", "8"],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "green to act" in result.output and "blue to act" in result.output
    assert "view of blue" in result.output


def test_play_ignores_bad_input_and_saves_a_replayable_record(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    answers = "\n".join(["hello", "999", "", "1", "1", "q"]) + "\n"
    result = runner.invoke(
        app, ["play", "--players", "2", "--seed", "3", "--save", str(save)], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "Type a number from 1 to" in result.output
    record = json.loads(save.read_text())
    assert record["title"] == "time_of_crisis" and record["seed"] == 3
    assert len(record["log"]) >= 2
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output


def test_play_rejects_an_unknown_seat() -> None:
    result = runner.invoke(app, ["play", "--players", "2", "--seat", "red"], input="q\n")
    assert result.exit_code != 0


def test_play_runs_to_the_end_with_bots_and_a_persistent_human() -> None:
    """A human who always takes the first menu line still reaches the end of the game."""
    match = tui.play(
        players=2,
        humans=("green",),
        seed=2,
        read=lambda _prompt: "1",
        console=tui.Console(file=io.StringIO(), width=120),
    )
    final = match.result()
    assert final is not None and set(final["scores"]) == {"green", "blue"}


def test_menu_puts_phase_ending_actions_first() -> None:
    acts = [Action("play_card", "red1"), Action("undo"), Action("end_actions")]
    assert tui.menu_order(acts, toc.TITLE.rules.machine.ending()) == [
        Action("end_actions"),
        Action("play_card", "red1"),
        Action("undo"),
    ]


def test_menu_lines_are_the_titles_own_words() -> None:
    """The terminal shows each title's labels (with cost and note), never its own table."""
    from crisis.games import rome_in_crisis as ric
    from crisis.games import time_of_crisis as toc

    state = toc.setup(3, {"players": 2})
    role = toc.active(state)[0]
    menu = toc.actions(state, role)
    lines = tui.menu_lines(toc.TITLE, state, role, [*menu, Action("undo")])
    words = toc.describe(state, role, menu)
    assert all(line.startswith(w["label"]) for line, w in zip(lines[:-1], words, strict=True))
    assert lines[-1] == "Take back the last action"
    state = ric.setup(3, {"players": 3})
    role = ric.active(state)[0]
    lines = tui.menu_lines(ric.TITLE, state, role, ric.actions(state, role))
    assert lines == [f"Elect by {m} rating" for m in ("Military", "SPQR", "Praetorian")]


def test_the_console_script_reads_piped_stdin() -> None:
    answers = "\n".join(["1"] * 15 + ["q"]) + "\n"
    proc = subprocess.run(
        [sys.executable, "-m", "crisis.cli", "play", "--players", "2", "--seed", "9"],
        input=answers,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "green to act" in proc.stdout and "Quit after" in proc.stdout


# -- Rome in Crisis through the same commands ------------------------------------------------


def test_play_rome_in_crisis_to_the_end_against_its_heuristic_bot(tmp_path: Path) -> None:
    save = tmp_path / "ric.json"
    answers = "\n".join(["1"] * 400) + "\n"
    args = ["play", "--title", "rome_in_crisis", "--players", "3", "--bot", "heuristic"]
    result = runner.invoke(app, [*args, "--seed", "4", "--save", str(save)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Rome in Crisis, 3 players" in result.output
    assert "Crisis #" in result.output or "No crises" in result.output  # the table, as text
    assert "Game over" in result.output
    record = json.loads(save.read_text())
    assert record["title"] == "rome_in_crisis"
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "won" in replayed.output


def test_play_takes_a_players_card_file_and_rejects_a_bad_one(tmp_path: Path) -> None:
    from crisis.games.rome_in_crisis import data as ric_data

    good = ric_data.default_cards()
    good["offices"]["emperor"]["success"] = 7
    path = tmp_path / "cards.toml"
    path.write_text(_toml(good))
    result = runner.invoke(
        app,
        ["play", "--title", "rome_in_crisis", "--players", "2", "--cards", str(path)],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    bad = tmp_path / "bad.toml"
    bad.write_text('[influence.goths]\nname = "Goths"\nvalues = [1]\n')
    result = runner.invoke(
        app, ["play", "--title", "rome_in_crisis", "--cards", str(bad)], input="q\n"
    )
    assert result.exit_code != 0 and "bad.toml" in _unboxed(result.output)
    result = runner.invoke(app, ["play", "--cards", str(path)], input="q\n")
    assert result.exit_code != 0 and "doesnottakeacardfile" in _unboxed(result.output)


def test_fuzz_runs_rome_in_crisis_with_its_invariants() -> None:
    result = runner.invoke(
        app, ["fuzz", "--title", "rome_in_crisis", "--games", "6", "--players", "2,3,4"]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"failures\s*│\s*0\s", result.output)
    assert re.search(r"finished\s*│\s*6\s", result.output)


def _unboxed(text: str) -> str:
    """Typer's error box without its borders and line breaks (long paths wrap inside it)."""
    return "".join(ch for ch in text if not ch.isspace() and ch not in "│╭╮╰╯─")


def _toml(value: dict, prefix: str = "") -> str:
    """A tiny TOML writer for nested tables of scalars, lists and inline dicts (test data)."""

    def scalar(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(scalar(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {scalar(x)}" for k, x in v.items()) + " }"
        return str(v)

    lines: list[str] = []
    tables = {k: v for k, v in value.items() if isinstance(v, dict) and _is_table(v)}
    for k, v in value.items():
        if k not in tables:
            lines.append(f"{k} = {scalar(v)}")
    out = "\n".join(lines) + "\n"
    for k, v in tables.items():
        name = f"{prefix}.{k}" if prefix else k
        if any(not isinstance(x, dict) or not _is_table(x) for x in v.values()):
            out += f"\n[{name}]\n"
        out += _toml(v, name)
    return out


def _is_table(v: dict) -> bool:
    """Dicts of dicts (or with nested dicts as values that hold lists/strings) are tables."""
    return any(isinstance(x, dict) for x in v.values()) or any(
        isinstance(x, (list, str)) for x in v.values()
    )
