"""The titles that run on the crisis engine, by name."""

from __future__ import annotations

import importlib
from typing import cast

from crisis.engine.title import Title

TITLES = {
    "time_of_crisis": "crisis.games.time_of_crisis",
    "rome_in_crisis": "crisis.games.rome_in_crisis",
}


def get_title(name: str) -> Title:
    """The title module called ``name`` (e.g. ``"time_of_crisis"``)."""
    try:
        return cast(Title, importlib.import_module(TITLES[name]))
    except KeyError:
        raise ValueError(f"unknown title {name!r}; known: {', '.join(sorted(TITLES))}") from None
