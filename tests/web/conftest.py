"""Browser tests: each test's pages are closed when it ends.

A page left open keeps its renderer running (timers, the table's websocket and its
redraws) until the module's browser closes; on a 2-core CI machine dozens of those took
20-40% of a core each and made later tests time out.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _close_pages() -> Iterator[None]:
    yield
    from tests.web.test_browser import OPEN_PAGES

    while OPEN_PAGES:
        page = OPEN_PAGES.pop()
        with contextlib.suppress(Exception):  # already closed, or its browser went first
            page.close()
