"""Two indexes on games: by ``updated`` (then ``id``), for the lobby's newest tables and the
retention sweep's oldest, and by ``rematch``, for the finished game whose rematch a sweep
deletes.

Written out (never from ``store.metadata``), as every revision is. ``IF NOT EXISTS``: a
database adopted as 0001 (:func:`crisis.server.migrations.adopt`) may have them already, when it
was written at this revision or later and lost its version table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("games_by_updated", "games", ["updated", "id"], if_not_exists=True)
    op.create_index("games_by_rematch", "games", ["rematch"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("games_by_rematch", table_name="games")
    op.drop_index("games_by_updated", table_name="games")
