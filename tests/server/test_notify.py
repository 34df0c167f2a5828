"""Notices beside mail (crisis.server.mail): a turn notice reaches a subscribed browser as a
Web Push message that only that browser can read (a local push endpoint decrypts it with the
subscription's keys, RFC 8291, and checks the site's VAPID signature, RFC 8292) and an
account's webhook as JSON a chat takes (a local receiver); a receiver that is down, slow or
failing never delays play and is tried again; one notice per turn across every channel; and
no URL a stranger gives makes the server POST into its own network."""

from __future__ import annotations

import base64
import json
import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import aiohttp
import anyio
import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient
from sqlalchemy import select

from crisis.server import create_app, limits
from crisis.server.accounts import install
from crisis.server.accounts.schema import accounts
from crisis.server.mail import guard
from crisis.server.mail.guard import UnsafeTarget, check_url
from crisis.server.mail.notices import notice
from crisis.server.mail.schema import outbox, push_subscriptions
from tests.databases import Database
from tests.server.test_open_games import OPEN, SETTINGS, Person, quick_hashes
from tests.server.test_turn_notices import play
from tests.waiting import wait_for

__all__ = ["quick_hashes"]

ME = {"kind": "human"}


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# -- a local push service and a local chat ------------------------------------------------------
@dataclass
class Receiver:
    """An HTTP server on loopback that keeps every POST (path, headers lowercased, body) and
    answers with
    the next of ``answers`` (then ``usual``); ``hold`` keeps each request waiting until set."""

    usual: int = 201
    answers: list[int] = field(default_factory=list)
    got: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    hold: threading.Event | None = None
    port: int = 0
    #: Where a 3xx answer points.
    location: str = ""

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def wait(self, count: int = 1) -> list[tuple[str, dict[str, str], bytes]]:
        """The requests received, once there are ``count``."""
        wait_for(lambda: len(self.got) >= count, f"{count} requests")
        return list(self.got)


@contextmanager
def receiving() -> Iterator[Receiver]:
    """A :class:`Receiver` serving on loopback in a thread of its own while the block runs."""
    box = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if box.hold is not None:
                box.hold.wait(30)
            box.got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            status = box.answers.pop(0) if box.answers else box.usual
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", box.location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box
    finally:
        if box.hold is not None:
            box.hold.set()
        server.shutdown()
        server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with receiving() as box:
        yield box


@dataclass
class Browser:
    """A browser's push keys, as PushManager.subscribe() makes them."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(point), "auth": b64(self.auth)}

    def read(self, body: bytes) -> dict[str, Any]:
        """Decrypt a push message as the browser does (RFC 8291, aes128gcm)."""
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        data: dict[str, Any] = json.loads(plain)
        return data


def vapid_claims(headers: dict[str, str], site_key: str) -> dict[str, Any]:
    """The VAPID claims of a push request, after checking they are signed with the site's
    key (``Authorization: vapid t=<JWT>, k=<key>``)."""
    auth = headers["authorization"]
    assert auth.startswith("vapid ")
    parts = dict(p.strip().split("=", 1) for p in auth[len("vapid ") :].split(","))
    assert parts["k"] == site_key
    head, claims, signature = parts["t"].split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(site_key))
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    found: dict[str, Any] = json.loads(unb64(claims))
    return found


# -- the site ---------------------------------------------------------------------------------
def make_site(db: Database, *, private: bool = True) -> TestClient:
    app = create_app(db.url, **SETTINGS)
    install(app, mail_poll=0.05, private_targets=private, retry=0.2, retry_max=0.4)
    return TestClient(app)


@pytest.fixture
def site(db: Database) -> Iterator[TestClient]:
    with make_site(db) as client:
        yield client


def account_id(client: TestClient, person: Person) -> str:
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        found = db.execute(select(accounts.c.id).where(accounts.c.name == person.name)).scalar()
    assert isinstance(found, str)
    return found


def rows(client: TestClient, account: str, channel: str | None = None) -> list[dict[str, Any]]:
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    query = select(outbox).where(outbox.c.account == account).order_by(outbox.c.id)
    if channel is not None:
        query = query.where(outbox.c.channel == channel)
    with engine.connect() as db:
        return [dict(r._mapping) for r in db.execute(query)]


def send_notice(client: TestClient, account: str, kind: str = "turn") -> bool:
    """The table's one call for a notice, as the turn code makes it."""
    app = client.app

    async def call() -> bool:
        return await notice(
            app, account, kind, "Your turn at crisis", "Blue played a card.", "/table/T1"
        )

    return bool(client.portal.call(call))  # type: ignore[union-attr]


