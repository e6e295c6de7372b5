"""What one seat may know about a Sheepshead hand.

A :class:`SheepsheadView` is the only form in which a hand leaves the engine: bots decide from
it, the terminal and the browser draw it.  It holds the seat's own cards; the blind and the bury
only for the picker (the bury for everyone once the hand is over); the face of the unknown card
only for the picker until the hand ends; the partner only for the partner until the called card
is played; and everything public: played cards, trick winners, announcements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tricktable.cards import Card
from tricktable.game import Action, Seat
from tricktable.sheepshead.deck import PLAY_SUIT, cards_in
from tricktable.sheepshead.events import Event, event_json
from tricktable.sheepshead.hand import HandCore, Phase
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.seen import (
    TrickView,
    count_cards,
    held,
    passes_of,
    seen_events,
    seen_tricks,
    trick_in_progress,
)
from tricktable.sheepshead.view_reader import ViewReader

__all__ = ["SheepsheadView", "TrickView", "ViewReader", "make_view"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheepsheadView:
    """Everything ``seat`` may know about the hand now."""

    seat: Seat
    rules: Rules
    dealer: Seat
    multiplier: int
    """The doubler's multiplier the hand was dealt with."""
    stake_multiplier: int
    """What the hand's scores are multiplied by now: the doubler's, cracks and blitzes."""
    cracked_by: Seat | None
    recracked: bool
    blitzes: tuple[tuple[Seat, tuple[Card, Card]], ...]
    """Each blitz: the seat and the pair of queens it showed (public)."""
    phase: Phase
    to_move: Seat | None
    hand: tuple[Card, ...]
    """Own cards, trump first; the picker's unknown card is listed separately."""
    legal_actions: tuple[Action, ...]
    """What this seat may do now (empty when it is not this seat's turn)."""
    passes: tuple[Seat, ...]
    picker: Seat | None
    blind: tuple[Card, ...] | None
    buried: tuple[Card, ...] | None
    called: Card | None
    alone: bool
    unknown_set_aside: bool
    unknown_card: Card | None
    unknown_played: bool
    partner: Seat | None
    """The partner, if this seat may know it (it is the partner, or the called card is out)."""
    is_partner: bool
    leaster: bool
    tricks: tuple[TrickView, ...]
    current_trick: TrickView
    card_counts: tuple[int, ...]
    tricks_by_seat: tuple[int, ...]
    points_seen: tuple[int, ...]
    """Card points each seat has taken in tricks, counting only cards this seat has seen."""
    events: tuple[Event, ...]
    result: HandResult | None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def called_suit(self) -> int:
        """The play suit of the called card whose constraints bind (-1: none, as for the J♦)."""
        if self.called is None or self.rules.jack_of_diamonds:
            return -1
        return PLAY_SUIT[self.called]

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every face-up card played so far this hand, in order."""
        return tuple(
            c for t in (*self.tricks, self.current_trick) for c in t.cards if c is not None
        )

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, with cards as text."""

        def cards(items: tuple[Card, ...] | None) -> list[str] | None:
            return None if items is None else [str(c) for c in items]

        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "dealer": self.dealer,
            "multiplier": self.multiplier,
            "stake_multiplier": self.stake_multiplier,
            "cracked_by": self.cracked_by,
            "recracked": self.recracked,
            "blitzes": [[seat, cards(pair)] for seat, pair in self.blitzes],
            "phase": self.phase.value,
            "to_move": self.to_move,
            "hand": cards(self.hand),
            "legal_actions": [str(a) for a in self.legal_actions],
            "passes": list(self.passes),
            "picker": self.picker,
            "blind": cards(self.blind),
            "buried": cards(self.buried),
            "called": None if self.called is None else str(self.called),
            "alone": self.alone,
            "unknown_set_aside": self.unknown_set_aside,
            "unknown_card": None if self.unknown_card is None else str(self.unknown_card),
            "unknown_played": self.unknown_played,
            "partner": self.partner,
            "is_partner": self.is_partner,
            "leaster": self.leaster,
            "tricks": [t.to_json() for t in self.tricks],
            "current_trick": self.current_trick.to_json(),
            "card_counts": list(self.card_counts),
            "tricks_by_seat": list(self.tricks_by_seat),
            "points_seen": list(self.points_seen),
            "events": [event_json(e) for e in self.events],
            "result": None if self.result is None else self.result.to_json(),
        }


