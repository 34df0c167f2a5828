"""Which channels each account's notices take, and the fan-out of one notice over them.

An account has mail on and the others off until it turns them on in its account page: push
by subscribing a browser, the webhook by giving a URL. The kinds of notice it wants (turns,
invitations, game ends: ``accounts.mail_turns`` ...) hold for every channel; mail goes only
to a confirmed address, while push and webhooks were set up by the signed-in owner and need
no confirmation.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
from py_vapid import Vapid02 as Vapid
from sqlalchemy import Connection, Engine, insert, select, update

from crisis.server import limits
from crisis.server.mail import Undeliverable, guard, push, webhooks
from crisis.server.mail.schema import notice_channels

if TYPE_CHECKING:
    from crisis.server.mail.outbox import Runner

log = logging.getLogger("crisis.notify")


@dataclass(frozen=True)
class Channels:
    """An account's channels: mail, Web Push, the webhook (and its URL)."""

    mail: bool = True
    push: bool = False
    webhook: bool = False
    webhook_url: str | None = None

    def shown(self) -> dict[str, Any]:
        return asdict(self)


class ChannelStore:
    """The ``notice_channels`` table (an account without a row has the defaults)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, account: str) -> Channels:
        with self.engine.connect() as db:
            return _read(db, account)

    def set(self, account: str, changes: dict[str, Any]) -> Channels:
        """Change some of ``account``'s channels; returns them all."""
        with self.engine.begin() as db:
            now = _read(db, account)
            values = {**asdict(now), **changes}
            values = {k: int(v) if isinstance(v, bool) else v for k, v in values.items()}
            exists = db.execute(
                select(notice_channels.c.account).where(notice_channels.c.account == account)
            ).first()
            if exists:
                db.execute(
                    update(notice_channels)
                    .where(notice_channels.c.account == account)
                    .values(values)
                )
            else:
                db.execute(insert(notice_channels).values(account=account, **values))
            return _read(db, account)


def _read(db: Connection, account: str) -> Channels:
    row = db.execute(select(notice_channels).where(notice_channels.c.account == account)).first()
    if row is None:
        return Channels()
    r = row._mapping
    return Channels(bool(r["mail"]), bool(r["push"]), bool(r["webhook"]), r["webhook_url"])


@dataclass
class Notifier:
    """Push and webhooks for one server process: the stores, the site's VAPID key, the
    subject its claims name, ``run`` for the stores' blocking calls (``Hall.db``), and the
    HTTP client deliveries go through (made on the event loop at start-up). ``private`` lets
    deliveries reach private addresses (tests only)."""

    channels: ChannelStore
    subscriptions: push.Subscriptions
    vapid: Vapid
    subject: str
    run: Runner
    private: bool = False
    http: aiohttp.ClientSession | None = None
    #: Per-account limits: browsers subscribed, and test notices (each an hour's worth).
    buckets: dict[str, limits.PerAddress] = field(
        default_factory=lambda: {
            "subscribe": limits.PerAddress(limits.PUSH_SUBSCRIBES_PER_HOUR / 3600, 5),
            "test": limits.PerAddress(limits.NOTICE_TESTS_PER_HOUR / 3600, 3),
        }
    )

    def start(self) -> None:
        self.http = guard.session(private=self.private)

    async def stop(self) -> None:
        if self.http is not None:
            await self.http.close()
            self.http = None

    def rows(
        self, account: str, channels: Channels, kind: str, title: str, text: str, url: str
    ) -> list[tuple[str, str, str, str]]:
        """The outbox rows one notice makes beside mail: one per subscribed browser when
        push is on, one for the webhook when it is on; each ``(channel, recipient, subject,
        body)`` (blocking: reads the subscriptions)."""
        out: list[tuple[str, str, str, str]] = []
        if channels.push:
            data = push.payload(kind, title, text, url)
            out += [("push", s.id, title, data) for s in self.subscriptions.of(account)]
        if channels.webhook and channels.webhook_url:
            out.append(("webhook", account, title, webhooks.body(kind, title, text, url)))
        return out

    async def deliver(self, row: dict[str, Any]) -> None:
        """Deliver one outbox row of channel push or webhook (the outbox's sender calls it
        and retries what raises); a push to a subscription that is gone is dropped for good,
        as is a webhook its account has since turned off."""
        http = self.http
        if http is None:
            raise RuntimeError("the notifier is not started")
        if row["channel"] == "push":
            sub = await self.run(self.subscriptions.get, row["recipient"])
            if sub is None:
                raise Undeliverable("that browser is no longer subscribed")
            try:
                await push.send(
                    sub, row["body"], self.vapid, self.subject, http, private=self.private
                )
            except push.Gone:
                await self.run(self.subscriptions.drop, sub.id)
                raise Undeliverable("the push service says the subscription is gone") from None
            except (guard.Refused, guard.UnsafeTarget) as exc:
                raise Undeliverable(str(exc)) from None
            return
        if row["channel"] == "webhook":
            now = await self.run(self.channels.get, row["recipient"])
            if not (now.webhook and now.webhook_url):
                raise Undeliverable("the account turned its webhook off")
            try:
                await webhooks.send(now.webhook_url, row["body"], http, private=self.private)
            except (webhooks.Refused, guard.Refused, guard.UnsafeTarget) as exc:
                raise Undeliverable(str(exc)) from None
            return
        raise Undeliverable(f"no channel {row['channel']!r}")
