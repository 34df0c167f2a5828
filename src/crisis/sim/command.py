"""``crisis simulate``: many bot games on all cores (or a Ray cluster), with statistics."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from crisis import sim
from crisis.ai import parse_spec, resolve
from crisis.games import DEFAULT_TITLE, get_title
from crisis.sim import rating, report, stats
from crisis.sim.backends import default_jobs


def _parse_list(text: str, what: str) -> list[str]:
    items = [x.strip() for x in text.split(",") if x.strip()]
    if not items:
        raise typer.BadParameter(f"name at least one {what}")
    return items


def _parse_option(text: str) -> tuple[str, Any]:
    key, eq, raw = text.partition("=")
    if not eq:
        raise typer.BadParameter(f"an option is key=value, got {text!r}")
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.isdigit():
        value = int(raw)
    return key.strip(), value


def simulate(
    games: Annotated[int, typer.Option(help="Games to play (per table with --tournament).")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots or levels (easy, medium, hard) by seat, comma-separated (settings "
            "after colons: ismcts:seconds=1)."
        ),
    ] = "military,random,random,random",
    players: Annotated[
        str | None, typer.Option(help="Player counts to cycle, e.g. 2,3,4 (default: one per bot).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Base seed; game i uses its own derived seed.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes (0: every core).")] = 0,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start a local Ray).")
    ] = None,
    rotate: Annotated[bool, typer.Option(help="Rotate the bots' seats game by game.")] = True,
    option: Annotated[
        list[str] | None, typer.Option(help="A setup option key=value (repeatable).")
    ] = None,
    variants: Annotated[
        bool, typer.Option(help="Cycle the title's option sets (expansion, markets, rules).")
    ] = False,
    output: Annotated[
        Path | None, typer.Option(help="Folder for CSV/Parquet results and PNG plots.")
    ] = None,
    tournament: Annotated[
        bool, typer.Option(help="Round robin over every table of the bots; print ratings.")
    ] = False,
    max_actions: Annotated[int, typer.Option(help="Actions before a game is a stall.")] = (
        sim.MAX_ACTIONS
    ),
    title: Annotated[str, typer.Option(help="Which game.")] = DEFAULT_TITLE,
) -> None:
    """Play bot games and print win rates (95% Wilson CIs over games), scores, game length,
    the first player's edge and the cards winners buy; exit 1 if a game crashed or stalled."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=max(console.width, 110))  # logs and pipes: no wrapped cells
    try:
        score_name = get_title(title).presentation.score_name
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    names = _parse_list(bots, "bot")
    for name in names:
        try:
            resolve(parse_spec(name)[0], title)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    counts = [int(x) for x in _parse_list(players, "player count")] if players else None
    options = dict(_parse_option(o) for o in option or [])
    options_for = sim.variant_options(title) if variants else None
    if variants and options_for is None:
        raise typer.BadParameter(f"{title} has no option sets to cycle")
    common: dict[str, Any] = {
        "rotate": rotate,
        "options": options,
        "options_for": options_for,
        "title": title,
        "max_actions": max_actions,
    }
    if tournament:
        size = (counts or [min(4, len(names))])[0]
        specs = sim.plan_tournament(games, names, size, seed, **common)
    else:
        specs = sim.plan_games(games, names, counts, seed, **common)
    workers = jobs or default_jobs()
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=len(specs))
        try:
            records = sim.run(
                specs,
                backend,
                jobs,
                ray_address,
                progress=lambda done: bar.update(task, completed=done),
            )
        except (RuntimeError, ValueError) as exc:
            raise typer.BadParameter(str(exc)) from None
    seconds = time.perf_counter() - start
    summary = stats.summarize(records, score_name)
    ratings = rating.ratings(records) if tournament else None
    where = f"{backend}, {workers} workers" if backend == "local" else "ray"
    print_summary(console, summary, f"{len(records)} games, seed {seed}, {where}, {seconds:.1f} s")
    if ratings:
        print_ratings(console, ratings)
    if output is not None:
        files = report.write(output, records, summary, ratings)
        console.print(Text(f"Wrote {len(files)} files to {output}"))
        missing = report.missing_modules()
        if missing:
            console.print(
                Text(
                    f"No Parquet files or plots: {', '.join(missing)} not installed "
                    "(pip install 'crisis[sim]')"
                )
            )
    if summary.crashes or summary.stalls:
        for line in summary.errors[:5]:
            console.print(Text(line[:1500]))
        raise typer.Exit(1)


def print_summary(console: Console, s: stats.Summary, caption: str) -> None:
    """The bot table and the game figures."""
    t = Table(title=f"Simulation: {caption}")
    t.add_column("Bot", no_wrap=True)
    score = s.score_name[:1].upper() + s.score_name[1:]
    columns = ("Games", "Seats", "Wins", "Win rate (95% CI)", "Parity", score, "Rank", "s/turn")
    for col in columns:
        t.add_column(col, justify="right")
    for b in s.bots:
        low, high = b.ci
        t.add_row(
            Text(b.bot),
            str(b.games),
            str(b.seats),
            str(b.wins),
            f"{b.rate:.1%} ({low:.1%}-{high:.1%})",
            f"{b.parity:.0%}",
            f"{b.score:.1f}",
            f"{b.rank:.2f}",
            f"{b.think:.2f}",
        )
    console.print(t)
    g = Table(title="Games")
    g.add_column("Measure")
    g.add_column("Value", justify="right")
    low, high = s.first_ci
    rows = [
        ("games", str(s.games)),
        ("finished", str(s.finished)),
        ("stalls", str(s.stalls)),
        ("crashes", str(s.crashes)),
        ("mean rounds", f"{s.rounds:.1f}"),
        ("mean actions", f"{s.actions:.0f}"),
        (
            "first player wins",
            f"{s.first_rate:.1%} ({low:.1%}-{high:.1%}; parity {s.first_parity:.1%})",
        ),
    ]
    rows += [(f"ended by {reason}", str(n)) for reason, n in sorted(s.reasons.items())]
    for name, value in rows:
        g.add_row(name, value)
    console.print(g)
    if s.winner_cards:
        c = Table(title="Cards bought by winners (per finished game)")
        c.add_column("Card")
        c.add_column("By winners", justify="right")
        c.add_column("Share of all purchases", justify="right")
        total = sum(s.all_cards.values()) or 1
        for cid, n in s.winner_cards.most_common(10):
            c.add_row(cid, f"{n / max(1, s.finished):.2f}", f"{s.all_cards[cid] / total:.1%}")
        console.print(c)


def print_ratings(console: Console, ratings: list[rating.Rating]) -> None:
    """The tournament's rating table."""
    t = Table(title="Ratings (Bradley-Terry on the Elo scale, mean 1500)")
    for col in ("Bot", "Elo", "Pairwise wins", "Pairwise losses"):
        t.add_column(col, justify="left" if col == "Bot" else "right")
    for r in ratings:
        t.add_row(Text(r.bot), f"{r.elo:.0f}", str(r.wins), str(r.losses))
    console.print(t)
