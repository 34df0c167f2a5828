"""Lessons through the real table page in headless Chromium: each lesson is completed at
1440x900 and 390x844 by clicking only the lit controls; a click on another action changes
nothing; the step survives a reload; Back, Forward and the rules panel work; axe-core finds
nothing serious or critical. Screenshots of the first buy, crisis and battle land in
``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crisis.devtools.loadtest import free_port, start_server, stop_server
from crisis.engine import lessons
from crisis.games import TITLES, get_title

from .test_accessibility import _serious
from .test_browser import ARTIFACTS, _page, browser, pytestmark

__all__ = ["browser", "pytestmark"]

SIZES = [(1440, 900), (390, 844)]
LESSONS = [lesson for name in sorted(TITLES) for lesson in lessons.load(get_title(name))]
TOC = [lesson for lesson in LESSONS if lesson.title == "time_of_crisis"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server: lessons never touch the database, so one backend is enough."""
    db = tmp_path_factory.mktemp("lessons") / "lessons.db"
    port = free_port()
    proc = start_server(f"sqlite:///{db}", port, "--bot-delay", "0")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(proc)


def _step(page: Any) -> int:
    return int(page.get_attribute("#lesson-card", "data-step"))


def _wait_step(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => { const c = document.getElementById('lesson-card');"
        " return c && c.dataset.step === String(n); }",
        arg=n,
    )


def _lit(page: Any) -> Any:
    page.wait_for_selector(".lesson-lit", state="visible")
    return page.locator(".lesson-lit").first


def _click_lit(page: Any) -> None:
    """Click the lit control; if it opened a menu or the page's question, the lit item."""
    n = _step(page)
    _lit(page).click()
    for then in ("#menu:not(.hidden) .lesson-lit", "dialog#confirm[open] .lesson-lit"):
        lit = page.locator(then)
        if lit.count():
            lit.first.click()
    _wait_step(page, n + 1)


def _shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


#: What the page shows of the position: the log (any action applied adds to it), the hand,
#: the pool, the players, the header and the prompt. (Not the map's text: how its piles are
#: folded depends on the layout of the moment.)
SEEN = """() => ["#log", "#hand", "#pool", "#players", "#round", "#prompt"]
  .map((s) => (document.querySelector(s) || {}).textContent || "").join("|")"""


def _wrong_click_changes_nothing(page: Any) -> bool:
    """Click a legal action the example does not take (from the list of the board's
    actions): the lesson answers and stays on its step, on the same position."""
    n = _step(page)
    before = page.evaluate(SEEN)
    others = page.locator("#action-list button:not(.lesson-lit), #buttons button:not(.lesson-lit)")
    if not others.count():
        return False
    page.evaluate("() => { document.getElementById('all-actions').open = true; }")
    others.first.click()
    dialog = page.locator("dialog#confirm[open] #confirm-ok")
    if dialog.count():
        dialog.click()
    page.wait_for_selector("#lesson-said:not(.hidden)")
    assert "in the example" in page.locator("#lesson-said").text_content()
    assert _step(page) == n
    assert page.evaluate(SEEN) == before
    return True


#: Screenshot moments: (lesson id, step index) -> name. The first buy (Green's Tribute), the
#: first crisis after setup (Blue's turn opens on it) and the first battle (Green's attack,
#: lost on the first roll: the re-roll is next).
SHOTS = {
    ("example-turn-1", 10): "buy",
    ("example-turn-1", 13): "crisis",
    ("example-turn-6", 4): "battle",
    ("first-round", 11): "auction",
}


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["1440x900", "390x844"])
def test_every_lesson_completes_by_clicking_the_lit_controls(
    server: str, browser: Any, width: int, height: int
) -> None:
    page, problems = _page(browser, width, height)
    failed: list[str] = []  # a lesson plays no stored table: nothing it asks may be missing
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    wrong = 0
    for lesson in LESSONS:
        page.goto(f"{server}/learn/{lesson.title}/{lesson.id}")
        page.evaluate("() => localStorage.clear()")
        page.reload()
        _wait_step(page, 0)
        assert _serious(page) == [], lesson.id
        for index in range(len(lesson.steps)):
            assert _step(page) == index
            name = SHOTS.get((lesson.id, index))
            if name:
                _lit(page)
                _shot(page, f"lesson-{name}-{width}x{height}")
                assert _serious(page) == [], name
            if index in (0, 4) and _wrong_click_changes_nothing(page):
                wrong += 1
            _click_lit(page)
        assert page.locator("#lesson-end:not(.hidden)").count() == 1
        assert page.locator(".lesson-lit").count() == 0
    assert wrong >= 2
    assert not problems, problems
    assert failed == [], failed[:5]


