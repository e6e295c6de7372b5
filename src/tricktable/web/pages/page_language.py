"""The pages in the visitor's language: an HTML answer's markers are filled in on its way out.

A page (``static/*.html``) is a template whose words are markers, so it is shown in the player's
language from its first paint, with no English flashing before a script runs, and reads the same
without JavaScript:

- ``{{t 'key'}}``: the message ``key`` of the catalogues, HTML-escaped;
- ``{{language 'code'}}``: the language's code, for ``<html lang>``;
- ``{{language 'menu'}}``: the language menu (:func:`language_menu`), coming back to this page.

Each marker holds quotes, which ``html.escape`` always escapes: text a route puts into a page
(the 404 page's message) can never form one.  The language is the request's, as
:class:`~tricktable.web.language.LanguageMiddleware` settled it (the menu's cookie, else
``Accept-Language``).  Rendering at the edge serves every page, whichever router answers it
(the home page, the leaderboard, the replay and friends pages, the 404 page, the rules).
"""

from __future__ import annotations

import html
import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.i18n import language_names, translate
from tricktable.web.language import answer_language

__all__ = ["PageLanguageMiddleware", "language_menu", "render_page"]

_MARKER = re.compile(r"\{\{(t|language) '([A-Za-z0-9_.-]+)'\}\}")


def language_menu(language: str, next_path: str) -> str:
    """The language menu: a form to ``GET /language`` that comes back to ``next_path``.  Without
    JavaScript its button sends it; ``static/js/language-menu.js`` sends it on a change."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == language else ""}>'
        f"{html.escape(name)}</option>"
        for code, name in language_names().items()
    )
    label = html.escape(translate(language, "web.language.label"))
    return (
        '<form class="language-menu" method="get" action="/language">'
        f'<input type="hidden" name="next" value="{html.escape(next_path)}">'
        '<svg class="globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        '<circle cx="12" cy="12" r="9.5"/><path d="M2.5 12h19M12 2.5c3 3 3 16 0 19'
        'M12 2.5c-3 3-3 16 0 19"/></svg>'
        f'<select name="lang" aria-label="{label}" title="{label}">{options}</select>'
        f'<button type="submit">{html.escape(translate(language, "web.language.submit"))}'
        "</button></form>"
    )


def render_page(page: str, language: str, next_path: str = "/") -> str:
    """``page`` with its markers filled in for ``language``; the menu comes back to
    ``next_path``."""

    def fill(match: re.Match[str]) -> str:
        kind, name = match.groups()
        if kind == "t":
            return html.escape(translate(language, name))
        if name == "code":
            return language
        if name == "menu":
            return language_menu(language, next_path)
        raise KeyError(f"no page marker {match.group(0)}")

    return _MARKER.sub(fill, page)


def _path(scope: Scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    return str(scope.get("path", "/")) + (f"?{query}" if query else "")


def _is_html(start: Message) -> bool:
    for name, value in start.get("headers", ()):
        if name.lower() == b"content-type":
            return bool(value.lower().startswith(b"text/html"))
    return False


class PageLanguageMiddleware:
    """Fills in the markers of every HTML answer (a page is a few kilobytes: it is held whole)
    and says which language it is in (``Content-Language``, ``Vary``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: Message | None = None
        chunks: list[bytes] = []

        async def render(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start" and _is_html(message):
                held = message
                return
            if held is None:
                await send(message)
                return
            if message["type"] != "http.response.body":
                await send(held)
                held = None
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            if b"{{" in body:
                language = answer_language()
                body = render_page(body.decode("utf-8"), language, _path(scope)).encode("utf-8")
                headers = MutableHeaders(scope=held)
                headers["content-length"] = str(len(body))
                headers["content-language"] = language
                headers.append("vary", "Accept-Language, Cookie")
            start, held = held, None
            await send(start)
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, render)
