"""Is this server ready for players?  The database answers, its schema is at the newest
migration, and the computer players' workers are up."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tricktable.web.games.computer import ComputerPool
from tricktable.web.store.db import MIGRATIONS

__all__ = ["problems"]


def _head_revision() -> str | None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head: str | None = ScriptDirectory.from_config(config).get_current_head()
    return head


def _database_problems(engine: Engine) -> list[str]:
    from alembic.migration import MigrationContext

    try:
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
            current = MigrationContext.configure(connection).get_current_revision()
    except sa.exc.SQLAlchemyError as error:
        return [f"database: not reachable ({type(error).__name__})"]
    head = _head_revision()
    if current != head:
        return [f"database: schema at migration {current}, not {head}"]
    return []


def _worker_problems(pool: ComputerPool, started: bool) -> list[str]:
    # ComputerPool has no public health check; read its executors.
    if not started:
        return ["workers: not started"]
    executors: list[Any] = [*pool._processes, pool._threads]
    for executor in executors:
        if executor is None:
            continue  # started again on the next job
        if getattr(executor, "_broken", False) or getattr(executor, "_shutdown_thread", False):
            return ["workers: a computer-player worker has stopped"]
        processes = getattr(executor, "_processes", None) or {}
        if any(not process.is_alive() for process in processes.values()):
            return ["workers: a computer-player worker process has died"]
    return []


def problems(engine: Engine, pool: ComputerPool, *, started: bool) -> list[str]:
    """What keeps the server from being ready; empty when it is ready."""
    return [*_database_problems(engine), *_worker_problems(pool, started)]
