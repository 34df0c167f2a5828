"""The Time of Crisis map in a real Chromium: regions, legend, army moves on the map, the log.

Screenshots land in ``test-artifacts/`` (map-laptop.png and map-phone.png are the docs').
"""

from __future__ import annotations

import re
from typing import Any

# The browser tests' fixtures and skip condition (Chromium missing) apply here too.
from .test_browser import ARTIFACTS, _answer_in_page, _page, _shot, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]

PROVINCES = {
    "Britannia", "Gallia", "Hispania", "Africa", "Italia", "Pannonia",
    "Thracia", "Macedonia", "Asia", "Galatia", "Syria", "Aegyptus",
}  # fmt: skip


def _new_table(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)
    page.wait_for_selector("#map path.area.province")


def _wait_mine(page: Any) -> None:
    """Wait for my turn: the notice shows only when the page offers actions (never while one
    is being sent), and the map is drawn with the same state."""
    page.wait_for_selector("#notice:not(.hidden)")


def _any_step(page: Any) -> None:
    """Take some step: a glowing region, else a glowing card, else a button (not Undo)."""
    regions = page.locator("#map .region.target")
    cards = page.locator("button.cardface.target")
    buttons = page.locator("#buttons button:not(:text('Undo'))")
    if regions.count():
        regions.first.dispatch_event("click")
    elif cards.count():
        cards.first.click()
    elif buttons.count():
        buttons.first.click()
    menu = page.locator("#menu:not(.hidden) button")
    if menu.count():
        menu.first.click()
    _answer_in_page(page)


def _army_with_moves(page: Any) -> Any | None:
    """Play Military cards until one of my armies can march; return its counter, if any."""
    for _ in range(200):
        if page.locator("#prompt", has_text="Game over").count():
            return None
        _wait_mine(page)
        prompt = page.locator("#prompt").inner_text()
        if "Take actions" in prompt:
            for army in page.locator("#map .counter.army.target").all():
                army.click()
                if page.locator("#map .area.dest").count():
                    return army
            red = page.locator("#hand button.cardface.s-red.target")
            if red.count():
                red.first.click()
                menu = page.locator("#menu:not(.hidden) button", has_text="Play")
                if menu.count():
                    menu.first.click()
                continue
            page.locator("#buttons button", has_text="End your actions").click()
            _answer_in_page(page)
            continue
        _any_step(page)
    return None


