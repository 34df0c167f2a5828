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

The learner's observation is ``{"observation": float32[N], "action_mask": int8[A]}``; the
mask is also in ``info["action_mask"]``. Opponents' turns (and the learner's own turns that
need no decision) are played inside ``step`` until the learner must choose or the game ends.
The reward is 0 until the end, then the learner's ``final_rewards`` in the chosen mode
(``score``, ``rank`` or ``win``). ``max_steps`` truncates after that many learner actions.

Actions outside the mask: ``invalid_action="penalty"`` (the default) leaves the game
unchanged and returns ``invalid_penalty`` (-1) as the reward, without ending the episode;
``"raise"`` raises ``ValueError`` instead (useful while debugging a masked policy).
Gymnasium's ``check_env`` steps with unmasked samples, so the default must tolerate them.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from crisis.ai import Bot, get_bot
from crisis.games import TITLES
from crisis.rl.encoding import (
    REWARD_MODES,
    Encoding,
    Step,
    acting_role,
    final_rewards,
    reward_bounds,
    setup_options,
)


def env_id(title: str) -> str:
    """The Gymnasium id of ``title``: ``time_of_crisis`` -> ``crisis/TimeOfCrisis-v0``."""
    return "crisis/" + "".join(w.capitalize() for w in title.split("_")) + "-v0"


class CrisisEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """One seat of a crisis title against bots.

    ``seat``: the learner's seat index or role name; ``opponents``: one bot spec for every
    other seat, or a list with one per other seat in seat order (``get_bot`` names such as
    ``random``, ``balanced``, ``ismcts:iterations=50``).
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        title: str = "time_of_crisis",
        players: int | None = None,
        seat: int | str = 0,
        opponents: str | list[str] = "random",
        options: dict[str, Any] | None = None,
        reward: str = "score",
        max_steps: int | None = None,
        invalid_action: str = "penalty",
        invalid_penalty: float = -1.0,
        render_mode: str | None = None,
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
        self.max_steps = max_steps
        self.invalid_action = invalid_action
        self.invalid_penalty = invalid_penalty
        self.render_mode = render_mode
        self.roles = list(self.title.roles(self.title.setup(0, self.encoding.options)))
        self.role = self.roles[seat] if isinstance(seat, int) else seat
        if self.role not in self.roles:
            raise ValueError(f"seat {seat!r} is not one of {self.roles}")
        others = [r for r in self.roles if r != self.role]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"give one opponent spec or {len(others)} (one per other seat)")
        self.opponent_specs = dict(zip(others, specs, strict=True))
        self.bots: dict[str, Bot] = {}
        n, size = self.encoding.num_actions, self.encoding.observation_size
        self.observation_space: gymnasium.spaces.Space[Any] = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(n)
        low, high = reward_bounds(self.title, self.encoding.options, reward)
        self.reward_range = (min(low, invalid_penalty), high)
        self.state: Any = None
        self._step: Step | None = None
        self._bot_rng = random.Random(0)
        self._steps = 0
        self.result: dict[str, Any] | None = None

    def _obs(self) -> dict[str, np.ndarray]:
        if self._step is not None:
            return self._step.as_obs()
        view = self.title.view(self.state, self.role)
        obs = np.asarray(self.title.observe(view, self.role), dtype=np.float32)
        return {"observation": obs, "action_mask": self.encoding.empty_mask()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._obs()["action_mask"]}
        if self.result is not None:
            info["result"] = self.result
        return info

    def _advance(self) -> None:
        """Let the bots play until the learner must choose or the game ends."""
        title, state = self.title, self.state
        while True:
            self.result = title.result(state)
            if self.result is not None:
                self._step = None
                return
            role = acting_role(title, state)
            if role is None:
                raise RuntimeError(f"{self.title_name}: nobody may act in an unfinished game")
            if role == self.role:
                self._step = self.encoding.step(state, role)
                return
            legal = title.actions(state, role)
            bot = self.bots[role]
            action = bot.choose(title.view(state, role), role, legal, self._bot_rng)
            title.apply(state, role, action)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; ``seed`` fixes the deal, the dice and the bots' choices."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        self.bots = {
            r: get_bot(spec, title=self.title_name) for r, spec in self.opponent_specs.items()
        }
        self.state = self.title.setup(game_seed, self.encoding.options)
        self._steps = 0
        self._advance()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
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
            obs = {k: v.copy() for k, v in self._obs().items()}
            info = {**self._info(), "action_mask": obs["action_mask"], "invalid_action": True}
            return obs, float(self.invalid_penalty), False, False, info
        self.title.apply(self.state, self.role, legal)
        self._steps += 1
        self._advance()
        terminated = self.result is not None
        reward = 0.0
        if self.result is not None:
            reward = final_rewards(self.result, self.roles, self.reward_mode)[self.role]
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The learner's view as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.title.render(self.title.view(self.state, self.role), self.role)
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
                id=eid, entry_point="crisis.rl.gymnasium:CrisisEnv", kwargs={"title": title}
            )
        ids.append(eid)
    return ids


ENV_IDS = register_all()
