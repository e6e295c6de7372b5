"""What one seat may know about a Spades hand.

A :class:`SpadesView` is the only form in which a hand leaves the engine: bots decide from it,
the terminal and the browser draw it.  It holds the seat's own hand; the top card of the stock
while this seat looks at it; the cards this seat took and discarded in the draw; its own
double-nil exchange; and everything public: double-nil declarations, how many cards a double-nil
player swapped, bids, played cards, tricks, scores.  Never the other hand, the stock, the other
player's discards or his draw choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from tricktable.cards import Card, cards_of
from tricktable.game import Action, Seat
from tricktable.spades.deck import sort_hand
from tricktable.spades.events import (
    CardPlayed,
    DoubleNilDeclared,
    Drew,
    Event,
    Exchanged,
    HandScored,
    SpadesBroken,
    TrickWon,
    event_json,
    redact,
)
from tricktable.spades.hand import HandCore, Phase, Trick
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import HandResult, bid_json

__all__ = ["DrawRecord", "SpadesView", "TrickView", "ViewReader", "make_view"]


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as everyone saw it: the leader, the cards from the lead on, the winner."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple(((self.leader + k) % 2, c) for k, c in enumerate(self.cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [str(c) for c in self.cards],
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class SpadesView:
    """Everything ``seat`` may know about the hand now."""

    seat: Seat
    rules: Rules
    first: Seat
    phase: Phase
    to_move: Seat | None
    hand: tuple[Card, ...]
    """Own cards, spades first, high to low within a suit."""
    legal_actions: tuple[Action, ...]
    """What this seat may do now (empty when it is not this seat's turn)."""
    top_card: Card | None
    """The card of the stock this seat is looking at (its turn in the draw), else None."""
    stock_left: int
    taken: tuple[Card, ...]
    """The cards this seat took into hand in the draw, in order."""
    discarded: tuple[Card, ...]
    """The cards this seat saw and put on the discard pile in the draw, in order."""
    exchange_given: tuple[Card, ...] | None
    """This seat's double-nil exchange: the cards given up (None before or without one)."""
    exchange_received: tuple[Card, ...] | None
    """This seat's double-nil exchange: the cards drawn from the discard pile."""
    exchanged: tuple[int | None, int | None]
    """How many cards each seat swapped in a double-nil exchange (None: no exchange made)."""
    double_nil: tuple[bool, bool]
    bids: tuple[int | None, int | None]
    """Each seat's bid, 0 for nil and for double nil; None until made."""
    card_counts: tuple[int, int]
    tricks: tuple[TrickView, ...]
    current_trick: TrickView
    tricks_won: tuple[int, int]
    spades_broken: bool
    totals: tuple[int, int]
    """The running totals before this hand."""
    bags: tuple[int, int]
    """The accumulated bags before this hand."""
    events: tuple[Event, ...]
    result: HandResult | None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def opponent(self) -> Seat:
        return 1 - self.seat

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far this hand, in order."""
        return tuple(c for t in (*self.tricks, self.current_trick) for c in t.cards)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, with cards as text and bids as 4, "nil" or "double-nil"."""

        def cards(items: tuple[Card, ...] | None) -> list[str] | None:
            return None if items is None else [str(c) for c in items]

        return {
            "game": "spades",
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "first": self.first,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "hand": cards(self.hand),
            "legal_actions": [str(a) for a in self.legal_actions],
            "top_card": None if self.top_card is None else str(self.top_card),
            "stock_left": self.stock_left,
            "taken": cards(self.taken),
            "discarded": cards(self.discarded),
            "exchange_given": cards(self.exchange_given),
            "exchange_received": cards(self.exchange_received),
            "exchanged": list(self.exchanged),
            "double_nil": list(self.double_nil),
            "bids": [
                None if b is None else bid_json(b, dn)
                for b, dn in zip(self.bids, self.double_nil, strict=True)
            ],
            "card_counts": list(self.card_counts),
            "tricks": [t.to_json() for t in self.tricks],
            "current_trick": self.current_trick.to_json(),
            "tricks_won": list(self.tricks_won),
            "spades_broken": self.spades_broken,
            "totals": list(self.totals),
            "bags": list(self.bags),
            "events": [event_json(e) for e in self.events],
            "result": None if self.result is None else self.result.to_json(),
        }


_PLAY_EVENTS = (CardPlayed, SpadesBroken, HandScored)
_HIDDEN_DRAW = (Drew(0, None, None, None), Drew(1, None, None, None))
_DRAW_EVENTS = (Drew, Exchanged, DoubleNilDeclared)


@lru_cache(maxsize=8192)
def _held(hand: int) -> tuple[Card, ...]:
    """A hand's cards in the order players hold them (hands recur from view to view)."""
    return tuple(sort_hand(cards_of(hand)))


@lru_cache(maxsize=16384)
def _trick_view(trick: Trick) -> TrickView:
    """A finished trick as both players see it (there are few, so views are shared)."""
    return TrickView(trick.leader, trick.cards, trick.winner)


class DrawRecord(NamedTuple):
    """What a seat saw of the draw and the double-nil exchange (fields of its view)."""

    taken: tuple[Card, ...]
    discarded: tuple[Card, ...]
    exchanged: tuple[int | None, int | None]
    exchange_given: tuple[Card, ...] | None
    exchange_received: tuple[Card, ...] | None
    seen: tuple[Event, ...]
    """The draw's events as the seat may see them (the first events of the hand)."""


def _draw_record(state: HandCore, seat: Seat) -> DrawRecord:
    taken: list[Card] = []
    discarded: list[Card] = []
    exchanged: list[int | None] = [None, None]
    given: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    seen: list[Event] = []
    # The draw and the exchange come first; only their events hide anything.
    for event in state.events:
        if type(event) is Drew:
            if event.seat == seat:
                assert event.taken is not None and event.discarded is not None
                taken.append(event.taken)
                discarded.append(event.discarded)
                seen.append(event)
            else:
                seen.append(_HIDDEN_DRAW[event.seat])
        elif type(event) is Exchanged:
            exchanged[event.seat] = event.swapped
            if event.seat == seat:
                given, received = event.given, event.received
            seen.append(redact(event, viewer=seat))
        elif type(event) is DoubleNilDeclared:
            seen.append(event)
        else:
            break
    return DrawRecord(tuple(taken), tuple(discarded), (exchanged[0], exchanged[1]), given,
                      received, tuple(seen))


class ViewReader:
    """``seat``'s view of ``state`` read field by field, for readers that need a few fields
    often (the RL environments): each attribute is the same-named field of
    ``make_view(state, seat)`` as the state is now (tested over random hands of every preset),
    ``draw()`` holds the fields about the draw, and ``tricks_from(n)`` is ``view.tricks[n:]``."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: HandCore, seat: Seat) -> None:
        if seat not in (0, 1):
            raise ValueError(f"A seat is 0 or 1, not {seat!r}.")
        self._state = state
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def first(self) -> Seat:
        return self._state.first

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def to_move(self) -> Seat | None:
        return self._state.to_move

    @property
    def hand(self) -> tuple[Card, ...]:
        return _held(self._state.hands[self.seat])

    @property
    def hand_mask(self) -> int:
        """``hand`` as a bitmask of card values (bit ``c`` for card ``c``)."""
        return self._state.hands[self.seat]

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        state = self._state
        return tuple(state.legal_actions()) if state.to_move == self.seat else ()

    @property
    def top_card(self) -> Card | None:
        state = self._state
        return state.top_card if state.to_move == self.seat else None

    @property
    def stock_left(self) -> int:
        return self._state.stock_left

    def draw(self) -> DrawRecord:
        """The view's ``taken``, ``discarded``, ``exchanged``, ``exchange_given`` and
        ``exchange_received``, read in one pass."""
        return _draw_record(self._state, self.seat)

    @property
    def taken(self) -> tuple[Card, ...]:
        return self.draw().taken

    @property
    def discarded(self) -> tuple[Card, ...]:
        return self.draw().discarded

    @property
    def exchanged(self) -> tuple[int | None, int | None]:
        return self.draw().exchanged

    @property
    def exchange_given(self) -> tuple[Card, ...] | None:
        return self.draw().exchange_given

    @property
    def exchange_received(self) -> tuple[Card, ...] | None:
        return self.draw().exchange_received

    @property
    def events(self) -> tuple[Event, ...]:
        seen = self.draw().seen
        return (*seen, *self._state.events[len(seen):])

    @property
    def double_nil(self) -> tuple[bool, bool]:
        double_nil = self._state.double_nil
        return double_nil[0], double_nil[1]

    @property
    def bids(self) -> tuple[int | None, int | None]:
        bids = self._state.bids
        return bids[0], bids[1]

    @property
    def card_counts(self) -> tuple[int, int]:
        hands = self._state.hands
        return hands[0].bit_count(), hands[1].bit_count()

    @property
    def trick_count(self) -> int:
        """``len(view.tricks)``."""
        won = self._state.tricks_won
        return won[0] + won[1]

    def tricks_from(self, start: int) -> tuple[TrickView, ...]:
        """The finished tricks from number ``start`` (0 is the first) on."""
        state = self._state
        if start >= self.trick_count:
            return ()
        # Walk back over the play to the end of trick ``start`` - 1 (or the play's start).
        events = state.events
        at = len(events) - 1
        leader = 1 - state.first
        while at >= 0:
            event = events[at]
            if type(event) is TrickWon:
                if event.trick == start:
                    leader = event.seat
                    break
            elif type(event) not in _PLAY_EVENTS:
                break
            at -= 1
        tricks = []
        cards: list[Card] = []
        for event in events[at + 1:]:
            if type(event) is CardPlayed:
                cards.append(event.card)
            elif type(event) is TrickWon:
                tricks.append(_trick_view(Trick(leader, (cards[0], cards[1]), event.seat)))
                leader = event.seat
                cards = []
        return tuple(tricks)

    @property
    def tricks(self) -> tuple[TrickView, ...]:
        return self.tricks_from(0)

    def current(self) -> tuple[Seat, tuple[Card, ...]]:
        """The current trick's ``leader`` and ``cards``, without building the
        :class:`TrickView` (``current_trick``)."""
        state = self._state
        return state.leader, state.current_trick

    @property
    def current_trick(self) -> TrickView:
        state = self._state
        return TrickView(state.leader, state.current_trick, None)

    @property
    def tricks_won(self) -> tuple[int, int]:
        won = self._state.tricks_won
        return won[0], won[1]

    @property
    def spades_broken(self) -> bool:
        return self._state.spades_broken

    @property
    def totals(self) -> tuple[int, int]:
        return self._state.start_totals

    @property
    def bags(self) -> tuple[int, int]:
        return self._state.start_bags

    @property
    def result(self) -> HandResult | None:
        return self._state.result


def make_view(state: HandCore, seat: Seat) -> SpadesView:
    """Build ``seat``'s view of ``state``."""
    if seat not in (0, 1):
        raise ValueError(f"A seat is 0 or 1, not {seat!r}.")
    draw = _draw_record(state, seat)
    events = state.events
    drawing = len(draw.seen)
    mine = state.to_move == seat
    top = state.top_card if mine else None
    return SpadesView(
        seat=seat,
        rules=state.rules,
        first=state.first,
        phase=state.phase,
        to_move=state.to_move,
        hand=_held(state.hands[seat]),
        legal_actions=tuple(state.legal_actions()) if mine else (),
        top_card=top,
        stock_left=state.stock_left,
        taken=draw.taken,
        discarded=draw.discarded,
        exchange_given=draw.exchange_given,
        exchange_received=draw.exchange_received,
        exchanged=draw.exchanged,
        double_nil=(state.double_nil[0], state.double_nil[1]),
        bids=(state.bids[0], state.bids[1]),
        card_counts=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        tricks=tuple([_trick_view(t) for t in state.tricks]) if drawing < len(events) else (),
        current_trick=TrickView(state.leader, state.current_trick, None),
        tricks_won=(state.tricks_won[0], state.tricks_won[1]),
        spades_broken=state.spades_broken,
        totals=state.start_totals,
        bags=state.start_bags,
        events=(*draw.seen, *events[drawing:]),
        result=state.result,
    )
