"""The ratings' tables: each account's rating per title and what each rated game did to it
(Alembic revision 0007)."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table

from crisis.server.store.schema import Seconds, metadata

# An account's rating for a title: OpenSkill's skill and uncertainty, and rated games played.
ratings = Table(
    "ratings",
    metadata,
    Column("account", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("title", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Seconds, nullable=False),
    Index("ratings_by_title", "title", "mu"),
)

# What each rated game did to each of its players' ratings (their profile's history); one row
# per game and account, so a game is rated once.
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("account", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("title", String(40), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Seconds, nullable=False),
    Index("rating_changes_by_account", "account", "at"),
)
