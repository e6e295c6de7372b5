"""The message catalogues: loading, falling back to English, and the pseudo-language for tests.

A catalogue maps a key to a template: a string, or for plurals an object of CLDR plural
categories (``{"one": "{count} card", "other": "{count} cards"}``; ``other`` is required).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Final

from tricktable.i18n.pseudo import pseudolocalise

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAINS",
    "LANGUAGES",
    "PSEUDO_LANGUAGE",
    "Template",
    "catalogue",
    "language_names",
    "locales_dir",
]

Template = str | dict[str, str]

LANGUAGES: Final = ("en", "nl", "de", "sv", "fi", "id")
"""The languages the product speaks, English first (the reference every catalogue must match)."""

DEFAULT_LANGUAGE: Final = "en"

PSEUDO_LANGUAGE: Final = "en-XA"
"""English lengthened by 40% and accented: a test language that shows clipped and untranslated
text.  It is served when asked for by name, never offered in the menu or by negotiation."""

DOMAINS: Final = ("common", "engine", "server", "web", "terminal", "reasons", "rules", "learn",
                  "coach")
"""The catalogue files of each language, by the part of the product whose words they hold."""


def locales_dir() -> Path:
    return Path(__file__).resolve().parent / "locales"


@cache
def _load(language: str, domain: str) -> dict[str, Template]:
    path = locales_dir() / language / f"{domain}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold one JSON object")
    return data


@cache
def _merged(language: str, domains: tuple[str, ...]) -> dict[str, Template]:
    merged: dict[str, Template] = {}
    for domain in domains:
        merged.update(_load(DEFAULT_LANGUAGE, domain))
        if language != DEFAULT_LANGUAGE:
            merged.update(_load(language, domain))
    return merged


def catalogue(language: str, domains: tuple[str, ...] = DOMAINS) -> dict[str, Template]:
    """Every message of ``domains`` in ``language``, English where a key is missing.

    ``language`` must be one of :data:`LANGUAGES` or :data:`PSEUDO_LANGUAGE`.
    """
    if language == PSEUDO_LANGUAGE:
        return _pseudo(domains)
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; the languages are {', '.join(LANGUAGES)}")
    return _merged(language, domains)


@cache
def _pseudo(domains: tuple[str, ...]) -> dict[str, Template]:
    english = _merged(DEFAULT_LANGUAGE, domains)
    return {
        key: (pseudolocalise(value) if isinstance(value, str)
              else {form: pseudolocalise(text) for form, text in value.items()})
        for key, value in english.items()
    }


def language_names() -> dict[str, str]:
    """Each language's name in that language, for a language menu (``{"de": "Deutsch", …}``)."""
    names = {}
    for language in LANGUAGES:
        name = catalogue(language, ("common",)).get("language.name")
        names[language] = name if isinstance(name, str) else language
    return names
