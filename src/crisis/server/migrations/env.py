"""Alembic's environment for crisis's database (run by Alembic, never imported).

:func:`crisis.server.migrations.migrate` hands it an open connection, already in a transaction
and holding the migration lock, in ``config.attributes["connection"]``; the revisions run in
that transaction, which the caller commits. Without one (``python -m crisis.server.migrations
--database URL ...``) it connects to ``sqlalchemy.url`` itself.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from crisis.server.migrations.tables import metadata


def run(connection: Connection) -> None:
    """Run the revisions Alembic chose on ``connection``."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite alters a table by copying it: autogenerate writes batch operations for it.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


config = context.config
if context.is_offline_mode():
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()
elif config.attributes.get("connection") is not None:
    run(config.attributes["connection"])
else:
    engine = create_engine(str(config.get_main_option("sqlalchemy.url")))
    try:
        with engine.begin() as conn:
            run(conn)
    finally:
        engine.dispose()
