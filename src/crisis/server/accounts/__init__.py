"""Accounts: a person's identity on the site (beside the guests' seat links).

- :mod:`.passwords`: what names, addresses and passwords are accepted; Argon2id hashing.
- :mod:`.data`: accounts, sessions and mailed links in the database (:mod:`.schema`).
- :mod:`.sessions`: the session cookie and the guard against cross-site requests.
- :mod:`.seats`: seats held by accounts, "Your games", and :func:`seat_roles` for the table's
  routes (and :class:`~.seats.SignedIn`, the play core's identity on a site with accounts).
- :mod:`.routes`: the HTTP API under ``/api/account`` and the pages under ``/account``.

What the site tells a person (mail, push, webhooks, the turn notices) is the mail's
(:mod:`crisis.server.mail`). :func:`install` adds accounts and the mail's sender to an
application made by :func:`crisis.server.create_app`. Playing by seat link without an
account works as without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from crisis.server.accounts import routes, sessions, vacations
from crisis.server.accounts.data import Accounts
from crisis.server.accounts.errors import HashesSpent
from crisis.server.accounts.seats import Seats, SignedIn, seat_roles
from crisis.server.mail import outbox as mail
from crisis.server.mail import push
from crisis.server.mail import routes as notify_routes
from crisis.server.mail.channels import ChannelStore, Notifier
from crisis.server.mail.notices import notice

__all__ = ["install", "notice", "seat_roles"]

log = logging.getLogger("crisis.accounts")


async def _hashes_spent(_request: Request, exc: HashesSpent) -> JSONResponse:
    """``busy`` (429) with ``Retry-After``: the seconds until the hash budget has one more."""
    return JSONResponse(
        exc.to_json(), status_code=exc.status, headers={"Retry-After": str(exc.retry_after)}
    )


async def _close_expired_forever(service: routes.Service) -> None:
    """Close the table sockets of sessions that expired, every
    :data:`sessions.CHECK_SECONDS`, until cancelled (a failure is logged, and tried again)."""
    while True:
        await asyncio.sleep(sessions.CHECK_SECONDS)
        try:
            await service.close_expired()
        except Exception:
            log.exception("accounts: could not look for expired sessions")


def install(
    app: FastAPI,
    *,
    smtp_url: str | None = None,
    public_url: str | None = None,
    mail_from: str | None = None,
    local_url: str | None = None,
    mail_poll: float = 5.0,
    private_targets: bool = False,
    **sender: Any,
) -> mail.MailConfig:
    """Add accounts and mail to ``app``: the routes and pages, and (while the application
    runs, after its own start-up) the sender of the mail outbox.

    ``smtp_url``, ``public_url`` and ``mail_from`` (each else from the environment:
    ``CRISIS_SMTP_URL``, ``CRISIS_PUBLIC_URL``, ``CRISIS_MAIL_FROM``): see
    :mod:`crisis.server.mail.outbox`. ``mail_poll``: seconds between the sender's looks at
    the outbox; ``private_targets``: push endpoints and webhooks may be plain http and on
    private addresses (tests; never a public site); ``sender``:
    :class:`~crisis.server.mail.outbox.Sender`'s other settings (tests). Returns the mail
    settings (bad ones are refused here, at once, with :class:`ValueError`)."""
    if getattr(app.state, "accounts_installed", False):
        raise RuntimeError("accounts are installed on this application already")
    config = mail.MailConfig.make(smtp_url, public_url, mail_from, local_url)
    app.state.accounts_installed = True
    app.state.identity = SignedIn()  # the seats a signed-in browser holds, at its tables
    mail.hide_stop_secrets()
    app.add_exception_handler(HashesSpent, _hashes_spent)  # type: ignore[arg-type]
    app.include_router(routes.router)
    app.include_router(routes.pages)
    app.include_router(notify_routes.router)
    app.include_router(notify_routes.pages)
    app.include_router(vacations.router)
    started = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[Any]:
        async with started(app) as state:
            store, hall = app.state.store, app.state.hall
            data = Accounts(store.engine, announce=store.notify)
            box = mail.Outbox(store.engine)
            key = await hall.db(data.mail_key)
            site = config.site
            notifier = Notifier(
                channels=ChannelStore(store.engine),
                subscriptions=push.Subscriptions(store.engine),
                vapid=await hall.db(push.site_key, store.engine),
                subject=push.subject(site, config.sender()),
                run=hall.db,
                private=private_targets,
            )
            notifier.start()
            postman = mail.Sender(
                box,
                config,
                hall.db,
                poll=mail_poll,
                chores=[data.sweep],
                couriers={"push": notifier.deliver, "webhook": notifier.deliver},
                **sender,
            )
            service = routes.Service(
                data=data,
                box=box,
                sender=postman,
                config=config,
                key=key,
                run=hall.db,
                seats=Seats(store.engine),
                notify=notifier,
            )
            service.loop = asyncio.get_running_loop()
            app.state.accounts = service
            # Sessions another process ended: their table sockets here close too.
            hall.following.sessions_ended = service.sockets.close
            postman.start()
            watch = asyncio.create_task(_close_expired_forever(service))
            try:
                yield state
            finally:
                watch.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch
                if service.later:  # mails being queued after their answers
                    await asyncio.wait(set(service.later), timeout=mail.STOP_WAIT)
                await postman.stop()
                await notifier.stop()
                service.hashing.shutdown()

    app.router.lifespan_context = lifespan
    return config
