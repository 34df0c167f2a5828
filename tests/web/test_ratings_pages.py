"""The leaderboards (/ratings) and a player's profile (/players/NAME) after a rated game
between two accounts, at laptop and phone sizes, with screenshots."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from crisis.devtools.loadtest import free_port
from crisis.server import create_app
from crisis.server.accounts import install
from tests.databases import Database, fresh_database

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import _page, _shot, browser, pytestmark
from .test_open_games import _sign_up
from .threaded import served_in_thread

__all__ = ["browser", "pytestmark"]


def _post(page: Any, server: str, path: str, body: dict[str, Any]) -> Any:
    res = page.request.post(server + path, data=body, timeout=120_000)
    assert res.ok, res.text()
    return res.json()


@pytest.fixture(scope="module")
def rated_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Database]]:
    """A server with accounts (in a thread of this process) and its database, where the test
    confirms its players' addresses (rated play takes them; mails go to the log here)."""
    with fresh_database("sqlite", tmp_path_factory.mktemp("rated")) as db:
        port = free_port()
        fast = {"state": 10**6, "act": 10**6, "tables": 10**6, "seat": 10**6}
        app = create_app(db.url, bot_delay=0.0, bot_workers=1, http_per_minute=fast)
        install(app, public_url=f"http://127.0.0.1:{port}", mail_poll=0.1)
        with served_in_thread(app, port) as base:
            yield base, db


def _play_out(pages: dict[str, Any], server: str, table: str) -> None:
    """Both people play random legal moves (each from their own signed-in browser) to the
    end: a rated game moves ratings only when each made moves of their own."""
    rng = random.Random(5)
    anyone = next(iter(pages.values()))
    for _ in range(5000):
        summary = anyone.request.get(f"{server}/api/tables/{table}").json()
        if summary["status"] == "finished":
            assert summary["unrated"] is None, summary["unrated"]
            return
        for role in summary["active"]:
            page = pages[role]
            now = page.request.get(f"{server}/api/tables/{table}/state?role={role}").json()
            legal = [a for a in now["actions"] if a[0] != "undo"]
            if legal:
                body = {"role": role, "action": rng.choice(legal), "version": now["version"]}
                page.request.post(f"{server}/api/tables/{table}/actions", data=body)
    raise AssertionError("the game did not end")


def test_a_rated_game_shows_on_the_leaderboard_and_the_profiles(
    rated_site: tuple[str, Database], browser: Any
) -> None:
    server, db = rated_site
    host, problems = _page(browser, 1440, 900)
    guest, _ = _page(browser, 1440, 900)
    suffix = secrets.token_hex(3)
    first, second = f"Aurelia{suffix}", f"Livia{suffix}"
    _sign_up(host, server, first)
    _sign_up(guest, server, second)
    db.execute(
        "UPDATE accounts SET confirmed = 1, first_confirmed = 1"
    )  # as their confirmation links would
    body = {
        "seats": [{"kind": "human"}, {"kind": "open"}],
        "open": True,
        "rated": True,
        "options": {"short_game": True},
    }
    table = _post(host, server, "/api/tables", body)["table"]["id"]
    _post(guest, server, f"/api/tables/{table}/take", {})
    _play_out({"green": host, "blue": guest}, server, table)
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
