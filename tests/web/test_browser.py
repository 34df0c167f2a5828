"""A newcomer plays in a real headless Chromium (Debian's, driven by Playwright).

Screenshots land in ``test-artifacts/``. The tests skip only if Chromium is not installed
(``tools/ensure-debian.sh``, run by ``make test``, installs it).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from crisis.devtools.loadtest import free_port, start_server, stop_server
from tests.databases import BACKENDS, fresh_database

from .waits import my_turn_or_over

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Chromium is not installed (tools/ensure-debian.sh)"
)


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A server process for the module's tests, once on each backend (a fresh database).

    Every test makes its tables from 127.0.0.1, and a quick module makes more than the 30 a
    minute one address may (HTTP 429 in a fast CI run): the limit is raised here and tested
    in tests/server."""
    with fresh_database(request.param, tmp_path_factory.mktemp("web")) as db:
        port = free_port()
        extra = ("--bot-delay", "0", "--allow-seed", "--tables-per-minute", "1000")
        proc = start_server(db.url, port, *extra)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            stop_server(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield b
        b.close()


#: The pages the running test opened with :func:`_page`; tests/web/conftest.py closes them when
#: it ends, so that the renderers of finished tests stop using a loaded machine's CPU.
OPEN_PAGES: list[Any] = []


def _page(
    browser: Any, width: int = 1400, height: int = 950, **context: Any
) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": height}, **context)
    OPEN_PAGES.append(page)
    page.set_default_timeout(60_000)  # a loaded 2-core CI machine: waits end on events, not time
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("dialog", lambda d: d.accept())
    return page, problems


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _my_turn(page: Any) -> bool:
    return page.locator("#notice:not(.hidden)").count() > 0


def _answer_in_page(page: Any) -> None:
    """The page asks before an action that throws something away, in a dialog of its own
    (not the browser's confirm()): say yes."""
    ok = page.locator("dialog#confirm[open] #confirm-ok")
    if ok.count():
        ok.click()


def _take_a_turn_step(page: Any, rng: random.Random) -> None:
    """Click something that glows: a card, a region, an army, or a button under the prompt."""
    cards = page.locator("button.cardface.target")
    regions = page.locator(".region.target")
    armies = page.locator(".chip.target")
    buttons = page.locator("#buttons button")
    if page.locator("#map.zoomed").count():  # a click on a pile zooms in: see it all again
        page.click("#zoom-reset")
    roll = rng.random()
    if cards.count() and roll < 0.5:
        cards.nth(rng.randrange(cards.count())).click()
    elif regions.count() and roll < 0.75:
        regions.nth(rng.randrange(regions.count())).click(force=True)
    elif armies.count() and roll < 0.85:
        armies.nth(rng.randrange(armies.count())).click(force=True)
    elif buttons.count():
        buttons.nth(0).click()
    else:
        return
    menu = page.locator("#menu:not(.hidden) button")
    if menu.count():
        menu.nth(rng.randrange(max(1, menu.count() - 1))).click()
    _answer_in_page(page)


def test_a_newcomer_creates_a_table_with_three_bots_and_plays(server: str, browser: Any) -> None:
    page, problems = _page(browser)
    page.goto(server + "/")
    _shot(page, "01-lobby")
    page.fill("#my-name", "Newcomer")
    page.check("input[name=short_game]")
    # (the lobby draws its seats once its script has the titles: wait for them, not count)
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 4")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)  # the bots play until my turn
    _shot(page, "02-my-first-turn")
    # A wide screen's banner says whose turn and the prompt; the bar says it too.
    assert re.fullmatch(r"Your turn \(\w+\): .+", page.locator("#notice").inner_text())
    assert page.locator("#bar-turn").inner_text().startswith("Your turn")
    # Cards a player can read: every market card shows its effect and this player's price.
    market = page.locator("#market .cardface")
    assert market.count() >= 9
    assert page.locator("#market .cardface .price").count() == market.count()
    assert page.locator("#market .cardface .card-text").count() == market.count()
    # The log sits beside the map, in view without scrolling.
    box = page.locator(".log-card").bounding_box()
    assert box is not None and box["y"] < 950 and box["x"] > 700
    page.fill("#notes", "Private plan: hold Italia")  # notes: saved, and back after a reload
    page.click("#notes-save")
    page.wait_for_selector("#notes-status:has-text('Saved.')")
    page.reload()
    expect(page.locator("#notes")).to_have_value(re.compile("hold Italia"))
    assert page.locator(".region.target").count() > 0  # choose a starting province on the map
    # "What would the bot do?": its top choices, each a button that plays it.
    page.click("#hint")
    page.wait_for_selector("#hint-list .hint button", timeout=60_000)
    # Each choice says its estimated chance to win, or, when the search had the time for too
    # few samples (the hint has a second of a busy machine), that it has none: the clock
    # decides which, so each is right, and a choice that says neither is not.
    said = page.locator("#hint-list .hint").all_inner_texts()
    reasons = ("to win", "too few for an estimate", "not rated")
    assert said and all(any(r in s for r in reasons) for s in said), said
    page.locator(".region.target").first.click(force=True)
    rng = random.Random(7)
    clicks = notes = greyed = folded = counted = 0
    folded_after: str | None = None  # the prompt at which "Not possible now" was opened
    for _ in range(400):
        if page.locator("#prompt", has_text="Game over").count():
            break
        if _my_turn(page) and page.locator("#prompt", has_text="Sending").count() == 0:
            # The title's words: costs and notes under the buttons, greyed unaffordable ones.
            notes += page.locator("#buttons .action-note").count()
            greyed += page.locator("#unavailable-list button:disabled").count()
            prompt = page.locator("#prompt").inner_text()
            if "starting hand" in prompt:  # how many are left, said by the cards
                said = page.locator("#hand-role").inner_text()
                assert re.search(r"take \d more from the Available pile", said), said
                counted += 1
            if folded_after is not None and prompt != folded_after:
                # Opened to read why, it folded once that decision was over.
                assert not page.evaluate("document.getElementById('unavailable').open")
                folded += 1
                folded_after = None
            elif not folded and page.locator("#unavailable:not(.hidden)").count():
                page.click("#unavailable summary")
                folded_after = prompt
            _take_a_turn_step(page, rng)
            clicks += 1
        my_turn_or_over(page)
        if clicks == 40:
            _shot(page, "03-mid-game")
        if clicks >= 120:
            break
    assert clicks > 20
    assert notes > 0 and greyed > 0 and folded == 1 and counted > 0
    assert page.locator("#log li").count() > 20
    assert page.locator(".mat").count() == 4
    # Each player's mat: leaders ready and those still to recruit at their printed costs.
    mats = page.locator(".mat .mat-line").all_inner_texts()
    assert len(mats) == 4, mats
    assert all(
        re.search(r"Governors: \d+ ready, (recruit at [\d·]+ Senate|none left)", m) for m in mats
    )
    assert all(
        re.search(r"Generals: \d+ ready, (recruit at [\d·]+ Military|none left)", m) for m in mats
    )
    resigned = not page.locator("#prompt", has_text="Game over").count()
    if resigned:  # strong bots may win first
        page.click("#resign")
        assert "Resign as" in page.locator("dialog#confirm[open]").inner_text()  # asked here
        page.locator("dialog#confirm[open] #confirm-ok").click()
    page.wait_for_selector("#prompt:has-text('Game over')", timeout=60_000)
    # Nobody is to act any more, and the standing is told, highest first.
    assert page.locator(".mat .badge", has_text="to act").count() == 0
    if resigned:
        assert "no person was left to play on" in page.locator("#prompt").inner_text()
        standing = page.locator("#who").inner_text()
        assert standing.startswith("Legacy when it ended: "), standing
        values = [int(n) for n in re.findall(r"\d+", standing)]
        assert values == sorted(values, reverse=True), standing
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "04-resigned")
    # The review: legacy by round and the bot's estimate of each player's chances.
    page.wait_for_selector("#review-card:not(.hidden) svg.chart", timeout=60_000)
    assert page.locator("#review svg.chart").count() == 2
    page.locator("#review-card").scroll_into_view_if_needed()
    _shot(page, "04b-review")
    page.click("#replay")
    page.wait_for_selector("#replay-label:has-text('step 0')")
    page.click("#replay-next")
    page.wait_for_selector("#replay-label:has-text('step 1')")
    _shot(page, "05-replay")
    assert not problems, problems


