"""``python -m crisis.server``: run the web server (the same as ``crisis serve``)."""

from __future__ import annotations

import argparse

from crisis.server import limits
from crisis.server.app import DEFAULT_DATABASE, mail_config, serve


def main(argv: list[str] | None = None) -> None:
    """Parse the options and serve."""
    parser = argparse.ArgumentParser(prog="python -m crisis.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=DEFAULT_DATABASE)
    parser.add_argument("--bot-delay", type=float, default=0.25)
    parser.add_argument("--allow-seed", action="store_true")
    parser.add_argument("--tables-per-minute", type=int, default=30)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--forwarded-allow-ips", default=None)
    parser.add_argument("--think-seconds", type=float, default=limits.THINK_SECONDS)
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument("--origin", action="append", default=[])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--smtp-url", default=None)
    parser.add_argument("--public-url", default=None)
    parser.add_argument("--mail-from", default=None)
    args = parser.parse_args(argv)
    if args.workers > 1 and args.database.startswith("sqlite"):
        parser.error(
            "--workers above 1 needs a database server (PostgreSQL): "
            "a SQLite file serves one process"
        )
    try:
        mail_config(args.host, args.port, args.smtp_url, args.public_url, args.mail_from)
    except ValueError as exc:
        parser.error(str(exc))
    serve(
        args.host,
        args.port,
        args.database,
        bot_delay=args.bot_delay,
        allow_seed=args.allow_seed,
        tables_per_minute=args.tables_per_minute,
        log_level=args.log_level,
        forwarded_allow_ips=args.forwarded_allow_ips,
        think_seconds=args.think_seconds,
        bot_workers=args.bot_workers,
        origins=args.origin,
        workers=args.workers,
        smtp_url=args.smtp_url,
        public_url=args.public_url,
        mail_from=args.mail_from,
    )


if __name__ == "__main__":
    main()
