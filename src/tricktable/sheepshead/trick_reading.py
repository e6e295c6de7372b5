"""The trick in progress as the seat to move reads it (:func:`trick_state`), and which card beats
which (:func:`beats`, with precomputed masks for :class:`~tricktable.sheepshead.knowledge.Table`).

Split from :mod:`tricktable.sheepshead.knowledge`, which re-exports :class:`TrickState`,
:func:`beats` and :func:`trick_state`; compiled with mypyc like it (see ``setup.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tricktable.cards import Card, cards_of
from tricktable.game import Seat
from tricktable.sheepshead.deck import PLAY_SUIT, POINTS, STRENGTH, SUIT_MASK
from tricktable.sheepshead.view import TrickView

__all__ = ["ABOVE", "BEATING", "NOT_BELOW", "TrickState", "beats", "led_suit", "trick_state"]

SEATS: Final = 5
_NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (see :func:`_trick_state`)."""


def _cards_at_or_above(card: int, strictly: bool) -> int:
    """The cards of ``card``'s play suit ranking at least as high (or strictly higher)."""
    suit = PLAY_SUIT[card]
    strength = STRENGTH[suit]
    mask = 0
    for c in cards_of(SUIT_MASK[suit]):
        if strength[c] > strength[card] or (not strictly and strength[c] == strength[card]):
            mask |= 1 << c
    return mask


NOT_BELOW: Final[tuple[int, ...]] = tuple(_cards_at_or_above(c, False) for c in range(52))
"""Per card, the cards of its play suit that rank at least as high (itself included)."""
ABOVE: Final[tuple[int, ...]] = tuple(_cards_at_or_above(c, True) for c in range(52))
"""Per card, the cards of its play suit that rank higher."""
BEATING: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << c for c in range(52) if STRENGTH[led][c] > (0 if best == 52 else
                                                             STRENGTH[led][best]))
        for best in range(53)
    )
    for led in range(4)
)
"""``BEATING[led][best]``: the cards that take a trick of suit ``led`` won by ``best`` (52:
by nothing yet), as :func:`beats` decides it."""


def beats(card: int, best: int | None, led: int) -> bool:
    """Whether ``card`` would take over a trick of suit ``led`` now won by ``best``."""
    if best is None:
        return STRENGTH[led][card] > 0
    return STRENGTH[led][card] > STRENGTH[led][best]


@dataclass(frozen=True, slots=True)
class TrickState:
    """The trick in progress as the seat to move sees it."""

    leader: Seat
    led: int
    """The led play suit, or -1 before the lead."""
    best: Card | None
    """The card winning so far (None before the lead, or if only the unknown card is out)."""
    best_seat: Seat | None
    points: int
    """Card points visible in the trick so far."""
    hidden: bool
    """The face-down unknown card is in this trick (its points are not visible)."""
    played: tuple[Seat, ...]
    """Seats that have played to the trick, in order."""
    to_play: tuple[Seat, ...]
    """Seats still to play after the seat to move, in order."""

    @property
    def leading(self) -> bool:
        return not self.played


def led_suit(trick: TrickView, called: Card | None) -> int:
    """The suit a started trick was led in; a face-down unknown card opens the called suit."""
    first = trick.face_up(0)
    if first is not None:
        return PLAY_SUIT[first]
    return PLAY_SUIT[called] if called is not None else -1


_SEATS_FROM: Final = tuple(
    tuple(tuple((first + k) % SEATS for k in range(count)) for count in range(SEATS + 1))
    for first in range(SEATS)
)
"""``_SEATS_FROM[first][count]``: ``count`` seats in turn from ``first``."""


def trick_state(trick: TrickView, mover: Seat, called: Card | None) -> TrickState:
    """Read a trick in progress; ``mover`` is the seat about to play to it."""
    played = _SEATS_FROM[trick.leader][len(trick.cards)]
    to_play = _SEATS_FROM[(mover + 1) % SEATS][SEATS - len(trick.cards) - 1]
    if not trick.cards:
        return _trick_state(trick.leader, -1, None, None, 0, False, (), to_play)
    led = led_suit(trick, called)
    best: Card | None = None
    best_seat: Seat | None = None
    points = 0
    hidden = False
    for position, seat in enumerate(played):
        c = trick.face_up(position)
        if c is None:
            hidden = True
            continue
        points += POINTS[c]
        if beats(c, best, led):
            best, best_seat = c, seat
    if best is None:
        # Only the unknown card is out: it cannot win, whoever plays next takes the lead.
        best_seat = None
    return _trick_state(trick.leader, led, best, best_seat, points, hidden, played, to_play)


def _trick_state(leader: Seat, led: int, best: Card | None, best_seat: Seat | None, points: int,
                 hidden: bool, played: tuple[Seat, ...], to_play: tuple[Seat, ...]) -> TrickState:
    """A :class:`TrickState`, its fields set directly when compiled (as
    :func:`tricktable.sheepshead.knowledge._table` does, and why)."""
    if not _NATIVE:
        return TrickState(leader, led, best, best_seat, points, hidden, played, to_play)
    state = TrickState.__new__(TrickState)
    state.leader = leader  # type: ignore[misc]
    state.led = led  # type: ignore[misc]
    state.best = best  # type: ignore[misc]
    state.best_seat = best_seat  # type: ignore[misc]
    state.points = points  # type: ignore[misc]
    state.hidden = hidden  # type: ignore[misc]
    state.played = played  # type: ignore[misc]
    state.to_play = to_play  # type: ignore[misc]
    return state
