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

:class:`HandState` is the one public class; its parts live by phase: the fields and everything
that reads them (legal actions included) in :mod:`~tricktable.spades.hand`, the draw and the
bidding in :mod:`~tricktable.spades.drawing`, the reasons for refusing in
:mod:`~tricktable.spades.refusals`; the exchange, the play and the score are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from tricktable.cards import CARDS, mask_of
from tricktable.game import KEEP, REJECT, Action, ActionKind, IllegalAction, Seat, Seed, derive_seed
from tricktable.i18n import Message
from tricktable.spades.deal import Deal, deal_from_seed
from tricktable.spades.deck import FOLLOWER_WINS, SPADE_MASK
from tricktable.spades.drawing import (
    bid,
    declare_double_nil,
    end_draw,
    keep_or_reject,
    start_bidding,
)
from tricktable.spades.events import (
    CardPlayed,
    Drew,
    Exchanged,
    HandScored,
    SpadesBroken,
    TrickWon,
)
from tricktable.spades.exchange import MAX_EXCHANGE, exchange_draw
from tricktable.spades.hand import SEATS, HandCore, Phase, Trick, default_exchange_seed
from tricktable.spades.refusals import not_your_turn, why_not_play, wrong_phase
from tricktable.spades.rules import PRESETS, Rules
from tricktable.spades.scoring import score_hand
from tricktable.spades.view import SpadesView, make_view

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

_new_tuple: Final = tuple.__new__
_PLAY: Final = ActionKind.PLAY
_PLAYING: Final = Phase.PLAY
_DRAWING: Final = Phase.DRAW


# Shared events for the hot path: events are immutable, so one instance serves every hand.
_PLAYED: Final[tuple[CardPlayed, ...]] = tuple(CardPlayed(s, c) for s in range(2) for c in CARDS)
"""``_PLAYED[seat * 52 + card]``."""
_DREW: Final[tuple[Drew, ...]] = tuple(
    _new_tuple(Drew, (s, k, CARDS[t], CARDS[d]))
    for s in range(2) for k in (False, True) for t in range(52) for d in range(52)
)
"""``_DREW[(seat * 104 + kept * 52 + taken) * 52 + discarded]``."""
_WON: Final[tuple[TrickWon, ...]] = tuple(TrickWon(s, n) for s in range(2) for n in range(14))
"""``_WON[seat * 14 + trick_number]``."""


class HandState(HandCore):
    """A two-player Spades hand in progress.  Create one with :func:`new_hand`."""

    __slots__ = ()

    def view(self, seat: Seat) -> SpadesView:
        """What ``seat`` may know: the only form in which a state leaves the engine."""
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

    # --- Applying actions ----------------------------------------------------------------

    def apply(self, action: Action, *, seat: Seat | None = None) -> None:
        """Carry out ``action`` for the seat to move (``seat``, if given, must be that seat).

        Raises :class:`IllegalAction`, changing nothing, when the rules do not allow it.
        """
        mover = self.to_move
        if seat is not None and seat != mover:
            raise IllegalAction(not_your_turn(self, seat))
        if mover is None:
            raise IllegalAction(Message("illegal.hand_over"))
        phase = self.phase
        if phase is _PLAYING and action.kind is _PLAY:
            # The hot path: checked like any action, but inline.
            cards = action.cards
            if len(cards) != 1:
                raise IllegalAction(Message("illegal.play_one", {"example": "play AS"}))
            card: int = cards[0]  # as a plain int, the arithmetic below compiles to native code
            bit = 1 << card
            legal = self._legal
            if legal < 0:
                legal = self._compute_legal_play()
            if not bit & legal:
                raise IllegalAction(why_not_play(self, cards[0]))
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
            # The other hot path: the draw (drawing.py) inline.
            self.history.append((mover, action))
            pos = self._pos
            stock = self._stock
            taken: int  # plain ints, as above
            dropped: int
            if action is KEEP:
                taken, dropped = stock[pos], stock[pos + 1]
                at = mover * 104 + 52 + taken
            else:
                dropped, taken = stock[pos], stock[pos + 1]
                at = mover * 104 + taken
            self.hands[mover] |= 1 << taken
            self.discards[mover] |= 1 << dropped
            self.events.append(_DREW[at * 52 + dropped])
            self._pos = pos = pos + 2
            if pos < 52:
                self.to_move = 1 - mover
            else:
                end_draw(self)
            return
        handler = _HANDLERS.get((phase, action.kind))
        if handler is None:
            raise IllegalAction(wrong_phase(self, action))
        handler(self, mover, action)
        self.history.append((mover, action))

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
            start_bidding(self)

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


_HANDLERS: Final[dict[tuple[Phase, ActionKind], Callable[[HandState, Seat, Action], None]]] = {
    (Phase.DRAW, ActionKind.KEEP): keep_or_reject,
    (Phase.DRAW, ActionKind.REJECT): keep_or_reject,
    (Phase.DRAW, ActionKind.DOUBLE_NIL): declare_double_nil,
    (Phase.EXCHANGE, ActionKind.EXCHANGE): HandState._exchange,
    (Phase.BID, ActionKind.BID): bid,
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


_STANDARD: Final = PRESETS["standard"]

