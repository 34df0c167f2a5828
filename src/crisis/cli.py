"""The ``crisis`` command line: fuzz, bench, play and replay."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from crisis.ai.explore import BotPolicy
from crisis.devtools import fuzz as fuzzer
from crisis.engine.match import Match
from crisis.engine.rng import Seed, fresh_seed
from crisis.engine.title import TitleSpec
from crisis.extras import MissingExtra, needs
from crisis.games import DEFAULT_TITLE, get_title
from crisis.sim.command import simulate as simulate_command

app = typer.Typer(
    help="Play and study Time of Crisis and Rome in Crisis: fuzzing, benchmarks, terminal and "
    "web play, bot simulations.",
    no_args_is_help=True,
    add_completion=False,
    # plain help (click's): rich's boxed table cut long URLs in the help at 80 columns
    rich_markup_mode=None,
)


def _title_extras(
    name: str,
) -> tuple[fuzzer.Invariants | None, fuzzer.FuzzConfig, fuzzer.OptionsFor | None]:
    """The title's invariants and its fuzz profile (verb weights, setup variants) as its
    declaration gives them, with the title's own bots playing the purposeful games."""
    title = _load_title(name)
    profile = title.bots.fuzz
    config = fuzzer.FuzzConfig(
        end_verbs=title.rules.machine.ending(),
        weights=dict(profile.weights),
        policy=BotPolicy(title.name),
    )
    return title.rules.invariants, config, profile.options


@contextmanager
def _extra(what: str) -> Iterator[None]:
    """Exit 1 with one line naming the extra to install when ``what`` lacks a dependency."""
    try:
        with needs(what):
            yield
    except MissingExtra as exc:
        typer.echo(f"crisis: {exc}", err=True)
        raise typer.Exit(1) from None


def _load_title(name: str) -> TitleSpec:
    try:
        return get_title(name)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _card_options(name: str, cards: Path | None) -> dict[str, Any]:
    """``{"cards": ...}`` from a player's card file, for titles whose cards are data."""
    if cards is None:
        return {}
    load = _load_title(name).rules.load_cards
    if load is None:
        raise typer.BadParameter(f"{name} does not take a card file")
    try:
        return {"cards": load(cards)}
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(f"{cards}: {exc}") from None