def subscribe(person: Person, receiver: Receiver, browser: Browser, path: str = "/push/one") -> Any:
    return person.post(
        "/api/account/push",
        {"endpoint": receiver.url(path), "keys": browser.keys(), "label": "Firefox on Linux"},
    )


# -- push -------------------------------------------------------------------------------------
def test_a_notice_reaches_a_subscribed_browser_encrypted_for_it_and_signed_by_the_site(
    site: TestClient, receiver: Receiver
) -> None:
    marcus, browser = Person(site, "Marcus"), Browser()
    res = subscribe(marcus, receiver, browser)
    assert res.status_code == 201, res.text
    assert res.json()["channels"]["push"] is True
    assert res.json()["browsers"][0]["label"] == "Firefox on Linux"
    assert "endpoint" not in json.dumps(res.json()["browsers"])  # a bearer secret, never shown
    assert send_notice(site, account_id(site, marcus))
    ((path, headers, body),) = receiver.wait(1)
    assert path == "/push/one"
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    message = browser.read(body)
    assert message["title"] == "Your turn at crisis"
    assert message["body"] == "Blue played a card."
    assert message["url"].endswith("/table/T1") and message["kind"] == "turn"
    key = site.get("/api/notify/key").json()["key"]
    claims = vapid_claims(headers, key)
    assert claims["aud"] == f"http://127.0.0.1:{receiver.port}" and claims["exp"] > time.time()
    assert claims["sub"].startswith(("mailto:", "https://"))
    with pytest.raises(Exception):  # noqa: B017 - any other browser's keys cannot read it
        Browser().read(body)
    wait_for(lambda: rows(site, account_id(site, marcus), "push")[0]["status"] == "sent")


def test_the_site_key_outlives_a_restart(db: Database) -> None:
    with make_site(db) as first:
        key = first.get("/api/notify/key").json()["key"]
    with make_site(db) as second:
        assert second.get("/api/notify/key").json()["key"] == key
    assert len(unb64(key)) == 65 and unb64(key)[0] == 4


def test_a_subscription_the_push_service_calls_gone_is_dropped_and_not_tried_again(
    site: TestClient, receiver: Receiver
) -> None:
    receiver.usual = 410
    marcus = Person(site, "Marcus")
    assert subscribe(marcus, receiver, Browser()).status_code == 201
    me = account_id(site, marcus)
    send_notice(site, me)
    receiver.wait(1)
    wait_for(lambda: rows(site, me, "push")[0]["status"] == "failed")
    assert marcus.get("/api/account/notices").json()["browsers"] == []
    time.sleep(0.6)  # longer than the retry wait: nothing more comes
    assert len(receiver.got) == 1


def test_an_account_keeps_at_most_ten_browsers_the_oldest_going_first(
    site: TestClient, receiver: Receiver
) -> None:
    marcus = Person(site, "Marcus")
    answers = [subscribe(marcus, receiver, Browser(), f"/push/{i}").status_code for i in range(6)]
    assert answers == [201] * 5 + [429]  # a burst of five, then a few an hour
    notifier = site.app.state.accounts.notify  # type: ignore[attr-defined]
    notifier.buckets["subscribe"] = limits.PerAddress(1000, 1000)
    for i in range(5, 11):
        assert subscribe(marcus, receiver, Browser(), f"/push/{i}").status_code == 201
    engine = site.app.state.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        kept = set(db.execute(select(push_subscriptions.c.endpoint)).scalars())
    assert len(kept) == 10 and receiver.url("/push/0") not in kept
    # The same browser again replaces its own subscription.
    assert subscribe(marcus, receiver, Browser(), "/push/10").status_code == 201
    assert len(marcus.get("/api/account/notices").json()["browsers"]) == 10


