"""One seat's view of a Sheepshead hand read field by field, for readers that need a few
fields often (the RL environments) rather than a whole
:class:`~tricktable.sheepshead.view.SheepsheadView`."""

from __future__ import annotations

from tricktable.cards import Card
from tricktable.game import Action, Seat
from tricktable.sheepshead.deck import cards_in
from tricktable.sheepshead.events import Event
from tricktable.sheepshead.hand import HandCore, Phase
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.seen import (
    TrickView,
    count_cards,
    held,
    passes_of,
    points_of_tricks,
    seen_events,
    trick_view,
)

__all__ = ["ViewReader"]


class ViewReader:
    """``seat``'s view of ``state`` read field by field, for readers that need a few fields
    often (the RL environments): each attribute is the same-named field of
    ``make_view(state, seat)`` as the state is now (tested over random hands of every preset),
    and ``tricks_from(n)`` is ``view.tricks[n:]``."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: HandCore, seat: Seat) -> None:
        if not 0 <= seat < 5:
            raise ValueError(f"A seat is 0 to 4, not {seat}.")
        self._state = state
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def dealer(self) -> Seat:
        return self._state.dealer

    @property
    def multiplier(self) -> int:
        return self._state.multiplier

    @property
    def stake_multiplier(self) -> int:
        return self._state.stake_multiplier

    @property
    def cracked_by(self) -> Seat | None:
        return self._state.cracked_by

    @property
    def recracked(self) -> bool:
        return self._state.recracked

    @property
    def blitzes(self) -> tuple[tuple[Seat, tuple[Card, Card]], ...]:
        return tuple(self._state.blitzes)

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def to_move(self) -> Seat | None:
        return self._state.to_move

    @property
    def hand(self) -> tuple[Card, ...]:
        return held(self._state.hands[self.seat])

    @property
    def hand_mask(self) -> int:
        """``hand`` as a bitmask of card values (bit ``c`` for card ``c``)."""
        return self._state.hands[self.seat]

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        state = self._state
        return state.legal_actions() if state.to_move == self.seat else ()

    @property
    def passes(self) -> tuple[Seat, ...]:
        return passes_of(self._state)

    @property
    def picker(self) -> Seat | None:
        return self._state.picker

    @property
    def blind(self) -> tuple[Card, ...] | None:
        state = self._state
        return state.blind if self.seat == state.picker else None

    @property
    def buried(self) -> tuple[Card, ...] | None:
        state = self._state
        if (self.seat == state.picker or state.is_over) and state.buried:
            return tuple(cards_in(state.buried))
        return None

    @property
    def called(self) -> Card | None:
        return self._state.called

    @property
    def alone(self) -> bool:
        return self._state.alone

    @property
    def unknown_set_aside(self) -> bool:
        return self._state.unknown is not None

    @property
    def sees_unknown(self) -> bool:
        """Whether this seat sees the face of the unknown card (the picker; all, at the end)."""
        state = self._state
        return self.seat == state.picker or state.is_over

    @property
    def unknown_card(self) -> Card | None:
        return self._state.unknown if self.sees_unknown else None

    @property
    def unknown_played(self) -> bool:
        return self._state.unknown_played

    @property
    def partner(self) -> Seat | None:
        state = self._state
        partner = state.partner
        if partner == self.seat or state.is_over or state.partner_revealed:
            return partner
        return None

    @property
    def is_partner(self) -> bool:
        return self._state.partner == self.seat

    @property
    def leaster(self) -> bool:
        state = self._state
        if state.picker is not None:
            return False
        result = state.result
        return state.phase is Phase.PLAY or (
            result is not None and result.kind is HandKind.LEASTER
        )

    def tricks_from(self, start: int) -> tuple[TrickView, ...]:
        """The finished tricks from number ``start`` (0 is the first) on, as this seat saw
        them."""
        sees = self.sees_unknown
        return tuple([trick_view(t, sees) for t in self._state.tricks[start:]])

    @property
    def tricks(self) -> tuple[TrickView, ...]:
        return self.tricks_from(0)

    @property
    def trick_count(self) -> int:
        """``len(view.tricks)``."""
        return len(self._state.tricks)

    def current(self) -> tuple[Seat, tuple[Card | None, ...], int]:
        """The current trick's ``leader``, ``cards`` and ``face_down``, without building the
        :class:`TrickView` (``current_trick``)."""
        state = self._state
        cards: tuple[Card | None, ...] = state.current_trick
        unknown = state.unknown
        face_down = -1
        if (unknown is not None and state.unknown_played and len(state.tricks) < 6
                and unknown in cards):
            face_down = cards.index(unknown)
            if not self.sees_unknown:
                cards = (*cards[:face_down], None, *cards[face_down + 1:])
        return state.leader, cards, face_down

    @property
    def current_trick(self) -> TrickView:
        leader, cards, face_down = self.current()
        return TrickView(leader=leader, cards=cards, winner=None, points=None,
                         face_down=face_down)

    @property
    def card_counts(self) -> tuple[int, ...]:
        return count_cards(self._state)

    @property
    def tricks_by_seat(self) -> tuple[int, ...]:
        return tuple(self._state.tricks_by_seat)

    @property
    def points_seen(self) -> tuple[int, ...]:
        return points_of_tricks(self.tricks)

    @property
    def events(self) -> tuple[Event, ...]:
        state = self._state
        return seen_events(state, self.seat, state.is_over, state.pass_count)

    @property
    def result(self) -> HandResult | None:
        return self._state.result
