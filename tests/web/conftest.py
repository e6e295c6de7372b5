"""Fixtures for the server tests: a fresh app on a fresh database, SQLite and PostgreSQL.

Every test that uses ``database_url`` (through ``make_app``, ``app``, ``client``…) runs twice:
on a temporary SQLite file and on a new PostgreSQL database (see ``tests/web/postgres.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.browser import launch_chromium
from tests.web.postgres import PostgresServer, missing, postgres_server
from tricktable.web import Settings, create_app


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
def chromium() -> Iterator[Any]:
    """The test process's one Chromium, launched on first use (each xdist worker has its own)."""
    with launch_chromium() as launched:
        yield launched


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """Chromium for one test; the contexts (visitors) the test opened are closed after it,
    also when it fails, so the next test starts with none."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a temporary SQLite file (empty; the app migrates it), or a new
    PostgreSQL database already migrated (copied from the session's template)."""
    yield from fresh_database(request, tmp_path, empty=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database with no tables at all, for tests of the migrations themselves."""
    yield from fresh_database(request, tmp_path, empty=True)


def fresh_database(request: pytest.FixtureRequest, tmp_path: Path, *,
                   empty: bool) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tricktable.sqlite3'}"
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
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture
def other_client(app: FastAPI) -> Iterator[TestClient]:
    """A second visitor (own cookie jar) on the same app."""
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client
