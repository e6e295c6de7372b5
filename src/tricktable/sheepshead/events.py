"""Events of a Sheepshead hand: immutable records that the state appends as actions apply.

Some events carry cards a seat may not see (the bury, the face of the unknown card);
:func:`redact` gives the form a given seat may see.  Events are named tuples because the engine
creates millions of them during search.
"""

from __future__ import annotations

from typing import NamedTuple

from tricktable.cards import Card
from tricktable.events import event_json
from tricktable.game import Seat
from tricktable.sheepshead.scoring import HandResult

__all__ = [
    "Blitzed",
    "Buried",
    "Called",
    "CardPlayed",
    "Cracked",
    "Declined",
    "Event",
    "HandScored",
    "LeasterBegins",
    "PartnerRevealed",
    "Passed",
    "PassedOut",
    "Picked",
    "Recracked",
    "TrickWon",
    "WentAlone",
    "event_json",
    "redact",
]


class Passed(NamedTuple):
    seat: Seat


class Picked(NamedTuple):
    seat: Seat


class Buried(NamedTuple):
    seat: Seat
    cards: tuple[Card, ...] | None
    """None where the viewer may not see the bury."""


class Called(NamedTuple):
    seat: Seat
    card: Card
    unknown: bool
    """The picker set a card aside as the unknown card."""


class WentAlone(NamedTuple):
    seat: Seat


class Cracked(NamedTuple):
    """A defender who passed doubled the hand's stakes."""

    seat: Seat


class Recracked(NamedTuple):
    """The picker doubled a cracked hand again."""

    seat: Seat


class Blitzed(NamedTuple):
    """A player showed both black or both red queens, doubling the stakes; the pair is public."""

    seat: Seat
    cards: tuple[Card, ...]


class Declined(NamedTuple):
    """A player asked whether to crack, recrack or blitz said no (``offer`` names which)."""

    seat: Seat
    offer: str


class LeasterBegins(NamedTuple):
    """All five passed: the hand is played as a leaster."""


class PassedOut(NamedTuple):
    """All five passed: the deal is thrown in (doubler or redeal)."""

    doubled: bool


class CardPlayed(NamedTuple):
    seat: Seat
    card: Card | None
    """None for the unknown card seen by anyone but the picker before the hand ends."""
    face_down: bool = False


class PartnerRevealed(NamedTuple):
    seat: Seat


class TrickWon(NamedTuple):
    seat: Seat
    points: int | None
    """None where the trick holds the unknown card and the viewer may not know its face."""
    trick: int
    with_unknown: bool = False


class HandScored(NamedTuple):
    result: HandResult


Event = (
    Passed | Picked | Buried | Called | WentAlone | Cracked | Recracked | Blitzed | Declined
    | LeasterBegins | PassedOut | CardPlayed | PartnerRevealed | TrickWon | HandScored
)


def redact(event: Event, *, viewer: Seat, picker: Seat | None, over: bool) -> Event:
    """The event as ``viewer`` may see it; the picker sees everything, everyone does at the end."""
    if over or viewer == picker:
        return event
    if isinstance(event, Buried):
        return Buried(event.seat, None)
    if isinstance(event, CardPlayed) and event.face_down:
        return CardPlayed(event.seat, None, True)
    if isinstance(event, TrickWon) and event.with_unknown:
        return TrickWon(event.seat, None, event.trick, True)
    return event
