"""The database stops answering: every request that needs it, the rate-limited ones included
(their counters live in the database), is a JSON 503 with ``Retry-After``, never a 500 or a
reset connection."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.play import new_game


def take_down(app: FastAPI, database_url: str) -> None:
    """Make the app's database unreachable, as a stopped server or a lost disk would."""
    url = sa.engine.make_url(database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database
        path = Path(url.database)
        path.rename(path.with_name(path.name + ".gone"))
        path.mkdir()  # a directory where the file was: SQLite cannot open it
    else:
        admin = sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(sa.text(f'ALTER DATABASE "{url.database}" ALLOW_CONNECTIONS false'))
            connection.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE datname = :name"), {"name": url.database})
        admin.dispose()
    app.state.engine.dispose()  # pooled connections go; new ones fail


@pytest.fixture
def down(make_app: Callable[..., FastAPI], database_url: str) -> Iterator[TestClient]:
    app = make_app()
    # An exception out of the app is what makes uvicorn reset the connection: the client
    # raises it here, so every request below must be answered, not dropped.
    with TestClient(app, raise_server_exceptions=True) as client:
        game = new_game(client, difficulty="easy")
        client.headers["x-test-game"] = game["id"]
        take_down(app, database_url)
        yield client


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/games", {"difficulty": "easy"}),  # rate-limited: counted in the database
    ("POST", "/api/daily", {}),
    ("POST", "/api/games/{game}/actions", {"action": "pass", "version": 0}),
    ("POST", "/api/games/{game}/hint", None),
    ("POST", "/api/tables", {}),
    ("GET", "/api/games", None),
    ("GET", "/api/games/{game}", None),
    ("PUT", "/api/me", {"nickname": "Down"}),
    ("GET", "/api/leaderboard", None),
])
def test_a_database_that_does_not_answer_is_a_503_with_retry_after(
    down: TestClient, method: str, path: str, body: dict[str, object] | None,
) -> None:
    path = path.format(game=down.headers["x-test-game"])
    response = down.request(method, path, json=body)
    assert response.status_code == 503, (path, response.status_code, response.text)
    assert response.json()["error"] == "unavailable"
    assert response.json()["message"]
    assert int(response.headers["retry-after"]) >= 1
    assert response.headers["content-security-policy"]  # the answer went through every edge


def test_readyz_says_the_database_is_down(down: TestClient) -> None:
    response = down.get("/readyz")
    assert response.status_code == 503
    assert response.json()["problems"][0].startswith("database")
    assert down.get("/healthz").status_code == 200  # alive: only not ready
