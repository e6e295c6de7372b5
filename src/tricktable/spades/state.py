"""One two-player Spades hand as a state machine: draw → exchange → bid → play → scored.

``state.legal_actions()`` lists what the seat to move may do; ``state.apply(action)`` checks the
action and raises :class:`~tricktable.game.IllegalAction` (changing nothing) if the rules forbid
it.  Hands are card bitmasks and the hot path works on precomputed tables.

How the hand runs (seats are 0 and 1; ``first`` is the first player):

* **Draw.** Turns alternate from the first player, 26 turns in all.  The player to move looks at
  the top card of the stock: ``keep`` takes it into hand and puts the next card (which he sees)
  on the discard pile; ``reject`` puts it on the pile and takes the next card.  The other player
  sees neither the cards nor the choice.
* **Double nil** may be declared at a player's first turn, before he chooses keep or reject (the
  rules: "before he takes his first card"; the Dutch original: before choosing his first card).
  He has looked at that one top card, none of his hand.  The declaration is announced.
* **Exchange**, right after the draw and before the bidding (the rules: "after the hands are
  formed"), for each double-nil player, the second player first.  He gives up 0 to 3 cards; as
  many cards are drawn at random from the 26-card discard pile as it lies then, and only after
  that do his cards go onto the pile (so he never draws back a card he just gave up; he may draw
  a card he himself discarded in the draw).  The random draw is
  :func:`~tricktable.spades.exchange.exchange_draw` seeded by
  ``derive_seed(exchange_seed, seat)``.  The other player learns how many cards were swapped,
  not which.  The exchange's choices come as a lazy :class:`ExchangeOptions` sequence.
* **Bidding**: the second player, then the first; a double-nil player does not bid.
* **Play**: the second player leads the first trick, the winner of a trick leads the next.

The state holds every card; what a seat may know leaves through :meth:`HandState.view` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from tricktable.cards import CARDS, SUIT_MASKS, Card, cards_of, mask_of
from tricktable.game import (
    DOUBLE_NIL,
    KEEP,
    REJECT,
    Action,
    ActionKind,
    IllegalAction,
    Seat,
    Seed,
    derive_seed,
)
from tricktable.i18n import Message
from tricktable.spades.deal import Deal, deal_from_seed
from tricktable.spades.deck import FOLLOWER_WINS, NON_SPADE_MASK, SPADE_MASK
from tricktable.spades.events import (
    BidMade,
    CardPlayed,
    DoubleNilDeclared,
    Drew,
    Event,
    Exchanged,
    HandScored,
    SpadesBroken,
    TrickWon,
)
from tricktable.spades.exchange import MAX_EXCHANGE, ExchangeOptions, exchange_draw
from tricktable.spades.rules import PRESETS, Rules
from tricktable.spades.scoring import BAG_LIMIT, HandResult, score_hand
from tricktable.words import ACTION_VERBS

if TYPE_CHECKING:
    from tricktable.spades.view import SpadesView

__all__ = [
    "MAX_EXCHANGE",
    "SEATS",
    "HandState",
    "Phase",
    "Trick",
    "default_exchange_seed",
    "new_hand",
    "random_hand_state",
]

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


_new_tuple = tuple.__new__


def _suit_table(suit: int) -> tuple[tuple[Action, ...], ...]:
    """Play actions for one suit's cards, indexed by the thirteen bits of that suit."""
    table: list[tuple[Action, ...]] = [()]
    for bits in range(1, 1 << 13):
        high = bits.bit_length() - 1
        table.append(table[bits ^ (1 << high)] + (Action.play(CARDS[13 * suit + high]),))
    return tuple(table)


_T0, _T1, _T2, _T3 = (_suit_table(s) for s in range(4))


