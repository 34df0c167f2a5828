"""Waiting on a condition in tests: the one loop the server and browser tests share.

A test waits for something that happens in the background (a mail, a row, a turn recorded)
by polling a check. The timeout is only a guard against a test that would hang: generous,
so that a busy machine is never mistaken for a bug (see CONTRIBUTING, "Tests are steady").
"""

from __future__ import annotations

import time
from collections.abc import Callable

GUARD_SECONDS = 120.0


def wait_for(
    check: Callable[..., object], what: str = "the condition", seconds: float = GUARD_SECONDS
) -> None:
    """Poll ``check`` until it returns something true; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
