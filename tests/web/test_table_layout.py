"""The table page, second pass: what a player acting needs is in view together on a
laptop, the phone's map keeps every counter inside its own region, the map's highlights are
named, confirmations are asked in the page, and a lost connection says so.

Screenshots land in ``test-artifacts/layout-*.png``.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title

from .scripted import OPTIONS, TITLE, Table, _http, plan
from .test_accessibility import _serious
from .test_browser import _page, _shot, browser, pytestmark, server
from .test_scripted import LAPTOP, PHONE, _open
from .waits import frames, nothing_sent

__all__ = ["browser", "pytestmark", "server"]

SMALL_LAPTOP = (1280, 720)
MINUS = "\u2212"  # the page writes a loss with a minus sign


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return dict(box)


def _inside(box: dict[str, float], width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )


def test_prompt_log_and_hand_are_in_view_together_on_a_laptop(server: str, browser: Any) -> None:
    # a plain step, and one with a long prompt (the battle's panel and its reward)
    for moment in ("governor", "reward"):
        _check_in_view(server, browser, moment)


def _check_in_view(server: str, browser: Any, moment: str) -> None:
    table = Table(server, plan()).create()
    table.advance(moment)
    state = table.state("green")
    hand = next(p for p in state["view"]["players"] if p["role"] == "green")["hand"]
    for width, height in (LAPTOP, SMALL_LAPTOP):
        page, problems = _page(browser, width, height)
        _open(page, table)
        # It is green's turn to act: the prompt asks, its buttons are there.
        assert page.locator("#prompt").inner_text() == state["view"]["prompt"]
        assert page.locator("#buttons button").count() >= 1
        # The page itself never scrolls: its columns do, each on its own.
        scroll = page.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
        assert scroll[0] <= scroll[1], scroll
        prompt = _box(page, ".prompt-card")
        log = _box(page, ".log-card")
        cards = _box(page, "#hand-card")
        map_ = _box(page, ".map-wrap")
        for name, box in (("prompt", prompt), ("log", log), ("hand", cards), ("map", map_)):
            assert _inside(box, width, height), (name, box, width, height)
        # Prompt on top of the right column and the log under it; the map on the left with
        # the hand under it.
        assert prompt["x"] > map_["x"] + map_["width"] - 1
        assert abs(log["x"] - prompt["x"]) < 1 and log["y"] >= prompt["y"] + prompt["height"]
        assert cards["y"] >= map_["y"] + map_["height"] - 1
        assert map_["height"] >= 0.45 * height, map_
        assert log["height"] >= 100, log
        # Every card of the hand is shown, and the log's last line is in view.
        assert page.locator("#hand .cardface").count() == len(set(hand))
        last = page.locator("#log li").last.bounding_box()
        assert last is not None and _inside(last, width, height), last
        # The whole map is drawn in its box (the view box fits, water around it).
        svg = _box(page, "#map")
        assert svg["height"] <= map_["height"] + 1
        _shot(page, f"layout-{moment}-{width}x{height}")
        page.close()
        assert not problems, problems


def test_a_long_card_text_keeps_the_strip_under_the_map_short(server: str, browser: Any) -> None:
    """On a laptop a card in the hand or its piles shows its text's first lines only ("?"
    tells it whole): one long card does not make the strip tall and the map short."""
    table = Table(server, plan()).create()
    table.advance("governor")
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    before = _box(page, ".map-wrap")["height"]
    text = " ".join(["Put a Castra on one of your armies: in each battle, hits on it fall."] * 4)
    lines = page.evaluate(
        """(text) => {
             const card = document.querySelector('#hand .cardface').cloneNode(true);
             const words = document.createElement('span');
             words.className = 'card-text';
             words.textContent = text;
             card.append(words);
             document.getElementById('piles').append(card);
             const line = parseFloat(getComputedStyle(words).lineHeight);
             return [words.getBoundingClientRect().height / line, words.scrollHeight / line];
           }""",
        text,
    )
    assert lines[0] <= 3.2 and lines[1] > 4, lines  # three lines shown of more
    assert _box(page, ".map-wrap")["height"] >= before - 60
    assert not problems, problems


def test_the_phone_keeps_one_column(server: str, browser: Any) -> None:
    table = Table(server, plan()).create()
    table.advance("governor")
    page, problems = _page(browser, *PHONE, has_touch=True)
    _open(page, table)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    order = [_box(page, sel) for sel in (".prompt-card", ".map-wrap", "#hand-card", ".log-card")]
    for box in order:
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0] + 0.5, box
    # prompt, then the map, then the hand, then the log, one under the other
    for upper, lower in itertools.pairwise(order):
        assert upper["y"] + upper["height"] <= lower["y"] + 1, (upper, lower)
    # the page scrolls (one column), its parts do not scroll on their own
    assert page.evaluate("document.documentElement.scrollHeight") > PHONE[1]
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "layout-acting-phone")
    assert not problems, problems


#: For every counter on the map: its region, whether its centre is inside that region's
#: shape (isPointInFill, in the map's units), its box on screen (without the invisible tap
#: square) and the names' boxes of the other regions it overlaps.
_COUNTERS_JS = """() => {
  const svg = document.getElementById('map');
  const inv = svg.getScreenCTM().inverse();
  const areas = {};
  for (const p of svg.querySelectorAll('path.area')) areas[p.dataset.region] = p;
  const labels = [...svg.querySelectorAll('g.label')].map(g => {
    const b = g.getBoundingClientRect();
    return {region: g.dataset.region, x: b.x, y: b.y, w: b.width, h: b.height};
  });
  const out = [];
  for (const node of svg.querySelectorAll('g.pieces > .counter, g.pieces > .stack-tab')) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const part of node.children) {
      if (part.tagName === 'title' || part.classList.contains('hit')) continue;
      const b = part.getBoundingClientRect();
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.right); y1 = Math.max(y1, b.bottom);
    }
    const c = new DOMPoint((x0 + x1) / 2, (y0 + y1) / 2).matrixTransform(inv);
    const region = node.dataset.region;
    const over = labels.filter(l => l.region !== region && x0 < l.x + l.w - 0.5 &&
      l.x < x1 - 0.5 && y0 < l.y + l.h - 0.5 && l.y < y1 - 0.5).map(l => l.region);
    out.push({region, inside: areas[region].isPointInFill(c), box: [x0, y0, x1 - x0, y1 - y0],
              tab: node.classList.contains('stack-tab'),
              over, title: node.querySelector('title').textContent});
  }
  return out;
}"""


def test_on_a_phone_every_counter_sits_in_its_own_region(server: str, browser: Any) -> None:
    table = Table(server, plan()).create()
    table.advance("reward")  # late in the game: many pieces on the map
    page, problems = _page(browser, *PHONE, has_touch=True)
    _open(page, table)
    view = table.state("green")["view"]
    counters = page.evaluate(_COUNTERS_JS)
    page.locator("#map").scroll_into_view_if_needed()
    _shot(page, "layout-map-phone")
    assert len(counters) >= 10, len(counters)
    for c in counters:
        assert c["inside"] or c["tab"], c  # (a tab "+n" hangs on its counter's right)
        assert not c["over"], c
        assert c["tab"] or c["box"][3] >= 19.5, c  # still readable
    # Nothing is lost: each army is drawn, or named in its region's tab "+n".
    tabs = page.eval_on_selector_all(
        "#map .stack-tab > title, #map .counter.stack > title", "ts => ts.map(t => t.textContent)"
    )
    for army in view["armies"]:
        drawn = page.locator(f'#map .counter.army[data-army="{army["id"]}"]').count()
        held = any(f"army {army['id']};" in t for t in tabs)
        assert drawn or held, (army, tabs)
    # Names and support dots are readable: names at least 10 px tall, dots 4 px wide.
    names = page.eval_on_selector_all(
        "#map g.label text.name:not(.halo)", "ns => ns.map(n => n.getBoundingClientRect().height)"
    )
    assert names and min(names) >= 10, names
    pips = page.eval_on_selector_all(
        "#map g.label circle.pip", "ns => ns.map(n => n.getBoundingClientRect().width)"
    )
    assert pips and min(pips) >= 4, min(pips)
    # A pile (or a tab) opens on a tap: the map zooms in on its region, where its pieces fit.
    assert tabs, "nothing was piled up on the phone's whole map"
    pile = page.locator("#map .counter.stack, #map .stack-tab").first
    region = pile.get_attribute("data-region")
    before = page.get_attribute("#map", "viewBox")
    pile.tap()
    assert page.get_attribute("#map", "viewBox") != before
    frames(page)
    _shot(page, "layout-map-phone-pile-open")
    piled = page.locator(f'#map .counter.stack[data-region="{region}"]').count()
    assert piled == 0, region
    assert not problems, problems


def test_the_highlights_are_named_and_the_changes_told(server: str, browser: Any) -> None:
    """The legend names each highlight, drawn with the map's own look (and no two alike);
    after the other player's turn the note above the map says what changed, in words."""
    table = Table(server, plan()).create()
    # Just before the action whose outcome is the first invasion.
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    before_invasion = 0
    for i, (role, action) in enumerate(table.plan.actions):
        match.apply(role, Action.parse(action))
        if any(" invade " in line for line in match.state.log):  # type: ignore[attr-defined]
            before_invasion = i
            break
    table.advance(before_invasion)
    page, problems = _page(browser, *LAPTOP)
    # The page keeps what the seat has seen on the server, written at its first look.
    with page.expect_response(lambda r: "/marks" in r.url and r.request.method == "PUT"):
        _open(page, table)
    marks = page.locator("#legend-marks").inner_text()
    for words in ("You can act here", "can march here", "Changed since you last looked"):
        assert words in marks, marks
    # Each highlight in the legend is drawn as on the map, and they differ from each other.
    looks = page.evaluate(
        """() => [...document.querySelectorAll('#legend-marks li svg')].map(svg => {
             const s = getComputedStyle(svg.lastElementChild);
             return [s.stroke, s.strokeDasharray, s.fill].join(' ');
           })"""
    )
    assert len(set(looks[:3])) == 3, looks
    seen = table.state("green")["view"]
    table.advance("invasion")
    now = table.state("green")["view"]
    expected = []
    for region, change in _barbarian_changes(seen, now).items():
        for tribe, d in change.items():
            expected.append(f"{tribe} {'+' if d > 0 else MINUS}{abs(d)} in {region}")
    assert expected, "the invasion moved no barbarians"
    page.wait_for_selector("#changes:not(.hidden)", timeout=60_000)
    page.wait_for_function(  # the note grows with each state: wait for the invasion's lines
        """(want) => {
             const got = [...document.querySelectorAll('#changes-list li')]
               .map((li) => li.innerText);
             return want.every((w) => got.includes(w));
           }""",
        arg=expected,
    )
    lines = page.locator("#changes-list li").all_inner_texts()
    for line in expected:
        assert line in lines, (line, lines)
    # Those regions are outlined, dashed orange, over their own outline.
    dashed = page.eval_on_selector_all("#map .changed-mark", "ps => ps.map(p => p.dataset.region)")
    for line in expected:
        assert line.rsplit(" in ", 1)[1] in dashed
    page.locator("#changes").scroll_into_view_if_needed()
    _shot(page, "layout-changes-laptop")
    # Kept on the server per seat: another device (a fresh browser, nothing stored) opening
    # the seat's link tells the same changes.
    marks = f"{server}/api/tables/{table.id}/marks/green"
    assert _http("GET", marks, token=table.tokens["green"])["marks"] is not None
    other, other_problems = _page(browser, *PHONE)
    _open(other, table)
    other.wait_for_selector("#changes:not(.hidden)", timeout=10_000)
    there = other.locator("#changes-list li").all_inner_texts()
    for line in expected:
        assert line in there, (line, there)
    other.locator("#changes").scroll_into_view_if_needed()
    _shot(other, "layout-changes-phone")
    assert not other_problems, other_problems
    other.close()
    page.locator("#legend").scroll_into_view_if_needed()
    _shot(page, "layout-legend-laptop")
    page.click("#changes-seen")
    assert page.locator("#map .changed-mark").count() == 0
    assert not problems, problems


