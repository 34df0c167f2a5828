"""Invitations that are offers, ratings only for games people played, mail nobody can aim:

- ``seats.invited`` (the account a seat is offered to) and ``seats.offer`` (``waiting`` until
  they accept or decline, then ``declined`` or NULL): the seat is theirs only once accepted;
- ``seats.left_at``: the length of the game's log when the person left the seat to a bot
  (resigned, or their time ran out), so that their own moves can be told from the bot's;
- ``games.unrated``: why a rated game moved no rating (NULL: rated, or not over yet);
- ``invitation_mails``: every invitation mailed (who invited whom, when), for the caps;
- ``blocks``: the accounts each account blocked (no invitations, no seats at their tables).

Idempotent like 0004.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEAT_COLUMNS = (
    ("invited", sa.String(32)),
    ("offer", sa.String(8)),
    ("left_at", sa.Integer()),
)


def _moment() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    have = {c["name"] for c in inspector.get_columns("seats")}
    for name, kind in SEAT_COLUMNS:
        if name not in have:
            op.add_column("seats", sa.Column(name, kind))
    op.create_index("seats_by_invited", "seats", ["invited"], if_not_exists=True)
    if "unrated" not in {c["name"] for c in inspector.get_columns("games")}:
        op.add_column("games", sa.Column("unrated", sa.String(16)))
    if "invitation_mails" not in present:
        op.create_table(
            "invitation_mails",
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("role", sa.String(16), nullable=False),
            sa.Column("inviter", sa.String(32), nullable=False),
            sa.Column("invitee", sa.String(32), nullable=False),
            sa.Column("at", _moment(), nullable=False),
            sa.PrimaryKeyConstraint("game", "role", "invitee"),
        )
    op.create_index(
        "invitation_mails_by_invitee", "invitation_mails", ["invitee", "at"], if_not_exists=True
    )
    op.create_index(
        "invitation_mails_by_inviter", "invitation_mails", ["inviter", "at"], if_not_exists=True
    )
    if "blocks" not in present:
        op.create_table(
            "blocks",
            sa.Column("account", sa.String(32), nullable=False),
            sa.Column("blocked", sa.String(32), nullable=False),
            sa.Column("at", _moment(), nullable=False),
            sa.ForeignKeyConstraint(["account"], ["accounts.id"]),
            sa.ForeignKeyConstraint(["blocked"], ["accounts.id"]),
            sa.PrimaryKeyConstraint("account", "blocked"),
        )
    op.create_index("blocks_by_blocked", "blocks", ["blocked"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("blocks_by_blocked", table_name="blocks")
    op.drop_table("blocks")
    op.drop_index("invitation_mails_by_inviter", table_name="invitation_mails")
    op.drop_index("invitation_mails_by_invitee", table_name="invitation_mails")
    op.drop_table("invitation_mails")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("unrated")
    op.drop_index("seats_by_invited", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        for name, _kind in SEAT_COLUMNS:
            batch.drop_column(name)