#: Log words that mark a kind of step worth a screenshot, by name.
_MOMENTS = {
    "governor": "seeks",
    "invasion": "invade",
    "support": "support",
}


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)], ids=["laptop", "phone"])
def test_a_newcomer_finishes_a_whole_short_game(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    """Against a bot, clicking only what glows or is offered as a button, to the end."""
    page, problems = _page(browser, *size)
    tag = "laptop" if size[0] > 900 else "phone"
    page.goto(server + "/")
    page.select_option("#players", "2")
    page.check("input[name=short_game]")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)
    rng = random.Random(11)
    seen: set[str] = set()
    clicks = 0
    for _ in range(6000):
        if page.locator("#prompt", has_text="Game over").count():
            break
        if _my_turn(page) and page.locator("#prompt", has_text="Sending").count() == 0:
            prompt = page.locator("#prompt").inner_text()
            if "Buy" in prompt and "buy" not in seen:
                seen.add("buy")
                _shot(page, f"game-{tag}-buy")
            if page.locator("#battle:not(.hidden)").count() and "battle" not in seen:
                seen.add("battle")
                _shot(page, f"game-{tag}-battle")
            _take_a_turn_step(page, rng)
            clicks += 1
            log = page.locator("#log").inner_text()
            for name, word in _MOMENTS.items():
                if name not in seen and word in log.split("\n")[-1]:
                    seen.add(name)
                    _shot(page, f"game-{tag}-{name}")
        my_turn_or_over(page)
    assert page.locator("#prompt", has_text="Game over").count(), f"not over after {clicks} clicks"
    assert "wins" in page.locator("#prompt").inner_text()
    if size[0] <= 400:
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 10
    _shot(page, f"game-{tag}-end")
    page.click("#replay")
    page.wait_for_selector("#replay-label:has-text('step 0')")
    page.click("#replay-next")
    page.wait_for_selector("#replay-label:has-text('step 1')")
    _shot(page, f"game-{tag}-replay")
    assert "buy" in seen
    assert not problems, problems