def _barbarian_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, int]]:
    """How many barbarians of each tribe each region gained or lost between two views."""

    def counts(view: dict[str, Any]) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for name, p in view["provinces"].items():
            for side in ("active", "inactive"):
                for tribe, n in p[side].items():
                    out.setdefault(name, {}).setdefault(tribe, 0)
                    out[name][tribe] += n
        for name, t in view["tribes"].items():
            if t["in_game"]:
                out.setdefault(name, {})[name] = t["active"] + t["inactive"]
        return out

    b, a = counts(before), counts(after)
    changes: dict[str, dict[str, int]] = {}
    for region in set(b) | set(a):
        for tribe in set(b.get(region, {})) | set(a.get(region, {})):
            d = a.get(region, {}).get(tribe, 0) - b.get(region, {}).get(tribe, 0)
            if d:
                changes.setdefault(region, {})[tribe] = d
    return changes


def test_the_emperor_wears_his_colour_and_italia_keeps_its_pieces_on_land(
    server: str, browser: Any
) -> None:
    table = Table(server, plan()).create()
    table.advance("reward")
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    # The Emperor's counter (as drawn on the map and in the legend) has his player's colour.
    emperor = page.locator("#legend-list .counter.emperor")
    assert "(yellow)" in (emperor.locator("title").text_content() or "")
    fill = emperor.locator(".face").evaluate("n => getComputedStyle(n).fill")
    colour = page.evaluate(
        "() => getComputedStyle(document.documentElement).getPropertyValue('--yellow')"
    ).strip()
    rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    assert fill == f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})", (fill, colour)
    # At a laptop's size too, every counter stands on its own region: Italia's on land.
    counters = page.evaluate(_COUNTERS_JS)
    assert any(c["region"] == "Italia" for c in counters)
    for c in counters:
        assert c["inside"] or c["tab"], c
        assert not c["over"], c
    _shot(page, "layout-map-laptop")
    assert not problems, problems


