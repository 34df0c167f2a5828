"""The account pages in a real headless Chromium, at a laptop's and a phone's size: sign up
(a weak password refused first), confirm the address by the mailed link, sign out and in
(a wrong password refused first), forget the password and set a new one by the mailed link,
change it on the settings page, save the mail settings, and stop mails by a mail's link.
A guest's seat is the account's after signing up ("Your games"). Mails are read from a real
SMTP server in the test process; screenshots of every page land in
``test-artifacts/account-*.png``; axe-core finds no serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.smtp import Inbox, link, smtp_server

from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark
from .threaded import accounts_site

__all__ = ["browser", "pytestmark"]

PASSWORD = "marcus aurelius 161"
SIZES = ((1440, 900, "laptop"), (390, 844, "phone"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Inbox]]:
    """A server with accounts (in a thread of this process, mailing the SMTP server here)."""
    with (
        smtp_server() as (inbox, smtp_url),
        accounts_site(tmp_path_factory.mktemp("accounts"), smtp_url) as (base, _),
    ):
        yield base, inbox


def _unexpected(problems: list[str]) -> list[str]:
    """Console errors but the browser's note of a refusal the test asked for (4xx)."""
    return [p for p in problems if not ("Failed to load resource" in p and "status of 4" in p)]


def _look(page: Any, name: str) -> None:
    _shot(page, f"account-{name}")
    assert _serious(page) == [], name


def _mail_to(inbox: Inbox, address: str, subject: str, seen: int) -> Any:
    return inbox.wait_to(address, subject, after=seen)


@pytest.mark.parametrize(("width", "height", "size"), SIZES)
def test_sign_up_in_out_reset_and_settings(
    site: tuple[str, Inbox], browser: Any, width: int, height: int, size: str
) -> None:
    server, inbox = site
    name, address = f"Aurelian{width}", f"aurelian{width}@example.org"
    page, problems = _page(browser, width, height)

    # A guest first: a table made in the lobby, played by this browser's seat link.
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.click("#create")
    page.wait_for_url("**/table/**")
    table = page.url.rsplit("/", 1)[-1].split("#")[0]

    # Sign up: a weak password is refused with the server's reason, then the account is made
    # and takes the seat this browser played as a guest.
    page.goto(server + "/account/signup")
    page.wait_for_selector("#who a")
    # The same way round the site as from the lobby: the ratings, and who is signed in.
    assert page.locator(".topbar nav a[href='/ratings']").is_visible()
    _look(page, f"signup-{size}")
    seen = len(inbox.mails)
    page.fill("#name", name)
    page.fill("#email", address)
    page.fill("#password", "short")
    page.click("#submit")
    page.wait_for_selector("#error:text('at least 10 characters')")
    _look(page, f"signup-refused-{size}")
    page.fill("#password", PASSWORD)
    page.click("#submit")
    page.wait_for_url("**/account")
    page.wait_for_selector("#profile:not(.hidden)")
    assert page.text_content("#my-name") == name
    assert page.text_content("#my-email") == address
    assert page.text_content("#my-confirmed") == "not confirmed yet"
    assert page.text_content("#who") == name
    # A new account's next step is in view: playing, from the lobby.
    assert page.is_visible("#to-lobby") and page.get_attribute("#to-lobby", "href") == "/"
    page.wait_for_selector("#my-games .your-turn")
    assert f"/table/{table}" in (page.get_attribute("#my-games a", "href") or "")
    _look(page, f"settings-{size}")

    # Confirm the address by the mailed link.
    mail = _mail_to(inbox, address, "confirm", seen)
    page.goto(f"{server}/account/confirm#t={link(mail, '/account/confirm')}")
    page.wait_for_selector("#ok:text('is confirmed')")
    assert "#t=" not in page.url
    _look(page, f"confirm-{size}")
    page.goto(server + "/account")
    page.wait_for_selector("#my-confirmed.yes")

    # Sign out, then in (a wrong password first).
    page.click("#signout")
    page.wait_for_url(server + "/")
    page.goto(server + "/account")
    page.wait_for_selector("#signed-out:not(.hidden)")
    _look(page, f"signed-out-{size}")
    page.goto(server + "/account/signin")
    _look(page, f"signin-{size}")
    page.fill("#login", name.lower())
    page.fill("#password", "not my password")
    page.click("#submit")
    page.wait_for_selector("#error:text('no account has that name and password')")
    _look(page, f"signin-refused-{size}")
    page.fill("#password", PASSWORD)
    page.click("#submit")
    page.wait_for_url("**/account")
    page.wait_for_selector("#profile:not(.hidden)")

    # Mail settings: turn notices after an hour, no game results.
    page.uncheck("#mail-ends")
    page.select_option("#mail-after", "60")
    page.click("#save-mail")
    page.wait_for_selector("#mail-ok:text('Saved')")
    page.reload()
    page.wait_for_selector("#profile:not(.hidden)")
    assert not page.is_checked("#mail-ends") and page.is_checked("#mail-turns")
    assert page.input_value("#mail-after") == "60"

    # A forgotten password, on another device: the link in the mail sets a new one.
    other, other_problems = _page(browser, width, height)
    other.goto(server + "/account/forgot")
    _look(other, f"forgot-{size}")
    seen = len(inbox.mails)
    other.fill("#login", address.upper())
    other.click("#submit")
    other.wait_for_selector("#ok:text('on its way')")
    _look(other, f"forgot-sent-{size}")
    mail = _mail_to(inbox, address, "new password", seen)
    other.goto(f"{server}/account/reset#t={link(mail, '/account/reset')}")
    _look(other, f"reset-{size}")
    fresh = "Palmyra falls in 272"
    other.fill("#password", fresh)
    other.click("#submit")
    other.wait_for_url("**/account")
    other.wait_for_selector("#profile:not(.hidden)")
    assert other.text_content("#my-name") == name
    # The first browser was signed out by the reset.
    page.reload()
    page.wait_for_selector("#signed-out:not(.hidden)")

    # Change the password on the settings page (the current one first).
    other.fill("#current", "wrong password here")
    other.fill("#new", "Aurelian restores the empire")
    other.click("#change")
    other.wait_for_selector("#password-error:text('current password is wrong')")
    other.fill("#current", fresh)
    other.click("#change")
    other.wait_for_selector("#password-ok:text('Password changed')")
    _look(other, f"settings-changed-{size}")

    # Every mail's stop link: one click on its page stops those mails.
    page.goto(f"{server}/mail/stop#t={link(mail, '/mail/stop')}")
    _look(page, f"stop-{size}")
    page.click("#stop")
    page.wait_for_selector("#ok:text('no more turn notices, invitations or game results')")
    _look(page, f"stopped-{size}")
    other.reload()
    other.wait_for_selector("#profile:not(.hidden)")
    assert not other.is_checked("#mail-turns") and not other.is_checked("#mail-invites")

    # Change the address; the mail to the old one takes it back (with a new password).
    seen = len(inbox.mails)
    moved = f"moved{width}@example.org"
    other.fill("#new-email", moved)
    other.fill("#email-password", "Aurelian restores the empire")
    other.click("#change-email")
    other.wait_for_selector("#email-ok:text('Changed')")
    assert other.text_content("#my-email") == moved
    _look(other, f"email-changed-{size}")
    told = _mail_to(inbox, address, "was changed", seen)
    page.goto(f"{server}/account/undo#t={link(told, '/account/undo')}")
    _look(page, f"undo-{size}")
    page.fill("#password", "Back home in 274 AD")
    page.click("#submit")
    page.wait_for_url("**/account")
    page.wait_for_selector("#profile:not(.hidden)")
    assert page.text_content("#my-email") == address
    assert page.text_content("#my-confirmed") == "confirmed"

    assert _unexpected(problems) == [], problems
    assert _unexpected(other_problems) == [], other_problems
    page.close()
    other.close()


