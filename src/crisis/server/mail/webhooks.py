"""Webhooks: a notice as one JSON POST to a URL the account gave, such as a Discord or Slack
channel's incoming webhook (Rally the Troops' players pipe their turns into their chat the
same way).

The body carries the text under ``content`` (what Discord shows) and ``text`` (what Slack
shows), and the details under ``crisis`` for any other receiver. Only the site's own words
and account names are in it.
"""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from crisis.server.mail.guard import check_url

#: Longest text a webhook carries (Discord refuses more than 2,000 characters).
MAX_TEXT = 1900


class Refused(Exception):
    """The receiver answered with a 4xx other than 408 and 429: sending again would be
    refused again, so the notice is given up."""


#: What a chat reads as markup in a notice's words, written out so that it is shown as it is:
#: a name typed as ``@everyone`` or ``<!channel>`` pings nobody, ``[x](https://...)`` links
#: nowhere (Discord's and Slack's markup; HTML's ``&`` escaped first).
_MARKUP = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", "@": "@\u200b", "[": "(", "]": ")", "`": "'"}
)


def plain(text: str) -> str:
    """``text`` with the chats' markup defused (see :data:`_MARKUP`)."""
    return text.translate(_MARKUP)


def body(kind: str, title: str, text: str, url: str) -> str:
    """The JSON a webhook receives for one notice: mentions off, the words' markup defused
    (a seat's name is typed by a stranger), the site's link last."""
    words = f"**{plain(title)}**\n{plain(text.strip())}"
    room = MAX_TEXT - len(url) - 1
    if len(words) > room:
        words = words[: room - 1] + "…"
    words = f"{words}\n{url}"
    data: dict[str, Any] = {
        "content": words,
        "text": words,
        "username": "crisis",
        "allowed_mentions": {"parse": []},
        "crisis": {"kind": kind, "title": title, "url": url},
    }
    return json.dumps(data, ensure_ascii=False)


async def send(url: str, data: str, http: aiohttp.ClientSession, *, private: bool = False) -> None:
    """POST ``data`` to ``url``; :class:`Refused` on a refusal for good, another exception
    (tried again later) on any other failure. Redirects are not followed (a receiver cannot
    bounce the POST to an address the URL check never saw)."""
    check_url(url, private=private, what="the webhook")
    async with http.post(
        url,
        data=data.encode(),
        headers={"Content-Type": "application/json"},
        allow_redirects=False,
    ) as response:
        status = response.status
        if 200 <= status < 300:
            return
        said = "".join(c for c in (await response.text(errors="replace"))[:200] if c.isprintable())
        if 400 <= status < 500 and status not in (408, 429):
            raise Refused(f"the webhook answered {status}: {said}")
        raise RuntimeError(f"the webhook answered {status}: {said}")
