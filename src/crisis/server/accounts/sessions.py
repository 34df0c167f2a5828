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

from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from crisis.server import limits
from crisis.server.accounts.errors import CrossSite

#: The session cookie's name.
COOKIE = "crisis_session"


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
