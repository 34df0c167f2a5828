"""How a game ended, in a form programs can branch on.

A title's result (``TitleSpec.rules.result``) is a JSON-simple dict with final ``scores``, the
``ranking``, the ``winner`` and a free-text ``reason`` for people ("last round",
"Diocletian"). Beside the reason it carries ``termination``: the value of one
:class:`Termination` member, so that reports, ratings and research code can tell a game
played to its end from one stopped by an event without parsing the reason's words.
"""

from __future__ import annotations

from enum import StrEnum


class Termination(StrEnum):
    """The kind of ending a result's ``termination`` names (stored as the plain string)."""

    #: A player reached the score that ends the game (Time of Crisis: an Emperor at the
    #: legacy target; the round is played out).
    SCORE_TARGET = "score_target"
    #: An event card ended the game at once (Time of Crisis: Diocletian).
    EVENT = "event"
    #: The game ran its fixed course (Rome in Crisis: the second Emperor is removed).
    COURSE_RUN = "course_run"
    #: Every other player resigned or left (a server ends such a game; no title does).
    RESIGNATION = "resignation"
