"""Every concern's tables on the one :data:`metadata` (Alembic compares the database with it):
the games', the accounts', the mail's, the lobby's and the ratings'."""

from crisis.server.accounts import schema as accounts_schema
from crisis.server.lobby import schema as lobby_schema
from crisis.server.mail import schema as mail_schema
from crisis.server.ratings import schema as ratings_schema
from crisis.server.store.schema import metadata

__all__ = ["accounts_schema", "lobby_schema", "mail_schema", "metadata", "ratings_schema"]
