"""Train a small policy against crisis's heuristic bots and watch its win rate rise.

A masked actor-critic trained with PPO (clipped policy ratio, GAE advantages, a value head,
an entropy bonus) on the single-agent Gymnasium environment: the learner holds seat 0 of a
2-player game against one bot (``--opponent``; by default Rome in Crisis against its
``heuristic`` bot, or Time of Crisis's ``balanced`` bot with ``--title time_of_crisis``, in
a short game). Illegal actions are masked out of the policy's logits.

The reward comes at the end of a game: ``--reward margin`` (the default) is the learner's
final score minus the best opponent's, divided by 10, plus 1 for a win, a denser signal
than ``--reward win`` (1 for a win, 0 otherwise). Each update plays ``--batch`` games with
the current (stochastic) policy, then takes ``--epochs`` passes over their decisions. Every
``--block`` games it prints the games so far, the elapsed time, and that block's win rate
and mean score margin; at the end it saves the policy (a ``state_dict`` plus the sizes) to
``--out``.

    .venv/bin/python examples/train_policy.py --minutes 5 --seed 0
    .venv/bin/python examples/train_policy.py --title time_of_crisis --opponent balanced

Against Rome in Crisis's ``heuristic`` bot a uniform random policy wins about 3% of
2-player games; in a 5-minute run (seed 0, one core) the block win rate rose from 0.08 to
0.20-0.29 and the mean margin from -9.6 to about -5. Against Time of Crisis's
``balanced`` the first ~900 games are all lost, then the margin closes and the win rate
reaches 0.25-0.29 after four minutes. docs/measurements/research.md has both curves.
A run is reproducible game for game with the same ``--seed`` (only the number of games
that fit in the time budget varies). Needs the ``rl`` and ``train`` extras (PyTorch CPU).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from crisis.rl.gymnasium import CrisisEnv

DEFAULT_OPPONENT = {"rome_in_crisis": "heuristic", "time_of_crisis": "balanced"}


class Policy(nn.Module):
    """An MLP with a policy head over the action catalog and a value head."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.pi = nn.Linear(hidden, num_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at -inf) and the value estimate."""
        logits, value = self.heads(obs)
        return logits.masked_fill(mask == 0, float("-inf")), value

    def heads(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Unmasked logits and the value estimate."""
        h = self.body(obs)
        return self.pi(h), self.v(h).squeeze(-1)


def make_env(title: str, opponent: str, players: int) -> CrisisEnv:
    """The learner's environment: seat 0 against ``opponent`` bots (TOC: a short game)."""
    options = {"short_game": True} if title == "time_of_crisis" else {}
    return CrisisEnv(
        title=title,
        players=players,
        opponents=opponent,
        options=options,
        reward="score",
        invalid_action="raise",
    )


def play(
    env: CrisisEnv, policy: Policy, seed: int, rng: np.random.Generator
) -> tuple[dict[str, np.ndarray], dict]:
    """One game with the sampling policy: its decisions as arrays, and the game's result."""
    obs, _ = env.reset(seed=seed)
    xs, masks, actions, logps, values = [], [], [], [], []
    done, info = False, {}
    with torch.no_grad():
        while not done:
            logits, value = policy.heads(torch.from_numpy(obs["observation"]))
            legal = np.flatnonzero(obs["action_mask"])
            logp = torch.log_softmax(logits[legal], -1).numpy()
            i = rng.choice(len(legal), p=np.exp(logp))
            xs.append(obs["observation"])
            masks.append(obs["action_mask"])
            actions.append(legal[i])
            logps.append(logp[i])
            values.append(float(value))
            obs, _, terminated, truncated, info = env.step(legal[i])
            done = terminated or truncated
    steps = {
        "obs": np.stack(xs),
        "mask": np.stack(masks),
        "action": np.array(actions),
        "logp": np.array(logps, dtype=np.float32),
        "value": np.array(values, dtype=np.float32),
    }
    return steps, info.get("result") or {}


def outcome(result: dict, role: str) -> tuple[bool, float]:
    """Whether ``role`` won and its score minus the best other score."""
    if not result:
        return False, 0.0
    scores = result["scores"]
    winners = result.get("winners") or [result.get("winner", result["ranking"][0])]
    margin = scores[role] - max(s for r, s in scores.items() if r != role)
    return role in winners, float(margin)


def advantages(steps: dict[str, np.ndarray], reward: float, gamma: float, lam: float) -> None:
    """Add GAE(``lam``) advantages and returns for a game whose only reward is at the end."""
    values = steps["value"]
    n = len(values)
    adv = np.zeros(n, dtype=np.float32)
    last = 0.0
    for t in reversed(range(n)):
        next_value = values[t + 1] if t + 1 < n else 0.0
        r = reward if t == n - 1 else 0.0
        delta = r + gamma * next_value - values[t]
        last = delta + gamma * lam * last
        adv[t] = last
    steps["adv"] = adv
    steps["ret"] = adv + values


def update(policy: Policy, optim: torch.optim.Optimizer, games: list, args) -> None:
    """PPO epochs over the decisions of a batch of games."""
    batch = {k: torch.as_tensor(np.concatenate([g[k] for g in games])) for k in games[0]}
    adv = batch["adv"]
    batch["adv"] = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(adv)
    for _ in range(args.epochs):
        for idx in torch.randperm(n).split(args.minibatch):
            logits, value = policy(batch["obs"][idx], batch["mask"][idx])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(batch["action"][idx])
            ratio = torch.exp(logp - batch["logp"][idx])
            a = batch["adv"][idx]
            clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip) * a
            pi_loss = -torch.min(ratio * a, clipped).mean()
            v_loss = ((value - batch["ret"][idx]) ** 2).mean()
            loss = pi_loss + 0.5 * v_loss - args.entropy * dist.entropy().mean()
            optim.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optim.step()


