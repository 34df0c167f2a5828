"""Simulation output files: CSV always, Parquet when pyarrow is installed, PNG plots when
matplotlib is (``pip install 'crisis[sim]'``; plots use the Agg backend, no display)."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path
from typing import Any

from crisis.extras import EXTRAS
from crisis.sim.rating import Rating
from crisis.sim.runner import GameRecord
from crisis.sim.stats import Summary


def seat_rows(records: list[GameRecord]) -> list[dict[str, Any]]:
    """One row per seat of every game."""
    rows = []
    for r in records:
        for seat, (role, bot) in enumerate(zip(r.roles, r.bots, strict=False)):
            rows.append(
                {
                    "game": r.index,
                    "seed": r.seed,
                    "players": r.players,
                    "options": json.dumps(r.options, sort_keys=True),
                    "status": r.status,
                    "seat": seat,
                    "role": role,
                    "bot": bot,
                    "first": role == r.first,
                    "won": role == r.winner,
                    "score": r.scores.get(role),
                    "rank": r.ranking.index(role) + 1 if role in r.ranking else None,
                    "rounds": r.rounds,
                    "actions": r.actions,
                    "reason": r.reason,
                    "turns": r.turns.get(role, 0),
                    "think_seconds": round(r.think.get(role, 0.0), 6),
                    "max_turn_seconds": round(r.max_think.get(role, 0.0), 6),
                    "bought": " ".join(r.bought.get(role, [])),
                }
            )
    return rows


def bot_rows(summary: Summary) -> list[dict[str, Any]]:
    """One row per bot: the printed summary."""
    return [
        {
            "bot": b.bot,
            "games": b.games,
            "seats": b.seats,
            "wins": b.wins,
            "win_rate": round(b.rate, 6),
            "ci_low": round(b.ci[0], 6),
            "ci_high": round(b.ci[1], 6),
            "parity": round(b.parity, 6),
            "mean_score": round(b.score, 3),
            "mean_rank": round(b.rank, 3),
            "think_per_turn": round(b.think, 6),
            "max_turn_seconds": round(b.max_turn, 6),
        }
        for b in summary.bots
    ]


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", newline="") as fh:
        if not rows:
            return
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write(
    out: Path,
    records: list[GameRecord],
    summary: Summary,
    ratings: list[Rating] | None = None,
) -> list[Path]:
    """Write the results under ``out``; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    seats, bots = seat_rows(records), bot_rows(summary)
    tables: dict[str, list[dict[str, Any]]] = {"games": seats, "bots": bots}
    tables["cards"] = [
        {"card": cid, "bought_by_winners": n, "bought_by_all": summary.all_cards[cid]}
        for cid, n in sorted(summary.all_cards.items(), key=lambda x: (-x[1], x[0]))
        for n in [summary.winner_cards[cid]]
    ]
    if ratings:
        tables["ratings"] = [
            {"bot": r.bot, "elo": round(r.elo, 1), "wins": r.wins, "losses": r.losses}
            for r in ratings
        ]
    written = []
    for name, rows in tables.items():
        path = out / f"{name}.csv"
        _write_csv(path, rows)
        written.append(path)
    written += _parquet(out, tables)
    written += plots(out, records, summary)
    return written


def missing_modules() -> list[str]:
    """The modules of the ``sim`` extra that are not installed (their files are skipped)."""
    return [m for m in EXTRAS["sim"] if importlib.util.find_spec(m) is None]


def _parquet(out: Path, tables: dict[str, list[dict[str, Any]]]) -> list[Path]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return []
    written = []
    for name, rows in tables.items():
        if not rows:
            continue
        path = out / f"{name}.parquet"
        pq.write_table(pa.Table.from_pylist(rows), path)
        written.append(path)
    return written


def plots(out: Path, records: list[GameRecord], summary: Summary) -> list[Path]:
    """PNG plots of the main figures (nothing if matplotlib is missing)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    written = []
    bots = summary.bots
    if bots:
        fig, ax = plt.subplots(figsize=(7, 4))
        names = [b.bot for b in bots]
        rates = [b.rate for b in bots]
        low = [b.rate - b.ci[0] for b in bots]
        high = [b.ci[1] - b.rate for b in bots]
        ax.bar(names, rates, yerr=[low, high], capsize=4, color="#8c2d04")
        for i, b in enumerate(bots):
            ax.hlines(b.parity, i - 0.4, i + 0.4, colors="black", linestyles="dashed")
        ax.set_ylabel("win rate (95% Wilson CI; dashed: parity)")
        ax.set_ylim(0, 1)
        ax.set_title(f"Win rates over {summary.finished} games")
        fig.tight_layout()
        written.append(_save(fig, out / "win_rates.png", plt))

        fig, ax = plt.subplots(figsize=(7, 4))
        scores = {
            b: [
                r.scores[role]
                for r in records
                for role, bot in zip(r.roles, r.bots, strict=False)
                if bot == b and role in r.scores
            ]
            for b in names
        }
        ax.boxplot([scores[b] or [0] for b in names])
        ax.set_xticks(range(1, len(names) + 1), names)
        ax.set_ylabel(f"final {summary.score_name}")
        ax.set_title(f"Final {summary.score_name} by bot")
        fig.tight_layout()
        written.append(_save(fig, out / "scores.png", plt))

    lengths = [r.rounds for r in records if r.status == "ok"]
    if lengths:
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.hist(lengths, bins=range(min(lengths), max(lengths) + 2), color="#2b5c8a")
        ax.set_xlabel("rounds")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        fig.tight_layout()
        written.append(_save(fig, out / "game_length.png", plt))

    top = summary.winner_cards.most_common(15)
    if top:
        fig, ax = plt.subplots(figsize=(7, 5))
        ax.barh(
            [c for c, _ in reversed(top)], [n / max(1, summary.finished) for _, n in reversed(top)]
        )
        ax.set_xlabel("copies bought by the winner, per game")
        ax.set_title("Cards bought by winners")
        fig.tight_layout()
        written.append(_save(fig, out / "winner_cards.png", plt))
    return written


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
