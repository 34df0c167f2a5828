"""A card's own entry one click from the card: every Time of Crisis card face
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
from .test_hint_panel import _new_ric_table

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
    # The events drawn this round, named under the market, each with its "?".
    drawn = page.locator("#events button.card-help")
    assert drawn.count() >= 1
    drawn.first.scroll_into_view_if_needed()
    drawn.first.click()
    title = page.locator("dialog#card-rules[open] h2").inner_text()
    assert title in {e["title"] for e in cards.values()} and "(event" in title
    _shot(page, f"card-help-event-{size}")
    page.keyboard.press("Escape")
    assert not problems, problems


@pytest.mark.parametrize(("width", "height", "size"), [(1440, 900, "laptop"), (390, 844, "phone")])
def test_rome_in_crisis_cards_open_their_entries(
    server: str, browser: Any, width: int, height: int, size: str
) -> None:
    with urllib.request.urlopen(server + "/api/meta") as res:
        cards = json.load(res)["titles"]["rome_in_crisis"]["reference"]["cards"]
    page, problems = _page(browser, width, height)
    _new_ric_table(page, server)
    page.wait_for_selector(".cand")
    # Every candidate, office and card in hand has its "?" (cards played on a candidate or a
    # crisis are small and have none: their suit's entry is on the cards in hand).
    big = page.locator(".cand, .office, #hand .ric-card:not(.small)")
    assert big.count() >= 10
    assert page.locator(".card-slot").count() == big.count()
    for kind in (".card-slot:has(> .cand)", ".card-slot:has(> .office)", "#hand .card-slot"):
        slot = page.locator(kind).first
        key = slot.get_attribute("data-card-slot")
        assert key in cards, (kind, key)
        slot.scroll_into_view_if_needed()
        slot.locator("button.card-help").click()
        dialog = page.locator("dialog#card-rules[open]")
        dialog.wait_for()
        assert dialog.locator("h2").inner_text() == cards[key]["title"]
        if "cand" in kind:
            _shot(page, f"card-help-ric-{size}")
            assert _serious(page) == [], size
        page.keyboard.press("Escape")
        assert page.locator("dialog#card-rules[open]").count() == 0
    page.locator(".cand").first.scroll_into_view_if_needed()
    _shot(page, f"card-help-ric-board-{size}")
    assert not problems, problems
