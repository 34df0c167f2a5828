"""The table's header and influence line say what is true, in the players' words: the phase
by its name in the rules reference (never the step's inner name), no one's "turn" while
everyone chooses at once, and no influence shown once it can no longer be spent.

(A Rally the Troops player trying the table read "Green's turn · end_of_turn" in the header,
and "Influence: Populace 1" at the buy step, after the page had warned that the point would
be lost; a newcomer watching a bot's turn read its pool as their own.)
"""

from __future__ import annotations

import json
from typing import Any

from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.games import get_title

from .scripted import OPTIONS, TITLE, Table, plan
from .test_browser import _page, _shot, browser, pytestmark, server
from .test_scripted import LAPTOP, PHONE, _open

__all__ = ["browser", "pytestmark", "server"]


def test_the_header_names_the_phase_and_influence_shows_only_while_it_can_be_spent(
    server: str, browser: Any
) -> None:
    table = Table(server, plan()).create()
    page, problems = _page(browser, *LAPTOP)

    # Setting up: everyone chooses at once, so nobody's turn is named.
    _open(page, table)
    header = page.locator("#round").inner_text()
    assert header.startswith("Round 1 · Setting up"), header
    assert "'s turn" not in header and "setup" not in header

    table.advance("governor")  # green's Take Actions
    _open(page, table)
    view = table.state("green")["view"]
    header = page.locator("#round").inner_text()
    assert "Green's turn · Take Actions" in header, header
    pool = {k: n for k, n in view["turn"]["pool"].items() if n}
    shown = page.locator("#pool").inner_text()
    assert pool and shown.startswith("Your influence: "), (shown, pool)
    # Another seat sees green's pool named as hers, never as its own.
    other, _ = _page(browser, *LAPTOP)
    _open(other, table, role="blue")
    theirs = other.locator("#pool").inner_text()
    assert theirs == shown.replace("Your influence: ", "Green's influence: "), theirs

    table.advance("buy")  # green's Buy/Trash: what was left of her influence is gone
    _open(page, table)
    view = table.state("green")["view"]
    header = page.locator("#round").inner_text()
    assert "Green's turn · Buy/Trash Cards" in header, header
    shown = page.locator("#pool").inner_text()
    assert "Influence" not in shown, shown
    political = view["turn"]["political"]
    if political:
        assert shown == f"To spend: {political} political point{'s' if political != 1 else ''}"
    assert not problems, problems


def test_a_battle_the_defenders_hold_shows_its_result(server: str, browser: Any) -> None:
    """The result panel also follows a battle the attacker loses (its outcome line, "the
    defenders hold", had not been recognised, so a destroyed army's battle showed no result
    where the prompt is)."""
    table = Table(server, plan()).create()
    held = _first_held_battle(table)
    table.advance(held + 1)
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    box = page.locator("#battle")
    box.wait_for()
    text = box.inner_text()
    assert text.startswith("Battle result"), text
    # Each line of the battle as a sentence, with a capital (the log's line is lower case).
    assert "\nThe defenders hold" in text and "attacks" in text, text
    assert not problems, problems


def _first_held_battle(table: Table) -> int:
    """The first of green's attacks in the scripted game that the defenders hold, after which
    green still acts."""
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    for i, (role, action) in enumerate(table.plan.actions):
        before = len(match.state.log)  # type: ignore[attr-defined]
        match.apply(role, Action.parse(action))
        new = match.state.log[before:]  # type: ignore[attr-defined]
        if role == "green" and "the defenders hold" in new and "green" in match.active():
            return i
    raise AssertionError("no battle in the scripted game is held by its defenders")


def _barbarians(view: dict[str, Any]) -> dict[tuple[str, str], tuple[int, int]]:
    """(region, tribe) -> (all, active) barbarians there, as the map shows them."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for name, p in view["provinces"].items():
        for tribe in set(p["active"]) | set(p["inactive"]):
            active = p["active"].get(tribe, 0)
            out[name, tribe] = (active + p["inactive"].get(tribe, 0), active)
    for name, t in view["tribes"].items():
        if t["in_game"]:
            out[name, name] = (t["active"] + t["inactive"], t["active"])
    return {k: v for k, v in out.items() if v[0]}


def _turned(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The change lines for barbarians that turned active or inactive where they stood."""
    b, a = _barbarians(before), _barbarians(after)
    lines = []
    for (region, tribe), (count, active) in a.items():
        was = b.get((region, tribe), (0, 0))
        if was[0] == count and was[1] != active:
            d = active - was[1]
            where = "at home" if region == tribe else f"in {region}"
            counters = f"one {tribe} counter" if abs(d) == 1 else f"{abs(d)} {tribe} counters"
            lines.append(f"{counters} turned {'active' if d > 0 else 'inactive'} {where}")
    return lines