def _parse_players(text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise typer.BadParameter(f"players must be numbers separated by commas: {text!r}") from None
    if not counts:
        raise typer.BadParameter("name at least one player count")
    return counts


# -- fuzz ------------------------------------------------------------------------------------


@app.command()
def fuzz(
    games: Annotated[int, typer.Option(help="Number of random games.")] = 100,
    players: Annotated[str, typer.Option(help="Player counts to cycle over, e.g. 2,3,4.")] = (
        "2,3,4"
    ),
    seed: Annotated[int, typer.Option(help="Base seed; each game derives its own.")] = 0,
    out: Annotated[Path, typer.Option(help="Folder for the replay files of failures.")] = Path(
        "fuzz-failures"
    ),
    replay: Annotated[
        Path | None, typer.Option(help="Re-run a failure's replay file instead of fuzzing.")
    ] = None,
    jobs: Annotated[int, typer.Option(help="Processes to spread the games over.")] = 1,
    max_actions: Annotated[int, typer.Option(help="Actions before a game counts as endless.")] = (
        20_000
    ),
    invariants: Annotated[
        bool, typer.Option(help="Check the title's invariants after every action.")
    ] = True,
    variants: Annotated[
        bool, typer.Option(help="Cycle through the title's setup variants (expansions...).")
    ] = True,
    title: Annotated[str, typer.Option(help="Which game.")] = DEFAULT_TITLE,
) -> None:
    """Play random legal games and check every step; exit 1 if anything failed."""
    console = Console()
    if replay is not None:
        _fuzz_replay(console, replay, invariants)
        return
    counts = _parse_players(players)
    module = _load_title(title)
    check, profile, options_for = _title_extras(title)
    config = dataclasses.replace(profile, max_actions=max_actions)
    if not variants or options_for is None:
        options_for = fuzzer.default_options
    summary = fuzzer.fuzz(
        module,
        games=games,
        players=counts,
        seed=seed,
        invariants=check if invariants else None,
        out_dir=out,
        config=config,
        options_for=options_for,
        jobs=jobs,
    )
    t = Table(title=f"Fuzzing {title}: {games} games, seed {seed}")
    t.add_column("Measure")
    t.add_column("Value", justify="right")
    rate = summary.actions / summary.seconds if summary.seconds else 0.0
    rows = [
        ("games", str(summary.games)),
        ("finished", str(summary.finished)),
        ("failures", str(len(summary.failures))),
        ("actions", str(summary.actions)),
        ("seconds", f"{summary.seconds:.1f}"),
        ("actions per second", f"{rate:,.0f}"),
        ("actions per game", f"{summary.actions / max(1, summary.games):.0f}"),
        ("invariants", "on" if check and invariants else "off"),
        ("setup variants", "cycled" if options_for is not fuzzer.default_options else "base"),
    ]
    rows += [(f"{n}-player games", str(k)) for n, k in sorted(summary.by_players.items())]
    for name, value in rows:
        t.add_row(name, value)
    console.print(t)
    if summary.failures:
        f = Table(title="Failures")
        for col in ("Game", "Seed", "Players", "Kind", "Actions", "Message", "Replay file"):
            f.add_column(col)
        for failure in summary.failures:
            f.add_row(
                str(failure.game),
                str(failure.seed),
                str(failure.options.get("players", "")),
                failure.kind,
                str(failure.actions),
                Text(failure.message[:300]),
                Text(failure.path or ""),
            )
        console.print(f)
        raise typer.Exit(1)


def _fuzz_replay(console: Console, path: Path, invariants: bool) -> None:
    try:
        record = fuzzer.load_record(path)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from None
    name = str(record.get("title", DEFAULT_TITLE))
    module = _load_title(name)
    check, profile, _ = _title_extras(name)
    outcome = fuzzer.replay(
        module, record, invariants=check if invariants else None, config=profile
    )
    expected = outcome.expected
    console.print(Text(f"Replayed {outcome.actions} actions of {path} ({name})."))
    if expected is not None:
        console.print(Text(f"Recorded failure: {expected[0]}: {expected[1]}"))
    if outcome.failure is not None:
        kind, message = outcome.failure
        verdict = "Reproduced" if outcome.reproduced else "Failure"
        console.print(Text(f"{verdict}: {kind}: {message}"))
        raise typer.Exit(1)
    state = "finished" if outcome.finished else "not over"
    console.print(Text(f"No failure: the game is {state} and every check passed."))


# -- bench -----------------------------------------------------------------------------------


@app.command()
def bench(
    games: Annotated[int, typer.Option(help="Random 4-player games to time.")] = 50,
    seed: Annotated[int, typer.Option(help="Base seed.")] = 0,
    players: Annotated[int, typer.Option(help="Players per game.")] = 4,
    title: Annotated[str, typer.Option(help="Which game.")] = DEFAULT_TITLE,
    recorded: Annotated[
        int, typer.Option(help="Recorded random games replayed for the per-action figures.")
    ] = 10,
    decisions: Annotated[
        int, typer.Option(help="Decisions of the hard search timed (0: skip it).")
    ] = 30,
) -> None:
    """Time random play on one core and the cost of copying a state; then µs per action of
    the checked (actions + apply) and trusted (actions + perform) paths beside the floor
    loop, and the hard search's rollouts per second at a fixed number of rollouts."""
    from crisis.sim import speed

    console = Console()
    module = _load_title(title)
    figures = fuzzer.benchmark(
        module, games=games, players=players, seed=seed, copy=module.rules.copy_state
    )
    t = Table(title=f"Benchmark: {title}, {games} random {players}-player games, one core")
    t.add_column("Measure")
    t.add_column("Value", justify="right")
    rows: list[tuple[str, str]] = [
        ("actions per second (with actions() calls)", f"{figures['actions_per_second']:,.0f}"),
        ("complete games per second", f"{figures['games_per_second']:.2f}"),
        ("average actions per game", f"{figures['actions_per_game']:.1f}"),
        ("games finished", f"{figures['finished']:.0f}"),
        ("state size, mid-game (bytes of JSON)", f"{figures['state_bytes']:,.0f}"),
        ("to_json + from_json round trip (us)", f"{figures['round_trip_us']:.1f}"),
        ("to_json (us)", f"{figures['to_json_us']:.1f}"),
        ("from_json (us)", f"{figures['from_json_us']:.1f}"),
        ("view for one role (us)", f"{figures['view_us']:.1f}"),
    ]
    if "copy_us" in figures:
        rows.append(("copy_state (us)", f"{figures['copy_us']:.1f}"))
    for name, value in rows:
        t.add_row(name, value)
    console.print(t)
    per = speed.per_action(module, games=recorded, seed=seed)
    s = Table(title=f"Per action: {recorded} recorded random 4-player games, CPU time, median")
    s.add_column("Measure")
    s.add_column("Value", justify="right")
    s.add_row("checked: actions + apply (µs per action)", f"{per['checked_us']:.1f}")
    s.add_row("trusted: actions + perform (µs per action)", f"{per['trusted_us']:.1f}")
    s.add_row("floor loop (µs per action)", f"{per['floor_us']:.2f}")
    if decisions:
        search = speed.rollouts_per_second(module, decisions=decisions)
        s.add_row(
            f"hard search, {speed.ITERATIONS} rollouts a decision: rollouts per second",
            f"{search['rollouts_per_second']:.0f}",
        )
        s.add_row(
            f"hard search: CPU seconds for {search['decisions']:.0f} decisions",
            f"{search['search_seconds']:.2f}",
        )
    console.print(s)


# -- play ------------------------------------------------------------------------------------


@app.command()
def play(
    players: Annotated[int, typer.Option(help="Number of players, 2-4.")] = 4,
    seat: Annotated[
        list[str] | None,
        typer.Option(help="A seat a human plays (repeat for hotseat); the rest are bots."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (random if left out).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the replay record here when the game stops.")
    ] = None,
    title: Annotated[str, typer.Option(help="Which game.")] = DEFAULT_TITLE,
    bot: Annotated[
        str | None,
        typer.Option(help="Bot or level (easy, medium, hard) for the other seats (or random)."),
    ] = None,
    cards: Annotated[
        Path | None, typer.Option(help="Rome in Crisis: your own card set (TOML).")
    ] = None,
) -> None:
    """Play in the terminal: choose actions by number, q quits."""
    from crisis import tui

    console = Console()
    # Without --seed, a secret key: nothing seen in play predicts the next draw.
    game_seed: Seed = fresh_seed() if seed is None else seed
    humans = seat or ["green"]
    _load_title(title)
    options = _card_options(title, cards)
    try:
        match = tui.play(
            players=players,
            humans=humans,
            seed=game_seed,
            console=console,
            title=title,
            options=options,
            bot=bot,
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if save is not None:
        save.write_text(json.dumps(match.record()))
        console.print(Text(f"Replay record written to {save}"))


# -- replay ----------------------------------------------------------------------------------


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A replay record (JSON: title, seed, log).")],
) -> None:
    """Replay a record and print the final result (or where the game stands)."""
    console = Console()
    try:
        record: dict[str, Any] = fuzzer.load_record(file)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from None
    name = str(record.get("title", DEFAULT_TITLE))
    module = _load_title(name)
    try:
        match = Match.replay(module, record)
    except Exception as exc:
        console.print(Text(f"The replay stopped: {type(exc).__name__}: {exc}"))
        raise typer.Exit(1) from None
    result = match.result()
    if result is None:
        console.print(
            Text(
                f"After {len(match.log)} actions the game is not over: "
                f"{', '.join(match.active())} to act."
            )
        )
        return
    from crisis.tui import result_table

    console.print(result_table(result))
    typer.echo(json.dumps(result, sort_keys=True))


# -- simulate --------------------------------------------------------------------------------

app.command("simulate")(simulate_command)


# -- serve and loadtest (web play: crisis.server) ---------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str,
        typer.Option(help="SQLAlchemy URL, e.g. sqlite:///crisis.db or postgresql+psycopg://..."),
    ] = "sqlite:///crisis.db",
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits between moves.")] = 0.25,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Reverse proxies (comma-separated IPs) whose X-Forwarded-For is believed; "
            "default: nobody's."
        ),
    ] = None,
    allow_seed: Annotated[
        bool, typer.Option(help="Let clients choose a game's seed (tests and benchmarks only).")
    ] = False,
    tables_per_minute: Annotated[
        int, typer.Option(help="New tables one address may create per minute.")
    ] = 30,
    think_seconds: Annotated[
        float,
        typer.Option(help="Longest a searching bot or a hint thinks per decision (at most 1)."),
    ] = 1.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Worker processes for searching bots and hints (default: cores - 1)."),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="URL",
            help="A page origin allowed to open websockets besides the site's own "
            "(behind a proxy that rewrites Host; repeatable).",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes sharing the port, as one site (above 1 needs PostgreSQL).",
        ),
    ] = 1,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Mail server for turn notices and account mails, e.g. "
            "smtp://user:secret@mail.example:587 (or CRISIS_SMTP_URL); none: kept and logged.",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="The site's public address, which every link in a mail starts with "
            "(CRISIS_PUBLIC_URL); needed with --smtp-url.",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(help="The mails' sender address (or CRISIS_MAIL_FROM)."),
    ] = None,
) -> None:
    """Run the web server: lobby, live tables, bots, replays (open http://HOST:PORT)."""
    with _extra("crisis serve"):
        from crisis.server import serve as run_server
        from crisis.server.app import mail_config

    try:
        mail_config(host, port, smtp_url, public_url, mail_from)
    except ValueError as exc:
        typer.echo(f"crisis serve: {exc}", err=True)
        raise typer.Exit(2) from None
    if workers < 1:
        raise typer.BadParameter("at least 1", param_hint="--workers")
    if workers > 1 and database.startswith("sqlite"):
        raise typer.BadParameter(
            "several processes need a database server (PostgreSQL): a SQLite file serves one",
            param_hint="--workers",
        )
    typer.echo(f"crisis: open http://{host}:{port} (database {database}; Ctrl-C stops)")
    run_server(
        host,
        port,
        database,
        bot_delay=bot_delay,
        allow_seed=allow_seed,
        tables_per_minute=tables_per_minute,
        forwarded_allow_ips=forwarded_allow_ips,
        think_seconds=think_seconds,
        bot_workers=bot_workers,
        origins=origin or [],
        workers=workers,
        smtp_url=smtp_url,
        public_url=public_url,
        mail_from=mail_from,
    )


