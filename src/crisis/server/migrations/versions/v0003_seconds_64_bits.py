"""Moments (Unix seconds) in 64 bits on database servers: ``games.created``, ``games.updated``,
``actions.at``, ``notes.updated`` and ``chat.at`` were PostgreSQL ``integer`` columns, which
run out in January 2038. SQLite's INTEGER is 64 bits already, so nothing changes there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The columns that hold a moment, by table.
MOMENTS = (
    ("games", "created"),
    ("games", "updated"),
    ("actions", "at"),
    ("notes", "updated"),
    ("chat", "at"),
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table, column in MOMENTS:
        op.alter_column(table, column, type_=sa.BigInteger(), existing_type=sa.Integer())


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table, column in MOMENTS:
        op.alter_column(table, column, type_=sa.Integer(), existing_type=sa.BigInteger())
