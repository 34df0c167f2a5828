"""A lockout that protects the owner: wrong passwords from many addresses hold an account's
sign-ins from unknown browsers, never from the owner's browser that signed in before (its
device cookie); the counters live in the database (they hold across processes and restarts);
and a name or address nobody has is answered exactly as a known one, with the same work
(sign-in, sign-up, forgot, change of address). Both databases, a real SMTP server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from crisis.server import limits
from tests.databases import Database
from tests.server.smtp import Inbox, link, smtp_server
from tests.server.test_accounts import PASSWORD, error, make_app, quick_hashes  # noqa: F401

SITE = "http://testserver"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, str]]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def site(db: Database, smtp: tuple[Inbox, str]) -> Iterator[tuple[TestClient, Inbox]]:
    inbox, url = smtp
    with make_app(db, smtp_url=url, public_url=SITE) as client:
        # The known browsers' own allowance of hashes is test_password_cost.py's.
        client.app.state.accounts.known_allowance = 1000  # type: ignore[attr-defined]
        yield client, inbox


def at(client: TestClient, address: str, **kwargs: Any) -> TestClient:
    """A browser of the same site at ``address``."""
    return TestClient(client.app, client=(address, 50000), **kwargs)


def sign_in(browser: TestClient, login: str, password: str) -> Any:
    return browser.post("/api/account/signin", json={"login": login, "password": password})


def signed_up_owner(client: TestClient) -> TestClient:
    """Aurelian's own browser (it signed up, so it holds the device cookie), signed out."""
    owner = at(client, "127.0.0.2")
    res = owner.post(
        "/api/account/signup",
        json={"name": "Aurelian", "email": "aurelian@example.org", "password": PASSWORD},
    )
    assert res.status_code == 201, res.text
    assert "crisis_device" in owner.cookies
    assert owner.post("/api/account/signout").status_code == 200
    return owner


def confirm(browser: TestClient, inbox: Inbox) -> None:
    """Follow the first mail's confirmation link."""
    token = link(inbox.wait(1)[0], "/account/confirm")
    assert browser.post("/api/account/confirm", json={"token": token}).status_code == 200


def guess(client: TestClient, login: str, count: int, first: int = 0) -> list[Any]:
    """``count`` wrong passwords for ``login``, each from an address of its own."""
    return [
        sign_in(at(client, f"127.0.3.{first + n}"), login, f"guess number {n}")
        for n in range(count)
    ]


