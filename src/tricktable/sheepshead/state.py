"""One Sheepshead hand as a state machine: pick → bury → call → (crack → blitz) → play → scored.

``state.legal_actions()`` lists what the seat to move may do; ``state.apply(action)`` checks the
action and raises :class:`~tricktable.game.IllegalAction` (changing nothing) if the rules forbid
it.  Hands are card bitmasks and the hot path works on precomputed tables, because the search
players run this engine millions of times per decision.

The state holds every card; what a seat may know leaves through :meth:`HandState.view` only.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Final, NamedTuple

from tricktable.cards import CARDS, Card
from tricktable.game import ALONE as ALONE_ACTION
from tricktable.game import CRACK as CRACK_ACTION
from tricktable.game import PASS, PICK, Action, ActionKind, IllegalAction, Seat, Seed
from tricktable.game import RECRACK as RECRACK_ACTION
from tricktable.i18n import Message
from tricktable.sheepshead.deal import SEATS, Deal, deal_from_seed
from tricktable.sheepshead.deck import (
    DECK,
    DECK_MASK,
    FAIL_ACES,
    FAIL_TENS,
    PLAY_SUIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_MASK,
    PlaySuit,
    card_count,
    cards_in,
    mask_points,
)
from tricktable.sheepshead.events import (
    Blitzed,
    Buried,
    Called,
    CardPlayed,
    Cracked,
    Declined,
    Event,
    HandScored,
    LeasterBegins,
    PartnerRevealed,
    Passed,
    PassedOut,
    Picked,
    Recracked,
    TrickWon,
    WentAlone,
)
from tricktable.sheepshead.rules import PRESETS, NoPicker, Partner, Rules
from tricktable.sheepshead.scoring import HandKind, HandResult, score_leaster, score_picked_hand
from tricktable.words import ACTION_VERBS, SUITS, SUITS_SINGULAR, or_list

if TYPE_CHECKING:
    from tricktable.sheepshead.view import SheepsheadView

__all__ = [
    "BLITZ_PAIRS",
    "FAIL_BUT_ACES",
    "JACK_OF_DIAMONDS",
    "HandState",
    "Phase",
    "Trick",
    "call_options",
    "may_use_unknown_card",
    "new_hand",
]


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


_new_tuple: Final = tuple.__new__
_NEXT: Final = tuple((seat + 1) % SEATS for seat in range(SEATS))

# The called suit's status: constraints hold until it is first led, then never again.
_NOT_LED: Final = 0
_LEADING: Final = 1
_DONE: Final = 2
_PLAY: Final = ActionKind.PLAY
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
_BURY_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action.bury(a, b) for b in CARDS) if (1 << a) & DECK_MASK else () for a in CARDS
)
"""``_BURY_ACTIONS[a][b]``: the bury of Sheepshead cards ``a`` and ``b``, by card value."""

JACK_OF_DIAMONDS: Final[Card] = CARDS[3 * 13 + 9]
"""The J♦: the partner card under the jack-of-diamonds rule."""
_QC, _QS, _QH, _QD = (CARDS[suit * 13 + 10] for suit in range(4))
BLITZ_PAIRS: Final[tuple[tuple[Card, Card], ...]] = ((_QC, _QS), (_QH, _QD))
"""The pairs a blitz shows: both black queens, both red queens."""
_BLITZ_MASKS: Final = tuple((1 << a) | (1 << b) for a, b in BLITZ_PAIRS)
_BLITZ_BOTH: Final = Action.blitz(*(q for pair in BLITZ_PAIRS for q in pair))
_JACK_PARTNER: Final = Partner.JACK_OF_DIAMONDS
FAIL_BUT_ACES: Final = DECK_MASK & ~TRUMP_MASK & ~sum(1 << ace for ace in FAIL_ACES)
"""The fail cards other than the aces, as a card bitmask."""
_CALLS: Final[dict[int, Action]] = {c: Action.call(c) for c in DECK}
"""Calls without the unknown card, shared (as the play actions are)."""


def _values_of(mask: int) -> list[int]:
    """The card values in a mask, lowest first (as plain ints: cards_of for compiled code)."""
    values: list[int] = []
    while mask:
        low = mask & -mask
        values.append(low.bit_length() - 1)
        mask ^= low
    return values


class HandState:
    """A Sheepshead hand in progress.  Create one with :func:`new_hand`."""

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
        self._called_status = _DONE
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
        return self._called_status != _NOT_LED

    @property
    def called_suit_leading(self) -> bool:
        """Whether the current trick is the first lead of the called suit."""
        return self._called_status == _LEADING

    @property
    def unknown_played(self) -> bool:
        return self._unknown_played

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a seat holds (the picker's unknown card not included)."""
        return tuple(cards_in(self.hands[seat]))

    def view(self, seat: Seat) -> SheepsheadView:
        """What ``seat`` may know: the only form in which a state leaves the engine."""
        from tricktable.sheepshead.view import make_view

        return make_view(self, seat)

    def copy(self) -> HandState:
        """An independent copy (for search)."""
        other = HandState(rules=self.rules, dealer=self.dealer, deal=self.deal,
                          multiplier=self.multiplier)
        other.seed = self.seed
        other.phase = self.phase
        other.to_move = self.to_move
        other.picker = self.picker
        other.called = self.called
        other.alone = self.alone
        other.result = self.result
        other.buried = self.buried
        other.unknown = self.unknown
        other._partner = self._partner
        other._called_bit = self._called_bit
        other._called_suit = self._called_suit
        other._called_status = self._called_status
        other._unknown_played = self._unknown_played
        other._passes = self._passes
        other._leader = self._leader
        other._led = self._led
        other._best = self._best
        other._best_seat = self._best_seat
        other._trick_points = self._trick_points
        other._unknown_at = self._unknown_at
        other._legal = self._legal
        other.doublings = self.doublings
        other.cracked_by = self.cracked_by
        other.recracked = self.recracked
        other.blitzes = self.blitzes
        other._asking = self._asking
        other.history = list(self.history)
        other.events = list(self.events)
        other.hands = list(self.hands)
        other.tricks = list(self.tricks)
        other.points_by_seat = list(self.points_by_seat)
        other.tricks_by_seat = list(self.tricks_by_seat)
        other._trick = list(self._trick)
        return other

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
            return self._bury_actions()
        if phase is Phase.CALL:
            return self._call_actions()
        if phase is Phase.CRACK:
            return (CRACK_ACTION, PASS)
        if phase is Phase.RECRACK:
            return (RECRACK_ACTION, PASS)
        if phase is Phase.BLITZ:
            return (*self._blitz_actions(), PASS)
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
        if status == _DONE:
            if self._trick:
                return (hand & SUIT_MASK[self._led]) or hand
            return hand
        unknown = 0
        if seat == self.picker and self.unknown is not None and not self._unknown_played:
            unknown = 1 << self.unknown
        if not self._trick:
            if status == _NOT_LED and seat == self._partner:
                # The partner may open the called suit only with the called card.
                return hand & ~(SUIT_MASK[self._called_suit] & ~self._called_bit)
            return hand | unknown
        led = self._led
        if status == _LEADING:
            if seat == self._partner:
                return self._called_bit
            if unknown:
                return unknown
        follow = hand & SUIT_MASK[led]
        if follow:
            return follow
        if not hand:
            return unknown
        if status == _NOT_LED and len(self.tricks) < 5:
            if seat == self._partner:
                return hand & ~self._called_bit
            if seat == self.picker and not unknown:
                holding = hand & SUIT_MASK[self._called_suit]
                if holding & (holding - 1) == 0:
                    return hand & ~holding
        return hand

    def _bury_actions(self) -> tuple[Action, ...]:
        """Every pair of the picker's cards, in the order of ``combinations``."""
        assert self.picker is not None
        values = _values_of(self.hands[self.picker])
        actions: list[Action] = []
        for index, first in enumerate(values):
            row = _BURY_ACTIONS[first]
            for second in values[index + 1:]:
                actions.append(row[second])
        return tuple(actions)

    def call_candidates(self) -> tuple[list[Card], list[Card]]:
        """The picker's candidates for calling, and those callable with a hold card."""
        assert self.picker is not None
        return call_options(self.hands[self.picker], self.buried, self.rules)

    def _call_actions(self) -> tuple[Action, ...]:
        assert self.picker is not None
        candidates, callable_ = self.call_candidates()
        actions = [_CALLS[c] for c in callable_]
        hand = self.hands[self.picker]
        if _unknown_allowed(hand, candidates, callable_, self.rules):
            actions = [Action.call(c, aside) for c in candidates for aside in cards_in(hand)]
        actions.append(ALONE_ACTION)
        return tuple(actions)

    def _blitz_actions(self) -> list[Action]:
        """The pairs the seat to move holds, and both at once for a holder of all four queens
        when the cap leaves room for two doublings.  Each seat is asked once, whatever it
        holds: asking a four-queen holder again would tell the table he has the other pair."""
        assert self.to_move is not None
        hand = self.hands[self.to_move]
        actions = [
            Action.blitz(*pair)
            for pair, mask in zip(BLITZ_PAIRS, _BLITZ_MASKS, strict=True)
            if hand & mask == mask
        ]
        if len(actions) == 2 and self.rules.may_double(self.total_doublings + 1):
            actions.append(_BLITZ_BOTH)
        return actions

    # --- Applying actions ----------------------------------------------------------------

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Carry out ``action`` for the seat to move (``seat``, if given, must be that seat).

        Raises :class:`IllegalAction`, changing nothing, when the rules do not allow it.
        """
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalAction(self._not_your_turn(seat))
        cards = action.cards
        if action.kind is _PLAY and self.phase is _PLAYING and len(cards) == 1:
            card = cards[0]
            index: int = card
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._compute_legal_play()
            if not (1 << index) & legal:
                raise IllegalAction(self._why_not_play(card))
            self.history.append((mover, action))  # type: ignore[arg-type]
            self._play(mover, card)  # type: ignore[arg-type]
            return
        if mover is None:
            raise IllegalAction(Message("illegal.hand_over"))
        handler = _HANDLERS.get((self.phase, action.kind))
        if handler is None:
            if self.phase is Phase.PLAY and action.kind is ActionKind.PLAY:
                raise IllegalAction(Message("illegal.play_one", {"example": "play 10D"}))
            raise IllegalAction(self._wrong_phase(action))
        if len(action.cards) != _CARD_COUNT.get(action.kind, len(action.cards)):
            raise IllegalAction(Message("illegal.card_count", {"action": action.kind.value}))
        handler(self, mover, action)
        self.history.append((mover, action))

    def _pass(self, seat: Seat, action: Action) -> None:
        self.events.append(_new_tuple(Passed, (seat,)))
        self._passes += 1
        if self._passes < SEATS:
            self.to_move = (seat + 1) % SEATS
            return
        if self.rules.no_picker is NoPicker.LEASTER:
            self.events.append(LeasterBegins())
            self._start_play()
            return
        self.events.append(PassedOut(self.rules.no_picker is NoPicker.DOUBLER))
        self._finish(
            HandResult(
                kind=HandKind.PASSED_OUT,
                scores=(0,) * SEATS,
                multiplier=self.multiplier,
                reason=(
                    Message("result.passed_out_doubler")
                    if self.rules.no_picker is NoPicker.DOUBLER
                    else Message("result.passed_out")
                ),
            )
        )

    def _pick(self, seat: Seat, action: Action) -> None:
        self.events.append(_new_tuple(Picked, (seat,)))
        self.picker = seat
        self.hands[seat] |= self.deal.masks[SEATS]
        self.phase = Phase.BURY

    def _bury(self, seat: Seat, action: Action) -> None:
        if action.cards[0] == action.cards[1]:
            raise IllegalAction(Message("illegal.bury_same"))
        pair = (1 << action.cards[0]) | (1 << action.cards[1])
        missing = [c for c in action.cards if not (1 << c) & self.hands[seat]]
        if missing:
            raise IllegalAction(Message("illegal.bury_not_held", {"card": missing[0].symbol}))
        self.hands[seat] ^= pair
        self.buried = pair
        self.events.append(_new_tuple(Buried, (seat, action.cards)))
        self.phase = Phase.CALL

    def _call(self, seat: Seat, action: Action) -> None:
        if not 1 <= len(action.cards) <= 2:
            raise IllegalAction(Message("illegal.call_one"))
        called = action.cards[0]
        aside = action.cards[1] if len(action.cards) == 2 else None
        problem = self._why_not_call(called, aside)
        if problem:
            raise IllegalAction(problem)
        self.called = called
        self._called_bit = 1 << called
        self._called_suit = PLAY_SUIT[called]
        self._called_status = _NOT_LED
        self._partner = next(s for s in range(SEATS) if self.hands[s] & self._called_bit)
        if aside is not None:
            self.unknown = aside
            self.hands[seat] ^= 1 << aside
        if self.rules.partner is _JACK_PARTNER:
            self._called_suit = -1  # no called-suit constraints, nothing to lead
            self._called_status = _DONE
        self.events.append(_new_tuple(Called, (seat, called, aside is not None)))
        self._announce()

    def _go_alone(self, seat: Seat, action: Action) -> None:
        self.alone = True
        self.events.append(WentAlone(seat))
        self._announce()

    # --- Cracks and blitzes (house options), between the call and the first card ---------

    def _may_double(self) -> bool:
        return self.rules.may_double(self.total_doublings)

    def _announce(self) -> None:
        """Ask for cracks, then blitzes, if the table plays them; else start the play."""
        if self.rules.crack and self._may_double():
            passers = tuple(e.seat for e in self.events if isinstance(e, Passed))
            if passers:
                self._ask(Phase.CRACK, passers)
                return
        self._ask_blitz()

    def _ask(self, phase: Phase, seats: tuple[Seat, ...]) -> None:
        self.phase = phase
        self._asking = seats
        self.to_move = seats[0]

    def _ask_blitz(self) -> None:
        if self.rules.blitz and self._may_double():
            self._ask(Phase.BLITZ, tuple((self.dealer + 1 + k) % SEATS for k in range(SEATS)))
        else:
            self._asking = ()
            self._start_play()

    def _crack(self, seat: Seat, action: Action) -> None:
        self.doublings += 1
        self.cracked_by = seat
        self.events.append(Cracked(seat))
        if self._may_double():
            assert self.picker is not None
            self._ask(Phase.RECRACK, (self.picker,))
        else:
            self._ask_blitz()

    def _decline_crack(self, seat: Seat, action: Action) -> None:
        self.events.append(Declined(seat, "crack"))
        self._asking = self._asking[1:]
        if self._asking:
            self.to_move = self._asking[0]
        else:
            self._ask_blitz()

    def _recrack(self, seat: Seat, action: Action) -> None:
        self.doublings += 1
        self.recracked = True
        self.events.append(Recracked(seat))
        self._ask_blitz()

    def _decline_recrack(self, seat: Seat, action: Action) -> None:
        self.events.append(Declined(seat, "recrack"))
        self._ask_blitz()

    def _blitz(self, seat: Seat, action: Action) -> None:
        shown = sum(1 << c for c in action.cards)
        pairs = [(pair, mask) for pair, mask in zip(BLITZ_PAIRS, _BLITZ_MASKS, strict=True)
                 if shown & mask == mask]
        distinct = len(set(action.cards)) == len(action.cards)
        if not pairs or not distinct or sum(mask for _, mask in pairs) != shown:
            raise IllegalAction(Message("illegal.blitz_pairs"))
        if self.hands[seat] & shown != shown:
            named = " ".join(c.symbol for c in action.cards)
            key = "illegal.blitz_not_held" if len(pairs) == 1 else "illegal.blitz_not_held_four"
            raise IllegalAction(Message(key, {"cards": named}))
        if len(pairs) == 2 and not self.rules.may_double(self.total_doublings + 1):
            raise IllegalAction(Message("illegal.blitz_cap", {"cap": self.rules.max_doubles}))
        self.doublings += len(pairs)
        self.blitzes = (*self.blitzes, *((seat, pair) for pair, _ in pairs))
        self.events.append(Blitzed(seat, action.cards))
        if self._may_double():
            self._next_blitz()
        else:
            self._asking = ()
            self._start_play()

    def _decline_blitz(self, seat: Seat, action: Action) -> None:
        self.events.append(Declined(seat, "blitz"))
        self._next_blitz()

    def _next_blitz(self) -> None:
        self._asking = self._asking[1:]
        if self._asking:
            self.to_move = self._asking[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.to_move = self._leader = (self.dealer + 1) % SEATS
        self._legal = -1

    def _play(self, seat: Seat, card: Card) -> None:
        index: int = card  # as a plain int, the look-ups below compile to native code
        bit = 1 << index
        hands = self.hands
        trick = self._trick
        held = hands[seat]
        if held & bit:
            hands[seat] = held ^ bit
            if trick:
                strength = STRENGTH[self._led][index]
                if strength > self._best:
                    self._best = strength
                    self._best_seat = seat
                self._trick_points += POINTS[index]
            else:
                led = self._led = PLAY_SUIT[index]
                self._best = STRENGTH[led][index]
                self._best_seat = seat
                self._trick_points = POINTS[index]
                if led == self._called_suit and self._called_status == _NOT_LED:
                    self._called_status = _LEADING
            self.events.append(_new_tuple(CardPlayed, (seat, card, False)))
        else:
            self._play_unknown(seat, card)
        trick.append(card)
        if bit == self._called_bit:
            self.events.append(_new_tuple(PartnerRevealed, (seat,)))
        self._legal = -1
        if len(trick) < SEATS:
            self.to_move = _NEXT[seat]
        else:
            self._finish_trick()

    def _play_unknown(self, seat: Seat, card: Card) -> None:
        """The picker plays the face-down unknown card: it cannot win, its points count."""
        self._unknown_played = True
        self._unknown_at = len(self._trick)
        if self._trick:
            self._trick_points += POINTS[card]
        else:
            self._led = self._called_suit
            self._best = -1
            self._best_seat = seat
            self._trick_points = POINTS[card]
            if self._called_status == _NOT_LED:
                self._called_status = _LEADING
        self.events.append(CardPlayed(seat, card, True))

    def _finish_trick(self) -> None:
        trick = self._trick
        winner = self._best_seat
        points = self._trick_points
        self.points_by_seat[winner] += points
        self.tricks_by_seat[winner] += 1
        tricks = self.tricks
        unknown_at = self._unknown_at
        tricks.append(_new_tuple(Trick, (self._leader, tuple(trick), winner, points, unknown_at)))
        self.events.append(
            _new_tuple(TrickWon, (winner, points, len(tricks), unknown_at >= 0))
        )
        trick.clear()
        if unknown_at >= 0:
            self._unknown_at = -1
        if self._called_status == _LEADING:
            self._called_status = _DONE
        if len(tricks) == 6:
            self._score()
        else:
            self.to_move = self._leader = winner

    def _score(self) -> None:
        picker, partner = self.picker, self._partner
        winners = tuple([t.winner for t in self.tricks])
        points_by_seat = tuple(self.points_by_seat)
        tricks_by_seat = tuple(self.tricks_by_seat)
        if picker is None:
            scores, winner, reason = score_leaster(
                self.points_by_seat, self.tricks_by_seat, self.multiplier
            )
            result = HandResult(
                kind=HandKind.LEASTER, scores=scores, reason=reason, leaster_winner=winner,
                multiplier=self.multiplier, points_by_seat=points_by_seat,
                tricks_by_seat=tricks_by_seat, trick_winners=winners,
            )
        else:
            team = {picker} if partner is None else {picker, partner}
            team_points = sum(self.points_by_seat[s] for s in team) + mask_points(self.buried)
            team_tricks = sum(self.tricks_by_seat[s] for s in team)
            multiplier = self.multiplier << self.doublings
            scores, reason = score_picked_hand(
                picker=picker, partner=partner, team_points=team_points,
                team_tricks=team_tricks, rules=self.rules, multiplier=multiplier,
                doubled_by=self._doubled_by() if self.doublings else ("doubler",),
            )
            result = HandResult(
                kind=HandKind.PICKED, scores=scores, reason=reason, picker=picker,
                partner=partner, alone=self.alone, called=self.called,
                picker_team_points=team_points, picker_team_tricks=team_tricks,
                cracked_by=self.cracked_by, recracked=self.recracked,
                blitzed_by=tuple([seat for seat, _ in self.blitzes]) if self.blitzes else (),
                multiplier=multiplier, points_by_seat=points_by_seat,
                tricks_by_seat=tricks_by_seat, trick_winners=winners,
            )
        self._finish(result)

    def _doubled_by(self) -> tuple[str, ...]:
        names = ["doubler"] if self.multiplier != 1 else []
        if self.cracked_by is not None:
            names.append("cracked")
        if self.recracked:
            names.append("recracked")
        names.extend("blitzed" for _ in self.blitzes)
        return tuple(names)

    def _finish(self, result: HandResult) -> None:
        self.result = result
        self.events.append(_new_tuple(HandScored, (result,)))
        self.phase = Phase.OVER
        self.to_move = None

    # --- Explaining what is not allowed --------------------------------------------------
    # Each reason is a Message (its words are in the engine catalogue); built only on refusal.

    def _not_your_turn(self, seat: Seat) -> Message:
        if self.to_move is None:
            return Message("illegal.hand_over")
        return Message("illegal.not_your_turn",
                       {"seat": self.to_move, "doing": _DOING[self.phase]})

    def _wrong_phase(self, action: Action) -> Message:
        return Message("illegal.wrong_phase",
                       {"action": ACTION_VERBS[action.kind], "wanted": _WANTED[self.phase]})

    def _why_not_call(self, called: Card, aside: Card | None) -> Message | None:
        assert self.picker is not None
        if self.rules.partner is _JACK_PARTNER:
            return self._why_not_call_jack(called, aside)
        candidates, callable_ = self.call_candidates()
        if aside is None and called in callable_:
            return None  # the usual call: a candidate with a hold card
        hand = self.hands[self.picker]
        card = called.symbol
        if called not in candidates:
            if (1 << called) & hand:
                return Message("illegal.call_held", {"card": card})
            if (1 << called) & self.buried:
                return Message("illegal.call_buried", {"card": card})
            if called in FAIL_TENS and called.suit in [a.suit for a in candidates]:
                return Message("illegal.call_ten_needs_aces")
            if called in FAIL_TENS and not self.rules.call_ten:
                return Message("illegal.call_no_tens")
            if not candidates:
                return Message("illegal.call_nothing")
            return Message("illegal.call_only", {"cards": _symbols(candidates)})
        suit = SUITS_SINGULAR[PlaySuit(PLAY_SUIT[called]).singular]
        unknown_ok = may_use_unknown_card(hand, self.buried, self.rules)
        if aside is None:
            if called in callable_:
                return None
            if callable_:
                return Message("illegal.call_no_hold",
                               {"card": card, "suit": suit, "cards": _symbols(callable_)})
            if unknown_ok:
                return Message("illegal.call_needs_unknown",
                               {"card": card, "suit": suit, "code": str(called)})
            if self.rules.unknown_card:
                return Message("illegal.call_hold_or_alone", {"card": card, "suit": suit})
            return Message("illegal.call_must_hold", {"card": card, "suit": suit})
        if not self.rules.unknown_card:
            return Message("illegal.no_unknown_card")
        if callable_:
            return Message("illegal.unknown_has_hold", {"cards": _symbols(callable_)})
        if not unknown_ok:
            return Message("illegal.unknown_other_fail")
        if not (1 << aside) & hand:
            return Message("illegal.aside_not_held", {"card": aside.symbol})
        return None

    def _why_not_call_jack(self, called: Card, aside: Card | None) -> Message | None:
        assert self.picker is not None
        jack = JACK_OF_DIAMONDS
        if (1 << jack) & self.hands[self.picker]:
            return Message("illegal.jack_held", {"card": jack.symbol})
        if (1 << jack) & self.buried:
            return Message("illegal.jack_buried", {"card": jack.symbol})
        if called != jack:
            return Message("illegal.jack_partner", {"card": jack.symbol, "code": str(jack)})
        if aside is not None:
            return Message("illegal.no_unknown_card")
        return None

    def _why_not_play(self, card: Card) -> Message:
        """Why ``card`` may not be played now.  Names only the mover's own cards, the called
        card and suits: nothing another seat holds."""
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        bit = 1 << card
        is_unknown = seat == self.picker and card == self.unknown and not self._unknown_played
        if not bit & hand and not is_unknown:
            return Message("illegal.not_held", {"card": card.symbol})
        called = self.called
        called_name = "" if called is None else called.symbol
        # The J♦ is called for no suit (_called_suit -1): it puts no rule on the play.
        called_suit = PlaySuit(self._called_suit) if self._called_suit >= 0 else None
        if not self._trick:
            if seat == self._partner and called_suit is not None:
                return Message("illegal.partner_opens_called",
                               {"card": called_name, "suits": SUITS[called_suit.plural]})
            return Message("illegal.cannot_lead", {"card": card.symbol})
        led = PlaySuit(self._led)
        if self._called_status == _LEADING and seat == self._partner:
            return Message("illegal.partner_plays_called", {"card": called_name})
        if self._called_status == _LEADING and self.unknown is not None and seat == self.picker:
            return _UNKNOWN_NOW[led]
        if is_unknown:
            assert called_suit is not None
            return Message("illegal.unknown_when", {"suits": SUITS[called_suit.plural]})
        if hand & SUIT_MASK[led]:
            follow = _FOLLOW[led]
            printed_suit_led = int(card.suit) == int(led) and led is not PlaySuit.TRUMP
            if printed_suit_led and PLAY_SUIT[card] == PlaySuit.TRUMP:
                return Message("illegal.follow_trump_card", {"follow": follow,
                                                              "card": card.symbol})
            return follow
        if seat == self._partner and card == called:
            assert called_suit is not None
            return Message("illegal.partner_keeps_called",
                           {"card": called_name, "suits": SUITS[called_suit.plural]})
        if seat == self.picker and called_suit is not None:
            return Message("illegal.picker_keeps_suit",
                           {"suit": SUITS_SINGULAR[called_suit.singular],
                            "suits": SUITS[called_suit.plural]})
        return Message("illegal.cannot_play", {"card": card.symbol})


def _symbols(cards: list[Card]) -> object:
    return or_list([c.symbol for c in cards])


_CARD_COUNT: Final = {ActionKind.PASS: 0, ActionKind.PICK: 0, ActionKind.ALONE: 0,
                      ActionKind.BURY: 2, ActionKind.CRACK: 0, ActionKind.RECRACK: 0}
_DOING: Final = {
    Phase.PICK: Message("doing.pick_or_pass"),
    Phase.BURY: Message("doing.bury"),
    Phase.CALL: Message("doing.call"),
    Phase.PLAY: Message("doing.play"),
    Phase.CRACK: Message("doing.crack_or_pass"),
    Phase.RECRACK: Message("doing.recrack_or_pass"),
    Phase.BLITZ: Message("doing.blitz_or_pass"),
}
"""What the seat to move is to do, for "It is not your turn: seat 2 is to …"."""
_WANTED: Final = {
    Phase.PICK: Message("wanted.pick"),
    Phase.BURY: Message("wanted.bury"),
    Phase.CALL: Message("wanted.call"),
    Phase.CRACK: Message("wanted.crack"),
    Phase.RECRACK: Message("wanted.recrack"),
    Phase.BLITZ: Message("wanted.blitz"),
    Phase.PLAY: Message("wanted.play"),
}
"""What it is time to do, for "You cannot … now: it is time to …"."""
_FOLLOW: Final = {
    PlaySuit.CLUBS: Message("illegal.follow.clubs"),
    PlaySuit.SPADES: Message("illegal.follow.spades"),
    PlaySuit.HEARTS: Message("illegal.follow.hearts"),
    PlaySuit.TRUMP: Message("illegal.follow.trump"),
}
_UNKNOWN_NOW: Final = {
    PlaySuit.CLUBS: Message("illegal.unknown_now.clubs"),
    PlaySuit.SPADES: Message("illegal.unknown_now.spades"),
    PlaySuit.HEARTS: Message("illegal.unknown_now.hearts"),
}
"""The called suit led, the picker must play the unknown card (a called suit is never trump)."""

_HANDLERS: Final = {
    (Phase.PICK, ActionKind.PASS): HandState._pass,
    (Phase.PICK, ActionKind.PICK): HandState._pick,
    (Phase.BURY, ActionKind.BURY): HandState._bury,
    (Phase.CALL, ActionKind.CALL): HandState._call,
    (Phase.CALL, ActionKind.ALONE): HandState._go_alone,
    (Phase.CRACK, ActionKind.CRACK): HandState._crack,
    (Phase.CRACK, ActionKind.PASS): HandState._decline_crack,
    (Phase.RECRACK, ActionKind.RECRACK): HandState._recrack,
    (Phase.RECRACK, ActionKind.PASS): HandState._decline_recrack,
    (Phase.BLITZ, ActionKind.BLITZ): HandState._blitz,
    (Phase.BLITZ, ActionKind.PASS): HandState._decline_blitz,
}


def call_options(hand: int, buried: int, rules: Rules) -> tuple[list[Card], list[Card]]:
    """A picker's call candidates (fail aces he neither holds nor buried; tens if he has all
    three aces and the table calls tens), and the candidates he holds a card of the suit for.

    Under the jack-of-diamonds rule the one candidate is the J♦, callable unless the picker
    holds or buried it."""
    gone = hand | buried
    if rules.partner is _JACK_PARTNER:
        jack = [] if (1 << JACK_OF_DIAMONDS) & gone else [JACK_OF_DIAMONDS]
        return jack, list(jack)
    candidates = [ace for ace in FAIL_ACES if not (1 << ace) & gone]
    if not candidates and rules.call_ten:
        candidates = [ten for ten in FAIL_TENS if not (1 << ten) & gone]
    return candidates, [c for c in candidates if hand & SUIT_MASK[PLAY_SUIT[c]]]


def may_use_unknown_card(hand: int, buried: int, rules: Rules) -> bool:
    """Whether the picker may call with an unknown card: the table plays it, he can call no
    candidate with a hold card, and he holds no fail card other than aces (seed 003 gives it
    to that picker only; one holding, say, A♥ 7♥ goes alone)."""
    candidates, callable_ = call_options(hand, buried, rules)
    return _unknown_allowed(hand, candidates, callable_, rules)


def _unknown_allowed(hand: int, candidates: list[Card], callable_: list[Card],
                     rules: Rules) -> bool:
    return (
        rules.unknown_card and rules.partner is not _JACK_PARTNER and not hand & FAIL_BUT_ACES
        and bool(candidates) and not callable_
    )


def new_hand(
    *,
    rules: Rules | None = None,
    dealer: Seat = 0,
    seed: Seed | None = None,
    deal: Deal | None = None,
    multiplier: int = 1,
) -> HandState:
    """A fresh hand, dealt from ``seed`` or from an explicit ``deal`` (exactly one of them)."""
    if (seed is None) == (deal is None):
        raise ValueError("Give either a seed or a deal.")
    if deal is None:
        assert seed is not None
        deal = deal_from_seed(seed, dealer)
    state = HandState(
        rules=rules if rules is not None else PRESETS["milwaukee"],
        dealer=dealer,
        deal=deal,
        multiplier=multiplier,
    )
    state.seed = seed
    return state
