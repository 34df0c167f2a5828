"""The table in scripted positions (tests/web/scripted.py): a battle fought by clicking the
map, counters a finger can use on a phone, and a screenshot of every kind of step at both
sizes (``test-artifacts/step-*.png``)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .scripted import Table, plan
from .test_browser import ARTIFACTS, _page, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]

LAPTOP = (1440, 900)
PHONE = (390, 844)


def _open(page: Any, table: Table, *, role: str = "green") -> None:
    """Show the table as ``role`` at its present position, drawn and settled (a fresh load:
    the same address with a new hash would not reload the page)."""
    page.goto("about:blank")
    page.goto(table.link(role))
    page.wait_for_selector("#map .counter", timeout=60_000)
    page.wait_for_selector("#log li")
    version = table.state(role)["version"]
    # The first state drawn: the prompt says something, the map's pieces stand (the map is
    # drawn with the rest of the state, once its SVG has loaded).
    expect(page.locator("#prompt")).not_to_have_text(re.compile(r"^(Loading…)?$"))
    assert version == table.state(role)["version"]


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _best_vote(state: dict[str, Any]) -> str:
    """The province where green's Place Governor has the best odds (the title's note)."""

    def odds(note: str | None) -> float:
        text = (note or "").split(": ")[-1]
        return float(text.split("%")[0].split()[-1]) if "%" in text else 0.0

    choices = [
        (odds(words["note"]), action[1][0])
        for action, words in zip(state["actions"], state["labels"], strict=True)
        if action[0] == "place_governor"
    ]
    return max(choices)[1]


def _attack_menu(page: Any, army: int) -> str:
    """The menu a click on a glowing foe opens: the attack, named with its target and place,
    and its odds (the title's note); returns its text."""
    menu = page.locator("#menu:not(.hidden)")
    menu.wait_for()
    text: str = menu.inner_text()
    assert f"Army {army} attacks " in text and " in " in text, text
    assert "chance to win" in text and "expected hits" in text, text
    return text


def _attack_on_the_map(page: Any, table: Table) -> None:
    """Play the planned attack by clicking: the army, then its glowing foe, then the attack
    in the menu that shows its odds."""
    role, action = table.next_action()
    assert role == "green" and action.verb == "initiate_battle"
    army, foe = action.arg
    page.locator(f'#map .counter.army.target[data-army="{army}"]').click()
    glowing = page.locator(f'#map .counter.foe[data-key="foe:{foe}"]')
    glowing.wait_for()
    assert "Attack" in (glowing.get_attribute("aria-label") or "")
    glowing.click()
    _attack_menu(page, army)
    _shot(page, "step-battle-odds-laptop")
    page.locator('#menu [role="menuitem"]').first.click()
    page.wait_for_selector("#battle:not(.hidden) .die", timeout=60_000)
    table.synced()


def test_an_army_attacks_the_glowing_foe_on_the_map(server: str, browser: Any) -> None:
    table = Table(server, plan()).create()
    table.advance("battle")
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    before = table.state("green")
    _, action = table.next_action()
    army, foe = action.arg
    assert page.locator("#map .counter.foe").count() == 0  # nothing glows red before a pick
    page.locator(f'#map .counter.army.target[data-army="{army}"]').click()
    assert page.locator("#map .counter.army.selected").get_attribute("data-army") == str(army)
    foes = page.eval_on_selector_all("#map .counter.foe", "ns => ns.map(n => n.dataset.key)")
    assert f"foe:{foe}" in foes
    # The army panel only selects: its actions are on the map, not repeated as buttons.
    # (Its other actions, a legion trained and the like, have buttons under it.)
    marches = (
        "#army-panel button[data-verb=move_army], #army-panel button[data-verb=initiate_battle]"
    )
    assert page.locator(marches).count() == 0
    assert "attack a glowing counter" in page.locator("#army-panel").inner_text()
    page.locator(f'#map .counter.foe[data-key="foe:{foe}"]').click()
    # One click on the foe only opens the menu with the odds: nothing is sent yet.
    _attack_menu(page, army)
    assert table.state("green")["version"] == before["version"]
    page.locator('#menu [role="menuitem"]').first.click()
    page.wait_for_selector("#battle:not(.hidden) .die", timeout=60_000)
    after = table.state("green")
    assert after["version"] > before["version"]
    assert after["view"]["battle"] is not None and after["view"]["battle"]["attacker"] == army
    assert "attacker rolls" in "\n".join(after["view"]["log"][-6:])
    assert page.locator("#log li", has_text="attacker rolls").count() >= 1
    assert page.locator("#log li .die").count() >= 1  # dice drawn as dice in the log
    # Once the battle is over (no question left), its result stays in view beside the
    # prompt, bonus dice for 6s marked, until the player closes it.
    table.synced()
    while table.state("green")["view"]["battle"] is not None:
        table.advance(table.played + 1)
    box = page.locator("#battle:not(.hidden)", has_text="Battle result")
    box.wait_for()
    text = box.inner_text()
    assert "\nAttacker rolls" in text and "\nDefender rolls" in text, text  # sentences
    low = text.lower()
    assert any(x in low for x in (" wins the battle ", "the defenders hold", "no winner"))
    where = box.bounding_box()
    assert where is not None and where["y"] + where["height"] <= LAPTOP[1], where
    assert (page.locator("#battle .die.bonus").count() > 0) == ("bonus di" in text)
    _shot(page, "step-battle-result-laptop")
    page.locator("#battle .battle-close").click()
    assert page.locator("#battle.hidden").count() == 1
    assert not problems, problems


def test_counters_are_readable_and_tappable_on_a_phone(server: str, browser: Any) -> None:
    table = Table(server, plan()).create()
    table.advance("battle")
    page, problems = _page(browser, *PHONE, has_touch=True)
    _open(page, table)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0] + 10
    map_box = page.locator("#map").bounding_box()
    assert map_box is not None and map_box["width"] <= PHONE[0]
    # The prompt sits above the map and never over it.
    prompt = page.locator(".prompt-card").bounding_box()
    assert prompt is not None and prompt["y"] + prompt["height"] <= map_box["y"] + 1
    # Every counter is drawn at least 20 px tall (the whole map is 390 px wide).
    heights = page.eval_on_selector_all(
        "#map .counter > .face:first-of-type, #map .counter > rect:first-of-type",
        "ns => ns.map(n => n.getBoundingClientRect().height)",
    )
    assert heights and min(heights) >= 19.5, sorted(heights)[:5]
    # What can be tapped answers over at least 44 px.
    for node in page.locator("#map .counter.target").all():
        box = node.bounding_box()
        assert box is not None and box["width"] >= 43.5 and box["height"] >= 43.5, box
    # A tap on the army and a tap on its glowing foe fight the battle.
    _, action = table.next_action()
    army, foe = action.arg
    page.locator(f'#map .counter.army.target[data-army="{army}"]').tap()
    target = page.locator(f'#map .counter.foe[data-key="foe:{foe}"]')
    box = target.bounding_box()
    assert box is not None and box["height"] >= 43.5
    target.tap()
    _attack_menu(page, army)
    _shot(page, "step-battle-odds-phone")
    page.locator('#menu [role="menuitem"]').first.tap()
    page.wait_for_selector("#battle:not(.hidden) .die", timeout=60_000)
    assert not problems, problems


