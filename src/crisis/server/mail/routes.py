"""The account page's API for notices beside mail: the site's push key, the browsers an
account is told in, its channels and its webhook, and a test notice.

Every route but the key needs a signed-in browser of the site itself (the same cross-site
guard as the other account routes); each costs the server a row or two, and those that make
it send something (subscribing, a test) are limited per account.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from crisis.server.accounts.routes import Me, Service, Svc, same_site
from crisis.server.errors import TableError, TooFast
from crisis.server.mail import push
from crisis.server.mail.channels import Channels, Notifier
from crisis.server.mail.guard import MAX_URL, check_url
from crisis.server.mail.outbox import Mail

router = APIRouter(prefix="/api", tags=["notices"])
#: The service worker (at the site's root, so that it may serve every page) and the web
#: app's manifest (so that a phone can install the site and take its notices).
pages = APIRouter(include_in_schema=False)
WEB = Path(str(resources.files("crisis.web")))


@pages.get("/sw.js")
async def service_worker() -> FileResponse:
    return FileResponse(WEB / "js" / "sw.js", media_type="text/javascript")


@pages.get("/manifest.webmanifest")
async def manifest() -> FileResponse:
    return FileResponse(WEB / "manifest.webmanifest", media_type="application/manifest+json")


class NoPush(TableError):
    """This server sends no push notices or webhooks (they are not set up on it)."""

    code = "no_notices"
    status = 404


def notifier(svc: Service) -> Notifier:
    if svc.notify is None:
        raise NoPush("this server sends no push notices or webhooks")
    found: Notifier = svc.notify
    return found


class ChannelsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mail: StrictBool | None = None
    push: StrictBool | None = None
    webhook: StrictBool | None = None
    #: The webhook's URL ("" forgets it).
    webhook_url: StrictStr | None = Field(None, max_length=MAX_URL)


class KeysIn(BaseModel):
    p256dh: StrictStr = Field(max_length=200)
    auth: StrictStr = Field(max_length=100)


class SubscriptionIn(BaseModel):
    """What ``PushManager.subscribe()`` gives a page (``subscription.toJSON()``), and what
    the account page calls this browser."""

    endpoint: StrictStr = Field(max_length=MAX_URL)
    keys: KeysIn
    label: StrictStr = Field("A browser", max_length=60)


class RemoveIn(BaseModel):
    id: StrictStr | None = Field(None, max_length=32)
    endpoint: StrictStr | None = Field(None, max_length=MAX_URL)


class TestIn(BaseModel):
    channel: Literal["push", "webhook"]


def _shown(channels: Channels, browsers: list[push.Subscription]) -> dict[str, Any]:
    return {"channels": channels.shown(), "browsers": [b.shown() for b in browsers]}


@router.get("/notify/key")
async def push_key(svc: Svc) -> dict[str, str]:
    """The site's public VAPID key, which a browser subscribes with."""
    return {"key": push.public_key(notifier(svc).vapid)}


@router.get("/account/notices")
async def my_notices(me: Me, svc: Svc) -> dict[str, Any]:
    """The account's channels and the browsers it is told in."""
    n = notifier(svc)
    channels = await svc.run(n.channels.get, me.id)
    return _shown(channels, await svc.run(n.subscriptions.of, me.id))


@router.post("/account/notices", dependencies=[same_site])
async def set_notices(body: ChannelsIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Turn channels on or off and set the webhook's URL (https, a public host). Turning the
    webhook on needs a URL."""
    n = notifier(svc)
    changes = body.model_dump(exclude_none=True)
    if body.webhook_url is not None:
        url = body.webhook_url.strip()
        changes["webhook_url"] = (
            check_url(url, private=n.private, what="the webhook") if url else None
        )
        if not url:
            changes["webhook"] = False
    now = await svc.run(n.channels.get, me.id)
    if changes.get("webhook") and not changes.get("webhook_url", now.webhook_url):
        raise TableError("give the webhook's URL before turning it on")
    channels = await svc.run(n.channels.set, me.id, changes)
    return _shown(channels, await svc.run(n.subscriptions.of, me.id))


@router.post("/account/push", status_code=201, dependencies=[same_site])
async def subscribe(body: SubscriptionIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Tell this browser (its push subscription) the account's notices, and turn push on."""
    n = notifier(svc)
    if not n.buckets["subscribe"].take(me.id):
        raise TooFast("too many browsers subscribed in a short while; wait a while")
    push.checked(body.endpoint, body.keys.p256dh, body.keys.auth, private=n.private)
    label = "".join(c for c in body.label if c.isprintable()).strip() or "A browser"
    made = await svc.run(
        n.subscriptions.add, me.id, body.endpoint, body.keys.p256dh, body.keys.auth, label
    )
    channels = await svc.run(n.channels.set, me.id, {"push": True})
    return {"id": made, **_shown(channels, await svc.run(n.subscriptions.of, me.id))}


@router.post("/account/push/remove", dependencies=[same_site])
async def unsubscribe(body: RemoveIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Stop telling one browser (by ``id`` or ``endpoint``), or every browser when neither
    is given."""
    n = notifier(svc)
    await svc.run(n.subscriptions.remove, me.id, body.id, body.endpoint)
    channels = await svc.run(n.channels.get, me.id)
    return _shown(channels, await svc.run(n.subscriptions.of, me.id))


@router.post("/account/notices/test", status_code=202, dependencies=[same_site])
async def test_notice(body: TestIn, me: Me, svc: Svc) -> dict[str, Any]:
    """Send a test notice on one channel (to every subscribed browser, or the webhook), so
    that its owner sees it arrive. Returns how many were queued."""
    n = notifier(svc)
    if not n.buckets["test"].take(me.id):
        raise TooFast("a few tests an hour; wait a while")
    channels = await svc.run(n.channels.get, me.id)
    only = Channels(
        mail=False,
        push=body.channel == "push",
        webhook=body.channel == "webhook" and channels.webhook,
        webhook_url=channels.webhook_url,
    )
    site = svc.config.site
    rows = await svc.run(
        n.rows, me.id, only, "test", "crisis: a test", "Notices reach you here.", f"{site}/account"
    )
    for channel, recipient, title, text in rows:
        await svc.queue(Mail("test", recipient, title, text, account=me.id, channel=channel))
    return {"queued": len(rows)}
