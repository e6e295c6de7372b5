"""Every error answer is JSON: ``{"error": code, "message": text}`` (a 409 adds ``"game"``)."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tricktable.web.service import ApiError

__all__ = ["install_error_handlers"]

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


def _shown(value: object) -> str:
    """The refused value as JSON would write it, cut short."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def install_error_handlers(app: FastAPI) -> None:
    async def api_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return JSONResponse(error.to_json(), status_code=error.status)

    async def validation_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return JSONResponse(
            {"error": "bad_request", "message": _validation_message(error)}, status_code=400
        )

    async def http_error(_request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
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
