"""'What would the bot do?' in a real Chromium: the bot's top three
choices with their estimates and its plan for the rest of the turn as a numbered list, in
the title's own words, in view at a laptop's and a phone's size, axe-clean."""

from __future__ import annotations

from typing import Any

import pytest

from .scripted import Table, plan
from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]


def _new_ric_table(page: Any, server: str) -> None:
    """From the lobby: Rome in Crisis, three players, me and two bots; waits for my turn (the
    seat list is redrawn after the choice of players: wait for it, a loaded machine is slow)."""
    page.goto(server + "/")
    page.wait_for_selector("#create:enabled")
    page.select_option("#title", "rome_in_crisis")
    page.select_option("#players", "3")
    page.wait_for_function("document.querySelectorAll('#seats select').length === 3")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)")


def _in_view(page: Any, locator: Any) -> bool:
    """Whether ``locator``'s top (its first 40 px) is on screen; within a pixel, since a page
    scrolls by whole pixels and what lies above may be a fraction of one high."""
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["y"] > -1
        and box["y"] + min(box["height"], 40) <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"] + 1
    )


def _ask(page: Any, name: str) -> dict[str, Any]:
    """Click the hint button, wait for the answer and check what it shows; return it."""
    with page.expect_response(lambda r: "/hint/" in r.url) as answer:
        page.click("#hint")
    body: dict[str, Any] = answer.value.json()
    hints = body["hints"]
    page.wait_for_selector("#hint-list .hint-choices li")
    choices = page.locator("#hint-list .hint-choices > li")
    assert choices.count() == len(hints) == min(3, len(hints)) >= 1
    for i, h in enumerate(hints):
        row = choices.nth(i)
        assert row.locator("button").inner_text() == h["label"]
        if h["chance"] is not None:
            assert f"≈{int(100 * h['chance'] + 0.5)}%" in row.inner_text()
            assert h["basis"] in row.inner_text()
            assert ("±" in row.inner_text()) == (h["error"] is not None)  # none from a few
    mine = next(h for h in hints if h["pick"])
    assert "The bot's choice" in choices.nth(hints.index(mine)).inner_text()
    assert hints.index(mine) == 0  # listed first: the list never ranks another above it
    steps = page.locator("#hint-list .hint-steps > li")
    labels = [s["label"] for s in mine["turn"]["steps"]]
    assert steps.count() == len(labels) >= 1
    for i, label in enumerate(labels):
        assert steps.nth(i).inner_text().startswith(label)
    assert page.locator("#hint-plan-title").inner_text() == (
        "The bot's plan for the rest of your turn"
    )
    # The panel is in view once asked: the choices and the plan's first steps.
    page.locator("#hint-list .hint-choices").scroll_into_view_if_needed()
    for target in (choices.first, page.locator("#hint-plan-title")):
        target.scroll_into_view_if_needed()
        assert _in_view(page, target), name
    page.locator("#hint").evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(page, name)
    page.locator("#hint-plan-title").evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(page, f"{name}-plan")
    assert _serious(page) == [], name
    return body


@pytest.mark.parametrize(("width", "height", "size"), [(1440, 900, "laptop"), (390, 844, "phone")])
def test_the_hint_shows_three_choices_and_the_plan_for_the_turn(
    server: str, browser: Any, width: int, height: int, size: str
) -> None:
    table = Table(server, plan()).create()
    table.advance("governor")  # green in Take Actions, with influence to spend
    page, problems = _page(browser, width, height)
    page.goto(table.link("green"))
    page.wait_for_selector("#notice:not(.hidden)")
    page.wait_for_selector("#hint:not(.hidden)")
    body = _ask(page, f"hint-toc-{size}")
    hints = body["hints"]
    assert len(hints) == 3 or any(h["chance"] is None for h in hints)  # or out of time
    assert len(next(h for h in body["hints"] if h["pick"])["turn"]["steps"]) >= 2
    ric, ric_problems = _page(browser, width, height)
    _new_ric_table(ric, server)
    ric.wait_for_selector("#hint:not(.hidden)")
    _ask(ric, f"hint-ric-{size}")
    assert not problems and not ric_problems, (problems, ric_problems)
