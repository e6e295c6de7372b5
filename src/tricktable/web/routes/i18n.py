"""The browser's words: ``GET /api/i18n``, the catalogue of the request's language."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tricktable.i18n import catalogue, language_names
from tricktable.web.language import request_language

router = APIRouter(tags=["i18n"])

BROWSER_DOMAINS = ("common", "engine", "server", "web", "reasons", "coach")
"""The catalogues the browser formats itself (the rules page and the terminal it never needs)."""


@router.get("/api/i18n", summary="The words of the browser pages in the request's language")
def browser_catalogue(request: Request) -> JSONResponse:
    """``{"language", "languages", "messages"}``: the language chosen by the ``tricktable_lang``
    cookie or else ``Accept-Language``, the languages on offer by their own names, and every
    message the browser shows, in that language."""
    language = request_language(request)
    body: dict[str, Any] = {
        "language": language,
        "languages": language_names(),
        "messages": catalogue(language, BROWSER_DOMAINS),
    }
    return JSONResponse(body, headers={"Cache-Control": "private, no-cache",
                                       "Vary": "Accept-Language, Cookie",
                                       "Content-Language": language})
