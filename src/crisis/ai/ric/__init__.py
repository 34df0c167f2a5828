"""Bots for Rome in Crisis: a rule-of-thumb heuristic (the generic ``random`` and ``ismcts``
bots play it through the engine contract)."""
