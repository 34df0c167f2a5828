"""The contract every title implements, as a typing Protocol.

A title is a module with these functions; everything above the engine (server, bots, RL
adapters, CLI) talks to a title only through them.

Besides the game itself (``setup`` ... ``from_json``) a title provides what the layers above
need to stay game-agnostic: a fixed action catalog and observation encoding for the research
adapters, determinization for searching bots, and a plain-text rendering of a view.

Hidden information (docs/randomness.md): every random draw comes from the generator kept in
the state (:mod:`crisis.engine.rng`), made by ``setup`` from the seed. **Views and logs may
show the results of draws, never anything from which unseen draws follow**: no view, log line
or error contains the generator's key or state, the seed, or the order of anything face down.

Optional members, read by the research adapters when a title has them:

* ``canonical_action(view, role, action) -> Action`` (and its inverse ``actual_action``):
  for titles whose actions name things that are not in the data (Time of Crisis numbers its
  armies as they are raised), the catalog form of a legal action; the identity otherwise.
* ``MAX_CHANCE_OUTCOMES``: the most outcomes one random draw can have (OpenSpiel's bound).
* ``SCORE_RANGE``: (lowest, highest) final score, for reward bounds.
* ``describe(state, role, actions) -> list[dict]``: for each legal action a ``label`` in
  words, its ``cost`` and a ``note`` (odds, what is lost), which the table shows instead of
  re-deriving rules in the client; ``unavailable(state, role) -> list[dict]``: actions the
  player could take with more means, each with its ``label``, ``cost`` and ``why`` not now.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from crisis.engine.action import Action
from crisis.engine.rng import Seed


class Title(Protocol):
    """Module-level functions of a title (see DESIGN.md, "The engine contract")."""

    NAME: str

    def setup(self, seed: Seed, options: dict[str, Any] | None = None) -> Any:
        """A new game state for ``seed`` and ``options``; every random draw of the game comes
        from the generator made from ``seed`` (:func:`crisis.engine.rng.new_rng`)."""
        ...

    def roles(self, state: Any) -> list[str]:
        """Every seat of this game, in turn order from the first seat."""
        ...

    def active(self, state: Any) -> list[str]:
        """The roles that may act now (several during simultaneous choices)."""
        ...

    def actions(self, state: Any, role: str) -> list[Action]:
        """Every legal action for ``role`` now (empty if it may not act)."""
        ...

    def apply(self, state: Any, role: str, action: Action) -> None:
        """Perform ``action`` for ``role``; raise IllegalAction and change nothing if illegal."""
        ...

    def view(self, state: Any, role: str | None) -> dict[str, Any]:
        """What ``role`` may see (``None``: an observer's public view)."""
        ...

    def result(self, state: Any) -> dict[str, Any] | None:
        """Final scores and ranking once the game is over, else ``None``."""
        ...

    def scores(self, state: Any) -> dict[str, int]:
        """Each role's score so far (victory points, legacy): the standings when a game is
        abandoned, and a bot's or learner's progress."""
        ...

    def checkpoint(self, state: Any) -> tuple[int, ...]:
        """A value that changes whenever dice are rolled or hidden information is revealed."""
        ...

    def to_json(self, state: Any) -> bytes:
        """The state as JSON."""
        ...

    def from_json(self, data: bytes | str) -> Any:
        """The state from :func:`to_json`'s output."""
        ...

    # -- for bots, research adapters and text front ends ------------------------------

    def action_catalog(self, options: dict[str, Any] | None = None) -> list[Action]:
        """Every action that can ever be legal in a game with ``options``, in a fixed order
        derived from the title's data (never from a particular game). An action's index in
        this list is its integer id for a policy network; every action that ``actions``
        returns is in it."""
        ...

    def observation_size(self, options: dict[str, Any] | None = None) -> int:
        """The length of :meth:`observe`'s vector for games with ``options``."""
        ...

    def observe(self, view: dict[str, Any], role: str) -> list[float]:
        """``role``'s view as a fixed-size vector of numbers (mostly 0/1 and small counts).
        It reads only the view, so it can never leak hidden information."""
        ...

    def determinize(self, view: dict[str, Any], role: str | None, rng: random.Random) -> Any:
        """A full state that shows ``role`` exactly ``view``; hidden parts drawn from ``rng``."""
        ...

    def info(self) -> dict[str, Any]:
        """What a client needs to offer and draw the title: ``name`` (for people),
        ``players`` ([min, max]), ``options`` (option -> help text or list of choices) and the
        names of its pieces (cards, regions ...), all JSON-simple."""
        ...

    def render(self, view: dict[str, Any], role: str | None) -> str:
        """The view as plain text for terminals and text-mode environments."""
        ...
