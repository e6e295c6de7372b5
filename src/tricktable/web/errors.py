"""Every error answer of the API is JSON: ``{"error": code, "message": text, "reason":
{"key", "params"}}`` — the message in the request's language, and the same as a catalogue
message for clients that word it themselves (a 409 adds ``"game"``); a page that does not exist
(outside ``/api``) is an HTML page saying so.

Input a database cannot store (PostgreSQL refuses NUL in text) is a 400; a database that does
not answer is a 503 with ``Retry-After``; anything unexpected is a 500 that keeps the connection
usable.  One path decides these (:func:`answer_for`), for the routes and for the middleware
around them alike (the rate limits count in the database).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import exc as db_errors
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import Message as AsgiMessage
from starlette.types import Receive, Scope, Send

from tricktable.i18n import Message, translate
from tricktable.i18n.errors import reason_of
from tricktable.web.edges.asgi import HttpMiddleware
from tricktable.web.edges.body_limit import BodyTooLarge
from tricktable.web.edges.methods import allowed_methods
from tricktable.web.games.service import ApiError, error_body
from tricktable.web.language import request_language
from tricktable.web.routes.pages import not_found_page
from tricktable.web.schemas import UNION_TAGS

__all__ = ["RETRY_AFTER_SECONDS", "UNAVAILABLE", "UnexpectedErrors", "answer_for",
           "install_error_handlers", "validation_message"]

log = logging.getLogger("tricktable.web")

_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
          413: "too_large", 429: "too_many_requests"}
_HTTP_WORDS = {404: Message("server.http.not_found"),
               405: Message("server.http.method_not_allowed")}

_PROBLEMS = {
    "int_type": "server.validation.integer",
    "int_parsing": "server.validation.integer",
    "int_from_float": "server.validation.integer",
    "bool_type": "server.validation.boolean",
    "bool_parsing": "server.validation.boolean",
    "string_type": "server.validation.text",
    "greater_than_equal": "server.validation.at_least",
    "less_than_equal": "server.validation.at_most",
    "greater_than": "server.validation.more_than",
    "less_than": "server.validation.less_than",
    "model_type": "server.validation.object",
    "model_attributes_type": "server.validation.object",
    "dict_type": "server.validation.object",
}
"""Pydantic's error types, as our own words (``input`` and ``limit`` fill them)."""


_TYPE_TAGS = frozenset({"none", "int", "float", "str", "bool"})


def _is_tag(part: object) -> bool:
    """Whether a location part names no field but a kind or validator of pydantic's own (the
    body, a request's kind, ``function-before[…]``, ``none`` of an optional field)."""
    text = str(part)
    return (text == "body" or text in UNION_TAGS or text in _TYPE_TAGS
            or ("[" in text and text.endswith("]")))


def validation_message(errors: Sequence[Any]) -> Message:
    """What was wrong with a request (pydantic's ``errors()``, each located where FastAPI puts
    it: ``("query", "after")``…), as one message: each problem names the field and, where there
    is one, the value refused."""
    problems: list[object] = []
    fields_told: set[str] = set()
    for item in errors:
        kind = item.get("type", "")
        where = ".".join(str(part) for part in item.get("loc", ()) if not _is_tag(part))
        if where and where in fields_told:
            continue  # a field of several allowed kinds: its first refusal says enough
        fields_told.add(where)
        field: object = where or Message("server.validation.body")
        context = item.get("ctx") or {}
        shown = _printable(_shown(item["input"])) if "input" in item else ""
        if kind == "json_invalid":
            return Message("server.validation.json")
        if kind == "missing":
            problems.append(Message("server.validation.missing", {"field": field}))
        elif kind == "extra_forbidden":
            problems.append(Message("server.validation.extra", {"field": field}))
        elif kind in ("literal_error", "enum"):
            choices = ", ".join(re.findall(r"'([^']*)'", str(context.get("expected", ""))))
            problems.append(Message("server.validation.choice",
                                    {"field": field, "choices": choices, "input": shown}))
        elif kind == "string_too_long":
            problems.append(Message("server.validation.too_long", {
                "field": field, "count": context.get("max_length", 0)}))
        elif kind == "value_error" and isinstance(context.get("error"), Exception):
            problems.append(reason_of(context["error"]))
        elif kind in _PROBLEMS:
            limit = next((context[name] for name in ("ge", "le", "gt", "lt") if name in context),
                         "")
            problems.append(Message(_PROBLEMS[kind],
                                    {"field": field, "input": shown, "limit": limit}))
        else:
            problems.append(Message("server.validation.invalid", {"field": field,
                                                                  "input": shown}))
    return Message("server.validation.bad_request", {"problems": _semicolons(problems)})


