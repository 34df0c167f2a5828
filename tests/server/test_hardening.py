"""Server hardening: each bad input gets its coded error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from crisis.devtools.loadtest import free_port, start_server, stop_server
from crisis.engine.match import Match
from crisis.server import limits
from tests.databases import Database
from tests.waiting import wait_for

from .conftest import BOT, HUMAN, create, make_client, stored


def _hello(ws: Any, tokens: list[str]) -> None:
    ws.send_json({"type": "hello", "tokens": tokens})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    assert ws.receive_json()["type"] == "state"


def _next(ws: Any, kind: str) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != kind:
        pass
    return dict(msg)


def test_a_rematch_counts_against_the_table_limit(db: Database) -> None:
    with make_client(db, tables_per_minute=1) as client:
        table, tokens = create(client, [HUMAN, BOT])
        headers = {"X-Seat-Token": tokens["green"]}
        res = client.post(f"/api/tables/{table}/resign", json={"role": "green"}, headers=headers)
        assert res.json()["status"] == "finished"
        res = client.post(f"/api/tables/{table}/rematch", headers=headers)
        assert res.status_code == 429 and res.json()["code"] == "rate_limited"
        assert client.get(f"/api/tables/{table}").json()["rematch"] is None
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "tokens": [tokens["green"]]})
            ws.send_json({"type": "rematch"})
            assert _next(ws, "error")["code"] == "rate_limited"


def _post(base: str, body: dict[str, Any], forwarded: str) -> int:
    req = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded},
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return int(res.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


@pytest.fixture
def server(db: Database, request: pytest.FixtureRequest) -> Iterator[str]:
    port = free_port()
    proc = start_server(db.url, port, "--tables-per-minute", "1", *request.param)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


@pytest.mark.parametrize("server", [()], indirect=True)
def test_forwarded_for_is_not_believed_by_default(server: str) -> None:
    body = {"seats": [HUMAN, BOT]}
    assert _post(server, body, "203.0.113.1") == 201
    assert _post(server, body, "203.0.113.2") == 429  # still 127.0.0.1 to the server


@pytest.mark.parametrize("server", [("--forwarded-allow-ips", "127.0.0.1")], indirect=True)
def test_forwarded_for_is_believed_from_a_named_proxy(server: str) -> None:
    body = {"seats": [HUMAN, BOT]}
    assert _post(server, body, "203.0.113.1") == 201
    assert _post(server, body, "203.0.113.2") == 201  # another client behind the proxy
    assert _post(server, body, "203.0.113.2") == 429


def test_deep_json_and_byte_length_on_the_websocket(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    before = stored(client, table)
    with client.websocket_connect(f"/ws/{table}") as ws:
        _hello(ws, [tokens["green"]])
        ws.send_text("[" * 2000 + "]" * 2000)  # 4,000 bytes: fits, but nests 2,000 deep
        reply = _next(ws, "error")
        assert reply["code"] == "bad_message" and "deep" in reply["message"]
        # 1,400 characters of 3 bytes each: 4,200 bytes, over the 4 KiB limit.
        ws.send_text(json.dumps({"type": "ping", "pad": "€" * 1400}, ensure_ascii=False))
        reply = _next(ws, "error")
        assert reply["code"] == "bad_message" and "bytes" in reply["message"]
        ws.send_json({"type": "ping"})
        _next(ws, "pong")  # the connection still works
    assert stored(client, table) == before


def test_malformed_http_json_gets_the_coded_body(client: TestClient) -> None:
    res = client.post("/api/tables", content=b"{nope", headers={"Content-Type": "application/json"})
    assert res.status_code == 400
    assert res.json()["type"] == "error" and res.json()["code"] == "bad_message"
    res = client.get("/api/no-such-thing")
    assert res.status_code == 404 and res.json()["code"] == "not_found"


def test_an_oversized_chunked_body_gets_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b"x" * 1024

    res = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert res.status_code == 413
    assert res.json() == {"type": "error", "code": "too_large", "message": "request body too large"}
    assert client.get("/api/tables").json()["tables"] == []


def _counted(client: TestClient, kind: str) -> int:
    """How many sockets of ``kind`` the server counts (in memory on SQLite, in the database
    on PostgreSQL)."""
    from sqlalchemy import func, select

    from crisis.server.store.repository import sockets

    site = client.app.state.hall.site  # type: ignore[attr-defined]
    if site._local is not None:
        return sum(1 for _a, _g, k in site._local.values() if k == kind)
    with site.store.engine.connect() as db:
        return int(
            db.execute(
                select(func.count()).select_from(sockets).where(sockets.c.kind == kind)
            ).scalar_one()
        )


def _wait_counted(client: TestClient, kind: str, done: Callable[[int], bool]) -> None:
    """Wait until the count of ``kind`` sockets satisfies ``done``: the server counts a
    socket a moment after accepting it, and forgets it a moment after it closes (in the
    background)."""
    wait_for(lambda: done(_counted(client, kind)), f"the count of {kind} sockets")


def _wait_pending(client: TestClient, n: int) -> None:
    """Wait until the server counts ``n`` sockets yet to say hello."""
    _wait_counted(client, "pending", lambda found: found >= n)


def test_connections_per_address_are_capped(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    client.app.state.socket_limits = {"pending": 3, "spectator": 2}  # type: ignore[attr-defined]
    with (
        client.websocket_connect(f"/ws/{table}") as a,
        client.websocket_connect(f"/ws/{table}") as b,
    ):
        _hello(a, [])
        _hello(b, [])
        with client.websocket_connect(f"/ws/{table}") as c:  # a third spectator: refused
            c.send_json({"type": "hello", "tokens": []})
            assert _next(c, "error")["code"] == "rate_limited"
        # The player shares the address (a home, a campus): never kept out by its spectators.
        with client.websocket_connect(f"/ws/{table}") as player:
            _hello(player, [tokens["green"]])
        # Sockets that never say hello are capped on their own.
        with (
            client.websocket_connect(f"/ws/{table}"),
            client.websocket_connect(f"/ws/{table}"),
            client.websocket_connect(f"/ws/{table}"),
        ):
            _wait_pending(client, 3)  # the server has counted the three silent sockets
            with client.websocket_connect(f"/ws/{table}") as e:
                assert e.receive_json()["code"] == "rate_limited"
                with pytest.raises(WebSocketDisconnect):
                    e.receive_json()
    # The others closed: room again, once the server has forgotten them.
    _wait_counted(client, "spectator", lambda found: found == 0)
    _wait_counted(client, "pending", lambda found: found == 0)
    with client.websocket_connect(f"/ws/{table}") as d:
        _hello(d, [])


def test_seat_holders_sockets_per_address_have_a_ceiling(client: TestClient) -> None:
    """Free tables of people only, a socket for each seat: one address held hundreds of
    sockets (a file and memory each) with no limit. Seat holders have a ceiling of their
    own per address, far above the spectators' (here lowered to 3 and 1), so spectators
    never keep a player out, but the sockets past it are refused with a code."""
    allowed = client.app.state.socket_limits  # type: ignore[attr-defined]
    assert allowed["seat"] == limits.SEAT_CONNECTIONS_PER_ADDRESS > 4 * allowed["spectator"]
    tables = [create(client, [HUMAN, HUMAN]) for _ in range(2)]
    client.app.state.socket_limits = {"pending": 8, "spectator": 1, "seat": 3}  # type: ignore[attr-defined]
    seats = [(t, token) for t, tokens in tables for token in tokens.values()]
    with (
        client.websocket_connect(f"/ws/{tables[0][0]}") as watcher,
        client.websocket_connect(f"/ws/{seats[0][0]}") as a,
        client.websocket_connect(f"/ws/{seats[1][0]}") as b,
        client.websocket_connect(f"/ws/{seats[2][0]}") as c,
    ):
        _hello(watcher, [])  # the address's one spectator: the seats come on top of it
        for ws, (_t, token) in zip((a, b, c), seats, strict=False):
            _hello(ws, [token])
        with client.websocket_connect(f"/ws/{seats[3][0]}") as d:  # a fourth: refused
            d.send_json({"type": "hello", "tokens": [seats[3][1]]})
            refused = _next(d, "error")
            assert refused["code"] == "rate_limited", refused
            assert "seat holders'" in refused["message"], refused
    _wait_counted(client, "seat", lambda found: found == 0)
    with client.websocket_connect(f"/ws/{seats[3][0]}") as d:  # room again once they closed
        _hello(d, [seats[3][1]])


def test_a_socket_closed_while_the_database_is_busy_is_still_forgotten(
    client: TestClient,
) -> None:
    """A socket's handler cancelled (a client gone, a server stopping) while its leaving waits
    for the database threads still stops counting it: a database call cancelled while queued
    is never made, and the address would have stayed at its limit for as long as the process
    lived (on PostgreSQL the sockets are rows; on SQLite they are counted in memory)."""
    import threading

    table, _ = create(client, [HUMAN, BOT])
    pool = client.app.state.hall._db  # type: ignore[attr-defined]
    release = threading.Event()
    with client.websocket_connect(f"/ws/{table}") as ws:
        _hello(ws, [])
        assert _counted(client, "spectator") == 1
        for _ in range(pool._max_workers):  # every database thread busy until released
            pool.submit(release.wait, 30)
    release.set()
    _wait_counted(client, "spectator", lambda found: found == 0)


def test_opening_sockets_is_rate_limited_per_address(client: TestClient) -> None:
    table, _ = create(client, [HUMAN, BOT])
    client.app.state.opens = limits.PerAddress(rate=0.0, burst=2)  # type: ignore[attr-defined]
    for _ in range(2):
        with client.websocket_connect(f"/ws/{table}") as ws:
            _hello(ws, [])
    with client.websocket_connect(f"/ws/{table}") as ws:
        reply = ws.receive_json()
        assert reply["code"] == "rate_limited" and "new connections" in reply["message"]


def test_another_site_s_page_cannot_spend_the_server_s_work(client: TestClient) -> None:
    """A script, image or frame of another site's page is refused on every rate-limited
    route (its visitors' addresses would spread it past the per-address limits); a person
    following a link, this site's own pages and programs that are not browsers are not."""
    table, tokens = create(client, [HUMAN, BOT])
    seat = next(iter(tokens))
    hint = f"/api/tables/{table}/hint/{seat}"
    secret = {"X-Seat-Token": tokens[seat]}
    cross = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    for path in (f"/api/tables/{table}/state", f"/api/tables/{table}/record", hint):
        res = client.get(path, headers={**secret, **cross})
        assert res.status_code == 403 and res.json()["code"] == "cross_site", (path, res.text)
        frame = {**cross, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}
        assert client.get(path, headers={**secret, **frame}).status_code == 403
    before = len(client.get("/api/tables").json()["tables"])
    made = client.post("/api/tables", json={"seats": [HUMAN, BOT], "seed": 2}, headers={**cross})
    assert made.status_code == 403 and made.json()["code"] == "cross_site"
    assert len(client.get("/api/tables").json()["tables"]) == before  # nothing was made
    link = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}
    link.update({"Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"})
    assert client.get(f"/api/tables/{table}/state", headers=link).status_code == 200
    # ... but the same navigation prefetched by another site's page, or not started by
    # the person, is that page's request
    prefetch = {**link, "Sec-Purpose": "prefetch"}
    unasked = {k: v for k, v in link.items() if k != "Sec-Fetch-User"}
    for headers in (prefetch, unasked):
        res = client.get(f"/api/tables/{table}/state", headers=headers)
        assert res.status_code == 403 and res.json()["code"] == "cross_site"
    own = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    assert client.get(f"/api/tables/{table}/state", headers=own).status_code == 200
    assert client.get(f"/api/tables/{table}/state").status_code == 200  # not a browser


