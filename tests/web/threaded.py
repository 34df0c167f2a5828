"""A server for browser tests in a thread of the test process (uvicorn on a free port), so a
test can reach the app's objects (its SMTP inbox, its database) while a real browser sees the
real headers."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def served_in_thread(app: Any, port: int) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1:``port`` until the block ends; yields its base URL."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
