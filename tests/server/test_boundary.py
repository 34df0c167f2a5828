"""What comes in at the door: text that is not Unicode, values of the wrong type,
rates per route and per /64, sockets from other sites or that never say hello, and names
that would reorder or hide text."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from crisis.server import limits
from tests.databases import Database
from tests.server.conftest import BOT, HUMAN, create, make_client, state, stored

# -- text that is not Unicode, over HTTP -------------------------------------------------------

# A lone surrogate, as JSON writes it: valid JSON, but no UTF-8 can store or send it.
LONE = '"a\\ud800b"'


def _raw(client: TestClient, method: str, path: str, body: str, token: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    return client.request(method, path, content=body.encode(), headers=headers)


@pytest.mark.parametrize(
    ("title", "action"),
    [
        ("time_of_crisis", f'["place_governor", {LONE}]'),
        ("rome_in_crisis", f'["play", {LONE}]'),
        ("rome_in_crisis", f"[{LONE}, null]"),
    ],
)
def test_a_lone_surrogate_anywhere_is_a_coded_400(
    client: TestClient, title: str, action: str
) -> None:
    table, tokens = create(client, [HUMAN, BOT], title=title, seed=4)
    token = tokens["green"]
    before = stored(client, table)
    version = state(client, table, token)["version"]
    bodies = [
        (
            "POST",
            f"/api/tables/{table}/actions",
            f'{{"role": "green", "action": {action}, "version": {version}}}',
        ),
        ("PUT", f"/api/tables/{table}/notes", f'{{"role": "green", "text": {LONE}}}'),
        ("POST", f"/api/tables/{table}/chat", f'{{"role": "green", "text": {LONE}}}'),
        ("POST", f"/api/tables/{table}/resign", f'{{"role": {LONE}}}'),
        (
            "POST",
            "/api/tables",
            f'{{"seats": [{{"kind": "human", "name": {LONE}}}, {{"kind": "human"}}]}}',
        ),
        (
            "POST",
            "/api/tables",
            f'{{"seats": [{{"kind": "human"}}, {{"kind": "human"}}], "options": {{{LONE}: 1}}}}',
        ),
        ("POST", "/api/tables/mine", f'{{"tokens": [{LONE}]}}'),
        ("POST", "/api/games/yours", f'{{"tokens": [{LONE}]}}'),
    ]
    for method, path, body in bodies:
        res = _raw(client, method, path, body, token)
        assert res.status_code == 400, (path, res.text)
        assert res.json()["code"] == "bad_message", (path, res.text)
    assert stored(client, table) == before
    assert (
        client.get(f"/api/tables/{table}/notes/green", headers={"X-Seat-Token": token}).json()[
            "text"
        ]
        == ""
    )
    assert client.get(f"/api/tables/{table}/chat").json()["entries"] == []


@pytest.mark.parametrize("version", ['"0"', "0.0", "true", "false", '"1"', "null", "[0]"])
def test_http_act_takes_the_version_strictly_as_the_websocket_does(
    client: TestClient, version: str
) -> None:
    table, tokens = create(client, [HUMAN, BOT], seed=5)
    token = tokens["green"]
    now = state(client, table, token)
    assert now["version"] == 0
    before = stored(client, table)
    action = now["actions"][0]
    body = f'{{"role": "green", "action": {json.dumps(action)}, "version": {version}}}'
    res = _raw(client, "POST", f"/api/tables/{table}/actions", body, token)
    assert res.status_code == 400 and res.json()["code"] == "bad_message", res.text
    assert stored(client, table) == before


# -- names shown to others ---------------------------------------------------------------------


def test_seat_names_lose_control_and_bidi_characters_like_chat(client: TestClient) -> None:
    sneaky = "Ann\u202eeyb\u200b\x07 \u2066Bo\u2069"
    body = {"seats": [{"kind": "human", "name": sneaky}, HUMAN], "options": {}, "seed": 1}
    made = client.post("/api/tables", json=body).json()
    table, tokens = made["table"]["id"], made["tokens"]
    assert made["table"]["seats"][0]["name"] == "Anneyb Bo"
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": [tokens["blue"]], "name": "\u202eCarl\x1b[31m"})
        assert ws.receive_json()["type"] == "welcome"
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[1]["name"] == "Carl[31m"


# -- rate limits per route and per address ------------------------------------------------------


def test_every_route_that_does_work_is_rate_limited_per_address(db: Database) -> None:
    per_minute = {route: 2 for route in limits.HTTP_PER_MINUTE}
    with make_client(db, http_per_minute=per_minute) as client:
        table, tokens = create(client, [HUMAN, BOT])
        token = {"X-Seat-Token": tokens["green"]}
        calls = {
            "state": lambda: client.get(f"/api/tables/{table}/state", headers=token),
            "replay": lambda: client.get(f"/api/tables/{table}/replay/0"),
            "notes": lambda: client.get(f"/api/tables/{table}/notes/green", headers=token),
            "chat": lambda: client.get(f"/api/tables/{table}/chat"),
            "mine": lambda: client.post("/api/tables/mine", json={"tokens": []}),
            "review": lambda: client.get(f"/api/tables/{table}/review"),
            "tables": lambda: client.get("/api/tables"),
            "act": lambda: client.post(
                f"/api/tables/{table}/actions",
                json={"role": "green", "action": ["x"], "version": 99},
            ),
            # Refused before the table is even loaded: a wrong seat costs no work past it.
            "seat": lambda: client.post(f"/api/tables/{table}/resign", json={"role": "blue"}),
            "hint": lambda: client.get(f"/api/tables/{table}/hint/blue", headers=token),
            "coach": lambda: client.get(f"/api/tables/{table}/coach/blue", headers=token),
        }
        assert set(calls) == set(limits.HTTP_PER_MINUTE)
        for route, call in calls.items():
            for _ in range(2):
                assert call().status_code != 429, route
            res = call()
            assert res.status_code == 429 and res.json()["code"] == "rate_limited", route


def test_an_ipv6_client_is_one_address_per_64() -> None:
    key = limits.client_key
    assert key("2001:db8:1:2:3:4:5:6") == key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert key("2001:db8:1:3::1") != key("2001:db8:1:2::1")
    assert key("::ffff:192.0.2.7") == key("192.0.2.7") == "192.0.2.7"
    assert key("192.0.2.7") != key("192.0.2.8")
    assert key("testclient") == "testclient"
    bucket = limits.PerAddress(rate=0.0, burst=2)
    assert bucket.take("2001:db8::1") and bucket.take("2001:db8::2")
    assert not bucket.take("2001:db8::ffff:3")  # the same /64: the same bucket
    assert bucket.take("2001:db8:0:1::1")


# -- sockets -------------------------------------------------------------------------------------


def test_the_hello_deadline_holds_whatever_is_sent(client: TestClient) -> None:
    table, _ = create(client, [HUMAN, BOT])
    client.app.state.hello_seconds = 0.6  # type: ignore[attr-defined]
    # Pings for at least 5 s, over eight times the deadline: the socket must close first.
    with client.websocket_connect(f"/ws/{table}") as ws, pytest.raises(WebSocketDisconnect):
        for _ in range(50):  # a ping every 0.1 s no longer keeps it open
            ws.send_json({"type": "ping"})
            reply = ws.receive_json()
            if reply["type"] == "error":
                assert "hello" in reply["message"]
            time.sleep(0.1)


def test_the_hello_deadline_does_not_count_the_server_s_own_delay(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server slow to set a socket up (its database busy while thousands of people connect
    at once) does not hold its own delay against the person: the deadline runs from when it
    is ready to read the hello. Counting from the opening closed sockets whose hello had
    long arrived (most of a 1,000-table load test's connections)."""
    table, tokens = create(client, [HUMAN, BOT])
    client.app.state.hello_seconds = 0.5  # type: ignore[attr-defined]
    site = client.app.state.hall.site  # type: ignore[attr-defined]
    opening = site.open_socket

    async def slowly(*args: Any) -> Any:
        await asyncio.sleep(1.0)
        return await opening(*args)

    monkeypatch.setattr(site, "open_socket", slowly)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": list(tokens.values())})
        reply = ws.receive_json()
        assert reply["type"] == "welcome" and reply["roles"] == ["green"], reply


