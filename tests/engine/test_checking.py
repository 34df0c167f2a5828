"""How ``apply`` checks an action without listing every legal action again: it asks only the
piece of the step's listing that lists the action's kind (a narrower, or the listers of its
verb) and lists everything only for an action that piece does not list. So those pieces must
list legal actions only, and should list every legal action of their kind (else the check
is slower, not wrong); and refusals keep the words of a full listing."""

from __future__ import annotations

import random

import pytest

from crisis.engine.action import Action
from crisis.engine.errors import IllegalAction
from crisis.games import TITLES, get_title
from crisis.games.time_of_crisis.fuzzing import FUZZ_VARIANTS


def _full_refusal(title_name: str, state: object, role: str, action: Action) -> str:
    """The refusal a check against the whole legal list words (the pre-existing rule)."""
    legal = get_title(title_name).rules.actions(state, role)
    same = sorted({str(a) for a in legal if a.verb == action.verb})[:8]
    hint = f"; legal {action.verb} actions: {', '.join(same)}" if same else ""
    return f"{action} is not legal for {role} at {state.step}{hint}"  # type: ignore[attr-defined]


def test_the_pieces_of_a_listing_keep_to_their_kind() -> None:
    """Over random games of every Time of Crisis variant (the expansion's events included):
    each lister lists only the verbs it declares, and for every listed action of a narrowed
    verb the narrower lists that action and nothing that is not legal."""
    title = get_title("time_of_crisis")
    machine = title.rules.machine
    seen: set[str] = set()
    narrowed = 0
    for index, variant in enumerate(FUZZ_VARIANTS):
        options = {"players": 2 + index % 3, **variant}
        state = title.rules.setup(index, options)
        rnd = random.Random(index)
        for _ in range(1500):
            if title.rules.result(state) is not None:
                break
            role = title.rules.active(state)[0]
            step = machine.steps[state.step]
            for lister, verbs in zip(step.listers, step.lister_verbs, strict=True):
                if verbs is None:
                    continue
                listed = {a.verb for a in lister(state, role)}
                assert listed <= verbs, (lister.__name__, listed - verbs)
                seen |= listed
            legal = title.rules.actions(state, role)
            for action in legal:
                narrow = machine.narrowers.get((state.step, action.verb))
                if narrow is None:
                    continue
                some = narrow(state, role, action)
                assert action in some, (state.step, action)
                assert set(some) <= set(legal), (state.step, action, set(some) - set(legal))
                narrowed += 1
            title.rules.apply(state, role, rnd.choice(legal))
    # The games reached the listers' verbs of every sphere, so the checks above bit.
    assert {"move_army", "place_governor", "build", "play_card", "end_actions", "buy"} <= seen
    assert narrowed > 1000


@pytest.mark.parametrize("name", TITLES)
def test_the_check_accepts_the_listed_and_refuses_the_rest_in_the_same_words(name: str) -> None:
    """Every listed action passes the check, and near misses (a listed verb with another
    action's argument, an unknown verb, an argument nobody lists) are refused with the same
    message a full listing words, changing nothing."""
    title = get_title(name)
    state = title.rules.setup(11, {"players": 4})
    rnd = random.Random(5)
    refused = 0
    for _ in range(400):
        if title.rules.result(state) is not None:
            break
        role = title.rules.active(state)[0]
        legal = title.rules.actions(state, role)
        for action in rnd.sample(legal, min(3, len(legal))):
            title.rules.apply(title.rules.copy_state(state), role, action)  # must not raise
        verbs = [*sorted({a.verb for a in legal}), "no_such_verb"]
        args = [*sorted({a.arg for a in legal}, key=repr), "nowhere", 999, (999, "Italia")]
        misses = [Action(v, a) for v in verbs for a in args if Action(v, a) not in legal]
        for miss in rnd.sample(misses, min(4, len(misses))):
            fresh = title.rules.copy_state(state)
            before = title.rules.to_json(fresh)
            with pytest.raises(IllegalAction) as err:
                title.rules.apply(fresh, role, miss)
            assert str(err.value) == _full_refusal(name, fresh, role, miss)
            assert title.rules.to_json(fresh) == before
            refused += 1
        title.rules.apply(state, role, rnd.choice(legal))
    assert refused > 100


def test_an_action_its_narrower_leaves_out_is_still_judged_by_the_whole_listing() -> None:
    """A narrower that lists nothing (as for an action it cannot place) makes the check list
    everything: a legal action still passes and an illegal one is refused as before."""
    title = get_title("time_of_crisis")
    machine = title.rules.machine
    state = title.rules.setup(4, {"players": 2})
    rnd = random.Random(4)
    while True:
        role = title.rules.active(state)[0]
        legal = title.rules.actions(state, role)
        armies = [a for a in legal if a.verb == "move_army"]
        if state.step == "actions" and armies:
            break
        title.rules.apply(state, role, rnd.choice(legal))
    key = ("actions", "move_army")
    real = machine.narrowers[key]
    machine.narrowers[key] = lambda _s, _r, _a: []
    try:
        title.rules.apply(title.rules.copy_state(state), role, armies[0])
        with pytest.raises(IllegalAction, match="legal move_army actions"):
            title.rules.apply(
                title.rules.copy_state(state), role, Action("move_army", (999, "Italia"))
            )
    finally:
        machine.narrowers[key] = real


@pytest.mark.parametrize("name", TITLES)
def test_every_narrower_lists_its_action_and_only_legal_ones(name: str) -> None:
    """Over random games of each title: for every listed action of a narrowed verb, the
    narrower lists that action and nothing the whole listing does not."""
    title = get_title(name)
    machine = title.rules.machine
    narrowed = 0
    for seed in range(4):
        state = title.rules.setup(seed, {"players": 2 + seed % 3})
        rnd = random.Random(seed)
        for _ in range(2000):
            if title.rules.result(state) is not None:
                break
            role = title.rules.active(state)[0]
            legal = title.rules.actions(state, role)
            for action in legal:
                narrow = machine.narrowers.get((state.step, action.verb))
                if narrow is not None:
                    some = narrow(state, role, action)
                    assert action in some and set(some) <= set(legal), (state.step, action)
                    narrowed += 1
            title.rules.apply(state, role, rnd.choice(legal))
    assert narrowed > 100
