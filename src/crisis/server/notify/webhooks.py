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

from crisis.server.notify.guard import check_url

#: Longest text a webhook carries (Discord refuses more than 2,000 characters).
MAX_TEXT = 1900


class Refused(Exception):
    """The receiver answered with a 4xx other than 408 and 429: sending again would be
    refused again, so the notice is given up."""


def body(kind: str, title: str, text: str, url: str) -> str:
    """The JSON a webhook receives for one notice."""
    words = f"**{title}**\n{text.strip()}\n{url}"
    if len(words) > MAX_TEXT:
        words = words[: MAX_TEXT - 1] + "…"
    data: dict[str, Any] = {
        "content": words,
        "text": words,
        "username": "crisis",
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
        said = (await response.text())[:200]
        if 400 <= status < 500 and status not in (408, 429):
            raise Refused(f"the webhook answered {status}: {said}")
        raise RuntimeError(f"the webhook answered {status}: {said}")
