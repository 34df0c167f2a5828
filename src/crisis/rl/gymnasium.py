"""A single-agent Gymnasium environment: one seat learns, crisis bots play the others.

::

    import gymnasium
    import crisis.rl.gymnasium  # registers the ids below

    env = gymnasium.make("crisis/TimeOfCrisis-v0", players=2, opponents="balanced",
                         options={"short_game": True}, reward="win")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(obs["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

Registered ids: ``crisis/<Title>-v0`` for every title in ``crisis.games.TITLES``
(``crisis/TimeOfCrisis-v0``, ``crisis/RomeInCrisis-v0``).

The learner's observation is ``{"observation": float32[N], "action_mask": int8[A]}``, or
with ``flat=True`` the bare ``float32[N]`` vector (a ``Box``, so SuperSuit's ``normalize_obs``,
``dtype`` and ``frame_stack`` and SB3's ``VecNormalize`` apply without glue); either way the
mask is in ``info["action_mask"]`` and ``env.action_masks()`` returns it as booleans (the
convention of sb3-contrib's ``MaskablePPO``). Observation entries are clipped into the
declared finite bounds (:data:`crisis.rl.encoding.OBSERVATION_HIGH`).

Opponents' turns (and the learner's own turns that need no decision) are played inside
``step`` until the learner must choose or the game ends. An opponent is a bot name or a
strength level (``get_bot``: ``easy``, ``medium``, ``hard``, ``random``, ``balanced``,
``heuristic``, ``ismcts:iterations=50`` ...) or a
policy: any callable ``policy(observation, action_mask) -> action id`` on that seat's own
observation vector and mask (self-play: wrap a trained model's ``predict``).

The reward is 0 until the end, then the learner's ``final_rewards`` in the chosen mode
(``score``, ``rank`` or ``win``). Every episode ends: after ``max_steps`` learner decisions
(default: the spec's ``max_episode_steps``, which every registered id sets to
:data:`crisis.rl.encoding.DEFAULT_MAX_STEPS`) the game is cut short, ``truncated`` is true
and the reward is that of the standings (:func:`crisis.rl.encoding.truncated_result`, also in
``info["result"]``), as in the PettingZoo and OpenSpiel adapters.

Actions outside the mask: ``invalid_action="penalty"`` (the default) leaves the game
unchanged and returns ``invalid_penalty`` (-1) as the reward, without ending the episode;
``"raise"`` raises ``ValueError`` instead (useful while debugging a masked policy).
Gymnasium's ``check_env`` steps with unmasked samples, so the default must tolerate them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import gymnasium
import numpy as np

from crisis.ai import Bot, get_bot
from crisis.ai.base import RandomBot
from crisis.games import DEFAULT_TITLE, TITLES
from crisis.rl.encoding import (
    DEFAULT_MAX_STEPS,
    REWARD_MODES,
    Encoding,
    LazyView,
    Step,
    acting_role,
    final_rewards,
    observation_box,
    reward_bounds,
    setup_options,
    truncated_result,
)

#: An opponent policy: (observation vector, action mask) -> catalog action id.
OpponentPolicy = Callable[[np.ndarray, np.ndarray], Any]
#: An opponent: a bot name for ``get_bot`` or a policy.
Opponent = str | OpponentPolicy


def env_id(title: str) -> str:
    """The Gymnasium id of ``title``: ``time_of_crisis`` -> ``crisis/TimeOfCrisis-v0``."""
    return "crisis/" + "".join(w.capitalize() for w in title.split("_")) + "-v0"


class CrisisEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a crisis title against bots or policies.

    ``seat``: the learner's seat index or role name; ``opponents``: one opponent for every
    other seat, or a list with one per other seat in seat order (a ``get_bot`` name or level
    such as ``medium``, ``random``, ``balanced``, ``ismcts:iterations=50``, or a policy
    callable on the seat's observation vector and mask); ``flat``: observations as a bare
    ``Box`` vector; ``max_steps``: learner decisions before the game is cut short (``None``:
    the spec's ``max_episode_steps``, else :data:`DEFAULT_MAX_STEPS`).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        title: str = DEFAULT_TITLE,
        players: int | None = None,
        seat: int | str = 0,
        opponents: Opponent | list[Opponent] = "random",
        options: dict[str, Any] | None = None,
        reward: str = "score",
        max_steps: int | None = None,
        invalid_action: str = "penalty",
        invalid_penalty: float = -1.0,
        render_mode: str | None = None,
        flat: bool = False,
    ) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if invalid_action not in ("raise", "penalty"):
            raise ValueError("invalid_action must be 'raise' or 'penalty'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.encoding = Encoding(title, setup_options(players, options))
        self.title = self.encoding.title
        self.title_name = title
        self.reward_mode = reward
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.max_steps = max_steps
        self.flat = flat
        self.invalid_action = invalid_action
        self.invalid_penalty = invalid_penalty
        self.render_mode = render_mode
        self.roles = list(self.title.rules.roles(self.title.rules.setup(0, self.encoding.options)))
        self.role = self.roles[seat] if isinstance(seat, int) else seat
        if self.role not in self.roles:
            raise ValueError(f"seat {seat!r} is not one of {self.roles}")
        others = [r for r in self.roles if r != self.role]
        single = isinstance(opponents, str) or callable(opponents)
        specs: list[Opponent] = (
            [opponents] * len(others) if single else list(opponents)  # type: ignore[list-item,arg-type]
        )
        if len(specs) != len(others):
            raise ValueError(f"give one opponent or {len(others)} (one per other seat)")
        for spec in specs:
            if isinstance(spec, str):
                get_bot(spec, title=title)  # a bad name fails here, not at reset
            elif not callable(spec):
                raise ValueError(f"an opponent is a bot name or a policy callable, not {spec!r}")
        self.opponent_specs: dict[str, Opponent] = dict(zip(others, specs, strict=True))
        self.bots: dict[str, Bot] = {}
        n, size = self.encoding.num_actions, self.encoding.observation_size
        mask_space = gymnasium.spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)
        self.observation_space: gymnasium.spaces.Space[Any] = (
            observation_box(size)
            if flat
            else gymnasium.spaces.Dict(
                {"observation": observation_box(size), "action_mask": mask_space}
            )
        )
        self.action_space = gymnasium.spaces.Discrete(n)
        low, high = reward_bounds(self.title, self.encoding.options, reward)
        self.reward_range = (min(low, invalid_penalty), high)
        self.state: Any = None
        self._step: Step | None = None
        self._bot_rng = random.Random(0)
        self._steps = 0
        self._others = 0
        self.result: dict[str, Any] | None = None

    def _obs_dict(self) -> dict[str, np.ndarray]:
        if self._step is not None:
            return self._step.as_obs()
        obs = self.encoding.observe_state(self.state, self.role)
        return {"observation": obs, "action_mask": self.encoding.empty_mask()}

    def _obs(self) -> Any:
        d = self._obs_dict()
        return d["observation"] if self.flat else d

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._obs_dict()["action_mask"]}
        if self.result is not None:
            info["result"] = self.result
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as a boolean mask (sb3-contrib's ``MaskablePPO``
        calls this; all False once the game is over)."""
        return self._obs_dict()["action_mask"].astype(bool)

    @property
    def step_limit(self) -> int:
        """Learner decisions after which the game is cut short."""
        if self.max_steps is not None:
            return self.max_steps
        spec_limit = self.spec.max_episode_steps if self.spec is not None else None
        return int(spec_limit) if spec_limit else DEFAULT_MAX_STEPS

    def _advance(self) -> None:
        """Let the bots play until the learner must choose or the game ends."""
        title, state = self.title, self.state
        while True:
            self.result = title.rules.result(state)
            if self.result is not None:
                self._step = None
                return
            role = acting_role(title, state)
            if role is None:
                raise RuntimeError(f"{self.title_name}: nobody may act in an unfinished game")
            if role == self.role:
                self._step = self.encoding.step(state, role)
                return
            if self._others >= self.step_limit * (len(self.roles) - 1):
                # Opponents alone can stall too: the same limit per seat holds for them.
                self.result = truncated_result(title, state)
                self._step = None
                return
            title.rules.apply(state, role, self._opponent_action(role))
            self._others += 1

    def _opponent_action(self, role: str) -> Any:
        """The action of opponent ``role`` (a bot's choice, or its policy's id)."""
        title, state = self.title, self.state
        bot = self.bots.get(role)
        if bot is not None:
            legal = title.rules.actions(state, role)
            # The random bot never reads the view: it is built only if read, not per move.
            view: Mapping[str, Any] = (
                LazyView(title.rules.view, state, role)
                if type(bot) is RandomBot
                else title.rules.view(state, role)
            )
            return bot.choose(view, role, legal, self._bot_rng)  # type: ignore[arg-type]
        policy = self.opponent_specs[role]
        assert callable(policy)
        step = self.encoding.step(state, role)
        choice = int(policy(step.observation, step.mask))
        if choice not in step.legal:
            raise ValueError(
                f"the policy playing {role} chose action {choice}, which is not legal now"
            )
        return step.legal[choice]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; ``seed`` fixes the deal, the dice and the bots' choices."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        self.bots = {
            r: get_bot(spec, title=self.title_name)
            for r, spec in self.opponent_specs.items()
            if isinstance(spec, str)
        }
        self.state = self.title.rules.setup(game_seed, self.encoding.options)
        self._steps = 0
        self._others = 0
        self._advance()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (a catalog id) for the learner, then the bots until its turn."""
        if self._step is None:
            raise RuntimeError("the game is over; call reset()")
        legal = self._step.legal.get(int(action))
        if legal is None:
            if self.invalid_action == "raise":
                a = int(action)
                name = self.encoding.catalog[a] if 0 <= a < self.encoding.num_actions else "?"
                raise ValueError(
                    f"action {a} ({name}) is not legal for {self.role} now; "
                    "choose an action whose action_mask entry is 1"
                )
            # Fresh arrays: the caller keeps what it was given at the last step.
            d = {k: v.copy() for k, v in self._obs_dict().items()}
            info = {**self._info(), "action_mask": d["action_mask"], "invalid_action": True}
            obs = d["observation"] if self.flat else d
            return obs, float(self.invalid_penalty), False, False, info
        self.title.rules.machine.perform(self.state, self.role, legal)  # listed for this state
        self._steps += 1
        self._advance()
        if self.result is None and self._steps >= self.step_limit:
            self.result = truncated_result(self.title, self.state)
            self._step = None
        truncated = self.result is not None and bool(self.result.get("truncated"))
        terminated = self.result is not None and not truncated
        reward = 0.0
        if self.result is not None:
            reward = final_rewards(self.result, self.roles, self.reward_mode)[self.role]
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The learner's view as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.title.presentation.render(
            self.title.rules.view(self.state, self.role), self.role
        )
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def legal_actions(self) -> dict[int, Any]:
        """The learner's legal actions now by catalog id (the engine's actions)."""
        return dict(self._step.legal) if self._step is not None else {}


def register_all() -> list[str]:
    """Register ``crisis/<Title>-v0`` for every registered title; returns the ids."""
    ids = []
    for title in TITLES:
        eid = env_id(title)
        if eid not in gymnasium.registry:
            gymnasium.register(
                id=eid,
                entry_point="crisis.rl.gymnasium:CrisisEnv",
                kwargs={"title": title},
                max_episode_steps=DEFAULT_MAX_STEPS,
            )
        ids.append(eid)
    return ids


ENV_IDS = register_all()
