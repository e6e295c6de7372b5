"""A ``limits`` storage in the app's own database, so every server process on that database
shares the same counters (SQLite and PostgreSQL; through SQLAlchemy).

Fixed windows only: a row per counter holds its count and when its window ends.  An increment is
one atomic ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` that starts a new window when the old
one has ended; a request's counters (per player, per address) share one transaction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
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
        self._statement = self._upsert()

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return sa.exc.SQLAlchemyError

    def _upsert(self) -> Any:
        """One counter's increment, built once: bound parameters keep SQLAlchemy's compiled
        cache warm (a literal ``now`` would build and key a new statement every request)."""
        table = rate_limits
        ends = sa.bindparam("ends", type_=sa.Float)
        ended = table.c.expires_at <= sa.bindparam("now", type_=sa.Float)
        amount = sa.bindparam("amount", type_=sa.Integer)
        return (
            self._insert(table)
            .values(key=sa.bindparam("key", type_=sa.String), count=amount, expires_at=ends)
            .on_conflict_do_update(index_elements=[table.c.key], set_={
                "count": sa.case((ended, amount), else_=table.c.count + amount),
                "expires_at": sa.case((ended, ends), else_=table.c.expires_at),
            })
            .returning(table.c.count, table.c.expires_at)
        )

    def incr_many(self, counters: Sequence[tuple[str, float]],
                  amount: int = 1) -> list[tuple[int, float]]:
        """Add ``amount`` to each ``(key, expiry)`` counter in one transaction; each counter's
        new count and when its window ends."""
        if not counters:
            return []
        now = self._clock()
        results: list[tuple[int, float]] = []
        with self._transaction() as connection:
            for key, expiry in counters:
                row = connection.execute(self._statement, {
                    "key": key, "amount": amount, "now": now, "ends": now + expiry,
                }).one()
                results.append((int(row[0]), float(row[1])))
            self._increments += 1
            if self._increments % _SWEEP_EVERY == 0:
                connection.execute(sa.delete(rate_limits).where(
                    rate_limits.c.expires_at < now - _SWEEP_AGE))
        return results

    def sweep(self) -> None:
        """Delete every counter whose window has ended."""
        with self._transaction() as connection:
            connection.execute(sa.delete(rate_limits).where(
                rate_limits.c.expires_at <= self._clock()))

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        return self.incr_many([(key, expiry)], amount)[0][0]

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
