"""The sign-in and sign-up pages when the server is checking too many passwords: it answers
``busy`` (429, ``Retry-After``) and the page says so in a sentence, keeps the button disabled
counting down the seconds asked, then gives it back, and the next try goes through. A real
server (the hash budget nearly spent) and a real Chromium, at a laptop's and a phone's size;
screenshots land in ``test-artifacts/account-busy-*.png``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from crisis.server import limits
from crisis.server.accounts import passwords
from tests.server.smtp import smtp_server

from .test_account_pages import SIZES, _look, _unexpected
from .test_browser import _page, browser, pytestmark
from .threaded import accounts_site

__all__ = ["browser", "pytestmark"]

PASSWORD = "marcus aurelius 161"
#: The seconds the spent budget asks to wait (a hash every WAIT seconds).
WAIT = 5


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A server with accounts in a thread of this process, and its accounts' service."""
    with (
        smtp_server() as (_, smtp_url),
        accounts_site(tmp_path_factory.mktemp("busy"), smtp_url) as (base, app),
    ):
        yield base, app.state.accounts


#: The form waiting after a busy answer: its sentence shown and its submit button disabled,
#: counting down (its text starting with the argument). Gives the button's text, read in the
#: same instant as the rest (a loaded machine may take the whole wait between two reads).
COUNTING = """(start) => {
  const b = document.querySelector("#submit");
  const busy = document.querySelector("form.busy #error");
  return busy && busy.textContent.includes("checking many passwords") && b && b.disabled
    && b.textContent.startsWith(start) ? b.textContent : null;
}"""


class HeldClock:
    """The spent lane's clock: it stands still from the moment the lane is spent until the
    test has seen the page refused, so that no hash comes back however slowly a loaded
    machine sends the form; then it runs, counting from that moment, and the wait the server
    asked for is real."""

    def __init__(self) -> None:
        self.at = time.monotonic()
        self.running = False

    def __call__(self) -> float:
        return time.monotonic() if self.running else self.at


def spend(service: Any) -> HeldClock:
    """The strangers' lane with no hash left, one coming every :data:`WAIT` seconds once the
    returned clock runs."""
    clock = HeldClock()
    budget = passwords.Budget(rate=1 / WAIT, burst=1)
    budget.lanes[passwords.SHARED] = limits.Bucket(budget.rate, 1, clock=clock)
    assert budget.lanes[passwords.SHARED].take()
    service.hashing.budget = budget
    return clock


@pytest.mark.parametrize(("width", "height", "size"), SIZES)
def test_a_busy_answer_disables_the_button_for_the_wait_asked(
    site: tuple[str, Any], browser: Any, width: int, height: int, size: str
) -> None:
    server, service = site
    name = f"Probus{width}"
    page, problems = _page(browser, width, height)
    service.hashing.budget = passwords.Budget(rate=1000, burst=1000)

    # Sign-up while the budget is spent: the sentence, the countdown, then a real account.
    clock = spend(service)
    page.goto(server + "/account/signup")
    page.wait_for_selector("#who a")
    page.fill("#name", name)
    page.fill("#email", f"probus{width}@example.org")
    page.fill("#password", PASSWORD)
    page.click("#submit")
    page.wait_for_function(COUNTING, arg="Create account: wait ", polling=100)
    _look(page, f"busy-signup-{size}")
    clock.running = True
    page.wait_for_selector("#submit:enabled")
    assert page.text_content("#submit") == "Create account"
    assert page.text_content("#error") == "You can try again now."
    page.click("#submit")
    page.wait_for_url("**/account")
    page.wait_for_selector("#profile:not(.hidden)")
    page.click("#signout")
    page.wait_for_url(server + "/")

    # Sign-in from a new browser (no device cookie: the strangers' lane), spent.
    other, more = _page(browser, width, height)
    clock = spend(service)
    other.goto(server + "/account/signin")
    other.fill("#login", name)
    other.fill("#password", PASSWORD)
    other.click("#submit")
    counted = str(other.wait_for_function(COUNTING, arg="Sign in: wait ", polling=100).json_value())
    assert 1 <= int(counted.split()[-2]) <= WAIT
    _look(other, f"busy-signin-{size}")
    # Enter while the page waits sends nothing; should the wait be over already on a slow
    # machine, the server (its clock still held) answers busy again: either way the button
    # comes back, and only then does the server's clock run.
    other.press("#password", "Enter")
    other.wait_for_selector("#submit:enabled")
    clock.running = True
    assert other.text_content("#submit") == "Sign in"
    other.click("#submit")
    other.wait_for_url("**/account")
    other.wait_for_selector("#profile:not(.hidden)")
    assert other.text_content("#who") == name
    assert _unexpected(problems) == [] and _unexpected(more) == []
    for p in (page, other):
        p.close()
