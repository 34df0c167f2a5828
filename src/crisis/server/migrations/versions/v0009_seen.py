"""Turn notices: ``seats.seen``, when the seat's person was last at the table (a connection
opened or closed), so that a notice goes only to someone away. Idempotent like 0004.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if "seen" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}:
        op.add_column(
            "seats", sa.Column("seen", sa.BigInteger().with_variant(sa.Integer(), "sqlite"))
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen")
