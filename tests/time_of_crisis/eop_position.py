"""The Example of Play's board at the start of Green's turn 6 (RULES 13).

The rulebook shows the end-of-turn-5 board only as a picture, so this position is inferred
from what the four turn-6 entries say and need. Each inference is noted where it is made;
the ones the text only implies (not states) are marked ASSUMED.

Army ids are fixed so the test can name them; the new army Yellow creates in Pannonia during
turn 6 gets the next id, ``YELLOW_NEW``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import data
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.scripting import script_dice, stack_events
from crisis.games.time_of_crisis.state import Army, Province, State, Tribe, player

GREEN_MACEDONIA = 1
GREEN_AFRICA = 2
BLUE_GALLIA = 3
BLUE_HISPANIA = 4
YELLOW_THRACIA = 5
YELLOW_ITALIA = 6
YELLOW_PANNONIA = 7
RED_GALATIA = 8
RED_ASIA = 9
YELLOW_NEW = 10

# Legacy before turn 6 is not given by the text; these are ASSUMED (the test checks gains).
LEGACY = {"green": 22, "blue": 17, "yellow": 20, "red": 18}

# Hands: exactly the five cards each player plays in turn 6 (each entry names them all).
HANDS = {
    "green": ["flanking_maneuver", "foederati", "tribute", "mob", "yellow1"],
    "blue": ["quaestor", "red1", "red1", "blue1", "mob"],
    "yellow": ["quaestor", "quaestor", "flanking_maneuver", "foederati", "castra"],
    "red": ["flanking_maneuver", "red1", "red1", "castra", "blue1"],
}
# Available piles (ASSUMED): exactly five cards for Green, Blue and Yellow, so their end-of-turn
# refill is forced and the next turn starts at once; six for Red, so the test stops at his
# refill choice instead of rolling Green's turn-7 crisis.
AVAILABLE = {
    "green": ["red1", "red1", "red1", "blue1", "blue1"],
    "blue": ["blue1", "blue1", "yellow1", "yellow1", "yellow1"],
    "yellow": ["red1", "red1", "red1", "blue1", "blue1"],
    "red": ["blue1", "blue1", "yellow1", "yellow1", "yellow1", "red1"],
}
# Discard piles (ASSUMED, except Yellow's Yellow 1s: he trashes one from there in turn 6).
DISCARD = {
    "green": ["blue1", "yellow1", "yellow1", "quaestor"],
    "blue": ["castra", "red1", "tribute"],
    "yellow": ["yellow1", "yellow1", "yellow1", "blue1"],
    "red": ["tribute", "quaestor"],
}


def turn6_position(seed: int = 6) -> State:
    """The board at the start of Green's turn 6, before his Upkeep and Crisis phases."""
    state = toc.setup(seed, {"players": 4, "first_player": "green"})

    # -- provinces: every one is governed by a player (3 each), none is neutral. -----------
    # Green: Africa, Aegyptus, Macedonia, each at support 2 (turn 6 buy: "2 points from
    # Africa, Aegyptus, Macedonia"); Macedonia at 2 with no Green unit left in its capital,
    # since Blue, Yellow and Red later need exactly 4 votes there. No improvement yet: the
    # Basilica is his only improvement legacy in turn 6. Militia in Aegyptus from setup.
    # Blue: Britannia, Gallia, Hispania at 2 each (6 political points). Hispania's Militia
    # from setup; Gallia has none (Blue raises one there in turn 6).
    # Yellow (Emperor): Italia at 3 with a Quaestor (removed in his Upkeep), Pannonia at 2
    # (his political points in turn 6) with its setup Militia, Thracia at 3 (Green needs
    # 3x2 - 4 = 2 votes) and no Militia (Yellow rolls two dice only).
    # Red: Asia 4 (Militia from setup), Galatia 1, Syria 2 with a Quaestor (1 + 3 + 4 points
    # after Syria rises to 3 in turn 6).
    state.provinces = {
        "Britannia": Province("blue", 2),
        "Gallia": Province("blue", 2, active={"Franks": 3}),
        "Hispania": Province("blue", 2, militia=True, active={"Franks": 1}),
        "Africa": Province("green", 2),
        "Italia": Province("yellow", 3, quaestor=True),
        "Pannonia": Province("yellow", 2, militia=True),
        # The Goth in Thracia is ASSUMED active (it arrived after Yellow's support check).
        "Thracia": Province("yellow", 3, active={"Goths": 1}),
        "Macedonia": Province("green", 2),
        "Asia": Province("red", 4, militia=True),
        "Galatia": Province("red", 1),
        "Syria": Province("red", 2, quaestor=True),
        "Aegyptus": Province("green", 2, militia=True),
    }

    # -- armies ---------------------------------------------------------------------------
    # Green: three full legions in Macedonia (1,1,2 then 6,6,3 scores three hits only if
    # all three hit on 3+); his turn-1 army in Africa. Blue: two full legions in each of
    # Gallia (Castra, removed in his Upkeep) and Hispania, both in the capital (their
    # Militia fights with them). Yellow: two full legions in Thracia's capital (rolls 2,2;
    # absorbs four hits), two in Italia with a Castra (a third costs 3), one in Pannonia
    # (the army that takes the Alamanni). Red: two full legions in Galatia (a third costs
    # 3; 2,5,4 scores two hits only if all are full), one in Asia (gets the Castra).
    state.armies = [
        Army(id=GREEN_MACEDONIA, owner="green", region="Macedonia", capital=True, full=3),
        Army(id=GREEN_AFRICA, owner="green", region="Africa", capital=True, full=1),
        Army(id=BLUE_GALLIA, owner="blue", region="Gallia", capital=True, full=2, castra=True),
        Army(id=BLUE_HISPANIA, owner="blue", region="Hispania", capital=True, full=2),
        Army(id=YELLOW_THRACIA, owner="yellow", region="Thracia", capital=True, full=2),
        Army(id=YELLOW_ITALIA, owner="yellow", region="Italia", capital=True, full=2, castra=True),
        Army(id=YELLOW_PANNONIA, owner="yellow", region="Pannonia", capital=True, full=1),
        Army(id=RED_GALATIA, owner="red", region="Galatia", capital=True, full=2),
        Army(id=RED_ASIA, owner="red", region="Asia", capital=True, full=1),
    ]
    state.next_army = YELLOW_NEW

    # -- barbarians ---------------------------------------------------------------------------
    # Franks: 3 in Gallia, 1 in Hispania, the other 6 at home (ASSUMED inactive).
    # Alamanni: Blue's crisis flips "a third" one, so two are active at home.
    # Goths: one in Thracia; Red's crisis flips "a fourth", so three are active at home.
    # Sassanids: Yellow's crisis flips "a second", so one is active at home; Ardashir waits
    # in the homeland. The turn-1 invader of Galatia is back home by now.
    state.tribes = {
        "Franks": Tribe(active=0, inactive=6),
        "Alamanni": Tribe(active=2, inactive=8),
        "Goths": Tribe(active=3, inactive=6),
        "Sassanids": Tribe(active=1, inactive=9),
        "Nomads": Tribe(active=0, inactive=10),
    }
    state.leaders = {"Ardashir": "Sassanids"}

    # -- events: Ardashir and Good Auguries drawn; Inflation is next. ----------------------
    drawn = ["ardashir", "good_auguries"]
    state.event_deck = [e for e in state.event_deck if e not in drawn]
    stack_events(state, ["inflation"])
    state.events_drawn = drawn
    state.lasting = "good_auguries"

    # -- players ------------------------------------------------------------------------------
    # Governors: 3 on the map each. Green, Blue and Red each need one in the Available
    # Leaders box for the Place Governor actions they take in turn 6 (the text shows no
    # recruiting), so each recruited one earlier (ASSUMED costs 0-3 used). Yellow has none
    # ready: the one Green ousts from Thracia is the one he uses against Macedonia.
    # Generals: one per army; Yellow's Thracia General comes back for his new army.
    owned: Counter[str] = Counter()
    for p in state.players:
        role = p.role
        p.hand = list(HANDS[role])
        p.available = list(AVAILABLE[role])
        p.discard = list(DISCARD[role])
        p.legacy = LEGACY[role]
        p.turns = 5
        armies = sum(1 for a in state.armies if a.owner == role)
        governors = 3
        ready = 0 if role == "yellow" else 1
        p.governors_ready = ready
        p.governors_unclaimed = list(data.LEADER_COSTS[governors + ready :])
        p.generals_ready = 0
        p.generals_unclaimed = list(data.LEADER_COSTS[armies:])
        for cid in (*p.hand, *p.available, *p.discard):
            if cid in state.supply:
                owned[cid] += 1
    # Jamey became Emperor in turn 5 and scored his first Emperor Turn then.
    player(state, "yellow").emperor_turns = 1
    for cid, n in owned.items():
        state.supply[cid] -= n

    state.round = 6
    state.current = state.first = 0
    RULES.place(state, "refill")
    state.choosing = {}
    state.log = ["-- the Example of Play, start of turn 6 --"]
    return state


def begin_turn(state: State, crisis_dice: Sequence[int]) -> None:
    """Run Green's Upkeep and Crisis phases with ``crisis_dice`` scripted."""
    script_dice(state, crisis_dice)
    RULES.place(state, "upkeep")
    RULES.advance(state)
