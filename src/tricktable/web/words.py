"""The browser's words: each language's catalogue as the pages' scripts read it
(``static/js/i18n.js``), one JSON file per language.

Each is served as a static file, ``/static/i18n/<language>.json?v=<version>``
(:mod:`tricktable.web.assets`): the same for everyone who reads that language, so cached for a
year at a URL that changes with its words, and fetched once, not at every page.  A page names
its language's file (``base.html``); ``GET /api/i18n`` answers the same words for the request's
language, for a client that has no page to ask.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tricktable.i18n import LANGUAGES, PSEUDO_LANGUAGE, catalogue, language_names

__all__ = ["BROWSER_DOMAINS", "browser_files", "browser_words", "words_file"]

BROWSER_DOMAINS = ("common", "engine", "server", "web", "reasons", "coach")
"""The catalogues the browser formats itself (the rules page and the terminal it never needs)."""


def browser_words(language: str) -> dict[str, Any]:
    """``{"language", "languages", "messages"}``: ``language``, the languages on offer by their
    own names, and every message the browser shows, in ``language``."""
    return {
        "language": language,
        "languages": language_names(),
        "messages": catalogue(language, BROWSER_DOMAINS),
    }


def words_file(language: str) -> str:
    """The static file of ``language``'s words (``i18n/nl.json``), for ``static()``."""
    return f"i18n/{language}.json"


@cache
def browser_files() -> dict[str, bytes]:
    """Every language's words (the pseudo-language's too) as static files: name, bytes."""
    return {words_file(language): json.dumps(browser_words(language), ensure_ascii=False,
                                              separators=(",", ":")).encode("utf-8")
            for language in (*LANGUAGES, PSEUDO_LANGUAGE)}
