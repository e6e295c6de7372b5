"""The pages: the table, the leaderboard, the rules (rendered from the rules we play), and the
page for a URL that is none of ours; each drawn from its template in the visitor's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from tricktable.i18n import LANGUAGES, parse_language, translate
from tricktable.web.games import ADAPTERS
from tricktable.web.language import request_language
from tricktable.web.pages.render import page, request_theme
from tricktable.web.pages.rules_page import rules_html

router = APIRouter(tags=["pages"])

WEB = Path(__file__).resolve().parent.parent
STATIC = WEB / "static"

NO_CACHE = {"Cache-Control": "no-cache"}
"""A page is asked for again each time (it changes with the language and the release)."""
PAGE: dict[str, Any] = {"methods": ["GET", "HEAD"], "include_in_schema": False,
                        "response_class": HTMLResponse}
"""A page's route: it answers HEAD as well as GET (the server sends the headers only)."""


def not_found_page(request: Request, message: str) -> HTMLResponse:
    """The page for a URL that is not one of ours, saying ``message`` (never kept: a 404 is
    cacheable by default, and the page names this release's static files)."""
    return page(request, "not_found.html", status_code=404, headers=NO_CACHE, message=message)


@router.api_route("/", **PAGE)
def table(request: Request) -> HTMLResponse:
    return page(request, "index.html", headers=NO_CACHE)


@router.api_route("/leaderboard", **PAGE)
def leaderboard(request: Request) -> HTMLResponse:
    return page(request, "leaderboard.html", headers=NO_CACHE)


@router.api_route("/rules", **PAGE)
def rules(request: Request, game: str = "sheepshead", lang: str | None = None) -> HTMLResponse:
    """A game's rules in the request's language, or in ``lang`` when the link names one."""
    language = request_language(request)
    if game not in ADAPTERS:
        raise HTTPException(404, translate(language, "rules.error.no-game", game=repr(game),
                                           games=", ".join(ADAPTERS)))
    if lang is not None:
        chosen = parse_language(lang)
        if chosen is None:
            raise HTTPException(404, translate(language, "rules.error.no-language",
                                               language=repr(lang), languages=", ".join(LANGUAGES)))
        language = chosen
    headers = {**NO_CACHE, "Content-Language": language, "Vary": "Accept-Language, Cookie"}
    return HTMLResponse(rules_html(game, language, request_theme(request)), headers=headers)


@router.api_route("/favicon.ico", methods=["GET", "HEAD"], include_in_schema=False)
def favicon() -> Response:
    return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")
