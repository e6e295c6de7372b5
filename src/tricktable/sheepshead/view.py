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

from tricktable.cards import Card, cards_of
from tricktable.game import Action, Seat
from tricktable.sheepshead.deck import (
    DECK_MASK,
    PLAY_SUIT,
    POINTS,
    card_count,
    cards_in,
    sort_hand,
)
from tricktable.sheepshead.events import (
    Buried,
    CardPlayed,
    Event,
    TrickWon,
    event_json,
    redact,
)
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import HandKind, HandResult
from tricktable.sheepshead.state import HandState, Phase, Trick

__all__ = ["SheepsheadView", "TrickView", "ViewReader", "make_view"]


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


_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (see :func:`make_view`)."""


def _new_trick_view(leader: Seat, cards: tuple[Card | None, ...], winner: Seat | None,
                    points: int | None, face_down: int) -> TrickView:
    """A :class:`TrickView`, built without the dataclass's interpreted __init__ when compiled
    (like the view itself, see :func:`make_view`)."""
    if not _NATIVE:
        return TrickView(leader=leader, cards=cards, winner=winner, points=points,
                         face_down=face_down)
    trick = TrickView.__new__(TrickView)
    trick.leader = leader  # type: ignore[misc]
    trick.cards = cards  # type: ignore[misc]
    trick.winner = winner  # type: ignore[misc]
    trick.points = points  # type: ignore[misc]
    trick.face_down = face_down  # type: ignore[misc]
    return trick


def _trick_in_progress(leader: Seat, cards: tuple[Card | None, ...], face_down: int) -> TrickView:
    """The current trick's view."""
    return _new_trick_view(leader, cards, None, None, face_down)


_SHOWN: Final[dict[Trick, TrickView]] = {}
"""Finished tricks' views with every card face up (finished tricks never change, so their
views are shared: the same trick gives the same object to every seat that sees it alike)."""
_HIDDEN: Final[dict[Trick, TrickView]] = {}
"""Finished tricks' views with the unknown card face down."""
_TRICK_VIEWS_KEPT: Final = 4096


def _trick_view(trick: Trick, sees_unknown: bool) -> TrickView:
    """A finished trick as a seat sees it."""
    at = trick.unknown_at
    hidden = at >= 0 and not sees_unknown
    views = _HIDDEN if hidden else _SHOWN
    view = views.get(trick)
    if view is None:
        if len(views) >= _TRICK_VIEWS_KEPT:
            views.clear()
        cards = trick.cards
        if hidden:
            view = _new_trick_view(trick.leader, (*cards[:at], None, *cards[at + 1:]),
                                   trick.winner, None, at)
        else:
            view = _new_trick_view(trick.leader, cards, trick.winner, trick.points, at)
        views[trick] = view
    return view


_SeenTricks = tuple[tuple[Trick, ...], tuple[TrickView, ...], tuple[int, ...]]
_NO_POINTS: Final = (0,) * 5
_SEEN_TRICKS: Final[list[_SeenTricks]] = [((), (), _NO_POINTS), ((), (), _NO_POINTS)]
"""The finished tricks last read — with the unknown card face down, and face up — as
(the tricks, their views, the points each seat took in them): the views built one after
another mostly continue one hand, whose finished tricks only grow.  Each entry is replaced
whole, never changed, so a reader in another thread sees one reading or the other."""


def _seen_tricks(
    tricks: list[Trick], sees_unknown: bool
) -> tuple[tuple[TrickView, ...], tuple[int, ...]]:
    """The views of ``tricks`` (``_trick_view`` of each) and the card points each seat took in
    them as a seat sees them (:func:`_points_seen`), read on from the last reading."""
    slot = 1 if sees_unknown else 0
    sources, views, points = _SEEN_TRICKS[slot]
    count = len(tricks)
    known = len(sources)
    same = 0
    while same < known and same < count and tricks[same] is sources[same]:
        same += 1
    if same == known == count:
        return views, points
    read = list(views[:same])
    for k in range(same, count):
        read.append(_trick_view(tricks[k], sees_unknown))
    views = tuple(read)
    points = _points_seen(views)
    _SEEN_TRICKS[slot] = (tuple(tricks), views, points)
    return views, points


_HELD_ORDER: Final[tuple[Card, ...]] = tuple(sort_hand(cards_of(DECK_MASK)))
"""The Sheepshead cards in the order players hold them."""
_HELD_BITS: Final[tuple[int, ...]] = tuple(int(c) for c in _HELD_ORDER)


_HELD: Final[dict[int, tuple[Card, ...]]] = {}
"""Hands read by :func:`_held` (a search reads the same hands again and again)."""
_HELD_KEPT: Final = 1 << 16


def _held(hand: int) -> tuple[Card, ...]:
    """A hand's cards in the order players hold them: ``sort_hand(cards_of(hand))``, picked
    from the cards in that order instead of sorted."""
    cards = _HELD.get(hand)
    if cards is not None:
        return cards
    held: list[Card] = []
    for k in range(len(_HELD_BITS)):
        if hand >> _HELD_BITS[k] & 1:
            held.append(_HELD_ORDER[k])
    cards = tuple(held)
    if len(_HELD) >= _HELD_KEPT:
        _HELD.clear()
    _HELD[hand] = cards
    return cards