def test_the_map_draws_regions_and_legend_and_moves_an_army(server: str, browser: Any) -> None:
    page, problems = _page(browser, 1440, 900)
    _new_table(page, server)
    regions = page.eval_on_selector_all(
        "#map path.area", "ps => ps.map(p => [p.dataset.region, p.dataset.kind])"
    )
    assert {r for r, k in regions if k == "province"} == PROVINCES
    assert {r for r, k in regions if k == "sea"} == {
        "Oceanus", "Mare Occidentale", "Mare Orientale", "Pontus Euxinus",
    }  # fmt: skip
    assert {r for r, k in regions if k == "homeland"} == {
        "Franks", "Alamanni", "Goths", "Sassanids", "Nomads",
    }  # fmt: skip
    # Real coastlines: the coastal provinces' outlines are detailed paths, not boxes.
    lengths = dict(
        page.eval_on_selector_all(
            "#map path.area.province",
            "ps => ps.map(p => [p.dataset.region, p.getAttribute('d').match(/-?[0-9.]+/g).length])",
        )
    )
    # (numbers in the path: two per point)
    assert all(n > 50 for name, n in lengths.items() if name != "Pannonia"), lengths
    assert sum(lengths.values()) > 2000, lengths
    legend = page.locator("#legend-list").inner_text()
    for kind in (
        "General", "reduced", "Governor", "neutral Governor", "Emperor", "Militia",
        "Active barbarians", "Inactive barbarians", "barbarian leader", "Rival Emperor",
        "Mob", "Amphitheatre", "Basilica", "Limes", "Quaestor", "Castra", "seat of power",
        "breakaway",
    ):  # fmt: skip
        assert kind in legend, kind
    assert page.locator("#legend-list svg .counter").count() >= 17
    # Zoom: the buttons change the viewBox, reset restores it.
    whole = page.get_attribute("#map", "viewBox")
    page.click("#zoom-in")
    assert page.get_attribute("#map", "viewBox") != whole
    page.click("#zoom-reset")
    assert page.get_attribute("#map", "viewBox") == whole

    army = _army_with_moves(page)
    assert army is not None, "no army could march"
    army_id = army.get_attribute("data-army")
    dests = page.eval_on_selector_all("#map path.area.dest", "ps => ps.map(p => p.dataset.region)")
    assert dests
    # The panel selects; the moves are taken on the map (each action has one place).
    # (Its other actions, a legion trained and the like, have buttons under it.)
    marches = (
        "#army-panel button[data-verb=move_army], #army-panel button[data-verb=initiate_battle]"
    )
    assert page.locator(marches).count() == 0
    assert "march to a glowing region" in page.locator("#army-panel").inner_text()
    # The keyboard works too, and keeps its place when the panel is redrawn.
    pick = page.locator(f"#army-panel button.army-pick:has-text('Army {army_id}')")
    pick.focus()
    page.keyboard.press("Enter")  # unselect
    assert page.locator("#map path.area.dest").count() == 0
    assert page.evaluate("document.activeElement.textContent").startswith(f"Army {army_id}")
    page.keyboard.press("Enter")  # select again
    assert page.locator("#map path.area.dest").count() == len(dests)
    _shot(page, "map-selected-army")
    log_before = page.locator("#log li").count()
    dest = dests[0]
    page.locator(f'#map path.area.dest[data-region="{dest}"]').dispatch_event("click")
    line = page.locator("#log li", has_text=f"moves army {army_id} to {dest}")
    line.first.wait_for(timeout=60_000)
    assert page.locator("#log li").count() > log_before
    # The server's next view draws the army in its new region's tray (near its label), with
    # the log line that told it.
    moved = page.locator(f'#map .counter.army[data-army="{army_id}"]')
    assert moved.count() == 1
    # A log entry names its province: clicking it lights that province on the map.
    line.first.click()
    lit = page.eval_on_selector_all("#map path.area.lit", "ps => ps.map(p => p.dataset.region)")
    assert dest in lit
    line.first.click()  # a second click puts the light out
    assert page.locator("#map path.area.lit").count() == 0
    assert not problems, problems


def test_a_foe_to_attack_is_ringed_red_as_the_legend_says(server: str, browser: Any) -> None:
    """A counter the selected army may attack is a target too; its ring is the legend's red,
    not the gold of any clickable piece: the map's own barbarian counter, marked as the
    board marks a foe, checked against the legend's sample."""
    page, problems = _page(browser, 1440, 900)
    _new_table(page, server)
    rings = page.evaluate(
        """() => {
          const ring = (node) => getComputedStyle(node.querySelector('.face')).stroke;
          const map = document.querySelector('#map .counter.barbarian');
          const foe = map.cloneNode(true);
          foe.classList.add('target', 'foe');
          map.parentNode.append(foe);
          const target = map.cloneNode(true);
          target.classList.add('target');
          map.parentNode.append(target);
          const legend = document.querySelector('.legend-marks .counter.foe');
          return { foe: ring(foe), target: ring(target), legend: legend && ring(legend) };
        }"""
    )
    assert rings["foe"] == "rgb(255, 59, 0)", rings
    assert rings["target"] != rings["foe"]
    assert rings["legend"] == rings["foe"], rings
    assert not problems, problems


def test_changes_by_the_other_players_are_outlined_until_seen(server: str, browser: Any) -> None:
    page, problems = _page(browser, 1440, 900)
    _new_table(page, server)
    outlined: list[str] = []
    for _ in range(60):
        _wait_mine(page)
        outlined = page.eval_on_selector_all(
            "#map path.area.changed", "ps => ps.map(p => p.dataset.region)"
        )
        if outlined:
            break
        _any_step(page)
    assert outlined, "the bot's turns changed nothing on the map"
    note = page.locator("#changes").inner_text()
    assert all(name in note for name in outlined)
    page.click("#changes-seen")
    assert page.locator("#map path.area.changed").count() == 0
    assert page.locator("#changes.hidden").count() == 1
    assert not problems, problems


