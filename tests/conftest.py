"""Test markers: everything under tests/web drives a browser, and every fuzz, Ray, browser,
training, strength or load test is also ``slow``, so ``pytest -m "not slow"`` leaves them all
out (the markers are registered in pyproject.toml; ``make test`` runs every test)."""

from __future__ import annotations

from pathlib import Path

import pytest

WEB = Path(__file__).parent / "web"
SLOW_KINDS = ("fuzz", "ray", "browser", "training", "strength", "load")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark browser tests by folder, then mark every long kind of test ``slow``."""
    for item in items:
        if item.path.is_relative_to(WEB):
            item.add_marker(pytest.mark.browser)
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