def test_twenty_wrong_passwords_hold_strangers_but_not_the_owners_browser(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    owner = signed_up_owner(client)
    confirm(owner, inbox)  # an address signs in once confirmed
    for res in guess(client, "Aurelian", limits.FAILED_SIGNINS):
        error(res, 401, "bad_credentials")
    # A browser that never signed in to the account is held, right password or not, and no
    # hash is spent on it.
    hashes = svc.hashing.calls
    for login in ("Aurelian", "aurelian@example.org"):
        res = sign_in(at(client, "127.0.4.1"), login, PASSWORD)
        error(res, 429, "rate_limited")
    error(sign_in(at(client, "127.0.3.1"), "Aurelian", "another guess"), 429, "rate_limited")
    assert svc.hashing.calls == hashes
    # The owner's browser is not: the right password signs it in.
    res = sign_in(owner, "Aurelian", PASSWORD)
    assert res.status_code == 200, res.text
    owner.post("/api/account/signout")
    # A stolen device cookie is no way around the hold: wrong passwords through it are
    # counted apart, and past a few it is a stranger's browser like any other.
    device = owner.cookies["crisis_device"]
    thief = at(client, "127.0.4.2", cookies={"crisis_device": device})
    for n in range(limits.FAILED_SIGNINS_PER_DEVICE):
        error(sign_in(thief, "Aurelian", f"device guess {n}"), 401, "bad_credentials")
    error(sign_in(thief, "Aurelian", PASSWORD), 429, "rate_limited")
    # A forged or another account's device cookie counts for nothing.
    for forged in (device[:-1] + ("0" if device[-1] != "0" else "1"), "x.y.z", "junk"):
        error(
            sign_in(
                at(client, "127.0.4.3", cookies={"crisis_device": forged}), "Aurelian", PASSWORD
            ),
            429,
            "rate_limited",
        )
    # The owner's mailed reset frees the account for every browser.
    at(client, "127.0.4.4").post("/api/account/forgot", json={"login": "Aurelian"})
    reset = next(m for m in inbox.wait(2) if "new password" in str(m["Subject"]))
    new = "Walls of Rome 271"
    res = at(client, "127.0.4.4").post(
        "/api/account/reset", json={"token": link(reset, "/account/reset"), "password": new}
    )
    assert res.status_code == 200, res.text
    res = sign_in(at(client, "127.0.4.5"), "Aurelian", new)
    assert res.status_code == 200, res.text


def test_wrong_passwords_from_one_address_hold_that_address_only(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, _ = site
    signed_up_owner(client)
    here = at(client, "127.0.5.1")
    for n in range(limits.FAILED_SIGNINS_PER_ADDRESS):
        error(sign_in(here, "Aurelian", f"guess {n}"), 401, "bad_credentials")
    error(sign_in(here, "Aurelian", PASSWORD), 429, "rate_limited")
    res = sign_in(at(client, "127.0.5.2"), "Aurelian", PASSWORD)
    assert res.status_code == 200, res.text


def test_one_guess_at_many_names_from_one_address_holds_that_address(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    """A spray (one wrong password at each of many names, known or not) is counted per
    address whatever the names: past the limit that address waits for every name, with no
    hash spent, while the owner's own browser and other addresses sign in."""
    client, _ = site
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    owner = signed_up_owner(client)
    svc.buckets["signin"] = limits.PerAddress(1000, 1000)  # the counts alone, not the pace
    here = at(client, "127.0.6.1")
    for n in range(limits.FAILED_SIGNINS_FROM_ADDRESS):
        error(sign_in(here, f"nobody{n}", "a guess at anyone"), 401, "bad_credentials")
    hashes = svc.hashing.calls
    error(sign_in(here, "Aurelian", PASSWORD), 429, "rate_limited")
    error(sign_in(here, "somebody-else", "another guess"), 429, "rate_limited")
    assert svc.hashing.calls == hashes
    # The owner's browser behind the same address (an office, a café) still signs in.
    res = sign_in(at(client, "127.0.6.1", cookies=dict(owner.cookies)), "Aurelian", PASSWORD)
    assert res.status_code == 200, res.text
    res = sign_in(at(client, "127.0.6.2"), "Aurelian", PASSWORD)
    assert res.status_code == 200, res.text


def test_wrong_passwords_from_an_ipv6_site_are_counted_per_48(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    """An IPv6 customer site holds a /48 (65,536 /64s): a spray from a new /64 for each guess
    is still counted as one address's, and other sites are not held by it. Sign-ups from one
    /48 share their bucket too."""
    client, _ = site
    svc = client.app.state.accounts  # type: ignore[attr-defined]
    svc.buckets["signin"] = limits.PerAddress(1000, 1000)  # the counts alone, not the pace
    for n in range(limits.FAILED_SIGNINS_FROM_ADDRESS):
        res = sign_in(at(client, f"2001:db8:7:{n:x}::1"), f"nobody{n}", "a guess at anyone")
        error(res, 401, "bad_credentials")
    hashes = svc.hashing.calls
    error(sign_in(at(client, "2001:db8:7:ff::1"), "someone", "one more guess"), 429, "rate_limited")
    assert svc.hashing.calls == hashes
    error(sign_in(at(client, "2001:db8:8::1"), "someone", "one more guess"), 401, "bad_credentials")
    answers = [
        at(client, f"2001:db8:9:{n:x}::1")
        .post(
            "/api/account/signup",
            json={"name": f"Sprayer{n}", "email": f"s{n}@example.org", "password": PASSWORD},
        )
        .status_code
        for n in range(limits.SIGNUP_BURST + 1)
    ]
    assert answers == [201] * limits.SIGNUP_BURST + [429]


def test_the_counts_hold_across_processes_and_restarts(
    db: Database, smtp: tuple[Inbox, str]
) -> None:
    _inbox, url = smtp
    with make_app(db, smtp_url=url, public_url=SITE) as first:
        signed_up_owner(first)
        with make_app(db, smtp_url=url, public_url=SITE) as second:
            # Half the guesses through one process, half through the other.
            half = limits.FAILED_SIGNINS // 2
            guess(first, "Aurelian", half)
            guess(second, "Aurelian", limits.FAILED_SIGNINS - half, first=half)
            for process in (first, second):
                error(sign_in(at(process, "127.0.6.1"), "Aurelian", PASSWORD), 429, "rate_limited")
    # Restarted: still held.
    with make_app(db, smtp_url=url, public_url=SITE) as again:
        error(sign_in(at(again, "127.0.6.2"), "Aurelian", PASSWORD), 429, "rate_limited")
    # Only hashes are kept, never an account id or an address.
    keys = [row[0] for row in db.execute("SELECT key FROM attempts")]
    assert keys and all(len(k) == 64 and "127.0" not in k for k in keys)
    [(account,)] = db.execute("SELECT id FROM accounts")
    assert not any(account in k for k in keys)


class Work:
    """What a request made the server do before answering: the database calls and hashes,
    in order. (Each test browser's requests run on an event loop of their own; the work
    after an answer runs on the application's loop, and is left out.)"""

    def __init__(self, client: TestClient) -> None:
        self.svc = client.app.state.accounts  # type: ignore[attr-defined]
        self.calls: list[tuple[str, int]] = []
        self.app_thread = client.portal.call(threading.get_ident)  # type: ignore[union-attr]
        run = self.svc.run

        async def counted(call: Any, *args: Any, **kwargs: Any) -> Any:
            self.calls.append((getattr(call, "__name__", repr(call)), threading.get_ident()))
            return await run(call, *args, **kwargs)

        self.svc.run = counted

    def during(self, send: Any, *args: Any) -> tuple[list[str], int, Any]:
        before, hashes = len(self.calls), self.svc.hashing.calls
        res = send(*args)
        made = [name for name, thread in self.calls[before:] if thread != self.app_thread]
        return made, self.svc.hashing.calls - hashes, res


def alike(one: Any, other: Any) -> None:
    assert one.status_code == other.status_code, (one.text, other.text)
    a, b = one.json(), other.json()
    for body in (a, b):
        if isinstance(body.get("account"), dict):
            body["account"].pop("created", None)
            body["account"].pop("name", None)
            body["account"].pop("email", None)
    assert a == b
    assert ("crisis_session" in one.headers.get("set-cookie", "")) == (
        "crisis_session" in other.headers.get("set-cookie", "")
    )


def test_unknown_names_and_addresses_are_answered_as_known_ones(
    db: Database, site: tuple[TestClient, Inbox]
) -> None:
    client, inbox = site
    confirm(signed_up_owner(client), inbox)  # a known address signs in once confirmed
    work = Work(client)

    # Sign-in: the same answers, the same work, at every count up to the hold and past it.
    for net, (login, unknown) in enumerate(
        (("Aurelian", "Aurelius"), ("aurelian@example.org", "no@example.org"))
    ):
        for n in range(limits.FAILED_SIGNINS_PER_ADDRESS + 1):
            known = work.during(sign_in, at(client, f"127.1.{net}.1"), login, f"g{n}")
            other = work.during(sign_in, at(client, f"127.1.{net}.2"), unknown, f"g{n}")
            assert known[:2] == other[:2], (n, known, other, known[2].text, other[2].text)
            alike(known[2], other[2])
        error(known[2], 429, "rate_limited")

    # Forgot: answered before any work (the mail, if any, is made after the answer).
    known = work.during(
        lambda: at(client, "127.0.7.3").post("/api/account/forgot", json={"login": "Aurelian"})
    )
    other = work.during(
        lambda: at(client, "127.0.7.4").post("/api/account/forgot", json={"login": "Nobody"})
    )
    assert known[0] == other[0] == [] and known[1] == other[1] == 0
    alike(known[2], other[2])

    # Sign-up with a taken address and with a free one: the same answer and hashes.
    def signup(address: str, name: str, email: str) -> Any:
        return at(client, address).post(
            "/api/account/signup", json={"name": name, "email": email, "password": PASSWORD}
        )

    taken = work.during(lambda: signup("127.0.7.5", "Probus", "AURELIAN@example.org"))
    free = work.during(lambda: signup("127.0.7.6", "Tacitus", "tacitus@example.org"))
    assert taken[1] == free[1] == 1
    alike(taken[2], free[2])
    assert "email_taken" not in taken[2].text

    # Change of address to a taken one and to a free one.
    tacitus = at(client, "127.0.7.6")
    tacitus.cookies.update(free[2].cookies)
    moved = work.during(
        lambda: tacitus.post(
            "/api/account/email", json={"email": "aurelian@example.org", "password": PASSWORD}
        )
    )
    fresh = work.during(
        lambda: tacitus.post(
            "/api/account/email", json={"email": "tacitus2@example.org", "password": PASSWORD}
        )
    )
    assert moved[1] == fresh[1] == 1
    alike(moved[2], fresh[2])
    assert db.execute("SELECT email FROM accounts ORDER BY name") == [
        ("aurelian@example.org",),
        ("AURELIAN@example.org",),  # Probus's stand-in (test_taken_addresses.py)
        ("tacitus2@example.org",),
    ]
