"""The mail: everything the site tells a person, by e-mail, Web Push to a phone or desktop
browser, or a webhook into a chat.

A notice (a turn, an invitation, a game's end) is decided once: the turn and end notices by
:mod:`.turns` (a subscriber of the play core's events), an invitation by the lobby's
invitations. It is handed to :func:`.notices.notice`; that one call queues a row in the
outbox for each of the account's channels that are on (mail, each browser it asked to be told
in, its webhook). The outbox's sender (:class:`.outbox.Sender`) delivers every row the same
way, whatever its channel: off the event loop's critical path, with retries and a doubling
wait, so a mail server, a push service or a chat server that is down or slow never delays a
move.

- :mod:`.turns`: when a turn or a game's end is told, and to whom.
- :mod:`.notices`: one notice to every channel an account has on.
- :mod:`.outbox`: the outbox, the letters and the sender (SMTP, or the log without it).
- :mod:`.guard`: which addresses the server may be told to POST to (https, public hosts only;
  checked when a URL is given and again, at the socket, when it is used).
- :mod:`.push`: the site's VAPID key, the browsers' subscriptions and the sending (RFC 8291
  encryption and RFC 8292 VAPID through pywebpush).
- :mod:`.webhooks`: the JSON a webhook receives (Discord and Slack both take it).
- :mod:`.channels`: which channels each account has on, and the fan-out of one notice.
- :mod:`.routes`: the account page's API for the channels.
- :mod:`.schema`: its tables.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any


class Undeliverable(Exception):
    """An outbox row that will never go (a push subscription gone, a webhook refused or
    turned off): given up at once, not tried again."""


#: Delivers one taken outbox row of a channel other than mail; raises
#: :class:`Undeliverable` to give it up, anything else to have it tried again later.
Courier = Callable[[dict[str, Any]], Awaitable[None]]

__all__ = ["Courier", "Undeliverable"]
