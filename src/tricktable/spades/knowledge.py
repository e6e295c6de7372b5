"""What a Spades seat can work out from its view: where the cards may be, voids, goals, odds.

Everything here is a pure function of a :class:`~tricktable.spades.view.SpadesView`, so a player
that uses it still sees only what its seat may see.  :func:`read_table` counts once per decision
and returns a :class:`Table`; its methods answer a card player's questions: which cards could the
other player hold, has he shown out of a suit, how many tricks do we each still need, and what
are the odds that he holds none of some cards.

In two-player Spades half the cards are out of play: a seat knows its own 13 and the 13 it
discarded in the draw; the other 26 are the opponent's hand and his discards, and nothing says
which.  So each unseen card is in his hand with the same chance (``opp_count / len(possible)``),
except in the suits he has shown out of.  Odds are hypergeometric: the opponent's
``opp_count`` cards are a random draw from the ``possible`` cards.

Cards are :class:`~tricktable.cards.Card` ints (``suit * 13 + rank``, the two of clubs 0), sets
of cards are bitmasks, suits are :class:`~tricktable.cards.Suit` values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from tricktable.cards import FULL_DECK, SUIT_MASKS, Card, Suit, mask_of
from tricktable.game import Seat
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView, TrickView

__all__ = [
    "SIDE_SUITS",
    "SPADES",
    "Table",
    "higher_in_suit",
    "lower_in_suit",
    "p_none",
    "read_table",
    "suit_of",
]

SPADES = int(Suit.SPADES)
SIDE_SUITS = (int(Suit.CLUBS), int(Suit.HEARTS), int(Suit.DIAMONDS))


def suit_of(card: Card) -> int:
    return card // 13


def higher_in_suit(card: Card) -> int:
    """The cards of ``card``'s suit that rank above it, as a bitmask."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def lower_in_suit(card: Card) -> int:
    """The cards of ``card``'s suit that rank below it, as a bitmask."""
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


@lru_cache(maxsize=8192)
def p_none(pool: int, drawn: int, cards: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include none of ``cards``
    particular ones (hypergeometric)."""
    if cards <= 0 or drawn <= 0:
        return 1.0
    if pool <= 0 or cards + drawn > pool:
        return 0.0
    return comb(pool - cards, drawn) / comb(pool, drawn)


@dataclass(frozen=True, slots=True)
class Table:
    """What one seat knows about the cards and the goals.  Build it with :func:`read_table`."""

    view: SpadesView
    hand: int
    """My cards, as a bitmask."""
    played: int
    """Every card played this hand (the trick in progress included)."""
    possible: int
    """The cards the opponent may hold: unseen by me and not in a suit he has shown out of."""
    opp_count: int
    """How many cards the opponent holds now."""
    opp_voids: int
    """A bit per suit (``1 << suit``) the opponent has shown out of."""
    lead: Card | None
    """The card led to the trick in progress when I am to follow, else None."""
    my_bid: int | None
    opp_bid: int | None
    my_nil: bool
    """I bid nil or double nil."""
    opp_nil: bool
    """The opponent bid nil or double nil."""
    my_tricks: int
    opp_tricks: int
    tricks_left: int
    """Tricks not yet won (the one in progress included)."""

    # --- Cards ------------------------------------------------------------------------------

    def possible_in(self, suit: int) -> int:
        """The cards of ``suit`` the opponent may hold."""
        return self.possible & SUIT_MASKS[suit]

    def opp_void(self, suit: int) -> bool:
        return bool(self.opp_voids >> suit & 1)

    def none_of(self, cards: int) -> float:
        """The chance the opponent holds none of ``cards`` (only ``possible`` ones count)."""
        possible = self.possible
        return p_none(possible.bit_count(), self.opp_count, (cards & possible).bit_count())

    @property
    def hold_chance(self) -> float:
        """The chance that one given possible card is in the opponent's hand."""
        pool = self.possible.bit_count()
        return min(1.0, self.opp_count / pool) if pool else 0.0

    def is_master(self, card: Card) -> bool:
        """No card the opponent may hold ranks above ``card`` in its suit."""
        return not higher_in_suit(card) & self.possible

    # --- Goals ------------------------------------------------------------------------------

    @property
    def nil_alive(self) -> bool:
        """I bid nil (or double nil) and have not taken a trick."""
        return self.my_nil and self.my_tricks == 0

    @property
    def opp_nil_alive(self) -> bool:
        return self.opp_nil and self.opp_tricks == 0

    @property
    def my_need(self) -> int:
        """Tricks I still need for my bid (0 for a nil, or once it is made)."""
        if self.my_bid is None or self.my_nil:
            return 0
        return max(0, self.my_bid - self.my_tricks)

    @property
    def opp_need(self) -> int:
        if self.opp_bid is None or self.opp_nil:
            return 0
        return max(0, self.opp_bid - self.opp_tricks)

    @property
    def my_bid_lost(self) -> bool:
        """My bid can no longer be made (a failed nil, or more tricks needed than are left)."""
        if self.my_nil:
            return self.my_tricks > 0
        return self.my_need > self.tricks_left


def read_table(view: SpadesView) -> Table:
    """Count the cards, read the voids and the goals from ``view``."""
    me, opp = view.seat, 1 - view.seat
    hand = mask_of(view.hand)
    played = 0
    voids = 0
    broken = False
    for trick in (*view.tricks, view.current_trick):
        played_here, voids, broken = _note_trick(trick, opp, voids, broken)
        played |= played_here
    known_out = mask_of(view.discarded)
    if view.exchange_given is not None:
        known_out |= mask_of(view.exchange_given)
    swapped = view.exchanged[opp]
    if swapped:
        # His exchange drew from the pile, which holds my discards: they may be in his hand.
        known_out = 0
    possible = FULL_DECK & ~(hand | played | known_out)
    if view.top_card is not None:
        possible &= ~(1 << view.top_card)
    for suit in range(4):
        if voids >> suit & 1:
            possible &= ~SUIT_MASKS[suit]
    trick = view.current_trick
    lead = trick.cards[0] if len(trick.cards) == 1 and trick.leader == opp else None
    won = view.tricks_won
    return Table(
        view=view,
        hand=hand,
        played=played,
        possible=possible,
        opp_count=view.card_counts[opp] if view.phase is Phase.PLAY else 13,
        opp_voids=voids,
        lead=lead,
        my_bid=view.bids[me],
        opp_bid=view.bids[opp],
        my_nil=view.bids[me] == 0,
        opp_nil=view.bids[opp] == 0,
        my_tricks=won[me],
        opp_tricks=won[opp],
        tricks_left=13 - won[0] - won[1],
    )


def _note_trick(trick: TrickView, opp: Seat, voids: int, broken: bool) -> tuple[int, int, bool]:
    """The cards of a trick; mark the opponent's voids: a suit he did not follow, or every side
    suit when he led a spade before spades were broken (he held nothing else)."""
    cards = trick.cards
    if not cards:
        return 0, voids, broken
    led = cards[0] // 13
    if trick.leader == opp and led == SPADES and not broken:
        voids |= sum(1 << s for s in SIDE_SUITS)
    if len(cards) == 2 and trick.leader != opp and cards[1] // 13 != led:
        voids |= 1 << led
    if any(c // 13 == SPADES for c in cards):
        broken = True
    return mask_of(cards), voids, broken

