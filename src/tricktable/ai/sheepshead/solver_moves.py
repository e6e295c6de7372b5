"""The Sheepshead solver's plain functions: a finished leaster's score, the partner's legal
cards while the called card binds, and the plain search's move generation.

Split from :mod:`tricktable.ai.sheepshead.solver` (which re-exports :func:`leaster_score`);
compiled with mypyc like it (see ``setup.py``).
"""

from __future__ import annotations

from typing import Final

from tricktable.sheepshead.search import NOT_LED, POINTS_OF, SUIT_BITS, equivalent_neighbours

__all__ = ["follow_cards", "leaster_score", "plain_moves"]


def leaster_score(points: list[int], tricks: list[int], seat: int) -> int:
    """A finished leaster's score for ``seat``: +4 for the sole winner, -1 for the others, 0 all
    round on a tie (fewest points among the players who took a trick)."""
    fewest = 999
    count = 0
    for other in range(5):
        if tricks[other]:
            if points[other] < fewest:
                fewest = points[other]
                count = 1
            elif points[other] == fewest:
                count += 1
    if count != 1:
        return 0
    if tricks[seat] and points[seat] == fewest:
        return 4
    return -1


def follow_cards(hand: int, led: int, status: int, tricks_left: int, called_bit: int) -> int:
    """The partner's legal cards when following while the called card binds: his cards of the
    led suit, or, void in it, anything but the called card before the last trick."""
    follow = hand & SUIT_BITS[led]
    if follow:
        return follow
    if status == NOT_LED and tricks_left > 1 and hand:
        return hand & ~called_bit
    return hand


def plain_moves(separating: int, legal: int, k: int, best: int,
                best_seat: int, led: int, team: int, maximizing: int) -> list[int]:
    """:meth:`~tricktable.sheepshead.search.SearchPosition.moves` then the solver's
    ``_ordered``, for its ``_plain_trick``: equivalent cards merged, then ordered.  Each entry's
    low six bits are the move (above them, when following, its sort key).  ``separating``: the
    cards, in the others' hands or in the trick, that keep two of ``legal`` apart."""
    moves: list[int] = []
    previous = -1
    winner_on_my_side = (team >> best_seat & 1) == maximizing
    while legal:
        low = legal & -legal
        index = low.bit_length() - 1
        legal ^= low
        if previous >= 0 and equivalent_neighbours(previous, index, separating):
            previous = index
            continue
        previous = index
        if k == 0:
            moves.append(index)
            continue
        wins = index < best and (index < 14 or _SUIT[index] == led)
        points = POINTS_OF[index]
        if winner_on_my_side:  # let the teammate win, richest card first
            moves.append((100 - points if wins else -points) * 64 + index)
        else:  # win as cheaply as possible, or else throw the cheapest card
            moves.append((-index if wins else 100 + points) * 64 + index)
    if k and len(moves) > 1:
        moves.sort()
    return moves


_SUIT: Final = tuple(3 if i < 14 else (i - 14) // 6 for i in range(32))