def test_a_confirmation_is_asked_in_the_page(server: str, browser: Any) -> None:
    """Ending the actions with influence left asks first, in the page's own dialog (the
    browser's confirm() is never called): Cancel sends nothing, OK sends the action."""
    table = Table(server, plan()).create()
    table.advance("governor")
    state = table.state("green")
    asks = {
        json.dumps(a): w["confirm"]
        for a, w in zip(state["actions"], state["labels"], strict=True)
        if w["confirm"]
    }
    end = json.dumps(["end_actions", None])
    assert end in asks, asks
    words = next(
        w for a, w in zip(state["actions"], state["labels"], strict=True) if json.dumps(a) == end
    )
    for width, height in (LAPTOP, PHONE):
        page, problems = _page(browser, width, height)
        page.add_init_script("window.confirm = () => { throw new Error('confirm() called'); };")
        _open(page, table)
        button = page.locator("#buttons button", has_text=words["label"])
        button.click()
        dialog = page.locator("dialog#confirm[open]")
        dialog.wait_for()
        assert page.locator("#confirm-text").inner_text() == asks[end]
        assert page.locator("#confirm-ok").inner_text() == words["label"]
        box = dialog.bounding_box()
        assert box is not None and _inside(box, width, height), box
        assert _serious(page) == []  # axe-core, with the dialog open
        _shot(page, f"layout-confirm-{'laptop' if width == LAPTOP[0] else 'phone'}")
        page.locator("#confirm-cancel").click()
        assert page.locator("dialog#confirm[open]").count() == 0
        nothing_sent(page)
        assert table.state("green")["version"] == state["version"]
        # Escape is a Cancel too.
        button.click()
        dialog.wait_for()
        page.keyboard.press("Escape")
        assert page.locator("dialog#confirm[open]").count() == 0
        nothing_sent(page)
        assert table.state("green")["version"] == state["version"]
        if width == LAPTOP[0]:
            page.close()
            assert not problems, problems
            continue
        button.click()
        dialog.wait_for()
        asked = page.locator("#prompt").inner_text()
        page.locator("#confirm-ok").click()
        page.wait_for_function(  # the page has drawn the state after the action it sent
            """(asked) => { const now = document.getElementById('prompt').textContent;
                        return now !== asked && !now.startsWith('Sending'); }""",
            arg=asked,
        )
        after = table.state("green")
        assert after["version"] > state["version"]
        assert ["end_actions", None] not in after["actions"]
        assert not problems, problems


