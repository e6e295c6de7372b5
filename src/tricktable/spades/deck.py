"""The Spades deck as precomputed tables: suits, who wins a two-card trick, hand order.

Tables are indexed by card value (0-51, see :mod:`tricktable.cards`); masks are card bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tricktable.cards import CARDS, SUIT_MASKS, Card, Suit

__all__ = [
    "DISPLAY_SUITS",
    "FOLLOWER_WINS",
    "NON_SPADE_MASK",
    "SPADE_MASK",
    "SUIT_OF",
    "follower_wins",
    "sort_hand",
    "trick_winner_card",
]

SPADE_MASK: Final = SUIT_MASKS[Suit.SPADES]
NON_SPADE_MASK: Final = ((1 << 52) - 1) & ~SPADE_MASK

SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 for c in CARDS)
"""Suit by card value, as a plain int for speed."""


def _follower_wins(led: int, follow: int) -> bool:
    led_suit, follow_suit = led // 13, follow // 13
    if follow_suit == led_suit:
        return follow > led
    return follow_suit == Suit.SPADES


FOLLOWER_WINS: Final[tuple[bool, ...]] = tuple(
    _follower_wins(led, follow) for led in range(52) for follow in range(52)
)
"""``FOLLOWER_WINS[led * 52 + follow]``: whether the second card of a trick takes it."""


def follower_wins(led: Card, follow: Card) -> bool:
    """Whether ``follow`` takes the trick: a higher card of the led suit, or a spade."""
    return FOLLOWER_WINS[led * 52 + follow]


def trick_winner_card(led: Card, follow: Card) -> Card:
    """The card that takes a two-card trick."""
    return follow if FOLLOWER_WINS[led * 52 + follow] else led


DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order a hand is shown in: spades first, colours alternating."""

_SORT_KEY = tuple(DISPLAY_SUITS.index(c.suit) * 13 + (12 - c.rank) for c in CARDS)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order players hold them: spades, hearts, clubs, diamonds, high to low."""
    return sorted(cards, key=_SORT_KEY.__getitem__)
