"""The Time of Crisis bots read their view through the rules' own queries: what they
conclude from a view is what the rules conclude from the state behind it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import msgspec

from crisis.ai.explore import BotPolicy
from crisis.ai.toc.observe import Obs
from crisis.games import time_of_crisis as toc
from crisis.games.time_of_crisis import combat, populace, senate
from crisis.games.time_of_crisis.fuzzing import fuzz_options
from crisis.games.time_of_crisis.military import battle_targets
from crisis.games.time_of_crisis.state import army, capital_free_for, capital_units


def _positions(seed: int, steps: int = 400) -> list[toc.State]:
    state = toc.setup(seed, fuzz_options(4, seed))
    rnd = random.Random(seed)
    policy = BotPolicy("time_of_crisis")
    out = []
    for _ in range(steps):
        if toc.result(state) is not None:
            break
        role = toc.active(state)[0]
        toc.apply(state, role, policy(rnd, state, role, toc.actions(state, role)))
        if state.step == "actions":
            out.append(toc.copy_state(state))
    return out


def _observed(seeds: range, every: int = 1) -> Iterator[tuple[toc.State, str, Obs]]:
    """Every ``every``-th sampled position of each seed's game: the true state, the role to
    act and that role's ``Obs`` of its view."""
    for seed in seeds:
        for state in _positions(seed)[::every]:
            role = toc.active(state)[0]
            yield state, role, Obs(toc.view(state, role), role)


def test_targets_and_votes_agree_with_the_rules() -> None:
    checked = 0
    for state, role, o in _observed(range(4), 10):
        for province in state.provinces:
            assert o.can_target(province) == senate.can_target(state, role, province)
            if senate.can_target(state, role, province):
                vote = senate.vote_for(state, role, province, 1)
                assert o.votes_needed(province) == vote.need
                checked += 1
    assert checked > 20


def test_votes_odds_and_free_dice_agree_with_the_rules() -> None:
    checked = 0
    for state, role, o in _observed(range(4, 7), 7):
        for province in state.provinces:
            for paid in (0, 1, 3, 6):
                mine, rules = (
                    o.vote(province, paid),
                    senate.vote_for(state, role, province, paid),
                )
                assert mine == rules
                assert mine.chance == rules.chance
                assert mine.automatic == rules.automatic
                checked += 1
        assert o.improvement_cost == populace.improvement_cost(state)
    assert checked > 200


def test_capitals_and_battles_agree_with_the_rules() -> None:
    """Units in a capital, who may enter it, and the dice and strength on both sides of every
    battle an army could start, as the bot reads them from its view and as the rules count
    them on the true state."""
    battles = 0
    for state, role, o in _observed(range(7, 11), 5):
        for province in state.provinces:
            assert o.capital_free(province) == capital_free_for(state, province, role)
            for who in toc.roles(state):
                assert o.capital_units(province, who) == capital_units(state, province, who)
        for a in o.armies:
            real = army(state, a["id"])
            assert o.army_dice(a) == tuple(combat.army_targets(state, real))
            assert o.army_capacity(a) == combat.army_capacity(state, real)
        for action in toc.actions(state, role):
            if action.verb != "initiate_battle":
                continue
            army_id, target = action.arg
            region = army(state, army_id).region
            foe = combat.opponent(state, army_id, region, target)
            dice, strength, _ = o.enemy_dice(region, target)
            assert dice == tuple(combat.defender_targets(state, foe))
            assert strength == combat.defender_units(state, foe)
            battles += 1
    assert battles > 5


def test_a_moved_army_is_asked_about_where_the_bot_imagines_it() -> None:
    """A bot weighing a march asks about its army in the destination, outside any capital:
    a Militia no longer fights beside it there."""
    for state, _role, o in _observed(range(12, 20)):
        for a in o.my_armies:
            if not combat.stacked_militia(state, army(state, a["id"])):
                continue
            moved = dict(a, capital=False)
            assert o.army_capacity(moved) == o.army_capacity(a) - 1
            assert len(o.army_dice(moved)) == len(o.army_dice(a)) - 1
            return
    raise AssertionError("no army stacked with a Militia in the sampled positions")


def test_a_search_s_own_sample_answers_the_queries_as_the_rebuilt_board() -> None:
    """A rollout asks the rules' queries of its own sampled state (``Obs(..., board=state)``)
    instead of a board rebuilt from the view: every query answers the same, on positions
    with hidden hands and decks the view does not show."""
    from crisis.ai.toc.search import rollout_view

    asked = 0
    for seed in (3, 8):
        for state in _positions(seed, 300)[::3]:
            for role in toc.roles(state):
                view = rollout_view(state, role, {})
                view["options"] = toc.view(state, role)["options"]
                rebuilt, own = Obs(view, role), Obs(view, role, board=state)
                assert own.board is state
                for name in state.provinces:
                    assert own.can_target(name) == rebuilt.can_target(name)
                    for dice in range(5):
                        assert own.vote(name, dice) == rebuilt.vote(name, dice)
                    assert own.capital_free(name) == rebuilt.capital_free(name)
                    for r in toc.roles(state):
                        assert own.capital_units(name, r) == rebuilt.capital_units(name, r)
                    asked += 1
                assert own.improvement_cost == rebuilt.improvement_cost
                for a in view["armies"]:
                    assert own.army_dice(a) == rebuilt.army_dice(a)
                    assert own.army_capacity(a) == rebuilt.army_capacity(a)
                    for target in battle_targets(state, army(state, a["id"])):
                        assert own.enemy_dice(a["region"], target) == rebuilt.enemy_dice(
                            a["region"], target
                        )
    assert asked > 1000


def test_a_rollout_view_read_part_by_part_equals_the_whole() -> None:
    """The rollout's view built when read (``RolloutView``) gives every part equal to
    ``rollout_view``'s, whether a cheap part is read first or the whole view is."""
    from crisis.ai.toc.search import RolloutView, rollout_view

    compared = 0
    for state in _positions(5, 300)[::4]:
        for role in toc.roles(state):
            whole = rollout_view(state, role, {"players": 4})
            early = RolloutView(state, role, {"players": 4})
            assert early["step"] == whole["step"]
            assert early["armies"] == whole["armies"]
            assert dict(early) == whole  # now built in full
            assert list(early) == list(whole) and len(early) == len(whole)
            late = RolloutView(state, role, {"players": 4})
            assert late.get("emperor") == whole.get("emperor") and late["armies"] == whole["armies"]
            for key in ("provinces", "players", "turn", "viewer"):
                fresh = RolloutView(state, role, {"players": 4})
                assert fresh[key] == whole[key] and fresh == whole
                assert (RolloutView(state, role, {"players": 4}) != whole) is False
            assert "turn" in RolloutView(state, role, {})
            assert msgspec.json.encode(dict(RolloutView(state, role, {}))) == msgspec.json.encode(
                rollout_view(state, role, {})
            )
            compared += 1
    assert compared > 20