def test_a_socket_that_never_says_hello_is_closed(client: TestClient) -> None:
    table, _ = create(client, [HUMAN, BOT])
    client.app.state.hello_seconds = 0.3  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table}") as ws:
        reply = ws.receive_json()
        assert reply["code"] == "bad_message" and "hello" in reply["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_watched_table_stays_in_memory(db: Database) -> None:
    with make_client(db) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        hall.cache_size = 1
        first, _ = create(client, [HUMAN, HUMAN])
        with client.websocket_connect(f"/ws/{first}") as ws:
            create(client, [HUMAN, HUMAN])  # before hello: the first table may be evicted
            create(client, [HUMAN, HUMAN])
            _hello(ws, [])  # ... and the socket then watches the table the hall holds
            assert first in hall.tables and hall.tables[first].watchers
            for _ in range(3):
                create(client, [HUMAN, HUMAN])
            assert first in hall.tables  # never evicted under its watcher


def test_a_person_who_resigns_stops_seeing_the_seat(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/{table}") as ws:
        _hello(ws, [tokens["green"]])
        ws.send_json({"type": "resign", "role": "green"})
        now = _next(ws, "state")
        while now["role"] is not None:
            now = _next(ws, "state")
        green = next(p for p in now["view"]["players"] if p["role"] == "green")
        assert "hand" not in green and now["actions"] == []
    with client.websocket_connect(f"/ws/{table}") as again:
        again.send_json({"type": "hello", "tokens": [tokens["green"]]})
        assert again.receive_json()["roles"] == []
    res = client.get(f"/api/tables/{table}/state", headers={"X-Seat-Token": tokens["green"]})
    assert res.status_code == 403


def test_rate_buckets_forget_the_least_recent_address() -> None:
    buckets = limits.PerAddress(rate=1e-9, burst=1, limit=3)
    assert buckets.take("a") and buckets.take("b") and buckets.take("c")
    assert not buckets.take("a")  # spent, and now the most recent
    assert buckets.take("d")  # evicts "b", the least recently seen
    assert list(buckets.buckets) == ["c", "a", "d"]
    assert not buckets.take("a")  # still spent: the flood reset nobody's limit


def test_a_cold_table_asked_for_at_once_is_loaded_once(client: TestClient) -> None:
    table, _ = create(client, [HUMAN, BOT])
    hall = client.app.state.hall  # type: ignore[attr-defined]
    hall.tables.pop(table)  # not in memory any more
    loads: list[str] = []
    load = hall.load

    def counting(game_id: str) -> Any:
        loads.append(game_id)
        return load(game_id)

    hall.load = counting

    async def many() -> list[Any]:
        return list(await asyncio.gather(*(hall.get(table) for _ in range(20))))

    lives = client.portal.call(many)  # type: ignore[union-attr]
    assert loads == [table] and all(live is lives[0] for live in lives)
    assert hall.tables[table] is lives[0]


def test_a_finished_table_loads_as_stored_without_replaying_its_log(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anyone may ask for any finished game: loading one must not replay its whole log in
    the database thread (where every table's writes wait). A table still being played is
    rebuilt from its log as before, checked against what was stored."""
    finished, _ = create(client, [BOT, BOT], {"short_game": True}, seed=5)
    with client.websocket_connect(f"/ws/{finished}") as ws:
        ws.send_json({"type": "hello"})
        while (msg := ws.receive_json())["type"] != "state" or (
            msg["table"]["status"] != "finished"
        ):
            pass
    playing, _ = create(client, [HUMAN, BOT])
    hall = client.app.state.hall  # type: ignore[attr-defined]
    shown = {t: hall.tables[t].payload(None) for t in (finished, playing)}
    logs = {t: list(hall.tables[t].match.log) for t in (finished, playing)}
    applied: list[str] = []
    original = Match.apply

    def counting(self: Match, role: str, action: Any) -> None:
        applied.append(role)
        original(self, role, action)

    monkeypatch.setattr(Match, "apply", counting)
    for table in (finished, playing):
        hall.tables.pop(table)
        applied.clear()
        live = client.portal.call(hall.get, table)  # type: ignore[union-attr]
        assert live.payload(None) == shown[table]
        assert live.match.log == logs[table]
        assert len(applied) == (0 if table == finished else len(logs[table]))
    assert len(logs[finished]) > 100
    res = client.get(f"/api/tables/{finished}/replay/{len(logs[finished])}")
    assert res.status_code == 200 and res.json()["steps"] == len(logs[finished])


def test_two_players_asking_for_a_rematch_at_once_get_one_table(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, HUMAN])
    headers = {"X-Seat-Token": tokens["green"]}
    client.post(f"/api/tables/{table}/resign", json={"role": "green"}, headers=headers)
    res = client.post(
        f"/api/tables/{table}/resign",
        json={"role": "blue"},
        headers={"X-Seat-Token": tokens["blue"]},
    )
    assert res.json()["status"] == "finished"
    hall = client.app.state.hall  # type: ignore[attr-defined]
    live = hall.tables[table]

    async def both() -> list[Any]:
        asks = (hall.rematch(live, {"green"}), hall.rematch(live, {"blue"}))
        return list(await asyncio.gather(*asks))

    first, second = client.portal.call(both)  # type: ignore[union-attr]
    assert first is second and live.row.rematch == first.id


def test_sqlite_counts_its_sockets_in_memory_per_address_and_table(tmp_path: Path) -> None:
    """One SQLite process counts its sockets in memory (no trip through the database
    threads per connection): per address and kind for the limits, per table for the
    spectators; a socket counted again or forgotten twice changes nothing."""
    from crisis.server.play.site import Site
    from crisis.server.store.repository import Store

    store = Store(f"sqlite:///{tmp_path / 'site.db'}")

    async def unused(*_: object) -> None:
        raise AssertionError("no database call for a socket on SQLite")

    site = Site(store, unused)

    async def sockets() -> None:
        a = await site.open_socket("10.0.0.1", "t1", 2)
        b = await site.open_socket("10.0.0.1", "t1", 2)
        assert a and b and await site.open_socket("10.0.0.1", "t1", 2) is None  # 2 waiting
        assert await site.open_socket("10.0.0.2", "t1", 2) is not None  # another address
        assert await site.count_socket(a, "10.0.0.1", "spectator", 1)
        assert not await site.count_socket(b, "10.0.0.1", "spectator", 1)  # one spectating
        assert await site.count_socket(a, "10.0.0.1", "spectator", 1)  # itself: not twice
        assert await site.spectators("t1") == 1 and await site.spectators("t2") == 0
        assert await site.count_socket(a, "10.0.0.1", "seat", None)  # now a seat holder
        assert await site.spectators("t1") == 0
        assert await site.count_socket(b, "10.0.0.1", "spectator", 1)  # room again
        for sid in (a, b, b):
            await site.close_socket(sid)
        assert await site.spectators("t1") == 0
        again = [await site.open_socket("10.0.0.1", "t1", 2) for _ in range(2)]
        assert all(again)  # both goodbyes counted: room for two new ones

    try:
        asyncio.run(sockets())
    finally:
        store.close()


def test_a_missing_page_is_a_page_for_a_browser_and_a_coded_body_for_a_program(
    client: TestClient,
) -> None:
    """A person who mistypes an address gets a page (404) with the way back to the lobby; the
    API and programs keep the coded JSON body, whatever they accept."""
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for path in ("/learn", "/no/such/page", "/table/abc/replay"):
        res = client.get(path, headers=html)
        assert res.status_code == 404
        assert res.headers["content-type"].startswith("text/html")
        assert "There is no such page" in res.text and 'href="/"' in res.text
    res = client.get("/api/no-such-thing", headers=html)
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    res = client.get("/learn", headers={"Accept": "application/json"})
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    res = client.post("/learn", headers=html)
    assert res.status_code in (404, 405) and res.json()["type"] == "error"
