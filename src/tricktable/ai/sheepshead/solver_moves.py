"""The Sheepshead solver's plain functions: a finished leaster's score, the partner's legal
cards while the called card binds, and the plain search's move generation.

Split from :mod:`tricktable.ai.sheepshead.solver` (which re-exports :func:`leaster_score`);
compiled with mypyc like it (see ``setup.py``).
"""

from __future__ import annotations

from typing import Final

from tricktable.sheepshead.search import NOT_LED, SUIT_BITS, TRUMP_BITS

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
    # One card of each run of equivalent ones (the strongest): the same suit and points
    # (every card from the one after ``previous`` to this one continues its class) and no
    # separating card ranked between them.
    kept = 0
    previous = -1
    mask = legal
    while mask:
        low = mask & -mask
        mask ^= low
        if (previous < 0 or (low - (2 << previous)) & separating
                or ((low << 1) - (2 << previous)) & ~CONTINUES):
            kept |= low
        previous = low.bit_length() - 1
    if k == 0:  # leads: strongest first
        return _packed(0, kept)
    winning = kept & ((1 << best) - 1) & (TRUMP_BITS | SUIT_BITS[led])
    losing = kept & ~winning
    if (team >> best_seat & 1) == maximizing:
        # Let the teammate win, richest card first; then win, richest card first.
        moves = _richest_first(0, losing)
        return _richest_first(moves, winning)
    # Win as cheaply as possible (the weakest winning card first), or else throw the cheapest.
    moves = 0
    shift = 0
    while winning:
        index = winning.bit_length() - 1
        winning ^= 1 << index
        moves |= (index + 1) << shift
        shift += 6
    moves = _packed(moves, losing & POINTS_0)
    moves = _packed(moves, losing & POINTS_2)
    moves = _packed(moves, losing & POINTS_3)
    moves = _packed(moves, losing & POINTS_4)
    moves = _packed(moves, losing & POINTS_10)
    return _packed(moves, losing & POINTS_11)


def _richest_first(moves: int, cards: int) -> int:
    """``moves`` with ``cards`` after them, the richest first (the strongest among equals)."""
    if cards:
        moves = _packed(moves, cards & POINTS_11)
        moves = _packed(moves, cards & POINTS_10)
        moves = _packed(moves, cards & POINTS_4)
        moves = _packed(moves, cards & POINTS_3)
        moves = _packed(moves, cards & POINTS_2)
        moves = _packed(moves, cards & POINTS_0)
    return moves


def _packed(moves: int, cards: int) -> int:
    """``moves`` (packed as :func:`plain_moves` returns them) with ``cards`` after them,
    strongest first."""
    if not cards:
        return moves
    shift = (moves.bit_length() + 5) // 6 * 6
    while cards:
        low = cards & -cards
        cards ^= low
        moves |= low.bit_length() << shift
        shift += 6
    return moves


# The compact cards by points, and those of the same suit and points as the card above them
# (tests check these against the card tables).
POINTS_0: Final = 0xE38E3800
POINTS_2: Final = 0xF0
POINTS_3: Final = 0xF
POINTS_4: Final = 0x10410400
POINTS_10: Final = 0x8208200
POINTS_11: Final = 0x4104100
CONTINUES: Final = 0xC30C30EE
