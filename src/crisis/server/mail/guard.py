"""Where the server may be told to send a POST: a webhook URL an account typed, or the push
service endpoint a browser handed over. Either could name an address inside the site's own
network (a database, a cloud's metadata service), so both must be ``https`` URLs of hosts
whose every address is public. A URL is checked when it is given (:func:`check_url`, a coded
refusal) and again when it is used: :class:`PublicConnector` connects only to the public
addresses a host resolves to, however it is written (so a name that has come to resolve to
a private address since, DNS rebinding, is refused then), and no redirect is followed.

A test or a private installation may allow plain ``http`` and private addresses
(``private=True``); the public site never does.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import ResolveResult
from aiohttp.tracing import Trace

from crisis.server.errors import BadMessage

#: Longest URL accepted (push endpoints are long; nothing needs more).
MAX_URL = 2048
#: Seconds one delivery may take, connecting included, before it counts as failed, and
#: seconds its connection may take.
TIMEOUT = 10.0
CONNECT_TIMEOUT = 5.0
#: The most of a receiver's reply that is read (for the log, on a failure).
MAX_REPLY = 2048


class UnsafeTarget(BadMessage):
    """A URL the server will not send to."""

    code = "bad_target"


#: IPv6 prefixes that carry an IPv4 address in their last 32 bits (NAT64, RFC 6052 and
#: RFC 8215; IPv4-translated, ``::ffff:0:a.b.c.d``, RFC 6145) or after their first 16
#: (6to4): such an address is as public as the one it carries.
_CARRIERS = (
    ipaddress.IPv6Network("64:ff9b::/96"),
    ipaddress.IPv6Network("64:ff9b:1::/48"),
    ipaddress.IPv6Network("::ffff:0:0:0/96"),
)
#: The only IPv6 addresses a POST may go to: global unicast (RFC 4291), less the
#: documentation prefixes (RFC 3849, RFC 9637). Python's own list of special ranges lags
#: the registry (3.11 calls 3fff::/20 and 5f00::/16 global), so new special ranges outside
#: 2000::/3 are refused by default.
_UNICAST = ipaddress.IPv6Network("2000::/3")
_DOCUMENTATION = (ipaddress.IPv6Network("2001:db8::/32"), ipaddress.IPv6Network("3fff::/20"))
#: IPv4 protocol assignments (RFC 6890) that IANA marks not globally reachable but older
#: Pythons' ``is_global`` passes (192.0.0.8, RFC 7600's dummy address, among them): refused,
#: all but the two anycast services the registry marks reachable (192.0.0.9 and .10).
_ASSIGNMENTS = ipaddress.IPv4Network("192.0.0.0/24")
_REACHABLE_ASSIGNMENTS = (ipaddress.IPv4Address("192.0.0.9"), ipaddress.IPv4Address("192.0.0.10"))


def public(address: str) -> bool:
    """Whether ``address`` (an IP address as text) is on the public internet; an IPv6
    address that carries an IPv4 one (mapped, compatible, translated, NAT64, 6to4) is
    judged by it, and any other IPv6 address must be global unicast."""
    try:
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(
            address.split("%", 1)[0]
        )
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        carried = ip.ipv4_mapped or ip.sixtofour
        if carried is None and any(ip in net for net in _CARRIERS):
            carried = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if carried is None and int(ip) >> 32 == 0:  # ::a.b.c.d, IPv4-compatible
            carried = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if carried is not None:
            ip = carried
        elif ip not in _UNICAST or any(ip in net for net in _DOCUMENTATION):
            return False
    if ip in _ASSIGNMENTS and ip not in _REACHABLE_ASSIGNMENTS:
        return False
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
    if not host.isascii():  # Unicode digits and dots would be read as an IP address later
        raise UnsafeTarget(f"{what} writes its host in ASCII (an IDN in its xn-- form)")
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


class Refused(Exception):
    """A receiver's answer the server does not act on: a redirect (never followed, so that
    no receiver can bounce a POST to an address the checks never saw)."""


class PublicConnector(aiohttp.TCPConnector):
    """aiohttp's connector, less every private address: whatever a host is written as (a
    name, an IP address in any spelling aiohttp accepts), the addresses it connects to are
    the public ones it resolves to, checked at the socket (a name rebound to a private
    address since it was given is refused then)."""

    async def _resolve_host(
        self, host: str, port: int, traces: Sequence[Trace] | None = None
    ) -> list[ResolveResult]:
        found = await super()._resolve_host(host, port, traces)
        kept = [r for r in found if public(r["host"])]
        if not kept:
            raise OSError(f"{host} resolves to no public address")
        return kept


class CappedResponse(aiohttp.ClientResponse):
    """A response whose body is read up to :data:`MAX_REPLY` bytes at most (a receiver's
    error page is read for the log; a huge one must not fill the server's memory)."""

    async def read(self) -> bytes:
        if self._body is None:
            try:
                self._body = await self.content.read(MAX_REPLY)
            finally:
                self.close()  # the rest is never read: the connection is not reused
        return self._body


async def _no_redirects(
    request: aiohttp.ClientRequest, handler: aiohttp.ClientHandlerType
) -> aiohttp.ClientResponse:
    """A client middleware that refuses every redirect instead of following it."""
    response = await handler(request)
    if 300 <= response.status < 400:
        response.close()
        raise Refused(f"the receiver answered {response.status}: redirects are not followed")
    return response


def session(*, private: bool = False) -> aiohttp.ClientSession:
    """An HTTP client for deliveries: public addresses only (unless ``private``), no
    redirects followed, replies read up to :data:`MAX_REPLY` bytes, a short timeout, no
    cookies kept, a handful of connections."""
    connector = aiohttp.TCPConnector if private else PublicConnector
    return aiohttp.ClientSession(
        connector=connector(limit=16, ttl_dns_cache=60),
        timeout=aiohttp.ClientTimeout(total=TIMEOUT, connect=CONNECT_TIMEOUT),
        cookie_jar=aiohttp.DummyCookieJar(),
        headers={"User-Agent": "crisis-notices"},
        response_class=CappedResponse,
        middlewares=(_no_redirects,),
    )
