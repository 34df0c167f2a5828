"""The load figures of docs/measurements/load.md: this tree as one SQLite process and as two
PostgreSQL processes.

    .venv/bin/python bench/load_figures.py \
        --postgres postgresql+psycopg://postgres@127.0.0.1:5432/postgres --tables 200 500 1000

For each number of tables, one ``crisis loadtest`` of a fresh site of one process on a new
SQLite file, then one of a fresh site of two processes on a new PostgreSQL database (made on
the server of ``--postgres`` and dropped after). With two processes each table is made
through one of them and its four people play through that one, as a balancer that hashes
the table's id arranges (``docs/hosting/nginx.conf``); ``--mix`` spreads each table's people
over both instead, as ``crisis serve --workers 2`` does. The servers, PostgreSQL and the
simulated people share the machine, so run it on an otherwise idle one. The servers are
``python -m crisis.server --log-level warning`` (``crisis serve`` less its log of every
connection). It prints one Markdown row per run, with the server's CPU per action to two
decimals; that CPU is the crisis processes' only, not PostgreSQL's.
"""

from __future__ import annotations

import argparse

from load_vs_base import HERE, measure

#: The columns of the printed table: a figure's key in ``loadtest.run`` and its format.
COLUMNS = {
    "actions_per_second": ("actions/s", "{:,.0f}"),
    "p50_ms": ("p50 ms", "{:,.1f}"),
    "p95_ms": ("p95 ms", "{:,.1f}"),
    "p99_ms": ("p99 ms", "{:,.1f}"),
    "server_cpu_ms_per_action": ("server CPU ms/action", "{:.2f}"),
    "client_cpu_ms_per_action": ("people's CPU ms/action", "{:.2f}"),
    "machine_busy_percent": ("machine busy %", "{:.0f}"),
    "settle_seconds": ("settle s", "{:.1f}"),
    "open_max_seconds": ("slowest opening s", "{:.1f}"),
}


def row(site: str, tables: int, figures: dict[str, float]) -> str:
    """One Markdown row: the site, the tables, the figures, who was served and the errors."""
    cells = [site, f"{tables:,}"]
    cells += [fmt.format(figures[key]) for key, (_, fmt) in COLUMNS.items()]
    served = f"{figures['served']:,.0f} of {figures['clients']:,.0f}"
    errors = f"{figures['errors']:,.0f}" + (
        f" ({figures['error_kinds']})" if figures["errors"] else ""
    )
    return "| " + " | ".join([*cells, served, errors]) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", required=True, help="a PostgreSQL server's URL")
    parser.add_argument("--tables", type=int, nargs="+", default=[200, 500, 1000])
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--mix", action="store_true", help="each table's people on both processes")
    args = parser.parse_args()
    names = [name for name, _ in COLUMNS.values()]
    print("| site | tables | " + " | ".join(names) + " | people served | errors |")
    print("|---|" + "---:|" * (len(names) + 2) + "---|")
    src = HERE / "src"
    for tables in args.tables:
        one = measure(src, tables, args.duration, None)
        print(row("one process, SQLite", tables, one), flush=True)
        two = measure(
            src, tables, args.duration, None, postgres=args.postgres, servers=2, mix=args.mix
        )
        print(row("two processes, PostgreSQL", tables, two), flush=True)


if __name__ == "__main__":
    main()
