"""Notices by mail to the holders of seats: a turn, an invitation, a game's end.

:func:`notice` is the one way the table's code mails a person: it looks up the account, mails
only a confirmed address and only the kinds the account wants (its mail settings), adds the
link that stops such mails, and queues the mail in the outbox (the sender sends it; nothing
waits for it, and a failure is logged, never raised). When to notice (one mail per turn, only
after the player has been away ``Account.mail_after`` minutes) is the caller's to decide:
:func:`wants` says whether the account would take one now.
"""

from __future__ import annotations

import logging
from typing import Any

from crisis.server.accounts.data import Account
from crisis.server.mail import outbox as mail

log = logging.getLogger("crisis.accounts")

#: The notices, each with the account's setting that allows it and the stop link's kind.
KINDS = {
    "turn": ("mail_turns", "turns"),
    "invite": ("mail_invites", "invites"),
    "end": ("mail_ends", "ends"),
}
#: Why each notice came (its last lines say so, with the link that stops them).
WHY = {
    "turn": "You get this mail because it is your turn at a table of crisis and you were away.",
    "invite": "You get this mail because a player of crisis invited you to a table.",
    "end": "You get this mail because a game of yours at crisis ended.",
}


def wants(account: Account, kind: str) -> bool:
    """Whether ``account`` takes ``kind`` notices: a confirmed address (no notice goes to an
    address its owner never confirmed) and the setting on."""
    setting, _stop = KINDS[kind]
    return account.confirmed is not None and bool(getattr(account, setting))


async def notice(
    app: Any, account_id: str, kind: str, subject: str, text: str, path: str = "/"
) -> bool:
    """Queue a ``kind`` notice (turn | invite | end) to the account ``account_id`` on each of
    its channels that is on (:mod:`crisis.server.mail`): by mail (``text`` then a link to
    ``path`` on the site, e.g. ``/table/ID``, where a signed-in player reaches the seat), to
    each browser it subscribed and to its webhook. False when none went to the queue (no
    accounts on this app, no such account, it wants no such notices, or the database
    failed)."""
    svc = getattr(app.state, "accounts", None)
    if svc is None or kind not in KINDS:
        return False
    try:
        account = await svc.run(svc.data.get, account_id)
        ways = await svc.run(svc.notify.channels.get, account_id) if svc.notify else None
    except Exception:
        log.exception("could not read account %s for a %s notice", account_id, kind)
        return False
    if account is None:
        return False
    site = svc.config.site  # the configured address, never a request's
    queued = False
    if (ways is None or ways.mail) and wants(account, kind):
        queued = await svc.queue(
            mail.letter(
                kind=kind,
                account=account.id,
                recipient=account.email,
                subject=subject,
                text=f"Hello {account.name},\n\n{text.rstrip()}\n\n{site}{path}",
                site=site,
                key=svc.key,
                stops=KINDS[kind][1],
                why=WHY[kind],
                generation=account.mail_gen,
            )
        )
    if ways is None or not getattr(account, KINDS[kind][0]):
        return queued
    try:
        rows = await svc.run(svc.notify.rows, account.id, ways, kind, subject, text, site + path)
    except Exception:
        log.exception("could not read the push subscriptions of account %s", account_id)
        return queued
    for channel, recipient, title, body in rows:
        letter = mail.Mail(kind, recipient, title, body, account=account.id, channel=channel)
        queued = await svc.queue(letter) or queued
    return queued
