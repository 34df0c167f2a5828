"""The research examples run end to end with tiny settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Each example trains or searches for tens of seconds: slow, with the training example.
pytestmark = pytest.mark.training


def _run(script: str, *args: str) -> str:
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return run.stdout


def test_maskable_ppo_smoke() -> None:
    out = _run("maskable_ppo.py", "--timesteps", "64", "--eval-games", "1")
    assert "rome_in_crisis vs heuristic: win rate" in out
    assert "time_of_crisis vs balanced: win rate" in out


def test_openspiel_ismcts_smoke() -> None:
    out = _run(
        "openspiel_ismcts.py",
        "--games",
        "1",
        "--simulations",
        "2",
        "--depth",
        "2",
        "--max-moves",
        "40",
    )
    assert "rome_in_crisis: ISMCTS (2 simulations) vs heuristic: won" in out
    assert "time_of_crisis: ISMCTS (2 simulations) vs balanced: won" in out
