"""The database: migrations match the tables the code queries, and run safely twice."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tests.web.postgres import PostgresServer, missing
from tricktable.web.edges.rate_limit_storage import rate_limits
from tricktable.web.review.store import review_metadata
from tricktable.web.settings import default_database_path, default_database_url
from tricktable.web.store.db import make_engine, metadata, migrate
from tricktable.web.tables.db import tables_metadata


def test_the_migrations_build_the_tables_the_code_uses(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), every_table()) == []
        if engine.dialect.name == "sqlite":
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


def every_table() -> sa.MetaData:
    """The tables the code queries: ``db.metadata``, the rate-limit counters, reviews and the
    tables with friends."""
    tables = sa.MetaData()
    for table in [*metadata.tables.values(), rate_limits, *review_metadata.tables.values(),
                  *tables_metadata.tables.values()]:
        table.to_metadata(tables)
    return tables


def test_a_json_column_refuses_infinity_on_both_databases(database_url: str) -> None:
    """PostgreSQL's json type has no Infinity or NaN; SQLite would keep them, and an answer
    holding one could not be sent.  Both refuse it before the database sees it."""
    engine = make_engine(database_url)
    table = sa.Table("json_probe", sa.MetaData(), sa.Column("data", sa.JSON))
    table.create(engine)
    with engine.begin() as connection:
        connection.execute(table.insert().values(data={"error": 0.25}))
        for bad in (float("inf"), float("nan")):
            with pytest.raises((sa.exc.StatementError, ValueError), match="JSON compliant"):
                connection.execute(table.insert().values(data={"error": bad}))
        assert connection.execute(sa.select(table.c.data)).scalars().all() == [{"error": 0.25}]
    engine.dispose()


def test_a_new_sqlite_database_gets_its_directory(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'nested' / 'dir' / 'db.sqlite3'}")
    migrate(engine)
    engine.dispose()
    assert (tmp_path / "nested" / "dir" / "db.sqlite3").is_file()


def test_servers_starting_at_once_migrate_one_postgresql_database(
    postgres: PostgresServer | str,
) -> None:
    """They wait their turn on the migration lock; none fails, the schema is built once."""
    if isinstance(postgres, str):
        missing(postgres)
    assert isinstance(postgres, PostgresServer)
    with postgres.database(empty=True) as database_url:
        migrate_at_once(database_url)


def migrate_at_once(database_url: str) -> None:
    engine = make_engine(database_url)
    errors: list[BaseException] = []

    def start() -> None:
        starting = make_engine(database_url)
        try:
            migrate(starting)
        except BaseException as error:  # pragma: no cover - the failure the test looks for
            errors.append(error)
        finally:
            starting.dispose()

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), every_table()) == []
    engine.dispose()


@pytest.mark.parametrize("url", ["postgresql://u@h/d", "postgres://u:p@h:5/d",
                                 "postgresql+psycopg://u@h/d"])
def test_postgresql_urls_use_psycopg_3(url: str) -> None:
    assert make_engine(url).dialect.driver == "psycopg"


def test_the_default_database_is_in_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TRICKTABLE_DATABASE_URL", raising=False)
    assert default_database_url() == f"sqlite:///{default_database_path()}"
    assert default_database_path().name == "tricktable.sqlite3"
    assert "tricktable" in str(default_database_path().parent)
    monkeypatch.setenv("TRICKTABLE_DATABASE_URL", "postgresql://example/tricktable")
    assert default_database_url() == "postgresql://example/tricktable"
