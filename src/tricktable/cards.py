"""Playing cards as small values, and sets of cards as bitmasks.

A :class:`Card` is an ``int`` from 0 to 51: ``suit * 13 + rank_index`` where the rank index runs
from the two (0) to the ace (12).  Every card exists exactly once (``CARDS[i]``), so cards compare
and hash as ints and index tables directly.  A set of cards is an ``int`` bitmask with bit ``i``
for card ``i``; the helpers below convert between the two forms.

Text form: rank then suit letter, ``"QC"``, ``"10D"``, ``"7H"``, ``"AS"``.  Parsing also accepts
suit symbols (``"Q♣"``, ``"10♦"``), lower case and ``T`` for ten.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError

__all__ = [
    "CARDS",
    "FULL_DECK",
    "SUIT_MASKS",
    "Card",
    "Rank",
    "Suit",
    "card",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "popcount",
]


class Suit(IntEnum):
    """The four suits, in the order of the queens' power in Sheepshead."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    @property
    def plural(self) -> str:
        """The suit's name as players say it: "hearts"."""
        return ("clubs", "spades", "hearts", "diamonds")[self]


class Rank(IntEnum):
    """Ranks from two to ace; the value is the rank index inside a suit."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_BY_CHAR = {
    "C": Suit.CLUBS,
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
}
_RANK_BY_TEXT = {text: Rank(i) for i, text in enumerate(_RANK_TEXT)} | {"T": Rank.TEN}


class Card(int):
    """One playing card.  Use :data:`CARDS` or :func:`card`; never construct it directly."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        """The printed suit (in Sheepshead, Q♦ prints as a diamond but plays as trump)."""
        return _SUITS[self // 13]

    @property
    def rank(self) -> Rank:
        return _RANKS[self % 13]

    @property
    def bit(self) -> int:
        """This card as a one-card bitmask."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """The card for people: ``"Q♣"``."""
        return _SYMBOL_TEXT[self]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"card({_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(_TEXT[self], spec)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_by_index, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
_TEXT = tuple(rank + suit.letter for suit in Suit for rank in _RANK_TEXT)
_SYMBOL_TEXT = tuple(rank + suit.symbol for suit in Suit for rank in _RANK_TEXT)
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""All 52 cards, indexed by their value."""

_CARD_BY_TEXT = {text: CARDS[i] for i, text in enumerate(_TEXT)}

FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * suit) for suit in Suit)
"""The bitmask of every card of each printed suit, indexed by :class:`Suit`."""


def _card_by_index(index: int) -> Card:
    return CARDS[index]


def card(text: str) -> Card:
    """Parse one card: ``card("QC")``, ``card("10♦")``, ``card("th")``."""
    return parse_card(text)


def parse_card(text: str) -> Card:
    """Parse a card's text form; raises ``ValueError`` (a
    :class:`~tricktable.i18n.errors.WordedError`) saying what was wrong."""
    found = _CARD_BY_TEXT.get(text)
    if found is not None:
        return found
    cleaned = text.strip()
    if len(cleaned) < 2:
        raise WordedError(Message("parse.card", {"text": repr(text)}))
    suit = _SUIT_BY_CHAR.get(cleaned[-1].upper())
    rank = _RANK_BY_TEXT.get(cleaned[:-1].upper())
    if suit is None:
        raise WordedError(Message("parse.suit", {"text": repr(text),
                                                 "suit": repr(cleaned[-1])}))
    if rank is None:
        raise WordedError(Message("parse.rank", {"text": repr(text),
                                                 "rank": repr(cleaned[:-1])}))
    return CARDS[suit * 13 + rank]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: ``"QC 7H"``."""
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards as text separated by spaces; ``symbols=True`` prints ``Q♣`` instead of ``QC``."""
    table = _SYMBOL_TEXT if symbols else _TEXT
    return " ".join(table[c] for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, lowest value first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: int) -> int:
    """How many cards a bitmask holds."""
    return mask.bit_count()
