"""Errors the server reports to a client: a stable code, a readable message, an HTTP status."""

from __future__ import annotations


class TableError(Exception):
    """A request the server refused; nothing changed."""

    code = "bad_request"
    status = 400

    def __init__(self, message: str) -> None:
        # A refusal may quote the input; a lone surrogate in it could not be encoded as
        # UTF-8, so it is written out as an escape instead.
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        super().__init__(message)
        self.message = message

    def to_json(self) -> dict[str, str]:
        """The error as a websocket message or an HTTP body."""
        return {"type": "error", "code": self.code, "message": self.message}


class BadMessage(TableError):
    """The message could not be read (not JSON, wrong fields, too long)."""

    code = "bad_message"
    status = 400


class NotFound(TableError):
    """No such table."""

    code = "not_found"
    status = 404


class Forbidden(TableError):
    """The seat's token is missing or wrong, or the seat may not do this."""

    code = "forbidden"
    status = 403


class AlreadySeated(Forbidden):
    """A person holds one seat of a table: they sit there already, or a seat of it waits
    for their answer."""

    code = "already_seated"


class CrossSite(Forbidden):
    """A request that relies on the session cookie, or costs the server work, sent by a page
    of another site."""

    code = "cross_site"


class Stale(TableError):
    """The client acted on an old version of the game."""

    code = "stale"
    status = 409


class Illegal(TableError):
    """The rules refuse the action."""

    code = "illegal"
    status = 422


class GameOver(TableError):
    """The game has ended."""

    code = "game_over"
    status = 409


class NotStarted(TableError):
    """An open table still waits for players: nobody moves yet (or it is no longer open)."""

    code = "not_started"
    status = 409


class Unconfirmed(TableError):
    """Rated play (making, taking or accepting a rated seat) needs a confirmed address."""

    code = "unconfirmed"
    status = 403


class Blocked(TableError):
    """The other player blocked this account: no invitations to them, no seats at their
    tables."""

    code = "blocked"
    status = 403


class OffersNeeded(Forbidden):
    """A rematch that would seat other people's accounts: it offers them their seats, which
    only the lobby's route does (``POST /api/tables/{id}/rematch``), never the socket."""

    code = "offers_needed"


class Changed(TableError):
    """The table changed at the same moment (another request, maybe on another process,
    wrote first); nothing was written: look again and retry."""

    code = "conflict"
    status = 409


class NotOver(TableError):
    """Only a finished game offers this (replay record, rematch)."""

    code = "not_over"
    status = 409


class TooFast(TableError):
    """Too many messages or requests; slow down."""

    code = "rate_limited"
    status = 429


class TooMany(TableError):
    """The asker holds as many of these as one person may (open tables waiting, say)."""

    code = "too_many"
    status = 409


class Busy(TableError):
    """The server's workers cannot take this now (bots, hints and reviews share them)."""

    code = "busy"
    status = 503


class BadOrigin(TableError):
    """A websocket opened from a page of another site."""

    code = "bad_origin"
    status = 403


class BadBot(BadMessage):
    """A seat's bot is not a registered name or a strength level (settings are refused)."""

    code = "bad_bot"
    status = 400
