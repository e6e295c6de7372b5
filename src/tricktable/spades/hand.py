"""The fields of a two-player Spades hand in progress, and everything that reads them.

:class:`HandCore` holds the hand and answers questions about it, its legal actions included;
:class:`~tricktable.spades.state.HandState` adds the one way to change it, ``apply``, with the
draw and the bidding in :mod:`~tricktable.spades.drawing` and the reasons for refusing in
:mod:`~tricktable.spades.refusals`.  Those modules work on the fields directly, the underscored
ones included: they are the engine's own, for this package only.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from tricktable.cards import CARDS, SUIT_MASKS, Card, cards_of
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, Seat, Seed, derive_seed
from tricktable.spades.deal import Deal
from tricktable.spades.deck import NON_SPADE_MASK
from tricktable.spades.events import CardPlayed, Event
from tricktable.spades.exchange import ExchangeOptions
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import BAG_LIMIT, HandResult

__all__ = ["SEATS", "HandCore", "Phase", "Trick", "default_exchange_seed"]

SEATS = 2


class Phase(Enum):
    DRAW = "draw"
    EXCHANGE = "exchange"
    BID = "bid"
    PLAY = "play"
    OVER = "over"


class Trick(NamedTuple):
    """A finished trick: who led, the two cards (the lead first) and who won it."""

    leader: Seat
    cards: tuple[Card, Card]
    winner: Seat

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.leader, 1 - self.leader


def _suit_table(suit: int) -> tuple[tuple[Action, ...], ...]:
    """Play actions for one suit's cards, indexed by the thirteen bits of that suit."""
    table: list[tuple[Action, ...]] = [()]
    for bits in range(1, 1 << 13):
        high = bits.bit_length() - 1
        table.append(table[bits ^ (1 << high)] + (Action.play(CARDS[13 * suit + high]),))
    return tuple(table)


_T0: Final = _suit_table(0)
_T1: Final = _suit_table(1)
_T2: Final = _suit_table(2)
_T3: Final = _suit_table(3)