_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (see :func:`make_view`)."""


def make_view(state: HandCore, seat: Seat) -> SheepsheadView:
    """Build ``seat``'s view of ``state``."""
    if not 0 <= seat < 5:
        raise ValueError(f"A seat is 0 to 4, not {seat}.")
    over = state.is_over
    picker = state.picker
    is_picker = seat == picker
    sees_unknown = is_picker or over
    partner = state.partner
    revealed = state.partner_revealed
    is_partner = partner == seat
    tricks, points_seen = seen_tricks(state.tricks, sees_unknown)
    current_cards: tuple[Card | None, ...] = state.current_trick
    unknown_in_current = (
        state.unknown is not None and state.unknown_played and len(state.tricks) < 6
        and state.unknown in current_cards
    )
    face_down = current_cards.index(state.unknown) if unknown_in_current else -1
    if face_down >= 0 and not sees_unknown:
        current_cards = (*current_cards[:face_down], None, *current_cards[face_down + 1:])
    current = trick_in_progress(state.leader, current_cards, face_down)
    counts = count_cards(state)
    result_kind = None if state.result is None else state.result.kind
    passes = passes_of(state)
    to_move = state.to_move
    legal = state.legal_actions() if to_move == seat else ()
    buried = tuple(cards_in(state.buried)) if (is_picker or over) and state.buried else None
    known_partner = partner if (revealed or is_partner or over) else None
    leaster = picker is None and (state.phase is Phase.PLAY or result_kind is HandKind.LEASTER)
    events = seen_events(state, seat, over, state.pass_count)
    if not _NATIVE:
        return SheepsheadView(
            seat=seat, rules=state.rules, dealer=state.dealer, multiplier=state.multiplier,
            stake_multiplier=state.stake_multiplier, cracked_by=state.cracked_by,
            recracked=state.recracked, blitzes=tuple(state.blitzes), phase=state.phase,
            to_move=to_move, hand=held(state.hands[seat]), legal_actions=legal,
            passes=passes, picker=picker, blind=state.blind if is_picker else None,
            buried=buried, called=state.called, alone=state.alone,
            unknown_set_aside=state.unknown is not None,
            unknown_card=state.unknown if sees_unknown else None,
            unknown_played=state.unknown_played, partner=known_partner,
            is_partner=is_partner, leaster=leaster, tricks=tricks, current_trick=current,
            card_counts=counts, tricks_by_seat=tuple(state.tricks_by_seat),
            points_seen=points_seen, events=events, result=state.result,
        )
    # Compiled, the same fields are set directly: the frozen dataclass's generated __init__
    # sets each through object.__setattr__, interpreted, which was half the cost of a view.
    # Compiled code does not consult the class's __setattr__; to everyone else the view stays
    # frozen.  (tests/sheepshead/test_direct_construction.py checks both ways build equal views.)
    view = SheepsheadView.__new__(SheepsheadView)
    view.seat = seat  # type: ignore[misc]
    view.rules = state.rules  # type: ignore[misc]
    view.dealer = state.dealer  # type: ignore[misc]
    view.multiplier = state.multiplier  # type: ignore[misc]
    view.stake_multiplier = state.stake_multiplier  # type: ignore[misc]
    view.cracked_by = state.cracked_by  # type: ignore[misc]
    view.recracked = state.recracked  # type: ignore[misc]
    view.blitzes = tuple(state.blitzes)  # type: ignore[misc]
    view.phase = state.phase  # type: ignore[misc]
    view.to_move = to_move  # type: ignore[misc]
    view.hand = held(state.hands[seat])  # type: ignore[misc]
    view.legal_actions = legal  # type: ignore[misc]
    view.passes = passes  # type: ignore[misc]
    view.picker = picker  # type: ignore[misc]
    view.blind = state.blind if is_picker else None  # type: ignore[misc]
    view.buried = buried  # type: ignore[misc]
    view.called = state.called  # type: ignore[misc]
    view.alone = state.alone  # type: ignore[misc]
    view.unknown_set_aside = state.unknown is not None  # type: ignore[misc]
    view.unknown_card = state.unknown if sees_unknown else None  # type: ignore[misc]
    view.unknown_played = state.unknown_played  # type: ignore[misc]
    view.partner = known_partner  # type: ignore[misc]
    view.is_partner = is_partner  # type: ignore[misc]
    view.leaster = leaster  # type: ignore[misc]
    view.tricks = tricks  # type: ignore[misc]
    view.current_trick = current  # type: ignore[misc]
    view.card_counts = counts  # type: ignore[misc]
    view.tricks_by_seat = tuple(state.tricks_by_seat)  # type: ignore[misc]
    view.points_seen = points_seen  # type: ignore[misc]
    view.events = events  # type: ignore[misc]
    view.result = state.result  # type: ignore[misc]
    return view
