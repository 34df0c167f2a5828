"""The mail's tables: the outbox (every notice to send, by mail, push or webhook), the
browsers' push subscriptions and each account's notice channels."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, String, Table, Text

from crisis.server.store.schema import Seconds, metadata

# and retries those that fail with backoff; without an SMTP server they go to the log.
outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account", String(32), ForeignKey("accounts.id")),
    Column("kind", String(16), nullable=False),  # confirm | reset | turn | invite | end
    Column("recipient", String(254), nullable=False),
    Column("subject", String(200), nullable=False),
    Column("body", Text, nullable=False),
    Column("headers", Text, nullable=False),  # JSON object of extra headers
    Column("status", String(8), nullable=False),  # queued | sent | logged | failed
    Column("attempts", Integer, nullable=False),
    Column("due", Seconds, nullable=False),  # the next try (taking one pushes it on)
    Column("created", Seconds, nullable=False),
    Column("sent", Seconds),
    Column("error", Text),
    Index("outbox_by_due", "status", "due"),
    Index("outbox_by_account", "account", "kind", "created"),
)

# Which road each outbox row takes: ``mail`` (SMTP), ``push`` (Web Push to one browser; its
# recipient is the subscription's id) or ``webhook`` (the account's hook; recipient: the
# account). Revision 0014.
outbox.append_column(Column("channel", String(8), nullable=False, server_default="mail"))

# Notices besides mail (crisis.server.mail): each browser an account asked to be told in
# (a Web Push subscription: the push service's endpoint and the browser's keys, RFC 8291)...
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("account", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("endpoint", Text, nullable=False),
    Column("endpoint_key", String(64), nullable=False),  # SHA-256 of the endpoint: unique
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("label", String(60), nullable=False),  # what the account page calls the browser
    Column("created", Seconds, nullable=False),
    Index("push_by_endpoint", "endpoint_key", unique=True),
    Index("push_by_account", "account"),
)

# ... and each account's channels: Web Push on or off, and the webhook (a URL that takes a
# JSON POST, as Discord's and Slack's do) with whether it is on.
notice_channels = Table(
    "notice_channels",
    metadata,
    Column("account", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("mail", Integer, nullable=False),
    Column("push", Integer, nullable=False),
    Column("webhook", Integer, nullable=False),
    Column("webhook_url", Text),
)