def test_my_own_starting_province_is_not_among_the_changes(server: str, browser: Any) -> None:
    """Choosing a starting province passes the turn, but what it placed is this seat's own
    doing: the note lists only what the other player changed."""
    page, problems = _page(browser, 1440, 900)
    _new_table(page, server)
    area = page.locator("#map .area.target").first
    mine = area.get_attribute("data-region")
    assert mine in PROVINCES
    area.dispatch_event("click")  # one choice here: taken at once, no menu
    page.locator("#prompt", has_text="starting hand").wait_for(timeout=60_000)
    _wait_mine(page)
    lines = page.locator("#changes-list li").all_inner_texts()
    assert not [line for line in lines if mine in line], lines
    assert not problems, problems


def test_the_map_fits_a_phone_and_zooms(server: str, browser: Any) -> None:
    page, problems = _page(browser, 390, 844)
    _new_table(page, server)
    box = page.locator("#map").bounding_box()
    assert box is not None and box["width"] <= 390 and box["x"] >= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    # The prompt is above the map and never over it.
    prompt = page.locator(".prompt-card").bounding_box()
    assert prompt is not None and prompt["y"] + prompt["height"] <= box["y"] + 1
    # Tap targets: the zoom buttons and the buttons under the prompt are at least 44 px.
    for sel in ("#zoom-in", "#zoom-out", "#zoom-reset", "#buttons button"):
        for b in page.locator(sel).all():
            bb = b.bounding_box()
            if bb:
                assert bb["height"] >= 43.5, (sel, bb)
    whole = page.get_attribute("#map", "viewBox")
    # Two fingers apart: the map zooms in (touch pointer events, as a phone sends them).
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate(
        """([cx, cy]) => {
          const svg = document.getElementById('map');
          const ev = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type, {
            pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true}));
          ev('pointerdown', 1, cx - 10, cy); ev('pointerdown', 2, cx + 10, cy);
          for (let i = 1; i <= 5; i++) { ev('pointermove', 1, cx - 10 - 12 * i, cy);
                                         ev('pointermove', 2, cx + 10 + 12 * i, cy); }
          ev('pointerup', 1, cx - 70, cy); ev('pointerup', 2, cx + 70, cy);
        }""",
        [cx, cy],
    )
    zoomed = page.get_attribute("#map", "viewBox")
    assert zoomed != whole
    assert float(re.split(r"\s+", zoomed)[2]) < float(re.split(r"\s+", whole)[2]) / 2
    page.click("#zoom-reset")
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "map-phone")
    page.screenshot(path=str(ARTIFACTS / "map-phone-full.png"), full_page=True)
    assert not problems, problems


def test_on_a_phone_the_map_follows_the_prompt_and_a_selected_army_links_to_it(
    server: str, browser: Any
) -> None:
    """One column on a phone: the prompt, then the map (what changed follows the map); an
    army selected under the prompt offers "Show the map", which scrolls the map into sight."""
    page, problems = _page(browser, 390, 844)
    _new_table(page, server)
    order = page.evaluate(
        """() => ['.prompt-card', '.map-wrap', '#changes']
             .map((s) => Number(getComputedStyle(document.querySelector(s)).order))"""
    )
    assert order[0] < order[1] < order[2], order
    army = _army_with_moves(page)
    assert army is not None, "no army of mine could march"
    link = page.locator("#army-panel .to-map")
    page.evaluate("window.scrollTo(0, 0)")
    link.click()
    page.wait_for_function(
        "() => Math.abs(document.querySelector('.map-wrap').getBoundingClientRect().top) < 2"
    )
    _shot(page, "map-phone-army-selected")
    assert not problems, problems
