"""The games' storage: their schema (:mod:`.schema`), the repository every table's change goes
through (:mod:`.repository`: one move writer, :meth:`~.repository.Store.record_action`, with
SQLite's and PostgreSQL's ways to run it, :mod:`.moves`), and the sweep of abandoned tables
(:mod:`.retention`). Migrations stay in :mod:`crisis.server.migrations`, which gathers every
concern's tables.
"""

from crisis.server.store.repository import (
    SEAT_NEWS,
    Conflict,
    Full,
    GameRow,
    Move,
    SeatRow,
    Store,
    Written,
)

__all__ = ["SEAT_NEWS", "Conflict", "Full", "GameRow", "Move", "SeatRow", "Store", "Written"]
