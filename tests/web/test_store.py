"""The database: migrations match the tables the code queries, and run safely twice."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tricktable.web.db import make_engine, metadata, migrate
from tricktable.web.rate_limit_storage import rate_limits
from tricktable.web.settings import default_database_path, default_database_url


def test_the_migrations_build_the_tables_the_code_uses(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'nested' / 'dir' / 'db.sqlite3'}")
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    every_table = sa.MetaData()
    for table in [*metadata.tables.values(), rate_limits]:
        table.to_metadata(every_table)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), every_table) == []
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()


def test_the_default_database_is_in_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TRICKTABLE_DATABASE_URL", raising=False)
    assert default_database_url() == f"sqlite:///{default_database_path()}"
    assert default_database_path().name == "tricktable.sqlite3"
    assert "tricktable" in str(default_database_path().parent)
    monkeypatch.setenv("TRICKTABLE_DATABASE_URL", "postgresql://example/tricktable")
    assert default_database_url() == "postgresql://example/tricktable"
