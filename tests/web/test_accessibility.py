"""Accessibility: axe-core finds no serious or critical violation on the lobby and tables."""

from __future__ import annotations

from typing import Any

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import _page, _ric_step, _take_a_turn_step, browser, pytestmark, server
from .waits import my_turn_or_over

__all__ = ["browser", "pytestmark", "server"]


def _serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def test_lobby_and_time_of_crisis_table(server: str, browser: Any) -> None:
    import random

    page, problems = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    assert _serious(page) == []
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)
    assert _serious(page) == []
    page.locator(".region.target").first.click(force=True)
    rng = random.Random(4)
    for i in range(60):  # into the first turns: hand, actions, buy
        if page.locator("#notice:not(.hidden)").count():
            _take_a_turn_step(page, rng)
        my_turn_or_over(page)
        if i % 20 == 19:
            assert _serious(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    assert _serious(page) == []
    assert not problems, problems


def _rome_in_crisis_table(page: Any, server: str) -> None:
    """Make a Rome in Crisis table from the lobby and wait for the first prompt."""
    page.goto(server + "/")
    page.select_option("#title", "rome_in_crisis")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)


def test_rome_in_crisis_table(server: str, browser: Any) -> None:
    import random

    page, problems = _page(browser)
    _rome_in_crisis_table(page, server)
    assert _serious(page) == []
    rng = random.Random(2)
    for _ in range(30):
        if page.locator("#notice:not(.hidden)").count():
            _ric_step(page, rng)
        my_turn_or_over(page)
    assert _serious(page) == []
    assert not problems, problems


def test_every_state_of_a_method_reads(server: str, browser: Any) -> None:
    """Rome in Crisis's election methods in each state a table shows them (in force, offered
    as a choice, both, neither) keep their text legible: the states a random game reaches only
    sometimes, laid out directly on a table page."""
    from axe_playwright_python.sync_playwright import Axe

    page, problems = _page(browser)
    _rome_in_crisis_table(page, server)
    page.evaluate(
        """() => {
          const card = document.createElement("div");
          card.className = "method-card";
          card.id = "method-states";
          const sides = document.createElement("div");
          sides.className = "sides";
          for (const cls of ["method", "method now", "method target", "method now target"]) {
            const m = document.createElement("div");
            m.className = cls;
            m.textContent = cls;
            sides.append(m);
          }
          card.append(sides);
          document.querySelector("main").prepend(card);
        }"""
    )
    found = Axe().run(page, context="#method-states").response["violations"]
    assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
    assert not problems, problems
