"""Match: the action log, undo and its barriers (dice, reveals, a change of active role), and
exact replay from ``record()``."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from crisis.engine import Action, IllegalAction, MalformedAction, Match, UndoUnavailable
from crisis.games import get_title
from crisis.games.time_of_crisis import data, events
from crisis.games.time_of_crisis.scripting import script_dice, stack_events
from crisis.games.time_of_crisis.state import player

toc = get_title("time_of_crisis")
UNDO = Action("undo")
# 4 players, a crisis roll of 1+1: Ira Deorum (no invasion roll, no event, no card choice).
QUIET = (1, 1)


def opened(
    provinces: Sequence[str] = ("Gallia", "Thracia", "Asia", "Syria"),
    hands: dict[str, Sequence[str]] | None = None,
    dice: Sequence[int] = QUIET,
    events: Sequence[str] = (),
    seed: int = 0,
) -> Match:
    """A 4-player match played through setup with Match.apply, green first; ``dice`` and
    ``events`` are scripted before the first Crisis roll. Green's default hand has three
    Blue 1 and two Red 1."""
    m = Match(toc, seed, {"players": len(provinces), "first_player": "green"})
    script_dice(m.state, dice)
    stack_events(m.state, events)
    for province in provinces:
        m.apply(m.active()[0], ["choose_province", province])
    default = {"green": ("blue1", "blue1", "blue1", "red1", "red1")}
    for role in m.roles():
        for cid in (hands or default).get(role, ("yellow1",) * 3 + ("red1",) * 2):
            if role in m.active() and m.state.step == "choose_hand":
                m.apply(role, ["choose_card", cid])
    assert m.state.step == "actions" and m.active() == ["green"]
    return m


def snapshot(m: Match) -> bytes:
    return toc.rules.to_json(m.state)


# -- undo within a turn --------------------------------------------------------------------


def test_undo_restores_hand_pool_and_log() -> None:
    m = opened()
    before = snapshot(m)
    log_len = len(m.log)
    green = player(m.state, "green")
    assert UNDO not in m.actions("green")
    assert not m.view("green")["can_undo"]

    m.apply("green", ["play_card", "blue1"])
    assert sorted(player(m.state, "green").hand) == ["blue1", "blue1", "red1", "red1"]
    assert m.state.turn.pool["blue"] == 1
    assert m.actions("green")[-1] == UNDO
    assert m.view("green")["can_undo"]
    # Only the role that acted may undo.
    for other in ("blue", "yellow", "red"):
        assert UNDO not in m.actions(other)
        assert not m.view(other)["can_undo"]
        with pytest.raises(UndoUnavailable):
            m.apply(other, ["undo"])
    assert not m.view(None)["can_undo"]

    m.apply("green", ["undo", None])
    assert snapshot(m) == before
    assert len(m.log) == log_len
    green = player(m.state, "green")
    assert sorted(green.hand) == ["blue1", "blue1", "blue1", "red1", "red1"]
    assert m.state.turn.pool == {"red": 0, "blue": 0, "yellow": 0}
    assert UNDO not in m.actions("green")
    with pytest.raises(UndoUnavailable):
        m.apply("green", ["undo"])


def test_several_undos_step_back_in_order() -> None:
    m = opened()
    states = [snapshot(m)]
    for act in (["play_card", "red1"], ["play_card", "blue1"], ["recruit_general", 1]):
        m.apply("green", act)
        states.append(snapshot(m))
    for expected in reversed(states[:-1]):
        m.undo("green")
        assert snapshot(m) == expected
    assert not m.can_undo("green")


def test_undo_survives_end_actions_into_buy() -> None:
    # End Actions runs Support Check and Gain Legacy without dice; Buy is still green's.
    m = opened()
    m.apply("green", ["play_card", "red1"])
    at_actions = snapshot(m)
    m.apply("green", ["end_actions", None])
    assert m.state.step == "buy" and m.active() == ["green"]
    assert m.can_undo("green")
    m.apply("green", ["undo", None])
    assert snapshot(m) == at_actions
    assert m.state.step == "actions"


def test_undo_cleared_when_the_turn_passes() -> None:
    m = opened()
    m.apply("green", ["play_card", "red1"])
    m.apply("green", ["end_actions", None])
    script_dice(m.state, QUIET)  # blue's crisis roll
    m.apply("green", ["end_buy", None])
    while m.active() == ["green"]:  # refill choices, if any are left to make
        assert m.state.step == "refill"
        m.apply("green", next(a for a in m.actions("green") if a != UNDO))
    assert m.active() == ["blue"]
    assert not m.can_undo("green") and not m.can_undo("blue")
    assert UNDO not in m.actions("blue")
    with pytest.raises(UndoUnavailable):
        m.apply("green", ["undo", None])


def test_undo_cleared_when_the_active_role_changes_without_dice() -> None:
    # Choosing a starting province rolls nothing and reveals nothing, but hands the choice to
    # the next player: green may not take back Gallia once blue is choosing.
    m = Match(toc, 0, {"players": 4, "first_player": "green"})
    m.apply("green", ["choose_province", "Gallia"])
    assert m.active() == ["blue"]
    assert not m.can_undo("green") and not m.can_undo("blue")
    assert UNDO not in m.actions("blue")


def test_undo_in_simultaneous_hand_choice_is_last_in_first_out() -> None:
    m = Match(toc, 0, {"players": 4, "first_player": "green"})
    for province in ("Gallia", "Thracia", "Asia", "Syria"):
        m.apply(m.active()[0], ["choose_province", province])
    assert m.state.step == "choose_hand" and len(m.active()) == 4
    m.apply("green", ["choose_card", "red1"])
    assert m.can_undo("green") and not m.can_undo("blue")
    m.apply("blue", ["choose_card", "blue1"])
    assert m.can_undo("blue") and not m.can_undo("green")
    m.undo("blue")
    assert player(m.state, "blue").hand == []
    assert m.can_undo("green")
    m.undo("green")
    assert player(m.state, "green").hand == []


def test_place_governor_roll_clears_undo_but_a_sure_vote_does_not() -> None:
    m = opened()
    m.apply("green", ["play_card", "blue1"])
    m.apply("green", ["recruit_governor", 1])
    m.apply("green", ["play_card", "blue1"])
    m.apply("green", ["play_card", "blue1"])
    # Hispania is Neutral at support 1: two dice are two sure votes, nothing is rolled.
    draws = m.state.rng.draws
    m.apply("green", ["place_governor", ["Hispania", 2]])
    assert m.state.rng.draws == draws
    assert m.state.provinces["Hispania"].governor == "green"
    assert m.can_undo("green")
    m.undo("green")
    assert m.state.provinces["Hispania"].governor == "neutral"
    # Italia (Neutral, support 8) needs 16 votes: one die must be rolled.
    m.apply("green", ["place_governor", ["Italia", 1]])
    assert m.state.rng.draws > draws
    assert not m.can_undo("green")
    assert UNDO not in m.actions("green")
    with pytest.raises(UndoUnavailable):
        m.apply("green", ["undo", None])


def test_battle_clears_undo() -> None:
    # Crisis 2+4 = 6: Goths; white 1 sends them to Thracia first; black 1: one invader.
    m = opened(
        provinces=("Thracia", "Gallia", "Asia", "Syria"),
        hands={"green": ("red1", "red1", "red1", "blue1", "blue1")},
        dice=(2, 4, 1, 1),
    )
    assert m.state.provinces["Thracia"].active == {"Goths": 1}
    m.apply("green", ["play_card", "red1"])
    assert m.can_undo("green")
    army_id = next(a.id for a in m.state.armies if a.owner == "green")
    m.apply("green", ["initiate_battle", [army_id, "Goths"]])
    assert not m.can_undo("green")
    assert UNDO not in m.actions("green")


def test_event_reveal_changes_the_checkpoint_even_without_dice() -> None:
    m = opened()
    before = toc.rules.checkpoint(m.state)
    draws = m.state.rng.draws
    events.draw_event(m.state)  # the reveal alone, no die
    assert m.state.rng.draws == draws
    assert toc.rules.checkpoint(m.state) != before


def test_event_drawn_at_turn_start_leaves_nothing_to_undo() -> None:
    m = opened()
    m.apply("green", ["end_actions", None])
    m.apply("green", ["discard", "red1"])
    assert m.can_undo("green")
    script_dice(m.state, (3, 4))  # blue's crisis roll: 7, Event
    stack_events(m.state, ["inflation"])
    m.apply("green", ["end_buy", None])
    while m.active() == ["green"]:
        m.apply("green", next(a for a in m.actions("green") if a != UNDO))
    assert m.state.events_drawn == ["inflation"]
    assert all(not m.can_undo(r) for r in m.roles())


# A minimal title that reveals hidden information without dice or a change of active role,
# to check the reveal barrier of Match on its own.
class _PeekRules:
    @staticmethod
    def setup(seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"counter": 0, "revealed": 0, "draws": 0}

    @staticmethod
    def roles(state: Any) -> list[str]:
        return ["a", "b"]

    @staticmethod
    def active(state: Any) -> list[str]:
        return ["a"]

    @staticmethod
    def actions(state: Any, role: str) -> list[Action]:
        return [Action("count"), Action("peek")] if role == "a" else []

    @staticmethod
    def apply(state: Any, role: str, action: Action) -> None:
        if role != "a" or action not in _PeekRules.actions(state, role):
            raise IllegalAction(f"{action} is not legal")
        if action.verb == "count":
            state["counter"] += 1
        else:
            state["revealed"] += 1

    @staticmethod
    def view(state: Any, role: str | None) -> dict[str, Any]:
        return dict(state)

    @staticmethod
    def result(state: Any) -> None:
        return None

    @staticmethod
    def checkpoint(state: Any) -> tuple[int, ...]:
        return (state["draws"], state["revealed"])

    @staticmethod
    def to_json(state: Any) -> bytes:
        return json.dumps(state).encode()

    @staticmethod
    def from_json(raw: bytes | str) -> Any:
        return json.loads(raw)


#: The stand-in declaration: a name and the rules (all that Match reads of a title).
_PEEK = SimpleNamespace(name="peek", rules=_PeekRules)


def test_reveal_alone_clears_undo() -> None:
    m = Match(_PEEK, 0)  # type: ignore[arg-type]
    m.apply("a", ["count"])
    m.apply("a", ["count"])
    assert m.can_undo("a")
    m.apply("a", ["peek"])
    assert not m.can_undo("a")
    assert Action("undo") not in m.actions("a")
    m.apply("a", ["count"])
    m.undo("a")
    assert m.state == {"counter": 2, "revealed": 1, "draws": 0}
    assert not m.can_undo("a")


def test_illegal_input_through_match_changes_nothing() -> None:
    m = opened()
    m.apply("green", ["play_card", "red1"])
    before, log = snapshot(m), list(m.log)
    for role, act, exc in [
        ("green", ["play_card", "pretender"], IllegalAction),
        ("green", ["fly", None], IllegalAction),
        ("green", ["play_card", 1.5], MalformedAction),
        ("green", Action("recruit_general", 1.0), MalformedAction),  # type: ignore[arg-type]
        ("blue", ["end_actions", None], IllegalAction),
        ("purple", ["end_actions", None], IllegalAction),
    ]:
        with pytest.raises(exc):
            m.apply(role, act)
        assert snapshot(m) == before and m.log == log
    assert m.can_undo("green")  # the failed attempts did not touch the undo stack


# -- record and replay ---------------------------------------------------------------------


def play_random(m: Match, rnd: random.Random, cap: int, undo_rate: float = 0.0) -> None:
    """Random legal actions (undo now and then) until the game ends or ``cap`` actions."""
    for _ in range(cap):
        if m.result() is not None:
            return
        role = rnd.choice(m.active())
        acts = m.actions(role)
        assert acts, (role, m.state.step)
        if UNDO in acts and rnd.random() < undo_rate:
            m.apply(role, UNDO)
            continue
        m.apply(role, rnd.choice([a for a in acts if a != UNDO]))


@pytest.mark.parametrize(("seed", "players"), [(3, 4), (17, 3), (40, 2)])
def test_record_and_replay_reproduce_a_whole_game(seed: int, players: int) -> None:
    m = Match(toc, seed, {"players": players})
    play_random(m, random.Random(seed), cap=5000, undo_rate=0.1)
    assert m.result() is not None, "the random game should reach its end within the cap"
    rec = json.loads(json.dumps(m.record()))  # the record is plain JSON
    assert rec["title"] == "time_of_crisis" and rec["seed"] == seed
    assert not any(entry[1] == "undo" for entry in rec["log"])
    again = Match.replay(toc, rec)
    assert toc.rules.to_json(again.state) == toc.rules.to_json(m.state)
    assert again.result() == m.result()
    assert again.log == m.log
    assert json.loads(m.dumps()) == rec


def test_replay_of_an_unfinished_game_can_continue_identically() -> None:
    m = Match(toc, 9, {"players": 4})
    play_random(m, random.Random(1), cap=150)
    again = Match.replay(toc, m.record())
    rnd_a, rnd_b = random.Random(2), random.Random(2)
    play_random(m, rnd_a, cap=150)
    play_random(again, rnd_b, cap=150)
    assert toc.rules.to_json(again.state) == toc.rules.to_json(m.state)


def _recorded(seed: int = 5, n: int = 120) -> dict[str, Any]:
    m = Match(toc, seed, {"players": 3})
    play_random(m, random.Random(seed), cap=n)
    return m.record()


def test_replay_of_a_tampered_log_names_the_entry() -> None:
    rec = _recorded()
    k = 40
    bad = json.loads(json.dumps(rec))
    bad["log"][k] = [bad["log"][k][0], "conquer_the_world", None]
    with pytest.raises(IllegalAction, match=rf"replay entry {k}\b.*conquer_the_world"):
        Match.replay(toc, bad)


def test_replay_with_a_wrong_role_names_the_entry() -> None:
    rec = _recorded()
    # A card played in Take Actions: only the current player may act at that step.
    k = next(i for i, e in enumerate(rec["log"]) if i > 20 and e[1] == "play_card")
    bad = json.loads(json.dumps(rec))
    other = next(r for r in ("green", "blue", "yellow") if r != bad["log"][k][0])
    bad["log"][k][0] = other
    with pytest.raises(IllegalAction, match=rf"replay entry {k} .*{other} may not act now"):
        Match.replay(toc, bad)


@pytest.mark.parametrize(
    "entry", [["green"], "junk", 7, None, ["green", "end_actions", None, "x"], {"role": "green"}]
)
def test_replay_of_a_malformed_entry_raises_illegal_action(entry: Any) -> None:
    rec = _recorded()
    rec["log"].insert(3, entry)
    with pytest.raises(IllegalAction, match="replay entry 3 "):
        Match.replay(toc, rec)


def test_replay_of_a_truncated_log_is_a_prefix() -> None:
    rec = _recorded()
    short = dict(rec, log=rec["log"][:50])
    m = Match.replay(toc, short)
    assert len(m.log) == 50


def test_match_exposes_the_contract() -> None:
    m = Match(toc, 1, {"players": 2})
    assert m.roles() == ["green", "blue"]
    assert len(m.active()) == 1
    assert m.result() is None
    v = m.view(m.active()[0])
    assert v["title"] == "time_of_crisis" and v["can_undo"] is False
    assert all(isinstance(a, Action) for a in m.actions(m.active()[0]))
    assert data.ITALIA not in {a.arg for a in m.actions(m.active()[0])}


def test_the_state_json_is_encoded_once_per_change_and_always_current() -> None:
    """``Match.to_json`` (what the server stores after each move) is the title's JSON of the
    current state after every apply and undo, and the same bytes until the next change
    (the next move reuses them as its undo snapshot instead of encoding again)."""
    m = opened()
    rng = random.Random(4)
    for _ in range(60):
        first = m.to_json()
        assert first == toc.rules.to_json(m.state)
        assert m.to_json() is first  # not encoded again
        role = m.active()[0]
        m.apply(role, rng.choice([a for a in m.actions(role) if a != UNDO]))
        assert m.to_json() == toc.rules.to_json(m.state) != first
        if m.can_undo(role) and rng.random() < 0.3:
            m.apply(role, UNDO)
            assert m.to_json() == toc.rules.to_json(m.state) == first
    with pytest.raises(IllegalAction):
        m.apply(m.active()[0], ["no_such_verb", None])
    assert m.to_json() == toc.rules.to_json(m.state)
    m.state = toc.rules.setup(9, {"players": 4})  # a state put in place is encoded afresh
    assert m.to_json() == toc.rules.to_json(m.state)


@pytest.mark.parametrize("title", ["time_of_crisis", "rome_in_crisis"])
def test_back_to_a_mark_restores_state_log_and_undo_steps(title: str) -> None:
    """Match.back_to(mark): whatever was applied or undone since the mark (dice rolled, turns
    changed), the match is the marked one again: the same state, log, undo steps and legal
    actions, and it plays on exactly as a match that never left the mark."""
    module = get_title(title)
    rng = random.Random(4)
    m = Match(module, 11, {"players": 3})
    twin = Match(module, 11, {"players": 3})
    for _ in range(40):  # into the game, past setup
        role = m.active()[0]
        action = rng.choice([a for a in m.actions(role) if a.verb != "undo"])
        m.apply(role, action)
        twin.apply(role, action)
    mark = m.mark()
    before = (m.to_json(), list(m.log), [m.can_undo(r) for r in m.roles()])
    for _ in range(25):  # on, with undos among the moves
        role = m.active()[0]
        legal = m.actions(role)
        m.apply(role, rng.choice(legal))
    assert m.to_json() != before[0]
    m.back_to(mark)
    assert (m.to_json(), list(m.log), [m.can_undo(r) for r in m.roles()]) == before
    for role in m.roles():
        assert m.actions(role) == twin.actions(role)
    for _ in range(30):  # and it goes on as the twin does
        role = m.active()[0]
        action = rng.choice(m.actions(role))
        m.apply(role, action)
        twin.apply(role, action)
        assert m.to_json() == twin.to_json()
