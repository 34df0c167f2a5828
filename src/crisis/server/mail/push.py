"""Web Push: the site's VAPID key, the browsers accounts asked to be told in, and the
sending of one notice to one of them.

A browser subscribes with the site's public key (``GET /api/notify/key``) and hands the
server its subscription: the push service's endpoint and the browser's keys. To tell it
something the server encrypts the message for that browser alone (RFC 8291, aes128gcm) and
signs a claim with its own key (RFC 8292, VAPID), which pywebpush does; the push service
(Google's, Mozilla's, Apple's) can read neither the message nor forge the site. The private
key is made once per site and kept in the database (``settings.vapid_key``), so every process
signs with the same one and subscriptions outlive restarts.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02 as Vapid
from pywebpush import WebPushException, webpush_async
from sqlalchemy import Engine, delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from crisis.server.errors import BadMessage
from crisis.server.mail.guard import TIMEOUT, UnsafeTarget, check_url
from crisis.server.mail.schema import push_subscriptions
from crisis.server.store.schema import settings

#: Browsers one account may ask to be told in (a new one past it replaces the oldest).
MAX_SUBSCRIPTIONS = 10
#: Longest message a push carries, in bytes of JSON (push services take about 4 KB).
MAX_PAYLOAD = 3000
#: Seconds a push service keeps a message for a browser that is offline (a turn notice is
#: worth a day at most: the mail has said it too).
TTL = 86_400


class BadSubscription(BadMessage):
    """A subscription that is not what a browser hands over."""

    code = "bad_subscription"


class Gone(Exception):
    """The push service says the subscription no longer exists (404 or 410): it is dropped,
    and the notice is not tried again."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# -- the site's key ----------------------------------------------------------------------------
def site_key(engine: Engine) -> Vapid:
    """The site's VAPID key, made and stored the first time it is needed (two processes
    starting at once keep whichever was stored first)."""
    with engine.begin() as db:
        pem = db.execute(select(settings.c.value).where(settings.c.name == "vapid_key")).scalar()
    if pem is None:
        made = ec.generate_private_key(ec.SECP256R1())
        text = made.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
        try:
            with engine.begin() as db:
                db.execute(insert(settings).values(name="vapid_key", value=text))
        except IntegrityError:
            pass  # another process stored one first: read it back below
        with engine.begin() as db:
            pem = db.execute(
                select(settings.c.value).where(settings.c.name == "vapid_key")
            ).scalar_one()
    return Vapid.from_pem(pem.encode())


def public_key(vapid: Vapid) -> str:
    """The key a browser subscribes with (``applicationServerKey``): the public point,
    uncompressed, base64url without padding."""
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(point)


def subject(site: str, sender: str) -> str:
    """Who the VAPID claims say sends (a push service writes to them about trouble): the
    site's address when it is https, else its mail sender."""
    return site if site.startswith("https://") else f"mailto:{sender}"


