"""What one seat may know about a Sheepshead hand.

A :class:`SheepsheadView` is the only form in which a hand leaves the engine: bots decide from
it, the terminal and the browser draw it.  It holds the seat's own cards; the blind and the bury
only for the picker (the bury for everyone once the hand is over); the face of the unknown card
only for the picker until the hand ends; the partner only for the partner until the called card
is played; and everything public: played cards, trick winners, announcements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.cards import Card, cards_of
from tricktable.game import Action, Seat
from tricktable.sheepshead.deck import PLAY_SUIT, POINTS, sort_hand
from tricktable.sheepshead.events import Event, Passed, event_json, redact
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.state import HandState, Phase

__all__ = ["SheepsheadView", "TrickView", "make_view"]


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as a seat saw it.

    ``face_down`` is the position in ``cards`` of the picker's face-down unknown card (-1 if
    none); everyone saw it played, but its face shows (instead of ``None``) only to the picker
    and, once the hand is over, to all.  It never wins, and a trick it opens is of the called
    suit.
    """

    leader: Seat
    cards: tuple[Card | None, ...]
    winner: Seat | None
    points: int | None
    face_down: int = -1

    def face_up(self, position: int) -> Card | None:
        """The card at ``position`` if it was played face up, else None."""
        return None if position == self.face_down else self.cards[position]

    @property
    def plays(self) -> tuple[tuple[Seat, Card | None], ...]:
        return tuple(((self.leader + k) % 5, c) for k, c in enumerate(self.cards))

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [None if c is None else str(c) for c in self.cards],
            "winner": self.winner,
            "points": self.points,
            "face_down": self.face_down,
        }


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


def make_view(state: HandState, seat: Seat) -> SheepsheadView:
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
    tricks = tuple(
        TrickView(
            leader=t.leader,
            cards=tuple(
                None if k == t.unknown_at and not sees_unknown else c
                for k, c in enumerate(t.cards)
            ),
            winner=t.winner,
            points=None if t.unknown_at >= 0 and not sees_unknown else t.points,
            face_down=t.unknown_at,
        )
        for t in state.tricks
    )
    current_cards = state.current_trick
    unknown_in_current = (
        state.unknown is not None and state.unknown_played and len(state.tricks) < 6
        and state.unknown in current_cards
    )
    face_down = current_cards.index(state.unknown) if unknown_in_current else -1
    current = TrickView(
        leader=state.leader,
        cards=tuple(
            None if k == face_down and not sees_unknown else c
            for k, c in enumerate(current_cards)
        ),
        winner=None,
        points=None,
        face_down=face_down,
    )
    points_seen = [0] * 5
    for t in tricks:
        assert t.winner is not None
        points_seen[t.winner] += sum(POINTS[c] for c in t.cards if c is not None)
    counts = [len(state.hand(s)) for s in range(5)]
    if picker is not None and state.unknown is not None and not state.unknown_played:
        counts[picker] += 1
    result_kind = None if state.result is None else state.result.kind
    events = tuple(redact(e, viewer=seat, picker=picker, over=over) for e in state.events)
    return SheepsheadView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        multiplier=state.multiplier,
        stake_multiplier=state.stake_multiplier,
        cracked_by=state.cracked_by,
        recracked=state.recracked,
        blitzes=tuple(state.blitzes),
        phase=state.phase,
        to_move=state.to_move,
        hand=tuple(sort_hand(cards_of(state.hands[seat]))),
        legal_actions=state.legal_actions() if state.to_move == seat else (),
        passes=tuple(e.seat for e in state.events if isinstance(e, Passed)),
        picker=picker,
        blind=state.blind if is_picker else None,
        buried=tuple(cards_of(state.buried)) if (is_picker or over) and state.buried else None,
        called=state.called,
        alone=state.alone,
        unknown_set_aside=state.unknown is not None,
        unknown_card=state.unknown if sees_unknown else None,
        unknown_played=state.unknown_played,
        partner=partner if (revealed or is_partner or over) else None,
        is_partner=is_partner,
        leaster=picker is None and (state.phase is Phase.PLAY or result_kind is HandKind.LEASTER),
        tricks=tricks,
        current_trick=current,
        card_counts=tuple(counts),
        tricks_by_seat=tuple(state.tricks_by_seat),
        points_seen=tuple(points_seen),
        events=events,
        result=state.result,
    )
