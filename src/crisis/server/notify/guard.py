"""Where the server may be told to send a POST: a webhook URL an account typed, or the push
service endpoint a browser handed over. Either could name an address inside the site's own
network (a database, a cloud's metadata service), so both must be ``https`` URLs of hosts
whose every address is public. A URL is checked when it is given (:func:`check_url`, a coded
refusal) and again when it is used: :class:`PublicResolver` refuses, at connection time, a
name that has come to resolve to a private address since (DNS rebinding).

A test or a private installation may allow plain ``http`` and private addresses
(``private=True``); the public site never does.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

from crisis.server.errors import BadMessage

#: Longest URL accepted (push endpoints are long; nothing needs more).
MAX_URL = 2048
#: Seconds one delivery may take, connecting included, before it counts as failed.
TIMEOUT = 10.0


class UnsafeTarget(BadMessage):
    """A URL the server will not send to."""

    code = "bad_target"


def public(address: str) -> bool:
    """Whether ``address`` (an IP address as text) is on the public internet."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def check_url(url: str, *, private: bool = False, what: str = "the URL") -> str:
    """``url`` as given, if the server may POST to it; else :class:`UnsafeTarget`. An address
    written as a name is checked when it is used (:class:`PublicResolver`); one written as an
    IP address is checked here."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL:
        raise UnsafeTarget(f"{what} is an https:// address of at most {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeTarget(f"{what} is not a URL: {exc}") from None
    schemes = ("https", "http") if private else ("https",)
    if parts.scheme not in schemes:
        raise UnsafeTarget(f"{what} must start with https://")
    host = parts.hostname
    if not host or parts.username is not None or parts.password is not None:
        raise UnsafeTarget(f"{what} names a host and no user or password")
    if any(c.isspace() for c in url):
        raise UnsafeTarget(f"{what} has no spaces")
    if port == 0:
        raise UnsafeTarget(f"{what} has no port 0")
    if private:
        return url
    literal: str | None = host
    try:
        ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None and not public(literal):
        raise UnsafeTarget(f"{what} names a private or reserved address")
    if literal is None and (host == "localhost" or host.endswith((".localhost", ".local"))):
        raise UnsafeTarget(f"{what} names a host on the server's own network")
    return url


class PublicResolver(AbstractResolver):
    """aiohttp's resolver, less every private address: a name that resolves only to private
    addresses fails to connect."""

    def __init__(self) -> None:
        self._inner = aiohttp.ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._inner.resolve(host, port, family)
        kept = [r for r in found if public(r["host"])]
        if not kept:
            raise OSError(f"{host} resolves to no public address")
        return kept

    async def close(self) -> None:
        await self._inner.close()


def session(*, private: bool = False) -> aiohttp.ClientSession:
    """An HTTP client for deliveries: public addresses only (unless ``private``), a short
    timeout, no cookies kept, a handful of connections."""
    options: dict[str, Any] = {"limit": 16, "ttl_dns_cache": 60}
    if not private:
        options["resolver"] = PublicResolver()
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(**options),
        timeout=aiohttp.ClientTimeout(total=TIMEOUT),
        cookie_jar=aiohttp.DummyCookieJar(),
        headers={"User-Agent": "crisis-notices"},
    )
