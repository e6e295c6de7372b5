"""What a seat has seen of a Sheepshead hand, read from the full state piece by piece.

The pieces both :func:`~tricktable.sheepshead.view.make_view` and
:class:`~tricktable.sheepshead.view_reader.ViewReader` put together: finished tricks as a seat
saw them (with the unknown card face down or up), the seat's cards in held order, the events
with what the seat may not see redacted, the passes, the card counts and the points seen.
Finished tricks and hands are read again and again by the search players, so their readings are
kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tricktable.cards import Card, cards_of
from tricktable.game import Seat
from tricktable.sheepshead.deck import DECK_MASK, POINTS, card_count, sort_hand
from tricktable.sheepshead.events import Buried, CardPlayed, Event, TrickWon, redact
from tricktable.sheepshead.hand import HandCore, Trick

__all__ = [
    "TrickView",
    "count_cards",
    "held",
    "passes_of",
    "points_of_tricks",
    "seen_events",
    "seen_tricks",
    "trick_in_progress",
    "trick_view",
]


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


_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (see :func:`_new_trick_view`)."""


def _new_trick_view(leader: Seat, cards: tuple[Card | None, ...], winner: Seat | None,
                    points: int | None, face_down: int) -> TrickView:
    """A :class:`TrickView`, built without the dataclass's interpreted __init__ when compiled
    (like the view itself, see :func:`~tricktable.sheepshead.view.make_view`)."""
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


def trick_in_progress(leader: Seat, cards: tuple[Card | None, ...], face_down: int) -> TrickView:
    """The current trick's view."""
    return _new_trick_view(leader, cards, None, None, face_down)


_SHOWN: Final[dict[Trick, TrickView]] = {}
"""Finished tricks' views with every card face up (finished tricks never change, so their
views are shared: the same trick gives the same object to every seat that sees it alike)."""
_HIDDEN: Final[dict[Trick, TrickView]] = {}
"""Finished tricks' views with the unknown card face down."""
_TRICK_VIEWS_KEPT: Final = 4096


def trick_view(trick: Trick, sees_unknown: bool) -> TrickView:
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


def seen_tricks(
    tricks: list[Trick], sees_unknown: bool
) -> tuple[tuple[TrickView, ...], tuple[int, ...]]:
    """The views of ``tricks`` (:func:`trick_view` of each) and the card points each seat took in
    them as a seat sees them (:func:`points_of_tricks`), read on from the last reading."""
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
        read.append(trick_view(tricks[k], sees_unknown))
    views = tuple(read)
    points = points_of_tricks(views)
    _SEEN_TRICKS[slot] = (tuple(tricks), views, points)
    return views, points


_HELD_ORDER: Final[tuple[Card, ...]] = tuple(sort_hand(cards_of(DECK_MASK)))
"""The Sheepshead cards in the order players hold them."""
_HELD_BITS: Final[tuple[int, ...]] = tuple(int(c) for c in _HELD_ORDER)


_HELD: Final[dict[int, tuple[Card, ...]]] = {}
"""Hands read by :func:`held` (a search reads the same hands again and again)."""
_HELD_KEPT: Final = 1 << 16


def held(hand: int) -> tuple[Card, ...]:
    """A hand's cards in the order players hold them: ``sort_hand(cards_of(hand))``, picked
    from the cards in that order instead of sorted."""
    cards = _HELD.get(hand)
    if cards is not None:
        return cards
    picked: list[Card] = []
    for k in range(len(_HELD_BITS)):
        if hand >> _HELD_BITS[k] & 1:
            picked.append(_HELD_ORDER[k])
    cards = tuple(picked)
    if len(_HELD) >= _HELD_KEPT:
        _HELD.clear()
    _HELD[hand] = cards
    return cards


def seen_events(
    state: HandCore, seat: Seat, over: bool, passes: int
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


def passes_of(state: HandCore) -> tuple[Seat, ...]:
    """The seats that passed, in turn from the dealer's left."""
    return _PASSES_AFTER[state.dealer][state.pass_count]


def count_cards(state: HandCore) -> tuple[int, ...]:
    """How many cards each seat holds, the picker's face-down unknown card included."""
    hands = state.hands
    counts = [card_count(hands[0]), card_count(hands[1]), card_count(hands[2]),
              card_count(hands[3]), card_count(hands[4])]
    picker = state.picker
    if picker is not None and state.unknown is not None and not state.unknown_played:
        counts[picker] += 1
    return tuple(counts)


def points_of_tricks(tricks: tuple[TrickView, ...]) -> tuple[int, ...]:
    """The card points each seat took in ``tricks``, counting only the cards shown."""
    points = [0] * 5
    for t in tricks:
        assert t.winner is not None
        points[t.winner] += (
            t.points if t.points is not None else sum(POINTS[c] for c in t.cards if c is not None)
        )
    return tuple(points)


