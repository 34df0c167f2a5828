"""What every HTTP route checks of a request before its own work: the asker's address, whether
another site's page sent it, and the per-address rate limits of
:data:`crisis.server.limits.HTTP_PER_MINUTE` (as a FastAPI dependency)."""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Request

from crisis.server import limits
from crisis.server.errors import CrossSite, TooFast


def client_address(request: Request) -> str:
    """The asker's address (the proxy's belief when the server trusts one)."""
    return request.client.host if request.client else "?"


def sent_by_another_site(request: Request) -> bool:
    """Whether a browser says a page of another site made this request (its script, an
    image, a frame). Such requests come from the visitors' own addresses, so a page many
    people open could spend the server's work (hints, reviews, replays) past any
    per-address limit. A person following a link here (a top-level navigation the person
    started: ``Sec-Fetch-User: ?1``, not a prefetch a page asked for) is not one, nor is a
    client that is not a browser (it sends no ``Sec-Fetch-Site``)."""
    headers = request.headers
    site = headers.get("sec-fetch-site", "none").lower()
    if site in ("same-origin", "none"):
        return False
    followed = (
        headers.get("sec-fetch-mode", "").lower() == "navigate"
        and headers.get("sec-fetch-dest", "").lower() == "document"
        and headers.get("sec-fetch-user") == "?1"
        and "prefetch" not in headers.get("sec-purpose", headers.get("purpose", "")).lower()
    )
    return not followed


def limited(route: str) -> Any:
    """A dependency that spends one of the asker's requests to ``route`` (a name in
    :data:`limits.HTTP_PER_MINUTE`), refusing with ``rate_limited`` past the limit, and
    refusing with ``cross_site`` what another site's page asks (:func:`sent_by_another_site`)."""

    async def check(request: Request) -> None:
        if sent_by_another_site(request):
            raise CrossSite("this site's API answers its own pages and other programs")
        buckets: dict[str, limits.PerAddress] = request.app.state.http_limits
        if not buckets[route].take(client_address(request)):
            raise TooFast("too many requests from your address; wait a moment")

    return Depends(check)
