"""A finished or unfinished hand of either game walked from its start: each decision of a seat
with the seat's view just before it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tricktable.game import Action, Seat
from tricktable.sheepshead.state import HandState as SheepsheadHand
from tricktable.spades.state import HandState as SpadesHand
from tricktable.spades.state import Phase as SpadesPhase

__all__ = ["AnyHand", "decisions_of", "fresh_hand", "is_spades"]

AnyHand = SheepsheadHand | SpadesHand


def is_spades(hand: AnyHand) -> bool:
    return isinstance(hand, SpadesHand)


def fresh_hand(hand: AnyHand) -> AnyHand:
    """The same hand as dealt, before any action."""
    if isinstance(hand, SpadesHand):
        return SpadesHand(rules=hand.rules, first=hand.first, deal=hand.deal, seed=hand.seed,
                          exchange_seed=hand.exchange_seed, totals=hand.start_totals,
                          bags=hand.start_bags)
    return SheepsheadHand(rules=hand.rules, dealer=hand.dealer, deal=hand.deal,
                          multiplier=hand.multiplier)


_JUDGED_SPADES = (SpadesPhase.BID, SpadesPhase.PLAY)


def decisions_of(hand: AnyHand, seat: Seat) -> Iterator[tuple[int, Any, Action]]:
    """Each real decision of ``seat`` in ``hand`` (more than one legal option; in Spades the
    bids and cards only): its index in the hand's history, the seat's view just before it, and
    the action taken."""
    fresh = fresh_hand(hand)
    spades = isinstance(fresh, SpadesHand)
    for index, (mover, action) in enumerate(hand.history):
        if (mover == seat and len(fresh.legal_actions()) > 1
                and (not spades or fresh.phase in _JUDGED_SPADES)):
            yield index, fresh.view(seat), action
        fresh.apply(action)
