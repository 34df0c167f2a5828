"""The fuzzer over Time of Crisis, and the fuzzer's own failure reporting.

The big run (300 games over 2, 3 and 4 players, invariants checked after every action) is
split into chunks so pytest-xdist can spread it over cores. The other tests wrap the real
title in broken variants and check that each fault is caught and that its replay file
reproduces it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from crisis.ai.explore import BotPolicy
from crisis.devtools import fuzz
from crisis.engine.action import Action
from crisis.engine.match import Match
from crisis.engine.title import Bots, TitleSpec
from crisis.games import get_title
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import fuzzing, invariants
from crisis.games.time_of_crisis.state import copy_state

CHUNKS = 6
GAMES_PER_CHUNK = 50  # 300 games in all
PROFILE = fuzz.FuzzConfig(
    weights=fuzzing.FUZZ_WEIGHTS, policy=BotPolicy("time_of_crisis"), policy_share=0.1
)
# invariants.check already builds every role's view after each action; determinism (setup +
# log rebuilds the state) has its own cheaper test below.
CHECKED = dataclasses.replace(PROFILE, check_views=False, verify_replay=False)


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    summary = fuzz.fuzz(
        toc.TITLE,
        games=GAMES_PER_CHUNK,
        first_game=chunk * GAMES_PER_CHUNK,
        players=(2, 3, 4),
        seed=2026,
        invariants=invariants.check_game,
        config=CHECKED,
        options_for=fuzzing.fuzz_options,
    )
    assert [f.to_dict() for f in summary.failures] == []
    assert summary.games == GAMES_PER_CHUNK
    assert summary.finished == GAMES_PER_CHUNK
    assert sorted(summary.by_players) == [2, 3, 4]
    assert sum(summary.by_players.values()) == GAMES_PER_CHUNK
    assert summary.actions > 100 * GAMES_PER_CHUNK


def test_fuzz_options_cycle_every_variant_with_every_player_count() -> None:
    seen = {
        (n, json.dumps(fuzzing.fuzz_options(n, i), sort_keys=True))
        for i in range(27)
        for n in [(2, 3, 4)[i % 3]]
    }
    assert len(seen) == 3 * len(fuzzing.FUZZ_VARIANTS)
    for variant in fuzzing.FUZZ_VARIANTS:
        assert toc.setup(1, {"players": 3, **variant}) is not None


def test_games_use_distinct_seeds_and_cycle_player_counts() -> None:
    seeds = {fuzz.game_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert fuzz.game_seed(7, 3) != fuzz.game_seed(8, 3)
    summary = fuzz.fuzz(toc.TITLE, games=4, players=(3, 2), seed=1, config=PROFILE)
    assert summary.by_players == {3: 2, 2: 2}


def test_setup_plus_log_rebuilds_every_game() -> None:
    summary = fuzz.fuzz(
        toc.TITLE, games=30, seed=77, config=PROFILE, options_for=fuzzing.fuzz_options
    )
    assert summary.ok and summary.finished == 30


def test_same_seed_same_games() -> None:
    a = fuzz.play_game(toc.TITLE, 99, {"players": 3}, config=PROFILE)
    b = fuzz.play_game(toc.TITLE, 99, {"players": 3}, config=PROFILE)
    assert a.finished and b.finished
    assert a.log == b.log
    assert toc.to_json(a.state) == toc.to_json(b.state)


# -- the invariants catch broken states -----------------------------------------------------


def _midgame(seed: int = 5, players: int = 4, actions: int = 120, until: Any = None) -> Any:
    """A position from a random game: after ``actions`` actions, then on until ``until``."""
    run = fuzz.play_game(toc.TITLE, seed, {"players": players}, config=fuzz.FuzzConfig())
    state = toc.setup(seed, {"players": players})
    for i, (role, action) in enumerate(run.log):
        if i >= actions and (until is None or until(state)):
            break
        toc.apply(state, role, action)
    assert invariants.check(state) == []
    return state


def test_invariants_hold_on_a_fresh_and_a_midgame_state() -> None:
    for n in (2, 3, 4):
        assert invariants.check(toc.setup(1, {"players": n})) == []
    assert invariants.check(_midgame()) == []


def _idle_army(state: Any) -> Any:
    return next(a for a in state.armies if a.owner != state.players[state.current].role)


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        (lambda s: setattr(s.armies[0], "full", 40), "legions on the map"),
        (lambda s: setattr(s.provinces["Italia"], "mobs", 33), "Mob counters on the map"),
        (lambda s: setattr(s.tribes["Goths"], "inactive", s.tribes["Goths"].inactive + 1), "Goths"),
        (lambda s: setattr(s.players[0], "governors_ready", 3), "governors accounted for"),
        (lambda s: setattr(s.players[1], "generals_ready", 2), "generals accounted for"),
        (lambda s: setattr(s.provinces["Gallia"], "support", 5), "Gallia support 5"),
        (lambda s: setattr(s.provinces["Italia"], "support", 9), "Italia support 9"),
        (lambda s: setattr(s.provinces["Thracia"], "mobs", -1), "-1 mobs"),
        (lambda s: s.supply.__setitem__("castra", 10), "supply holds 10 castra"),
        (lambda s: s.supply.__setitem__("mob", -1), "supply holds -1 mob"),
        (lambda s: s.players[0].hand.extend(["red1"] * 4), "red1"),
        (lambda s: setattr(_idle_army(s), "region", "Oceanus"), "at sea"),
        (lambda s: s.event_deck.pop(), "event deck"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_invariants_report_each_broken_fact(breakage: Any, expected: str) -> None:
    state = _midgame()
    breakage(state)
    errors = invariants.check(state)
    assert any(expected in e for e in errors), errors


def test_cards_must_match_the_public_purchase_history() -> None:
    state = _midgame()
    if not hasattr(state.players[0], "bought"):
        pytest.skip("this state has no purchase history")
    p = state.players[0]
    (p.hand or p.available or p.discard).pop()  # a card vanishes
    assert invariants.check(state) == []  # hand-built positions have no history to check
    errors = invariants.check_game(state)
    assert any("starting deck + bought - trashed" in e for e in errors), errors
    state = _midgame()
    state.players[0].discard.append("castra")
    state.players[0].bought.append("castra")  # bought, yet the supply still holds 9
    errors = invariants.check_game(state)
    assert not any("starting deck" in e for e in errors), errors
    assert any("castra: 9 in the supply + 1 bought" in e for e in errors), errors


def test_two_armies_in_one_capital_are_reported() -> None:
    state = _midgame()
    owner = state.armies[0]
    other = next(a for a in state.armies if a.owner != owner.owner)
    other.region, other.capital = owner.region, True
    owner.capital = True
    assert any("capital holds" in e for e in invariants.check(state))


def test_pretender_marker_limit_is_reported() -> None:
    state = _midgame()
    for name in [n for n in state.provinces if n != "Italia"][:7]:
        state.provinces[name].pretender = "green"
    assert any("pretender markers" in e for e in invariants.check(state))


def test_an_army_at_sea_is_allowed_only_during_its_owners_actions() -> None:
    def current_player_has_an_army(state: Any) -> bool:
        role = state.players[state.current].role
        return state.step == "actions" and any(a.owner == role for a in state.armies)

    state = _midgame(until=current_player_has_an_army)
    assert current_player_has_an_army(state)
    role = state.players[state.current].role
    mine = next(a for a in state.armies if a.owner == role)
    mine.region, mine.capital = "Mare Occidentale", False
    assert not any("at sea" in e for e in invariants.check(state))
    toc.RULES.place(state, "buy")
    assert any("at sea" in e for e in invariants.check(state))


def test_view_leaks_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midgame()
    real_view = toc.rules.views.view

    def leaky(state: Any, role: str | None, active: list[str]) -> dict[str, Any]:
        v = real_view(state, role, active)
        for entry, p in zip(v["players"], state.players, strict=True):
            entry["hand"] = sorted(p.hand)
        v["event_deck"] = list(state.event_deck)
        return v

    monkeypatch.setattr(toc.rules.views, "view", leaky)
    errors = invariants.check(state)
    assert any("shows secrets: event_deck" in e for e in errors), errors
    assert any("the observer's view shows green's hand" in e for e in errors), errors


def test_round_trip_failure_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midgame()

    def lossy(raw: bytes | str) -> Any:
        s = toc.rules.decode(raw)
        s.round += 1
        return s

    monkeypatch.setattr(invariants, "from_json", lossy)
    assert any("round trip" in e for e in invariants.check(state))


def test_copy_state_is_equal_and_independent() -> None:
    state = _midgame()
    twin = copy_state(state)
    assert twin == state
    twin.players[0].legacy += 1
    assert twin != state


# -- broken titles: each fault is reported with a replay file that reproduces it ------------


def _variant(name: str, **overrides: Any) -> TitleSpec[Any]:
    """A title that is Time of Crisis except for ``overrides`` of its contract functions,
    with no invariants and no fuzz profile (the fault alone is what the fuzzer must find)."""
    rules = dataclasses.replace(toc.TITLE.rules, invariants=None, **overrides)
    return dataclasses.replace(toc.TITLE, name=name, rules=rules, bots=Bots())


def _crashing_apply(state: Any, role: str, action: Any) -> None:
    if Action.parse(action).verb == "end_buy" and state.round >= 2:
        raise RuntimeError("boom in end_buy")
    toc.apply(state, role, action)


def test_a_crash_is_reported_with_a_replay_that_reproduces_it(tmp_path: Path) -> None:
    crashy = _variant("crashy", apply=_crashing_apply)
    summary = fuzz.fuzz(crashy, games=3, players=(2, 4), seed=3, out_dir=tmp_path)
    assert len(summary.failures) == 3 and summary.finished == 0
    failure = summary.failures[0]
    assert failure.kind == "crash"
    assert "RuntimeError: boom in end_buy" in failure.message
    assert failure.path is not None
    record = json.loads(Path(failure.path).read_text())
    assert record["title"] == "crashy" and record["seed"] == failure.seed
    assert record["options"] == {"players": 2}
    assert record["log"][-1][1] == "end_buy"
    assert len(record["log"]) == failure.actions
    outcome = fuzz.replay(crashy, fuzz.load_record(failure.path))
    assert outcome.reproduced
    assert outcome.failure is not None and "boom in end_buy" in outcome.failure[1]
    assert outcome.actions == failure.actions
    # The real title plays the same log without trouble (the fault is the variant's).
    assert fuzz.replay(toc.TITLE, record).failure is None


def test_a_broken_invariant_is_reported_with_a_replay_that_reproduces_it(
    tmp_path: Path,
) -> None:
    def too_many_battles(state: Any) -> list[str]:
        errors = invariants.check(state, views=False)
        if sum("attacks" in line for line in state.log) >= 2:
            errors.append("a second battle was fought")
        return errors

    summary = fuzz.fuzz(
        toc.TITLE, games=4, seed=11, invariants=too_many_battles, out_dir=tmp_path, config=PROFILE
    )
    assert summary.failures and all(f.kind == "invariant" for f in summary.failures)
    failure = summary.failures[0]
    assert "a second battle was fought" in failure.message
    assert failure.path is not None and Path(failure.path).exists()
    record = fuzz.load_record(failure.path)
    assert record["failure"]["kind"] == "invariant"
    outcome = fuzz.replay(toc.TITLE, record, invariants=too_many_battles)
    assert outcome.reproduced and outcome.actions == failure.actions
    # Without the broken invariant the same log is fine, and Match.replay accepts it.
    assert fuzz.replay(toc.TITLE, record, invariants=invariants.check).failure is None
    assert len(Match.replay(toc.TITLE, record).log) == failure.actions


def test_a_dead_end_is_reported() -> None:
    def no_buying(state: Any, role: str) -> list[Action]:
        return [] if state.step == "buy" else toc.actions(state, role)

    stuck = _variant("stuck", actions=no_buying)
    summary = fuzz.fuzz(stuck, games=1, seed=2)
    (failure,) = summary.failures
    assert failure.kind == "dead_end" and "no legal action" in failure.message
    assert fuzz.replay(stuck, failure.record).reproduced


def test_an_action_of_a_verb_its_step_does_not_declare_is_reported() -> None:
    def flying(state: Any, role: str) -> list[Action]:
        return [*toc.actions(state, role), Action("fly")]

    winged = _variant("winged", actions=flying)
    (failure,) = fuzz.fuzz(winged, games=1, seed=2).failures
    assert failure.kind == "undeclared" and failure.actions == 0
    assert "fly" in failure.message and "choose_province" in failure.message
    assert fuzz.replay(winged, failure.record).reproduced


def test_nobody_to_act_is_a_dead_end() -> None:
    def nobody(state: Any) -> list[str]:
        return [] if state.step == "buy" else toc.active(state)

    stuck = _variant("nobody", active=nobody)
    (failure,) = fuzz.fuzz(stuck, games=1, seed=2).failures
    assert failure.kind == "dead_end" and "nobody may act" in failure.message


def test_an_endless_game_is_reported() -> None:
    summary = fuzz.fuzz(toc.TITLE, games=2, seed=4, config=fuzz.FuzzConfig(max_actions=60))
    assert [f.kind for f in summary.failures] == ["no_end", "no_end"]
    failure = summary.failures[0]
    assert failure.actions == 60
    assert fuzz.replay(toc.TITLE, failure.record).reproduced


def test_accepting_a_move_out_of_turn_is_reported() -> None:
    def lax_apply(state: Any, role: str, action: Any) -> None:
        toc.apply(state, toc.active(state)[0], action)

    lax = _variant("lax", apply=lax_apply)
    config = fuzz.FuzzConfig(probe=1.0)
    (failure,) = fuzz.fuzz(lax, games=1, seed=6, config=config).failures
    assert failure.kind == "illegal" and "was accepted" in failure.message
    prober = failure.record["failure"]["probe"][0]
    state = Match.replay(toc.TITLE, failure.record).state
    assert prober in toc.roles(state) and prober not in toc.active(state)
    assert fuzz.replay(lax, failure.record).reproduced
    # The real title rejects every probe and stays unchanged.
    assert fuzz.fuzz(toc.TITLE, games=2, seed=6, config=config).ok


def test_a_nondeterministic_title_is_reported() -> None:
    calls = {"n": 0}

    def drifting_apply(state: Any, role: str, action: Any) -> None:
        toc.apply(state, role, action)
        calls["n"] += 1
        state.log.append(f"call {calls['n']}")

    drifting = _variant("drifting", apply=drifting_apply)
    (failure,) = fuzz.fuzz(drifting, games=1, seed=8).failures
    assert failure.kind == "nondeterministic"


def test_parallel_jobs_give_the_same_games() -> None:
    one = fuzz.fuzz(toc.TITLE, games=4, seed=5, invariants=None)
    two = fuzz.fuzz(toc.TITLE, games=4, seed=5, invariants=None, jobs=2)
    assert one.actions == two.actions and one.by_players == two.by_players
    assert one.finished == two.finished == 4


def test_benchmark_reports_rates() -> None:
    figures = fuzz.benchmark(toc.TITLE, games=2, seed=1, copy=copy_state, repeat=20)
    assert figures["finished"] == 2
    assert figures["actions_per_second"] > 0 and figures["games_per_second"] > 0
    assert figures["actions_per_game"] == figures["actions"] / 2
    assert figures["round_trip_us"] > 0 and figures["copy_us"] > 0


def test_a_free_action_loop_is_reported() -> None:
    """Without ruling 48 an army may walk in and out of its capital forever; the fuzzer's
    loop check catches the repeated position within the turn."""

    def toggling(state: Any, role: str, action: Action) -> None:
        toc.apply(state, role, action)
        state.turn.crossed.clear()  # the limit of ruling 48 switched off

    def prefer_toggles(rnd: Any, state: Any, role: str, legal: list[Action]) -> Action:
        toggles = [a for a in legal if a.verb in ("enter_capital", "leave_capital")]
        return toggles[0] if toggles else rnd.choice(legal)

    loose = _variant("loose", apply=toggling)
    config = fuzz.FuzzConfig(policy=prefer_toggles, policy_share=1.0, verify_replay=False)
    summary = fuzz.fuzz(loose, games=2, seed=3, config=config)
    assert summary.failures and summary.failures[0].kind == "loop"
    assert "position came back" in summary.failures[0].message
    # The real rules with the same policy: every game ends, no loop.
    assert fuzz.fuzz(toc.TITLE, games=2, seed=3, config=config).ok


def test_a_copy_plays_on_exactly_like_the_original() -> None:
    """The copy keeps the generator's position: both continue with the same draws."""
    for title in (toc.TITLE, get_title("rome_in_crisis")):
        state = title.rules.setup(3, {"players": 3})
        rnd = random.Random(1)
        for _ in range(60):
            role = title.rules.active(state)[0]
            title.rules.apply(state, role, rnd.choice(title.rules.actions(state, role)))
        twin = title.rules.copy_state(state)
        assert title.rules.to_json(twin) == title.rules.to_json(state)
        for game in (state, twin):
            again = random.Random(2)
            for _ in range(80):
                if title.rules.result(game) is not None:
                    break
                role = title.rules.active(game)[0]
                title.rules.apply(game, role, again.choice(title.rules.actions(game, role)))
        assert title.rules.to_json(twin) == title.rules.to_json(state)


def test_a_position_ignores_the_log_and_version_and_leaves_the_state_alone() -> None:
    state = _midgame()
    before = toc.to_json(state)
    digest = fuzz.position(toc.TITLE, state)
    assert toc.to_json(state) == before
    state.log.append("a line")
    state.version += 5
    assert fuzz.position(toc.TITLE, state) == digest
    state.players[0].legacy += 1
    assert fuzz.position(toc.TITLE, state) != digest