def test_a_lost_connection_says_reconnecting(server: str, browser: Any) -> None:
    """While the websocket is down the page says "reconnecting", and neither "Your turn" nor
    anything to click; once it is back, the turn is offered again."""
    table = Table(server, plan()).create()
    table.advance("governor")
    for width, height in (LAPTOP, PHONE):
        page, problems = _page(browser, width, height)
        link = {"up": True, "open": []}

        def route(ws: Any, link: dict[str, Any] = link) -> None:
            if not link["up"]:
                ws.close()  # the table does not answer
                return
            link["open"].append((ws, ws.connect_to_server()))

        page.route_web_socket(re.compile(r"/ws/"), route)
        _open(page, table)
        glowing = "#map .target, .cardface.target, #buttons button"
        assert page.locator("#notice:not(.hidden)").count() == 1
        assert page.locator(glowing).count() > 0
        assert page.locator("#offline.hidden").count() == 1
        link["up"] = False
        for ws, to_server in link["open"]:
            ws.close()
            to_server.close()
        offline = page.locator("#offline:not(.hidden)")
        offline.wait_for(timeout=60_000)
        assert "reconnecting" in offline.inner_text().lower()
        assert "reconnecting" in page.locator("#conn").inner_text()
        assert page.locator("#prompt").inner_text() == "Reconnecting…"
        assert page.locator("#notice:not(.hidden)").count() == 0
        assert page.locator(glowing).count() == 0
        assert "Your turn" not in page.title()
        box = offline.bounding_box()
        assert box is not None and _inside(box, width, height), box
        assert _serious(page) == []  # axe-core, with the banner up
        _shot(page, f"layout-offline-{'laptop' if width == LAPTOP[0] else 'phone'}")
        # The table answers again: the page reconnects by itself and offers the turn.
        link["up"] = True
        page.locator("#offline.hidden").wait_for(state="attached", timeout=60_000)
        page.locator("#notice:not(.hidden)").wait_for(timeout=60_000)
        page.locator(glowing).first.wait_for()  # the turn's targets are offered again
        page.close()
        assert not problems, problems


