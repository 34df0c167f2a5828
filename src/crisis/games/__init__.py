"""The titles that run on the crisis engine, by name."""

from __future__ import annotations

import importlib
from typing import Any, cast

from crisis.engine.title import TitleSpec

#: The title a client, a command or a function plays when none is named.
DEFAULT_TITLE = "time_of_crisis"

TITLES = {
    "time_of_crisis": "crisis.games.time_of_crisis",
    "rome_in_crisis": "crisis.games.rome_in_crisis",
}


def get_title(name: str) -> TitleSpec[Any]:
    """The declaration of the title called ``name`` (e.g. ``"time_of_crisis"``): each title
    package exports one, ``TITLE``, imported here on first use."""
    try:
        return cast(TitleSpec[Any], importlib.import_module(TITLES[name]).TITLE)
    except KeyError:
        raise ValueError(f"unknown title {name!r}; known: {', '.join(sorted(TITLES))}") from None