# -- subscriptions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Subscription:
    """One browser's subscription, as stored."""

    id: str
    account: str
    endpoint: str
    p256dh: str
    auth: str
    label: str
    created: int

    def info(self) -> dict[str, Any]:
        """What pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}

    def shown(self) -> dict[str, Any]:
        """What the account page lists (never the endpoint: it is a bearer secret)."""
        return {"id": self.id, "label": self.label, "created": self.created}


#: The push services browsers subscribe with (Chrome's and Chromium's, Firefox's, Safari's,
#: Edge's): an endpoint elsewhere is no browser's, and the server never posts to it.
PUSH_SERVICES = (
    "fcm.googleapis.com",
    ".push.services.mozilla.com",
    ".push.apple.com",
    ".notify.windows.com",
)


def checked(endpoint: str, p256dh: str, auth: str, *, private: bool = False) -> None:
    """Refuse (:class:`BadSubscription`, or :class:`~.guard.UnsafeTarget` for the endpoint)
    a subscription no browser would hand over: the endpoint an https URL of a known push
    service (:data:`PUSH_SERVICES`; any host with ``private``, for tests), ``p256dh`` an
    uncompressed P-256 point and ``auth`` 16 bytes, both base64url."""
    check_url(endpoint, private=private, what="the push endpoint")
    host = (urlsplit(endpoint).hostname or "").lower()
    if not private and not any(
        host == s or (s.startswith(".") and host.endswith(s)) for s in PUSH_SERVICES
    ):
        raise UnsafeTarget("the push endpoint is not a browser's push service")
    try:
        point, secret = _unb64(p256dh), _unb64(auth)
    except (ValueError, TypeError):
        raise BadSubscription("the subscription's keys are not base64url") from None
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise BadSubscription("p256dh is a 65-byte P-256 point and auth 16 bytes")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise BadSubscription("p256dh is not a point on P-256") from None


class Subscriptions:
    """The ``push_subscriptions`` table; each method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, account: str, endpoint: str, p256dh: str, auth: str, label: str) -> str:
        """Keep a browser's subscription for ``account`` (the same endpoint again replaces
        the old one, whoever held it: a browser is told for whoever signed in there last);
        past :data:`MAX_SUBSCRIPTIONS` the account's oldest goes. Returns its id."""
        key = hashlib.sha256(endpoint.encode()).hexdigest()
        new = f"{time.time_ns():016x}{secrets.token_hex(4)}"  # ids sort by age
        with self.engine.begin() as db:
            db.execute(delete(push_subscriptions).where(push_subscriptions.c.endpoint_key == key))
            count = db.execute(
                select(func.count())
                .select_from(push_subscriptions)
                .where(push_subscriptions.c.account == account)
            ).scalar_one()
            if count >= MAX_SUBSCRIPTIONS:
                oldest = (
                    select(push_subscriptions.c.id)
                    .where(push_subscriptions.c.account == account)
                    .order_by(push_subscriptions.c.id)
                    .limit(count - MAX_SUBSCRIPTIONS + 1)
                )
                ids = list(db.execute(oldest).scalars())
                db.execute(delete(push_subscriptions).where(push_subscriptions.c.id.in_(ids)))
            db.execute(
                insert(push_subscriptions).values(
                    id=new,
                    account=account,
                    endpoint=endpoint,
                    endpoint_key=key,
                    p256dh=p256dh,
                    auth=auth,
                    label=label[:60],
                    created=int(time.time()),
                )
            )
        return new

    def of(self, account: str) -> list[Subscription]:
        """The account's subscriptions, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(push_subscriptions)
                .where(push_subscriptions.c.account == account)
                .order_by(push_subscriptions.c.id)
            )
            return [Subscription(**r) for r in _plain(rows)]

    def get(self, sub_id: str) -> Subscription | None:
        with self.engine.connect() as db:
            rows = db.execute(select(push_subscriptions).where(push_subscriptions.c.id == sub_id))
            found = [Subscription(**r) for r in _plain(rows)]
        return found[0] if found else None

    def remove(self, account: str, sub_id: str | None = None, endpoint: str | None = None) -> int:
        """Forget one of ``account``'s subscriptions (by id or endpoint), or all of them when
        neither is given. Returns how many went."""
        query = delete(push_subscriptions).where(push_subscriptions.c.account == account)
        if sub_id is not None:
            query = query.where(push_subscriptions.c.id == sub_id)
        if endpoint is not None:
            key = hashlib.sha256(endpoint.encode()).hexdigest()
            query = query.where(push_subscriptions.c.endpoint_key == key)
        with self.engine.begin() as db:
            return int(db.execute(query).rowcount or 0)

    def drop(self, sub_id: str) -> None:
        """Forget a subscription the push service says is gone."""
        with self.engine.begin() as db:
            db.execute(delete(push_subscriptions).where(push_subscriptions.c.id == sub_id))


def _plain(rows: Any) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        d = dict(r._mapping)
        d.pop("endpoint_key", None)
        out.append(d)
    return out


# -- messages ----------------------------------------------------------------------------------
def payload(kind: str, title: str, text: str, url: str) -> str:
    """The JSON a push carries to the service worker (``web/sw.js``): a title, a short body,
    the page to open and a tag (a newer notice of the same table replaces the older)."""
    body = text.strip()
    message = {"kind": kind, "title": title[:120], "body": body[:600], "url": url, "tag": url}
    data = json.dumps(message, ensure_ascii=False)
    while len(data.encode()) > MAX_PAYLOAD:  # never: the fields are capped; but be sure
        message["body"] = str(message["body"])[: len(str(message["body"])) // 2]
        data = json.dumps(message, ensure_ascii=False)
    return data


async def send(
    sub: Subscription,
    data: str,
    vapid: Vapid,
    subject: str,
    http: aiohttp.ClientSession,
    *,
    private: bool = False,
) -> None:
    """Encrypt ``data`` for ``sub``'s browser and hand it to its push service; raises
    :class:`Gone` when the service says the subscription is no more, another exception
    (tried again later) on any other failure."""
    check_url(sub.endpoint, private=private, what="the push endpoint")
    try:
        await webpush_async(
            sub.info(),
            data,
            vapid_private_key=vapid,
            vapid_claims={"sub": subject},
            ttl=TTL,
            timeout=TIMEOUT,
            headers={"Urgency": "normal"},
            aiohttp_session=http,
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status", None)
        if status in (404, 410):
            raise Gone(f"the push service answered {status}") from None
        # Never the exception's own words: they name the endpoint, a bearer secret.
        raise RuntimeError(f"the push service answered {status}") from None
