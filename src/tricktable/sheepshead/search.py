"""The play phase of a Sheepshead hand as a fast, unchecked position for search.

:class:`SearchPosition` plays cards with ``make``/``unmake`` on compact bitmasks in which the
card's bit index is its rank in power order: bits 0–13 are the trumps from Q♣ down to 7♦, then
clubs, spades and hearts from the ace down.  So the strongest card of a mask is its lowest bit,
and among the cards that can win a trick (trump, or the led suit) the lowest index wins.

It follows exactly the rules of :class:`~tricktable.sheepshead.state.HandState` for the play
phase (the tests replay random hands through both and compare), but checks nothing: search code
must only make moves from :meth:`SearchPosition.moves`.
"""

from __future__ import annotations

from typing import Final

from tricktable.cards import Card, cards_of
from tricktable.sheepshead.deck import (
    FAIL_SUITS,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_ORDER,
    PlaySuit,
)
from tricktable.sheepshead.state import HandState, Phase

__all__ = [
    "COMPACT",
    "CARD_OF",
    "DONE",
    "INDEX_OF",
    "LEADING",
    "NOT_LED",
    "POINTS_OF",
    "SUIT_BITS",
    "SUIT_OF",
    "TRUMP_BITS",
    "UNKNOWN_MOVE",
    "SearchPosition",
    "compact_mask",
    "compact_points",
    "equivalence_key",
    "equivalent_neighbours",
    "global_mask",
    "team_mask",
]


def _suit_order(suit: PlaySuit) -> list[Card]:
    return sorted(cards_of(SUIT_MASK[suit]), key=lambda c: -STRENGTH[suit][c])


COMPACT: Final[tuple[Card, ...]] = (*TRUMP_ORDER, *(c for s in FAIL_SUITS for c in _suit_order(s)))
"""The 32 cards in compact order: bit ``i`` of a compact mask is ``COMPACT[i]``."""
CARD_OF: Final = COMPACT
INDEX_OF: Final[dict[Card, int]] = {c: i for i, c in enumerate(COMPACT)}

