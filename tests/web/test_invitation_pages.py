"""Invitations as offers in a real headless Chromium, at a laptop's and a phone's size: the
invited player sees the offer on their account page and on the table page the mail links to,
and declines it there; the maker sees the declined seat on the table page and offers it to
another player, who accepts from the account page, and the table starts. A player is blocked
and unblocked on the account page. Screenshots land in ``test-artifacts/invitations-*.png``;
axe-core finds no serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark
from .threaded import accounts_site

__all__ = ["browser", "pytestmark"]

PASSWORD = "marcus aurelius 161"
SIZES = ((1440, 900, "laptop"), (390, 844, "phone"))


@pytest.fixture
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with accounts (in a thread of this process; mails go to its log), one per
    test: each signs up three people from one address, within that address's limit."""
    with accounts_site(tmp_path_factory.mktemp("invitations")) as (base, _):
        yield base


def _person(browser: Any, server: str, name: str, width: int, height: int) -> Any:
    """A browser of its own, signed up as ``name``."""
    page, problems = _page(browser, width, height)
    res = page.request.post(
        server + "/api/account/signup",
        data={"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD},
    )
    assert res.status == 201, res.text()
    page.problems = problems
    return page


def _look(page: Any, name: str, where: str | None = None) -> None:
    if where is not None:
        page.locator(where).scroll_into_view_if_needed()
    _shot(page, f"invitations-{name}")
    assert _serious(page) == [], name


@pytest.mark.parametrize(("width", "height", "size"), SIZES)
def test_offers_answered_on_the_table_and_account_pages(
    site: str, browser: Any, width: int, height: int, size: str
) -> None:
    maker = _person(browser, site, f"Aurelia{width}", width, height)
    livia = _person(browser, site, f"Livia{width}", width, height)
    titus = _person(browser, site, f"Titus{width}", width, height)
    seats = [{"kind": "human"}, {"kind": "human", "invite": f"Livia{width}"}]
    res = maker.request.post(site + "/api/tables", data={"seats": seats})
    assert res.status == 201, res.text()
    table = res.json()["table"]["id"]

    # Livia's account page: the offer, with Accept and Decline.
    livia.goto(site + "/account")
    livia.wait_for_selector("#my-invitations button")
    assert f"from Aurelia{width}" in livia.inner_text("#my-invitations")
    _look(livia, f"account-{size}")
    # The table page the mail links to: the same offer; she declines.
    livia.goto(f"{site}/table/{table}?seat=blue")
    livia.wait_for_selector(".offer button.primary")
    assert "waits for them to accept" in livia.inner_text("#seats")
    # The top bar and the prompt say whom the table waits for, by name.
    waits = f"Waiting for Livia{width} to accept the invitation (Blue)"
    assert waits in livia.inner_text("#table-bar")
    assert livia.inner_text("#prompt") == waits
    # Nobody is "to act" at a table that has not started, at the top or by a seat.
    assert "to act" not in livia.inner_text("#round"), livia.inner_text("#round")
    assert livia.locator(".badge", has_text="to act").count() == 0
    _look(livia, f"table-invited-{size}", "#seats")
    livia.click(".offer button:not(.primary)")
    livia.wait_for_selector("#seats :text('declined')")

    # The maker's table page: the declined seat, offered to Titus.
    maker.goto(f"{site}/table/{table}")
    maker.wait_for_selector(".offer input")
    again = "Waiting for the table's maker to offer Blue again (declined)"
    assert again in maker.inner_text("#table-bar")
    _look(maker, f"table-declined-{size}", "#seats")
    maker.fill(".offer input", f"Titus{width}")
    maker.click(".offer button:text('Invite')")
    maker.wait_for_selector("#seats :text('waits for them to accept')")

    # Titus accepts from his account page: the table starts.
    titus.goto(site + "/account")
    titus.wait_for_selector("#my-invitations button.primary")
    titus.click("#my-invitations button.primary")
    titus.wait_for_selector("#my-invitations :text('None waiting for you.')")
    summary = titus.request.get(f"{site}/api/tables/{table}").json()
    assert summary["status"] == "playing" and summary["seats"][1]["name"] == f"Titus{width}"
    # The maker's page, still open, now names who is to act.
    maker.locator("#round", has_text="to act: ").wait_for()

    # Titus blocks Livia on his account page, then unblocks her.
    titus.fill("#block-name", f"Livia{width}")
    titus.click("#block")
    titus.wait_for_selector(f"#my-blocks :text('Livia{width}')")
    _look(titus, f"account-blocks-{size}", "#blocks-card")
    titus.fill("#block-name", "Nobody")
    titus.click("#block")
    titus.wait_for_selector("#block-error:text('no player')")
    titus.click("#my-blocks button")
    titus.wait_for_selector("#my-blocks :text('Nobody.')")
    for page in (maker, livia, titus):
        unexpected = [
            p for p in page.problems if not ("Failed to load resource" in p and "status of 4" in p)
        ]
        assert unexpected == []
