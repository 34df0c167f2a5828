"""Option descriptions: what a lobby reads from info(), and refusals of inconsistent ones."""

from __future__ import annotations

import pytest

from crisis.engine.options import Option, describe


def test_options_describe_themselves_for_clients() -> None:
    opts = (
        Option("short", "bool", "Short game", False, help="Ends sooner"),
        Option("market", "choice", "Market", "a", choices=(("a", "A"), ("b", "B"))),
        Option("cards", "data", "Card set"),
    )
    assert describe(opts) == [
        {"name": "short", "kind": "bool", "label": "Short game", "default": False,
         "help": "Ends sooner"},
        {"name": "market", "kind": "choice", "label": "Market", "default": "a",
         "choices": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
        {"name": "cards", "kind": "data", "label": "Card set", "default": None},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "slider", "default": 1}, "unknown kind"),
        ({"kind": "choice", "default": "c", "choices": (("a", "A"),)}, "not a choice"),
        ({"kind": "choice", "default": "a"}, "choices go with kind 'choice' only"),
        ({"kind": "bool", "default": "a", "choices": (("a", "A"),)}, "choices go with"),
        ({"kind": "bool", "default": 0}, "needs a bool default"),
    ],
)
def test_inconsistent_options_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Option("x", label="X", **kwargs)  # type: ignore[arg-type]
