"""Every word a player reads, in the player's language: message catalogues and their formatting.

A message is a key and parameters (:class:`Message`); its wording lives in JSON catalogues,
``locales/<language>/<domain>.json``, one per language and part of the product.  The browser
formats the same catalogues with the same rules (``static/js/i18n.js``): ``{name}`` placeholders,
numbers in the language's own style, and plural forms chosen by the CLDR category of ``count``.
"""

from tricktable.i18n.catalogues import (
    DEFAULT_LANGUAGE,
    DOMAINS,
    LANGUAGES,
    PSEUDO_LANGUAGE,
    catalogue,
    language_names,
)
from tricktable.i18n.format import Message, translate
from tricktable.i18n.negotiate import negotiate, parse_language

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAINS",
    "LANGUAGES",
    "PSEUDO_LANGUAGE",
    "Message",
    "catalogue",
    "language_names",
    "negotiate",
    "parse_language",
    "translate",
]
