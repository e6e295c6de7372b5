"""The Sheepshead solver's plain functions: a finished leaster's score, the partner's legal
cards while the called card binds, and the plain search's move generation.

Split from :mod:`tricktable.ai.sheepshead.solver` (which re-exports :func:`leaster_score`);
compiled with mypyc like it (see ``setup.py``).
"""

from __future__ import annotations

from typing import Final

from tricktable.sheepshead.search import NOT_LED, POINTS_OF, SUIT_BITS, SUIT_OF, TRUMP_BITS

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
                best_seat: int, led: int, team: int, maximizing: int) -> int:
    """:meth:`~tricktable.sheepshead.search.SearchPosition.moves` then the solver's
    ``_ordered``, for its ``_plain_trick``: equivalent cards merged, then ordered, packed in
    one int six bits a move (the card's compact index plus one; the first move lowest; zero
    ends it), so that no list is made.  ``separating``: the cards, in the others' hands or in
    the trick, that keep two of ``legal`` apart."""
    # One card of each run of equivalent ones (the strongest): the same suit and points with
    # no separating card ranked between them.
    kept = 0
    previous = -1
    mask = legal
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        mask ^= low
        if (previous < 0 or SUIT_OF[previous] != SUIT_OF[index]
                or POINTS_OF[previous] != POINTS_OF[index]
                or (low - (2 << previous)) & separating):
            kept |= low
        previous = index
    moves = 0
    shift = 0
    if k == 0:  # leads: strongest first
        while kept:
            low = kept & -kept
            kept ^= low
            moves |= low.bit_length() << shift
            shift += 6
        return moves
    winning = kept & ((1 << best) - 1) & (TRUMP_BITS | SUIT_BITS[led])
    losing = kept & ~winning
    if (team >> best_seat & 1) == maximizing:
        # Let the teammate win, richest card first; then win, richest card first.
        for second in range(2):
            group = winning if second else losing
            for points_mask in _RICHEST_FIRST:
                cards = group & points_mask
                while cards:
                    low = cards & -cards
                    cards ^= low
                    moves |= low.bit_length() << shift
                    shift += 6
        return moves
    # Win as cheaply as possible (the weakest winning card first), or else throw the cheapest.
    while winning:
        index = winning.bit_length() - 1
        winning ^= 1 << index
        moves |= (index + 1) << shift
        shift += 6
    for points_mask in _CHEAPEST_FIRST:
        cards = losing & points_mask
        while cards:
            low = cards & -cards
            cards ^= low
            moves |= low.bit_length() << shift
            shift += 6
    return moves


_CHEAPEST_FIRST: Final = tuple(
    sum(1 << i for i in range(32) if POINTS_OF[i] == value) for value in (0, 2, 3, 4, 10, 11)
)
"""The compact cards worth 0, 2, 3, 4, 10 and 11 points."""
_RICHEST_FIRST: Final = tuple(reversed(_CHEAPEST_FIRST))

