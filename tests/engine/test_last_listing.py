"""``apply`` right after ``actions`` for the same position checks the action against that
listing instead of listing again (a server, a client or a bot lists, then applies one of the
listed actions); any other position, an unlisted action or another role is checked as
before. And :class:`SharedActions` hands out one action object per argument."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from crisis.engine.action import Action, SharedActions
from crisis.engine.errors import IllegalAction, NotYourTurn
from crisis.engine.machine import Call, Machine
from tests.engine.test_machine import Toy, build


def counted(m: Machine[Toy], step: str) -> list[int]:
    """Count the calls of ``step``'s listers (the one-element list holds the count)."""
    calls = [0]
    s = m.steps[step]

    def wrap(fn: Callable[[Any, str], list[Action]]) -> Callable[[Any, str], list[Action]]:
        def lister(state: Any, role: str) -> list[Action]:
            calls[0] += 1
            return fn(state, role)

        return lister

    s.listers[:] = [wrap(fn) for fn in s.listers]
    m._checkers.clear()  # the check's pieces are worked out from the listers anew
    return calls


def test_an_action_just_listed_is_applied_without_listing_again() -> None:
    m, s = build(), Toy()
    calls = counted(m, "pick")
    legal = m.actions(s, "A")
    assert calls == [1]
    m.apply(s, "A", legal[1])
    assert calls == [1]  # the check read the listing above
    assert s.picks == [("A", 1)] and s.version == 1


def test_an_unlisted_action_is_refused_as_before_and_changes_nothing() -> None:
    m, s = build(), Toy()
    m.actions(s, "A")
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction, match="legal pick actions: pick 0, pick 1, pick 2"):
        m.apply(s, "A", Action("pick", 9))
    with pytest.raises(NotYourTurn, match="waiting for A"):
        m.apply(s, "B", Action("pick", 1))
    assert s == before


def test_the_listing_serves_only_the_position_it_was_made_for() -> None:
    m, s = build(), Toy()
    calls = counted(m, "pick")
    m.actions(s, "A")
    # Another state object at the same version: checked by listing it.
    other = copy.deepcopy(s)
    other.options = [5]
    with pytest.raises(IllegalAction):
        m.apply(other, "A", Action("pick", 1))
    assert calls[0] > 1  # listed again (then once more, for the refusal's words)
    # The same state once an action has changed it: checked anew.
    m.apply(s, "A", Action("pick", 1))
    s.options = [7]  # B's choices now; the listing of A's turn says nothing of them
    with pytest.raises(IllegalAction):
        m.apply(s, "B", Action("pick", 1))
    m.apply(s, "B", Action("pick", 7))
    assert s.picks == [("A", 1), ("B", 7)]


def test_shared_actions_are_built_once_per_argument() -> None:
    draft = SharedActions("draft")
    first = draft["Decius"]
    assert first == Action("draft", "Decius")
    assert draft["Decius"] is first
    assert draft[("Italia", 2)] == Action("draft", ("Italia", 2))


def test_a_listing_made_by_offer_is_not_checked_by() -> None:
    """``offer`` lists from within the rules (a handler, a setup), which may go on changing
    the state at the same version: an action of that listing is checked anew."""
    m, s = build(), Toy()
    m.call(s, "dice", Call())
    assert m.offer(s) is False  # two dice: a real choice, left to the player
    s.dice = ["high"]  # the rules go on changing the state, its version unmoved
    with pytest.raises(IllegalAction, match="legal keep_die actions: keep_die high"):
        m.apply(s, "A", Action("keep_die", "low"))
