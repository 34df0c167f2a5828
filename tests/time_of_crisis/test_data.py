"""The data files against the rulebook and the project's reference
(reference/time-of-crisis-data.md): map, invasion paths, crisis tables, cards and events."""

from __future__ import annotations

import re
from collections import Counter, deque

import pytest

from crisis.games.time_of_crisis import data, events

SEAS = {"Oceanus", "Mare Occidentale", "Mare Orientale", "Pontus Euxinus"}
TRIBES = {"Franks", "Alamanni", "Goths", "Sassanids", "Nomads"}

# The reference's adjacency table (section 1), provinces and seas; homelands follow below.
REFERENCE_ADJACENCY = {
    "Britannia": {"Oceanus"},
    "Gallia": {"Hispania", "Italia", "Oceanus", "Mare Occidentale", "Franks", "Alamanni"},
    "Hispania": {"Gallia", "Africa", "Mare Occidentale"},
    "Africa": {"Hispania", "Aegyptus", "Mare Occidentale", "Nomads"},
    "Italia": {"Gallia", "Pannonia", "Mare Occidentale", "Mare Orientale", "Alamanni"},
    "Pannonia": {"Italia", "Thracia", "Macedonia", "Alamanni", "Goths"},
    "Thracia": {"Pannonia", "Macedonia", "Asia", "Goths", "Pontus Euxinus"},
    "Macedonia": {"Thracia", "Pannonia", "Mare Orientale"},
    "Asia": {"Thracia", "Galatia", "Mare Orientale", "Pontus Euxinus"},
    "Galatia": {"Asia", "Syria", "Sassanids", "Pontus Euxinus"},
    "Syria": {"Galatia", "Aegyptus", "Sassanids", "Mare Orientale"},
    "Aegyptus": {"Africa", "Syria", "Mare Orientale", "Nomads"},
    "Oceanus": {"Britannia", "Gallia"},
    "Mare Occidentale": {"Hispania", "Gallia", "Italia", "Africa", "Mare Orientale"},
    "Mare Orientale": {"Mare Occidentale", "Italia", "Macedonia", "Asia", "Syria", "Aegyptus"},
    "Pontus Euxinus": {"Thracia", "Asia", "Galatia"},
}
HOMELAND_ADJACENCY = {
    "Franks": {"Gallia"},
    "Alamanni": {"Gallia", "Italia", "Pannonia"},
    "Goths": {"Pannonia", "Thracia"},
    "Sassanids": {"Galatia", "Syria"},
    "Nomads": {"Africa", "Aegyptus"},
}

# Section 2 of the reference: white die -> provinces in placement order.
REFERENCE_PATHS = {
    "Franks": {(1, 2): ("Britannia", "Gallia"), (3, 4): ("Gallia", "Hispania"),
               (5, 6): ("Gallia", "Italia")},
    "Alamanni": {(1, 2, 3): ("Pannonia", "Italia"), (4, 5, 6): ("Thracia", "Macedonia")},
    "Goths": {(1, 2): ("Thracia", "Macedonia"), (3, 4): ("Asia", "Macedonia"),
              (5, 6): ("Galatia", "Syria")},
    "Sassanids": {(1, 2, 3): ("Galatia", "Asia"), (4, 5, 6): ("Syria", "Aegyptus")},
    "Nomads": {(1, 2, 3): ("Africa", "Hispania"), (4, 5, 6): ("Aegyptus", "Syria")},
}  # fmt: skip

# Section 3 of the reference, rolls 2-12.
REFERENCE_CRISIS = {
    4: ["Ira Deorum", "Sassanids", "Franks", "Sassanids", "Goths", "Event", "Alamanni",
        "Nomads", "Franks", "Nomads", "Pax Deorum"],
    3: ["Ira Deorum", "Sassanids", "Franks", "Sassanids", "Goths", "Event", "Alamanni",
        "Goths", "Franks", "Alamanni", "Pax Deorum"],
    2: ["Ira Deorum", "Franks", "Franks", "Alamanni", "Goths", "Event", "Alamanni",
        "Goths", "Franks", "Event", "Pax Deorum"],
}  # fmt: skip
REMOVED = {2: {"Nomads", "Sassanids"}, 3: {"Nomads"}, 4: set()}


