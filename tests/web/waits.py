"""Waits on what the page shows, for the browser tests: never a fixed pause.

A busy machine may take any time to deliver a state or draw a frame, so a test waits for the
condition it needs (the page's turn, a drawn frame, the prompt past "Sending…") and fails only
at the page's default timeout (60 s, tests/web/test_browser.py)."""

from __future__ import annotations

from typing import Any


def frames(page: Any, count: int = 2) -> None:
    """Wait until the page has drawn ``count`` more frames: what it schedules for the next
    frame (a scroll, a layout) has happened. Two frames, because a callback queued during one
    frame runs in the next."""
    page.evaluate(
        """(n) => new Promise((done) => {
             const next = (k) => (k ? requestAnimationFrame(() => next(k - 1)) : done());
             next(n);
           })""",
        count,
    )


def my_turn_or_over(page: Any) -> None:
    """Wait until the page offers its seat something to do (the turn notice shows only then:
    it hides while an action is being sent) or says the game is over."""
    page.locator("#notice:not(.hidden)").or_(
        page.locator("#prompt", has_text="Game over")
    ).first.wait_for()


def settled(page: Any) -> None:
    """Wait until the page has drawn a state and is not sending an action: the answer to the
    last one (a new state, or an error) has been drawn."""
    page.wait_for_function(
        """() => { const p = document.getElementById('prompt').textContent;
                   return p !== '' && !p.startsWith('Loading') && !p.startsWith('Sending'); }"""
    )


def nothing_sent(page: Any) -> None:
    """Check that the page sent no action on what was just done (a dialog cancelled, say):
    after the frames in which its answer would have been sent, the page still offers its turn
    (the notice hides the moment an action goes out)."""
    frames(page)
    assert page.locator("#notice:not(.hidden)").count() == 1, "the page sent an action"
