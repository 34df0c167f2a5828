"""``python -m crisis.server.migrations --database URL COMMAND``: the schema's revisions by hand.

- ``upgrade``: what every server does at start (create, adopt or upgrade; under the lock);
- ``current``: the database's revision and the newest one;
- ``revision -m "what changed" [--autogenerate] [--rev-id 0002]``: write a new revision under
  ``versions/`` (in a source checkout), compared with every concern's tables
  (``migrations/tables.py``) when autogenerating (against a database at head).
"""

from __future__ import annotations

import argparse

from alembic import command
from sqlalchemy import NullPool, create_engine

from crisis.server.migrations import config, current, head, migrate


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m crisis.server.migrations", description=__doc__)
    parser.add_argument("--database", default="sqlite:///crisis.db", help="SQLAlchemy URL")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("upgrade", help="bring the database to the newest revision")
    commands.add_parser("current", help="show the database's revision and the newest")
    revision = commands.add_parser("revision", help="write a new revision")
    revision.add_argument("-m", "--message", required=True)
    revision.add_argument("--autogenerate", action="store_true")
    revision.add_argument("--rev-id", default=None)
    args = parser.parse_args(argv)
    engine = create_engine(args.database, poolclass=NullPool)
    try:
        if args.command == "upgrade":
            migrate(engine)
            print(f"at {head()}")
        elif args.command == "current":
            with engine.connect() as connection:
                now = current(connection)
            print(f"database: {', '.join(now) or 'none (new, or from before Alembic)'}")
            print(f"newest:   {head()}")
        else:
            with engine.begin() as connection:
                command.revision(
                    config(connection),
                    message=args.message,
                    autogenerate=args.autogenerate,
                    rev_id=args.rev_id,
                )
    finally:
        engine.dispose()


if __name__ == "__main__":
    main()