def test_removing_a_browser_stops_its_notices(site: TestClient, receiver: Receiver) -> None:
    marcus = Person(site, "Marcus")
    made = subscribe(marcus, receiver, Browser()).json()["id"]
    other = Person(site, "Livia")
    assert other.post("/api/account/push/remove", {"id": made}).status_code == 200
    assert len(marcus.get("/api/account/notices").json()["browsers"]) == 1  # not hers to remove
    assert marcus.post("/api/account/push/remove", {"id": made}).json()["browsers"] == []
    send_notice(site, account_id(site, marcus))
    time.sleep(0.3)
    assert receiver.got == [] and rows(site, account_id(site, marcus), "push") == []


# -- webhooks ---------------------------------------------------------------------------------
def test_a_notice_reaches_the_webhook_as_json_a_chat_takes(
    site: TestClient, receiver: Receiver
) -> None:
    receiver.usual = 204
    marcus = Person(site, "Marcus")
    res = marcus.post(
        "/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True}
    )
    assert res.status_code == 200, res.text
    assert res.json()["channels"] == {
        "mail": True,
        "push": False,
        "webhook": True,
        "webhook_url": receiver.url("/hook"),
    }
    send_notice(site, account_id(site, marcus))
    ((path, headers, body),) = receiver.wait(1)
    assert path == "/hook" and headers["content-type"] == "application/json"
    data = json.loads(body)
    assert data["content"] == data["text"]  # Discord reads content, Slack text
    assert "Your turn at crisis" in data["content"] and "Blue played a card." in data["content"]
    assert data["content"].endswith("/table/T1") and data["crisis"]["kind"] == "turn"