def test_a_screenshot_of_every_kind_of_step(server: str, browser: Any) -> None:
    """Governor (with its odds), invasion, buy, support check, battle with dice, a battle's
    reward, game end and replay, at 1440x900 and 390x844:
    ``test-artifacts/step-<kind>-<laptop|phone>.png``."""
    table = Table(server, plan()).create()
    moments = table.plan.moments
    pages = {}
    problems: list[str] = []
    for size, tag in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page, seen = _page(browser, *size, has_touch=size == PHONE)
        page.emulate_media(reduced_motion="reduce")
        pages[tag] = page
        problems = seen if tag == "laptop" else problems + seen
    kinds = ("invasion", "governor", "buy", "support", "battle", "reward")
    order = sorted(kinds, key=moments.__getitem__)
    for kind in order:
        table.advance(kind)
        for tag, page in pages.items():
            _open(page, table)
            if kind == "invasion":
                line = page.locator("#log li", has_text=" invade ").last
                line.scroll_into_view_if_needed()
                line.click()  # lights the province on the map
                assert page.locator("#map path.area.lit").count() >= 1
            if kind == "support":
                line = page.locator("#log li", has_text="support drops to").last
                line.scroll_into_view_if_needed()
                line.click()
            if kind == "governor":
                province = _best_vote(table.state("green"))
                page.locator("#map").scroll_into_view_if_needed()
                region = page.locator(f'#map path.area.target[data-region="{province}"]')
                box = region.bounding_box()
                assert box is not None
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                region.dispatch_event("click", {"clientX": x, "clientY": y})
                menu = page.locator("#menu:not(.hidden)")
                menu.wait_for()
                assert "votes needed" in menu.inner_text()
            if kind == "buy":
                assert page.locator("#market .cardface .price").count() >= 9
                assert page.locator("#market button.cardface.target").count() >= 1
                # The market's verbs are offered on the market only (the title says which
                # pile each card verb takes from), and the page knows the seat is buying.
                assert page.locator("#hand button.cardface.target").count() == 0
                assert page.locator("body.buying").count() == 1
                page.locator(".market-card").scroll_into_view_if_needed()
            if kind == "battle" and tag == "laptop":
                _attack_on_the_map(page, table)
            if kind == "battle" and tag == "phone":
                page.wait_for_selector("#battle:not(.hidden) .die")
                page.locator("#battle").scroll_into_view_if_needed()
            if kind == "reward":
                buttons = page.locator("#buttons")
                buttons.scroll_into_view_if_needed()
                assert "Reward: " in buttons.inner_text()
            if kind not in kinds:
                page.evaluate("window.scrollTo(0, 0)")
            _shot(page, f"step-{kind}-{tag}")
            page.keyboard.press("Escape")
    table.advance("end")
    for tag, page in pages.items():
        _open(page, table)
        assert "wins" in page.locator("#prompt").inner_text()
        page.wait_for_selector("#review-card:not(.hidden) svg.chart", timeout=60_000)
        page.evaluate("window.scrollTo(0, 0)")
        _shot(page, f"step-end-{tag}")
        page.click("#replay")
        page.wait_for_selector("#replay-label:has-text('step 0')")
        step = moments["battle"] + 1  # the replay of the battle, dice and all
        page.evaluate(
            """(n) => { const r = document.getElementById('replay-step');
                 r.value = String(n); r.dispatchEvent(new Event('change')); }""",
            step,
        )
        page.wait_for_selector(f"#replay-label:has-text('step {step} of')")
        expect(page.locator("#replay-label")).to_contain_text("attacks")
        page.evaluate("window.scrollTo(0, 0)")
        _shot(page, f"step-replay-{tag}")
    for page in pages.values():
        page.close()
    assert not problems, problems