def test_the_changes_say_which_barbarians_turned_active(server: str, browser: Any) -> None:
    """Barbarians turning active at home (a crisis roll) change no count on the map, only how
    many are active: the note of what changed since the seat last looked says that too."""
    table = Table(server, plan()).create()
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    looked: tuple[int, dict[str, Any]] | None = None
    found = None
    for i, (role, action) in enumerate(table.plan.actions):
        if role == "green":
            view = match.view("green")
            if looked is not None and i > looked[0] + 1 and _turned(looked[1], view):
                found = (looked[0], i, _turned(looked[1], view))
                break
            looked = (i, view)
        match.apply(role, Action.parse(action))
    assert found is not None, "no barbarians turned active between two of green's moves"
    start, end, expected = found
    table.advance(start)
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)  # green looks at the board here, on a laptop and on a phone
    phone, more = _page(browser, *PHONE, has_touch=True)
    _open(phone, table)
    table.advance(end)
    for seen in (page, phone):
        seen.wait_for_selector("#changes:not(.hidden)")
        # The note grows with each state up to ``end``: wait for the last one's lines.
        seen.wait_for_function(
            """(want) => {
                 const got = [...document.querySelectorAll('#changes-list li')]
                   .map((li) => li.innerText);
                 return want.some((w) => got.includes(w));
               }""",
            arg=expected,
        )
        lines = seen.locator("#changes-list li").all_inner_texts()
        for line in expected:
            assert line in lines or any("more" in x for x in lines), (line, lines)
        assert any(line in lines for line in expected), (expected, lines)
    # On a phone every line of the note is shown whole (no scroll box hiding most of them).
    box = phone.locator("#changes-list").bounding_box()
    last = phone.locator("#changes-list li").last.bounding_box()
    assert box is not None and last is not None
    assert last["y"] + last["height"] <= box["y"] + box["height"] + 1, (box, last)
    phone.locator("#changes").scroll_into_view_if_needed()
    _shot(phone, "changes-phone")
    assert not problems and not more, problems + more


def test_on_a_phone_a_battle_result_comes_into_sight(server: str, browser: Any) -> None:
    """On a phone the player attacks on the map, below the prompt: the battle's result is
    brought into sight when it comes (a reviewer's attack left it off-screen above)."""
    table = Table(server, plan()).create()
    held = _first_held_battle(table)
    table.advance(held)
    page, problems = _page(browser, *PHONE, has_touch=True)
    _open(page, table)
    page.locator("#hand").scroll_into_view_if_needed()  # looking at the map and the hand
    assert not _in_sight(page, "#prompt")
    table.advance(held + 1)  # the attack, the defenders hold
    page.locator("#battle").wait_for()
    # It is scrolled into sight once drawn (smoothly, where the browser animates scrolls).
    # (within a pixel: a page scrolls by whole pixels, and what lies above may be a fraction
    # of one high)
    page.wait_for_function(
        """(bottom) => { const box = document.getElementById('battle').getBoundingClientRect();
                     return box.top > -1 && box.top + 20 <= bottom; }""",
        arg=PHONE[1],
    )
    assert _in_sight(page, "#battle"), page.locator("#battle").bounding_box()
    _shot(page, "battle-result-phone")
    assert not problems, problems


def _in_sight(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] > -1 and box["y"] + 20 <= PHONE[1]


