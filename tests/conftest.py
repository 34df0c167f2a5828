"""Test markers: everything under tests/web drives a browser, and every fuzz, Ray, browser,
training, strength or load test is also ``slow``, so ``pytest -m "not slow"`` leaves them all
out (the markers are registered in pyproject.toml; ``make test`` runs every test). A database
test's run on PostgreSQL is marked ``postgresql``: the quick suite (``make test-quick``) runs
each database test on SQLite only, and ``make test`` on both.

Servers made by the tests, in this process or as processes of their own, allow password
hashes at a fixed rate well above what the tests spend (``CRISIS_HASHES_PER_SECOND``): the
site's own budget is measured at start from the machine's speed, and on a busy machine it
would refuse a test's few sign-ups in a row as ``busy``. The budget's own tests set or unset
the variable (tests/server/test_password_cost.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("CRISIS_HASHES_PER_SECOND", "1000")

WEB = Path(__file__).parent / "web"
SLOW_KINDS = ("fuzz", "ray", "browser", "training", "strength", "load")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark browser tests by folder and the PostgreSQL runs of the database tests by their
    parameter, then mark every long kind of test ``slow``."""
    for item in items:
        if item.path.is_relative_to(WEB):
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        if callspec is not None and any(
            isinstance(value, str) and value == "postgresql" for value in callspec.params.values()
        ):
            item.add_marker(pytest.mark.postgresql)
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
