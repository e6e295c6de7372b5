"""The terminal's words: catalogue messages (the ``terminal`` domain) as Rich text in the
player's language, numbers and lists in that language's style, and what a refused answer says.

A message's parameters may be Rich ``Text`` (a coloured card, a row of cards): it is put into
the translated sentence where its placeholder stands, keeping its colours.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from rich.text import Text

from tricktable.i18n import PSEUDO_LANGUAGE, Message, translate
from tricktable.i18n.errors import WordedError

__all__ = ["Refusal", "and_list", "fixed", "line", "or_list", "refusal_words", "signed",
           "words"]

_MARK = "\x00"
_MARKED = re.compile(f"{_MARK}([a-z_][a-z0-9_]*){_MARK}")


def line(lang: str, key: str, *, style: str = "", **params: Any) -> Text:
    """The message ``key`` in ``lang`` as Rich text; ``Text`` parameters keep their style."""
    rich = {name: value for name, value in params.items() if isinstance(value, Text)}
    plain = {name: (f"{_MARK}{name}{_MARK}" if name in rich else value)
             for name, value in params.items()}
    text = Text(style=style)
    for k, part in enumerate(_MARKED.split(translate(lang, key, **plain))):
        if k % 2:
            text.append_text(rich[part])
        elif part:
            text.append(part)
    return text


def words(lang: str, said: object) -> str:
    """Something the engine or the computer said in ``lang``: a refusal, a :class:`Message`,
    or text no catalogue holds (yet), shown as it is."""
    if isinstance(said, WordedError):
        return said.words(lang)
    if isinstance(said, Message):
        return translate(lang, said)
    return str(said)


class Refusal(WordedError):
    """An answer the terminal cannot read, and why: a message in the ``terminal`` domain."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(Message(key, params))


def refusal_words(lang: str, error: ValueError, typed: str) -> str:
    """Why an answer was refused, in ``lang``: the rules' or the parser's reason, the terminal's
    own complaint, or — for a complaint no catalogue holds — that the answer is not a move."""
    if isinstance(error, WordedError):
        return error.words(lang)
    return translate(lang, "terminal.error.not-understood", text=typed.strip())


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse("en" if lang == PSEUDO_LANGUAGE else lang)


def signed(lang: str, value: int) -> str:
    """A score with its sign (``+3``, ``-2``, ``+0``), in ``lang``'s digits and grouping."""
    return str(format_decimal(value, format="+#,##0;-#,##0", locale=_locale(lang)))


def fixed(lang: str, value: float, *, places: int = 2, sign: bool = False) -> str:
    """``value`` with ``places`` decimals in ``lang``'s style (``1,50`` in Dutch)."""
    digits = "#,##0." + "0" * places if places else "#,##0"
    pattern = f"+{digits};-{digits}" if sign else digits
    return str(format_decimal(value, format=pattern, locale=_locale(lang)))


def or_list(lang: str, items: Iterable[str]) -> str:
    """``9♣ or 9♠``, ``9♣, 9♠ of 9♥``: alternatives as ``lang`` lists them."""
    return str(format_list(list(items), style="or", locale=_locale(lang)))


def and_list(lang: str, items: Iterable[str]) -> str:
    """``cracked and blitzed``: several things as ``lang`` lists them."""
    return str(format_list(list(items), style="standard", locale=_locale(lang)))

