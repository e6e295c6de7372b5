"""The API's contract in its OpenAPI document: every status a route answers, with the error body.

Routes declare their error statuses with :func:`errors`; :func:`install_openapi` drops FastAPI's
automatic 422 for invalid requests (this app answers those with a 400, see
:mod:`tricktable.web.errors`) so the document lists exactly what the app sends, and states each
``GET`` route's ``HEAD`` (:class:`~tricktable.web.edges.methods.HeadAsGet` answers it).

:func:`install_docs` serves the document's interactive page, ``/api/docs``: Swagger UI from the
``fastapi-offline`` package, on this origin, under the same Content-Security-Policy as every
page (no third-party host, no inline script).  The files come from ``fastapi-offline``, which
keeps Swagger UI 5 (older bundles cannot read OpenAPI 3.1); only its files are used.
"""

from __future__ import annotations

import importlib.resources
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from tricktable.web.schemas import ErrorBody

__all__ = ["DOCS_PATH", "errors", "install_docs", "install_openapi"]

DOCS_PATH = "/api/docs"

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


def _head_and_query(operation: dict[str, Any]) -> None:
    """A query parameter is given or left out, never null: drop FastAPI's ``null`` choice."""
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        choices = schema.get("anyOf")
        if parameter.get("in") == "query" and isinstance(choices, list):
            kept = [choice for choice in choices if choice != {"type": "null"}]
            if len(kept) == 1:
                del schema["anyOf"]
                schema.update(kept[0])


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
                    _head_and_query(operation)
            schemas = document.get("components", {}).get("schemas", {})
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
            if not app.state.settings.test_options:  # refused without them: not offered
                for name in ("SpadesGameRequest", "SpadesTableRequest"):
                    schemas.get(name, {}).get("properties", {}).pop("target", None)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


_DOCS_PAGE = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tricktable API</title>
  <link rel="stylesheet" href="{DOCS_PATH}/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="{DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
  <script src="{DOCS_PATH}/start.js"></script>
</body>
</html>
"""

_DOCS_SCRIPT = """window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});
"""


def install_docs(app: FastAPI) -> None:
    """Serve ``/api/docs`` (the app is built with ``docs_url=None``): the page, the script that
    starts Swagger UI, and Swagger UI's files from ``fastapi-offline``."""
    files = importlib.resources.files("fastapi_offline") / "static"

    @app.get(DOCS_PATH, include_in_schema=False, response_class=HTMLResponse)
    def docs_page() -> HTMLResponse:
        return HTMLResponse(_DOCS_PAGE)

    @app.get(f"{DOCS_PATH}/start.js", include_in_schema=False)
    def docs_script() -> Response:
        return Response(_DOCS_SCRIPT, media_type="text/javascript")

    app.mount(f"{DOCS_PATH}/assets", StaticFiles(directory=str(files)),
              name="api-docs-assets")
