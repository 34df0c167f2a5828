"""Ratings: ``games.rated`` (a rated table, 0 or 1), ``ratings`` (an account's OpenSkill
rating for a title) and ``rating_changes`` (what each rated game did to each player's rating;
one row per game and account). Idempotent like 0004.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    if "rated" not in {c["name"] for c in inspector.get_columns("games")}:
        op.add_column("games", sa.Column("rated", sa.Integer(), nullable=False, server_default="0"))
    if "ratings" not in present:
        op.create_table(
            "ratings",
            sa.Column("account", sa.String(32), nullable=False),
            sa.Column("title", sa.String(40), nullable=False),
            sa.Column("mu", sa.Float(), nullable=False),
            sa.Column("sigma", sa.Float(), nullable=False),
            sa.Column("games", sa.Integer(), nullable=False),
            sa.Column("updated", _moment(), nullable=False),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("account", "title"),
        )
    op.create_index("ratings_by_title", "ratings", ["title", "mu"], if_not_exists=True)
    if "rating_changes" not in present:
        op.create_table(
            "rating_changes",
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("account", sa.String(32), nullable=False),
            sa.Column("title", sa.String(40), nullable=False),
            sa.Column("place", sa.Integer(), nullable=False),
            sa.Column("mu_before", sa.Float(), nullable=False),
            sa.Column("sigma_before", sa.Float(), nullable=False),
            sa.Column("mu_after", sa.Float(), nullable=False),
            sa.Column("sigma_after", sa.Float(), nullable=False),
            sa.Column("at", _moment(), nullable=False),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("game", "account"),
        )
    op.create_index(
        "rating_changes_by_account", "rating_changes", ["account", "at"], if_not_exists=True
    )


def downgrade() -> None:
    op.drop_index("rating_changes_by_account", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ratings_by_title", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
