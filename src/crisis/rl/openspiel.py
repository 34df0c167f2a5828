"""Crisis titles as OpenSpiel Python games, with every random draw an explicit chance node.

::

    import pyspiel
    import crisis.rl.openspiel  # registers crisis_<title> for every title

    game = pyspiel.load_game("crisis_time_of_crisis(players=2,short_game=true)")
    state = game.new_initial_state()   # a chance node: the setup's shuffles come first

Game parameters: ``players`` (int); one parameter per setup option of the title (as its
``info()["options"]`` declares it: a ``bool`` is a flag, a ``choice`` or ``role`` a string,
``""`` meaning the title's default), e.g. ``short_game=true``, ``market=variable``, ``dealer=blue``;
``options`` (the same as ``key:value`` items joined by ``;``, kept for old game strings);
``reward`` (``score``, ``rank`` or ``win``, see :func:`crisis.rl.encoding.final_rewards`);
``max_moves`` (player actions after which the game is cut short and scored from the
standings, :func:`crisis.rl.encoding.truncated_result`, as the Gymnasium and PettingZoo
adapters do; 0, the default, means :data:`~crisis.rl.encoding.DEFAULT_MAX_STEPS` per player).
The game's ``max_game_length`` is that limit and its utility bounds are the reward's
(``score``: the title's ``score_range``).

How chance works: the engine's generator has a *strict chance mode*
(:attr:`crisis.engine.rng.Rng.chance`): every primitive draw takes its outcome from a list
and raises :class:`~crisis.engine.rng.NeedChance` when the list is empty. To apply a player's
action the state copies the title state (the title's ``copy_state``) and applies the action
with an empty list; if a draw is needed, the OpenSpiel state becomes a chance node with ``n``
equally likely outcomes, and once one is chosen the action is retried from the saved copy
with the outcomes chosen so far. The setup (seed 0) runs the same way. Simultaneous choices
are taken one role at a time (:func:`crisis.rl.encoding.acting_role`).

Information: the observation (tensor: the title's ``observe`` of the player's view; string:
its ``render``) and a perfect-recall information state (string: the player's view now plus,
for each of its own decisions, a digest of its whole view then, the log counted by its length
since the log only grows, and what it chose, with a digest of its whole view now; tensor: the
observation, how often the player chose each action, and its last action one-hot).
``resample_from_infostate`` draws the hidden parts with the title's ``determinize``, so
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` runs. Games pickle (by their game string)
and states clone with the title's state copy.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
import pyspiel

from crisis.engine.action import Action
from crisis.engine.rng import NeedChance, strict_chance
from crisis.engine.title import TitleSpec
from crisis.games import TITLES, get_title
from crisis.rl import recall
from crisis.rl.encoding import (
    DEFAULT_MAX_STEPS,
    OBSERVATION_HIGH,
    REWARD_MODES,
    Encoding,
    acting_role,
    final_rewards,
    reward_bounds,
    truncated_result,
)

_SETUP = "setup"
_GAMES: dict[str, CrisisGame] = {}
#: Game parameters that are not setup options.
_BASE_PARAMS = ("players", "options", "reward", "max_moves")


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


def _described(title: TitleSpec) -> list[dict[str, Any]]:
    """The title's setup options as ``info()`` describes them (:mod:`crisis.engine.options`),
    less ``data`` ones (a card set is no game parameter: pass it in ``options``)."""
    return [o for o in title.presentation.info().get("options", []) if o["kind"] != "data"]


def option_params(title: TitleSpec) -> dict[str, Any]:
    """One game parameter per setup option the title describes, from its declared kind: a
    ``bool`` is a flag (``False``), a ``choice`` or ``role`` a string (``""``: the title's
    default)."""
    return {o["name"]: False if o["kind"] == "bool" else "" for o in _described(title)}


def _defaults(title: str) -> dict[str, Any]:
    base = {"players": 4, "options": "", "reward": "score", "max_moves": 0}
    return {**base, **option_params(get_title(title))}


def _setup_options(title: TitleSpec, params: dict[str, Any]) -> dict[str, Any]:
    """The title's setup options from the game parameters (unset ones left out)."""
    options = parse_options(str(params.get("options", "")))
    for spec in _described(title):
        name = spec["name"]
        value = params.get(name)
        if value in (None, False, ""):
            continue
        allowed = [c["value"] for c in spec.get("choices", [])]
        if spec["kind"] == "choice" and value not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        options[name] = value
    options["players"] = int(params["players"])
    return options


