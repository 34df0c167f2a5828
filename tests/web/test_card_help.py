"""A card's own entry one click from the card (issue #25 item 7): every Time of Crisis card face
in the hand, the piles and the market has a "?" that opens the card's explanation from the
title's reference, at a laptop's and a phone's size, axe-clean."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .scripted import Table, plan
from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]


@pytest.mark.parametrize(("width", "height", "size"), [(1440, 900, "laptop"), (390, 844, "phone")])
def test_every_card_face_opens_its_own_entry(
    server: str, browser: Any, width: int, height: int, size: str
) -> None:
    with urllib.request.urlopen(server + "/api/meta") as res:
        cards = json.load(res)["titles"]["time_of_crisis"]["reference"]["cards"]
    table = Table(server, plan()).create()
    table.advance("buy")  # green buys: the hand, the piles and the market all shown
    page, problems = _page(browser, width, height)
    page.goto(table.link("green"))
    page.wait_for_selector("#notice:not(.hidden)")
    page.wait_for_selector("#market .cardface")
    faces = page.locator("#hand .cardface, #piles .cardface, #market .cardface")
    slots = page.locator(".card-slot")
    assert faces.count() >= 5 and slots.count() == faces.count()
    ids = slots.evaluate_all("s => s.map((x) => x.dataset.cardSlot)")
    assert set(ids) <= set(cards)
    # A market card: its "?" opens its entry, and the card is still a card to buy.
    slot = page.locator("#market .card-slot").first
    card = slot.get_attribute("data-card-slot")
    assert card is not None
    slot.scroll_into_view_if_needed()
    slot.locator("button.card-help").click()
    dialog = page.locator("dialog#card-rules[open]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == cards[card]["title"]
    first = " ".join(cards[card]["text"].split()[:8])
    assert first in " ".join(dialog.inner_text().split())
    box = dialog.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.locator("#menu:not(.hidden)").count() == 0  # the "?" opened no buy menu
    _shot(page, f"card-help-{size}")
    assert _serious(page) == [], size
    page.keyboard.press("Escape")
    assert page.locator("dialog#card-rules[open]").count() == 0
    # One of your own cards' "?" too (in hand, or in a pile once the hand is played out).
    hand = page.locator("#hand .card-slot, #piles .card-slot").first
    hand.scroll_into_view_if_needed()
    hand.locator("button.card-help").click()
    mine = hand.get_attribute("data-card-slot")
    assert mine is not None
    assert page.locator("dialog#card-rules[open] h2").inner_text() == cards[mine]["title"]
    page.locator("dialog#card-rules[open] button", has_text="Close").click()
    assert page.locator("dialog#card-rules[open]").count() == 0
    _shot(page, f"card-help-hand-{size}")
    assert not problems, problems
