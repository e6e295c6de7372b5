"""Fixtures for the server tests: a fresh app on a temporary SQLite database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

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


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tricktable.sqlite3'}"


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