class TitleState:
    """A title state held by an OpenSpiel state: deep copies use the title's ``copy_state``
    and pickles its JSON, so clones and serialization never walk the state generically.
    Never changed once made (clones share it), so its recall snapshot is made at most once."""

    __slots__ = ("_snapshot", "title", "value")

    def __init__(self, title: TitleSpec, value: Any) -> None:
        self.title = title
        self.value = value
        self._snapshot: tuple[bytes, int] | None = None

    def snapshot(self) -> tuple[bytes, int]:
        """:func:`crisis.rl.recall.snapshot` of the state, made once (a search may take
        several decisions from one position)."""
        if self._snapshot is None:
            self._snapshot = recall.snapshot(self.title, self.value)
        return self._snapshot

    def __deepcopy__(self, memo: dict[int, Any]) -> TitleState:
        return TitleState(self.title, self.title.rules.copy_state(self.value))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_title_state, (self.title, self.title.rules.to_json(self.value)))


def _title_state(title: TitleSpec, data: bytes) -> TitleState:
    return TitleState(title, title.rules.from_json(data))


class CrisisGame(pyspiel.Game):
    """One crisis title as an OpenSpiel game (see the module docstring); each title has its
    subclass here, e.g. :class:`CrisisGameTimeOfCrisis`, which OpenSpiel constructs."""

    title_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        title = self.title_name
        params = {**_defaults(title), **(params or {})}
        unknown = set(params) - set(_defaults(title))
        if unknown:
            raise ValueError(f"unknown parameters for {game_name(title)}: {sorted(unknown)}")
        self.players = int(params["players"])
        spec = get_title(title)
        options = _setup_options(spec, params)
        self.reward_mode = str(params["reward"])
        if self.reward_mode not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}")
        moves = int(params["max_moves"])
        if moves < 0:
            raise ValueError(f"max_moves must be 0 (the default) or more, not {moves}")
        self.max_moves = moves or DEFAULT_MAX_STEPS * self.players
        self.encoding = Encoding(title, options)
        self.title: TitleSpec = self.encoding.title
        low, high = reward_bounds(self.title, options, self.reward_mode)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.title.research.max_chance_outcomes,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.max_moves,
        )
        super().__init__(_game_type(title, self.players), info, params)
        with strict_chance([]):
            try:
                self.title.rules.setup(0, options)
            except NeedChance as exc:
                self.setup_need = exc.n
            else:  # a title without random setup
                self.setup_need = 0
        probe = self.title.rules.setup(0, options)
        self.roles = list(self.title.rules.roles(probe))
        self.key = str(self)
        _GAMES[self.key] = self
        #: The observers behind the states' own tensor methods (see
        #: :meth:`CrisisState.observation_tensor`), made on first use.
        self._observers: dict[bool, CrisisObserver] = {}

    def tensor_observer(self, perfect_recall: bool) -> CrisisObserver:
        """The observer that :meth:`CrisisState.observation_tensor` (``False``) or
        :meth:`CrisisState.information_state_tensor` (``True``) fills."""
        found = self._observers.get(perfect_recall)
        if found is None:
            found = InfoStateObserver(self) if perfect_recall else CrisisObserver(self)
            self._observers[perfect_recall] = found
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by game string: the unpickled game is ``pyspiel.load_game`` of it."""
        return (_load, (self.key,))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def new_initial_state(self, *args: Any) -> CrisisState:
        """The game before setup: a chance node for the setup's first shuffle."""
        return CrisisState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CrisisObserver:
        """The observer: perfect recall (``iig_obs_type.perfect_recall``) gives the
        information state, anything else the observation."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver(self)
        return CrisisObserver(self)


def _load(key: str) -> CrisisGame:
    game = _GAMES.get(key) or pyspiel.load_game(key)
    assert isinstance(game, CrisisGame)
    return game


class CrisisState(pyspiel.State):
    """A position: a title state, or a chance node inside a pending action or the setup."""

    def __init__(self, game: CrisisGame) -> None:
        super().__init__(game)
        # Only plain data in __dict__ (OpenSpiel clones by deep-copying it, serializes by
        # pickling it): the game is looked up by its string.
        self._key = game.key
        self.state: TitleState | None = None
        self._pending: Any = _SETUP  # _SETUP, (role, Action, action id) or None
        self._outcomes: list[int] = []
        self._need = game.setup_need
        self._moves = 0
        self._result: dict[str, Any] | None = None
        self._recall = [recall.empty() for _ in range(game.players)]
        #: (player, the TitleState it was listed in, legal actions by id): see _legal.
        self._legal_cache: tuple[int, TitleState | None, dict[int, Action]] | None = None
        #: (the TitleState, who acts there): OpenSpiel asks many times per position.
        self._player_cache: tuple[TitleState | None, int] | None = None
        if not self._need:
            self._try()

    @property
    def _game(self) -> CrisisGame:
        return _load(self._key)

    @property
    def title(self) -> TitleSpec:
        """The title's declaration."""
        return self._game.title

    @property
    def title_state(self) -> Any:
        """The title state (``None`` during the setup's draws)."""
        return self.state.value if self.state is not None else None

    # -- chance machinery ------------------------------------------------------------------

    def _try(self) -> None:
        """Run the pending setup or action with the outcomes chosen so far."""
        outcomes = list(self._outcomes)
        game, title = self._game, self._game.title
        try:
            if self._pending == _SETUP:
                with strict_chance(outcomes):
                    new = title.rules.setup(0, game.encoding.options)
            else:
                role, action, _ = self._pending
                assert self.state is not None
                new = title.rules.copy_state(self.state.value)
                new.rng.chance = outcomes
                title.rules.machine.perform(new, role, action)  # listed by _legal
        except NeedChance as exc:
            self._need = exc.n
            return
        new.rng.chance = []
        if self._pending != _SETUP and self.state is not None:
            role, _, action_id = self._pending
            player = game.roles.index(role)
            taken = recall.Decision(title, role, self.state.snapshot(), action_id)
            self._recall[player] = self._recall[player].add(taken)
        self.state = TitleState(title, new)
        self._pending = None
        self._outcomes = []
        self._need = 0
        result = title.rules.result(new)
        if result is None and self._moves >= game.max_moves:
            result = truncated_result(title, new)
        self._result = result

    # -- the OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act, CHANCE or TERMINAL."""
        if self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        cached = self._player_cache
        if cached is not None and cached[0] is self.state:
            return cached[1]
        game = self._game
        role = acting_role(game.title, self.title_state)
        player = int(pyspiel.PlayerId.TERMINAL) if role is None else game.roles.index(role)
        self._player_cache = (self.state, player)
        return player

    def _legal(self, player: int) -> dict[int, Action]:
        """``player``'s legal actions by id, kept until the state changes (OpenSpiel asks
        for them, then applies one: one listing serves both)."""
        cached = self._legal_cache
        if cached is not None and cached[0] == player and cached[1] is self.state:
            return cached[2]
        role = self._game.roles[player]
        legal = self._game.encoding.legal(self.title_state, role)
        self._legal_cache = (player, self.state, legal)
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        """The catalog ids legal for ``player``, ascending."""
        if self._pending is not None or self._result is not None:
            return []
        if self.current_player() != player:
            return []
        return sorted(self._legal(player))

    # pyspiel's own ``observation_tensor`` and ``legal_actions`` go through C++: the tensor's
    # size is asked of the game each time, which makes a new initial state and fills an
    # observer from it, then the vector is copied twice; the legal ids go to a C++ vector
    # and back. From Python the state answers them itself, the same values (tested against
    # pyspiel's own), in about a tenth less time a step; C++ callers take pyspiel's path.
    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (by default the player to act), as pyspiel's."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state tensor (by default the player to act), as pyspiel's."""
        return self._tensor(True, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> list[float]:
        game = self._game
        who = self.current_player() if player is None else player
        if not 0 <= who < game.players:  # pyspiel's own refusal
            if perfect_recall:
                refused: list[float] = pyspiel.State.information_state_tensor(self, who)
            else:
                refused = pyspiel.State.observation_tensor(self, who)
            return refused
        observer = game.tensor_observer(perfect_recall)
        observer.set_from(self, who)
        values: list[float] = observer.tensor.tolist()
        return values

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids, ascending, as pyspiel's: the outcomes at a chance node
        (whoever is named), the acting player's actions, none for anyone else or at the end."""
        if self._pending is not None:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player is None:
            player = self.current_player()
            if player < 0:  # the end
                return []
        elif player < 0:  # a pseudo-player named: pyspiel's own refusal
            refused: list[int] = pyspiel.State.legal_actions(self, player)
            return refused
        return self._legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``n`` equally likely outcomes of the draw needed now."""
        n = self._need
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            if not 0 <= action < self._need:
                raise ValueError(f"chance outcome {action} is not in [0, {self._need})")
            self._outcomes.append(int(action))
            try:
                self._try()
            except BaseException:
                self._outcomes.pop()
                raise
            return
        player = self.current_player()
        if player < 0:
            raise ValueError("the game is over: no action applies")
        legal = self._legal(player)
        if action not in legal:
            raise ValueError(f"action {action} is not legal for player {player}")
        self._pending = (self._game.roles[player], legal[action], int(action))
        self._outcomes = []
        self._moves += 1
        try:
            self._try()
        except BaseException:  # a try runs on a copy: the position is as it was
            self._pending = None
            self._moves -= 1
            raise

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{action}"
        return str(self._game.encoding.catalog[action])

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut short by ``max_moves``)."""
        return self._pending is None and self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        """Each player's reward: 0 until the end, then ``final_rewards`` (of the standings
        when the game was cut short)."""
        if not self.is_terminal() or self._result is None:
            return [0.0] * self._game.players
        rewards = final_rewards(self._result, self._game.roles, self._game.reward_mode)
        return [rewards[r] for r in self._game.roles]

    def result(self) -> dict[str, Any] | None:
        """The title's result once the game is over (``truncated_result`` if cut short)."""
        return self._result if self.is_terminal() else None

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CrisisState:
        """A state that ``player_id`` cannot tell from this one: the same information state,
        hidden parts drawn by the title's ``determinize`` from a generator seeded with
        ``probability_sampler()`` (a uniform number in [0, 1)). Other players' histories are
        not knowable from here, so the copy marks them forgotten."""
        if self.state is None or self._pending is not None:
            raise ValueError("resample_from_infostate needs a decision or terminal node")
        game, title = self._game, self._game.title
        role = game.roles[player_id]
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        determinized = title.research.determinize(
            title.rules.view(self.state.value, role), role, rng
        )
        determinized.rng.chance = []
        copy = self.clone()
        assert isinstance(copy, CrisisState)
        copy.state = TitleState(title, determinized)
        copy._recall = [
            h if p == player_id else recall.empty(player_id) for p, h in enumerate(self._recall)
        ]
        return copy

    def __str__(self) -> str:
        if self.state is None:
            return f"setup, {len(self._outcomes)} draws so far"
        text = self.title.presentation.render(self.title.rules.view(self.state.value, None), None)
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
        role = self._game.roles[player]
        self.tensor[:] = self._game.encoding.observe_state(state.title_state, role)

    def string_from(self, state: CrisisState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        if state.state is None:
            return "setup"
        title, role = state.title, self._game.roles[player]
        return str(title.presentation.render(title.rules.view(state.title_state, role), role))


class InfoStateObserver(CrisisObserver):
    """PyObserver for the perfect-recall information state (see the module docstring)."""

    def __init__(self, game: CrisisGame) -> None:
        super().__init__(game)
        n, size = game.encoding.num_actions, game.encoding.observation_size
        self.tensor = np.zeros(size + 2 * n, np.float32)
        self.dict = {
            "observation": self.tensor[:size],
            "action_counts": self.tensor[size : size + n],
            "last_action": self.tensor[size + n :],
        }

    def set_from(self, state: CrisisState, player: int) -> None:
        """The observation, then counts of the player's actions, then its last one-hot."""
        obs, counts, last = (self.dict[k] for k in ("observation", "action_counts", "last_action"))
        self.tensor.fill(0)
        if state.state is not None:
            role = self._game.roles[player]
            obs[:] = self._game.encoding.observe_state(state.title_state, role)
        decisions = state._recall[player].decisions()
        for d in decisions:
            counts[d.action] += 1
        np.minimum(counts, OBSERVATION_HIGH, out=counts)
        if decisions:
            last[decisions[-1].action] = 1

    def string_from(self, state: CrisisState, player: int) -> str:
        """What ``player`` saw at each of its decisions and chose, then its view now."""
        history = state._recall[player]
        lines = [f"player {player} ({self._game.roles[player]})"]
        if history.forgotten >= 0:
            lines.append(f"history unknown to player {history.forgotten}")
        catalog = self._game.encoding.catalog
        for i, d in enumerate(history.decisions(), 1):
            lines.append(f"{i}. saw {d.digest}, chose {catalog[d.action]}")
        if state.state is None:
            lines.append("now: setup")
        else:
            role = self._game.roles[player]
            view = state.title.rules.view(state.title_state, role)
            lines.append(f"now: sees {recall.view_digest(view)}")
            lines.append(state.title.presentation.render(view, role))
        return "\n".join(lines)


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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(title),
    )


def class_name(title: str) -> str:
    """The module-level game class of ``title``: ``CrisisGame<Title>``."""
    return "CrisisGame" + "".join(w.capitalize() for w in title.split("_"))


#: The game class registered for each title; each is also this module's attribute of the
#: name :func:`class_name` gives, so that pickle finds it.
GAME_CLASSES: dict[str, type[CrisisGame]] = {}


def register_all() -> list[str]:
    """Register ``crisis_<title>`` for every title; returns the game names."""
    names = []
    registered = set(pyspiel.registered_names())
    module = sys.modules[__name__]
    for title in TITLES:
        name = class_name(title)
        cls = module.__dict__.get(name)
        if cls is None:
            cls = type(name, (CrisisGame,), {"title_name": title, "__module__": __name__})
            cls.__qualname__ = name
            setattr(module, name, cls)
        GAME_CLASSES[title] = cls
        if game_name(title) not in registered:
            pyspiel.register_game(_game_type(title), cls)
        names.append(game_name(title))
    return names


GAME_NAMES = register_all()