def test_hotseat_hides_each_hand_until_its_owner_says_so(server: str, browser: Any) -> None:
    page, problems = _page(browser)
    page.goto(server + "/")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-blue]", "me")
    page.click("#create")
    page.wait_for_url("**/table/**")
    curtain = page.locator("#curtain:not(.hidden)")
    curtain.wait_for(timeout=60_000)
    _shot(page, "06-hotseat-curtain")
    assert page.locator("#hand .cardface").count() == 0 or page.locator("#hand-card.hidden").count()
    page.click("#curtain-show")
    page.wait_for_selector("#notice:not(.hidden)")
    page.wait_for_selector("#curtain.hidden", state="attached")
    assert page.locator(".region.target").count() > 0
    page.locator(".region.target").first.click(force=True)
    curtain.wait_for(timeout=60_000)  # the other seat's turn: covered again
    assert "to play" in page.locator("#curtain-text").inner_text()
    assert not problems, problems


def test_chat_shows_markup_as_text(server: str, browser: Any) -> None:
    page, problems = _page(browser)
    page.goto(server + "/")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#chat-form:not(.hidden)", timeout=60_000)
    page.fill("#chat-text", "<img src=x onerror=alert(1)> hail")
    page.click("#chat-form button")
    page.wait_for_selector("#chat li")
    assert "<img src=x onerror=alert(1)> hail" in page.locator("#chat li").last.inner_text()
    assert page.locator("#chat img").count() == 0
    assert not problems, problems