def main() -> None:
    """Parse the flags, train, print the win rate per block and save the policy."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", default="rome_in_crisis", choices=sorted(DEFAULT_OPPONENT))
    parser.add_argument("--opponent", help="crisis bot spec (default: the title's heuristic)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=5.0, help="training time budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", choices=("margin", "win"), default="margin")
    parser.add_argument("--block", type=int, default=250, help="games per printed block")
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--epochs", type=int, default=4, help="PPO passes per update")
    parser.add_argument("--minibatch", type=int, default=256, help="decisions per gradient step")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95, help="GAE lambda")
    parser.add_argument("--out", default="policy.pt", help="where to save the policy")
    args = parser.parse_args()
    opponent = args.opponent or DEFAULT_OPPONENT[args.title]

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    env = make_env(args.title, opponent, args.players)
    obs_size = env.encoding.observation_size
    num_actions = env.encoding.num_actions
    policy = Policy(obs_size, num_actions)
    optim = torch.optim.Adam(policy.parameters(), lr=args.lr)
    print(
        f"{args.title}, {args.players} players, learner vs {opponent}, reward {args.reward}: "
        f"{obs_size} observations, {num_actions} actions"
    )
    start = time.monotonic()
    deadline = start + 60 * args.minutes
    games, block, pending = 0, 0, []
    wins: list[float] = []
    margins: list[float] = []
    while time.monotonic() < deadline:
        steps, result = play(env, policy, args.seed * 1_000_003 + games, rng)
        games += 1
        won, margin = outcome(result, env.role)
        wins.append(float(won))
        margins.append(margin)
        reward = float(won) if args.reward == "win" else margin / 10 + float(won)
        advantages(steps, reward, args.gamma, args.lam)
        pending.append(steps)
        if len(pending) == args.batch:
            update(policy, optim, pending, args)
            pending = []
        if games % args.block == 0:
            block += 1
            rate = float(np.mean(wins[-args.block :]))
            mean_margin = float(np.mean(margins[-args.block :]))
            print(
                f"block {block:3d}  games {games:5d}  {time.monotonic() - start:6.0f}s  "
                f"win rate {rate:.2f}  margin {mean_margin:+6.1f}",
                flush=True,
            )
    rate = float(np.mean(wins)) if wins else 0.0
    print(f"{games} games, overall win rate {rate:.2f}")
    out = Path(args.out)
    torch.save(
        {"state_dict": policy.state_dict(), "obs_size": obs_size, "num_actions": num_actions},
        out,
    )
    print(f"saved the policy to {out}")


if __name__ == "__main__":
    main()
