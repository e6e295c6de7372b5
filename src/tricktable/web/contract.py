"""The API's contract in its OpenAPI document: every status a route answers, with the error body.

Routes declare their error statuses with :func:`errors`; :func:`install_openapi` drops FastAPI's
automatic 422 for invalid requests (this app answers those with a 400, see
:mod:`tricktable.web.errors`) so the document lists exactly what the app sends.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from tricktable.web.schemas import ErrorBody

__all__ = ["errors", "install_openapi"]

_MEANING = {
    400: "The request is malformed or asks for something that does not exist (the message "
         "says what).",
    401: "The server keeps this for holders of a token (Authorization: Bearer <token>).",
    403: "The game or seat belongs to another player.",
    404: "There is no such game.",
    409: "The game moved on (stale version, or over): the body holds the game as it is now.",
    413: "The request body is larger than the server accepts.",
    422: "The action is not legal now (the message says why).",
    429: "Too many requests: wait the Retry-After seconds.",
    503: "The computer players could not answer in time; try again.",
}

_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer", "minimum": 0},
    }
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that answers these error statuses."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        entry: dict[str, Any] = {"model": ErrorBody, "description": _MEANING[status]}
        if status == 429:
            entry["headers"] = _RETRY_AFTER
        documented[status] = entry
    return documented


def install_openapi(app: FastAPI) -> None:
    """Serve the document without FastAPI's automatic (never sent) 422 answers."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(title=app.title, version=app.version, routes=app.routes,
                                   description=app.description)
            for path in document.get("paths", {}).values():
                for operation in path.values():
                    answer = operation.get("responses", {}).get("422", {})
                    schema = answer.get("content", {}).get("application/json", {}).get("schema")
                    if schema == {"$ref": "#/components/schemas/HTTPValidationError"}:
                        del operation["responses"]["422"]
            schemas = document.get("components", {}).get("schemas", {})
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
