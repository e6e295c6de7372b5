"""Quick phrases: the only words players send each other (a fixed list, nothing to moderate).

A phrase travels by its id; each player reads it in their own language (:func:`phrase_text`).
"""

from __future__ import annotations

from tricktable.i18n import Message, translate

__all__ = ["PHRASES", "phrase_text"]

PHRASES: dict[str, Message] = {
    "nice": Message("phrase.nice"),
    "sorry": Message("phrase.sorry"),
    "thanks": Message("phrase.thanks"),
    "oops": Message("phrase.oops"),
    "wow": Message("phrase.wow"),
    "hurry": Message("phrase.hurry"),
    "brb": Message("phrase.brb"),
    "gg": Message("phrase.gg"),
}
"""Each phrase by its id, in the order the table shows them."""


def phrase_text(phrase: str, language: str) -> str:
    """Phrase ``phrase`` in ``language``."""
    return translate(language, PHRASES[phrase])
