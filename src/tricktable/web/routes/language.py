"""Choosing a language: ``GET /language?lang=nl&next=/leaderboard``, the language menu's form.

The choice is kept a year in the ``tricktable_lang`` cookie (which every page, the API's words
and ``/api/i18n`` then follow before ``Accept-Language``), and the player goes back to the page
the menu was on.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from tricktable.i18n import LANGUAGES, parse_language, translate
from tricktable.web.language import LANGUAGE_COOKIE, request_language

__all__ = ["LANGUAGE_COOKIE_MAX_AGE", "router", "safe_next"]

router = APIRouter(tags=["pages"])

LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600
"""A choice is remembered for a year."""


def safe_next(path: str | None) -> str:
    """``path`` when it is a path on this site (one leading ``/``, no backslash, no control
    character), else ``/``: the menu never sends a player anywhere else."""
    if (not path or not path.startswith("/") or path.startswith("//") or "\\" in path
            or len(path) > 2000 or any(ord(c) < 0x20 or ord(c) == 0x7F for c in path)):
        return "/"
    return path


@router.api_route("/language", methods=["GET", "HEAD"], include_in_schema=False)
def choose_language(
    request: Request,
    lang: str | None = None,
    next_path: Annotated[str | None, Query(alias="next")] = None,
) -> Response:
    """Remember ``lang`` and go back to ``next`` (303); an unknown language is a 400."""
    chosen = parse_language(lang)
    if chosen is None:
        message = translate(request_language(request), "web.language.unknown",
                            languages=", ".join(LANGUAGES))
        return JSONResponse({"error": "bad_language", "message": message}, status_code=400)
    answer = RedirectResponse(safe_next(next_path), status_code=303,
                              headers={"Cache-Control": "no-store"})
    configured = request.app.state.settings.cookie_secure
    secure = configured if configured is not None else request.url.scheme == "https"
    answer.set_cookie(LANGUAGE_COOKIE, chosen, max_age=LANGUAGE_COOKIE_MAX_AGE, path="/",
                      samesite="lax", secure=secure)
    return answer
