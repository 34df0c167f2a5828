"""The schema as the first Alembic revision: games, seats, actions, private notes and chat.

Written out column by column (never from ``store.metadata``), so that it stays what it was
when later revisions change the metadata. A database from before Alembic gets the tables and
the column it lacks from the same functions (:func:`crisis.server.migrations.adopt`).

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def rng_seed() -> sa.Column[str]:
    """``games.rng_seed``: JSON of the game's Seed; added by e46a65f, so older databases lack
    it (their games replay on ``splitmix64:<seed>``)."""
    return sa.Column("rng_seed", sa.Text(), nullable=True)


def create_games() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        rng_seed(),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("active", sa.Text(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("created", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def create_seats() -> None:
    op.create_table(
        "seats",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.Integer(), nullable=False),
        sa.Column("resigned", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"]),
        sa.PrimaryKeyConstraint("game", "role"),
    )
    op.create_index("seats_by_token", "seats", ["token_hash"])


def create_actions() -> None:
    op.create_table(
        "actions",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("verb", sa.String(40), nullable=False),
        sa.Column("arg", sa.Text(), nullable=False),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"]),
        sa.PrimaryKeyConstraint("game", "n"),
    )


def create_notes() -> None:
    """Added by 80396e1."""
    op.create_table(
        "notes",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"]),
        sa.PrimaryKeyConstraint("game", "role"),
    )


def create_chat() -> None:
    """Added by 65a712b."""
    op.create_table(
        "chat",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game"], ["games.id"]),
        sa.PrimaryKeyConstraint("game", "n"),
    )


#: Each table and the function creating it, in an order the foreign keys allow.
TABLES: dict[str, Callable[[], None]] = {
    "games": create_games,
    "seats": create_seats,
    "actions": create_actions,
    "notes": create_notes,
    "chat": create_chat,
}


def upgrade() -> None:
    for create in TABLES.values():
        create()


def downgrade() -> None:
    op.drop_index("seats_by_token", table_name="seats")
    for name in reversed(TABLES):
        op.drop_table(name)