def test_a_failing_webhook_is_tried_again_with_a_wait(site: TestClient, receiver: Receiver) -> None:
    receiver.usual, receiver.answers = 204, [500, 503]
    marcus = Person(site, "Marcus")
    marcus.post("/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True})
    me = account_id(site, marcus)
    send_notice(site, me)
    receiver.wait(3)
    wait_for(lambda: rows(site, me, "webhook")[0]["status"] == "sent")
    (row,) = rows(site, me, "webhook")
    assert row["attempts"] == 3


def test_a_webhook_that_refuses_for_good_is_given_up(site: TestClient, receiver: Receiver) -> None:
    receiver.usual = 404
    marcus = Person(site, "Marcus")
    marcus.post("/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True})
    me = account_id(site, marcus)
    send_notice(site, me)
    receiver.wait(1)
    wait_for(lambda: rows(site, me, "webhook")[0]["status"] == "failed")
    assert "404" in rows(site, me, "webhook")[0]["error"]


# -- a whole game: one notice per turn on every channel, and play never waits -----------------
def test_one_notice_per_turn_on_every_channel_and_a_slow_receiver_never_delays_play(
    site: TestClient, receiver: Receiver, db: Database
) -> None:
    receiver.usual = 201
    aurelia, livia = Person(site, "Aurelia"), Person(site, "Livia")
    made = aurelia.post("/api/tables", {"seats": [ME, OPEN], "open": True, "seed": 2}).json()[
        "table"
    ]["id"]
    assert livia.post(f"/api/tables/{made}/take").json()["table"]["status"] == "playing"
    db.execute(
        "UPDATE accounts SET confirmed = :now, first_confirmed = :now, mail_after = 0",
        now=int(time.time()),
    )
    people = {"green": aurelia, "blue": livia}
    browsers = {"green": Browser(), "blue": Browser()}
    for role, person in people.items():
        assert subscribe(person, receiver, browsers[role], f"/push/{role}").status_code == 201
        hook = {"webhook_url": receiver.url(f"/hook/{role}"), "webhook": True}
        assert person.post("/api/account/notices", hook).status_code == 200
    first = aurelia.get(f"/api/tables/{made}").json()["active"][0]
    other = "blue" if first == "green" else "green"
    receiver.hold = threading.Event()  # the push service and the chat hang...
    rng = random.Random(3)
    play(people, made, other, rng)  # ...and the moves still go through
    play(people, made, first, rng)
    receiver.hold.set()
    theirs = account_id(site, people[other])

    def turns() -> list[dict[str, Any]]:
        return [r for r in rows(site, theirs) if r["kind"] == "turn"]

    wait_for(lambda: len([r for r in turns() if r["status"] == "sent"]) == 2)
    assert sorted(r["channel"] for r in turns()) == ["mail", "push", "webhook"]
    pushed = [b for p, _h, b in receiver.got if p == f"/push/{other}"]
    assert len(pushed) == 1
    message = browsers[other].read(pushed[0])
    assert f"/table/{made}" in message["url"]
    hooked = [json.loads(b) for p, _h, b in receiver.got if p == f"/hook/{other}"]
    assert len(hooked) == 1 and f"/table/{made}" in hooked[0]["content"]


def test_mail_off_leaves_the_other_channels_on(
    site: TestClient, receiver: Receiver, db: Database
) -> None:
    marcus = Person(site, "Marcus")
    db.execute("UPDATE accounts SET confirmed = :now, first_confirmed = :now", now=int(time.time()))
    subscribe(marcus, receiver, Browser())
    assert marcus.post("/api/account/notices", {"mail": False}).json()["channels"]["mail"] is False
    me = account_id(site, marcus)
    send_notice(site, me)
    receiver.wait(1)
    assert [r["channel"] for r in rows(site, me) if r["kind"] == "turn"] == ["push"]
    # The kinds chosen under Mail hold for every channel.
    assert marcus.post("/api/account/mail", {"turns": False}).status_code == 200
    assert not send_notice(site, me)
    assert [r["channel"] for r in rows(site, me) if r["kind"] == "turn"] == ["push"]


def test_a_test_notice_goes_to_the_channel_asked_and_is_limited(
    site: TestClient, receiver: Receiver
) -> None:
    marcus, browser = Person(site, "Marcus"), Browser()
    subscribe(marcus, receiver, browser)
    answers = [marcus.post("/api/account/notices/test", {"channel": "push"}) for _ in range(4)]
    assert [a.status_code for a in answers] == [202, 202, 202, 429]
    assert answers[0].json() == {"queued": 1}
    got = receiver.wait(3)
    assert browser.read(got[0][2])["kind"] == "test"


# -- who may ask, and what is refused ---------------------------------------------------------
def test_nobody_signed_out_or_cross_site_may_change_anything(
    site: TestClient, receiver: Receiver
) -> None:
    site.cookies.clear()
    body = {"endpoint": receiver.url("/p"), "keys": Browser().keys()}
    assert site.post("/api/account/push", json=body).json()["code"] == "signed_out"
    assert site.get("/api/account/notices").json()["code"] == "signed_out"
    marcus = Person(site, "Marcus")
    site.cookies.set("crisis_session", marcus.session)
    try:
        res = site.post("/api/account/push", json=body, headers={"Origin": "https://evil.example"})
    finally:
        site.cookies.clear()
    assert res.status_code == 403 and res.json()["code"] == "cross_site"
    assert marcus.get("/api/account/notices").json()["browsers"] == []


def test_the_guard_passes_public_addresses_however_written() -> None:
    """The refusals above are not a refusal of IPv6: public addresses pass, written plainly
    or carried in an IPv6 one."""
    for address in ("8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001::1",
                    "64:ff9b::808:808", "::ffff:0:808:808", "2002:808:808::1"):  # fmt: skip
        assert guard.public(address), address
    for address in ("fe80::1", "fc00::1", "::1", "::", "ff02::1", "5f00::1", "3fff::1"):
        assert not guard.public(address), address
    # IANA's protocol assignments are not reachable (whatever this Python's is_global says),
    # but for two anycast services; carried in IPv6 they are judged the same.
    for address in ("192.0.0.8", "192.0.0.1", "192.0.0.170", "::ffff:192.0.0.8"):
        assert not guard.public(address), address
    for address in ("192.0.0.9", "192.0.0.10"):
        assert guard.public(address), address


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org/hook",  # not https
        "https://127.0.0.1/hook",
        "https://10.0.0.7/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://localhost/hook",
        "https://db.local/hook",
        "https://user:secret@example.org/hook",
        "ftp://example.org/hook",
        "https:///nohost",
        "https://example.org/" + "a" * 2100,
        "https://127\u30020\u30020\u30021/hook",  # ideographic full stops
        "https://\u2460\u2461\u2466.0.0.1/hook",  # circled digits
        "https://[64:ff9b::a9fe:a9fe]/hook",  # NAT64 of 169.254.169.254
        "https://[2002:a9fe:a9fe::]/hook",  # 6to4 of the same
        "https://[::127.0.0.1]/hook",  # IPv4-compatible loopback
        "https://[::ffff:0:a9fe:a9fe]/hook",  # IPv4-translated (SIIT) of 169.254.169.254
        "https://[::ffff:0:7f00:1]/hook",  # the same of 127.0.0.1
        "https://[5f00::1]/hook",  # segment routing: outside global unicast
        "https://[3fff::1]/hook",  # documentation (newer than Python's table)
        "https://[2001:db8::1]/hook",  # documentation
    ],
)
def test_a_webhook_into_the_servers_own_network_is_refused(db: Database, url: str) -> None:
    with make_site(db, private=False) as public_site:
        marcus = Person(public_site, "Marcus")
        res = marcus.post("/api/account/notices", {"webhook_url": url, "webhook": True})
        assert res.status_code in (400, 422), res.text
        assert res.json()["code"] in ("bad_target", "bad_message")
        channels = marcus.get("/api/account/notices").json()["channels"]
        assert channels == {"mail": True, "push": False, "webhook": False, "webhook_url": None}


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"endpoint": "http://push.example.org/x"}, "bad_target"),
        ({"endpoint": "https://192.168.1.1/x"}, "bad_target"),
        ({"endpoint": "https://push.example.org/x"}, "bad_target"),  # no browser's service
        ({"endpoint": "https://fcm.googleapis.com.evil.example/x"}, "bad_target"),
        ({"p256dh": "not base64!"}, "bad_subscription"),
        ({"p256dh": b64(b"\x04" + b"\x01" * 64)}, "bad_subscription"),  # not on the curve
        ({"auth": b64(b"short")}, "bad_subscription"),
    ],
)
def test_a_subscription_no_browser_would_make_is_refused(
    db: Database, change: dict[str, str], code: str
) -> None:
    with make_site(db, private=False) as public_site:
        marcus = Person(public_site, "Marcus")
        keys = Browser().keys()
        base = "https://fcm.googleapis.com/fcm/send/abc"
        body: dict[str, Any] = {"endpoint": change.get("endpoint", base)}
        body["keys"] = {k: change.get(k, v) for k, v in keys.items()}
        res = marcus.post("/api/account/push", body)
        assert res.status_code == 400 and res.json()["code"] == code, res.text
        assert marcus.get("/api/account/notices").json()["browsers"] == []


