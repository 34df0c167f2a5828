"""Several server processes as one site: who plays a table's bots, who created a table, which
processes are running and which sockets they hold, and the site's secret salt.

- ``games.bot_owner``: the process that plays the table's bots while a bot is to move (NULL
  otherwise). Games in play when this revision runs get ``(restart)``, a process that never
  runs, so that the first server to start looks at each once (``Hall.resume``).
- ``games.creator``: who created the table (the creating address, salted and hashed), and
  ``games.kinds``: the quota kinds it counts under ("bots only", "with a searching bot"), so
  that per-address limits hold across processes.
- ``processes``: one row per running server process, beating every few seconds.
- ``sockets``: every open websocket of every process (its address hashed), counted by the
  per-address and per-table connection limits.
- ``settings``: the site's own values; ``address_salt`` is made here, once per database.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The owner given to games in play when this revision runs: no process has this id.
RESTART = "(restart)"


def _moment() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    # A database adopted as 0001 (crisis.server.migrations.adopt) may have been written at
    # this revision or later and lost its version table: only what it lacks is added.
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    columns = {c["name"] for c in inspector.get_columns("games")}
    for name in ("bot_owner", "creator", "kinds"):
        if name not in columns:
            op.add_column("games", sa.Column(name, sa.String(64), nullable=True))
    op.create_index("games_by_bot_owner", "games", ["bot_owner"], if_not_exists=True)
    op.create_index("games_by_creator", "games", ["creator", "created"], if_not_exists=True)
    games = sa.table("games", sa.column("status", sa.String), sa.column("bot_owner", sa.String))
    op.execute(
        games.update()
        .where(games.c.status == "playing", games.c.bot_owner.is_(None))
        .values(bot_owner=RESTART)
    )
    if "processes" not in present:
        op.create_table(
            "processes",
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("started", _moment(), nullable=False),
            sa.Column("beat", _moment(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    if "sockets" not in present:
        op.create_table(
            "sockets",
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("process", sa.String(64), nullable=False),
            sa.Column("address", sa.String(64), nullable=False),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("opened", _moment(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    op.create_index("sockets_by_address", "sockets", ["address", "kind"], if_not_exists=True)
    op.create_index("sockets_by_game", "sockets", ["game", "kind"], if_not_exists=True)
    op.create_index("sockets_by_process", "sockets", ["process"], if_not_exists=True)
    if "settings" not in present:
        op.create_table(
            "settings",
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("value", sa.Text(), nullable=False),
            sa.PrimaryKeyConstraint("name"),
        )
    setting = sa.table("settings", sa.column("name", sa.String), sa.column("value", sa.Text))
    salted = (
        op.get_bind()
        .execute(sa.select(setting.c.name).where(setting.c.name == "address_salt"))
        .first()
    )
    if salted is None:
        op.execute(setting.insert().values(name="address_salt", value=secrets.token_hex(16)))


def downgrade() -> None:
    op.drop_table("settings")
    op.drop_index("sockets_by_process", table_name="sockets")
    op.drop_index("sockets_by_game", table_name="sockets")
    op.drop_index("sockets_by_address", table_name="sockets")
    op.drop_table("sockets")
    op.drop_table("processes")
    op.drop_index("games_by_creator", table_name="games")
    op.drop_index("games_by_bot_owner", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("kinds")
        batch.drop_column("creator")
        batch.drop_column("bot_owner")
