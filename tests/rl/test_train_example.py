"""The training example runs for a few seconds and saves a policy that loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")  # the `train` extra

pytestmark = pytest.mark.training

ROOT = Path(__file__).resolve().parents[2]


def test_train_policy_smoke(tmp_path: Path) -> None:
    out = tmp_path / "policy.pt"
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_policy.py"),
            "--minutes",
            "0.03",
            "--block",
            "2",
            "--batch",
            "2",
            "--seed",
            "1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "win rate" in run.stdout
    saved = torch.load(out)
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        from train_policy import Policy
    finally:
        sys.path.pop(0)
    policy = Policy(saved["obs_size"], saved["num_actions"])
    policy.load_state_dict(saved["state_dict"])
    obs = torch.zeros(1, saved["obs_size"])
    mask = torch.zeros(1, saved["num_actions"], dtype=torch.int8)
    mask[0, 3] = 1
    logits, _ = policy(obs, mask)
    assert int(logits.argmax()) == 3
