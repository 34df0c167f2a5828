"""Retention: tables created and never used are deleted after a while.

Anyone may create tables (within a per-address rate), and a table nobody joins or plays would
otherwise stay in the database forever. A background task sweeps them out now and then through
:meth:`Store.delete_abandoned`, which keeps every table with an action, a person who joined or
a finished game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection

from crisis.server.store import Store

log = logging.getLogger("crisis.server")

#: A table nobody joined or played is deleted once it has not changed for this long (seconds).
ABANDONED_AFTER = 7 * 24 * 3600.0
#: How often the sweep runs (seconds).
SWEEP_EVERY = 3600.0


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

    The database work runs in a thread so that it never stalls the event loop. ``keep``, if
    given, names the tables to spare this time (e.g. those a server holds in memory); it is
    called on the event loop, as is ``forget`` with the ids deleted (so that a server drops
    them from memory). A sweep that fails is logged and the next one runs as planned.
    """
    while True:
        try:
            spared = set(keep()) if keep is not None else set()
            removed = await asyncio.to_thread(store.delete_abandoned, older_than, keep=spared)
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
