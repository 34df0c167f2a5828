"""Time of Crisis data, loaded once from the TOML files in ``data/``.

Every fact lives in one of those files with its provenance tag (RULES, BOARD, CARD, EXAMPLE,
REPORTED or RECONSTRUCTED); this module only turns them into typed constants. Anything tagged
RECONSTRUCTED is a project ruling and is listed by :func:`provisional` for docs and UIs.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads(
        (resources.files("crisis.games.time_of_crisis") / "data" / name).read_text("utf-8")
    )


_MAP = _load("map.toml")
_TABLES = _load("tables.toml")
_CARDS = _load("cards.toml")
_COMPONENTS = _load("components.toml")


@dataclass(frozen=True, slots=True)
class InfluenceCard:
    """One kind of influence card: its id, printed name, suit, value, copies in the box and
    its effect in the project's words (``text``, shown on card faces)."""

    id: str
    name: str
    suit: str
    value: int
    count: int
    tag: str
    text: str = ""
    expansion: bool = False
    replaces: str | None = None

    @property
    def category(self) -> str:
        """The market slot of the card: suit and value, e.g. ``blue2``."""
        return f"{self.suit}{self.value}"


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card; ``lasting`` events stay in force until the next event is drawn."""

    id: str
    name: str
    number: int
    lasting: bool
    tag: str
    text: str = ""


PROVINCES: tuple[str, ...] = tuple(_MAP["provinces"])
SEAS: tuple[str, ...] = tuple(_MAP["seas"])
TRIBES: tuple[str, ...] = tuple(_MAP["tribes"])
HOMELANDS: frozenset[str] = frozenset(TRIBES)
REGIONS: tuple[str, ...] = PROVINCES + SEAS + TRIBES
ITALIA = "Italia"

_adj: dict[str, set[str]] = {r: set() for r in REGIONS}
for _a, _b in _MAP["adjacency"]:
    _adj[_a].add(_b)
    _adj[_b].add(_a)
ADJACENT: dict[str, frozenset[str]] = {r: frozenset(n) for r, n in _adj.items()}
#: Each region's neighbours in alphabetical order (the order moves are listed in).
SORTED_ADJACENT: dict[str, tuple[str, ...]] = {r: tuple(sorted(n)) for r, n in ADJACENT.items()}

_padj: dict[str, set[str]] = {p: {n for n in ADJACENT[p] if n in PROVINCES} for p in PROVINCES}
for _a, _b in _MAP["pretender_adjacency"]:
    _padj[_a].add(_b)
    _padj[_b].add(_a)
PRETENDER_ADJACENT: dict[str, frozenset[str]] = {p: frozenset(n) for p, n in _padj.items()}

NO_PLACE_GOVERNOR: dict[int, frozenset[str]] = {
    int(k): frozenset(v) for k, v in _MAP["no_place_governor"].items() if k != "tag"
}
REMOVED_TRIBES: dict[int, frozenset[str]] = {
    int(k): frozenset(v) for k, v in _MAP["removed_tribes"].items() if k != "tag"
}

CRISIS_TABLE: dict[int, dict[int, str]] = {
    int(players): {int(roll): result for roll, result in table["results"].items()}
    for players, table in _TABLES["crisis"].items()
}
INVASION_PATHS: dict[str, dict[int, tuple[str, ...]]] = {
    entry["tribe"]: {
        white: tuple(path["provinces"]) for path in entry["paths"] for white in path["white"]
    }
    for entry in _TABLES["invasion"]
}

INFLUENCE: dict[str, InfluenceCard] = {
    cid: InfluenceCard(
        id=cid,
        name=c["name"],
        suit=c["suit"],
        value=c["value"],
        count=c["count"],
        tag=c["tag"],
        text=c.get("text", ""),
        expansion=c.get("expansion", False),
        replaces=c.get("replaces"),
    )
    for cid, c in _CARDS["influence"].items()
}
STARTING_CARDS: tuple[str, ...] = ("red1",) * 3 + ("blue1",) * 3 + ("yellow1",) * 3
SUPPLY_CARDS: tuple[str, ...] = tuple(
    cid for cid, c in INFLUENCE.items() if c.value > 1 and not c.expansion
)
#: The nine new kinds of the Age of Iron and Rust (the replacement card excluded).
EXPANSION_CARDS: tuple[str, ...] = tuple(
    cid for cid, c in INFLUENCE.items() if c.expansion and c.replaces is None
)
#: Expansion replacements: base card id -> the card used instead with expansion cards.
REPLACEMENTS: dict[str, str] = {
    c.replaces: cid for cid, c in INFLUENCE.items() if c.replaces is not None
}
#: Market slots (suit and value) of the cards that can be bought.
CATEGORIES: tuple[str, ...] = tuple(dict.fromkeys(INFLUENCE[c].category for c in SUPPLY_CARDS))
MARKETS: tuple[str, ...] = ("fixed", "variable", "selective")
SUITS: tuple[str, ...] = ("red", "blue", "yellow")
SPHERE = {"red": "Military", "blue": "Senate", "yellow": "Populace"}

EVENTS: dict[str, EventCard] = {
    eid: EventCard(
        id=eid,
        name=e["name"],
        number=e["number"],
        lasting=e.get("lasting", False),
        tag=e["tag"],
        text=e.get("text", ""),
    )
    for eid, e in _CARDS["events"].items()
}

_limits = _COMPONENTS["limits"]
LEGIONS: int = _limits["legions"]
MILITIA: int = _limits["militia"]
MOBS: int = _limits["mobs"]
IMPROVEMENT_EACH: int = _limits["improvement_each"]
MARKERS: int = _limits["quaestor_castra"]
BARBARIANS_PER_TRIBE: int = _limits["barbarians_per_tribe"]
PRETENDER_MARKERS: int = _limits["pretender_markers_per_player"]
GOVERNORS_PER_PLAYER: int = _limits["governors_per_player"]
GENERALS_PER_PLAYER: int = _limits["generals_per_player"]
SUPPORT_MAX: int = _limits["support_max"]
ITALIA_SUPPORT_MAX: int = _limits["italia_support_max"]
LEADER_COSTS: tuple[int, ...] = tuple(_COMPONENTS["leaders"]["costs"])
if not len(LEADER_COSTS) == GOVERNORS_PER_PLAYER == GENERALS_PER_PLAYER:
    raise ValueError(
        "components.toml: one leader cost per Governor and per General counter "
        f"({len(LEADER_COSTS)} costs, {GOVERNORS_PER_PLAYER} Governors, "
        f"{GENERALS_PER_PLAYER} Generals)"
    )


@dataclass(frozen=True, slots=True)
class Costs:
    """Points each action costs (``[costs]`` of components.toml)."""

    move_army: int
    create_army: int
    train_legion: int
    disperse_mob: int
    battle: int
    sea_moves: int
    recall_governor: int
    militia: int
    hold_games: int
    trash_card: int
    cycle_market: int
    figure_discount: int


@dataclass(frozen=True, slots=True)
class Combat:
    """To-hit numbers and battle dice (``[combat]`` of components.toml)."""

    full_legion: int
    reduced_legion: int
    militia: int
    barbarian: int
    cavalry: int
    shapur_sassanids: int
    emperor_death: int
    leader_dice: int
    rival_dice: int


def _section(cls: Any, name: str) -> Any:
    """``cls`` from the TOML table ``name``: every field present, nothing unknown."""
    raw = {k: v for k, v in _COMPONENTS[name].items() if k != "tag"}
    fields = set(cls.__dataclass_fields__)
    if set(raw) != fields:
        raise ValueError(f"components.toml [{name}]: expected keys {sorted(fields)}")
    return cls(**raw)


COSTS: Costs = _section(Costs, "costs")
COMBAT: Combat = _section(Combat, "combat")
HAND_SIZE: int = _COMPONENTS["turn"]["hand_size"]
FRUMENTARII_PEEK: int = _COMPONENTS["turn"]["frumentarii_peek"]
IMPROVEMENTS: tuple[str, ...] = tuple(_COMPONENTS["improvements"]["names"])
IMPROVEMENT_COST: int = _COMPONENTS["improvements"]["cost"]
BARBARIAN_LEADERS: dict[str, str] = {
    name: v["tribe"] for name, v in _COMPONENTS["barbarian_leaders"].items()
}
RIVAL_EMPERORS: dict[str, str] = {
    name: v["province"] for name, v in _COMPONENTS["rival_emperors"].items()
}
#: The event card that brings each Barbarian Leader and each Rival Emperor.
LEADER_EVENTS: dict[str, str] = {
    name: v["event"] for name, v in _COMPONENTS["barbarian_leaders"].items()
}
RIVAL_EVENTS: dict[str, str] = {
    name: v["event"] for name, v in _COMPONENTS["rival_emperors"].items()
}
EMPEROR_TURN_BONUS: tuple[int, ...] = tuple(_COMPONENTS["emperor_turn_bonus"]["bonus"])
GAME_END_LEGACY: int = _COMPONENTS["game_end"]["legacy"]
SHORT_GAME_LEGACY: int = _COMPONENTS["game_end"]["short_game_legacy"]


def _distances() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for start in REGIONS:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in ADJACENT[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        out[start] = dist
    return out


DISTANCE: dict[str, dict[str, int]] = _distances()


def provisional() -> list[dict[str, str]]:
    """Every data item whose tag includes RECONSTRUCTED: the project's provisional rulings."""
    items: list[dict[str, str]] = []

    def add(kind: str, name: str, tag: str) -> None:
        if "RECONSTRUCTED" in tag:
            items.append({"kind": kind, "name": name, "tag": tag})

    add("map", "sea zones", _MAP["seas_tag"])
    add("map", "adjacency", _MAP["adjacency_tag"])
    for players, table in _TABLES["crisis"].items():
        add("crisis table", f"{players} players", table["tag"])
    for entry in _TABLES["invasion"]:
        for path in entry["paths"]:
            add("invasion path", f"{entry['tribe']} {path['white']}", path["tag"])
    for card in INFLUENCE.values():
        add("influence card", card.name, card.tag)
    for event in EVENTS.values():
        add("event", event.name, event.tag)
    add("leaders", "recruit costs", _COMPONENTS["leaders"]["tag"])
    for section, table in _COMPONENTS.items():
        if "tag" in table and section != "leaders":
            add("components", section.replace("_", " "), table["tag"])
    for name, v in _COMPONENTS["barbarian_leaders"].items():
        add("barbarian leader", name, v["tag"])
    for name, v in _COMPONENTS["rival_emperors"].items():
        add("rival emperor", name, v["tag"])
    return items