@pytest.mark.parametrize(
    ("origins", "origin", "allowed"),
    [
        ([], None, True),  # not a browser
        ([], "http://testserver", True),  # the site's own page, as the request names it
        ([], "http://evil.example", False),
        ([], "http://testserver.evil.example", False),
        ([], "null", False),  # a sandboxed frame or a file
        ([], "https://testserver:8443", False),
        # A site that names its origins accepts those only, whatever the Host header says
        # (a page of another site resolving to this server would match its own Host).
        (["https://crisis.example/"], "https://crisis.example", True),
        (["https://crisis.example/"], "https://CRISIS.example/", True),
        (["https://crisis.example/"], "http://testserver", False),
        (["https://crisis.example/"], None, True),
    ],
)
def test_a_socket_from_another_site_s_page_is_refused(
    db: Database, origins: list[str], origin: str | None, allowed: bool
) -> None:
    with make_client(db, origins=origins) as client:
        table, _ = create(client, [HUMAN, BOT])
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(f"/ws/{table}", headers=headers) as ws:
            if allowed:
                ws.send_json({"type": "hello", "tokens": []})
                assert ws.receive_json()["type"] == "welcome"
            else:
                reply = ws.receive_json()
                assert reply["code"] == "bad_origin", reply
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()


def test_the_page_may_connect_only_to_its_own_site(client: TestClient) -> None:
    policy = client.get("/").headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["connect-src"] == "'self'"


