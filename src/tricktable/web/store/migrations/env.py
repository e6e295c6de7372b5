"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from tricktable.web.store.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("Run migrations through tricktable.web.store.db.migrate(engine).")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
