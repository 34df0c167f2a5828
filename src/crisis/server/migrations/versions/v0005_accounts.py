"""Accounts and mail: who a person is, their signed-in browsers, the links mailed to them, the
mails waiting to go, and the seats they hold.

- ``accounts``: a name (unique casefolded), an e-mail address (unique lowercased, never shown
  to other players), the Argon2id hash of the password, when the address was confirmed, and
  the mail settings.
- ``sessions``: signed-in browsers, by the SHA-256 of the cookie's secret.
- ``links``: password-reset and address-confirmation links, by the SHA-256 of their secret;
  each expires and works once.
- ``outbox``: the mails to send, sent, logged (no SMTP server) or given up on.
- ``seats.account``: the account that holds a seat (NULL: a guest's, by link only).
- ``settings.mail_key``: the site's secret for the links that stop mails, made once.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    # As 0004: a database adopted as 0001 may already hold some of this; only what it lacks
    # is added.
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    if "accounts" not in present:
        op.create_table(
            "accounts",
            sa.Column("id", sa.String(32), nullable=False),
            sa.Column("name", sa.String(24), nullable=False),
            sa.Column("name_key", sa.String(24), nullable=False),
            sa.Column("email", sa.String(254), nullable=False),
            sa.Column("email_key", sa.String(254), nullable=False),
            sa.Column("password", sa.Text(), nullable=False),
            sa.Column("confirmed", _moment(), nullable=True),
            sa.Column("created", _moment(), nullable=False),
            sa.Column("mail_turns", sa.Integer(), nullable=False),
            sa.Column("mail_invites", sa.Integer(), nullable=False),
            sa.Column("mail_ends", sa.Integer(), nullable=False),
            sa.Column("mail_after", sa.Integer(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
        )
    op.create_index("accounts_by_name", "accounts", ["name_key"], unique=True, if_not_exists=True)
    op.create_index("accounts_by_email", "accounts", ["email_key"], unique=True, if_not_exists=True)
    if "sessions" not in present:
        op.create_table(
            "sessions",
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("account", sa.String(32), nullable=False),
            sa.Column("created", _moment(), nullable=False),
            sa.Column("expires", _moment(), nullable=False),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("id"),
        )
    op.create_index("sessions_by_account", "sessions", ["account"], if_not_exists=True)
    if "links" not in present:
        op.create_table(
            "links",
            sa.Column("id", sa.String(64), nullable=False),
            sa.Column("account", sa.String(32), nullable=False),
            sa.Column("purpose", sa.String(16), nullable=False),
            sa.Column("email", sa.String(254), nullable=True),
            sa.Column("created", _moment(), nullable=False),
            sa.Column("expires", _moment(), nullable=False),
            sa.Column("used", _moment(), nullable=True),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("id"),
        )
    op.create_index("links_by_account", "links", ["account", "purpose"], if_not_exists=True)
    if "outbox" not in present:
        op.create_table(
            "outbox",
            sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
            sa.Column("account", sa.String(32), nullable=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("recipient", sa.String(254), nullable=False),
            sa.Column("subject", sa.String(200), nullable=False),
            sa.Column("body", sa.Text(), nullable=False),
            sa.Column("headers", sa.Text(), nullable=False),
            sa.Column("status", sa.String(8), nullable=False),
            sa.Column("attempts", sa.Integer(), nullable=False),
            sa.Column("due", _moment(), nullable=False),
            sa.Column("created", _moment(), nullable=False),
            sa.Column("sent", _moment(), nullable=True),
            sa.Column("error", sa.Text(), nullable=True),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("id"),
        )
    op.create_index("outbox_by_due", "outbox", ["status", "due"], if_not_exists=True)
    op.create_index(
        "outbox_by_account", "outbox", ["account", "kind", "created"], if_not_exists=True
    )
    if "account" not in {c["name"] for c in inspector.get_columns("seats")}:
        op.add_column("seats", sa.Column("account", sa.String(32), nullable=True))
    op.create_index("seats_by_account", "seats", ["account"], if_not_exists=True)
    setting = sa.table("settings", sa.column("name", sa.String), sa.column("value", sa.Text))
    keyed = (
        op.get_bind().execute(sa.select(setting.c.name).where(setting.c.name == "mail_key")).first()
    )
    if keyed is None:
        op.execute(setting.insert().values(name="mail_key", value=secrets.token_hex(32)))


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM settings WHERE name = 'mail_key'"))
    op.drop_index("seats_by_account", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account")
    op.drop_index("outbox_by_account", table_name="outbox")
    op.drop_index("outbox_by_due", table_name="outbox")
    op.drop_table("outbox")
    op.drop_index("links_by_account", table_name="links")
    op.drop_table("links")
    op.drop_index("sessions_by_account", table_name="sessions")
    op.drop_table("sessions")
    op.drop_index("accounts_by_email", table_name="accounts")
    op.drop_index("accounts_by_name", table_name="accounts")
    op.drop_table("accounts")