def test_watch_a_game_lists_other_peoples_tables_not_your_own(server: str, browser: Any) -> None:
    """A table you play is under "Your games" in the lobby, not again under "Watch a game"
    with a "Watch" link; another person's table is there to watch."""

    def make_table(page: Any) -> str:
        page.goto(server + "/")
        page.wait_for_function("() => document.querySelectorAll('#seats select').length === 4")
        page.click("#create")
        page.wait_for_url("**/table/**")
        return str(page.url.rsplit("/", 1)[-1].split("#")[0])

    stranger, theirs = _page(browser)
    page, problems = _page(browser)
    other, mine = make_table(stranger), make_table(page)
    page.goto(server + "/")
    page.locator(f"#my-tables li[data-table='{mine}']").wait_for()
    # Its facts on a line of their own, not hung after the names with a separator.
    facts = page.locator(f"#my-tables li[data-table='{mine}'] .game-facts")
    assert facts.inner_text().startswith("You: ")
    assert facts.evaluate("n => getComputedStyle(n).display") == "block"
    # The watch list is drawn in one go: once the stranger's table is in it, it is complete.
    page.locator(f"#recent-tables li[data-table='{other}'] a", has_text="Watch").wait_for()
    assert page.locator(f"#recent-tables li[data-table='{mine}']").count() == 0
    assert not problems and not theirs, problems + theirs


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)], ids=["laptop", "phone"])
def test_the_lobby_uses_a_wide_screen_and_keeps_a_phones_order(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    """On a wide screen the new table's form and the lessons open side by side, both in the
    first screenful; a phone reads the lessons first, then the form, one column."""
    page, problems = _page(browser, *size)
    page.goto(server + "/")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 4")
    form, learn = page.locator("#new-table").bounding_box(), page.locator("#learn").bounding_box()
    assert form is not None and learn is not None
    if size[0] > 1100:
        assert form["x"] + form["width"] <= learn["x"], (form, learn)
        assert form["y"] < size[1] / 4 and learn["y"] < size[1] / 4, (form, learn)
    else:
        assert learn["y"] + learn["height"] <= form["y"], (form, learn)
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    _shot(page, f"lobby-{'laptop' if size[0] > 1100 else 'phone'}")
    assert not problems, problems


def test_the_table_fits_a_phone(server: str, browser: Any) -> None:
    page, problems = _page(browser, 390, 844)
    page.goto(server + "/")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400  # no sideways scrolling of the page (the map scrolls in its box)
    assert page.locator("#prompt").is_visible()
    # Above the map, "your turn" once (the banner) and the prompt once (its card): the bar's
    # turn word and the banner's copy of the prompt step aside on a phone.
    above = page.evaluate(
        "() => ['table-bar', 'notice'].map((id) => document.getElementById(id).innerText)"
        ".concat(document.querySelector('.prompt-card').innerText).join('\\n')"
    )
    prompt = page.locator("#prompt").inner_text()
    assert above.count("Your turn") == 1, above
    assert prompt and above.count(prompt) == 1, above
    assert "rated" in page.locator("#bar-turn").inner_text()  # the bar keeps its facts
    _shot(page, "07-phone")
    assert not problems, problems


# -- Rome in Crisis ------------------------------------------------------------------------------


def _new_ric_table(page: Any, server: str) -> None:
    """From the lobby: Rome in Crisis, three players, me and two (random) bots."""
    page.goto(server + "/")
    page.wait_for_selector("#create:enabled")  # the lobby's script is ready for the form
    page.select_option("#title", "rome_in_crisis")
    page.select_option("#players", "3")
    page.wait_for_function("document.querySelectorAll('#seats select').length === 3")
    assert page.locator("fieldset[data-title=time_of_crisis]").is_hidden()
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)  # the bots play until my turn