def test_a_message_in_the_chat_out_of_sight_is_shown_in_passing(server: str, browser: Any) -> None:
    """On a laptop the chat sits under the board: another seat's message shows as a toast."""
    table = Table(server, plan()).create()
    table.advance("governor")
    green, problems = _page(browser, *LAPTOP)
    _open(green, table)
    blue, more = _page(browser, *LAPTOP)
    _open(blue, table, role="blue")
    chat = green.locator("#chat-card").bounding_box()
    assert chat is None or chat["y"] >= LAPTOP[1] or chat["y"] + chat["height"] <= 0
    blue.fill("#chat-text", "Shall we share Pannonia?")
    blue.locator("#chat-form button[type=submit]").click()
    toast = green.locator("#toast:not(.hidden)")
    toast.wait_for(timeout=60_000)
    assert toast.inner_text() == "Blue: Shall we share Pannonia?"
    assert green.locator("#chat li", has_text="Shall we share Pannonia?").count() == 1
    # The writer gets no toast of their own message.
    assert blue.locator("#toast:not(.hidden)", has_text="Pannonia").count() == 0
    for page in (green, blue):
        page.close()
    assert not problems and not more, problems + more


def test_every_action_of_an_army_has_a_button_once_it_is_selected(
    server: str, browser: Any
) -> None:
    """An army's actions other than marching and attacking (a legion added, say: what a
    hint's plan may name) each have a button in sight once the army is picked."""
    table = Table(server, plan()).create()
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    found = None
    for i, (role, action) in enumerate(table.plan.actions):
        if any(a.verb == "train_legion" for a in match.actions(role)):
            found = i
            break
        match.apply(role, Action.parse(action))
    assert found is not None, "nobody could add a legion in the planned game"
    table.advance(found)
    army = next(a.arg for a in match.actions(role) if a.verb == "train_legion")
    for size, tag in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page, problems = _page(browser, *size)
        _open(page, table, role=role)
        page.locator("#army-panel button.army-pick", has_text=f"Army {army} ").click()
        button = page.locator("#army-panel .army-acts button", has_text="legion")
        button.first.wait_for()
        assert button.first.is_visible()
        page.locator("#army-panel").scroll_into_view_if_needed()
        _shot(page, f"layout-army-actions-{tag}")
        assert not problems, problems
        page.close()
