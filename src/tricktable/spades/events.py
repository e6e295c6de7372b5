"""Events of a Spades hand: immutable records that the state appends as actions apply.

A draw and a double-nil exchange carry cards the other player may not see; :func:`redact` gives
the form a given seat may see.  Events are named tuples because search creates millions of them.
"""

from __future__ import annotations

from typing import NamedTuple

from tricktable.cards import Card
from tricktable.events import event_json
from tricktable.game import Seat
from tricktable.spades.scoring import HandResult

__all__ = [
    "BidMade",
    "CardPlayed",
    "DoubleNilDeclared",
    "Drew",
    "Event",
    "Exchanged",
    "HandScored",
    "SpadesBroken",
    "TrickWon",
    "event_json",
    "redact",
]


class DoubleNilDeclared(NamedTuple):
    """A player bid double nil before his first draw (announced aloud)."""

    seat: Seat


class Drew(NamedTuple):
    """One turn of the draw: the player kept the top card or rejected it.

    ``kept``, ``taken`` and ``discarded`` are None where the viewer is the other player: he sees
    the player take one card and discard one, never which or what.
    """

    seat: Seat
    kept: bool | None
    taken: Card | None
    discarded: Card | None


class Exchanged(NamedTuple):
    """A double-nil bidder swapped ``swapped`` cards for random cards from the discard pile.

    The cards are None for the other player, who sees only how many were swapped.
    """

    seat: Seat
    swapped: int
    given: tuple[Card, ...] | None
    received: tuple[Card, ...] | None


class BidMade(NamedTuple):
    seat: Seat
    tricks: int
    """0 is nil."""


class CardPlayed(NamedTuple):
    seat: Seat
    card: Card


class SpadesBroken(NamedTuple):
    """The first spade of the hand was played (a ruff, or a lead from a hand of only spades)."""

    seat: Seat


class TrickWon(NamedTuple):
    seat: Seat
    trick: int
    """The trick's number, 1 to 13."""


class HandScored(NamedTuple):
    result: HandResult


Event = (
    DoubleNilDeclared | Drew | Exchanged | BidMade | CardPlayed | SpadesBroken | TrickWon
    | HandScored
)


def redact(event: Event, *, viewer: Seat) -> Event:
    """The event as ``viewer`` may see it: another player's draws and exchange lose their cards."""
    if isinstance(event, Drew) and event.seat != viewer:
        return Drew(event.seat, None, None, None)
    if isinstance(event, Exchanged) and event.seat != viewer:
        return Exchanged(event.seat, event.swapped, None, None)
    return event
