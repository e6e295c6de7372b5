"""Every error answer of the API is JSON: ``{"error": code, "message": text}`` (a 409 adds
``"game"``); a page that does not exist (outside ``/api``) is an HTML page saying so.

Input a database cannot store (PostgreSQL refuses NUL in text) is a 400; a database that does
not answer is a 503; anything unexpected is a 500 that keeps the connection usable.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy import exc as db_errors
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.web.routes.pages import not_found_html
from tricktable.web.service import ApiError

__all__ = ["UnexpectedErrors", "install_error_handlers"]

log = logging.getLogger("tricktable.web")

_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
          413: "too_large", 429: "too_many_requests"}


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
            if "input" in item and kind != "model_type":
                message += f", not {_shown(item['input'])}"
            problems.append(f"{where}: {message}" if where else message)
    return "Bad request: " + "; ".join(problems) + "."


def _internal() -> JSONResponse:
    return JSONResponse(
        {"error": "internal", "message": "Something went wrong on the server."},
        status_code=500,
    )


class UnexpectedErrors:
    """Answers an unexpected exception with the JSON 500 and leaves it there.

    Starlette's handler for ``Exception`` re-raises after answering, and uvicorn then closes the
    connection: a keep-alive client finds its next request reset.  Only when part of an answer
    is already out does the exception go on (closing the connection is then the honest end).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watching(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watching)
        except Exception as error:
            if started:
                raise
            log.exception("Unexpected error", exc_info=error)
            await _internal()(scope, receive, send)


def _printable(text: str) -> str:
    """``text`` with any lone surrogate (from a JSON ``"\\ud800"``) escaped: UTF-8 refuses it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _shown(value: object) -> str:
    """The refused value as JSON would write it, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_api(request: Request) -> bool:
    path = request.url.path
    return path == "/api" or path.startswith("/api/")


def install_error_handlers(app: FastAPI) -> None:
    async def api_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return JSONResponse(error.to_json(), status_code=error.status, headers=error.headers)

    async def validation_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse(
            {"error": "bad_request", "message": _printable(_validation_message(error))},
            status_code=400,
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

    async def unstorable(_request: Request, error: Exception) -> JSONResponse:
        # A guard behind the routes' own checks: e.g. a NUL byte that reached PostgreSQL.
        log.warning("The database refused a request's data: %s", error)
        return JSONResponse(
            {"error": "bad_request",
             "message": "Bad request: it holds text the database cannot store."},
            status_code=400,
        )

    async def unavailable(_request: Request, error: Exception) -> JSONResponse:
        log.error("The database did not answer: %s", error)
        return JSONResponse(
            {"error": "unavailable",
             "message": "The database is not answering; please try again shortly."},
            status_code=503, headers={"Retry-After": "5"},
        )

    async def unexpected(_request: Request, error: Exception) -> JSONResponse:
        log.exception("Unexpected error", exc_info=error)
        return _internal()

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(db_errors.DataError, unstorable)
    app.add_exception_handler(db_errors.OperationalError, unavailable)
    app.add_exception_handler(db_errors.InterfaceError, unavailable)
    app.add_exception_handler(Exception, unexpected)  # errors outside UnexpectedErrors
    app.add_middleware(UnexpectedErrors)