def test_turning_the_webhook_on_needs_its_url(site: TestClient) -> None:
    marcus = Person(site, "Marcus")
    res = marcus.post("/api/account/notices", {"webhook": True})
    assert res.status_code == 400
    assert marcus.get("/api/account/notices").json()["channels"]["webhook"] is False


def test_the_url_check_and_the_connector_keep_to_public_addresses(receiver: Receiver) -> None:
    assert (
        check_url("https://discord.com/api/webhooks/1/abc")
        == "https://discord.com/api/webhooks/1/abc"
    )
    assert check_url("http://127.0.0.1:9/x", private=True) == "http://127.0.0.1:9/x"
    with pytest.raises(UnsafeTarget):
        check_url("https://[fd00::1]/x")

    async def post(url: str) -> None:
        async with guard.session() as http, http.post(url, data=b"{}"):
            pass

    # The connector refuses a private address however the host is written, at the socket.
    for url in (receiver.url("/x"), f"http://localhost:{receiver.port}/x"):
        with pytest.raises((OSError, aiohttp.ClientError)):
            anyio.run(post, url)
    assert receiver.got == []


def test_a_redirect_is_never_followed(site: TestClient, receiver: Receiver) -> None:
    receiver.usual, receiver.location = 307, "/inside"
    marcus = Person(site, "Marcus")
    marcus.post("/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True})
    me = account_id(site, marcus)
    send_notice(site, me)
    wait_for(lambda: rows(site, me, "webhook")[0]["status"] == "failed")
    assert [p for p, _h, _b in receiver.got] == ["/hook"]
    assert "redirects are not followed" in rows(site, me, "webhook")[0]["error"]


def test_a_push_failure_never_writes_the_endpoint_down(
    site: TestClient, receiver: Receiver
) -> None:
    receiver.usual = 403
    marcus = Person(site, "Marcus")
    subscribe(marcus, receiver, Browser(), "/push/secret-endpoint")
    me = account_id(site, marcus)
    send_notice(site, me)
    wait_for(lambda: (rows(site, me, "push")[0]["error"] or "") != "")
    error = rows(site, me, "push")[0]["error"]
    assert "403" in error and "secret-endpoint" not in error and "127.0.0.1" not in error


def test_a_webhook_shows_a_strangers_words_as_text(site: TestClient, receiver: Receiver) -> None:
    receiver.usual = 204
    marcus = Person(site, "Marcus")
    marcus.post("/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True})
    app = site.app

    async def call() -> bool:
        text = "@everyone <!channel> played [a card](https://ev.il)"
        return await notice(app, account_id(site, marcus), "turn", "Your turn", text, "/table/T")

    assert site.portal.call(call)  # type: ignore[union-attr]
    data = json.loads(receiver.wait(1)[0][2])
    assert data["allowed_mentions"] == {"parse": []}
    words = data["content"]
    assert "@everyone" not in words and "<!channel>" not in words and "](" not in words
    assert "everyone" in words and "&lt;!channel&gt;" in words


def test_a_receiver_that_hangs_never_holds_up_a_mail(
    site: TestClient, receiver: Receiver, db: Database
) -> None:
    receiver.hold = threading.Event()
    marcus = Person(site, "Marcus")
    marcus.post("/api/account/notices", {"webhook_url": receiver.url("/hook"), "webhook": True})
    db.execute("UPDATE accounts SET confirmed = :now, first_confirmed = :now", now=int(time.time()))
    me = account_id(site, marcus)
    for _ in range(3):
        send_notice(site, me)
    wait_for(lambda: len(receiver.got) == 0 and len(rows(site, me, "webhook")) == 3)
    livia = Person(site, "Livia")  # her confirmation mail comes while the chat hangs
    theirs = account_id(site, livia)
    wait_for(lambda: [r["status"] for r in rows(site, theirs, "mail")] == ["logged"], 60)
    assert receiver.got == [] and all(r["status"] == "queued" for r in rows(site, me, "webhook"))
    receiver.hold.set()
    wait_for(lambda: all(r["status"] == "sent" for r in rows(site, me, "webhook")), 60)


def test_the_service_worker_and_the_manifest_are_served(site: TestClient) -> None:
    worker = site.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert "showNotification" in worker.text and "notificationclick" in worker.text
    manifest = site.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    data = manifest.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert site.get(icon["src"]).status_code == 200
