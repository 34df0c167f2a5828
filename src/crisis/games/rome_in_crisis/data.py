"""Rome in Crisis card data: the default set in ``data/cards.toml`` and its validation.

The printed card sheet is not public, so most numbers are reconstructed (every entry says so
in its ``source``). A player who owns the cards can pass their own set through the ``cards``
option (a dict with the TOML's schema) or :func:`load_cards`; :func:`validate` checks it and
turns it into the :class:`CardSet` struct that the game state carries.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

SUITS: tuple[str, ...] = ("goths", "persians", "palmyra", "spqr", "gold")
#: Crisis types in tie-break order (precedence letters A, B, C, D).
CRISES: tuple[str, ...] = ("goths", "persians", "palmyra", "spqr")
LETTERS = {"goths": "A", "persians": "B", "palmyra": "C", "spqr": "D"}
WARS: tuple[str, ...] = ("goths", "persians", "palmyra")
METHODS: tuple[str, ...] = ("military", "spqr", "praetorian")
#: The selection methods as the Emperor selection card prints them.
METHOD_NAMES: dict[str, str] = {"military": "Military", "spqr": "SPQR", "praetorian": "Praetorian"}
OFFICES: tuple[str, ...] = ("emperor", "legatus", "cavalry", "prefect", "senate")
#: Offices handed out by the priority rules (the Emperor and Legatus have their own rules).
LESSER: tuple[str, ...] = ("cavalry", "prefect", "senate")
INFLUENCE_CARDS = 48
CANDIDATE_CARDS = 10
ABILITY_KINDS: dict[str, frozenset[str]] = {
    "none": frozenset(),
    "modifier": frozenset(CRISES),
    "success_bonus": frozenset({"points"}),
    "election": frozenset(METHODS),
    "gallus": frozenset(),
    "aemilian": frozenset(),
    "florianus": frozenset(),
}


class Influence(msgspec.Struct, frozen=True):
    """One influence card: its suit and value."""

    suit: str
    value: int


class Face(msgspec.Struct, frozen=True):
    """One side of a candidate card: ratings per selection method and an ability."""

    name: str
    military: int
    spqr: int
    praetorian: int
    ability: str = "none"
    params: dict[str, int] = msgspec.field(default_factory=dict)
    text: str = ""

    def rating(self, method: str) -> int:
        """The rating for an election method or office category."""
        return int(getattr(self, method))


class Candidate(msgspec.Struct, frozen=True):
    """A two-sided candidate card."""

    a: Face
    b: Face
    source: str = ""


class Office(msgspec.Struct, frozen=True):
    """An office card: its category (``""`` for the Emperor), election bonuses and the
    victory points for a solved crisis (Emperor and Legatus only)."""

    name: str
    category: str
    bonus: dict[str, int]
    success: int = 0
    source: str = ""


class CardSet(msgspec.Struct, frozen=True):
    """A validated card set: influence cards and candidates by id, offices by id."""

    influence: dict[str, Influence]
    candidates: dict[str, Candidate]
    offices: dict[str, Office]
    suit_names: dict[str, str]
    provisional: list[str]


def _fail(msg: str) -> ValueError:
    return ValueError(f"bad Rome in Crisis card set: {msg}")


def _int(value: Any, where: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(f"{where} must be a whole number {low}-{high}, got {value!r}")
    return value


def _face(raw: Any, where: str) -> Face:
    if not isinstance(raw, dict):
        raise _fail(f"{where} must be a table")
    if not isinstance(raw.get("name"), str) or not raw["name"]:
        raise _fail(f"{where} needs a name")
    ratings = {m: _int(raw.get(m, 0), f"{where}.{m}", 0, 9) for m in METHODS}
    kind = raw.get("ability", "none")
    if kind not in ABILITY_KINDS:
        raise _fail(f"{where}.ability {kind!r} is not one of {', '.join(ABILITY_KINDS)}")
    params = raw.get("params", {}) or {}
    if not isinstance(params, dict) or not set(params) <= ABILITY_KINDS[kind]:
        raise _fail(f"{where}.params {params!r} do not fit ability {kind!r}")
    params = {k: _int(v, f"{where}.params.{k}", -20, 20) for k, v in params.items()}
    return Face(raw["name"], **ratings, ability=kind, params=params, text=str(raw.get("text", "")))


def validate(raw: Any) -> CardSet:
    """Check a card set with the schema of ``data/cards.toml``; raise ValueError saying what
    is wrong, else return it as a :class:`CardSet`."""
    if not isinstance(raw, dict):
        raise _fail("it must be a table with influence, offices and candidates")
    extra = set(raw) - {"influence", "offices", "candidates"}
    if extra:
        raise _fail(f"unknown sections {sorted(extra)}")
    infl = raw.get("influence")
    if not isinstance(infl, dict) or set(infl) != set(SUITS):
        raise _fail(f"influence must have exactly the suits {', '.join(SUITS)}")
    influence: dict[str, Influence] = {}
    names: dict[str, str] = {}
    provisional: list[str] = []
    for suit in SUITS:
        entry = infl[suit]
        values = entry.get("values") if isinstance(entry, dict) else None
        if not isinstance(values, list) or not values:
            raise _fail(f"influence.{suit}.values must be a non-empty list")
        names[suit] = str(entry.get("name", suit.title()))
        seen: dict[int, int] = {}
        for v in sorted(_int(v, f"influence.{suit}.values", 1, 20) for v in values):
            seen[v] = seen.get(v, 0) + 1
            influence[f"{suit}_{v}{chr(ord('a') + seen[v] - 1)}"] = Influence(suit, v)
        if "RECONSTRUCTED" in str(entry.get("source", "")):
            provisional.append(f"influence.{suit}")
    if len(influence) != INFLUENCE_CARDS:
        raise _fail(f"there must be {INFLUENCE_CARDS} influence cards, found {len(influence)}")
    offs = raw.get("offices")
    if not isinstance(offs, dict) or set(offs) != set(OFFICES):
        raise _fail(f"offices must be exactly {', '.join(OFFICES)}")
    offices: dict[str, Office] = {}
    for oid in OFFICES:
        o = offs[oid]
        if not isinstance(o, dict) or not isinstance(o.get("name"), str):
            raise _fail(f"offices.{oid} needs a name")
        category = o.get("category", "")
        if category not in ("", *METHODS) or (category == "") != (oid == "emperor"):
            raise _fail(f"offices.{oid}.category {category!r} must be one of {METHODS}")
        bonus = o.get("bonus", {})
        if not isinstance(bonus, dict) or not set(bonus) <= set(METHODS):
            raise _fail(f"offices.{oid}.bonus must map methods to numbers")
        bonus = {m: _int(bonus.get(m, 0), f"offices.{oid}.bonus.{m}", 0, 20) for m in METHODS}
        success = _int(o.get("success", 0), f"offices.{oid}.success", 0, 20)
        source = str(o.get("source", ""))
        offices[oid] = Office(o["name"], category, bonus, success, source)
        if "RECONSTRUCTED" in source:
            provisional.append(f"offices.{oid}")
    cands = raw.get("candidates")
    if not isinstance(cands, dict) or len(cands) != CANDIDATE_CARDS:
        raise _fail(f"there must be {CANDIDATE_CARDS} candidate cards")
    candidates: dict[str, Candidate] = {}
    for cid, c in cands.items():
        if not isinstance(cid, str) or cid in influence or cid in offices or not cid.isidentifier():
            raise _fail(f"candidate id {cid!r} must be a plain name unused elsewhere")
        if not isinstance(c, dict) or "a" not in c or "b" not in c:
            raise _fail(f"candidates.{cid} needs an a and a b face")
        source = str(c.get("source", ""))
        candidates[cid] = Candidate(
            _face(c["a"], f"candidates.{cid}.a"), _face(c["b"], f"candidates.{cid}.b"), source
        )
        if "RECONSTRUCTED" in source:
            provisional.append(f"candidates.{cid}")
    return CardSet(influence, candidates, offices, names, provisional)


def load_cards(path: str | Path) -> dict[str, Any]:
    """Read a card-set TOML file, check it (ValueError if wrong) and return it as a dict for
    the ``cards`` option."""
    raw = tomllib.loads(Path(path).read_text("utf-8"))
    validate(raw)
    return raw


def default_cards() -> dict[str, Any]:
    """The default (largely reconstructed) card set as a dict."""
    text = (resources.files("crisis.games.rome_in_crisis") / "data" / "cards.toml").read_text(
        "utf-8"
    )
    return tomllib.loads(text)


DEFAULT: CardSet = validate(default_cards())


def card_set(cards: dict[str, Any] | None) -> CardSet:
    """The validated card set for a ``cards`` option (``None``: the default set)."""
    return DEFAULT if cards is None else validate(cards)


def interned(cards: CardSet) -> CardSet:
    """:data:`DEFAULT` itself when ``cards`` equals it (a decoded game's set), else ``cards``:
    games then share one object, and texts derived from it are computed once."""
    return DEFAULT if cards is DEFAULT or cards == DEFAULT else cards


def provisional(cards: CardSet = DEFAULT) -> list[str]:
    """Ids of the entries tagged RECONSTRUCTED (shown by views and docs)."""
    return list(cards.provisional)
