"""Signed-in browsers: the session cookie, who it signs in, and the guard against requests
from other sites.

The cookie holds a random secret (the database keeps its SHA-256 only); it is HttpOnly (no
script reads it), SameSite=Lax (other sites' requests do not carry it, but a link followed to
this site does) and Secure when the site is served over https (the request came over https,
or the public URL says https). It lasts ``limits.SESSION_SECONDS`` from its last use.

Every route that changes something and relies on the cookie (and those that set it: signing
a browser in to someone else's account is an attack too) refuses a request a browser says
came from another site: ``Sec-Fetch-Site`` other than ``same-origin`` or ``none``, or an
``Origin`` that is not the site's (the public URL's, one named by ``crisis serve --origin``,
or, where none is named, the one the ``Host`` header names). Clients that are not browsers
send neither header and are not cross-site requests.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from crisis.server import limits
from crisis.server.accounts.errors import CrossSite, SignedOut

#: The session cookie's name.
COOKIE = "crisis_session"
#: The device cookie's name: a browser that signed in to an account before (OWASP's "device
#: cookie"), whose sign-ins to that account are not held when strangers guess its password.
DEVICE = "crisis_device"
DEVICE_PATH = "/api/account"


def secure(request: Request, public_url: str | None) -> bool:
    """Whether the site is served over https (the cookie is then Secure)."""
    return request.url.scheme == "https" or (public_url or "").startswith("https:")


def set_cookie(response: Response, secret: str, *, secure: bool) -> None:
    response.set_cookie(
        COOKIE,
        secret,
        max_age=limits.SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def clear_cookie(response: Response, *, secure: bool) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


def cookie(request: HTTPConnection) -> str | None:
    """The session secret the browser sent (None: none, or not one this site makes)."""
    value = request.cookies.get(COOKIE)
    if not value or len(value) > 100:
        return None
    return value


def _device_mac(key: bytes, account: str, nonce: str) -> str:
    return hmac.new(key, f"device:{account}:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]


def device_token(key: bytes, account: str) -> str:
    """A new device cookie's value for ``account``: the account, a random nonce and their
    signature by the site's secret ``key`` (nothing to store)."""
    nonce = secrets.token_urlsafe(12)
    return f"{account}.{nonce}.{_device_mac(key, account, nonce)}"


def has_device(request: HTTPConnection) -> bool:
    """Whether the browser sent a device cookie at all (whose, and whether genuine, is
    :func:`device`'s to say)."""
    return bool(request.cookies.get(DEVICE))


def device(request: HTTPConnection, key: bytes, account: str) -> str | None:
    """The nonce of the browser's device cookie if it is a genuine one for ``account``."""
    value = request.cookies.get(DEVICE) or ""
    parts = value.split(".")
    if len(value) > 100 or len(parts) != 3 or parts[0] != account:
        return None
    if not hmac.compare_digest(_device_mac(key, account, parts[1]), parts[2]):
        return None
    return parts[1]


def set_device(response: Response, value: str, *, secure: bool) -> None:
    response.set_cookie(
        DEVICE,
        value,
        max_age=limits.DEVICE_SECONDS,
        path=DEVICE_PATH,
        httponly=True,
        samesite="lax",
        secure=secure,
    )


#: Where a browser goes after signing in when ``next`` is not a path of this site.
HOME = "/account"
#: What no path to follow after sign-in may hold, as sent or once decoded: backslashes
#: (browsers read ``/\\x`` as ``//x``, another host), whitespace and control characters
#: (browsers drop tabs and newlines from URLs, so ``/%09/x`` becomes ``//x``).
_UNSAFE = re.compile(r"[\\\s\x00-\x20\x7f-\x9f]")


def same_origin_path(value: str | None) -> str:
    """``value`` if it is a path of this site to go to after signing in (a path and query, no
    scheme, host or fragment, never read by a browser as another host: ``//x``, ``/\\x``,
    ``/%5Cx``, ``/%09/x`` ... are not), else :data:`HOME`. Read with the URL parser, as sent
    and once decoded."""
    if not value or len(value) > 1000:
        return HOME
    for text in (value, unquote(value)):
        if _UNSAFE.search(text) or not text.startswith("/") or text.startswith("//"):
            return HOME
        parts = urlsplit(text)
        if parts.scheme or parts.netloc or not parts.path.startswith("/"):
            return HOME
    parts = urlsplit(value)
    return urlunsplit(("", "", parts.path, parts.query, ""))


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_same_site(request: HTTPConnection, public_url: str | None) -> None:
    """Refuse (:class:`CrossSite`) a request a browser sent from a page of another site."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.lower() not in ("same-origin", "none"):
        raise CrossSite("this request must come from a page of this site")
    origin = request.headers.get("origin")
    if origin is None:
        return
    origin = origin.rstrip("/").lower()
    named: frozenset[str] = getattr(request.app.state, "origins", frozenset())
    if public_url is not None and origin == origin_of(public_url):
        return
    if named:
        if origin in named:
            return
    else:
        parts = urlsplit(origin)
        host = request.headers.get("host", "").lower()
        if parts.scheme in ("http", "https") and host and parts.netloc == host:
            return
    raise CrossSite("this request must come from a page of this site")


# -- the table websockets a session opened -----------------------------------------------------
#: How often each process looks whether the sessions of its table sockets are still open (a
#: session that expires ends with no sign-out to announce it): a socket outlives its
#: session by this long at most.
CHECK_SECONDS = 60


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


class Sockets:
    """The table websockets this process serves to browsers with a session cookie, by the
    session (the SHA-256 of its secret, as the database keys it): a socket keeps the seats
    its session gave it when it said hello, so the session's end (a sign-out, a password
    changed elsewhere) closes them at once (:meth:`close`)."""

    def __init__(self) -> None:
        self.by_session: dict[str, set[Any]] = {}

    def follow(self, conn: Any) -> None:
        """Note ``conn`` (a ``live.Connection``) under its browser's session, if any."""
        secret = cookie(conn.ws)
        if secret is not None:
            conn.session = _digest(secret)
            self.by_session.setdefault(conn.session, set()).add(conn)

    def unfollow(self, conn: Any) -> None:
        session: str | None = getattr(conn, "session", None)
        held = self.by_session.get(session) if session is not None else None
        if session is not None and held is not None:
            held.discard(conn)
            if not held:
                del self.by_session[session]

    def close(self, ended: Iterable[str]) -> int:
        """Close the sockets of the sessions ``ended`` (their digests), each told why;
        how many."""
        closed = 0
        for session in ended:
            for conn in self.by_session.pop(session, set()):
                conn.drop(SignedOut("this browser was signed out: sign in again to play"))
                closed += 1
        return closed


def follow(conn: Any) -> None:
    """Note a table's websocket under its browser's session (a no-op without accounts)."""
    svc = getattr(conn.ws.app.state, "accounts", None)
    if svc is not None:
        svc.sockets.follow(conn)


def unfollow(conn: Any) -> None:
    svc = getattr(conn.ws.app.state, "accounts", None)
    if svc is not None:
        svc.sockets.unfollow(conn)
