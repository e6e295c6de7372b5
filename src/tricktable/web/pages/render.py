"""The pages, drawn from Jinja2 templates in the visitor's language.

Every page extends ``templates/base.html`` (one head, the top bar, ``<main>``); what pages share
is a partial in ``templates/partials/``.  A page's words are ``t('key')``, the message of the
catalogues in the page's language, filled in when the page is drawn: it reads in the player's
language from its first paint, with no English flashing before a script runs, and the same
without JavaScript.  The language is the request's (the menu's cookie, else
``Accept-Language``) unless the route chooses one (the rules page's ``?lang=``).

Text is escaped as :func:`html.escape` escapes it, quotes included, as everywhere else in the
app: whatever a route puts into a page (the 404 page's message) stays words.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import partial
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from tricktable.i18n import language_names, translate
from tricktable.web.assets import static_assets
from tricktable.web.language import request_language

__all__ = ["THEME_COOKIE", "THEMES", "page", "render_page", "request_theme"]

THEME_COOKIE = "tricktable_theme"
"""The player's theme, when they chose one (static/js/settings.js sets it): light or dark."""
THEMES = ("light", "dark")


def _escaped(value: object) -> object:
    """Text escaped by :func:`html.escape` (``&#x27;`` for a quote, where Jinja2 would write
    ``&#39;``); markup (a :class:`Markup`) and other values go on to the autoescape as they are."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return Markup(html.escape(value))
    return value


_TEMPLATES = Environment(
    loader=PackageLoader("tricktable.web.pages", "templates"),
    autoescape=True,
    finalize=_escaped,
    undefined=StrictUndefined,  # a name a template misspells is an error, not a blank
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    auto_reload=False,  # the templates ship with the code: a new version is a restart
)
_TEMPLATES.globals["static"] = lambda name: static_assets().url(name)
"""``static('css/style.css')``: a static file's versioned URL (see :mod:`tricktable.web.assets`)."""


def render_page(template: str, language: str, next_path: str = "/", *, theme: str = "",
                **context: Any) -> str:
    """The page ``template`` (a file in ``templates/``) in ``language`` and ``theme`` (one of
    :data:`THEMES`, or "" for the system's); its language menu comes back to ``next_path``.
    ``context`` holds the page's own values."""
    return _TEMPLATES.get_template(template).render(
        language=language,
        next_path=next_path,
        theme=theme if theme in THEMES else "",
        languages=language_names(),
        t=partial(translate, language),
        **context,
    )


def _path(request: Request) -> str:
    """The path and query the request asked for, as it asked (the language menu's way back)."""
    query = request.scope.get("query_string", b"").decode("latin-1")
    return str(request.scope.get("path", "/")) + (f"?{query}" if query else "")


def request_theme(request: Request) -> str:
    """The theme the player chose (the cookie), or "" to follow the system."""
    theme = request.cookies.get(THEME_COOKIE, "")
    return theme if theme in THEMES else ""


def page(request: Request, template: str, *, language: str | None = None,
         status_code: int = 200, headers: Mapping[str, str] | None = None,
         **context: Any) -> HTMLResponse:
    """The answer to ``request``: the page ``template`` in ``language`` (by default the
    request's), saying which language it is in and that it depends on the language cookie and
    ``Accept-Language``."""
    language = language or request_language(request)
    body = render_page(template, language, _path(request), theme=request_theme(request),
                       **context)
    return HTMLResponse(body, status_code=status_code, headers={
        **(headers or {}), "Content-Language": language, "Vary": "Accept-Language, Cookie"})
