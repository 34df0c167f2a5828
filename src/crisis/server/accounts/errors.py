"""The coded refusals of accounts and mail (the same ``{"type": "error", "code", "message"}``
body as every other refusal, :mod:`crisis.server.errors`). A refused request changes nothing."""

from __future__ import annotations

from crisis.server.errors import BadMessage, Busy, CrossSite, TableError

__all__ = ["CrossSite"]  # raised by the accounts' routes too; declared with the site's errors


class BadName(BadMessage):
    """A name outside the character set or the length allowed, or reserved."""

    code = "bad_name"


class NameTaken(TableError):
    """Another account has this name (names are compared casefolded)."""

    code = "name_taken"
    status = 409


class BadEmail(BadMessage):
    """Not an e-mail address."""

    code = "bad_email"


class EmailTaken(TableError):
    """Another account has this e-mail address."""

    code = "email_taken"
    status = 409


class WeakPassword(BadMessage):
    """A password too short, too common, or too like the name or the address."""

    code = "weak_password"


class LongPassword(BadMessage):
    """A password longer than :data:`passwords.MAX_PASSWORD` characters."""

    code = "password_too_long"


class BadCredentials(TableError):
    """No account has this name and password (which of the two is wrong is not said)."""

    code = "bad_credentials"
    status = 401


class SignedOut(TableError):
    """The route needs a signed-in browser and this one is not (or its session expired)."""

    code = "signed_out"
    status = 401


class BadLink(TableError):
    """A mailed link that is unknown, expired or already used."""

    code = "bad_link"
    status = 400


class LinkExpired(BadLink):
    code = "link_expired"
    status = 410


class LinkUsed(BadLink):
    code = "link_used"
    status = 410


class HashesSpent(Busy):
    """The site's budget of password hashes for this lane is spent for now: ``busy`` (429),
    with the seconds until the next one in ``retry_after`` (the ``Retry-After`` header)."""

    code = "busy"
    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
