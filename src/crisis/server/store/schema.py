"""The games' tables: games, their seats, action logs, notes and chat, and the site's
processes, sockets and settings (SQLAlchemy Core). Every other concern declares its own tables
on the same :data:`metadata` (accounts, mail, lobby, ratings: each package's ``schema``);
:mod:`crisis.server.migrations.tables` gathers them all for Alembic."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

#: A moment as Unix seconds: 64 bits, so that it does not run out in 2038 (SQLite's INTEGER is
#: 64 bits already; PostgreSQL's is 32: Alembic revision 0003 widens it there).
Seconds = BigInteger().with_variant(Integer(), "sqlite")

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(64), nullable=False),
    Column("seed", BigInteger, nullable=False),  # games stored before rng_seed: their seed
    Column("rng_seed", Text),  # JSON of the game's Seed (a secret key for server games)
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),  # playing | finished
    Column("version", Integer, nullable=False),  # bumps on every change, undo included
    Column("state", Text, nullable=False),  # the title's to_json, after the last action
    Column("active", Text, nullable=False),  # JSON list of the roles to act
    Column("result", Text),  # JSON, once finished
    Column("rematch_of", String(32)),
    Column("rematch", String(32)),
    Column("created", Seconds, nullable=False),
    Column("updated", Seconds, nullable=False),
    # The process playing the table's bots while one is to move (NULL otherwise): the one
    # whose write left a bot to move, or the one that took over from a process that died.
    Column("bot_owner", String(64)),
    # Who created the table (their address, salted and hashed: :meth:`Store.address_key`) and
    # the quota kinds it counts under ("bots only|with a searching bot"). Revision 0004.
    Column("creator", String(64)),
    Column("kinds", String(64)),
    # A game over days: the seconds each move may take (NULL: a live game, no clock), and what
    # happens to a seat whose time runs out ("bot": a bot takes it; "resign"). A move's time
    # counts from the table's last change (``updated``). Revision 0006.
    Column("pace", Integer),
    Column("on_timeout", String(8)),
    # A rated game (1): its people's ratings move when it ends (crisis.server.ratings.rate).
    # Revision 0007.
    Column("rated", Integer, nullable=False, server_default="0"),
    # An open table (status "open" until its seats fill or it starts): the account that made
    # it, who may start or close it. Revision 0008.
    Column("host", String(32)),
    # The newest tables first (the lobby's lists) and the oldest (the retention sweep), in
    # index order; ``id`` breaks ties and makes the index cover those scans. Revision 0002.
    Index("games_by_updated", "updated", "id"),
    # The finished game whose rematch a sweep deletes, without a scan. Revision 0002.
    Index("games_by_rematch", "rematch"),
    Index("games_by_bot_owner", "bot_owner"),
    Index("games_by_pace", "status", "pace", "updated"),
    Index("games_by_status", "status", "updated"),
    Index("games_by_creator", "creator", "created"),
)

seats = Table(
    "seats",
    metadata,
    Column("game", String(32), ForeignKey("games.id"), primary_key=True),
    Column("role", String(16), primary_key=True),
    Column("position", Integer, nullable=False),  # seat order = the title's turn order
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32)),  # bot strength for bot seats
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64)),  # sha256 of the seat's secret, humans only
    Column("joined", Integer, nullable=False, default=0),
    Column("resigned", Integer, nullable=False, default=0),
    Index("seats_by_token", "token_hash"),
)

actions = Table(
    "actions",
    metadata,
    Column("game", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based position in the log
    Column("role", String(16), nullable=False),
    Column("verb", String(40), nullable=False),
    Column("arg", Text, nullable=False),  # JSON
    Column("at", Seconds, nullable=False),
)

# A seat's private notes: only that seat's secret reads them; never part of a view or record.
notes = Table(
    "notes",
    metadata,
    Column("game", String(32), ForeignKey("games.id"), primary_key=True),
    Column("role", String(16), primary_key=True),
    Column("text", Text, nullable=False),
    Column("updated", Seconds, nullable=False),
)


# The table's chat: players write, everyone watching reads (never part of a view or record).
chat = Table(
    "chat",
    metadata,
    Column("game", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based order of the message
    Column("role", String(16), nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Seconds, nullable=False),
)

# The server processes of the site: each beats every few seconds; one that stops beating is
# dead, and the others take over its tables' bots (crisis.server.play.site). Revision 0004.
processes = Table(
    "processes",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("started", Seconds, nullable=False),
    Column("beat", Seconds, nullable=False),
)

# Every open websocket of every process, counted by the connection limits across the site.
sockets = Table(
    "sockets",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("process", String(64), nullable=False),
    Column("address", String(64), nullable=False),  # Store.address_key of the client
    Column("game", String(32), nullable=False),
    Column("kind", String(16), nullable=False),  # pending | spectator | seat
    Column("opened", Seconds, nullable=False),
    Index("sockets_by_address", "address", "kind"),
    Index("sockets_by_game", "game", "kind"),
    Index("sockets_by_process", "process"),
)

# The site's own values (``address_salt``, made by revision 0004).
settings = Table(
    "settings",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

# -- The seats' columns of the other concerns -----------------------------------------------

# A seat taken while signed in belongs to that account (NULL: a guest's, by link only).
seats.append_column(Column("account", String(32)))
# When the seat's person was last at the table (a connection opened or closed; NULL: never),
# so that a turn notice goes only to someone away (crisis.server.mail.turns). Revision 0009.
seats.append_column(Column("seen", Seconds))
# The game's version when the seat last became one to move, and the turn_at of the last turn
# a turn notice went out for (NULL: none yet): a notice is due while noticed < turn_at.
# Revision 0010.
seats.append_column(Column("turn_at", Integer))
seats.append_column(Column("noticed", Integer))
# What the seat last saw of the map (the table page's snapshot, JSON; NULL: nothing yet), so
# that "changed since your last action" follows the player to any device. Revision 0013.
seats.append_column(Column("marks", Text))
Index("seats_by_account", seats.c.account)
# An invitation is an offer: the account a seat is offered to, and the offer's state
# ("waiting" until accepted, when the seat becomes the account's; "declined"). Revision 0011.
seats.append_column(Column("invited", String(32)))
seats.append_column(Column("offer", String(8)))
# The length of the game's log when the person left the seat to a bot (resigned, or their time
# ran out; NULL: never): the seat's later moves are the bot's, not theirs. Revision 0011.
seats.append_column(Column("left_at", Integer))
Index("seats_by_invited", seats.c.invited)
# Why a rated game moved no rating (crisis.server.ratings.rate.Unrated; NULL: rated, or not over).
# Revision 0011.
games.append_column(Column("unrated", String(16)))

# -- The correspondence clocks (crisis.server.store.clocks). Revision 0015. ---------------

# Each person's seat's time bank at a game over days, and when its turn began while it is to
# move.
seat_clocks = Table(
    "seat_clocks",
    metadata,
    Column("game", String(32), ForeignKey("games.id"), primary_key=True),
    Column("role", String(16), primary_key=True),
    Column("bank", Seconds, nullable=False),  # seconds in the seat's bank
    Column("since", Seconds),  # when its turn began, while it is to move
)

# Each account's vacations: its seats' clocks stop from start to until.
vacations = Table(
    "vacations",
    metadata,
    Column("account", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("start", Seconds, primary_key=True),
    # When it ends: planned at its start, brought forward when the person acts or ends it.
    Column("until", Seconds, nullable=False),
    Index("vacations_by_until", "until"),
)