@pytest.mark.browser
def test_back_forward_resume_and_rules(server: str, browser: Any) -> None:
    page, problems = _page(browser, 1440, 900)
    url = f"{server}/learn/time_of_crisis/example-turn-1"
    page.goto(url)
    page.evaluate("() => localStorage.clear()")
    page.reload()
    _wait_step(page, 0)
    assert page.locator("#lesson-back").is_disabled()
    for _ in range(3):
        _click_lit(page)
    page.click("#lesson-back")
    _wait_step(page, 2)
    page.click("#lesson-forward")
    _wait_step(page, 3)
    page.click("#lesson-forward")
    _wait_step(page, 4)
    # Leaving and coming back resumes at the step reached.
    page.goto(server + "/")
    page.goto(url)
    _wait_step(page, 4)
    assert "Step 5 of 48" in page.locator("#lesson-where").text_content()
    page.click("#lesson-rules")
    assert page.locator("#rules-at-hand").get_attribute("open") is not None
    page.click("#lesson-restart")
    _wait_step(page, 0)
    assert not problems, problems


@pytest.mark.browser
def test_a_lesson_on_a_phone_opens_at_the_top_and_follows_the_learner(
    server: str, browser: Any
) -> None:
    """On a phone a lesson opens with the page's header in sight (not scrolled past it); once
    the learner has scrolled down to the lit control and used it, the next step brings the
    lesson card's heading back to the top of the screen."""
    page, problems = _page(browser, 390, 844)
    page.goto(f"{server}/learn/time_of_crisis/example-turn-1")
    _lit(page)
    _wait_step(page, 0)
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#round").is_visible()
    # down to the lit control, as the learner's thumb would; using it moves to the next step
    _lit(page).scroll_into_view_if_needed()
    assert page.evaluate("document.getElementById('lesson-card').getBoundingClientRect().top") < 0
    _click_lit(page)
    page.wait_for_function(
        "() => Math.abs(document.getElementById('lesson-card').getBoundingClientRect().top) < 2"
    )
    assert not problems, problems


@pytest.mark.browser
def test_the_card_says_when_its_words_run_on_and_the_board_shows_where(
    server: str, browser: Any
) -> None:
    """A wide screen caps the lesson card: "More below" shows while words run on under its
    edge and scrolls on when clicked. A card on offer that the step drafts is ringed on the
    board as well as in the list; a map step's "Show me" brings its region into sight."""
    page, problems = _page(browser, 1440, 900)
    page.goto(f"{server}/learn/time_of_crisis/example-turn-1")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    _wait_step(page, 0)
    more = page.locator("#lesson-more")
    more.wait_for(state="visible")
    more.click()
    page.wait_for_function("() => document.getElementById('lesson-card').scrollTop > 0")
    page.evaluate(
        "() => { const c = document.getElementById('lesson-card'); c.scrollTop = c.scrollHeight; }"
    )
    more.wait_for(state="hidden")
    page.goto(f"{server}/learn/rome_in_crisis/first-round")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    _wait_step(page, 0)
    _lit(page)
    assert "Your turn" not in page.title()  # a lesson's tab is no call to a turn
    assert page.locator('.offer [data-key="spqr_9a"].lesson-spot').count() == 1
    assert page.locator(".lesson-spot").count() == 1
    phone, more_problems = _page(browser, 390, 844)
    phone.goto(f"{server}/learn/time_of_crisis/example-turn-1")
    phone.evaluate("() => localStorage.clear()")
    phone.reload()
    _wait_step(phone, 0)
    for n in range(4):  # to the first step played on the map
        phone.click("#lesson-forward")
        _wait_step(phone, n + 1)
    phone.wait_for_selector("#map .area.lesson-spot", state="attached")
    phone.click("#lesson-show")
    phone.wait_for_function(
        "() => { const spot = document.querySelector('#map .area.lesson-spot');"
        " const r = spot.getBoundingClientRect(); const y = r.top + r.height / 2;"
        " return y > 0 && y < window.innerHeight; }"
    )
    assert not problems and not more_problems, (problems, more_problems)


