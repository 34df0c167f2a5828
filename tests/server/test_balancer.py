"""The nginx configuration the docs give hosts (docs/hosting/nginx.conf), run as it is in
front of two server processes on one PostgreSQL database: everything about one table reaches
one process, the tables are spread over both, the processes see each client's own address,
and a page's websocket passes the origin check through it.

Real nginx (Debian's ``nginx-light``, installed by tools/ensure-debian.sh), real processes,
real websockets.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

from crisis.devtools.loadtest import free_port, post
from crisis.server.store.schema import sockets
from tests.databases import Database, fresh_database, in_ci
from tests.server.test_site import get, next_state, servers

pytestmark = pytest.mark.slow

CONFIG = Path(__file__).resolve().parents[2] / "docs" / "hosting" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
TABLES = 16


@pytest.fixture
def pg(tmp_path: Path) -> Iterator[Database]:
    with fresh_database("postgresql", tmp_path) as found:
        yield found


def _need_nginx() -> None:
    if not os.access(NGINX, os.X_OK):
        why = "nginx is not installed (tools/ensure-debian.sh installs it)"
        if in_ci():
            pytest.fail(why)
        pytest.skip(why)


def render(ports: list[int], listen: int) -> str:
    """The hosts' file with its two example processes and its port replaced by the test's."""
    text = CONFIG.read_text()
    for example, port in zip((8001, 8002), ports, strict=True):
        assert text.count(f"server 127.0.0.1:{example};") == 1, "the file's example changed"
        text = text.replace(f"server 127.0.0.1:{example};", f"server 127.0.0.1:{port};")
    assert text.count("listen 80;") == 1, "the file's example changed"
    return text.replace("listen 80;", f"listen 127.0.0.1:{listen};")


@contextmanager
def nginx(folder: Path, ports: list[int]) -> Iterator[str]:
    """nginx with the hosts' file in front of ``ports``; yields its base URL."""
    listen = free_port()
    (folder / "crisis.conf").write_text(render(ports, listen))
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    (folder / "nginx.conf").write_text(
        f"worker_processes 1; pid {folder / 'nginx.pid'};\n"
        "events { worker_connections 512; }\n"
        # Each request's path and the process nginx passed it to, for the test to check.
        "http { log_format route '$uri $upstream_addr'; "
        f"access_log {folder / 'route.log'} route; {temp} uwsgi_temp_path {folder / 'uwsgi'}; "
        f"scgi_temp_path {folder / 'scgi'}; include {folder / 'crisis.conf'}; }}\n"
    )
    cmd = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", "stderr"]
    proc = subprocess.Popen([*cmd, "-g", "daemon off;"], stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{listen}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/meta", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    raise RuntimeError(f"nginx did not start: {err[-2000:]}") from None
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(10)


def watch(base: str, table: str, tokens: list[str], source: str) -> ClientConnection:
    """A greeted websocket through ``base`` from loopback address ``source``, opened as the
    site's page opens it (with its origin); its first state read."""
    ws = connect(
        base.replace("http", "ws") + f"/ws/{table}",
        origin=base,  # type: ignore[arg-type]
        open_timeout=60,
        source_address=(source, 0),
        legacy=True,
    )
    ws.send(json.dumps({"type": "hello", "tokens": tokens}))
    welcome = json.loads(ws.recv(10))
    assert welcome["type"] == "welcome", welcome
    next_state(ws)
    return ws


def test_nginx_sends_everything_about_a_table_to_one_process(pg: Database, tmp_path: Path) -> None:
    _need_nginx()
    with (
        servers(pg.url, 2, "--forwarded-allow-ips", "127.0.0.1") as running,
        nginx(tmp_path, [int(base.rsplit(":", 1)[1]) for base, _ in running]) as site,
    ):
        made = [
            post(site, "/api/tables", {"seats": [{"kind": "human"}] * 2, "seed": i})
            for i in range(TABLES)
        ]
        open_ = []
        for table in made:
            seat = next(iter(table["tokens"].values()))
            open_.append(watch(site, table["table"]["id"], [seat], "127.0.0.2"))
            open_.append(watch(site, table["table"]["id"], [], "127.0.0.3"))
            assert get(site, f"/api/tables/{table['table']['id']}")["id"] == table["table"]["id"]
        engine = sa.create_engine(pg.url)
        try:
            with engine.connect() as db:
                rows = db.execute(sa.select(sockets.c.game, sockets.c.process, sockets.c.address))
                found = list(rows)
        finally:
            engine.dispose()
        by_table: dict[str, set[str]] = {}
        for game, process, _ in found:
            by_table.setdefault(game, set()).add(process)
        assert len(found) == 2 * TABLES
        # Each table's two sockets on one process; the tables over both processes.
        assert all(len(held) == 1 for held in by_table.values()), by_table
        assert len({p for held in by_table.values() for p in held}) == 2, by_table
        # Two client addresses, not nginx's one: the per-address limits see the people.
        assert len({address for _, _, address in found}) == 2

        # A move posted through nginx reaches the table's watchers.
        first = made[0]
        table, tokens = first["table"]["id"], first["tokens"]
        states = {r: get(site, f"/api/tables/{table}/state", t) for r, t in tokens.items()}
        mover = next(r for r, s in states.items() if s["actions"])
        now = states[mover]
        action = next(x for x in now["actions"] if x[0] != "undo")
        body = {"role": mover, "action": action, "version": now["version"]}
        post(site, f"/api/tables/{table}/actions", body, tokens[mover])
        seen = next_state(open_[1], after=now["version"])  # the spectator's socket
        assert seen["version"] == now["version"] + 1
        for ws in open_:
            ws.close()

    # nginx has stopped (its log is complete): every request about a table, websocket or
    # HTTP, went to one process.
    routes: dict[str, set[str]] = {}  # table -> the processes its requests went to
    kinds: dict[str, set[str]] = {}  # table -> "ws", "api"
    for line in (tmp_path / "route.log").read_text().splitlines():
        path, upstream = line.split(" ", 1)
        parts = path.strip("/").split("/")
        if parts[0] == "ws":
            about, kind = parts[1], "ws"
        elif parts[:2] == ["api", "tables"] and len(parts) > 2:
            about, kind = parts[2], "api"
        else:
            continue  # not about one table (the lobby, creating tables): spread
        routes.setdefault(about, set()).add(upstream)
        kinds.setdefault(about, set()).add(kind)
    assert set(routes) == {t["table"]["id"] for t in made}
    assert all(len(upstreams) == 1 for upstreams in routes.values()), routes
    assert all(both == {"ws", "api"} for both in kinds.values())  # HTTP went with the sockets
