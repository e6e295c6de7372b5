"""The fields of a Sheepshead hand in progress, and everything that reads them.

:class:`HandCore` holds the hand and answers questions about it, its legal actions included;
:class:`~tricktable.sheepshead.state.HandState` adds the one way to change it, ``apply``, which
hands each action to its phase's module (:mod:`~tricktable.sheepshead.picking` before the first
card, :mod:`~tricktable.sheepshead.tricks` from then on).  Those modules work on the fields
directly, the underscored ones included: they are the engine's own, for this package only.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from tricktable.cards import CARDS, Card
from tricktable.game import CRACK as CRACK_ACTION
from tricktable.game import PASS, PICK, Action, Seat, Seed
from tricktable.game import RECRACK as RECRACK_ACTION
from tricktable.sheepshead.deal import SEATS, Deal
from tricktable.sheepshead.deck import SUIT_MASK, card_count, cards_in
from tricktable.sheepshead.events import Event
from tricktable.sheepshead.legal import blitz_actions, bury_actions, call_actions, call_options
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandResult

__all__ = ["DONE", "LEADING", "NOT_LED", "HandCore", "Phase", "Trick"]


class Phase(Enum):
    PICK = "pick"
    BURY = "bury"
    CALL = "call"
    CRACK = "crack"
    """The defenders who passed are asked in turn whether to crack."""
    RECRACK = "recrack"
    """The picker, cracked, is asked whether to recrack."""
    BLITZ = "blitz"
    """Everyone is asked in turn whether to show a pair of queens."""
    PLAY = "play"
    OVER = "over"

    # Members are singletons compared by identity; Enum's own hash runs Python code per lookup.
    __hash__ = object.__hash__


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, who won, its points."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int
    unknown_at: int
    """Position in ``cards`` of the unknown card, or -1."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple((self.leader + k) % SEATS for k in range(len(self.cards)))


# The called suit's status: constraints hold until it is first led, then never again.
NOT_LED: Final = 0
LEADING: Final = 1
DONE: Final = 2
_PLAYING: Final = Phase.PLAY

# Play actions for each suit's eight Sheepshead cards, by the eight bits of that suit.
_SUIT_SHIFTS: Final = (5, 18, 31, 44)
_PLAY_TABLES: Final = tuple(
    tuple(
        tuple(Action.play(CARDS[shift + k]) for k in range(8) if byte >> k & 1)
        for byte in range(256)
    )
    for shift in _SUIT_SHIFTS
)