def test_on_a_phone_the_newest_log_lines_stand_under_the_prompt(server: str, browser: Any) -> None:
    """The log is far down a phone's page: its newest lines also stand right under the
    prompt, in sight on opening, with a link to the whole log; a laptop, which shows the
    log beside the prompt, does not repeat them."""
    table = Table(server, plan()).create()
    table.advance("governor")
    lines = table.state("green")["view"]["log"]
    page, problems = _page(browser, *PHONE, has_touch=True)
    _open(page, table)
    recent = page.locator("#recent li")
    assert recent.count() == 4
    assert page.get_attribute("#recent", "start") == str(len(lines) - 3)
    # The same lines as the log's last four (dice drawn the same way).
    assert recent.all_inner_texts() == page.locator("#log li").all_inner_texts()[-4:]
    assert _in_sight(page, "#recent li:last-child")
    _shot(page, "recent-phone")
    table.advance(page_moves := table.played + 2)
    page.wait_for_function(
        "n => document.getElementById('recent').getAttribute('start') === String(n)",
        arg=len(table.state("green")["view"]["log"]) - 3,
    )
    assert page_moves == table.played
    laptop, more = _page(browser, *LAPTOP)
    _open(laptop, table)
    assert not laptop.locator("#recent").is_visible()
    assert not problems and not more, problems + more


def _map(view: dict[str, Any]) -> Any:
    """What the page's note of changes compares (js/boards/time_of_crisis/changes.js)."""
    keep = ("governor", "support", "militia", "mobs", "quaestor", "improvements", "active")
    provinces = {
        n: [p.get(k) for k in (*keep, "inactive", "pretender")]
        for n, p in view["provinces"].items()
    }
    return provinces, view["tribes"], view["leaders"], view["rivals"], view["armies"]


def test_what_follows_the_action_that_ends_a_turn_is_told_as_changed(
    server: str, browser: Any
) -> None:
    """The action that ends green's turn is answered with the state the rules carried on to
    (the next turn's crisis roll and event need no decision). Green has not seen those: the
    note says what they changed, though the state came right after green's own action."""
    table = Table(server, plan()).create()
    match = Match(get_title(TITLE), table.plan.seed, dict(OPTIONS))
    found = None
    for i, (role, action) in enumerate(table.plan.actions):
        before = match.view("green")
        match.apply(role, Action.parse(action))
        after = match.view("green")
        if (
            role == "green"
            and i > 20
            and before["current"] == "green"
            and after["current"] != "green"
            and _map(before) != _map(after)
        ):
            found = i
            break
    assert found is not None, "no turn of green's ends with the map changed after it"
    table.advance(found)
    page, problems = _page(browser, *LAPTOP)
    _open(page, table)
    _role, action = table.next_action()
    wanted = page.locator(f"[data-action='{json.dumps(action.to_json(), separators=(',', ':'))}']")
    if not wanted.first.is_visible():
        page.locator("#all-actions summary").click()
    wanted.first.click()
    if page.locator("dialog#confirm[open]").count():
        page.locator("dialog#confirm[open] #confirm-ok").click()
    table.synced()
    page.wait_for_selector("#changes:not(.hidden)")
    assert page.locator("#changes-list li").count() > 0
    assert not problems, problems


def test_a_card_played_far_from_the_prompt_is_answered_where_the_eye_is(
    server: str, browser: Any
) -> None:
    """On a phone the hand is screens below the prompt: playing a card from it says what was
    sent at the top of the screen, clear of the map's buttons and the hand; the next tap
    puts it away (by then it may no longer hold), and taps pass through it."""
    table = Table(server, plan()).create()
    first = next(
        i
        for i, (role, action) in enumerate(table.plan.actions)
        if role == "green" and action[0] == "play_card"
    )
    table.advance(first)
    phone, problems = _page(browser, *PHONE, has_touch=True)
    _open(phone, table)
    _role, action = table.next_action()
    card = phone.locator(f'#hand button.cardface.target[data-card="{action.arg}"]').first
    card.scroll_into_view_if_needed()
    # (the prompt's words are out of sight above)
    assert phone.evaluate(
        "() => document.getElementById('prompt').getBoundingClientRect().bottom < 0"
    )
    card.click()
    toast = phone.locator("#toast")
    toast.wait_for(state="visible")
    assert toast.inner_text().startswith("Sent: "), toast.inner_text()
    box = toast.bounding_box()
    assert box is not None and box["y"] < 60, box
    assert (
        phone.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents") == "none"
    )
    _shot(phone, "sent-far-from-the-prompt-phone")
    phone.touchscreen.tap(5, 400)
    toast.wait_for(state="hidden")
    table.synced()
    assert not problems, problems
