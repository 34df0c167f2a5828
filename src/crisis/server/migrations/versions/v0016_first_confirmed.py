"""When an account first confirmed an address (``accounts.first_confirmed``), kept through
later changes of address: a rated game asks it of each player at its end, so that a player
who changes (or gives again) their address during a game cannot make the game unrated.
Filled from ``confirmed`` for the accounts confirmed now. Idempotent like 0004.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Seconds = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("accounts")}
    if "first_confirmed" not in have:
        op.add_column("accounts", sa.Column("first_confirmed", Seconds))
        op.execute("UPDATE accounts SET first_confirmed = confirmed WHERE confirmed IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("first_confirmed")