_FOLLOW_MASK: Final[tuple[int, ...]] = tuple(SUIT_MASKS[c // 13] for c in CARDS)
"""The cards of the led card's suit, by the led card."""
_FOLLOW_TABLE: Final = tuple((_T0, _T1, _T2, _T3)[c // 13] for c in CARDS)
_FOLLOW_SHIFT: Final = tuple(13 * (c // 13) for c in CARDS)

_BIDS: Final[tuple[Action, ...]] = tuple(Action.bid(n) for n in range(14))
_DRAW: Final = (KEEP, REJECT)
_DRAW_OR_DOUBLE_NIL: Final = (KEEP, REJECT, DOUBLE_NIL)


_PLAYING: Final = Phase.PLAY
_DRAWING: Final = Phase.DRAW


def default_exchange_seed(*, seed: Seed | None, deal: Deal) -> str:
    """The exchange seed used when none is given: from the hand's seed, else from its stock."""
    if seed is not None:
        return derive_seed(seed, "exchange")
    return derive_seed("stock:" + " ".join(str(c) for c in deal.stock), "exchange")


class HandCore:
    """A two-player Spades hand in progress, read-only:
    :class:`~tricktable.spades.state.HandState` is the one to create (with
    :func:`~tricktable.spades.state.new_hand`) and play."""

    __slots__ = (
        "_exchange_seed",
        "_leader",
        "_led",
        "_legal",
        "_pos",
        "_queue",
        "_stock",
        "_winners",
        "bids",
        "deal",
        "discards",
        "double_nil",
        "events",
        "first",
        "given",
        "hands",
        "history",
        "phase",
        "pile",
        "received",
        "result",
        "rules",
        "seed",
        "spades_broken",
        "start_bags",
        "start_totals",
        "to_move",
        "tricks_won",
    )

    def __init__(
        self,
        *,
        rules: Rules,
        first: Seat,
        deal: Deal,
        seed: Seed | None = None,
        exchange_seed: Seed | None = None,
        totals: Sequence[int] = (0, 0),
        bags: Sequence[int] = (0, 0),
    ) -> None:
        if first != 0 and first != 1:
            raise ValueError(f"The first player is seat 0 or 1, not {first!r}.")
        total0, total1 = totals
        bags0, bags1 = bags
        if type(total0) is not int or type(total1) is not int:
            raise ValueError("totals are two whole numbers.")
        if type(bags0) is not int or type(bags1) is not int or not (
            0 <= bags0 < BAG_LIMIT and 0 <= bags1 < BAG_LIMIT
        ):
            raise ValueError(f"bags are two whole numbers from 0 to {BAG_LIMIT - 1}.")
        self.rules = rules
        self.first = first
        self.deal = deal
        self.seed = seed
        """The seed the stock was shuffled from, or None for a stock given card by card."""
        self._exchange_seed = exchange_seed
        self.start_totals = (total0, total1)
        """The running totals before this hand."""
        self.start_bags = (bags0, bags1)
        """The accumulated bags before this hand."""
        self.phase = Phase.DRAW
        self.to_move: Seat | None = first
        self.history: list[tuple[Seat, Action]] = []
        self.events: list[Event] = []
        self.result: HandResult | None = None
        self.hands = [0, 0]
        """Each seat's cards as a bitmask."""
        self.discards = [0, 0]
        """The cards each seat put on the discard pile during the draw."""
        self.pile = 0
        """The discard pile now (after any double-nil exchange)."""
        self.double_nil = [False, False]
        self.bids: list[int | None] = [None, None]
        """Each seat's bid (0 is nil; a double-nil player's is 0 too), None until made."""
        self.given = [0, 0]
        """The cards a double-nil player gave up in the exchange."""
        self.received = [0, 0]
        """The cards a double-nil player drew from the discard pile in the exchange."""
        self.tricks_won = [0, 0]
        self.spades_broken = False
        self._stock = deal.stock
        self._pos = 0
        self._leader = 1 - first
        self._led = -1
        self._legal = -1
        self._queue: list[Seat] = []
        self._winners: list[Seat] = []

    # --- Reading the state ---------------------------------------------------------------

    @property
    def second(self) -> Seat:
        """The second player: he bids first and leads the first trick."""
        return 1 - self.first

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def stock_left(self) -> int:
        """Cards still in the stock."""
        return 52 - self._pos

    @property
    def top_card(self) -> Card | None:
        """The card the player to move is looking at during the draw."""
        return self._stock[self._pos] if self.phase is Phase.DRAW else None

    @property
    def exchange_seed(self) -> Seed:
        """The seed of the double-nil exchange's random draw (given, or the default)."""
        if self._exchange_seed is None:
            self._exchange_seed = default_exchange_seed(seed=self.seed, deal=self.deal)
        return self._exchange_seed

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        played = [e.card for e in self.events if type(e) is CardPlayed]
        leader = 1 - self.first
        tricks = []
        for k, winner in enumerate(self._winners):
            tricks.append(Trick(leader, (played[2 * k], played[2 * k + 1]), winner))
            leader = winner
        return tricks

    @property
    def leader(self) -> Seat:
        """Who led (or leads) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the unfinished trick: the lead, if any."""
        led = self._led
        return () if led < 0 else (CARDS[led],)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a seat holds, lowest value first."""
        return tuple(cards_of(self.hands[seat]))

    # --- Legal actions -------------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """What the seat to move may do now, in a stable order.

        A tuple, except in the exchange phase: there an :class:`ExchangeOptions`, a lazy
        sequence of the 378 choices that equals their tuple.
        """
        phase = self.phase
        if phase is _PLAYING:
            hand = self.hands[self.to_move]  # type: ignore[index]
            led = self._led
            if led >= 0:
                follow = hand & _FOLLOW_MASK[led]
                if follow:
                    self._legal = follow
                    return _FOLLOW_TABLE[led][follow >> _FOLLOW_SHIFT[led]]
                legal = hand
            elif self.spades_broken:
                legal = hand
            else:
                legal = hand & NON_SPADE_MASK or hand
            self._legal = legal
            return _T0[legal & 8191] + _T1[legal >> 13 & 8191] + _T2[legal >> 26 & 8191] + _T3[
                legal >> 39
            ]
        if phase is _DRAWING:
            if self._pos < 4 and not self.double_nil[self.to_move]:  # type: ignore[index]
                return _DRAW_OR_DOUBLE_NIL
            return _DRAW
        if phase is Phase.BID:
            return _BIDS
        if phase is Phase.EXCHANGE:
            return ExchangeOptions(self.hands[self.to_move])  # type: ignore[index]
        return ()

    def legal_play_mask(self) -> int:
        """The cards the seat to move may play now, as a bitmask (play phase only)."""
        if self.phase is not _PLAYING:
            return 0
        legal = self._legal
        if legal < 0:
            legal = self._legal = self._compute_legal_play()
        return legal

    def _compute_legal_play(self) -> int:
        hand = self.hands[self.to_move]  # type: ignore[index]
        led = self._led
        if led >= 0:
            return hand & _FOLLOW_MASK[led] or hand
        if self.spades_broken:
            return hand
        return hand & NON_SPADE_MASK or hand
