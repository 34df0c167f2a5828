"""Correspondence clocks on screen, in a real Chromium at both sizes: the table's top bar
shows the time left of the seat to move (its bank and vacation counted), the bank, and who
is on vacation until when; "Your games" and the account page show the same. Screenshots at
1440x900 and 390x844 (``test-artifacts/clocks-*.png``), axe-core finding nothing serious.

Aurelia (laptop) plays a quick first turn at one day per move and banks most of the day;
Livia (phone) goes on vacation for a week, so the turn that is hers waits.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from crisis.devtools.loadtest import free_port
from crisis.server import create_app, limits
from crisis.server.accounts import install
from tests.databases import fresh_database
from tests.server.conftest import pick

from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark
from .threaded import served_in_thread

__all__ = ["browser", "pytestmark"]

PASSWORD = "septimius severus 193"
DAY = 86400


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with (
        fresh_database("sqlite", tmp_path_factory.mktemp("clocks")) as db,
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(limits, "SIGNUP_BURST", 20)
        port = free_port()
        app = create_app(db.url, bot_delay=0.0, allow_seed=True)
        install(app, public_url=f"http://127.0.0.1:{port}", mail_poll=0.1)
        with served_in_thread(app, port) as base:
            yield base


def _sign_up(page: Any, server: str, name: str) -> None:
    res = page.request.post(
        f"{server}/api/account/signup",
        data={"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD},
    )
    assert res.status == 201, res.text()


def _look(page: Any, name: str) -> None:
    _shot(page, f"clocks-{name}")
    assert _serious(page) == [], name


def test_the_bank_and_a_vacation_on_the_table_and_in_your_games(browser: Any, site: str) -> None:
    laptop, problems = _page(browser, 1440, 900)
    phone, phone_problems = _page(browser, 390, 844)
    _sign_up(laptop, site, "Aurelia")
    _sign_up(phone, site, "Livia")
    res = laptop.request.post(
        f"{site}/api/tables", data={"seats": [{"kind": "human"}] * 2, "seed": 5, "pace": DAY}
    )
    assert res.status == 201, res.text()
    table, tokens = res.json()["table"]["id"], res.json()["tokens"]
    first = laptop.request.get(f"{site}/api/tables/{table}").json()["active"][0]
    other = next(r for r in tokens if r != first)
    for page, role in ((laptop, first), (phone, other)):
        claimed = page.request.post(f"{site}/api/account/seats", data={"tokens": [tokens[role]]})
        assert claimed.json()["claimed"] == [[table, role]]
    # Aurelia's quick first turn banks nearly a day.
    rng = random.Random(2)
    for _ in range(300):
        now = laptop.request.get(
            f"{site}/api/tables/{table}/state", headers={"X-Seat-Token": tokens[first]}
        ).json()
        if first not in now["table"]["active"]:
            break
        body = {"role": first, "action": pick(now["actions"], rng), "version": now["version"]}
        done = laptop.request.post(
            f"{site}/api/tables/{table}/actions",
            data=body,
            headers={"X-Seat-Token": tokens[first]},
        )
        assert done.status == 200, done.text()
    # Livia goes away for a week from her account page.
    phone.goto(f"{site}/account")
    phone.wait_for_selector("#vacation-form:not(.hidden)")
    phone.fill("#vacation-days", "7")
    phone.click("#vacation-start")
    phone.locator("#vacation-state", has_text="You are on vacation until").wait_for()
    phone.locator("#vacation-state", has_text="23 of 30 days left").wait_for()
    phone.locator("#my-games .away", has_text="you are on vacation until").wait_for()
    _look(phone, "account-phone")
    phone.locator("#vacation-card").scroll_into_view_if_needed()
    _look(phone, "account-phone-vacation")

    # Aurelia's table: waiting for Livia, her time paused (a week and a day left), and why.
    laptop.goto(f"{site}/table/{table}")
    laptop.locator("#bar-turn", has_text="8 d 0 h left").wait_for()
    laptop.locator("#bar-players", has_text=re.compile(r"Livia.*on vacation until")).wait_for()
    laptop.locator("#bar-turn", has_text=re.compile("your bank 2[34] h")).wait_for()
    _look(laptop, "table-laptop")
    laptop.goto(f"{site}/account")
    entry = laptop.locator(f"#my-games li[data-table='{table}']")
    laptop.locator(
        f"#my-games li[data-table='{table}']", has_text=re.compile("bank 2[34] h")
    ).wait_for()
    # (the seats were made by the API with no names typed: the opponent is named by colour)
    entry.locator(".away", has_text=f"{other.capitalize()} is on vacation until").wait_for()
    _look(laptop, "account-laptop")

    # Livia's table on her phone: her turn, a week and a day left.
    phone.goto(f"{site}/table/{table}")
    phone.locator("#notice", has_text="Your turn").wait_for()  # a phone says it once, there
    phone.locator("#bar-turn", has_text="8 d 0 h left").wait_for()
    _look(phone, "table-phone")
    assert problems == [] and phone_problems == []
