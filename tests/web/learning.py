"""The lessons' API on its own, for the learning tests of both games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tricktable.web.errors import install_error_handlers
from tricktable.web.language import LANGUAGE_COOKIE, LanguageMiddleware
from tricktable.web.learn import routes


@contextmanager
def learn_client() -> Iterator[TestClient]:
    """A client of an app with only the lessons' routes, their error handling and the
    language cookie (no database: a lesson is replayed from its moves)."""
    app = FastAPI()
    app.include_router(routes.router)
    install_error_handlers(app)
    app.add_middleware(LanguageMiddleware)
    with TestClient(app) as test_client:
        yield test_client


def lesson_at(client: TestClient, lesson: str, moves: list[str], language: str = "en"
              ) -> dict[str, Any]:
    """The lesson ``lesson`` after ``moves``, in ``language`` (asserting a 200)."""
    client.cookies.set(LANGUAGE_COOKIE, language)
    answer = client.get(f"/api/learn/{lesson}", params={"moves": ",".join(moves)})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body
