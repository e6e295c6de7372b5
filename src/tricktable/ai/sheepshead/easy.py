"""Cheap, exact answers for Sheepshead card plays whose choice cannot matter.

A search player spends most of its time on decisions it need not search.  Two legal cards are
*equivalent* when, whatever the hidden cards, playing one or the other leads to the same result
under any play that follows: they belong to the same play suit (trump, or one fail suit), are
worth the same points, and every card ranked between them is either in this seat's own hand or
already gone for good (in a finished trick, or in this seat's own bury).  A card between them
that is still unseen, or lies in the trick being played, could make one win where the other
loses, so it keeps them apart.  Among the legal cards this is the very merge the double-dummy
search makes (:meth:`~tricktable.sheepshead.search.SearchPosition.moves`), read from one seat's
view instead of the open cards; the tests check on thousands of sampled deals that the solver
gives equivalent cards the same value.

When every option is equivalent to every other, the search would score them all alike on every
deal, so its choice is its default: the player answers at once.  Otherwise it need search only
one card of each set of equivalent ones (:func:`one_of_each`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from tricktable.game import Action, ActionKind
from tricktable.sheepshead.deck import DECK_MASK
from tricktable.sheepshead.search import INDEX_OF, POINTS_OF, SUIT_OF, compact_mask
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["all_equivalent", "live_mask", "one_of_each"]


def live_mask(view: SheepsheadView) -> int:
    """The compact mask of the cards that may still change a trick's winner, other than this
    seat's own hand: everything not in a finished trick (the trick in progress included) and
    not in this seat's own bury."""
    gone = 0
    for trick in view.tricks:
        for c in trick.cards:
            if c is not None:
                gone |= 1 << c
    for c in view.hand:
        gone |= 1 << c
    if view.buried:
        for c in view.buried:
            gone |= 1 << c
    return compact_mask(DECK_MASK & ~gone)


def all_equivalent(view: SheepsheadView, options: Sequence[Action]) -> bool:
    """Whether every option is a card play equivalent to every other (see the module)."""
    if len(options) < 2:
        return True
    indices = []
    for action in options:
        if action.kind is not ActionKind.PLAY:
            return False
        card = action.card
        if view.unknown_card is not None and card == view.unknown_card:
            return False  # the face-down card never wins: it is unlike any other
        indices.append(INDEX_OF[card])
    indices.sort()
    live = live_mask(view)
    suit = SUIT_OF[indices[0]]
    points = POINTS_OF[indices[0]]
    previous = indices[0]
    for index in indices[1:]:
        if SUIT_OF[index] != suit or POINTS_OF[index] != points:
            return False
        between = (1 << index) - (2 << previous)  # the bits strictly between the two
        if between & live:
            return False
        previous = index
    return True


def one_of_each(view: SheepsheadView, options: Sequence[Action], keep: Action) -> list[Action]:
    """``options`` with each set of equivalent card plays (see the module) cut to one: ``keep``
    where it is in the set, else the set's first option; in the order of ``options``."""
    played = [(INDEX_OF[a.card], a) for a in options if a.kind is ActionKind.PLAY
              and (view.unknown_card is None or a.card != view.unknown_card)]
    if len(played) < 2:
        return list(options)
    played.sort(key=lambda pair: pair[0])
    live = live_mask(view)
    dropped: set[Action] = set()
    group = [played[0][1]]
    for (previous, _), (index, action) in pairwise(played):
        between = (1 << index) - (2 << previous)
        if (SUIT_OF[index] == SUIT_OF[previous] and POINTS_OF[index] == POINTS_OF[previous]
                and not between & live):
            group.append(action)
            continue
        dropped.update(_all_but_one(group, keep, options))
        group = [action]
    dropped.update(_all_but_one(group, keep, options))
    return [a for a in options if a not in dropped]


def _all_but_one(group: list[Action], keep: Action, options: Sequence[Action]) -> list[Action]:
    """The options of an equivalent ``group`` to leave out: all but ``keep`` if it is one, else
    all but the first in the order of ``options``."""
    if len(group) < 2:
        return []
    kept = keep if keep in group else min(group, key=options.index)
    return [a for a in group if a != kept]
