"""Crisis titles as OpenSpiel Python games, with every random draw an explicit chance node.

::

    import pyspiel
    import crisis.rl.openspiel  # registers crisis_<title> for every title

    game = pyspiel.load_game("crisis_time_of_crisis", {"players": 2})
    state = game.new_initial_state()   # a chance node: the setup's shuffles come first

Game parameters: ``players`` (int), ``options`` (the title's setup options as
``key:value`` items joined by ``;``, e.g. ``"short_game:true;expansion_cards:true"``: game
strings cannot hold commas; see :func:`options_param`), ``reward`` (``score``, ``rank`` or
``win``, see :func:`crisis.rl.encoding.final_rewards`) and ``max_moves`` (player actions
after which the game is cut short and scored from the standings so far: the title's
``scores(state)``; default 4000, well above random games' lengths).

How chance works: the engine's generator has a *strict chance mode*
(:attr:`crisis.engine.rng.Rng.chance`): every primitive draw takes its outcome from a list
and raises :class:`~crisis.engine.rng.NeedChance` when the list is empty. To apply a player's
action the state copies the title state and applies the action with an empty list; if a draw
is needed, the OpenSpiel state becomes a chance node with ``n`` equally likely outcomes, and
once one is chosen the action is retried from the saved copy with the outcomes chosen so far.
The setup (seed 0) runs the same way, so the first nodes are the setup's shuffles. Simultaneous
choices are taken one role at a time (:func:`crisis.rl.encoding.acting_role`).

GameType: sequential, explicit stochastic, imperfect information, general-sum, terminal
rewards; observation tensor = the title's ``observe`` of the player's view, observation string
= the title's ``render``. No information-state tensor is provided.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from crisis.engine.action import Action
from crisis.engine.rng import NeedChance, strict_chance
from crisis.games import TITLES
from crisis.rl.encoding import (
    REWARD_MODES,
    Encoding,
    acting_role,
    final_rewards,
    reward_bounds,
)

DEFAULT_MAX_MOVES = 4000
#: Used when a title does not declare ``MAX_CHANCE_OUTCOMES``; a larger draw raises.
FALLBACK_MAX_CHANCE_OUTCOMES = 64
_SETUP = "setup"
_GAMES: dict[str, CrisisGame] = {}


def game_name(title: str) -> str:
    """The OpenSpiel short name of ``title``: ``crisis_<title>``."""
    return f"crisis_{title}"


def parse_options(text: str) -> dict[str, Any]:
    """The ``options`` game parameter: ``key:value`` items joined by ``;`` (OpenSpiel game
    strings cannot hold commas), each value read as JSON when it parses (``true``, ``3``)
    and as a plain string otherwise, e.g. ``expansion_cards:true;market:variable``. A JSON
    object without commas (``{"short_game": true}``) is accepted too."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        value = json.loads(text)
        if not isinstance(value, dict):
            raise ValueError(f"options must be a JSON object, not {text!r}")
        return value
    out: dict[str, Any] = {}
    for item in filter(None, (x.strip() for x in text.split(";"))):
        key, sep, raw = item.partition(":")
        if not sep:
            raise ValueError(f"option {item!r} is not key:value")
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw.strip()
    return out


def options_param(options: dict[str, Any]) -> str:
    """The ``options`` game parameter for a dict of flat setup options."""
    return ";".join(f"{k}:{json.dumps(v)}" for k, v in options.items() if k != "players")


def _standing(scores: dict[str, Any]) -> dict[str, Any]:
    """A result-shaped dict from scores so far (ties ranked in seat order)."""
    order = sorted(scores, key=lambda r: -scores[r])
    best = scores[order[0]]
    return {
        "scores": scores,
        "ranking": order,
        "winners": [r for r in order if scores[r] == best],
    }


class CrisisGame(pyspiel.Game):
    """One crisis title as an OpenSpiel game (see the module docstring)."""

    def __init__(self, title: str, params: dict[str, Any] | None = None) -> None:
        params = {**_defaults(), **(params or {})}
        self.title_name = title
        self.players = int(params["players"])
        options = parse_options(str(params["options"]))
        options["players"] = self.players
        self.reward_mode = str(params["reward"])
        if self.reward_mode not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}")
        self.max_moves = int(params["max_moves"])
        self.encoding = Encoding(title, options)
        title_mod = self.encoding.title
        low, high = reward_bounds(title_mod, options, self.reward_mode)
        max_chance = int(getattr(title_mod, "MAX_CHANCE_OUTCOMES", FALLBACK_MAX_CHANCE_OUTCOMES))
        game_type = _game_type(title, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=max_chance,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.max_moves,
        )
        super().__init__(game_type, info, params)
        self.roles = list(title_mod.roles(title_mod.setup(0, options)))

    def new_initial_state(self) -> CrisisState:
        """The game before setup: a chance node for the setup's first shuffle."""
        return CrisisState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CrisisObserver:
        """The observer: the player's view as tensor (``observe``) and string (``render``)."""
        return CrisisObserver(self)


