"""How many tricks a Spades hand should take, and how safe it is for nil.

Both measures look at the hand card by card against the cards the opponent may hold (see
:mod:`tricktable.spades.knowledge`): each of those is in his hand with chance ``p``.

* **Tricks** (:func:`trick_features`, :func:`estimate_tricks`).  A spade that is ``i``-th from
  the top of my spades wins if the opponent holds at most ``i`` of the spades above it: this
  counts the top spades and the long ones alike (A K Q are three tricks; seven small spades
  about four).  A side card wins the same way, provided the opponent still holds the suit when
  it is played (else he ruffs it, if he has a spade).  Short side suits with spades to spare add
  ruffs.  The three parts are weighted by :class:`TrickWeights`, a least-squares fit of the tricks
  taken when both players try to take all they can.
* **Nil** (:func:`nil_success`, :func:`nil_danger`).  A nil bidder follows all hand long: in
  each suit he survives when he can play under every card the opponent leads, his lowest cards
  first; in spades he also needs no more spades than the opponent (else he must ruff).  The
  chance of that, suit by suit, multiplied; a card's danger is what being rid of it gains.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, log

from tricktable.cards import SUIT_MASKS, Card, cards_of
from tricktable.spades.knowledge import SIDE_SUITS, SPADES, higher_in_suit

__all__ = [
    "TrickWeights",
    "at_most",
    "estimate_tricks",
    "nil_danger",
    "nil_odds",
    "nil_score",
    "nil_success",
    "suit_nil_score",
    "suit_tricks",
    "trick_features",
]


@dataclass(frozen=True, slots=True)
class TrickWeights:
    """The weights of :func:`estimate_tricks`: tricks = base + sum of weight × feature."""

    base: float = -0.23
    spades: float = 1.08
    side: float = 0.67
    ruffs: float = 0.14


@lru_cache(maxsize=4096)
def _at_most(n: int, i: int, p_hundredths: int) -> float:
    p = p_hundredths / 100
    if i >= n:
        return 1.0
    if i < 0:
        return 0.0
    return sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(i + 1))


def at_most(n: int, i: int, p: float) -> float:
    """P(Binomial(n, p) ≤ i), with ``p`` rounded to a hundredth."""
    return _at_most(n, i, round(p * 100))


def suit_tricks(mine: int, possible: int, p: float, ruff_safe: float) -> float:
    """Tricks expected from my cards of one suit (``mine``, ``possible`` within that suit).

    ``ruff_safe`` is the chance that a side card the opponent cannot follow still wins (he has
    no spade); pass 1.0 for spades, which cannot be ruffed.
    """
    if not mine:
        return 0.0
    count = possible.bit_count()
    spades = ruff_safe >= 1.0
    total = 0.0
    for i, card in enumerate(sorted(cards_of(mine), reverse=True)):
        above = (higher_in_suit(card) & possible).bit_count()
        wins = at_most(above, i, p)
        if not spades:
            still_follows = 1.0 - at_most(count, i, p)
            wins *= still_follows + (1.0 - still_follows) * ruff_safe
        total += wins
    return total


def trick_features(hand: int, possible: int, p: float) -> tuple[float, float, float]:
    """The three parts of the trick estimate: spade tricks, side-suit tricks, ruffs."""
    spade_possible = possible & SUIT_MASKS[SPADES]
    no_spade = (1.0 - p) ** spade_possible.bit_count()
    my_spades = hand & SUIT_MASKS[SPADES]
    spade_tricks = suit_tricks(my_spades, spade_possible, p, 1.0)
    side = 0.0
    shortness = 0.0
    for suit in SIDE_SUITS:
        mask = SUIT_MASKS[suit]
        mine = hand & mask
        side += suit_tricks(mine, possible & mask, p, no_spade)
        shortness += max(0.0, p * (possible & mask).bit_count() - mine.bit_count())
    spare = max(0.0, my_spades.bit_count() - spade_tricks)
    return spade_tricks, side, min(spare, shortness)


def estimate_tricks(
    hand: int, possible: int, p: float, weights: TrickWeights, *, cards: int = 13
) -> float:
    """Tricks the hand should take against the opponent's ``p`` share of ``possible``; the
    base is scaled by ``cards`` (of 13) for hands in mid-play."""
    spades, side, ruffs = trick_features(hand, possible, p)
    return (
        weights.base * cards / 13
        + weights.spades * spades
        + weights.side * side
        + weights.ruffs * ruffs
    )


# --- Nil -----------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _suit_safety(mine: int, possible: int, p_hundredths: int, spades: bool) -> float:
    """The chance one suit lets a nil through; ``mine`` and ``possible`` are 13-bit rank masks.

    The opponent leads every trick (a nil bidder who wins one has failed), and the nil bidder
    plays his highest card under the one led.  The opponent breaks the nil in a suit when his
    ``j``-th lowest card is below my ``j``-th lowest: leading his lowest cards first, he runs
    me out of cards to play under.  In spades he also needs as many as I hold: with more
    spades than he has, I run out of other cards first and must ruff one of his leads.
    Walks the ranks upward, keeping the odds of how many of his cards have come (capped at my
    length, after which I am out of the suit and safe in it).
    """
    count = mine.bit_count()
    if not count:
        return 1.0
    p = p_hundredths / 100
    odds = [1.0] + [0.0] * count
    below = 0
    for rank in range(13):
        bit = 1 << rank
        if possible & bit:
            moved = [0.0] * (count + 1)
            for j, q in enumerate(odds):
                if not q:
                    continue
                moved[j] += q * (1 - p)
                if j < count and below <= j:
                    continue  # his (j+1)-th card comes with no card of mine under it: forced
                moved[min(count, j + 1)] += q * p
            odds = moved
        if mine & bit:
            below += 1
    return odds[count] if spades else sum(odds)


def nil_odds(hand: int, possible: int, p: float) -> tuple[float, float, float, float]:
    """Per suit, the chance that it lets a nil through (see :func:`_suit_safety`), the
    opponent holding each ``possible`` card with chance ``p``."""
    p_hundredths = round(p * 100)
    c, s, h, d = (
        _suit_safety(hand >> 13 * suit & 8191, possible >> 13 * suit & 8191, p_hundredths,
                     suit == SPADES)
        for suit in range(4)
    )
    return c, s, h, d


def nil_success(hand: int, possible: int, p: float) -> float:
    """The chance that ``hand`` takes no trick, the opponent leading to break the nil."""
    c, s, h, d = nil_odds(hand, possible, p)
    return c * s * h * d


NIL_FLOOR = 1e-3


def nil_score(hand: int, possible: int, p: float) -> float:
    """The log of :func:`nil_success` with each suit's chance floored at :data:`NIL_FLOOR`, so
    that a hand hopeless in one suit still compares the others (for drawing and exchanging)."""
    return sum(suit_nil_score(suit, hand, possible, p) for suit in range(4))


def suit_nil_score(suit: int, hand: int, possible: int, p: float) -> float:
    """One suit's part of :func:`nil_score` (the cards of other suits do not matter)."""
    shift = 13 * suit
    return _suit_score(hand >> shift & 8191, possible >> shift & 8191, round(p * 100),
                       suit == SPADES)


@lru_cache(maxsize=65536)
def _suit_score(mine: int, possible: int, p_hundredths: int, spades: bool) -> float:
    return log(max(NIL_FLOOR, _suit_safety(mine, possible, p_hundredths, spades)))


def nil_danger(card: Card, hand: int, possible: int, p: float) -> float:
    """How much ``card`` costs a nil: the chance of success gained by being rid of it."""
    return nil_success(hand & ~(1 << card), possible, p) - nil_success(hand, possible, p)
