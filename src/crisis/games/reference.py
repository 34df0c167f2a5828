"""The rules at hand: each title's reference for the table, in the project's own words.

A title may ship ``data/reference.toml`` in its package: an explanation for every step where
a player decides (``steps``), for every phase of a turn where the title has phases
(``phases``), and for topics shown beside the steps they belong to (``topics``: how a battle's
dice work, what a bid does) and for cards (``cards``, by the card's id in the title's card
data: what the card is for and when it pays). The table shows the entries of the step being
played, one click from the prompt, and a card's entry one click from the card; ``/api/meta``
carries them. A test holds every declared step to having one,
so a new step cannot arrive without its explanation.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any

#: The sections of a reference, each ``{name: {"title", "text"[, "topics"]}}``.
SECTIONS = ("steps", "phases", "topics", "cards")


@functools.cache
def reference(title: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The rules reference of ``title`` (an empty one when the title ships none); read once.

    Raises ``ValueError`` for a malformed file (an entry without a title or text, or naming
    a topic the file does not have), so that a mistake shows at the first request, in tests.
    """
    try:
        raw = resources.files(f"crisis.games.{title}").joinpath("data", "reference.toml")
        data = tomllib.loads(raw.read_text(encoding="utf-8"))
    except (FileNotFoundError, ModuleNotFoundError):
        return {section: {} for section in SECTIONS}
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for section in SECTIONS:
        entries = data.get(section, {})
        for name, entry in entries.items():
            if not str(entry.get("title", "")).strip() or not str(entry.get("text", "")).strip():
                raise ValueError(f"{title} reference: {section}.{name} needs a title and a text")
        out[section] = {
            name: {
                "title": entry["title"].strip(),
                "text": entry["text"].strip(),
                **({"topics": list(entry["topics"])} if entry.get("topics") else {}),
            }
            for name, entry in entries.items()
        }
    for section in ("steps", "phases"):
        for name, entry in out[section].items():
            for topic in entry.get("topics", []):
                if topic not in out["topics"]:
                    where = f"{title} reference: {section}.{name}"
                    raise ValueError(f"{where} names no topic {topic!r}")
    return out