def _ric_step(page: Any, rng: random.Random, button_odds: float = 0.2) -> str:
    """Click something that glows on the board or in the hand (a card, a candidate, an office,
    a crisis, the selection card), else a button under the prompt; say which."""
    targets = page.locator("#board .target, #hand .target")
    buttons = page.locator("#buttons button:not(:text('Undo'))")
    if targets.count() and (rng.random() >= button_odds or not buttons.count()):
        targets.nth(rng.randrange(targets.count())).click()
        clicked = "target"
    elif buttons.count():
        buttons.nth(rng.randrange(buttons.count())).click()
        clicked = "button"
    else:
        return ""
    menu = page.locator("#menu:not(.hidden) button")
    if menu.count():  # the last entry is Cancel
        menu.nth(rng.randrange(max(1, menu.count() - 1))).click()
    _answer_in_page(page)
    return clicked


def _top(page: Any, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


#: Green's area's head line, the number of cards in "Your cards", and of hand-sized cards on
#: the whole page outside the draft display (cards on candidates and in crises are small).
HANDS = """[
  document.querySelector('.ric-player.p-green .player-head').textContent,
  document.querySelectorAll('#hand .ric-card').length,
  document.querySelectorAll('.ric-card:not(.small):not(.offer .ric-card)').length,
]"""


def test_rome_in_crisis_from_the_lobby_to_many_decisions(server: str, browser: Any) -> None:
    page, problems = _page(browser)
    _new_ric_table(page, server)
    assert page.title().endswith("Rome in Crisis")
    assert page.locator("#map").is_hidden() and page.locator(".market-card").is_hidden()
    assert page.locator(".method-card").is_visible()
    assert page.locator(".provisional").is_visible()  # the view's provisional_data
    assert page.locator(".ric-player").count() == 3
    # Your own area comes first, above the crises and offices: your candidates are what you
    # decide about.
    first = page.locator(".ric-player").first.get_attribute("class") or ""
    assert "p-green" in first.split(), first
    assert _top(page, ".ric-player.p-green") < _top(page, ".ric-middle")
    # The log sits beside the board, in view without scrolling, as in Time of Crisis.
    box = page.locator(".log-card").bounding_box()
    assert box is not None and box["y"] < 900 and box["x"] > 700
    _shot(page, "ric-01-first-turn")
    rng = random.Random(11)
    clicked: list[str] = []
    log_before = page.locator("#log li").count()
    for _ in range(600):
        if page.locator("#prompt", has_text="Game over").count() or len(clicked) >= 45:
            break
        if _my_turn(page) and page.locator("#prompt", has_text="Sending").count() == 0:
            # only my own hand is face up, and it has as many cards as my area says (read in
            # one go: an update may come between two reads)
            mine, shown, faces = page.evaluate(HANDS)
            assert f"hand {shown} card" in mine, (mine, shown)
            assert faces == shown  # no other hand's cards anywhere
            assert page.locator("#hand-role").inner_text() == "(green)"
            once = "button" not in clicked and len(clicked) > 10  # a button at least once
            clicked.append(_ric_step(page, rng, 1.0 if once else 0.2))
            if len(clicked) == 25:
                _shot(page, "ric-02-mid-game")
        my_turn_or_over(page)
    assert len(clicked) > 20 or page.locator("#prompt", has_text="Game over").count()
    assert "target" in clicked and "button" in clicked
    assert page.locator("#log li").count() > log_before + 20
    assert page.locator(".ric-player .cand").count() > 0  # candidates in play
    # The small cards (on candidates and crises) show their suit whole, on one line.
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.ric-card.small .suit')]
             .filter((s) => s.scrollWidth > s.clientWidth + 1 || s.getClientRects().length > 1)
             .map((s) => s.textContent)"""
    )
    assert cut == [], cut
    assert page.locator(".office").count() == 5
    page.click("#resign")
    page.locator("dialog#confirm[open] #confirm-ok").click()
    page.wait_for_selector("#prompt:has-text('Game over')", timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "ric-03-over")
    page.click("#replay")  # the replay draws the same board
    page.wait_for_selector("#replay-label:has-text('step 0')")
    page.click("#replay-last")
    page.wait_for_selector(".method-card")
    assert not problems, problems


#: For each card in the hand, written as the longest suit's name ("Persians", whatever the
#: deal): whether its text fits inside it, and whether its "?" stays clear of the name.
_HAND_CARDS_READ = """() => [...document.querySelectorAll('#hand .card-slot')].map((slot) => {
  const card = slot.querySelector('.ric-card'), suit = card.querySelector('.suit');
  const dealt = suit.textContent;
  suit.textContent = 'Persians';
  const help = slot.querySelector('button').getBoundingClientRect();
  const s = suit.getBoundingClientRect();
  const clear = s.bottom <= help.top || s.right <= help.left;
  const fits = card.scrollWidth <= card.clientWidth + 1;
  suit.textContent = dealt;
  return { fits, clear, dealt };
})"""


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)], ids=["laptop", "phone"])
def test_rome_in_crisis_hand_cards_are_readable(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    """The cards in the hand show their value and suit whole, with the card's "?" clear of
    the suit's name (at first they were 46 px wide: "Persians" ran into the border and the
    "?" covered a third of the card). A phone's header does not spend a line on
    "connected"; a laptop's says it."""
    page, problems = _page(browser, *size)
    _new_ric_table(page, server)
    cards = page.evaluate(_HAND_CARDS_READ)
    assert cards and all(c["fits"] and c["clear"] for c in cards), cards
    assert page.locator("#conn").is_visible() == (size[0] > 900)
    assert not problems, problems


