"""Retention: tables no person ever came to are deleted after a while.

Anyone may create tables (within a per-address rate), and a table nobody joins or plays would
otherwise stay in the database forever: one still being played, or one finished at once (create
and resign). A background task sweeps them out now and then through
:meth:`Store.delete_abandoned`, which keeps every table a person joined or played in (and a
table still being played that a person resigned from); bots alone moving does not keep one.
An open table that waited that long for players or for an invitee's answer goes too (it
would otherwise sit in its host's and its invitees' games forever).
The sweep deletes a small batch per transaction and pauses between batches, so that the
server's own writes never wait long for the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection

from crisis.server.store.repository import Store

log = logging.getLogger("crisis.server")

#: A table nobody joined or played is deleted once it has not changed for this long (seconds).
ABANDONED_AFTER = 7 * 24 * 3600.0
#: How often the sweep runs (seconds).
SWEEP_EVERY = 3600.0
#: The sweep's pause between two batches of deletions (seconds; in the sweep's own thread), so
#: that other writers get SQLite's write lock in between.
SWEEP_PAUSE = 0.05


async def sweep_forever(
    store: Store,
    *,
    every: float,
    older_than: float,
    keep: Callable[[], Collection[str]] | None = None,
    forget: Callable[[list[str]], None] | None = None,
) -> None:
    """Delete the tables abandoned for more than ``older_than`` seconds and log how many
    went, at once and then every ``every`` seconds, until cancelled (sweeping first means a
    server restarted more often than ``every`` still sweeps).

    The database work runs in a thread of its own (never the hall's database thread), which
    sleeps :data:`SWEEP_PAUSE` between two batches, so that it never stalls the event loop
    nor keeps the server's writes waiting. ``keep``, if given, names the tables to spare
    this time (e.g. those a server holds in memory); it is called on the event loop, as is
    ``forget`` with the ids deleted (so that a server drops them from memory). A sweep that
    fails is logged and the next one runs as planned.
    """
    while True:
        try:
            spared = set(keep()) if keep is not None else set()
            removed = await asyncio.to_thread(
                store.delete_abandoned, older_than, keep=spared, pause=SWEEP_PAUSE
            )
            if removed and forget is not None:
                forget(removed)
        except Exception:
            log.exception("retention: the sweep of abandoned tables failed")
        else:
            if removed:
                log.info("retention: deleted %d abandoned table(s)", len(removed))
            else:
                log.debug("retention: no abandoned table to delete")
        await asyncio.sleep(every)
