"""A table page at rest does no work: while its player thinks, nothing is laid out or painted
again, so a laptop stays cool and a phone's battery lasts through a game over days.

The legend's pulsing sample once made Chromium lay out and repaint the whole page at every
frame, about 80% of a core for as long as the page stayed open. Highlights still pulse to
draw the eye (the regions an army can march to, the foes it can attack), a few times, then
hold.
"""

from __future__ import annotations

from typing import Any

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title

from .scripted import OPTIONS, TITLE, Table, plan
from .test_browser import _page, browser, pytestmark, server
from .test_scripted import LAPTOP, _open
from .waits import frames

__all__ = ["browser", "pytestmark", "server"]

#: The most a pulse may run, in seconds (Chromium's own timing of each animation).
LONGEST_PULSE = 10.0


def _metrics(cdp: Any) -> dict[str, float]:
    found = cdp.send("Performance.getMetrics")["metrics"]
    return {m["name"]: m["value"] for m in found}


def _animations(page: Any) -> list[dict[str, Any]]:
    """Every animation running in the page: what it animates and how long it runs in all."""
    return list(
        page.evaluate(
            """() => document.getAnimations().map((a) => {
                 const t = a.effect.getComputedTiming();
                 const el = a.effect.target;
                 return {
                   name: a.animationName || '',
                   target: el ? `${el.tagName}.${el.getAttribute('class')}` : '',
                   iterations: t.iterations === Infinity ? -1 : t.iterations,
                   total: t.endTime === Infinity ? -1 : t.endTime / 1000,
                 };
               })"""
        )
    )


def _green_can_march(table: Table) -> int:
    """The first moment of the scripted game when green may move an army."""
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    for i, (role, action) in enumerate(table.plan.actions):
        if role == "green" and any(a.verb == "move_army" for a in match.actions("green")):
            return i
        match.apply(role, Action.parse(action))
    raise AssertionError("green never marches in the scripted game")


def test_a_table_at_rest_is_not_laid_out_or_painted_again(server: str, browser: Any) -> None:
    table = Table(server, plan()).create()
    table.advance(_green_can_march(table))
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    assert page.locator("#notice:not(.hidden)").count() == 1  # her turn: the page waits on her
    frames(page)
    assert _animations(page) == []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before = _metrics(cdp)
    frames(page, 120)  # about two seconds of frames at rest, however long they take here
    after = _metrics(cdp)
    for counter in ("LayoutCount", "RecalcStyleCount"):
        assert after[counter] - before[counter] <= 2, (counter, before[counter], after[counter])

    # She picks an army: where it may march glows, for a few pulses, not for ever.
    for army in page.locator("#map .counter.army.target").all():
        army.click()
        if page.locator("#map .area.dest").count():
            break
    pulses = _animations(page)
    assert pulses, "the regions the army can march to do not pulse"
    for pulse in pulses:
        assert pulse["iterations"] > 0 and 0 < pulse["total"] <= LONGEST_PULSE, pulse
    assert not problems, problems


def test_a_new_state_adds_its_log_lines_and_keeps_the_rest(server: str, browser: Any) -> None:
    """The log keeps the lines it shows and adds the new ones (redrawing every line at every
    state made each of them cost the page a full layout); the names on the map that did not
    change stay as drawn. What it shows is still the game's log, in order."""
    table = Table(server, plan()).create()
    start = _green_can_march(table)
    table.advance(start)
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    page.evaluate(
        """() => {
             document.querySelector('#log li').dataset.kept = 'yes';
             for (const g of document.querySelectorAll('#map .label')) g.dataset.kept = 'yes';
           }"""
    )
    before = page.locator("#log li").count()
    table.advance(start + 6)  # six more moves, through the HTTP API
    log = table.state("green")["view"]["log"]
    page.wait_for_function("n => document.querySelectorAll('#log li').length === n", arg=len(log))
    shown = page.locator("#log li").all_inner_texts()
    assert len(shown) > before
    assert page.locator("#log li").first.get_attribute("data-kept") == "yes"
    assert page.get_attribute("#log", "start") == "1"
    # Each line as the page writes it (dice drawn as dice, a capital first) still starts as
    # the game's does.
    for drawn, line in zip(shown, log, strict=True):
        first = line.split()[0]
        assert drawn.split()[0] == first[0].upper() + first[1:], (drawn, line)
    kept = page.locator("#map .label[data-kept='yes']").count()
    assert kept > 0, "every name on the map was drawn again"
    regions = page.eval_on_selector_all("#map .label", "gs => gs.map(g => g.dataset.region)")
    assert len(regions) == len(set(regions))  # one label per region, none left behind
    assert not problems, problems


def _newest_shown(page: Any, table: Table) -> None:
    """Wait until the page shows the table's newest log line (the list holds the newest 300,
    the first numbered ``lines - 299``), and the frame after it is drawn."""
    lines = len(table.state("green")["view"]["log"])
    page.wait_for_function(
        "n => document.getElementById('log').getAttribute('start') === String(n)",
        arg=lines - 299,
    )
    frames(page)


def _log_at_end(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => { const l = document.getElementById('log');
                       return l.scrollTop + l.clientHeight >= l.scrollHeight - 20; }"""
        )
    )


def test_the_log_follows_its_newest_line_until_its_reader_scrolls_up(
    server: str, browser: Any
) -> None:
    """Past 300 lines the oldest go as new ones come; the list keeps its newest line in sight
    through that, stays where its reader scrolled up to, and follows again once they scroll
    back down."""
    table = Table(server, plan()).create()
    start = len(table.plan.actions) // 2  # the log is long by then
    table.advance(start)
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    assert len(table.state("green")["view"]["log"]) > 300
    for step in range(1, 4):
        table.advance(start + 3 * step)
        lines = len(table.state("green")["view"]["log"])
        page.wait_for_function(  # the newest 300 shown: the first is line lines - 299
            "n => document.getElementById('log').getAttribute('start') === String(n)",
            arg=lines - 299,
        )
        frames(page)  # the list scrolls at the next frame
        assert _log_at_end(page), f"the log stopped following after move {start + 3 * step}"
    # The reader scrolls up: new lines leave the list where it is.
    page.evaluate("() => { document.getElementById('log').scrollTop = 0; }")
    frames(page)
    table.advance(start + 12)
    _newest_shown(page, table)
    assert page.evaluate("() => document.getElementById('log').scrollTop") < 50
    # Back at the bottom, it follows again.
    page.evaluate(
        "() => { const l = document.getElementById('log'); l.scrollTop = l.scrollHeight; }"
    )
    frames(page)
    table.advance(start + 15)
    _newest_shown(page, table)
    assert _log_at_end(page)
    assert not problems, problems
