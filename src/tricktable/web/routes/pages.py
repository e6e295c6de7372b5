"""The pages: the table, the leaderboard, the rules (rendered from the rules we play)."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from tricktable.i18n import LANGUAGES, parse_language, translate
from tricktable.web.games import ADAPTERS
from tricktable.web.language import request_language
from tricktable.web.pages.rules_page import rules_html

router = APIRouter(tags=["pages"])

WEB = Path(__file__).resolve().parent.parent
STATIC = WEB / "static"

_HEADERS = {"Cache-Control": "no-cache"}
_PAGE: dict[str, Any] = {"methods": ["GET", "HEAD"], "include_in_schema": False}
"""Pages answer HEAD as well as GET (the server sends the headers only)."""


@cache
def _page(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def not_found_html(message: str) -> str:
    """The page for a URL that is not one of ours, saying ``message``."""
    return _page("404.html").replace("{{message}}", html.escape(message))


@router.api_route("/", response_class=HTMLResponse, **_PAGE)
def table() -> HTMLResponse:
    return HTMLResponse(_page("index.html"), headers=_HEADERS)


@router.api_route("/leaderboard", response_class=HTMLResponse, **_PAGE)
def leaderboard() -> HTMLResponse:
    return HTMLResponse(_page("leaderboard.html"), headers=_HEADERS)


@router.api_route("/rules", response_class=HTMLResponse, **_PAGE)
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
    headers = {**_HEADERS, "Content-Language": language, "Vary": "Accept-Language, Cookie"}
    return HTMLResponse(rules_html(game, language), headers=headers)


@router.api_route("/favicon.ico", **_PAGE)
def favicon() -> Response:
    return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")