class CrisisState(pyspiel.State):
    """A position: a title state, or a chance node inside a pending action or the setup."""

    def __init__(self, game: CrisisGame) -> None:
        super().__init__(game)
        # Only plain data in __dict__: OpenSpiel clones Python states with deepcopy, so the
        # game (and the title module) are looked up by the game's string instead.
        self._key = str(game)
        _GAMES[self._key] = game
        self.state: Any = None  # the title state (before the pending action at chance nodes)
        self._pending: Any = _SETUP  # _SETUP, (role, Action) or None
        self._outcomes: list[int] = []
        self._need = 0
        self._moves = 0
        self._result: dict[str, Any] | None = None
        self._try()

    @property
    def _game(self) -> CrisisGame:
        return _GAMES[self._key]

    @property
    def title(self) -> Any:
        """The title module."""
        return _GAMES[self._key].encoding.title

    # -- chance machinery ------------------------------------------------------------------

    def _try(self) -> None:
        """Run the pending setup or action with the outcomes chosen so far."""
        outcomes = list(self._outcomes)
        try:
            if self._pending == _SETUP:
                with strict_chance(outcomes):
                    new = self.title.setup(0, self._game.encoding.options)
            else:
                role, action = self._pending
                new = self.title.from_json(self.title.to_json(self.state))
                new.rng.chance = outcomes
                self.title.apply(new, role, action)
        except NeedChance as exc:
            self._need = exc.n
            return
        new.rng.chance = []
        self.state = new
        self._pending = None
        self._outcomes = []
        self._need = 0
        result = self.title.result(new)
        if result is None and self._moves >= self._game.max_moves:
            scores = getattr(self.title, "scores", None)
            roles = self._game.roles
            result = _standing(scores(new) if scores else dict.fromkeys(roles, 0))
        self._result = result

    # -- the OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, CHANCE or TERMINAL."""
        if self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        role = acting_role(self.title, self.state)
        if role is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._game.roles.index(role)

    def _legal(self, player: int) -> dict[int, Action]:
        role = self._game.roles[player]
        return self._game.encoding.step(self.state, role).legal

    def _legal_actions(self, player: int) -> list[int]:
        """The catalog ids legal for ``player``, ascending."""
        if self._pending is not None or self._result is not None:
            return []
        if self.current_player() != player:
            return []
        return sorted(self._legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``n`` equally likely outcomes of the draw needed now."""
        n = self._need
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            if not 0 <= action < self._need:
                raise ValueError(f"chance outcome {action} is not in [0, {self._need})")
            self._outcomes.append(int(action))
            self._try()
            return
        player = self.current_player()
        legal = self._legal(player)
        if action not in legal:
            raise ValueError(f"action {action} is not legal for player {player}")
        self._pending = (self._game.roles[player], legal[action])
        self._outcomes = []
        self._moves += 1
        self._try()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{action}"
        return str(self._game.encoding.catalog[action])

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut short by ``max_moves``)."""
        return self._pending is None and self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        """Each player's reward: 0 until the end, then ``final_rewards``."""
        if not self.is_terminal() or self._result is None:
            return [0.0] * self._game.players
        rewards = final_rewards(self._result, self._game.roles, self._game.reward_mode)
        return [rewards[r] for r in self._game.roles]

    def __str__(self) -> str:
        if self.state is None:
            return f"setup, {len(self._outcomes)} draws so far"
        text = self.title.render(self.title.view(self.state, None), None)
        if self._pending is not None:
            text += f"\n(drawing for {self._pending[1]}: {len(self._outcomes)} draws so far)"
        return text


class CrisisObserver:
    """PyObserver: ``tensor`` is the player's ``observe`` vector; strings are ``render``."""

    def __init__(self, game: CrisisGame) -> None:
        self._game = game
        size = game.encoding.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CrisisState, player: int) -> None:
        """Fill ``tensor`` from ``player``'s view of ``state``."""
        if state.state is None:
            self.tensor.fill(0)
            return
        title, role = state.title, self._game.roles[player]
        self.tensor[:] = title.observe(title.view(state.state, role), role)

    def string_from(self, state: CrisisState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        if state.state is None:
            return "setup"
        title, role = state.title, self._game.roles[player]
        return str(title.render(title.view(state.state, role), role))


def _defaults() -> dict[str, Any]:
    return {"players": 4, "options": "", "reward": "score", "max_moves": DEFAULT_MAX_MOVES}


def _game_type(title: str, players: int | None = None) -> pyspiel.GameType:
    lo, hi = (players, players) if players else (2, 4)
    return pyspiel.GameType(
        short_name=game_name(title),
        long_name=f"crisis {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(),
    )


#: The game class registered for each title (kept here for the process's lifetime).
GAME_CLASSES: dict[str, type[CrisisGame]] = {}


def _game_class(title: str) -> type[CrisisGame]:
    """A :class:`CrisisGame` subclass for ``title`` whose constructor takes only ``params``
    (the factory OpenSpiel calls). A class, not a closure: pyspiel keeps its factories until
    after the interpreter has shut down, and a class is never freed there."""

    def __init__(self: CrisisGame, params: dict[str, Any] | None = None) -> None:
        CrisisGame.__init__(self, title, params)

    name = "CrisisGame_" + "".join(w.capitalize() for w in title.split("_"))
    return type(name, (CrisisGame,), {"__init__": __init__})


def register_all() -> list[str]:
    """Register ``crisis_<title>`` for every title; returns the game names."""
    names = []
    registered = set(pyspiel.registered_names())
    for title in TITLES:
        name = game_name(title)
        if name not in registered:
            GAME_CLASSES[title] = _game_class(title)
            pyspiel.register_game(_game_type(title), GAME_CLASSES[title])
        names.append(name)
    return names


GAME_NAMES = register_all()
