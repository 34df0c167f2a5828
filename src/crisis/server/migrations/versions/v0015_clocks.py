"""Correspondence clocks: each person's seat's time bank at a game over days
(``seat_clocks``) and each account's vacations (``vacations``), see
crisis.server.store.clocks. Idempotent like 0004.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Seconds = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "seat_clocks" not in tables:
        op.create_table(
            "seat_clocks",
            sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("role", sa.String(16), primary_key=True),
            sa.Column("bank", Seconds, nullable=False),
            sa.Column("since", Seconds),
        )
    if "vacations" not in tables:
        op.create_table(
            "vacations",
            sa.Column("account", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column("start", Seconds, primary_key=True),
            sa.Column("until", Seconds, nullable=False),
        )
        op.create_index("vacations_by_until", "vacations", ["until"])


def downgrade() -> None:
    op.drop_table("vacations")
    op.drop_table("seat_clocks")
