"""Passwords cost an attacker, not the site: every route that hashes (sign-up, sign-in, change
of password or address, reset, undo) is limited per address and per account, and the Argon2id
queue is bounded: a full queue answers ``busy`` at once and changes nothing. Both databases,
a real SMTP server."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import limits
from crisis.server.accounts import passwords
from tests.databases import Database
from tests.server.smtp import Inbox, link, smtp_server
from tests.server.test_accounts import PASSWORD, error, make_app, quick_hashes  # noqa: F401

SITE = "http://testserver"


@pytest.fixture
def site(db: Database) -> Iterator[tuple[TestClient, Inbox]]:
    with smtp_server() as (inbox, url), make_app(db, smtp_url=url, public_url=SITE) as client:
        yield client, inbox


def service(client: TestClient) -> Any:
    return client.app.state.accounts  # type: ignore[attr-defined]


def person(client: TestClient, n: int) -> TestClient:
    """A browser of the same site at the loopback address 127.0.0.``n``."""
    return TestClient(client.app, client=(f"127.0.0.{n}", 50000))


def sign_up(client: TestClient, name: str = "Aurelian", email: str = "a@example.org") -> None:
    res = client.post(
        "/api/account/signup", json={"name": name, "email": email, "password": PASSWORD}
    )
    assert res.status_code == 201, res.text


def test_a_full_hash_queue_answers_busy_at_once_and_changes_nothing(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    svc = service(client)
    sign_up(client)
    svc.hashing = passwords.Hasher(threads=1, queue=1)
    # Fill the queue: one hash running, one waiting, both held until released.
    release = threading.Event()
    portal = client.portal  # type: ignore[attr-defined]
    held = [portal.start_task_soon(svc.hashing, release.wait) for _ in range(2)]
    try:
        deadline = time.monotonic() + 120  # a guard against hanging, not a measure
        while svc.hashing.pending < 2:  # both taken by the hashing queue
            assert time.monotonic() < deadline
            time.sleep(0.01)
        before = db.execute("SELECT COUNT(*) FROM attempts")
        for n, (path, body) in enumerate(
            [
                ("/api/account/signin", {"login": "Aurelian", "password": PASSWORD}),
                ("/api/account/signin", {"login": "Nobody", "password": "a wrong one"}),
                (
                    "/api/account/signup",
                    {"name": "Probus", "email": "p@example.org", "password": PASSWORD},
                ),
                ("/api/account/password", {"current": PASSWORD, "new": "Walls of Rome 271"}),
            ]
        ):
            browser = client if path == "/api/account/password" else person(client, 10 + n)
            # Answered while the hashes are still held: the refusal did not wait for them.
            error(browser.post(path, json=body), 503, "busy")
        assert svc.hashing.refused == 4
        # Nothing changed: no failure counted, no account made, no password changed.
        assert db.execute("SELECT COUNT(*) FROM attempts") == before
        assert db.execute("SELECT name FROM accounts") == [("Aurelian",)]
    finally:
        release.set()
        for future in held:
            future.result(timeout=10)
    res = person(client, 20).post(
        "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD}
    )
    assert res.status_code == 200, res.text


def test_every_route_that_hashes_is_limited_per_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    svc = service(client)
    sign_up(client)
    # A bucket that never refills: the burst is all an address gets.
    svc.buckets["password"] = limits.PerAddress(1e-9, 3)
    change = {"current": "not it at all", "new": "Walls of Rome 271"}
    answers = [client.post("/api/account/password", json=change).status_code for _ in range(4)]
    assert answers == [401, 401, 401, 429]
    error(
        client.post("/api/account/email", json={"email": "b@example.org", "password": PASSWORD}),
        429,
        "rate_limited",
    )
    # Reset and undo too (links or not, the address is counted first).
    stranger = person(client, 30)
    for _ in range(3):
        stranger.post("/api/account/reset", json={"token": "x" * 43, "password": PASSWORD})
    error(
        stranger.post("/api/account/reset", json={"token": "x" * 43, "password": PASSWORD}),
        429,
        "rate_limited",
    )
    error(
        stranger.post("/api/account/undo", json={"token": "x" * 43, "password": PASSWORD}),
        429,
        "rate_limited",
    )
    # Another address is not held by them: a reset by the mailed link goes through.
    owner = person(client, 31)
    owner.post("/api/account/forgot", json={"login": "Aurelian"})
    reset = next(m for m in inbox.wait(2) if "new password" in str(m["Subject"]))
    res = owner.post(
        "/api/account/reset",
        json={"token": link(reset, "/account/reset"), "password": "Walls of Rome 271"},
    )
    assert res.status_code == 200, res.text
    # Sign-ins: a burst per address, whatever the names (a bucket that never refills here,
    # so that a slow machine refills none during the test).
    svc.buckets["signin"] = limits.PerAddress(1e-9, limits.SIGNINS_PER_MINUTE)
    guesser = person(client, 32)
    tries = [
        guesser.post("/api/account/signin", json={"login": f"N{n}obody", "password": "wrong!!"})
        for n in range(limits.SIGNINS_PER_MINUTE + 1)
    ]
    assert [r.status_code for r in tries].count(401) == limits.SIGNINS_PER_MINUTE
    error(tries[-1], 429, "rate_limited")


def test_wrong_current_passwords_are_limited_per_account_from_any_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    svc = service(client)
    sign_up(client)
    cookie = client.cookies["crisis_session"]
    # A stolen session tried from many addresses: five wrong guesses in all, then none is
    # even hashed for the rest of the window.
    for n in range(limits.WRONG_PASSWORDS_PER_ACCOUNT):
        thief = TestClient(
            client.app, client=(f"127.0.1.{n}", 5), cookies={"crisis_session": cookie}
        )
        res = thief.post("/api/account/password", json={"current": f"guess {n}!", "new": "x"})
        error(res, 401, "bad_credentials")
    hashes = svc.hashing.calls
    for n, path in enumerate(("/api/account/password", "/api/account/email")):
        thief = TestClient(
            client.app, client=(f"127.0.2.{n}", 5), cookies={"crisis_session": cookie}
        )
        body = {"current": PASSWORD, "new": "Walls of Rome 271"}
        if path.endswith("email"):
            body = {"password": PASSWORD, "email": "thief@example.org"}
        error(thief.post(path, json=body), 429, "rate_limited")
    assert svc.hashing.calls == hashes  # refused before any hash
    [(email,)] = db.execute("SELECT email FROM accounts")
    assert email == "a@example.org"


def test_sign_ups_naming_one_address_are_limited_from_any_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    answers = []
    for n in range(limits.SIGNUPS_PER_ACCOUNT_HOUR + 1):
        res = person(client, 40 + n).post(
            "/api/account/signup",
            json={"name": f"Victim{n}", "email": "victim@example.org", "password": PASSWORD},
        )
        answers.append(res.status_code)
    # The first makes the account; the next are made as any would be, holding the address
    # only as a stand-in (nothing is said); past the limit, refused.
    assert answers == [201] * limits.SIGNUPS_PER_ACCOUNT_HOUR + [429]
    names = db.execute("SELECT name, email_key FROM accounts ORDER BY name")
    assert [n for n, _ in names] == [f"Victim{n}" for n in range(limits.SIGNUPS_PER_ACCOUNT_HOUR)]
    assert [k for _, k in names if "@" in k] == ["victim@example.org"]
    # The owner heard of the others, and no more than a few times an hour.
    inbox.wait(limits.SIGNUPS_PER_ACCOUNT_HOUR)
    told = [m for m in inbox.mails if "another account" in str(m["Subject"])]
    assert len(told) == limits.SIGNUPS_PER_ACCOUNT_HOUR - 1
    assert all(m["To"] == "victim@example.org" for m in told)


def test_a_spent_hash_budget_answers_busy_at_once_and_the_owners_browser_keeps_its_lane(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    svc = service(client)
    sign_up(client)  # the owner's browser: it holds the account's device cookie from now on
    # A budget that never refills: two hashes for strangers, eight for owners, then none.
    svc.hashing = passwords.Hasher(budget=passwords.Budget(rate=1e-9, burst=2))
    strangers = [
        person(client, 60 + n).post(
            "/api/account/signin", json={"login": login, "password": "a wrong guess!"}
        )
        for n, login in enumerate(["Aurelian", "Nobody", "Aurelian", "Nobody"])
    ]
    assert [r.status_code for r in strangers] == [401, 401, 429, 429]
    for refused in strangers[2:]:
        error(refused, 429, "busy")
        assert int(refused.headers["Retry-After"]) >= 1
    counted = db.execute("SELECT COUNT(*) FROM attempts")
    # Spent for everybody who brings no device cookie: the right password from a new browser,
    # a sign-up; answered at once, nothing counted and nothing made.
    error(
        person(client, 70).post(
            "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD}
        ),
        429,
        "busy",
    )
    error(
        person(client, 71).post(
            "/api/account/signup",
            json={"name": "Probus", "email": "p@example.org", "password": PASSWORD},
        ),
        429,
        "busy",
    )
    assert db.execute("SELECT COUNT(*) FROM attempts") == counted
    assert db.execute("SELECT name FROM accounts") == [("Aurelian",)]
    assert svc.hashing.budget.refused == {"shared": 4, "known": 0}
    # The owner's browser, signed out, signs in: its lane is its own.
    assert client.post("/api/account/signout").status_code == 200
    res = client.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
    assert res.status_code == 200, res.text
    assert client.get("/api/account").json()["account"]["name"] == "Aurelian"


def test_ones_own_device_cookie_spends_ones_own_accounts_known_lane_in_every_process(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    """The attack: an attacker makes an account (through the shared lane), keeps its device
    cookie and signs in to it again and again with its right password, each a hash of the
    known lane. The lane is each account's, counted in the database: the attacker spends
    theirs, in this process and in another of the site, and the owner's browser signs in."""
    client, _ = site
    sign_up(client)  # the owner's browser, with its device cookie
    assert client.post("/api/account/signout").status_code == 200
    attacker = person(client, 80)
    sign_up(attacker, "Probus", "p@example.org")
    assert "crisis_device" in attacker.cookies

    def again(browser: TestClient, login: str) -> Any:
        return browser.post("/api/account/signin", json={"login": login, "password": PASSWORD})

    answers = [again(attacker, "Probus") for _ in range(passwords.KNOWN_HASHES_PER_ACCOUNT + 1)]
    assert [r.status_code for r in answers] == [200] * passwords.KNOWN_HASHES_PER_ACCOUNT + [429]
    error(answers[-1], 429, "busy")
    assert 1 <= int(answers[-1].headers["Retry-After"]) <= passwords.KNOWN_WINDOW
    assert service(client).hashing.budget.refused == {"shared": 0, "known": 1}
    # Another process of the site (another application on the same database) holds it too.
    with make_app(db) as second:
        other = TestClient(second.app, cookies=dict(attacker.cookies), client=("127.0.0.80", 1))
        error(again(other, "Probus"), 429, "busy")
    # The owner's known browser keeps its own allowance: signs in, again and again.
    for _ in range(passwords.KNOWN_HASHES_PER_ACCOUNT):
        assert again(client, "Aurelian").status_code == 200


