"""The leaderboards (/ratings) and a player's profile (/players/NAME) after a rated game
between two accounts, at laptop and phone sizes, with screenshots."""

from __future__ import annotations

import secrets
from typing import Any

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import _page, _shot, browser, pytestmark, server
from .test_open_games import _sign_up

__all__ = ["browser", "pytestmark", "server"]


def _post(page: Any, server: str, path: str, body: dict[str, Any]) -> Any:
    res = page.request.post(server + path, data=body, timeout=120_000)
    assert res.ok, res.text()
    return res.json()


def test_a_rated_game_shows_on_the_leaderboard_and_the_profiles(server: str, browser: Any) -> None:
    host, problems = _page(browser, 1440, 900)
    guest, _ = _page(browser, 1440, 900)
    suffix = secrets.token_hex(3)
    first, second = f"Aurelia{suffix}", f"Livia{suffix}"
    _sign_up(host, server, first)
    _sign_up(guest, server, second)
    body = {"seats": [{"kind": "human"}, {"kind": "open"}], "open": True, "rated": True}
    table = _post(host, server, "/api/tables", body)["table"]["id"]
    _post(guest, server, f"/api/tables/{table}/take", {})
    _post(host, server, f"/api/tables/{table}/resign", {"role": "green"})  # by sign-in only
    _post(guest, server, f"/api/tables/{table}/resign", {"role": "blue"})
    for (width, height), tag in (((1440, 900), "laptop"), ((390, 844), "phone")):
        page, problems = _page(browser, width, height)
        page.goto(server + "/ratings")
        board = page.locator('section[data-title="time_of_crisis"] table.leaderboard')
        board.wait_for()
        text = board.inner_text()
        assert first in text and second in text
        _shot(page, f"ratings-{tag}")
        page.get_by_role("link", name=second).click()
        page.wait_for_url(f"**/players/{second}")
        page.locator("#player-name", has_text=second).wait_for()
        assert "1 rated game" in page.locator("#player-ratings").inner_text()
        assert page.locator("#history-chart svg circle").count() == 2  # before and after
        assert page.locator(f'#player-games a[href="/table/{table}"]').count() == 1
        assert "@" not in page.locator("main").inner_text()  # no e-mail address anywhere
        _shot(page, f"player-{tag}")
        assert not problems, problems
        page.close()
    host.close()
    guest.close()
