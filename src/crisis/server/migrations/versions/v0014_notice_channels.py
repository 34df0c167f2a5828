"""Notices besides mail: ``outbox.channel`` (mail, push or webhook), the browsers each
account asked to be told in (``push_subscriptions``) and each account's channels
(``notice_channels``). Idempotent like 0004.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Seconds = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    inspect = sa.inspect(op.get_bind())
    if "channel" not in {c["name"] for c in inspect.get_columns("outbox")}:
        op.add_column(
            "outbox", sa.Column("channel", sa.String(8), nullable=False, server_default="mail")
        )
    tables = set(inspect.get_table_names())
    if "push_subscriptions" not in tables:
        op.create_table(
            "push_subscriptions",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("account", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
            sa.Column("endpoint", sa.Text(), nullable=False),
            sa.Column("endpoint_key", sa.String(64), nullable=False),
            sa.Column("p256dh", sa.String(128), nullable=False),
            sa.Column("auth", sa.String(64), nullable=False),
            sa.Column("label", sa.String(60), nullable=False),
            sa.Column("created", Seconds, nullable=False),
        )
        op.create_index("push_by_endpoint", "push_subscriptions", ["endpoint_key"], unique=True)
        op.create_index("push_by_account", "push_subscriptions", ["account"])
    if "notice_channels" not in tables:
        op.create_table(
            "notice_channels",
            sa.Column("account", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
            sa.Column("mail", sa.Integer(), nullable=False),
            sa.Column("push", sa.Integer(), nullable=False),
            sa.Column("webhook", sa.Integer(), nullable=False),
            sa.Column("webhook_url", sa.Text()),
        )


def downgrade() -> None:
    op.drop_table("notice_channels")
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("channel")
