"""The rules at hand in a real Chromium: beside the prompt, one click opens the explanation of
the step being played (and of the turn's phase in Time of Crisis) with its topics, in the
title's own reference words from /api/meta; at a laptop's and a phone's size, axe-clean."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .test_accessibility import _serious
from .test_browser import _new_ric_table, _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]


def _meta(server: str) -> dict[str, Any]:
    with urllib.request.urlopen(server + "/api/meta") as res:
        return dict(json.load(res))


def _check_panel(page: Any, reference: dict[str, Any], name: str) -> None:
    page.wait_for_selector("#notice:not(.hidden)")  # my turn: a decision to explain
    summary = page.locator("#rules-title")
    summary.wait_for()
    titles = {e["title"] for e in reference["steps"].values()}
    shown = summary.inner_text().removeprefix("Rules: ")
    assert shown in titles | {e["title"] for e in reference["phases"].values()}, shown
    summary.click()
    body = page.locator("#rules-body")
    body.wait_for()
    step = next(k for k, e in reference["steps"].items() if e["title"] == shown)
    first_words = " ".join(reference["steps"][step]["text"].split()[:6])
    assert first_words in " ".join(body.inner_text().split()), (first_words, body.inner_text())
    for topic in reference["steps"][step].get("topics", []):
        assert body.locator("summary", has_text=reference["topics"][topic]["title"]).count() == 1
    page.locator("#rules-at-hand").scroll_into_view_if_needed()
    _shot(page, name)
    assert _serious(page) == [], name


@pytest.mark.parametrize(("width", "height", "size"), [(1440, 900, "laptop"), (390, 844, "phone")])
def test_the_step_is_explained_beside_the_prompt(
    server: str, browser: Any, width: int, height: int, size: str
) -> None:
    meta = _meta(server)
    page, problems = _page(browser, width, height)
    page.goto(server + "/")
    page.wait_for_selector("#create:enabled")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_url("**/table/**")
    _check_panel(page, meta["titles"]["time_of_crisis"]["reference"], f"rules-toc-{size}")
    ric, ric_problems = _page(browser, width, height)
    _new_ric_table(ric, server)
    _check_panel(ric, meta["titles"]["rome_in_crisis"]["reference"], f"rules-ric-{size}")
    assert not problems and not ric_problems, (problems, ric_problems)
