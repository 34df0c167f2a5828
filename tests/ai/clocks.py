"""A search's clock that only the test moves, for the tests of time budgets: a search reads
``time.perf_counter`` from its module's ``time``; put a :class:`SearchClock` there and let
each rollout (or iteration) move it on, and the test sees the same numbers on an idle
machine and a busy one, with no wall time read or asserted."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest


class SearchClock:
    """Seconds that pass only when :meth:`advance` is called."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        """The module's clock, as ``time.perf_counter`` is."""
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def install(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> SearchClock:
    """Replace ``module``'s ``time`` (it must use nothing of it but ``perf_counter``)."""
    clock = SearchClock()
    monkeypatch.setattr(module, "time", clock)
    return clock


def costly(
    monkeypatch: pytest.MonkeyPatch, cls: type, name: str, clock: SearchClock, seconds: float
) -> list[int]:
    """Make each call of ``cls.name`` (a search's iteration) take ``seconds`` on ``clock``,
    doing what it did; returns a list that counts the calls."""
    calls: list[int] = []
    original: Callable[..., Any] = getattr(cls, name)

    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        try:
            return original(self, *args, **kwargs)
        finally:
            clock.advance(seconds)

    monkeypatch.setattr(cls, name, timed)
    return calls
