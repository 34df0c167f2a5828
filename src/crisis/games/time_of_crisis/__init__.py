"""Time of Crisis (GMT Games, 2nd edition) on the crisis engine.

The module-level functions are the engine contract::

    from crisis.games import time_of_crisis as toc
    state = toc.setup(seed=1, options={"players": 4})
    role = toc.active(state)[0]
    toc.apply(state, role, toc.actions(state, role)[0])
"""

from crisis.engine.title import (
    Bots,
    FuzzProfile,
    Presentation,
    Research,
    Rules,
    TitleSpec,
    ViewSplit,
)
from crisis.games.time_of_crisis import fuzzing, invariants
from crisis.games.time_of_crisis.army_slots import (
    actual_action,
    canonical_action,
    canonical_view,
)
from crisis.games.time_of_crisis.catalog import MAX_CHANCE_OUTCOMES, action_catalog
from crisis.games.time_of_crisis.determinize import determinize
from crisis.games.time_of_crisis.observation import (
    observation_fields,
    observation_size,
    observe,
    observe_state,
)
from crisis.games.time_of_crisis.registry import RULES
from crisis.games.time_of_crisis.rules import (
    NAME,
    actions,
    active,
    apply,
    checkpoint,
    from_json,
    info,
    observed_view,
    own_view,
    result,
    roles,
    scores,
    setup,
    shared_view,
    to_json,
    view,
)
from crisis.games.time_of_crisis.state import State, copy_state
from crisis.games.time_of_crisis.text import render
from crisis.games.time_of_crisis.words import describe, unavailable

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
        view_split=ViewSplit(shared=shared_view, own=own_view),
        invariants=invariants.check_game,
    ),
    presentation=Presentation(
        info=info,
        render=render,
        describe=describe,
        unavailable=unavailable,
        score_name="legacy",
        board="time_of_crisis",
        lessons="lessons",
    ),
    research=Research(
        action_catalog=action_catalog,
        observation_size=observation_size,
        observe=observe,
        determinize=determinize,
        observed_view=observed_view,
        observe_state=observe_state,
        canonical_action=canonical_action,
        canonical_view=canonical_view,
        actual_action=actual_action,
        score_range=(0.0, 200.0),
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
    ),
    # Its bots, their default, its levels and hint (imported on use), and its fuzz profile.
    bots=Bots(
        module="crisis.ai.toc.bots",
        fuzz=FuzzProfile(
            weights=fuzzing.FUZZ_WEIGHTS,
            options=fuzzing.fuzz_options,
            seats=fuzzing.FUZZ_SEATS,
        ),
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
    "actual_action",
    "apply",
    "canonical_action",
    "checkpoint",
    "describe",
    "determinize",
    "from_json",
    "info",
    "observation_fields",
    "observation_size",
    "observe",
    "render",
    "result",
    "roles",
    "scores",
    "setup",
    "to_json",
    "unavailable",
    "view",
]