def test_the_hash_budget_is_a_share_of_the_cores_or_as_configured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    monkeypatch.delenv("CRISIS_HASHES_PER_SECOND", raising=False)
    cores = len(os.sched_getaffinity(0))
    assert passwords.budget_rate(share=0.5, hash_seconds=0.25) == pytest.approx(2 * cores)
    assert passwords.budget_rate(hash_seconds=0.5) == pytest.approx(
        limits.HASH_CPU_SHARE * cores / 0.5
    )
    # Measured when no figure is given: one real hash's CPU seconds.
    assert passwords.budget_rate(share=0.1) > 0
    monkeypatch.setenv("CRISIS_HASHES_PER_SECOND", "3")
    assert passwords.budget_rate(hash_seconds=0.25) == 3
    budget = passwords.Budget()
    assert budget.rate == 3 and budget.burst == limits.HASH_BUDGET_BURST
    monkeypatch.setenv("CRISIS_HASHES_PER_SECOND", "0")
    with pytest.raises(ValueError, match="above 0"):
        passwords.budget_rate()


def test_a_full_hash_queue_keeps_places_for_the_owners_browser(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    svc = service(client)
    sign_up(client)
    assert client.post("/api/account/signout").status_code == 200
    svc.hashing = passwords.Hasher(threads=1, queue=1)
    release = threading.Event()
    portal = client.portal  # type: ignore[attr-defined]
    held = [portal.start_task_soon(svc.hashing, release.wait) for _ in range(2)]
    answers: list[Any] = []
    try:
        deadline = time.monotonic() + 120  # a guard against hanging, not a measure
        while svc.hashing.pending < 2:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        # Full for strangers ...
        error(
            person(client, 80).post(
                "/api/account/signin", json={"login": "Aurelian", "password": PASSWORD}
            ),
            503,
            "busy",
        )
        # ... but the owner's browser takes one of the places kept for it, and waits its turn.
        owner = threading.Thread(
            target=lambda: answers.append(
                client.post("/api/account/signin", json={"login": "Aurelian", "password": PASSWORD})
            )
        )
        owner.start()
        while svc.hashing.pending < 3:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    finally:
        release.set()
        for future in held:
            future.result(timeout=10)
    owner.join(30)
    assert [r.status_code for r in answers] == [200], answers


def test_many_accounts_of_ones_own_take_no_more_than_the_known_lanes_ceiling(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    """The attack on the per-account lane: several accounts of one's own, each signed in
    again and again from its own device cookie, each within its allowance. Together they
    meet the process's ceiling of the known lanes (a few times the strangers' budget), and
    past it are answered ``busy`` at once: the hashes they get are bounded whatever the
    number of accounts."""
    client, _ = site
    svc = service(client)
    svc.known_allowance = 1000  # each account's own allowance is not what stops them here
    svc.hashing = passwords.Hasher(budget=passwords.Budget(rate=1e-9, burst=1))
    ceiling = passwords.KNOWN_CEILING  # one hash a second's burst, times the ceiling
    browsers = []
    for n in range(ceiling + 2):
        browser = person(client, 90 + n)
        if n:  # the first sign-up spends the strangers' one hash; the rest are made here
            svc.hashing.budget.lanes[passwords.SHARED].tokens = 1.0
        sign_up(browser, f"Probus{n}", f"p{n}@example.org")
        browsers.append((browser, f"Probus{n}"))
    answers = [
        browser.post("/api/account/signin", json={"login": name, "password": PASSWORD})
        for browser, name in browsers
    ]
    codes = [r.status_code for r in answers]
    assert codes == [200] * ceiling + [429, 429]
    error(answers[-1], 429, "busy")
    assert svc.hashing.budget.refused["known"] == 2
