"""The accounts' tables: accounts, signed-in sessions, mailed links, counted attempts and
blocks (Alembic revision 0005 and later)."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, String, Table, Text

from crisis.server.store.schema import Seconds, metadata

#: What an account's ``email_key`` starts with when it holds its address only as a stand-in:
#: the address another account has, given at sign-up or as a change (``HELD`` and the
#: account's id, never an address's key, so that the unique index stays whole and no search
#: by address ever finds it). Such an address is shown to its holder, unconfirmed, as a free
#: one would be, but it is never confirmed, never mailed (the outbox refuses it) and signs
#: nobody in: the answers tell nobody who has an account here.
HELD = "!"

# A person's account: a name shown to others, an e-mail address never shown to anyone else,
# and the Argon2id hash of the password (argon2's PHC string).
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(24), nullable=False),  # the name casefolded: unique
    Column("email", String(254), nullable=False),
    # The address lowercased: unique (HELD and the id: a stand-in's, see above).
    Column("email_key", String(254), nullable=False),
    Column("password", Text, nullable=False),
    Column("confirmed", Seconds),  # when the address was confirmed by link (NULL: not yet)
    # When the account first confirmed an address, kept through changes of address (a rated
    # game's end asks it; revision 0016).
    Column("first_confirmed", Seconds),
    Column("created", Seconds, nullable=False),
    # Mail settings: turn notices, invitations, game ends (1 on, 0 off), and how long a player
    # is away from the table before a turn notice goes (minutes).
    Column("mail_turns", Integer, nullable=False),
    Column("mail_invites", Integer, nullable=False),
    Column("mail_ends", Integer, nullable=False),
    Column("mail_after", Integer, nullable=False),
    # Bumped at every change of the mail settings: the stop links mailed before it stop
    # nothing more (NULL: 0). Revision 0012.
    Column("mail_gen", Integer),
    Index("accounts_by_name", "name_key", unique=True),
    Index("accounts_by_email", "email_key", unique=True),
)

# Signed-in browsers: the SHA-256 of each session cookie's secret (never the secret).
sessions = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("account", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("created", Seconds, nullable=False),
    Column("expires", Seconds, nullable=False),
    Index("sessions_by_account", "account"),
)

# Links sent by mail (reset a password, confirm an address): the SHA-256 of each link's
# secret; a link works until it expires, once.
links = Table(
    "links",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("account", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("purpose", String(16), nullable=False),  # reset | confirm
    Column("email", String(254)),  # confirm: the address it confirms
    Column("created", Seconds, nullable=False),
    Column("expires", Seconds, nullable=False),
    Column("used", Seconds),
    Index("links_by_account", "account", "purpose"),
)

# Attempts that cost the site a password hash or guess at a secret, counted in the database so
# that every process of the site shares them and a restart forgets none
# (crisis.server.accounts.data.Accounts.attempt): the SHA-256 of what is counted (e.g. wrong
# passwords for one account from one address; never the account or address as such), how many
# since the window's start, and that start. Revision 0012.
attempts = Table(
    "attempts",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("since", Seconds, nullable=False),
    Index("attempts_by_since", "since"),
)

# Mails to send: the sender task (crisis.server.mail.outbox) takes the due ones, sends them

# The accounts an account blocked: they cannot invite it nor sit at its tables. Revision 0011.
blocks = Table(
    "blocks",
    metadata,
    Column("account", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("blocked", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("at", Seconds, nullable=False),
    Index("blocks_by_blocked", "blocked"),
)
