"""Open tables in the lobby: a signed-in host opens a table with an open seat, a stranger
signed in on another browser finds it under "Open games" and takes the seat with one click;
the table starts. At laptop and phone sizes, with screenshots."""

from __future__ import annotations

import json
import secrets
import urllib.request
from typing import Any

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]

PASSWORD = "a long and secret phrase"


def _sign_up(page: Any, server: str, name: str) -> None:
    """Sign up in the page's browser context (its cookie then signs the page in)."""
    body = {"name": name, "email": f"{name.lower()}@example.org", "password": PASSWORD}
    res = page.request.post(server + "/api/account/signup", data=body, timeout=120_000)
    assert res.status == 201, res.text()


def test_a_stranger_takes_the_open_seat_with_one_click(server: str, browser: Any) -> None:
    for (width, height), tag in (((1440, 900), "laptop"), ((390, 844), "phone")):
        host, host_problems = _page(browser, width, height)
        guest, guest_problems = _page(browser, width, height)
        suffix = secrets.token_hex(3)
        host_name, guest_name = f"Aurelia{suffix}", f"Livia{suffix}"
        _sign_up(host, server, host_name)
        _sign_up(guest, server, guest_name)
        host.goto(server + "/")
        host.wait_for_selector("#seats select")
        host.locator("#site-note", has_text=f"Signed in as {host_name}").wait_for()
        host.select_option("#players", "2")
        host.check("#open-table")
        host.select_option('select[name="seat-blue"]', "open")
        host.click("#create")
        host.wait_for_url("**/table/**")
        table = host.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
        # The host's table says it waits for players, and which seat is free.
        host.locator("#options", has_text="open: it starts when its free seats").wait_for()
        assert "free: anyone signed in" in host.locator("#seats").inner_text()
        guest.goto(server + "/")
        row = guest.locator(f'#open-tables li[data-table="{table}"]')
        row.wait_for()
        assert "blue: free" in row.inner_text() and "unrated" in row.inner_text()
        row.scroll_into_view_if_needed()
        _shot(guest, f"open-games-{tag}")
        row.get_by_role("button", name="Take a seat").click()
        guest.wait_for_url(f"**/table/{table}**")
        with urllib.request.urlopen(f"{server}/api/tables/{table}") as res:
            made = json.load(res)
        assert made["status"] == "playing"
        blue = next(s for s in made["seats"] if s["role"] == "blue")
        assert blue["kind"] == "human" and blue["name"] == guest_name
        guest.wait_for_selector("#prompt")
        _shot(guest, f"open-game-taken-{tag}")
        assert not host_problems, host_problems
        assert not guest_problems, guest_problems
        host.close()
        guest.close()
