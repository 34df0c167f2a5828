"""The lobby draws each title's options form from the title's info() (via /api/meta), and
creates the table with the options chosen there."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]


def _meta(server: str) -> dict[str, Any]:
    with urllib.request.urlopen(server + "/api/meta") as res:
        return dict(json.load(res))


def test_the_options_form_follows_info(server: str, browser: Any) -> None:
    meta = _meta(server)
    page, problems = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    for title, info in meta["titles"].items():
        page.select_option("#title", title)
        box = page.locator(f'fieldset[data-title="{title}"]')
        drawn = [o for o in info["options"] if o["kind"] in ("bool", "choice")]
        assert box.locator("[data-option]").count() == len(drawn), title
        for opt in drawn:
            field = box.locator(f'[data-option="{opt["name"]}"]')
            assert field.is_visible(), (title, opt)
            if opt["kind"] == "bool":
                assert field.is_checked() == opt["default"]
            else:
                values = field.locator("option").evaluate_all("os => os.map((o) => o.value)")
                assert values == [c["value"] for c in opt["choices"]]
                assert field.input_value() == opt["default"]
        if info.get("note"):
            assert box.get_by_text(info["note"]).is_visible()
        others = [t for t in meta["titles"] if t != title]
        for other in others:
            assert page.locator(f'fieldset[data-title="{other}"]').is_hidden()
    assert not problems, problems


def test_a_table_gets_the_options_ticked_in_the_form(server: str, browser: Any) -> None:
    page, problems = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#title", "time_of_crisis")
    page.select_option("#players", "2")
    page.check('[data-option="expansion_cards"]')
    page.check('[data-option="emperor_rules"]')
    page.select_option('[data-option="market"]', "variable")
    page.click("#create")
    page.wait_for_url("**/table/**")
    table = page.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
    with urllib.request.urlopen(f"{server}/api/tables/{table}") as res:
        options = json.load(res)["options"]
    assert options["expansion_cards"] is True and options["emperor_rules"] is True
    assert options["market"] == "variable" and options["short_game"] is False
    assert not problems, problems


def test_the_seat_menu_offers_the_levels_with_the_bot_each_stands_for(
    server: str, browser: Any
) -> None:
    meta = _meta(server)
    for width, height, size in ((1440, 900, "laptop"), (390, 844, "phone")):
        page, problems = _page(browser, width, height)
        page.goto(server + "/")
        page.wait_for_selector("#seats select")
        for title, info in meta["titles"].items():
            page.select_option("#title", title)
            menu = page.locator('select[name="seat-blue"]')
            shown = menu.locator("option").evaluate_all(
                "os => os.map((o) => [o.value, o.textContent])"
            )
            levels = [[f"bot:{lv}", f"Bot: {lv} ({bot})"] for lv, bot in info["levels"].items()]
            assert shown[2:5] == levels, (title, shown)  # after "Me" and "A friend"
            assert ["bot:random", "Bot: random"] in shown
            # The bot a level stands for is not offered again under its own name; the rest
            # are grouped apart, for study.
            values = [v for v, _ in shown]
            assert not set(values) & {f"bot:{b}" for b in info["levels"].values()}, shown
            assert len(values) == len(set(values)), shown
            grouped = menu.locator('optgroup[label="Other bots, for study"] option')
            assert grouped.count() == len(shown) - 5 and grouped.count() > 0
            # The default opponent is shown by the level that stands for it.
            level = next(lv for lv, b in info["levels"].items() if b == info["default_bot"])
            assert menu.input_value() == f"bot:{level}"
            # A level that plays the same bot as an easier one says so under the seats.
            note = page.locator(".level-note").inner_text()
            assert note.startswith("How strong the bots are:") and "parity" not in note, note
            order = list(info["levels"])
            twins = {
                lv: next(o for o in order[:i] if info["levels"][o] == info["levels"][lv])
                for i, lv in enumerate(order)
                if info["levels"][lv] in [info["levels"][o] for o in order[:i]]
            }
            for lv, twin in twins.items():
                assert f"{lv} " in note and f"the same bot as {twin} for now" in note, note
            if not twins:
                assert "the same bot" not in note, note
        page.select_option("#title", "time_of_crisis")
        page.select_option("#players", "2")
        _shot(page, f"lobby-levels-{size}")
        page.select_option('select[name="seat-blue"]', "bot:hard")
        page.click("#create")
        page.wait_for_url("**/table/**")
        table = page.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
        with urllib.request.urlopen(f"{server}/api/tables/{table}") as res:
            seats = json.load(res)["seats"]
        assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "hard"
        assert not problems, problems
        page.close()


def test_a_table_over_days_gets_the_pace_chosen_in_the_form(server: str, browser: Any) -> None:
    meta = _meta(server)
    for size, tag in (((1440, 900), "laptop"), ((390, 844), "phone")):
        page, problems = _page(browser, *size)
        page.goto(server + "/")
        page.wait_for_selector("#seats select")
        offered = page.locator("#pace option").evaluate_all("os => os.map((o) => o.value)")
        assert offered == ["", *(str(p["seconds"]) for p in meta["paces"] if p["seconds"])]
        assert page.locator("#timeout-field").is_hidden()  # a live game has no timeout
        page.select_option("#players", "2")
        page.select_option("#pace", str(3 * 86400))
        assert page.locator("#timeout-field").is_visible()
        page.select_option("#on-timeout", "resign")
        _shot(page, f"lobby-pace-{tag}")
        asked = int(time.time())
        page.click("#create")
        page.wait_for_url("**/table/**")
        table = page.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]
        with urllib.request.urlopen(f"{server}/api/tables/{table}") as res:
            made = json.load(res)
        assert made["pace"] == 3 * 86400 and made["on_timeout"] == "resign"
        # The first turn's time counts from the game's start (made between the click and this
        # answer), not from the table's last change, which the seat's joining moves on.
        began = made["deadline"] - 3 * 86400
        assert asked <= began <= made["updated"] <= int(time.time()), (asked, made)
        # The table says its pace, what a timeout does and the time left.
        facts = page.locator("#options", has_text="3 days per move")
        facts.wait_for()
        assert "who runs out of time is resigned" in facts.inner_text()
        assert " left" in facts.inner_text()
        # "Your games" in the lobby shows the pace and the time left.
        page.goto(server + "/")
        mine = page.locator("#mine li", has_text="3 d per move")
        mine.first.wait_for()
        assert " left" in mine.first.inner_text()
        assert not problems, problems
        page.close()


def test_create_waits_until_the_lobby_is_ready(server: str, browser: Any) -> None:
    """A click before the lobby's script has loaded what it needs must not post the form as a
    plain page request (that reloaded the lobby and dropped the click): the button is off."""
    page, problems = _page(browser)
    held: list[Any] = []
    page.route("**/api/account", lambda route: held.append(route))
    with page.expect_request("**/api/account"):
        page.goto(server + "/")
    # The route's handler runs in this process once the ask is seen; this wait on the page
    # lets it run.
    page.wait_for_function("() => document.querySelectorAll('#title option').length > 0")
    assert held, "the lobby asks who is signed in before it enables the form"
    assert page.locator("#create").is_disabled()
    for route in held:
        route.continue_()
    page.unroute("**/api/account")
    page.wait_for_selector("#create:enabled")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_url("**/table/**")
    assert not problems, problems


def test_making_a_table_says_so_and_takes_one_click(server: str, browser: Any) -> None:
    """While the server makes the table the button says so and cannot be pressed again; it
    stays so while the table page loads, and comes back if the server refuses."""
    page, problems = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    held: list[Any] = []
    page.route("**/api/tables", lambda route: held.append(route))
    page.click("#create")
    page.wait_for_selector("#create[aria-busy='true']:disabled:text('Making the table')")
    # The button changes in the page at once; the held request reaches this side a moment
    # later (Playwright hands it over while it waits): wait for it, then count.
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    held[0].fulfill(
        status=429, json={"type": "error", "code": "busy", "message": "busy: try again"}
    )
    page.wait_for_selector("#create:enabled:not([aria-busy]):text('Create table and play')")
    assert "busy" in page.inner_text("#create-error")
    page.unroute("**/api/tables")
    page.click("#create")
    page.wait_for_url("**/table/**")
    # Back in the lobby (a browser may show it as it was left), the button is ready again.
    page.go_back()
    page.wait_for_selector("#create:enabled:not([aria-busy]):text('Create table and play')")
    assert not [p for p in problems if "429" not in p], problems