@pytest.mark.browser
def test_the_lobby_offers_the_lessons(server: str, browser: Any) -> None:
    page, problems = _page(browser, 390, 844)
    page.goto(server + "/")
    link = page.locator("#lessons a", has_text="first round")
    link.wait_for()
    link.click()
    page.wait_for_url("**/learn/time_of_crisis/example-turn-1")
    _wait_step(page, 0)
    assert not problems, problems


@pytest.mark.browser
def test_a_first_game_with_the_coach_plays_to_the_end(server: str, browser: Any) -> None:
    """After the lesson, "Play a first game with a coach": the person follows the coach's
    suggestion at every decision (its "Do that"), answering its questions, until the game
    against two easy bots is over; the coach can be switched off and on."""
    page, problems = _page(browser, 1440, 900)
    lesson = TOC[-1]
    # The lesson's end, as a learner who finished it finds it again (set from another page of
    # the site: the lesson page itself keeps the step it shows).
    page.goto(server + "/")
    key = f"crisis.lesson.time_of_crisis.{lesson.id}"
    page.evaluate("([k, n]) => localStorage.setItem(k, n)", [key, str(len(lesson.steps))])
    page.goto(f"{server}/learn/time_of_crisis/{lesson.id}")
    page.click("#lesson-coached")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#coach .coach-do")
    assert _serious(page) == []
    # Off: the coach says nothing and asks nothing; on again: it answers.
    page.uncheck("#coach-on")
    page.wait_for_selector("#coach .coach-do", state="detached")
    page.check("#coach-on")
    asked = False
    decisions = 0
    for _ in range(400):
        if "Game over" in (page.locator("#round").text_content() or ""):
            break
        page.wait_for_function(
            "() => document.querySelector('#coach .coach-do') ||"
            " document.getElementById('round').textContent.includes('Game over')"
        )
        if not page.locator("#coach .coach-do").count():
            continue
        version = page.get_attribute("#coach-body", "data-version")
        if not asked and page.locator("#coach .coach-warning").count():
            asked = _mistake_is_caught(page)
        page.click("#coach .coach-do")
        ok = page.locator("dialog#confirm[open] #confirm-ok")
        if ok.count():
            ok.click()
        decisions += 1
        page.wait_for_function(
            "v => { const b = document.getElementById('coach-body');"
            " return document.getElementById('round').textContent.includes('Game over')"
            " || (b.dataset.version !== v && b.querySelector('.coach-do')); }",
            arg=version,
        )
    assert "Game over" in page.locator("#round").text_content()
    assert decisions > 20
    assert asked, "no warned action came up to try"
    # A script decides faster than anyone: past the coach's pace the server answers 429 and
    # the coach asks again a moment later (the game above went on). Nothing else may fail.
    assert not [p for p in problems if "status of 429" not in p], problems


def _mistake_is_caught(page: Any) -> bool:
    """Click an end button the coach warns about: the page asks first, in the coach's
    words; Cancel sends nothing."""
    for label in ("End your actions", "End your turn"):
        button = page.locator("#buttons button", has_text=label)
        if not button.count():
            continue
        before = page.locator("#log").text_content()
        button.first.click()
        dialog = page.locator("dialog#confirm[open]")
        dialog.wait_for()
        text = page.locator("#confirm-text").text_content() or ""
        if not text.startswith("Coach:"):
            page.click("#confirm-cancel")
            continue
        page.click("#confirm-cancel")
        assert page.locator("#log").text_content() == before
        return True
    return False
