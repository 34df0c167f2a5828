"""Turn notices that wait for the player to be away: ``seats.turn_at``, the game's version
when the seat last became one to move, and ``seats.noticed``, the ``turn_at`` of the last
turn a notice went out for. A notice is due while ``noticed`` is behind ``turn_at``, so a
turn brings one mail at most, even when the player leaves the table after it began.
Idempotent like 0004.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("turn_at", "noticed")


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}
    for name in COLUMNS:
        if name not in have:
            op.add_column("seats", sa.Column(name, sa.Integer()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        for name in COLUMNS:
            batch.drop_column(name)