def test_the_pages_are_packaged() -> None:
    web = Path(__file__).resolve().parents[2] / "src" / "crisis" / "web"
    for name in ("signup", "signin", "forgot", "reset", "undo", "confirm", "stop", "account"):
        assert (web / f"{name}.html").is_file()


#: ``?next=`` values of the sign-in page that must never leave the site, and where each goes.
NEXT = (
    ("/%5Cevil.example/", "/account"),
    ("/%09/evil.example/", "/account"),
    ("//evil.example/", "/account"),
    ("\\\\evil.example/", "/account"),
    ("/ratings?title=rome_in_crisis", "/ratings?title=rome_in_crisis"),
)


def test_sign_in_goes_on_only_to_a_path_of_this_site(site: tuple[str, Inbox], browser: Any) -> None:
    """The open redirect: ``/account/signin?next=...`` signs in, then goes to ``next`` only if
    the URL parser reads it as a path of this site (the page checks, and the server's answer
    says the same; tests/server/test_signin_next.py tries more spellings on the server)."""
    from urllib.parse import quote

    from crisis.devtools.loadtest import post

    server, _inbox = site
    post(
        server,
        "/api/account/signup",
        {"name": "Carus", "email": "carus@example.org", "password": PASSWORD},
    )
    page, problems = _page(browser, 1440, 900)
    for value, expected in NEXT:
        page.goto(f"{server}/account/signin?next={quote(value, safe='/%:')}")
        page.fill("#login", "Carus")
        page.fill("#password", PASSWORD)
        page.click("#submit")
        page.wait_for_url(lambda url: "/account/signin" not in url)
        page.wait_for_load_state()
        assert page.url == server + expected, (value, page.url)
        page.evaluate("fetch('/api/account/signout', {method: 'POST'}).then((r) => r.status)")
    assert _unexpected(problems) == [], problems
    page.close()
