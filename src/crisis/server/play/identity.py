"""Who a table's socket belongs to, beyond the seat secrets it shows: the play core asks an
:class:`Identity` and knows nothing of accounts. Without accounts every socket is a guest's
(:data:`GUESTS`); :func:`crisis.server.accounts.install` puts the accounts' own in
``app.state.identity``: the seats a signed-in browser holds, and its sockets noted under its
session so that signing out closes them."""

from __future__ import annotations

from typing import Any, Protocol

from starlette.requests import HTTPConnection


class Identity(Protocol):
    """What the play core asks about the person behind a connection."""

    async def roles(self, conn: HTTPConnection, table_id: str) -> set[str]:
        """The seats at ``table_id`` the person signed in on ``conn`` holds."""
        ...

    async def seats_and_name(
        self, conn: HTTPConnection, table_id: str
    ) -> tuple[set[str], str | None]:
        """:meth:`roles`, and the name the person signed in on ``conn`` goes by (None for a
        guest): the seats they hold are named after them."""
        ...

    def follow(self, conn: Any) -> None:
        """Note a table's socket (a :class:`~crisis.server.play.sockets.Connection`) under
        its person, so that their sign-out can close it."""
        ...

    def unfollow(self, conn: Any) -> None:
        """Forget a socket noted by :meth:`follow` (it closed)."""
        ...


class Guests:
    """No accounts: nobody holds a seat but by its secret."""

    async def roles(self, conn: HTTPConnection, table_id: str) -> set[str]:
        return set()

    async def seats_and_name(
        self, conn: HTTPConnection, table_id: str
    ) -> tuple[set[str], str | None]:
        return set(), None

    def follow(self, conn: Any) -> None:
        return None

    def unfollow(self, conn: Any) -> None:
        return None


#: The identity of a site without accounts.
GUESTS: Identity = Guests()


def identity(conn: HTTPConnection) -> Identity:
    """The identity the application behind ``conn`` was given (:data:`GUESTS` by default)."""
    found: Identity = getattr(conn.app.state, "identity", GUESTS)
    return found
