"""A serving process is tuned for the collector: its thresholds are raised
and everything made while starting up is frozen out of the collector's sight, so that no
collection walks the modules, the titles' data and the application again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from crisis.server.app import COLLECTOR_THRESHOLDS

PROBE = """
import gc, json, sys
from crisis.server.app import _tuned
from crisis.server.settings import Settings
before = gc.get_freeze_count()
app = _tuned(Settings(**json.loads(sys.argv[1])))
print(json.dumps({"before": before, "after": gc.get_freeze_count(),
                  "threshold": gc.get_threshold(), "app": type(app).__name__}))
"""


def test_a_served_application_starts_with_its_objects_frozen(tmp_path: Path) -> None:
    settings = {
        "database": f"sqlite:///{tmp_path / 'site.db'}",
        "bot_delay": 0.0,
        "allow_seed": False,
        "tables_per_minute": 10,
        "think_seconds": 1.0,
        "bot_workers": 1,
        "origins": [],
        "smtp_url": None,
        "public_url": None,
        "mail_from": None,
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(settings)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["app"] == "FastAPI"
    assert got["before"] == 0
    # Start-up made tens of thousands of objects (modules, cards, maps, routes): all frozen.
    assert got["after"] > 10_000
    assert tuple(got["threshold"]) == COLLECTOR_THRESHOLDS
    assert got["threshold"][0] > 700  # collected less often than CPython's default