TRUMP: Final = 3
TRUMP_BITS: Final = (1 << 14) - 1
SUIT_OF: Final[tuple[int, ...]] = tuple(TRUMP if i < 14 else (i - 14) // 6 for i in range(32))
SUIT_BITS: Final[tuple[int, ...]] = (
    0b111111 << 14, 0b111111 << 20, 0b111111 << 26, TRUMP_BITS,
)
POINTS_OF: Final[tuple[int, ...]] = tuple(POINTS[c] for c in COMPACT)
UNKNOWN_MOVE: Final = 32
"""The move that plays the picker's face-down unknown card."""

_NOT_LED: Final = 0
_LEADING: Final = 1
_DONE: Final = 2
NOT_LED: Final = _NOT_LED
"""The status while the called suit has not been led: the called card binds the partner."""
LEADING: Final = _LEADING
"""The status while the called suit's first trick is being played."""
DONE: Final = _DONE
"""The status once the called card binds no play (its suit led, or no called card)."""
_GLOBAL_BIT: Final = tuple(1 << c for c in COMPACT)
_BYTE_POINTS: Final = tuple(
    tuple(sum(POINTS_OF[8 * k + b] for b in range(8) if byte >> b & 1) for byte in range(256))
    for k in range(4)
)
"""``_BYTE_POINTS[k][byte]``: the card points of byte ``k`` of a compact mask."""
_POINT_CODE: Final = tuple((0, 2, 3, 4, 10, 11).index(p) for p in POINTS_OF)
"""A card's points in three bits, for :meth:`SearchPosition.equivalence_key`."""


def compact_points(mask: int) -> int:
    """The card points of a compact mask (``deck.mask_points`` counts those of a card bitmask)."""
    p0, p1, p2, p3 = _BYTE_POINTS
    return p0[mask & 255] + p1[mask >> 8 & 255] + p2[mask >> 16 & 255] + p3[mask >> 24 & 255]


def equivalence_key(h0: int, h1: int, h2: int, h3: int, h4: int, leader: int, status: int,
                    called: int, unknown: int, team: int) -> tuple[int, ...]:
    """A transposition key for the start of a trick with hands ``h0``–``h4`` (compact masks):
    each suit's remaining cards in power order with their holders and points (a card's rank
    among the remaining cards is all that play compares), the called card's place in its suit
    while it binds (``called``: its bit, or 0), the unknown card's points (or -1)."""
    everything = h0 | h1 | h2 | h3 | h4
    called_at = -1
    trump_holders = trump_points = fail_holders = fail_points = 0
    for suit in (TRUMP, 0, 1, 2):
        holders = points = count = 0
        mask = everything & SUIT_BITS[suit]
        while mask:
            low = mask & -mask
            mask ^= low
            if low == called:
                called_at = count
            count += 1
            if h0 & low:
                holders = holders << 3 | 1
            elif h1 & low:
                holders = holders << 3 | 2
            elif h2 & low:
                holders = holders << 3 | 3
            elif h3 & low:
                holders = holders << 3 | 4
            else:
                holders = holders << 3 | 5
            points = points << 3 | _POINT_CODE[low.bit_length() - 1]
        if suit == TRUMP:
            trump_holders, trump_points = holders, points
        else:  # a zero holder code after each fail suit keeps the suits apart
            fail_holders = (fail_holders << 3 * count | holders) << 3
            fail_points = (fail_points << 3 * count | points) << 3
    return (trump_holders, trump_points, fail_holders, fail_points, leader, status, called_at,
            unknown, team)


def equivalent_neighbours(higher: int, lower: int, separating: int) -> bool:
    """Whether the cards ``higher`` and ``lower`` (compact indices, ``higher`` the stronger) of one
    player's legal cards are worth the same for the rest of the hand: the same suit and points,
    and none of the ``separating`` cards (the others' cards, the trick's) ranked between them."""
    return (
        SUIT_OF[higher] == SUIT_OF[lower]
        and POINTS_OF[higher] == POINTS_OF[lower]
        and not ((1 << lower) - (2 << higher)) & separating
    )


def compact_mask(mask: int) -> int:
    """A card bitmask (card values) as a compact mask."""
    out = 0
    for c in cards_of(mask):
        out |= 1 << INDEX_OF[c]
    return out


def team_mask(picker: int, partner: int) -> int:
    """The seats of the picker's team as a bitmask (-1: no picker, or no partner)."""
    if picker < 0:
        return 0
    return 1 << picker | (1 << partner if partner >= 0 else 0)


def global_mask(mask: int) -> int:
    """A compact mask as a card bitmask."""
    out = 0
    while mask:
        low = mask & -mask
        out |= _GLOBAL_BIT[low.bit_length() - 1]
        mask ^= low
    return out


class SearchPosition:
    """The play of a hand, for search: every hand known, teams known."""

    __slots__ = (
        "hands", "team", "leaster", "to_move", "leader", "trick", "led", "best", "best_seat",
        "trick_points", "tricks_left", "team_points", "points", "tricks", "status",
        "called_bit", "called_suit", "partner", "picker", "unknown", "unknown_played",
        "_undo",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        leader: int,
        team: int,
        leaster: bool = False,
        tricks_left: int = 6,
        called: int = -1,
        partner: int = -1,
        picker: int = -1,
        called_led: bool = True,
        unknown: int = -1,
    ) -> None:
        """A position at the start of a trick.  ``hands`` are compact masks; ``team`` is the
        bitmask of the picker's team's seats; ``called`` the compact index of the called card
        (or -1); ``unknown`` the compact index of the picker's unknown card (or -1)."""
        self.hands = list(hands)
        self.team = team
        self.leaster = leaster
        self.to_move = leader
        self.leader = leader
        self.trick: list[int] = []
        self.led = -1
        self.best = 99
        self.best_seat = -1
        self.trick_points = 0
        self.tricks_left = tricks_left
        self.team_points = 0
        self.points = [0] * 5
        self.tricks = [0] * 5
        self.status = _DONE if called < 0 or called_led else _NOT_LED
        self.called_bit = 0 if called < 0 else 1 << called
        self.called_suit = -1 if called < 0 else SUIT_OF[called]
        self.partner = partner
        self.picker = picker
        self.unknown = unknown
        self.unknown_played = unknown < 0
        self._undo: list[int] = []
        """A flat stack: five small ints per move, seven more per finished trick (no tuples)."""

    @classmethod
    def from_state(cls, state: HandState) -> SearchPosition:
        """The play phase of a (full-information) hand state, at any point of play."""
        if state.phase is not Phase.PLAY:
            raise ValueError("Search starts in the play phase.")
        picker = -1 if state.picker is None else state.picker
        partner = -1 if state.partner is None else state.partner
        called = -1 if state.called is None or state.alone else INDEX_OF[state.called]
        if state.rules.jack_of_diamonds:
            called = -1  # the team is known here; the J♦ binds no play
        unknown = -1 if state.unknown is None else INDEX_OF[state.unknown]
        position = cls(
            hands=[compact_mask(h) for h in state.hands],
            leader=state.leader,
            team=team_mask(picker, partner),
            leaster=state.picker is None,
            tricks_left=6 - len(state.tricks),
            called=called,
            partner=partner,
            picker=picker,
            called_led=state.called_suit_led and not state.called_suit_leading,
            unknown=unknown,
        )
        in_this_trick = state.unknown is not None and state.unknown in state.current_trick
        position.unknown_played = unknown < 0 or (state.unknown_played and not in_this_trick)
        for seat in range(5):
            position.points[seat] = state.points_by_seat[seat]
            position.tricks[seat] = state.tricks_by_seat[seat]
        for c in state.current_trick:
            seat = position.to_move
            if unknown >= 0 and c == state.unknown:
                position.make(UNKNOWN_MOVE)
            else:
                position.hands[seat] |= 1 << INDEX_OF[c]  # make() takes it back out
                position.make(INDEX_OF[c])
        position._undo.clear()
        return position

    # --- Moves --------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The compact cards the player to move may play (the unknown card aside)."""
        seat = self.to_move
        hand = self.hands[seat]
        status = self.status
        if not self.trick:
            if status == _NOT_LED and seat == self.partner:
                return hand & ~(SUIT_BITS[self.called_suit] & ~self.called_bit)
            return hand
        if status == _LEADING:
            if seat == self.partner:
                return self.called_bit
            if seat == self.picker and not self.unknown_played:
                return 0
        follow = hand & SUIT_BITS[self.led]
        if follow:
            return follow
        if status == _NOT_LED and self.tricks_left > 1 and hand:
            if seat == self.partner:
                return hand & ~self.called_bit
            if seat == self.picker and self.unknown_played:
                holding = hand & SUIT_BITS[self.called_suit]
                if holding & (holding - 1) == 0:
                    return hand & ~holding
        return hand

    def unknown_legal(self) -> bool:
        """Whether the picker to move may play the unknown card now."""
        if self.unknown_played or self.to_move != self.picker:
            return False
        if not self.trick:
            return True
        return self.status == _LEADING or not self.hands[self.to_move]

    def moves(self) -> list[int]:
        """Legal moves (compact card indices, or UNKNOWN_MOVE), strongest first, with cards that
        are equivalent for the rest of the hand merged into one."""
        legal = self.legal_mask()
        moves: list[int] = []
        if legal:
            h = self.hands
            separating = (h[0] | h[1] | h[2] | h[3] | h[4]) & ~legal
            for card in self.trick:
                if card >= 0:
                    separating |= 1 << card
            previous = -1
            while legal:
                low = legal & -legal
                index = low.bit_length() - 1
                legal ^= low
                if previous < 0 or not equivalent_neighbours(previous, index, separating):
                    moves.append(index)
                previous = index
        if not self.unknown_played and self.unknown_legal():
            moves.append(UNKNOWN_MOVE)
        return moves

    # --- Make and unmake ----------------------------------------------------------------------

    def make(self, move: int) -> None:
        """Play a move from :meth:`moves` for the player to move."""
        seat = self.to_move
        trick = self.trick
        undo = self._undo
        undo.append(self.led)
        undo.append(self.best)
        undo.append(self.best_seat)
        undo.append(self.trick_points)
        undo.append(self.status)
        if move == UNKNOWN_MOVE:
            card = self.unknown
            self.unknown_played = True
            if not trick:
                self.led = self.called_suit
                self.best = 99
                self.best_seat = seat
                self.trick_points = 0
                if self.status == _NOT_LED:
                    self.status = _LEADING
            trick.append(-1)
        else:
            card = move
            self.hands[seat] ^= 1 << card
            if not trick:
                led = self.led = SUIT_OF[card]
                self.best = card
                self.best_seat = seat
                self.trick_points = 0
                if led == self.called_suit and self.status == _NOT_LED:
                    self.status = _LEADING
            elif (card < 14 or SUIT_OF[card] == self.led) and card < self.best:
                self.best = card
                self.best_seat = seat
            trick.append(card)
        self.trick_points += POINTS_OF[card]
        if len(trick) < 5:
            self.to_move = (seat + 1) % 5
            return
        winner = self.best_seat
        points = self.trick_points
        self.points[winner] += points
        self.tricks[winner] += 1
        if self.team >> winner & 1:
            self.team_points += points
        self.tricks_left -= 1
        self.trick_points = 0  # so that remaining_points() is exact at a trick's start
        undo.append(points)
        undo.append(self.leader)
        undo.extend(trick)
        trick.clear()
        if self.status == _LEADING:
            self.status = _DONE
        self.to_move = self.leader = winner

    def unmake(self) -> None:
        """Take back the last move."""
        undo = self._undo
        trick = self.trick
        if not trick:
            # The last move completed a trick: restore it first.
            trick.extend(undo[-5:])
            del undo[-5:]
            leader = undo.pop()
            points = undo.pop()
            winner = self.leader
            self.points[winner] -= points
            self.tricks[winner] -= 1
            if self.team >> winner & 1:
                self.team_points -= points
            self.tricks_left += 1
            self.leader = leader
        card = trick.pop()
        seat = (self.leader + len(trick)) % 5
        if card < 0:
            self.unknown_played = False
        else:
            self.hands[seat] |= 1 << card
        self.status = undo.pop()
        self.trick_points = undo.pop()
        self.best_seat = undo.pop()
        self.best = undo.pop()
        self.led = undo.pop()
        self.to_move = seat

    def last_trick(self) -> tuple[int, int]:
        """(winner, points) of the last trick, whose plays are forced: call it at its start."""
        leader = self.leader
        best = 99
        winner = leader
        led = -1
        points = 0
        for k in range(5):
            seat = (leader + k) % 5
            hand = self.hands[seat]
            if hand:
                card = hand.bit_length() - 1
                points += POINTS_OF[card]
                if k == 0:
                    led = SUIT_OF[card]
                    best = card
                elif (card < 14 or SUIT_OF[card] == led) and card < best:
                    best = card
                    winner = seat
            else:  # the picker's face-down unknown card
                points += POINTS_OF[self.unknown]
                if k == 0:
                    led = self.called_suit
        return winner, points

    @property
    def over(self) -> bool:
        return self.tricks_left == 0

    def remaining_points(self) -> int:
        """Card points still to be won: in hands, the unknown card and the current trick."""
        h = self.hands
        total = self.trick_points + compact_points(h[0] | h[1] | h[2] | h[3] | h[4])
        if not self.unknown_played:
            total += POINTS_OF[self.unknown]
        return total

    def equivalence_key(self) -> tuple[int, ...]:
        """A transposition key, valid at the start of a trick, that positions differing only in
        the cards already played share (see :func:`equivalence_key`)."""
        h0, h1, h2, h3, h4 = self.hands
        called = self.called_bit if self.status == _NOT_LED else 0
        unknown = -1 if self.unknown_played else POINTS_OF[self.unknown]
        return equivalence_key(h0, h1, h2, h3, h4, self.leader, self.status, called, unknown,
                               self.team)

    def key(self) -> tuple[int, ...]:
        """A transposition key, valid at the start of a trick."""
        h = self.hands
        return (h[0], h[1], h[2], h[3], h[4], self.leader, self.status,
                int(self.unknown_played), self.team, self.unknown)