@app.command()
def loadtest(
    tables: Annotated[int, typer.Option(help="Concurrent tables (1-2000).")] = 50,
    players: Annotated[int, typer.Option(help="Simulated people per table.")] = 4,
    duration: Annotated[float, typer.Option(help="Seconds of play to measure.")] = 30.0,
    think: Annotated[float, typer.Option(help="Mean seconds a player thinks per action.")] = 1.0,
    url: Annotated[
        list[str] | None,
        typer.Option(
            metavar="URL",
            help="A running server on loopback (repeatable: processes of one site; "
            "default: start one).",
        ),
    ] = None,
    processes: Annotated[
        int, typer.Option(help="Client processes running the simulated people.")
    ] = 2,
    server_pid: Annotated[
        list[int] | None,
        typer.Option(metavar="PID", help="A server process to measure CPU of (repeatable)."),
    ] = None,
    ramp: Annotated[
        float | None,
        typer.Option(
            help="Seconds over which the people connect before measuring (default: 200 "
            "connections a second, at least 2 s)."
        ),
    ] = None,
    mix: Annotated[
        bool,
        typer.Option(
            help="Each table's people play through the --url processes in turn, not all "
            "through one: every move must reach people on another process."
        ),
    ] = False,
) -> None:
    """Benchmark the server with simulated players on 127.0.0.1: actions/s, p50/p95/p99 latency,
    errors and the server's CPU milliseconds per action."""
    try:
        with _extra("crisis loadtest"):
            from crisis.devtools import loadtest as bench_load

            figures = bench_load.run(
                tables,
                players=players,
                duration=duration,
                think=think,
                url=url or None,
                processes=processes,
                server_pids=server_pid or None,
                ramp=ramp,
                mix=mix,
            )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    t = Table(title=f"Load test: {tables} tables x {players} players, think {think} s")
    t.add_column("Measure")
    t.add_column("Value", justify="right")
    for name, value in figures.items():
        shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
        t.add_row(name.replace("_", " "), shown)
    Console().print(t)


if __name__ == "__main__":  # pragma: no cover
    app()