_FOLLOW_MASK: tuple[int, ...] = tuple(SUIT_MASKS[c // 13] for c in CARDS)
"""The cards of the led card's suit, by the led card."""
_FOLLOW_TABLE = tuple((_T0, _T1, _T2, _T3)[c // 13] for c in CARDS)
_FOLLOW_SHIFT = tuple(13 * (c // 13) for c in CARDS)

_BIDS: tuple[Action, ...] = tuple(Action.bid(n) for n in range(14))
_DRAW = (KEEP, REJECT)
_DRAW_OR_DOUBLE_NIL = (KEEP, REJECT, DOUBLE_NIL)


# Shared events for the hot path: events are immutable, so one instance serves every hand.
_PLAYED: tuple[CardPlayed, ...] = tuple(CardPlayed(s, c) for s in range(2) for c in CARDS)
"""``_PLAYED[seat * 52 + card]``."""
_DREW: tuple[Drew, ...] = tuple(
    _new_tuple(Drew, (s, k, CARDS[t], CARDS[d]))
    for s in range(2) for k in (False, True) for t in range(52) for d in range(52)
)
"""``_DREW[(seat * 104 + kept * 52 + taken) * 52 + discarded]``."""
_WON: tuple[TrickWon, ...] = tuple(TrickWon(s, n) for s in range(2) for n in range(14))
"""``_WON[seat * 14 + trick_number]``."""


def default_exchange_seed(*, seed: Seed | None, deal: Deal) -> str:
    """The exchange seed used when none is given: from the hand's seed, else from its stock."""
    if seed is not None:
        return derive_seed(seed, "exchange")
    return derive_seed("stock:" + " ".join(str(c) for c in deal.stock), "exchange")


class HandState:
    """A two-player Spades hand in progress.  Create one with :func:`new_hand`."""

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

    def view(self, seat: Seat) -> SpadesView:
        """What ``seat`` may know: the only form in which a state leaves the engine."""
        from tricktable.spades.view import make_view

        return make_view(self, seat)

    def copy(self) -> HandState:
        """An independent copy (for search)."""
        other = HandState(rules=self.rules, first=self.first, deal=self.deal, seed=self.seed,
                          exchange_seed=self._exchange_seed, totals=self.start_totals,
                          bags=self.start_bags)
        other.phase = self.phase
        other.to_move = self.to_move
        other.result = self.result
        other.pile = self.pile
        other.spades_broken = self.spades_broken
        other._stock = self._stock
        other._pos = self._pos
        other._leader = self._leader
        other._led = self._led
        other._legal = self._legal
        other.history = list(self.history)
        other.events = list(self.events)
        other.hands = list(self.hands)
        other.discards = list(self.discards)
        other.double_nil = list(self.double_nil)
        other.bids = list(self.bids)
        other.given = list(self.given)
        other.received = list(self.received)
        other._winners = list(self._winners)
        other.tricks_won = list(self.tricks_won)
        other._queue = list(self._queue)
        return other

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

    # --- Applying actions ----------------------------------------------------------------

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Carry out ``action`` for the seat to move (``seat``, if given, must be that seat).

        Raises :class:`IllegalAction`, changing nothing, when the rules do not allow it.
        """
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalAction(self._not_your_turn(seat))
        if mover is None:
            raise IllegalAction(Message("illegal.hand_over"))
        phase = self.phase
        if phase is _PLAYING and action.kind is _PLAY:
            # The hot path: checked like any action, but inline.
            cards = action.cards
            if len(cards) != 1:
                raise IllegalAction(Message("illegal.play_one", {"example": "play AS"}))
            card = cards[0]
            bit = 1 << card
            legal = self._legal
            if legal < 0:
                legal = self._compute_legal_play()
            if not bit & legal:
                raise IllegalAction(self._why_not_play(card))
            self.history.append((mover, action))
            self.hands[mover] ^= bit
            events = self.events
            events.append(_PLAYED[mover * 52 + card])
            self._legal = -1
            if bit & SPADE_MASK and not self.spades_broken:
                self.spades_broken = True
                events.append(SpadesBroken(mover))
            led = self._led
            if led < 0:
                self._led = card
                self.to_move = 1 - mover
                return
            winner = mover if FOLLOWER_WINS[led * 52 + card] else 1 - mover
            winners = self._winners
            winners.append(winner)
            self.tricks_won[winner] += 1
            events.append(_WON[winner * 14 + len(winners)])
            self._led = -1
            if len(winners) == 13:
                self._score()
            else:
                self.to_move = self._leader = winner
            return
        if phase is _DRAWING and (action is KEEP or action is REJECT):
            # The other hot path, _draw inline.
            self.history.append((mover, action))
            pos = self._pos
            stock = self._stock
            keep = action is KEEP
            if keep:
                taken, dropped = stock[pos], stock[pos + 1]
            else:
                dropped, taken = stock[pos], stock[pos + 1]
            self.hands[mover] |= 1 << taken
            self.discards[mover] |= 1 << dropped
            self.events.append(_DREW[(mover * 104 + keep * 52 + taken) * 52 + dropped])
            self._pos = pos = pos + 2
            if pos < 52:
                self.to_move = 1 - mover
            else:
                self._end_draw()
            return
        handler = _HANDLERS.get((phase, action.kind))
        if handler is None:
            raise IllegalAction(self._wrong_phase(action))
        handler(self, mover, action)
        self.history.append((mover, action))

    def _draw(self, seat: Seat, keep: bool) -> None:
        pos = self._pos
        stock = self._stock
        if keep:
            taken, dropped = stock[pos], stock[pos + 1]
        else:
            dropped, taken = stock[pos], stock[pos + 1]
        self.hands[seat] |= 1 << taken
        self.discards[seat] |= 1 << dropped
        self.events.append(_new_tuple(Drew, (seat, keep, taken, dropped)))
        self._pos = pos = pos + 2
        if pos < 52:
            self.to_move = 1 - seat
        else:
            self._end_draw()

    def _keep_or_reject(self, seat: Seat, action: Action) -> None:
        if action.cards or action.number is not None:
            raise IllegalAction(Message("illegal.takes_nothing", {"action": action.kind.value}))
        self._draw(seat, action.kind is _KEEP)

    def _declare_double_nil(self, seat: Seat, action: Action) -> None:
        if action.cards or action.number is not None:
            raise IllegalAction(Message("illegal.takes_nothing", {"action": "double-nil"}))
        if self.double_nil[seat]:
            raise IllegalAction(Message("illegal.double_nil_again"))
        if self._pos >= 4:
            raise IllegalAction(Message("illegal.double_nil_late"))
        self.double_nil[seat] = True
        self.bids[seat] = 0
        self.events.append(DoubleNilDeclared(seat))

    def _end_draw(self) -> None:
        self.pile = self.discards[0] | self.discards[1]
        self._queue = [s for s in (1 - self.first, self.first) if self.double_nil[s]]
        if self._queue:
            self.phase = Phase.EXCHANGE
            self.to_move = self._queue.pop(0)
        else:
            self._start_bidding()

    def _exchange(self, seat: Seat, action: Action) -> None:
        cards = action.cards
        given = mask_of(cards)
        if given.bit_count() != len(cards):
            raise IllegalAction(Message("illegal.exchange_twice"))
        if len(cards) > MAX_EXCHANGE:
            raise IllegalAction(Message("illegal.exchange_too_many", {"count": MAX_EXCHANGE}))
        if given & ~self.hands[seat]:
            missing = next(c for c in cards if not (1 << c) & self.hands[seat])
            raise IllegalAction(Message("illegal.exchange_not_held", {"card": missing.symbol}))
        drawn = exchange_draw(self.pile, len(cards), derive_seed(self.exchange_seed, seat))
        received = mask_of(drawn)
        self.hands[seat] = self.hands[seat] & ~given | received
        self.pile = self.pile & ~received | given
        self.given[seat] = given
        self.received[seat] = received
        self.events.append(
            _new_tuple(Exchanged, (seat, len(cards), tuple(sorted(cards)), drawn))
        )
        if self._queue:
            self.to_move = self._queue.pop(0)
        else:
            self._start_bidding()

    def _start_bidding(self) -> None:
        self._queue = [s for s in (1 - self.first, self.first) if not self.double_nil[s]]
        if self._queue:
            self.phase = Phase.BID
            self.to_move = self._queue.pop(0)
        else:
            self._start_play()

    def _bid(self, seat: Seat, action: Action) -> None:
        number = action.number
        if action.cards or type(number) is not int or not 0 <= number <= 13:
            raise IllegalAction(Message("illegal.bid_range"))
        self.bids[seat] = number
        self.events.append(BidMade(seat, number))
        if self._queue:
            self.to_move = self._queue.pop(0)
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.to_move = self._leader = 1 - self.first
        self._legal = -1

    def _score(self) -> None:
        bids = self.bids
        result = score_hand(
            bids=(bids[0] or 0, bids[1] or 0),
            tricks=self.tricks_won,
            double_nil=self.double_nil,
            totals=self.start_totals,
            bags=self.start_bags,
            rules=self.rules,
            trick_winners=tuple(self._winners),
        )
        self.result = result
        self.events.append(HandScored(result))
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
        kind = action.kind
        if kind is ActionKind.DOUBLE_NIL:
            if self.phase is _DRAWING and self.to_move is not None and self.double_nil[
                    self.to_move]:
                return Message("illegal.double_nil_again")
            return Message("illegal.double_nil_late")
        return Message("illegal.wrong_phase",
                       {"action": ACTION_VERBS[kind], "wanted": _WANTED[self.phase]})

    def _why_not_play(self, card: Card) -> Message:
        seat = self.to_move
        assert seat is not None
        hand = self.hands[seat]
        if not (1 << card) & hand:
            return Message("illegal.not_held", {"card": card.symbol})
        led = self._led
        if led < 0:
            return Message("illegal.spades_not_broken")
        return _FOLLOW[led]


_PLAY = ActionKind.PLAY
_KEEP = ActionKind.KEEP
_PLAYING = Phase.PLAY
_DRAWING = Phase.DRAW
_DOING = {
    Phase.DRAW: Message("doing.draw"),
    Phase.EXCHANGE: Message("doing.exchange"),
    Phase.BID: Message("doing.bid"),
    Phase.PLAY: Message("doing.play"),
    Phase.OVER: Message("doing.play"),
}
"""What the seat to move is to do, for "It is not your turn: seat 1 is to …"."""
_WANTED = {
    Phase.DRAW: Message("wanted.draw"),
    Phase.EXCHANGE: Message("wanted.exchange"),
    Phase.BID: Message("wanted.bid"),
    Phase.PLAY: Message("wanted.play"),
}
"""What it is time to do, for "You cannot … now: it is time to …"."""
_FOLLOW_SUIT = {
    "clubs": Message("illegal.follow.clubs"),
    "spades": Message("illegal.follow.spades"),
    "hearts": Message("illegal.follow.hearts"),
    "diamonds": Message("illegal.follow.diamonds"),
}
_FOLLOW = tuple(_FOLLOW_SUIT[c.suit.plural] for c in CARDS)
""""You must follow hearts.", by the card led."""

_HANDLERS = {
    (Phase.DRAW, ActionKind.KEEP): HandState._keep_or_reject,
    (Phase.DRAW, ActionKind.REJECT): HandState._keep_or_reject,
    (Phase.DRAW, ActionKind.DOUBLE_NIL): HandState._declare_double_nil,
    (Phase.EXCHANGE, ActionKind.EXCHANGE): HandState._exchange,
    (Phase.BID, ActionKind.BID): HandState._bid,
}


def new_hand(
    *,
    rules: Rules | None = None,
    first: Seat = 0,
    seed: Seed | None = None,
    deal: Deal | None = None,
    exchange_seed: Seed | None = None,
    totals: Sequence[int] = (0, 0),
    bags: Sequence[int] = (0, 0),
) -> HandState:
    """A fresh hand, its stock shuffled from ``seed`` or given as ``deal`` (exactly one of them).

    ``totals`` and ``bags`` are the players' running score and bags before the hand.  Without
    ``exchange_seed`` the exchange draws from :func:`default_exchange_seed`.
    """
    if (seed is None) == (deal is None):
        raise ValueError("Give either a seed or a deal.")
    if deal is None:
        assert seed is not None
        deal = deal_from_seed(seed)
    return HandState(
        rules=rules if rules is not None else PRESETS["standard"],
        first=first,
        deal=deal,
        seed=seed,
        exchange_seed=exchange_seed,
        totals=totals,
        bags=bags,
    )


def random_hand_state(seed: Seed) -> HandState:
    """A fresh hand from a seed with standard rules, seat 0 first: the benchmarks' entry point."""
    return HandState(rules=_STANDARD, first=0, deal=deal_from_seed(seed), seed=seed)


_STANDARD = PRESETS["standard"]

