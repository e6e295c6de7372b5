"""Which language the terminal speaks: ``--lang`` when given, else the environment's locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first that is set, as POSIX reads them), else
English."""

from __future__ import annotations

from collections.abc import Mapping

from tricktable.i18n import DEFAULT_LANGUAGE, LANGUAGES, language_names, parse_language

__all__ = ["ENVIRONMENT", "UnknownLanguage", "languages_text", "terminal_language"]

ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """A ``--lang`` we do not speak."""

    def __init__(self, asked: str) -> None:
        self.asked = asked
        super().__init__(f"unknown language {asked!r}; the languages are {languages_text()}")


def terminal_language(chosen: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``chosen`` (``nl``, ``de-AT``, ``sv_SE``) when given — one we do
    not speak is :class:`UnknownLanguage` — else the first locale variable that is set
    (``nl_NL.UTF-8`` → ``nl``; ``C`` or one we do not speak → English)."""
    if chosen is not None:
        found = parse_language(chosen)
        if found is None:
            raise UnknownLanguage(chosen)
        return found
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:
            return parse_language(value.partition(".")[0].partition("@")[0]) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def languages_text() -> str:
    """``en (English), nl (Nederlands), …``: the languages, for an error or a help text."""
    return ", ".join(f"{code} ({name})" for code, name in language_names().items()
                     if code in LANGUAGES)
