"""The Sheepshead deck: 32 cards, trump and fail, power and points, as precomputed tables.

Tables are indexed by card value (0-51, see :mod:`tricktable.cards`); masks are card bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from tricktable.cards import CARDS, Card, Rank, Suit, parse_cards

__all__ = [
    "DECK",
    "DECK_MASK",
    "FAIL_ACES",
    "FAIL_SUITS",
    "FAIL_TENS",
    "PLAY_SUIT",
    "POINTS",
    "STRENGTH",
    "SUIT_MASK",
    "TRUMP_MASK",
    "TRUMP_ORDER",
    "PlaySuit",
    "card_count",
    "card_mask",
    "cards_in",
    "is_trump",
    "mask_points",
    "play_suit",
    "points",
    "power",
    "sort_hand",
]


class PlaySuit(IntEnum):
    """A card's suit for play: every queen, jack and diamond is trump."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    TRUMP = 3

    @property
    def plural(self) -> str:
        return ("clubs", "spades", "hearts", "trump")[self]

    @property
    def singular(self) -> str:
        return ("club", "spade", "heart", "trump")[self]


TRUMP_ORDER: tuple[Card, ...] = parse_cards("QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D")
"""The fourteen trumps, highest first."""

_FAIL_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_DECK_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
               Rank.ACE)
_POINTS_BY_RANK = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}

DECK: Final[tuple[Card, ...]] = tuple(CARDS[s * 13 + r] for s in Suit for r in _DECK_RANKS)
"""The 32 cards, clubs first, seven to ace in each suit."""
DECK_MASK: Final = sum(1 << c for c in DECK)
TRUMP_MASK: Final = sum(1 << c for c in TRUMP_ORDER)

FAIL_SUITS = (PlaySuit.CLUBS, PlaySuit.SPADES, PlaySuit.HEARTS)
_FAIL_ORDER = {
    s: tuple(CARDS[Suit(s) * 13 + r] for r in _FAIL_RANKS) for s in FAIL_SUITS
}
SUIT_MASK: Final[tuple[int, ...]] = (
    *(sum(1 << c for c in _FAIL_ORDER[s]) for s in FAIL_SUITS),
    TRUMP_MASK,
)
"""The cards of each play suit, indexed by :class:`PlaySuit`."""

FAIL_ACES: Final[tuple[Card, ...]] = tuple(_FAIL_ORDER[s][0] for s in FAIL_SUITS)
FAIL_TENS: Final[tuple[Card, ...]] = tuple(_FAIL_ORDER[s][1] for s in FAIL_SUITS)

POINTS: Final[tuple[int, ...]] = tuple(_POINTS_BY_RANK.get(c.rank, 0) for c in CARDS)
"""Card points by card value (0 for cards outside the deck)."""

PLAY_SUIT: Final[tuple[int, ...]] = tuple(
    PlaySuit.TRUMP if (1 << c) & TRUMP_MASK else (c // 13 if c.suit != Suit.DIAMONDS else -1)
    for c in CARDS
)
"""Play suit by card value, as a plain int for speed."""


def _strength_table(led: PlaySuit) -> tuple[int, ...]:
    table = [0] * 52
    for index, c in enumerate(TRUMP_ORDER):
        table[c] = 100 - index
    if led != PlaySuit.TRUMP:
        for index, c in enumerate(_FAIL_ORDER[led]):
            table[c] = 10 - index
    return tuple(table)


STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(_strength_table(s) for s in PlaySuit)
"""``STRENGTH[led][card]``: how strongly a card bids for a trick of the led suit (0 cannot win)."""

_POWER: Final = STRENGTH[PlaySuit.TRUMP]
_SORT_KEY: Final = tuple(
    -_POWER[c] if _POWER[c] else (PLAY_SUIT[c] * 10 + _FAIL_ORDER[PlaySuit(PLAY_SUIT[c])].index(c))
    if (1 << c) & DECK_MASK else 1000 + c
    for c in CARDS
)


def play_suit(card: Card) -> PlaySuit:
    """The card's suit for play."""
    suit = PLAY_SUIT[card]
    if suit < 0 or not (1 << card) & DECK_MASK:
        raise ValueError(f"{card} is not a Sheepshead card.")
    return PlaySuit(suit)


def points(card: Card) -> int:
    """Card points: A 11, 10 10, K 4, Q 3, J 2, others 0."""
    return POINTS[card]


def mask_points(mask: int) -> int:
    """The card points of a set of cards."""
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


_BITS_IN_BYTE = tuple(bin(b).count("1") for b in range(256))
_BITS_IN_SHORT: Final[tuple[int, ...]] = tuple(
    _BITS_IN_BYTE[b & 255] + _BITS_IN_BYTE[b >> 8] for b in range(1 << 16))


def card_count(mask: int) -> int:
    """How many cards a bitmask holds: :func:`~tricktable.cards.popcount` for compiled code
    (which calls ``int.bit_count()`` as a Python method), read from a table instead."""
    count = 0
    while mask:
        count += _BITS_IN_SHORT[mask & 0xFFFF]
        mask >>= 16
    return count


def card_mask(cards: Iterable[int]) -> int:
    """The bitmask of distinct ``cards``: ``sum(1 << c for c in cards)`` without the generator,
    which compiled code runs as a Python object."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest first, as a list: :func:`~tricktable.cards.cards_of`
    for compiled code (that generator runs interpreted, millions of times per search)."""
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def is_trump(card: Card) -> bool:
    return bool((1 << card) & TRUMP_MASK)


def power(card: Card) -> int:
    """Rank in the power order: trump 87–100 (Q♣ highest), fail 5–10 within its suit."""
    if (1 << card) & TRUMP_MASK:
        return _POWER[card]
    return STRENGTH[PLAY_SUIT[card]][card]


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order players hold them: trump high to low, then clubs, spades, hearts."""
    return sorted(cards, key=_SORT_KEY.__getitem__)
