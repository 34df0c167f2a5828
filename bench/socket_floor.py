"""The web stack's own cost per action: a server that speaks the table protocol with no game.

    .venv/bin/python bench/socket_floor.py --port 8401 &
    .venv/bin/crisis loadtest --tables 200 --url http://127.0.0.1:8401 --server-pid $!

``crisis loadtest``'s people cannot tell it from the real server: tables are made through
``POST /api/tables``, and at ``/ws/TABLE`` a ``hello`` gets a ``state``, and an ``act`` at the
right version gets ``acted`` followed by a new ``state`` for each of the table's four
connections. But the seats simply take turns passing, and each ``state``'s view is
prebuilt filler of the real view's size (``--view-bytes``, about 7.6 KB for Time of Crisis);
only the few fields around it are formatted per recipient.
What the load test reports as this server's CPU per action is therefore the floor under
``crisis serve`` for the same traffic. The uvicorn settings (uvloop, httptools, no
per-message compression), FastAPI with a gzip middleware and the per-connection writer
tasks are the same as in ``crisis serve``. Set against the real server's figure, it shows
how much of an action's CPU is the game's and the site's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
from collections import deque
from typing import Any

import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware

ROLES = ("red", "blue", "green", "yellow")


class Table:
    """A table whose seats take turns passing: the version says whose turn it is."""

    def __init__(self, view: str) -> None:
        self.version = 0
        self.view = view
        self.connections: list[Connection] = []

    def state(self, role: str) -> bytes:
        """The ``state`` message for ``role``: the acting seat's carries its one action."""
        actions = '[["pass",null]]' if role == ROLES[self.version % len(ROLES)] else "[]"
        return (
            f'{{"type":"state","version":{self.version},"role":"{role}",'
            f'"table":{{"status":"playing"}},"view":{self.view},'
            f'"actions":{actions},"ending":[]}}'
        ).encode()


class Connection:
    """A websocket's queue of messages and the task that sends them, as in ``crisis serve``."""

    def __init__(self, ws: WebSocket, role: str) -> None:
        self.ws, self.role = ws, role
        self.queue: deque[bytes] = deque()
        self.ready = asyncio.Event()

    def deliver(self, payload: bytes) -> None:
        """Queue ``payload`` for the writer task."""
        self.queue.append(payload)
        self.ready.set()

    async def write(self) -> None:
        """Send what is queued until cancelled."""
        while True:
            await self.ready.wait()
            self.ready.clear()
            while self.queue:
                await self.ws.send_text(self.queue.popleft().decode())


def make_app(view_bytes: int) -> FastAPI:
    """The application: table creation and the table socket."""
    app = FastAPI()
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    view = json.dumps({"filler": "a" * view_bytes})
    tables: dict[str, Table] = {}

    @app.post("/api/tables")
    async def make_table() -> dict[str, Any]:
        table_id = secrets.token_hex(8)
        tables[table_id] = Table(view)
        return {"table": {"id": table_id}, "tokens": {r: f"{table_id}.{r}" for r in ROLES}}

    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = tables[table_id]
        hello = json.loads(await ws.receive_text())
        me = Connection(ws, hello["tokens"][0].split(".")[1])
        table.connections.append(me)
        writer = asyncio.ensure_future(me.write())
        me.deliver(table.state(me.role))
        try:
            while True:
                message = json.loads(await ws.receive_text())
                turn = ROLES[table.version % len(ROLES)]
                if message.get("version") != table.version or me.role != turn:
                    me.deliver(b'{"type":"error","code":"stale"}')
                    continue
                table.version += 1
                me.deliver(b'{"type":"acted"}')
                for other in table.connections:
                    other.deliver(table.state(other.role))
        except WebSocketDisconnect:
            pass
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            table.connections.remove(me)

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8401)
    parser.add_argument("--view-bytes", type=int, default=7600, help="filler per state message")
    args = parser.parse_args()
    uvicorn.run(
        make_app(args.view_bytes),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=16384,
    )


if __name__ == "__main__":
    main()
