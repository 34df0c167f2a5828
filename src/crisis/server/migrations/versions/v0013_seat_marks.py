"""What a seat last saw of the map, kept on the server: ``seats.marks``, the snapshot (JSON)
the table page compares the map with to tell "changed since your last action", so that it
follows the player to any device. Idempotent like 0004.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}
    if "marks" not in have:
        op.add_column("seats", sa.Column("marks", sa.Text()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("marks")