def bfs(start: str, graph: dict[str, frozenset[str]]) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in graph[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


# -- map -------------------------------------------------------------------------------------


def test_regions() -> None:
    assert len(data.PROVINCES) == 12 and len(set(data.PROVINCES)) == 12
    assert "Italia" in data.PROVINCES and data.ITALIA == "Italia"
    assert set(data.SEAS) == SEAS
    assert set(data.TRIBES) == TRIBES == set(data.HOMELANDS)
    assert len(data.REGIONS) == len(set(data.REGIONS)) == 12 + 4 + 5


def test_raw_adjacency_list_is_clean() -> None:
    pairs = [tuple(pair) for pair in data._MAP["adjacency"]]
    assert all(len(pair) == 2 for pair in pairs)
    assert all(a != b for a, b in pairs), "no region is adjacent to itself"
    assert all(a in data.REGIONS and b in data.REGIONS for a, b in pairs)
    unordered = Counter(frozenset(pair) for pair in pairs)
    assert max(unordered.values()) == 1, "each pair is listed once"


def test_adjacency_is_symmetric() -> None:
    for region, neighbours in data.ADJACENT.items():
        assert region not in neighbours
        for other in neighbours:
            assert region in data.ADJACENT[other], (region, other)
    for region, neighbours in data.PRETENDER_ADJACENT.items():
        for other in neighbours:
            assert region in data.PRETENDER_ADJACENT[other]


def test_adjacency_matches_the_reference() -> None:
    for region, expected in REFERENCE_ADJACENCY.items():
        assert data.ADJACENT[region] == expected, region


def test_sea_zones() -> None:
    for sea in SEAS:
        assert data.ADJACENT[sea] == REFERENCE_ADJACENCY[sea]
        assert not data.ADJACENT[sea] & TRIBES, "no sea touches a homeland"
    # Britannia can be reached only by crossing Oceanus (RULES 4 names no land border).
    assert data.ADJACENT["Britannia"] == {"Oceanus"}


def test_homeland_adjacency() -> None:
    for tribe, expected in HOMELAND_ADJACENCY.items():
        assert data.ADJACENT[tribe] == expected, tribe


def test_rules_4_extra_adjacencies() -> None:
    assert "Africa" in data.ADJACENT["Hispania"]
    assert "Asia" in data.ADJACENT["Thracia"]


def test_every_region_is_reachable() -> None:
    for start in data.REGIONS:
        assert set(bfs(start, data.ADJACENT)) == set(data.REGIONS), start
    # Land and sea alone connect all provinces: no path needs a barbarian homeland.
    no_homelands = {r: n - TRIBES for r, n in data.ADJACENT.items() if r not in TRIBES}
    for start in data.PROVINCES:
        reached = set(bfs(start, no_homelands))  # type: ignore[arg-type]
        assert set(data.PROVINCES) <= reached, start
    assert data.DISTANCE["Britannia"]["Aegyptus"] > 0


def test_movement_example_6_3_1() -> None:
    # From Africa: Aegyptus 1 move, Italia 2, Asia 3, Britannia 4.
    dist = bfs("Africa", data.ADJACENT)
    assert (dist["Aegyptus"], dist["Italia"], dist["Asia"], dist["Britannia"]) == (1, 2, 3, 4)
    for target, d in dist.items():
        assert data.DISTANCE["Africa"][target] == d


def test_pretender_adjacency_adds_only_gallia_britannia() -> None:
    for province in data.PROVINCES:
        land = {n for n in data.ADJACENT[province] if n in data.PROVINCES}
        extra = data.PRETENDER_ADJACENT[province] - land
        if province == "Gallia":
            assert extra == {"Britannia"}
        elif province == "Britannia":
            assert extra == {"Gallia"}
        else:
            assert extra == set(), province
        assert not data.PRETENDER_ADJACENT[province] & (SEAS | TRIBES)
    assert "Britannia" not in data.ADJACENT["Gallia"]  # only for Pretender empires


def test_small_game_changes_3_3() -> None:
    assert {
        2: {"Britannia", "Hispania", "Africa", "Aegyptus", "Syria", "Galatia"},
        3: {"Hispania", "Africa", "Aegyptus"},
        4: set(),
    } == data.NO_PLACE_GOVERNOR
    assert data.REMOVED_TRIBES == REMOVED


# -- invasion paths --------------------------------------------------------------------------


@pytest.mark.parametrize("tribe", sorted(TRIBES))
def test_invasion_paths_cover_every_white_result(tribe: str) -> None:
    paths = data.INVASION_PATHS[tribe]
    assert sorted(paths) == [1, 2, 3, 4, 5, 6]
    # Each white result belongs to exactly one path entry of the file.
    raw = next(e for e in data._TABLES["invasion"] if e["tribe"] == tribe)
    whites = [w for path in raw["paths"] for w in path["white"]]
    assert sorted(whites) == [1, 2, 3, 4, 5, 6]
    for white, provinces in paths.items():
        assert provinces, (tribe, white)
        assert all(p in data.PROVINCES for p in provinces)
        assert len(set(provinces)) == len(provinces)


def test_invasion_paths_match_the_reference() -> None:
    assert set(data.INVASION_PATHS) == set(REFERENCE_PATHS)
    for tribe, rows in REFERENCE_PATHS.items():
        for whites, provinces in rows.items():
            for white in whites:
                assert data.INVASION_PATHS[tribe][white] == provinces, (tribe, white)


def test_invasion_paths_of_the_examples() -> None:
    # Invasion example (RULES 9): Sassanids, white 3: Galatia then Asia.
    assert data.INVASION_PATHS["Sassanids"][3] == ("Galatia", "Asia")
    # Example of Play: Sassanids with white 6 go to Syria (Ardashir's invasion).
    assert data.INVASION_PATHS["Sassanids"][6][0] == "Syria"


# -- crisis tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_crisis_tables_cover_2_to_12(players: int) -> None:
    table = data.CRISIS_TABLE[players]
    assert sorted(table) == list(range(2, 13))
    allowed = (TRIBES - REMOVED[players]) | {"Ira Deorum", "Pax Deorum", "Event"}
    assert set(table.values()) <= allowed, set(table.values()) - allowed
    assert [table[r] for r in range(2, 13)] == REFERENCE_CRISIS[players]


def test_crisis_table_rows_seen_in_the_examples() -> None:
    # Example of Play: 3 and 5 are Sassanids; Invasion example; 7 is an event.
    table = data.CRISIS_TABLE[4]
    assert table[3] == table[5] == "Sassanids"
    assert table[7] == "Event"
    assert (table[2], table[12]) == ("Ira Deorum", "Pax Deorum")


def test_small_tables_replace_only_the_missing_tribes() -> None:
    full = data.CRISIS_TABLE[4]
    for players in (2, 3):
        for roll, result in data.CRISIS_TABLE[players].items():
            if full[roll] not in REMOVED[players]:
                assert result == full[roll], (players, roll)


# -- cards -----------------------------------------------------------------------------------


def test_influence_counts_per_suit() -> None:
    base = [c for c in data.INFLUENCE.values() if not c.expansion]
    for suit in ("red", "blue", "yellow"):
        by_value = {c.value: c.count for c in base if c.suit == suit}
        assert by_value == {1: 12, 2: 9, 3: 8, 4: 6}, suit
        assert len([c for c in base if c.suit == suit]) == 4  # one card kind per value


def test_influence_card_ids_and_names() -> None:
    expected = {
        "red1": ("red", 1), "blue1": ("blue", 1), "yellow1": ("yellow", 1),
        "castra": ("red", 2), "flanking_maneuver": ("red", 3), "praetorian_guard": ("red", 4),
        "tribute": ("blue", 2), "foederati": ("blue", 3), "damnatio_memoriae": ("blue", 4),
        "quaestor": ("yellow", 2), "mob": ("yellow", 3), "pretender": ("yellow", 4),
    }  # fmt: skip
    base = {cid: (c.suit, c.value) for cid, c in data.INFLUENCE.items() if not c.expansion}
    assert base == expected
    for cid, card in data.INFLUENCE.items():
        assert card.id == cid and card.name and card.tag


def test_starting_deck_and_supply() -> None:
    assert Counter(data.STARTING_CARDS) == {"red1": 3, "blue1": 3, "yellow1": 3}
    assert set(data.SUPPLY_CARDS) == {
        cid for cid, c in data.INFLUENCE.items() if c.value > 1 and not c.expansion
    }
    assert len(data.SUPPLY_CARDS) == 9


def test_events() -> None:
    assert len(data.EVENTS) == 15
    assert sorted(e.number for e in data.EVENTS.values()) == list(range(1, 16))
    assert data.EVENTS["diocletian"].number == 15
    lasting = {eid for eid, e in data.EVENTS.items() if e.lasting}
    assert lasting == {"bad_auguries", "good_auguries", "raiding_parties", "inflation"}
    # Every event has its effect registered under its id, and nothing else is registered.
    assert set(events.EVENT_EFFECTS) == set(data.EVENTS)
    for eid, e in data.EVENTS.items():
        assert e.id == eid and e.name and e.tag


def test_historical_figures() -> None:
    assert data.BARBARIAN_LEADERS == {
        "Ardashir": "Sassanids",
        "Shapur I": "Sassanids",
        "Cniva": "Goths",
    }
    assert data.RIVAL_EMPERORS["Postumus"] == "Gallia"  # RULES 6.4 example
    assert set(data.RIVAL_EMPERORS.values()) <= set(data.PROVINCES)


def test_components() -> None:
    assert (data.LEGIONS, data.MILITIA, data.MOBS) == (33, 12, 16)
    assert data.BARBARIANS_PER_TRIBE == 10
    assert data.LEADER_COSTS == (0, 1, 2, 3, 4, 5)
    assert set(data.IMPROVEMENTS) == {"Amphitheater", "Basilica", "Limes"}
    assert (data.GAME_END_LEGACY, data.SHORT_GAME_LEGACY) == (60, 40)


def test_every_tag_uses_a_known_provenance() -> None:
    known = {"RULES", "BOARD", "CARD", "EXAMPLE", "REPORTED", "RECONSTRUCTED"}
    tags = [c.tag for c in data.INFLUENCE.values()] + [e.tag for e in data.EVENTS.values()]
    tags += [t["tag"] for t in data._TABLES["crisis"].values()]
    tags += [p["tag"] for e in data._TABLES["invasion"] for p in e["paths"]]
    tags += [data._MAP["seas_tag"], data._MAP["adjacency_tag"]]
    for tag in tags:
        words = set(re.findall(r"\b[A-Z]{4,}\b", tag))
        assert words and words <= known, tag


def test_every_card_and_event_has_its_text_for_the_card_faces() -> None:
    """Card faces show the effect: every kind above value 1 and every event has a text, and
    the title's info marks the provisional (RECONSTRUCTED) ones."""
    from crisis.games import time_of_crisis as toc

    info = toc.info()
    for cid, card in data.INFLUENCE.items():
        assert card.text, cid
        assert info["cards"][cid]["text"] == card.text
        assert info["cards"][cid]["provisional"] == ("RECONSTRUCTED" in card.tag)
    for eid, event in data.EVENTS.items():
        assert event.text, eid
        assert info["event_cards"][eid]["text"] == event.text
    assert info["cards"]["mob"]["provisional"] and not info["cards"]["tribute"]["provisional"]
