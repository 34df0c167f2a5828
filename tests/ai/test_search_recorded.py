"""The ``hard`` search decides exactly as it did when its decisions were recorded: on fixed
seeds and a fixed number of rollouts, every decision of the searching seat, the candidates it
weighed and each rollout's value (to the last bit) match the recording, which was made by the
search as it stood before its rollouts were made cheaper (tests/ai/data/search_decisions.json;
written by running this file as a script, ``python tests/ai/test_search_recorded.py OUT``,
against the sources to record). So a faster rollout policy plays the same rollouts, and more of
them a second can only help."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "search_decisions.json"
#: The searching seat's settings: the ``hard`` level's, with a fixed number of rollouts.
SEARCH = "search:own=consul:opponents=infer:iterations=6"
#: Games recorded: (seed, searching seat, decisions of that seat recorded).
GAMES = ((26, 0, 40), (7, 2, 40))


def trace(seed: int, seat: int, decisions: int) -> list[dict[str, Any]]:
    """Play a 4-player game (the search in ``seat``, ``senate`` bots elsewhere) until the
    search has made ``decisions`` decisions; each decision as plain data: the action, the
    rollouts played and every candidate with its values by sweep."""
    from crisis.ai import get_bot
    from crisis.games import time_of_crisis as toc

    state = toc.setup(seed, {"players": 4})
    roles = toc.roles(state)
    mine = roles[seat]
    bots = {r: get_bot(SEARCH if r == mine else "senate", "time_of_crisis") for r in roles}
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < decisions and toc.result(state) is None:
        who = toc.active(state)[0]
        legal = toc.actions(state, who)
        view = toc.view(state, who)
        bot = bots[who]
        if who == mine:
            bot.last_search = []
            bot.last_iterations = 0
        act = bot.choose(view, who, legal, rng)
        if who == mine:
            out.append(
                {
                    "action": act.to_json(),
                    "rollouts": bot.last_iterations if bot.last_search else 0,
                    "candidates": [
                        [c.action.to_json(), sorted([k, v.hex()] for k, v in c.values.items())]
                        for c in bot.last_search
                    ],
                }
            )
        toc.apply(state, who, act)
    return out


def record() -> dict[str, Any]:
    """Every recorded game's trace, keyed by ``seed/seat``."""
    return {
        "search": SEARCH,
        "games": {f"{s}/{seat}": trace(s, seat, n) for s, seat, n in GAMES},
    }


def test_the_search_decides_as_recorded() -> None:
    expected = json.loads(DATA.read_text())
    assert expected["search"] == SEARCH
    searched = 0
    for seed, seat, n in GAMES:
        want = expected["games"][f"{seed}/{seat}"]
        got = json.loads(json.dumps(trace(seed, seat, n)))
        assert len(got) == len(want) == n
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g == w, f"game {seed}/{seat}, decision {i}"
        searched += sum(1 for d in want if d["rollouts"])
    assert searched >= 10  # the recording holds real searches, not only forced moves


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(record(), indent=0) + "\n")
