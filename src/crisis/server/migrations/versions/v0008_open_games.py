"""Open tables: ``games.host``, the account that made an open table (status ``open`` until
its seats fill or it starts), and an index by status for the list of open tables.
Idempotent like 0004.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if "host" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        op.add_column("games", sa.Column("host", sa.String(32), nullable=True))
    op.create_index("games_by_status", "games", ["status", "updated"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("games_by_status", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("host")
