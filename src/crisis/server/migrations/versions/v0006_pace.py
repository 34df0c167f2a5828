"""Games over days: ``games.pace``, the seconds each move may take (NULL for a live game), and
``games.on_timeout``, what happens to a seat whose time runs out ("bot" or "resign"), with an
index for the clock's search for overdue games. Idempotent like 0004.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}
    if "pace" not in columns:
        op.add_column("games", sa.Column("pace", sa.Integer(), nullable=True))
    if "on_timeout" not in columns:
        op.add_column("games", sa.Column("on_timeout", sa.String(8), nullable=True))
    op.create_index("games_by_pace", "games", ["status", "pace", "updated"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("games_by_pace", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("on_timeout")
        batch.drop_column("pace")
