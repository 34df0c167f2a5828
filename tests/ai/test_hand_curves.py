"""The heuristic's hand curves are reused between picks, and play exactly as recomputed ones."""

from __future__ import annotations

import random

import pytest

from crisis.ai.toc import pools
from crisis.ai.toc.heuristic import HeuristicBot
from crisis.ai.toc.observe import Obs
from crisis.ai.toc.profiles import PROFILES
from crisis.engine.action import Action
from crisis.games import get_title

toc = get_title("time_of_crisis")


def _game(seed: int, bots: tuple[str, ...]) -> list[tuple[str, Action]]:
    state = toc.rules.setup(seed, {"players": len(bots)})
    roles = toc.rules.roles(state)
    seats = {r: HeuristicBot(b) for r, b in zip(roles, bots, strict=True)}
    rng = random.Random(seed)
    out: list[tuple[str, Action]] = []
    while toc.rules.result(state) is None and len(out) < 20000:
        for role in toc.rules.active(state):
            act = seats[role].choose(
                toc.rules.view(state, role), role, toc.rules.actions(state, role), rng
            )
            toc.rules.apply(state, role, act)
            out.append((role, act))
            if toc.rules.result(state) is not None:
                break
    return out


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_remembered_curves_play_the_same_games_as_fresh_ones(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games of the four heuristics, the curves remembered or worked out at every
    pick, are the same action for action: nothing the curves read changes between picks."""
    bots = ("balanced", "military", "senate", "populace")
    pools._LAST.clear()
    remembered = _game(seed, bots)
    monkeypatch.setattr(pools, "hand_curves", pools.sphere_curves)
    fresh = _game(seed, bots)
    assert remembered == fresh
    assert any(a.verb == "choose_card" for _, a in fresh)


def test_curves_are_reused_within_a_hand_and_redone_when_the_board_changes() -> None:
    """The second pick of a hand reuses the first's curves; a changed board or another
    profile works them out again."""
    state = toc.rules.setup(5, {"players": 2})
    bot = HeuristicBot("balanced")
    rng = random.Random(1)
    while state.step != "choose_hand":
        role = toc.rules.active(state)[0]
        toc.rules.apply(
            state,
            role,
            bot.choose(toc.rules.view(state, role), role, toc.rules.actions(state, role), rng),
        )
    me = toc.rules.active(state)[0]
    prof = PROFILES["balanced"]
    view = toc.rules.view(state, me)
    first = pools.hand_curves(Obs(view, me), prof)
    toc.rules.apply(state, me, toc.rules.actions(state, me)[0])  # take a card: only hands change
    second_view = toc.rules.view(state, me)
    assert second_view["players"] != view["players"]
    assert pools.hand_curves(Obs(second_view, me), prof) is first
    assert pools.hand_curves(Obs(second_view, me), PROFILES["senate"]) is not first
    moved = {**second_view, "round": second_view["round"] + 1}
    again = pools.hand_curves(Obs(moved, me), prof)
    assert again is not first
    assert again == pools.sphere_curves(Obs(moved, me), prof)
