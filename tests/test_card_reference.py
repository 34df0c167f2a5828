"""A reference entry per card: every Time of Crisis card has an explanation in the
project's own words, and no reference text repeats a run of seven words of a rulebook."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from crisis.games.reference import reference

#: The rulebooks (reference material, never to be copied: /work/shared/seeds/README.md).
SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
RUN = 7


def _cards(title: str) -> dict[str, dict[str, object]]:
    raw = resources.files(f"crisis.games.{title}").joinpath("data", "cards.toml").read_text()
    data = tomllib.loads(raw)
    return {**data.get("influence", {}), **data.get("events", {})}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "").replace("'", ""))


def test_every_time_of_crisis_card_has_an_entry() -> None:
    cards = _cards("time_of_crisis")
    entries = reference("time_of_crisis")["cards"]
    assert set(entries) == set(cards)
    for card_id, entry in entries.items():
        name = str(cards[card_id]["name"])
        assert entry["title"].startswith(name), (card_id, entry["title"])
        assert 15 <= len(entry["text"].split()) <= 120, card_id


def test_every_rome_in_crisis_card_has_an_entry() -> None:
    """The five suits, the ten candidates (one entry for both sides) and the five offices."""
    raw = resources.files("crisis.games.rome_in_crisis").joinpath("data", "cards.toml")
    data = tomllib.loads(raw.read_text())
    entries = reference("rome_in_crisis")["cards"]
    assert set(entries) == set(data["influence"]) | set(data["candidates"]) | set(data["offices"])
    for card_id, card in data["candidates"].items():
        title = entries[card_id]["title"]
        assert card["a"]["name"] in title and card["b"]["name"] in title, card_id


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not on this machine")
@pytest.mark.parametrize("title", ["time_of_crisis", "rome_in_crisis"])
def test_no_reference_text_copies_a_rulebook(title: str) -> None:
    books: set[tuple[str, ...]] = set()
    for book in SEEDS.glob("*.txt"):
        words = _words(book.read_text(encoding="utf-8", errors="replace"))
        books.update(tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
    copied = []
    for section, entries in reference(title).items():
        for name, entry in entries.items():
            words = _words(entry["text"])
            for i in range(len(words) - RUN + 1):
                if tuple(words[i : i + RUN]) in books:
                    copied.append(f"{section}.{name}: {' '.join(words[i : i + RUN])}")
    assert copied == []
