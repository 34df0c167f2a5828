"""The lobby's table: every invitation mailed (the caps on invitation mails count them)."""

from __future__ import annotations

from sqlalchemy import Column, Index, String, Table

from crisis.server.store.schema import Seconds, metadata

# Every invitation mailed: who invited whom to which seat, and when (the caps on invitation
# mails count them, crisis.server.lobby.invitations). Revision 0011.
invitation_mails = Table(
    "invitation_mails",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("role", String(16), primary_key=True),
    Column("inviter", String(32), nullable=False),
    Column("invitee", String(32), primary_key=True),
    Column("at", Seconds, nullable=False),
    Index("invitation_mails_by_invitee", "invitee", "at"),
    Index("invitation_mails_by_inviter", "inviter", "at"),
)
