"""Players' names: which nicknames are accepted, a nickname as compared with others (its key),
the reserved forms, and the name a player without a nickname is shown by.

Two names are one when they look alike: a name has two keys (:func:`name_keys`), the NFKC form
through the Unicode confusable skeleton (:mod:`tricktable.web.games.confusables`) with case
folded before it and after it, without accent marks, and two names clash when a key of one is a
key of the other, so "Ace", "ACE", "Ａｃｅ", "Асе" (Cyrillic), "Acé" are one name and so are
"Marta" and "Мarta" (a Cyrillic capital М, whose small form looks like no Latin letter).  A
name must show something (no blank-looking fillers), carries at most a few marks on a letter,
and does not pose as a player without a nickname ("Anonymous 02fd", in any language) or as a
computer seat ("Computer", in any language).  Emoji sequences are welcome when well formed
(UTS #51): a zero-width joiner only between two emoji, tag characters only in a flag's tag
sequence; other format characters (a stray joiner, bidi controls) are refused.  Length is
counted in what a reader sees (grapheme clusters), with a hard cap on code points so that every
database stores what is accepted.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import re
import unicodedata

import regex

from tricktable.i18n import LANGUAGES, Message, translate
from tricktable.web.games.confusables import skeleton
from tricktable.web.games.errors import ApiError
from tricktable.web.language import answer_language

__all__ = ["CODE_POINTS", "KEY_LENGTH", "NICKNAME_LENGTH", "check_nickname", "display_name",
           "name_key", "name_keys", "typed_key"]

NICKNAME_LENGTH = 24
"""The most characters of a nickname as a reader sees them (grapheme clusters), as typed and
after NFKC."""
CODE_POINTS = 40
"""The most code points of a nickname: the width of the nickname columns (``String(40)``;
PostgreSQL counts a ``VARCHAR`` in code points).  24 letters with 16 combining accents fit, or
five family emoji of seven code points each.  (Widening the column on SQLite would rebuild
``players``, which other tables reference, inside the migrations' one transaction, where SQLite
cannot set foreign keys aside.)"""
KEY_LENGTH = 96
"""The most characters of a key (the ``players.name_key`` and ``name_keys.key`` columns)."""
MARKS_ON_A_LETTER = 3
"""Combining marks one character may carry (after NFD): Vietnamese needs two, some Indic
syllables three, "Zalgo" text dozens."""
_MARKS = frozenset({"Mn", "Me"})
_ACCENTS = frozenset({"Mn"})
"""Marks a key drops: an enclosing mark (a keycap's U+20E3) changes how a character looks."""
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


_EMOJI = r"(?!\p{Cn})\p{Extended_Pictographic}"
_ELEMENT = (r"(?:\p{Regional_Indicator}{2}|[#*0-9]\ufe0f?\u20e3"
            rf"|{_EMOJI}(?:\ufe0f|\p{{Emoji_Modifier}})?)"
            r"(?:[\U000e0020-\U000e007e]+\U000e007f)?")
_SEQUENCE = regex.compile(rf"{_ELEMENT}(?:\u200d{_ELEMENT})*")
"""A well-formed emoji sequence (UTS #51): elements -- a flag, a keycap, an emoji with its
presentation selector or skin tone, each with an optional tag sequence (the flags of England,
Scotland, Wales) -- joined by zero-width joiners.  An emoji newer than Python's Unicode data
counts when ``regex``'s (newer) data assigns it."""
_GRAPHEME = regex.compile(r"\X")


def name_key(nickname: str) -> str:
    """A nickname as compared with others: NFKC, casefolded, through the confusable skeleton
    (casefolded and skeletonised again, so "B0b" is "Bob"), accent marks and variation
    selectors dropped, spaces collapsed.  Casefolding comes first, so names equal but for case
    always share a key (the price: a capital "I" is an "i" here, not an "l"; :func:`typed_key`
    pays it).  Zero-width joiners and tags stay: "👩‍💻" (one picture) is not "👩💻"."""
    text = skeleton(skeleton(unicodedata.normalize("NFKC", nickname).casefold()).casefold())
    kept = "".join(c for c in text
                   if unicodedata.category(c) not in _ACCENTS and c not in _IGNORED)
    return " ".join(kept.split())


def typed_key(nickname: str) -> str:
    """The key of a nickname's skeleton as typed (before case is folded): "Мarta" with a
    Cyrillic capital М is "Marta" here, though a small м looks like no Latin letter."""
    return name_key(skeleton(unicodedata.normalize("NFKC", nickname)))


def name_keys(nickname: str) -> tuple[str, ...]:
    """A nickname's distinct keys, :func:`name_key` first: two names clash when a key of one is
    a key of the other."""
    return tuple(dict.fromkeys((name_key(nickname), typed_key(nickname))))


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


def _too_many_graphemes(text: str) -> bool:
    """More than :data:`NICKNAME_LENGTH` grapheme clusters (counted no further)."""
    return len(list(itertools.islice(_GRAPHEME.finditer(text), NICKNAME_LENGTH + 1))) \
        > NICKNAME_LENGTH


def _check_format(cleaned: str) -> None:
    """Control and format characters are refused, but for the joiners and tags inside
    well-formed emoji sequences (and emoji newer than Python's Unicode data)."""
    allowed: set[int] = set()
    for match in _SEQUENCE.finditer(cleaned):
        allowed.update(range(match.start(), match.end()))
    if any(unicodedata.category(c).startswith("C") and k not in allowed
           for k, c in enumerate(cleaned)):
        raise ApiError(400, "bad_nickname", Message("server.nickname.control"))


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
    """A nickname as shown (spaces collapsed) and its key (:func:`name_key`; :func:`name_keys`
    gives all its keys); a 400 that says what is wrong with one that is empty, too long, holds
    control or blank characters, piles marks on a letter, or poses as an anonymous tag or a
    computer seat."""
    cleaned = " ".join(nickname.split())
    if not cleaned:
        raise ApiError(400, "bad_nickname", Message("server.nickname.empty"))
    normal = unicodedata.normalize("NFKC", cleaned)
    if _too_many_graphemes(cleaned) or _too_many_graphemes(normal):
        raise _too_long()
    if len(cleaned) > CODE_POINTS:
        raise ApiError(400, "bad_nickname",
                       Message("server.nickname.code_points", {"count": CODE_POINTS}))
    _check_format(cleaned)
    blank = next((c for c in cleaned if c in _BLANK), None)
    if blank is not None or all(c.isspace() or c in _IGNORED for c in cleaned):
        code = f"U+{ord(blank or cleaned[0]):04X}"
        raise ApiError(400, "bad_nickname", Message("server.nickname.blank", {"code": code}))
    _check_marks(cleaned)
    keys = name_keys(cleaned)
    if any(len(key) > KEY_LENGTH for key in keys):
        raise _too_long()
    if not all(keys):  # only marks and spaces: nothing a reader could tell apart
        raise ApiError(400, "bad_nickname", Message("server.nickname.blank",
                                                    {"code": f"U+{ord(cleaned[0]):04X}"}))
    anonymous, computer = _reserved()
    if any(anonymous.fullmatch(key) for key in keys):
        raise ApiError(400, "nickname_reserved",
                       Message("server.nickname.reserved", {"name": repr(cleaned)}))
    if any(computer.fullmatch(key) for key in keys):
        raise ApiError(400, "nickname_reserved",
                       Message("server.nickname.computer", {"name": repr(cleaned)}))
    return cleaned, keys[0]


def display_name(player_id: str, nickname: str | None) -> str:
    """A player's name on the leaderboard: the nickname, or a stable anonymous tag
    ("Anonymous 02fd", in the answer's language)."""
    if nickname:
        return nickname
    tag = hashlib.sha256(player_id.encode()).hexdigest()[:4]
    return translate(answer_language(), Message("server.anonymous", {"tag": tag}))
