"""A ``limits`` storage in the app's own database, so every server process on that database
shares the same counters (SQLite and PostgreSQL; through SQLAlchemy).

Fixed windows only: a row per counter holds its count and when its window ends.  An increment is
one atomic ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` that starts a new window when the old
one has ended.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import sqlalchemy as sa
from limits.storage import Storage
from sqlalchemy.engine import Connection, Engine

__all__ = ["SqlStorage", "rate_limits", "rate_limits_metadata"]

rate_limits_metadata = sa.MetaData()

rate_limits = sa.Table(
    "rate_limits",
    rate_limits_metadata,
    sa.Column("key", sa.String(255), primary_key=True),
    sa.Column("count", sa.Integer, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""The counters (migration 0003).  Not part of ``db.metadata``: nothing else queries it."""

_SWEEP_EVERY = 1000
"""Every this many increments a process deletes the counters whose window ended long ago."""
_SWEEP_AGE = 3600.0


class SqlStorage(Storage):
    """Rate-limit counters in a SQL database (no ``storage_from_string`` scheme: build it with
    the app's engine)."""

    STORAGE_SCHEME = None

    def __init__(self, engine: Engine, *,
                 transaction: Callable[[], AbstractContextManager[Connection]] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.engine = engine
        self._transaction = transaction or engine.begin
        self._clock = clock
        self._increments = 0
        dialect = engine.dialect.name
        if dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            self._insert: Callable[..., Any] = sqlite_insert
        elif dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert

            self._insert = postgresql_insert
        else:
            raise ValueError(f"Rate limits need SQLite or PostgreSQL, not {dialect}.")

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return sa.exc.SQLAlchemyError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = self._clock()
        table = rate_limits
        ended = table.c.expires_at <= now
        statement = (
            self._insert(table)
            .values(key=key, count=amount, expires_at=now + expiry)
            .on_conflict_do_update(index_elements=[table.c.key], set_={
                "count": sa.case((ended, amount), else_=table.c.count + amount),
                "expires_at": sa.case((ended, now + expiry), else_=table.c.expires_at),
            })
            .returning(table.c.count)
        )
        with self._transaction() as connection:
            count: int = connection.execute(statement).scalar_one()
            self._increments += 1
            if self._increments % _SWEEP_EVERY == 0:
                connection.execute(sa.delete(table).where(table.c.expires_at < now - _SWEEP_AGE))
        return count

    def _row(self, key: str) -> tuple[int, float] | None:
        query = sa.select(rate_limits.c.count, rate_limits.c.expires_at).where(
            rate_limits.c.key == key)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        if row is None or row[1] <= self._clock():
            return None
        return int(row[0]), float(row[1])

    def get(self, key: str) -> int:
        row = self._row(key)
        return 0 if row is None else row[0]

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return self._clock() if row is None else row[1]

    def check(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(sa.text("SELECT 1"))
        except sa.exc.SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self._transaction() as connection:
            deleted: int = connection.execute(sa.delete(rate_limits)).rowcount
        return deleted

    def clear(self, key: str) -> None:
        with self._transaction() as connection:
            connection.execute(sa.delete(rate_limits).where(rate_limits.c.key == key))