class HandCore:
    """A Sheepshead hand in progress, read-only: :class:`~tricktable.sheepshead.state.HandState`
    is the one to create (with :func:`~tricktable.sheepshead.state.new_hand`) and play."""

    __slots__ = (
        "_asking",
        "_best",
        "_best_seat",
        "_called_bit",
        "_called_status",
        "_called_suit",
        "_leader",
        "_led",
        "_legal",
        "_partner",
        "_passes",
        "_trick",
        "_trick_points",
        "_unknown_at",
        "_unknown_played",
        "alone",
        "blitzes",
        "buried",
        "called",
        "cracked_by",
        "deal",
        "dealer",
        "doublings",
        "events",
        "hands",
        "history",
        "multiplier",
        "phase",
        "picker",
        "points_by_seat",
        "recracked",
        "result",
        "rules",
        "seed",
        "to_move",
        "tricks",
        "tricks_by_seat",
        "unknown",
    )

    def __init__(self, *, rules: Rules, dealer: Seat, deal: Deal, multiplier: int = 1) -> None:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"The dealer is a seat from 0 to 4, not {dealer}.")
        if multiplier < 1:
            raise ValueError("The multiplier is a positive whole number.")
        self.rules = rules
        self.dealer = dealer
        self.multiplier = multiplier
        self.deal = deal
        self.seed: Seed | None = None
        """The seed the deal came from, if it came from one."""
        self.phase = Phase.PICK
        self.to_move: Seat | None = (dealer + 1) % SEATS
        self.picker: Seat | None = None
        self.called: Card | None = None
        self.alone = False
        self.history: list[tuple[Seat, Action]] = []
        self.events: list[Event] = []
        self.result: HandResult | None = None
        self.hands = list(deal.masks[:SEATS])
        """Each seat's cards as a bitmask (the unknown card is not in the picker's)."""
        self.buried = 0
        self.unknown: Card | None = None
        self.tricks: list[Trick] = []
        self.points_by_seat = [0] * SEATS
        self.tricks_by_seat = [0] * SEATS
        self._partner: Seat | None = None
        self._called_bit = 0
        self._called_suit = -1
        self._called_status = DONE
        self._unknown_played = False
        self._passes = 0
        self._leader = (dealer + 1) % SEATS
        self._trick: list[Card] = []
        self._led = -1
        self._best = -1
        self._best_seat = -1
        self._trick_points = 0
        self._unknown_at = -1
        self._legal = -1
        self.doublings = 0
        """Doublings this hand took: cracks, recracks and blitzes (not the doubler)."""
        self.cracked_by: Seat | None = None
        self.recracked = False
        self.blitzes: tuple[tuple[Seat, tuple[Card, Card]], ...] = ()
        """Each blitz in order: the seat and the pair it showed."""
        self._asking: tuple[Seat, ...] = ()

    # --- Reading the state ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def stake_multiplier(self) -> int:
        """What every score of the hand is multiplied by now: the doubler's multiplier carried
        in, doubled again for each crack, recrack and blitz."""
        return self.multiplier << self.doublings

    @property
    def total_doublings(self) -> int:
        """Doublings the hand carries, the doubler's included (what ``max_doubles`` caps)."""
        return self.multiplier.bit_length() - 1 + self.doublings

    @property
    def partner(self) -> Seat | None:
        """The partner, whoever knows it or not (this is the full state, not a view)."""
        return self._partner

    @property
    def partner_revealed(self) -> bool:
        """Whether the called card has been played, so everyone knows the partner."""
        partner = self._partner
        return partner is not None and not self.hands[partner] & self._called_bit

    @property
    def pass_count(self) -> int:
        """How many seats have passed in the auction (they pass in turn from the dealer's
        left, so these are the first ``pass_count`` seats after the dealer)."""
        return self._passes

    @property
    def blind(self) -> tuple[Card, ...]:
        return self.deal.blind

    @property
    def leader(self) -> Seat:
        """Who led (or leads) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the unfinished trick, from the leader on."""
        return tuple(self._trick)

    @property
    def called_suit_led(self) -> bool:
        """Whether the called suit has been led (the called-suit constraints are over)."""
        return self._called_status != NOT_LED

    @property
    def called_suit_leading(self) -> bool:
        """Whether the current trick is the first lead of the called suit."""
        return self._called_status == LEADING

    @property
    def unknown_played(self) -> bool:
        return self._unknown_played

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a seat holds (the picker's unknown card not included)."""
        return tuple(cards_in(self.hands[seat]))

    # --- Legal actions -------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to move may do now, in a stable order."""
        phase = self.phase
        if phase is _PLAYING:
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._compute_legal_play()
            t0, t1, t2, t3 = _PLAY_TABLES
            return (
                t0[legal >> 5 & 255] + t1[legal >> 18 & 255]
                + t2[legal >> 31 & 255] + t3[legal >> 44 & 255]
            )
        if phase is Phase.PICK:
            return (PICK, PASS)
        if phase is Phase.BURY:
            assert self.picker is not None
            return bury_actions(self.hands[self.picker])
        if phase is Phase.CALL:
            assert self.picker is not None
            return call_actions(self.hands[self.picker], self.buried, self.rules)
        if phase is Phase.CRACK:
            return (CRACK_ACTION, PASS)
        if phase is Phase.RECRACK:
            return (RECRACK_ACTION, PASS)
        if phase is Phase.BLITZ:
            # Each seat is asked once, whatever it holds: asking a four-queen holder again
            # would tell the table he has the other pair.
            assert self.to_move is not None
            hand = self.hands[self.to_move]
            return (*blitz_actions(hand, self.rules, self.total_doublings), PASS)
        return ()

    def legal_action_count(self) -> int:
        """``len(self.legal_actions())``, without building the actions in the play phase."""
        if self.phase is _PLAYING:
            return card_count(self.legal_play_mask())
        return len(self.legal_actions())

    def legal_play_mask(self) -> int:
        """The cards the seat to move may play now, as a bitmask (play phase only)."""
        legal = self._legal
        if legal < 0:
            legal = self._legal = self._compute_legal_play()
        return legal

    def _compute_legal_play(self) -> int:
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        status = self._called_status
        if status == DONE:
            if self._trick:
                return (hand & SUIT_MASK[self._led]) or hand
            return hand
        unknown = 0
        if seat == self.picker and self.unknown is not None and not self._unknown_played:
            unknown = 1 << self.unknown
        if not self._trick:
            if status == NOT_LED and seat == self._partner:
                # The partner may open the called suit only with the called card.
                return hand & ~(SUIT_MASK[self._called_suit] & ~self._called_bit)
            return hand | unknown
        led = self._led
        if status == LEADING:
            if seat == self._partner:
                return self._called_bit
            if unknown:
                return unknown
        follow = hand & SUIT_MASK[led]
        if follow:
            return follow
        if not hand:
            return unknown
        if status == NOT_LED and len(self.tricks) < 5:
            if seat == self._partner:
                return hand & ~self._called_bit
            if seat == self.picker and not unknown:
                holding = hand & SUIT_MASK[self._called_suit]
                if holding & (holding - 1) == 0:
                    return hand & ~holding
        return hand

    def call_candidates(self) -> tuple[list[Card], list[Card]]:
        """The picker's candidates for calling, and those callable with a hold card."""
        assert self.picker is not None
        return call_options(self.hands[self.picker], self.buried, self.rules)
