"""The browser's words: ``GET /api/i18n``, the catalogue of the request's language."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tricktable.web.language import request_language
from tricktable.web.words import browser_words

__all__ = ["router"]

router = APIRouter(tags=["i18n"])


@router.get("/api/i18n", summary="The words of the browser pages in the request's language")
def browser_catalogue(request: Request) -> JSONResponse:
    """``{"language", "languages", "messages"}``: the language chosen by the ``tricktable_lang``
    cookie or else ``Accept-Language``, the languages on offer by their own names, and every
    message the browser shows, in that language.  The pages read the same words from their
    language's static file instead (:mod:`tricktable.web.words`), cached for a year."""
    language = request_language(request)
    return JSONResponse(browser_words(language), headers={
        "Cache-Control": "private, no-cache", "Vary": "Accept-Language, Cookie",
        "Content-Language": language})
