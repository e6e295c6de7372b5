"""Fixtures for the server tests: a fresh app on a fresh database, SQLite and PostgreSQL; the
test process's Chromium.

Every test that uses ``database_url`` (through ``make_app``, ``app``, ``client``…) runs twice:
on a temporary SQLite file and on a new PostgreSQL database (see ``tests/web/postgres.py``),
each a copy of a database migrated once per test process.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.browser import SharedChromium, launch_chromium
from tests.web.postgres import PostgresServer, missing, postgres_server
from tests.web.tables import Visitor
from tricktable.web import Settings, create_app
from tricktable.web.store.db import make_engine, migrate


class Clock:
    """A clock the tests can move."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2030, 3, 14, 18, 0, tzinfo=UTC))


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer | str]:
    """The session's PostgreSQL server (started on first use), or why there is none."""
    with postgres_server() as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[SharedChromium]:
    """The test process's one Chromium, launched on first use (each xdist worker has its own)."""
    with launch_chromium() as launched:
        shared = SharedChromium(launched)
        try:
            yield shared
        finally:
            shared.give_back()


@pytest.fixture
def browser(chromium: SharedChromium) -> Iterator[Any]:
    """Chromium for one test (see ``SharedChromium.lend``)."""
    with chromium.lend() as lent:
        yield lent


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite database, for each test's to be a copy of."""
    path = tmp_path_factory.mktemp("sqlite-template") / "template.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    engine.dispose()  # the last connection checkpoints the write-ahead log into the file
    return path


SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
"""For a one-player browser test: run it on SQLite only.  Its PostgreSQL variant repeated the
same clicks against the same server code; what differs by database (every query the page's
requests make) is run on PostgreSQL by the API tests (test_daily*, test_spades_api,
test_review_api), in-process and far cheaper than a browser playing a whole game again."""


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database, already migrated: a temporary SQLite file or a new PostgreSQL
    database, each copied from the test process's template."""
    yield from fresh_database(request, tmp_path, empty=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database with no tables at all, for tests of the migrations themselves."""
    yield from fresh_database(request, tmp_path, empty=True)


def fresh_database(request: pytest.FixtureRequest, tmp_path: Path, *,
                   empty: bool) -> Iterator[str]:
    if request.param == "sqlite":
        path = tmp_path / "tricktable.sqlite3"
        if not empty:
            shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    server = request.getfixturevalue("postgres")
    if isinstance(server, str):
        missing(server)
    assert isinstance(server, PostgresServer)
    with server.database(empty=empty) as url:
        yield url


@pytest.fixture
def make_app(database_url: str, clock: Clock) -> Callable[..., FastAPI]:
    def make(**overrides: Any) -> FastAPI:
        options: dict[str, Any] = {
            "database_url": database_url, "secret": "test-secret", "executor": "thread",
            "workers": 2, "now": clock,
        }
        options.update(overrides)
        return create_app(Settings(**options))

    return make


@pytest.fixture
def app(make_app: Callable[..., FastAPI]) -> FastAPI:
    return make_app()


@pytest.fixture
def test_app(make_app: Callable[..., FastAPI]) -> FastAPI:
    """An app that accepts test-only options (a Spades target)."""
    return make_app(test_options=True)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with Visitor(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture
def other_client(app: FastAPI) -> Iterator[TestClient]:
    """A second visitor (own cookie jar) on the same app (on the same event loop)."""
    with Visitor(app, raise_server_exceptions=False) as test_client:
        yield test_client
