"""A PettingZoo AEC environment for any crisis title.

::

    from crisis.rl.pettingzoo import env
    e = env(title="time_of_crisis", players=4, options={"short_game": True})
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

Agents are the title's roles (TOC: ``green``, ``blue``...). ``agent_selection`` is the first
role, in seat order, among those who may act; the game's simultaneous secret choices (TOC's
starting hand, Pax Deorum, refills, Demagogue discards) are therefore taken one role at a
time, which is sound because no view shows another role's pending pick.

Observations are ``{"observation": float32[N], "action_mask": int8[A]}`` (PettingZoo's
convention for masked games); actions are ids into the title's action catalog (A of them).
Rewards are 0 during play and, when the game ends, each agent's ``final_rewards`` in the
chosen ``reward`` mode (``score``: final legacy, ``rank``: +1 first .. -1 last, ``win``: 1 for
the winner). Every episode ends: ``max_cycles`` (default
:data:`crisis.rl.encoding.DEFAULT_MAX_STEPS`) cuts the game short after ``max_cycles x
players`` actions; every agent is then truncated and rewarded from the standings
(:func:`crisis.rl.encoding.truncated_result`, in ``infos[agent]["result"]``), as in the
Gymnasium and OpenSpiel adapters. ``flat=True`` makes observations the bare ``float32[N]``
vector (a finite ``Box``, so SuperSuit's ``normalize_obs``, ``dtype`` and ``frame_stack``
apply) with the acting agent's mask in ``infos[agent]["action_mask"]``.

An action outside the mask raises ``ValueError``. The environment is not parallelizable
(turns are long and sequential), so PettingZoo's ``max_cycles_test``, which needs a parallel
version, does not apply; tests/rl check the truncation directly."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from crisis.games import DEFAULT_TITLE
from crisis.rl.encoding import (
    DEFAULT_MAX_STEPS,
    REWARD_MODES,
    Encoding,
    Step,
    acting_role,
    final_rewards,
    observation_box,
    setup_options,
    truncated_result,
)

RENDER_MODES = ("human", "ansi")


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's order-enforcing wrapper (the usual
    entry point); arguments as :class:`raw_env`."""
    return OrderEnforcing(raw_env(**kwargs))


def _forwarded(name: str) -> property:
    """The wrapped environment's attribute ``name``, refused before ``reset`` as
    PettingZoo's wrapper refuses it."""

    def get(self: OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    get.__doc__ = f"The environment's ``{name}`` (after ``reset``)."
    return property(get)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, whose per-step
    attributes are properties: the stock wrapper reaches them through two ``__getattr__``
    calls each, about ten times a step, which cost about a tenth of a step here."""

    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    _cumulative_rewards = _forwarded("_cumulative_rewards")

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game (after ``reset``)."""
        return len(self.agents)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, reward, ends and info, as PettingZoo's
        ``last`` (before ``reset``: the stock wrapper's ``AttributeError``)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def __str__(self) -> str:
        return str(self.env)


class raw_env(AECEnv):
    """The unwrapped AEC environment.

    ``title``: a name from ``crisis.games.TITLES``; ``players``: seats (overrides
    ``options["players"]``); ``options``: the title's setup options; ``reward``: ``score``,
    ``rank`` or ``win``; ``max_cycles``: cut the game short after that many actions per
    player; ``render_mode``: ``ansi`` (``render`` returns the text) or ``human`` (prints it);
    ``flat``: observations as a bare ``Box`` vector, masks in ``infos``.
    """

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "crisis_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        title: str = DEFAULT_TITLE,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        reward: str = "score",
        max_cycles: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        flat: bool = False,
    ) -> None:
        super().__init__()
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}")
        self.encoding = Encoding(title, setup_options(players, options))
        self.title = self.encoding.title
        self.reward_mode = reward
        if max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.max_cycles = max_cycles
        self.flat = flat
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"crisis_{title}_v0"}
        probe = self.title.rules.setup(0, self.encoding.options)
        self.possible_agents = list(self.title.rules.roles(probe))
        n, size = self.encoding.num_actions, self.encoding.observation_size
        obs_space: gymnasium.spaces.Space[Any] = (
            observation_box(size)
            if flat
            else gymnasium.spaces.Dict(
                {
                    "observation": observation_box(size),
                    "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        #: The mask in the info of every agent that may not act now: one read-only array
        #: (made once, not three times a step).
        self._no_actions = self.encoding.empty_mask()
        self._no_actions.flags.writeable = False
        self.state_: Any = None
        self._step: Step | None = None
        self._moves = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        """The action space of ``agent``: ids into the action catalog."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` fixes the deal and every die; without it a fresh seed is
        drawn from the environment's own generator."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**62))
        self.state_ = self.title.rules.setup(game_seed, self.encoding.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._moves = 0
        self._select()

    def _select(self) -> None:
        role = acting_role(self.title, self.state_)
        if role is None:
            self._step = None
            return
        self.agent_selection = role
        self._step = self.encoding.step(self.state_, role)
        for agent in self.agents:
            mask = self._step.mask if agent == role else self._no_actions
            self.infos[agent]["action_mask"] = mask

    def _observe_dict(self, agent: str) -> dict[str, np.ndarray]:
        step = self._step
        if step is not None and agent == self.agent_selection:
            return step.as_obs()
        obs = self.encoding.observe_state(self.state_, agent)
        return {"observation": obs, "action_mask": self.encoding.empty_mask()}

    def observe(self, agent: str) -> Any:
        """``agent``'s observation (dict, or the bare vector when ``flat``); its mask is
        empty when it may not act."""
        d = self._observe_dict(agent)
        return d["observation"] if self.flat else d

    def step(self, action: Any) -> None:
        """Play catalog action ``action`` for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        step = self._step
        assert step is not None
        legal = step.legal.get(int(action))
        if legal is None:
            name = (
                self.encoding.catalog[int(action)]
                if 0 <= int(action) < self.encoding.num_actions
                else "out of range"
            )
            raise ValueError(
                f"action {int(action)} ({name}) is not legal for {agent} now; "
                "choose an action whose action_mask entry is 1"
            )
        self._cumulative_rewards[agent] = 0.0
        self.title.rules.machine.perform(self.state_, agent, legal)  # listed for this state
        self._moves += 1
        self._clear_rewards()
        result = self.title.rules.result(self.state_)
        if result is not None:
            rewards = final_rewards(result, self.agents, self.reward_mode)
            for a in self.agents:
                self.rewards[a] = rewards[a]
                self.terminations[a] = True
                self.infos[a] = {"result": result, "action_mask": self.encoding.empty_mask()}
            self._step = None
        elif self._moves >= self.max_cycles * len(self.possible_agents):
            result = truncated_result(self.title, self.state_)
            rewards = final_rewards(result, self.agents, self.reward_mode)
            for a in self.agents:
                self.rewards[a] = rewards[a]
                self.truncations[a] = True
                self.infos[a] = {"result": result, "action_mask": self.encoding.empty_mask()}
            self._step = None
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The acting role's view as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        role = self.agent_selection if self.agents else None
        text = self.title.presentation.render(self.title.rules.view(self.state_, role), role)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    def legal_actions(self) -> dict[int, Any]:
        """The acting role's legal actions by catalog id (the engine's actions)."""
        return dict(self._step.legal) if self._step is not None else {}
