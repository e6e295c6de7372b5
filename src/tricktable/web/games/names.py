"""Players' names: a nickname as compared with others, the reserved anonymous-tag form, and the
name a player without a nickname is shown by."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from tricktable.i18n import LANGUAGES, Message, translate
from tricktable.web.language import answer_language

__all__ = ["ANONYMOUS_TAG", "NICKNAME_LENGTH", "display_name", "name_key"]

NICKNAME_LENGTH = 24


def name_key(nickname: str) -> str:
    """A nickname as compared with others: NFKC-normalised, casefolded, spaces collapsed
    (so "Ace", "ACE" and "Ａｃｅ" are one name)."""
    return " ".join(unicodedata.normalize("NFKC", nickname).casefold().split())


def _anonymous_words() -> str:
    words = {name_key(translate(language, Message("server.anonymous", {"tag": ""})))
             for language in LANGUAGES}
    return "|".join(sorted(re.escape(word) for word in words | {"anonymous"}))


ANONYMOUS_TAG = re.compile(rf"(?:{_anonymous_words()})(\s*[0-9a-f]{{1,8}})?")
"""Names of the anonymous-tag form in any language (after :func:`name_key`), reserved for the
tags."""


def display_name(player_id: str, nickname: str | None) -> str:
    """A player's name on the leaderboard: the nickname, or a stable anonymous tag
    ("Anonymous 02fd", in the answer's language)."""
    if nickname:
        return nickname
    tag = hashlib.sha256(player_id.encode()).hexdigest()[:4]
    return translate(answer_language(), Message("server.anonymous", {"tag": tag}))