def test_rome_in_crisis_fits_a_phone(server: str, browser: Any) -> None:
    page, problems = _page(browser, 390, 844)
    _new_ric_table(page, server)
    rng = random.Random(5)
    for _ in range(30):  # a few decisions, so that candidates and cards are on the table
        if _my_turn(page) and page.locator("#prompt", has_text="Sending").count() == 0:
            _ric_step(page, rng)
        my_turn_or_over(page)
    page.wait_for_selector("#notice:not(.hidden)", timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400  # no sideways scrolling
    assert page.locator("#prompt").is_visible()
    _shot(page, "ric-04-phone")
    page.screenshot(path=str(ARTIFACTS / "ric-05-phone-full.png"), full_page=True)
    assert not problems, problems


def test_a_wrong_address_says_so_and_leads_to_the_lobby(server: str, browser: Any) -> None:
    """A table address that names no table shows one card saying so (not an empty board), and
    an address that is no page shows the site's page for it; both lead back to the lobby."""
    for width, height in ((1440, 900), (390, 844)):
        page, _ = _page(browser, width, height)
        page.goto(server + "/table/NOPE")
        page.wait_for_selector(".missing-table")
        assert "There is no table at this address" in page.inner_text("main")
        assert page.locator("#map:visible").count() == 0
        _shot(page, f"missing-table-{width}")
        page.click(".missing-table a[href='/']")
        page.wait_for_selector("#seats select")
        res = page.goto(server + "/no/such/page")
        assert res is not None and res.status == 404
        assert "There is no such page" in page.inner_text("main")
        _shot(page, f"missing-page-{width}")
        page.close()


def test_signed_out_pages_ask_nothing_that_is_refused(server: str, browser: Any) -> None:
    """A visitor with no account opens the lobby and the account page: nothing the pages ask
    the server is refused (a refused request is an error in the browser's console)."""
    page, problems = _page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.goto(server + "/account")
    page.wait_for_selector("#signed-out:not(.hidden)")
    page.wait_for_load_state("networkidle")
    assert not problems, problems


def test_provisional_card_text_is_explained_where_a_phone_reads_it(
    server: str, browser: Any
) -> None:
    """A market card whose text the project reconstructed is marked "(provisional)", and the
    note under the market says what that means (a phone cannot hover for the tooltip)."""
    page, problems = _page(browser, 390, 844)
    page.goto(server + "/")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#market .cardface .prov")
    page.wait_for_selector("#market-note:text('was reconstructed')")
    page.locator("#market").scroll_into_view_if_needed()
    _shot(page, "market-provisional-phone")
    assert not problems, problems
