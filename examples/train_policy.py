"""Train a small policy against crisis's heuristic bots and watch its win rate rise.

REINFORCE with a learned value baseline (a small actor-critic) on the single-agent
Gymnasium environment: the learner holds seat 0 of a 2-player short game of Time of Crisis
against one heuristic bot (``--opponent``, default ``balanced``); illegal actions are masked
out of the policy's logits. The reward is 1 for a win, 0 otherwise. Every ``--block`` games
it prints the win rate of that block; at the end it saves the policy (a TorchScript-free
``state_dict`` plus the sizes) to ``--out``.

    .venv/bin/python examples/train_policy.py --minutes 5 --seed 0

Needs the ``rl`` and ``train`` extras (PyTorch CPU).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from crisis.rl.gymnasium import CrisisEnv


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
        h = self.body(obs)
        logits = self.pi(h).masked_fill(mask == 0, float("-inf"))
        return logits, self.v(h).squeeze(-1)


def make_env(opponent: str, players: int) -> CrisisEnv:
    """The learner's environment: seat 0 of a short game against ``opponent`` bots."""
    return CrisisEnv(
        players=players,
        opponents=opponent,
        options={"short_game": True},
        reward="win",
        invalid_action="raise",
    )


def play(env: CrisisEnv, policy: Policy, seed: int) -> tuple[list, float]:
    """One game; returns (log-prob, value) pairs of the learner's decisions and its reward."""
    obs, _ = env.reset(seed=seed)
    steps = []
    reward, done = 0.0, False
    while not done:
        x = torch.as_tensor(obs["observation"]).unsqueeze(0)
        m = torch.as_tensor(obs["action_mask"]).unsqueeze(0)
        logits, value = policy(x, m)
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        steps.append((dist.log_prob(action), value, dist.entropy()))
        obs, reward, terminated, truncated, _ = env.step(int(action))
        done = terminated or truncated
    return steps, float(reward)


def main() -> None:
    """Parse the flags, train, print the win rate per block and save the policy."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="balanced", help="crisis bot spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--block", type=int, default=50, help="games per printed block")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--out", default="policy.pt", help="where to save the policy")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env = make_env(args.opponent, args.players)
    obs_size = env.encoding.observation_size
    num_actions = env.encoding.num_actions
    policy = Policy(obs_size, num_actions)
    optim = torch.optim.Adam(policy.parameters(), lr=args.lr)
    print(
        f"{env.title_name}, {args.players} players, learner vs {args.opponent}: "
        f"{obs_size} observations, {num_actions} actions"
    )
    deadline = time.monotonic() + 60 * args.minutes
    games, wins, block = 0, [], 0
    while time.monotonic() < deadline:
        steps, reward = play(env, policy, seed=args.seed * 1_000_003 + games)
        games += 1
        wins.append(reward)
        logp = torch.stack([s[0] for s in steps]).squeeze(-1)
        values = torch.stack([s[1] for s in steps]).squeeze(-1)
        entropy = torch.stack([s[2] for s in steps]).mean()
        advantage = reward - values.detach()
        loss = -(logp * advantage).mean() + 0.5 * ((reward - values) ** 2).mean()
        loss = loss - 0.01 * entropy
        optim.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
        optim.step()
        if games % args.block == 0:
            block += 1
            rate = float(np.mean(wins[-args.block :]))
            elapsed = args.minutes * 60 - (deadline - time.monotonic())
            print(f"block {block:3d}  games {games:5d}  {elapsed:6.0f}s  win rate {rate:.2f}")
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
