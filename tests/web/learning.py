"""The lessons' API on its own, for the learning tests of both games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tricktable.web.errors import install_error_handlers
from tricktable.web.language import LanguageMiddleware
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
