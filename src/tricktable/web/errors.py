"""Every error answer of the API is JSON: ``{"error": code, "message": text}`` (a 409 adds
``"game"``); a page that does not exist (outside ``/api``) is an HTML page saying so."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from tricktable.web.routes.pages import not_found_html
from tricktable.web.service import ApiError

__all__ = ["install_error_handlers"]

log = logging.getLogger("tricktable.web")

_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}


def _validation_message(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors():
        kind = item.get("type", "")
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        if kind == "json_invalid":
            return "The request body is not valid JSON."
        if kind == "missing":
            problems.append(f"{where or 'the body'} is required")
        elif kind == "extra_forbidden":
            problems.append(f"{where} is not a field here")
        else:
            message = str(item.get("msg", "is not valid"))
            problems.append(f"{where}: {message}" if where else message)
    return "Bad request: " + "; ".join(problems) + "."


def _is_api(request: Request) -> bool:
    path = request.url.path
    return path == "/api" or path.startswith("/api/")


def install_error_handlers(app: FastAPI) -> None:
    async def api_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return JSONResponse(error.to_json(), status_code=error.status)

    async def validation_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse(
            {"error": "bad_request", "message": _validation_message(error)}, status_code=400
        )

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, StarletteHTTPException)
        if error.status_code == 404 and not _is_api(request):
            message = (str(error.detail) if error.detail != "Not Found"
                       else f"There is no page at {request.url.path} here.")
            return HTMLResponse(not_found_html(message), status_code=404)
        body: dict[str, Any] = {
            "error": _CODES.get(error.status_code, "error"),
            "message": str(error.detail),
        }
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    async def unexpected(_request: Request, error: Exception) -> JSONResponse:
        log.exception("Unexpected error", exc_info=error)
        return JSONResponse(
            {"error": "internal", "message": "Something went wrong on the server."},
            status_code=500,
        )

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