def test_http_answers_are_compressed_for_clients_that_ask(client: TestClient) -> None:
    plain = client.get("/static/map.svg", headers={"Accept-Encoding": "identity"})
    packed = client.get("/static/map.svg", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert packed.content == plain.content  # the client library unpacks it
    assert int(packed.headers["content-length"]) < len(plain.content) / 2
    assert packed.headers["content-security-policy"]  # the security headers still come


def test_a_body_that_is_not_utf8_is_a_coded_400(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    body = b'{"role": "green", "text": "a\xed\xa0\x80b"}'  # a surrogate encoded raw: not UTF-8
    res = client.put(
        f"/api/tables/{table}/notes",
        content=body,
        headers={"Content-Type": "application/json", "X-Seat-Token": tokens["green"]},
    )
    assert res.status_code == 400 and res.json()["code"] == "bad_message", res.text
    assert (
        client.get(
            f"/api/tables/{table}/notes/green", headers={"X-Seat-Token": tokens["green"]}
        ).json()["text"]
        == ""
    )


def test_a_note_with_a_nul_character_is_refused_on_every_database(client: TestClient) -> None:
    table, tokens = create(client, [HUMAN, BOT])
    headers = {"X-Seat-Token": tokens["green"]}
    res = client.put(
        f"/api/tables/{table}/notes", json={"role": "green", "text": "a\x00b"}, headers=headers
    )
    assert res.status_code == 400 and res.json()["code"] == "bad_message", res.text
    assert client.get(f"/api/tables/{table}/notes/green", headers=headers).json()["text"] == ""


def test_an_ipv6_customer_site_is_one_key_per_48_where_counts_span_a_site() -> None:
    site = limits.site_key
    assert site("2001:db8:1:2:3:4:5:6") == site("2001:db8:1:ffff::1") == "2001:db8:1::/48"
    assert site("2001:db8:2::1") != site("2001:db8:1::1")
    # A key already made at /64 gives its /48; IPv4 (mapped or not) is as it is.
    assert site(limits.client_key("2001:db8:1:2::9")) == "2001:db8:1::/48"
    assert site("::ffff:192.0.2.7") == site("192.0.2.7") == "192.0.2.7"
    assert site("testclient") == "testclient"
    bucket = limits.PerAddress(rate=0.0, burst=2, prefix=limits.IPV6_SITE_PREFIX)
    assert bucket.take("2001:db8:5:1::1") and bucket.take("2001:db8:5:2::1")
    assert not bucket.take("2001:db8:5:3::1")  # another /64 of the same /48
    assert bucket.take("2001:db8:6::1")
