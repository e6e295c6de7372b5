"""Players' names: which nicknames are accepted, a nickname as compared with others (its key),
the reserved forms, and the name a player without a nickname is shown by.

Two names are one when they look alike: the key is the NFKC form, casefolded, through the
Unicode confusable skeleton (:mod:`tricktable.web.games.confusables`), without accent marks, so
"Ace", "ACE", "Ａｃｅ", "Асе" (Cyrillic) and "Acé" are one name.  A name must show something
(no blank-looking fillers), carries at most a few marks on a letter, and does not pose as a
player without a nickname ("Anonymous 02fd", in any language) or as a computer seat
("Computer", in any language).  Lengths are checked on the normalised forms, so every database
stores what is accepted.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata

from tricktable.i18n import LANGUAGES, Message, translate
from tricktable.web.games.confusables import skeleton
from tricktable.web.games.errors import ApiError
from tricktable.web.language import answer_language

__all__ = ["KEY_LENGTH", "NICKNAME_LENGTH", "check_nickname", "display_name", "name_key"]

NICKNAME_LENGTH = 24
"""The most characters of a nickname, as typed and after NFKC."""
KEY_LENGTH = 96
"""The most characters of a key (the ``players.name_key`` column)."""
MARKS_ON_A_LETTER = 3
"""Combining marks one character may carry (after NFD): Vietnamese needs two, some Indic
syllables three, "Zalgo" text dozens."""
_MARKS = frozenset({"Mn", "Me"})
_IGNORED = frozenset({*map(chr, range(0xFE00, 0xFE10)), *map(chr, range(0xE0100, 0xE01F0))})
"""Variation selectors (an emoji's text or picture form): allowed, but they show nothing."""
_BLANK = frozenset({
    "\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180b", "\u180c", "\u180d", "\u180f",
    "\u2800", "\u3164", "\uffa0",
})
"""Characters that are letters or symbols to Unicode but show nothing (the default-ignorable
ones outside the format category, and the blank Braille pattern): refused anywhere."""
_COMPUTER_WORDS = ("server.table.computer", "web.spades.computer", "web.lobby.computer_player")
"""The catalogue's names of the computer seats."""


def name_key(nickname: str) -> str:
    """A nickname as compared with others: NFKC, casefolded, through the confusable skeleton
    (casefolded and skeletonised again, so "B0b" is "Bob"), accent marks and variation
    selectors dropped, spaces collapsed.  Casefolding comes first, so names equal but for case
    always share a key (the price: a capital "I" is an "i" here, not an "l")."""
    text = skeleton(skeleton(unicodedata.normalize("NFKC", nickname).casefold()).casefold())
    kept = "".join(c for c in text if unicodedata.category(c) not in _MARKS and c not in _IGNORED)
    return " ".join(kept.split())


def _alternatives(texts: set[str]) -> str:
    return "|".join(re.escape(text) for text in sorted(texts, key=lambda t: (-len(t), t)))


@functools.cache
def _reserved() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The anonymous-tag form and the computer seats' names (with a number), as keys."""
    anonymous = {name_key(translate(language, Message("server.anonymous", {"tag": ""})))
                 for language in LANGUAGES} | {name_key("anonymous")}
    computer = {name_key(translate(language, Message(key)))
                for language in LANGUAGES for key in _COMPUTER_WORDS}
    hex_digit = _alternatives({name_key(c) for c in "0123456789abcdef"})
    digit = _alternatives({name_key(c) for c in "0123456789"})
    return (re.compile(rf"(?:{_alternatives(anonymous)})(?: ?(?:{hex_digit}){{1,8}})?"),
            re.compile(rf"(?:{_alternatives(computer)})(?: ?(?:{digit}){{1,3}})?"))


def _too_long() -> ApiError:
    return ApiError(400, "bad_nickname",
                    Message("server.nickname.too_long", {"count": NICKNAME_LENGTH}))


def _check_marks(cleaned: str) -> None:
    marks = 0
    for position, char in enumerate(unicodedata.normalize("NFD", cleaned)):
        if unicodedata.category(char) in _MARKS and char not in _IGNORED:
            marks += 1
            if position == 0 or marks > MARKS_ON_A_LETTER:
                raise ApiError(400, "bad_nickname", Message("server.nickname.marks",
                                                            {"count": MARKS_ON_A_LETTER}))
        elif not char.isspace():
            marks = 0
        else:
            marks = MARKS_ON_A_LETTER  # a mark right after a space has no letter to sit on


def check_nickname(nickname: str) -> tuple[str, str]:
    """A nickname as shown (spaces collapsed) and its key; a 400 that says what is wrong with
    one that is empty, too long, holds control or blank characters, piles marks on a letter,
    or poses as an anonymous tag or a computer seat."""
    cleaned = " ".join(nickname.split())
    if not cleaned:
        raise ApiError(400, "bad_nickname", Message("server.nickname.empty"))
    if len(cleaned) > NICKNAME_LENGTH or \
            len(unicodedata.normalize("NFKC", cleaned)) > NICKNAME_LENGTH:
        raise _too_long()
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ApiError(400, "bad_nickname", Message("server.nickname.control"))
    blank = next((c for c in cleaned if c in _BLANK), None)
    if blank is not None or all(c.isspace() or c in _IGNORED for c in cleaned):
        code = f"U+{ord(blank or cleaned[0]):04X}"
        raise ApiError(400, "bad_nickname", Message("server.nickname.blank", {"code": code}))
    _check_marks(cleaned)
    key = name_key(cleaned)
    if len(key) > KEY_LENGTH:
        raise _too_long()
    if not key:  # only marks and spaces: nothing a reader could tell apart
        raise ApiError(400, "bad_nickname", Message("server.nickname.blank",
                                                    {"code": f"U+{ord(cleaned[0]):04X}"}))
    anonymous, computer = _reserved()
    if anonymous.fullmatch(key):
        raise ApiError(400, "nickname_reserved",
                       Message("server.nickname.reserved", {"name": repr(cleaned)}))
    if computer.fullmatch(key):
        raise ApiError(400, "nickname_reserved",
                       Message("server.nickname.computer", {"name": repr(cleaned)}))
    return cleaned, key


def display_name(player_id: str, nickname: str | None) -> str:
    """A player's name on the leaderboard: the nickname, or a stable anonymous tag
    ("Anonymous 02fd", in the answer's language)."""
    if nickname:
        return nickname
    tag = hashlib.sha256(player_id.encode()).hexdigest()[:4]
    return translate(answer_language(), Message("server.anonymous", {"tag": tag}))
