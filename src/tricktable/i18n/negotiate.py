"""Choosing a language: the player's choice if any, else the first match in ``Accept-Language``."""

from __future__ import annotations

from tricktable.i18n.catalogues import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO_LANGUAGE

__all__ = ["negotiate", "parse_language"]


def parse_language(text: str | None) -> str | None:
    """``text`` as one of our languages (``"de"``, ``"de-AT"``, ``"DE"`` → ``"de"``), or None.

    The pseudo-language is accepted only by its exact name.
    """
    if not text:
        return None
    text = text.strip()
    if text == PSEUDO_LANGUAGE:
        return PSEUDO_LANGUAGE
    primary = text.replace("_", "-").split("-", 1)[0].lower()
    # "in" is Indonesian's old code; Malay readers read Indonesian more easily than English.
    primary = {"in": "id", "ms": "id"}.get(primary, primary)
    return primary if primary in LANGUAGES else None


def negotiate(accept_language: str | None, chosen: str | None = None) -> str:
    """The language to speak: ``chosen`` when it is one of ours, else the ``Accept-Language``
    entry of highest quality that we speak (earlier first among equals), else English."""
    picked = parse_language(chosen)
    if picked:
        return picked
    ranked: list[tuple[float, int, str]] = []
    for position, entry in enumerate((accept_language or "").split(",")):
        tag, _, rest = entry.strip().partition(";")
        quality = 1.0
        for param in rest.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        language = parse_language(tag) if tag != PSEUDO_LANGUAGE else None
        if language and quality > 0:
            ranked.append((-quality, position, language))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE
