"""Counted attempts (wrong passwords, password hashes) shared by every process of the site and
kept across restarts: ``attempts``, one row per counted thing (the SHA-256 of its key), how
many in the window that began at ``since``. And ``accounts.mail_gen``, bumped at each change
of an account's mail settings, which ends the stop links mailed before. Idempotent like 0004.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if "attempts" not in set(sa.inspect(op.get_bind()).get_table_names()):
        op.create_table(
            "attempts",
            sa.Column("key", sa.String(64), nullable=False),
            sa.Column("count", sa.Integer(), nullable=False),
            sa.Column(
                "since", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
            ),
            sa.PrimaryKeyConstraint("key"),
        )
    op.create_index("attempts_by_since", "attempts", ["since"], if_not_exists=True)
    if "mail_gen" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("accounts")}:
        op.add_column("accounts", sa.Column("mail_gen", sa.Integer()))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("mail_gen")
    op.drop_index("attempts_by_since", table_name="attempts")
    op.drop_table("attempts")