def _semicolons(items: list[object]) -> object:
    shown = items[0] if items else ""
    for item in items[1:]:
        shown = Message("server.validation.and", {"first": shown, "second": item})
    return shown


RETRY_AFTER_SECONDS = 5
"""How long a client is told to wait when the database does not answer."""

UNAVAILABLE = (db_errors.OperationalError, db_errors.InterfaceError)
"""What a database that does not answer raises (refused, dropped or timed-out connections)."""


def answer_for(error: Exception, language: str) -> JSONResponse:
    """The answer to an exception no route turned into one: 503 with ``Retry-After`` for a
    database that does not answer, 400 for data the database cannot store, else 500."""
    if isinstance(error, UNAVAILABLE):
        log.error("The database did not answer: %s", error)
        return JSONResponse(error_body("unavailable", Message("server.database_unavailable"),
                                       language),
                            status_code=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(error, db_errors.DataError):
        # A guard behind the routes' own checks: e.g. a NUL byte that reached PostgreSQL.
        log.warning("The database refused a request's data: %s", error)
        return JSONResponse(error_body("bad_request", Message("server.unstorable"), language),
                            status_code=400)
    log.exception("Unexpected error", exc_info=error)
    return JSONResponse(error_body("internal", Message("server.internal"), language),
                        status_code=500)


class UnexpectedErrors(HttpMiddleware):
    """Answers an exception from the routes or the middleware inside it (the rate limits, the
    identity cookie, the body limit) with :func:`answer_for`, and leaves it there.

    Starlette's handler for ``Exception`` re-raises after answering, and uvicorn then closes the
    connection: a keep-alive client finds its next request reset.  Only when part of an answer
    is already out does the exception go on (closing the connection is then the honest end).
    The app adds it outside every middleware that may touch the database, and inside the logs,
    metrics and security headers, which see its answer like any other.
    """

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watching(message: AsgiMessage) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watching)
        except Exception as error:
            if started:
                raise
            await answer_for(error, request_language(HTTPConnection(scope)))(scope, receive, send)


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
    """The JSON (and 404 page) answers of the routes' errors.  The app adds
    :class:`UnexpectedErrors` itself, where it belongs among the middleware."""

    async def api_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return JSONResponse(error.to_json(request_language(request)), status_code=error.status,
                            headers=error.headers)

    async def validation_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse(error_body("bad_request", validation_message(error.errors()),
                                       request_language(request)), status_code=400)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, StarletteHTTPException)
        language = request_language(request)
        detail: object = error.detail
        if error.status_code == 404 and not _is_api(request):
            if isinstance(detail, Message):
                text = translate(language, detail)
            elif detail != "Not Found":
                text = str(detail)
            else:
                text = translate(language, Message("server.page.not_found",
                                                   {"path": request.url.path}))
            return not_found_page(request, text)
        message: Message | str
        if isinstance(detail, Message):
            message = detail
        elif isinstance(error, BodyTooLarge):
            message = error.reason
        elif error.status_code in _HTTP_WORDS and detail == HTTPStatus(error.status_code).phrase:
            message = _HTTP_WORDS[error.status_code]
        elif detail == HTTPStatus(error.status_code).phrase:
            message = Message("server.http.error", {"status": str(error.status_code)})
        else:
            message = str(detail)
        body = error_body(_CODES.get(error.status_code, "error"), message, language)
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method of the path, not only the first route's
            headers["Allow"] = ", ".join(allowed_methods(request.app.router.routes,
                                                         request.scope))
        return JSONResponse(body, status_code=error.status_code, headers=headers)

    async def database_error(request: Request, error: Exception) -> JSONResponse:
        return answer_for(error, request_language(request))

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    for kind in (db_errors.DataError, *UNAVAILABLE):
        app.add_exception_handler(kind, database_error)
    app.add_exception_handler(Exception, database_error)  # errors outside UnexpectedErrors
