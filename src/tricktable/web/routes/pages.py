"""The pages: the table, the leaderboard, the rules (rendered from the rules we play)."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse, Response

from tricktable.web.games import ADAPTERS

router = APIRouter(tags=["pages"])

WEB = Path(__file__).resolve().parent.parent
STATIC = WEB / "static"
CONTENT = WEB / "content"

_HEADERS = {"Cache-Control": "no-cache"}
_PAGE: dict[str, Any] = {"methods": ["GET", "HEAD"], "include_in_schema": False}
"""Pages answer HEAD as well as GET (the server sends the headers only)."""


@cache
def _page(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


@cache
def rules_html(game: str) -> str:
    """The rules page of a game, from its Markdown in ``content/``."""
    from markdown_it import MarkdownIt

    text = (CONTENT / f"{game}-rules.md").read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    title = text.splitlines()[0].lstrip("# ").strip()
    current = ' aria-current="page"'
    games = " · ".join(
        f'<a href="/rules?game={name}"{current if name == game else ""}>'
        f"{html.escape(adapter.title)}</a>"
        for name, adapter in ADAPTERS.items()
    )
    return (
        _page("rules.html")
        .replace("{{title}}", html.escape(title))
        .replace("{{games}}", games)
        .replace("{{content}}", body)
    )


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
def rules(game: str = "sheepshead") -> HTMLResponse:
    if game not in ADAPTERS:
        raise HTTPException(404, f"There are no rules for {game!r} here; the games are "
                                 f"{', '.join(ADAPTERS)}.")
    return HTMLResponse(rules_html(game), headers=_HEADERS)


@router.api_route("/favicon.ico", **_PAGE)
def favicon() -> Response:
    return Response((STATIC / "favicon.svg").read_bytes(), media_type="image/svg+xml")
