"""Rick Heli's Rome in Crisis on the crisis engine.

The module-level functions are the engine contract::

    from crisis.games import rome_in_crisis as ric
    state = ric.setup(seed=1, options={"players": 4})
    role = ric.active(state)[0]
    ric.apply(state, role, ric.actions(state, role)[0])
"""

from crisis.engine.title import Bots, FuzzProfile, Presentation, Research, Rules, TitleSpec
from crisis.games.rome_in_crisis import fuzzing, invariants
from crisis.games.rome_in_crisis.data import load_cards, provisional
from crisis.games.rome_in_crisis.determinize import determinize
from crisis.games.rome_in_crisis.encoding import (
    action_catalog,
    observation_size,
    observe,
    observe_state,
)
from crisis.games.rome_in_crisis.registry import RULES
from crisis.games.rome_in_crisis.rules import (
    MAX_CHANCE_OUTCOMES,
    NAME,
    actions,
    active,
    apply,
    checkpoint,
    from_json,
    info,
    observed_view,
    result,
    roles,
    scores,
    setup,
    to_json,
    view,
)
from crisis.games.rome_in_crisis.state import State, copy_state
from crisis.games.rome_in_crisis.text import render
from crisis.games.rome_in_crisis.words import describe, unavailable

#: Everything this title provides, declared once (see :class:`crisis.engine.title.TitleSpec`).
TITLE: TitleSpec[State] = TitleSpec(
    name=NAME,
    package=__name__,
    rules=Rules(
        setup=setup,
        roles=roles,
        active=active,
        actions=actions,
        apply=apply,
        view=view,
        result=result,
        scores=scores,
        checkpoint=checkpoint,
        to_json=to_json,
        from_json=from_json,
        copy_state=copy_state,
        machine=RULES,
        invariants=invariants.check,
        load_cards=load_cards,
    ),
    presentation=Presentation(
        info=info,
        render=render,
        describe=describe,
        unavailable=unavailable,
        score_name="victory points",
        board="rome_in_crisis",
        lessons="lessons",
    ),
    research=Research(
        action_catalog=action_catalog,
        observation_size=observation_size,
        observe=observe,
        determinize=determinize,
        observed_view=observed_view,
        observe_state=observe_state,
        score_range=(0.0, 150.0),
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
    ),
    # Its bots, their default, its levels and hint (imported on use), and its fuzz profile.
    bots=Bots(
        module="crisis.ai.ric.bots",
        fuzz=FuzzProfile(weights=fuzzing.FUZZ_WEIGHTS, options=fuzzing.fuzz_options),
    ),
)

__all__ = [
    "MAX_CHANCE_OUTCOMES",
    "NAME",
    "TITLE",
    "State",
    "action_catalog",
    "actions",
    "active",
    "apply",
    "checkpoint",
    "describe",
    "determinize",
    "from_json",
    "info",
    "load_cards",
    "observation_size",
    "observe",
    "provisional",
    "render",
    "result",
    "roles",
    "scores",
    "setup",
    "to_json",
    "unavailable",
    "view",
]
