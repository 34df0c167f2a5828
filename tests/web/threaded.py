"""A server for browser tests in a thread of the test process (uvicorn on a free port), so a
test can reach the app's objects (its SMTP inbox, its database) while a real browser sees the
real headers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.waiting import wait_for


@contextmanager
def served_in_thread(app: Any, port: int) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1:``port`` until the block ends; yields its base URL."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started or not thread.is_alive(), "the server to start")
    assert server.started, "the server stopped while starting"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


@contextmanager
def accounts_site(folder: Path, smtp_url: str | None = None) -> Iterator[tuple[str, Any]]:
    """A site with accounts on a fresh SQLite file in ``folder``, served in a thread: its base
    URL and its application (mails go to ``smtp_url``, or to the log without one)."""
    from crisis.devtools.loadtest import free_port
    from crisis.server import create_app
    from crisis.server.accounts import install
    from tests.databases import fresh_database

    with fresh_database("sqlite", folder) as db:
        port = free_port()
        app = create_app(db.url, bot_delay=0.0, bot_workers=1)
        install(app, smtp_url=smtp_url, public_url=f"http://127.0.0.1:{port}", mail_poll=0.1)
        with served_in_thread(app, port) as base:
            yield base, app
