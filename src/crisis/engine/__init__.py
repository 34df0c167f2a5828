"""The game-agnostic engine contract: actions, errors, the secret seeded RNG and matches."""

from crisis.engine.action import Action, Arg
from crisis.engine.errors import IllegalAction, MalformedAction, NotYourTurn, UndoUnavailable
from crisis.engine.match import Match
from crisis.engine.result import Termination
from crisis.engine.rng import Rng, Seed, force_dice, fresh_seed, new_rng, randbelow, roll, shuffle
from crisis.engine.title import TitleSpec, ViewSplit

__all__ = [
    "Action",
    "Arg",
    "IllegalAction",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "Rng",
    "Seed",
    "Termination",
    "TitleSpec",
    "UndoUnavailable",
    "ViewSplit",
    "force_dice",
    "fresh_seed",
    "new_rng",
    "randbelow",
    "roll",
    "shuffle",
]