def _seen_events(
    state: HandState, seat: Seat, over: bool, passes: int
) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (:func:`redact` of each, done where it matters)."""
    events = state.events
    picker = state.picker
    if over or seat == picker or picker is None:
        return tuple(events)
    unknown_out = state.unknown is not None and state.unknown_played
    buried_at = passes + 1  # the passes, the pick, then the bury
    bury = events[buried_at] if not unknown_out and len(events) > buried_at else None
    if type(bury) is Buried:
        seen = list(events)
        seen[buried_at] = _BURY_HIDDEN[bury.seat]  # as redact() hides it
        return tuple(seen)
    return tuple(
        redact(e, viewer=seat, picker=picker, over=over)
        if type(e) is Buried or (unknown_out and type(e) in _FACE_DOWN_EVENTS) else e
        for e in events
    )


_FACE_DOWN_EVENTS: Final = (CardPlayed, TrickWon)
_BURY_HIDDEN: Final = tuple(Buried(seat, None) for seat in range(5))


_PASSES_AFTER: Final = tuple(
    tuple(tuple((dealer + 1 + k) % 5 for k in range(count)) for count in range(6))
    for dealer in range(5)
)
"""``_PASSES_AFTER[dealer][count]``: the seats that passed when ``count`` have."""


def _passes(state: HandState) -> tuple[Seat, ...]:
    """The seats that passed, in turn from the dealer's left."""
    return _PASSES_AFTER[state.dealer][state.pass_count]


def _card_counts(state: HandState) -> tuple[int, ...]:
    """How many cards each seat holds, the picker's face-down unknown card included."""
    hands = state.hands
    counts = [card_count(hands[0]), card_count(hands[1]), card_count(hands[2]),
              card_count(hands[3]), card_count(hands[4])]
    picker = state.picker
    if picker is not None and state.unknown is not None and not state.unknown_played:
        counts[picker] += 1
    return tuple(counts)


def _points_seen(tricks: tuple[TrickView, ...]) -> tuple[int, ...]:
    points = [0] * 5
    for t in tricks:
        assert t.winner is not None
        points[t.winner] += (
            t.points if t.points is not None else sum(POINTS[c] for c in t.cards if c is not None)
        )
    return tuple(points)


class ViewReader:
    """``seat``'s view of ``state`` read field by field, for readers that need a few fields
    often (the RL environments): each attribute is the same-named field of
    ``make_view(state, seat)`` as the state is now (tested over random hands of every preset),
    and ``tricks_from(n)`` is ``view.tricks[n:]``."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: HandState, seat: Seat) -> None:
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
        return _held(self._state.hands[self.seat])

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
        return _passes(self._state)

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
        return tuple([_trick_view(t, sees) for t in self._state.tricks[start:]])

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
        return _card_counts(self._state)

    @property
    def tricks_by_seat(self) -> tuple[int, ...]:
        return tuple(self._state.tricks_by_seat)

    @property
    def points_seen(self) -> tuple[int, ...]:
        return _points_seen(self.tricks)

    @property
    def events(self) -> tuple[Event, ...]:
        state = self._state
        return _seen_events(state, self.seat, state.is_over, state.pass_count)

    @property
    def result(self) -> HandResult | None:
        return self._state.result


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
    tricks, points_seen = _seen_tricks(state.tricks, sees_unknown)
    current_cards: tuple[Card | None, ...] = state.current_trick
    unknown_in_current = (
        state.unknown is not None and state.unknown_played and len(state.tricks) < 6
        and state.unknown in current_cards
    )
    face_down = current_cards.index(state.unknown) if unknown_in_current else -1
    if face_down >= 0 and not sees_unknown:
        current_cards = (*current_cards[:face_down], None, *current_cards[face_down + 1:])
    current = _trick_in_progress(state.leader, current_cards, face_down)
    counts = _card_counts(state)
    result_kind = None if state.result is None else state.result.kind
    passes = _passes(state)
    to_move = state.to_move
    legal = state.legal_actions() if to_move == seat else ()
    buried = tuple(cards_in(state.buried)) if (is_picker or over) and state.buried else None
    known_partner = partner if (revealed or is_partner or over) else None
    leaster = picker is None and (state.phase is Phase.PLAY or result_kind is HandKind.LEASTER)
    events = _seen_events(state, seat, over, state.pass_count)
    if not _NATIVE:
        return SheepsheadView(
            seat=seat, rules=state.rules, dealer=state.dealer, multiplier=state.multiplier,
            stake_multiplier=state.stake_multiplier, cracked_by=state.cracked_by,
            recracked=state.recracked, blitzes=tuple(state.blitzes), phase=state.phase,
            to_move=to_move, hand=_held(state.hands[seat]), legal_actions=legal,
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
    view.hand = _held(state.hands[seat])  # type: ignore[misc]
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
