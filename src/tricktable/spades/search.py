"""The play phase of a two-player Spades hand as a fast, unchecked position for search.

:class:`SearchPosition` plays cards with ``make``/``unmake`` on the engine's own card bitmasks
(bit ``13 * suit + rank``, so within a suit a higher bit is a higher card).  It follows exactly
the play rules of :class:`~tricktable.spades.state.HandState` — follow suit, no spade lead
before spades are broken unless the leader holds only spades, the highest spade or else the
highest card of the led suit wins — but checks nothing: search code must only make moves from
:meth:`SearchPosition.moves` or :meth:`SearchPosition.legal_mask`.  The tests replay random
hands through both and compare them move by move.
"""

from __future__ import annotations

from tricktable.spades.deck import FOLLOWER_WINS, NON_SPADE_MASK, SPADE_MASK
from tricktable.spades.state import HandState, Phase

__all__ = ["SUIT_MASK_OF", "SearchPosition", "merged_moves", "move_classes"]

SUIT_MASK_OF: tuple[int, ...] = tuple(0x1FFF << (13 * (c // 13)) for c in range(52))
"""The bitmask of a card's suit, by card."""


def merged_moves(legal: int, others: int) -> list[int]:
    """The cards of ``legal``, highest first, keeping one card (the highest) of each run of
    same-suit cards with none of ``others`` (the other hand, a card led) ranked between them:
    such cards are equivalent for the rest of the hand."""
    moves: list[int] = []
    previous = -1
    while legal:
        top = legal.bit_length() - 1
        legal ^= 1 << top
        if (
            previous >= 0
            and previous // 13 == top // 13
            and not others & ((1 << previous) - (2 << top))
        ):
            previous = top
            continue
        moves.append(top)
        previous = top
    return moves


def move_classes(legal: int, others: int) -> dict[int, int]:
    """Every card of ``legal`` mapped to the card that stands for it in :func:`merged_moves`."""
    classes: dict[int, int] = {}
    previous = representative = -1
    while legal:
        top = legal.bit_length() - 1
        legal ^= 1 << top
        if not (
            previous >= 0
            and previous // 13 == top // 13
            and not others & ((1 << previous) - (2 << top))
        ):
            representative = top
        classes[top] = representative
        previous = top
    return classes


class SearchPosition:
    """The play of a two-player hand with both hands known.

    ``hands`` are card bitmasks; ``tricks`` the tricks each seat has won this hand;
    ``led`` the card led to the unfinished trick (-1 at a trick boundary).
    """

    __slots__ = (
        "hands", "to_move", "leader", "led", "tricks", "tricks_left", "spades_broken", "_undo",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        leader: int,
        tricks: tuple[int, int] = (0, 0),
        spades_broken: bool = False,
    ) -> None:
        """A position at the start of a trick; both hands hold the same number of cards."""
        if hands[0].bit_count() != hands[1].bit_count():
            raise ValueError("Both hands hold the same number of cards at a trick boundary.")
        self.hands = list(hands)
        self.to_move = leader
        self.leader = leader
        self.led = -1
        self.tricks = list(tricks)
        self.tricks_left = hands[0].bit_count()
        self.spades_broken = spades_broken
        self._undo: list[tuple[int, ...]] = []

    @classmethod
    def from_state(cls, state: HandState) -> SearchPosition:
        """The play phase of a (full-information) hand state, at any point of play."""
        if state.phase is not Phase.PLAY:
            raise ValueError("Search starts in the play phase.")
        broken_before = any(
            (1 << c) & SPADE_MASK for trick in state.tricks for c in trick.cards
        )
        hands = list(state.hands)
        current = state.current_trick
        if current:
            hands[state.leader] |= 1 << current[0]
        position = cls(
            hands=hands,
            leader=state.leader,
            tricks=(state.tricks_won[0], state.tricks_won[1]),
            spades_broken=broken_before,
        )
        if current:
            position.make(current[0])
            position._undo.clear()
        return position

    def copy(self) -> SearchPosition:
        other = object.__new__(SearchPosition)
        other.hands = list(self.hands)
        other.to_move = self.to_move
        other.leader = self.leader
        other.led = self.led
        other.tricks = list(self.tricks)
        other.tricks_left = self.tricks_left
        other.spades_broken = self.spades_broken
        other._undo = list(self._undo)
        return other

    # --- Moves --------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the player to move may play."""
        hand = self.hands[self.to_move]
        led = self.led
        if led >= 0:
            return hand & SUIT_MASK_OF[led] or hand
        if self.spades_broken:
            return hand
        return hand & NON_SPADE_MASK or hand

    def moves(self) -> list[int]:
        """Legal cards, highest first, with equivalent cards merged (see :func:`merged_moves`)."""
        return merged_moves(self.legal_mask(), self._others())

    def move_classes(self) -> dict[int, int]:
        """Every legal card mapped to the move of :meth:`moves` that stands for it."""
        return move_classes(self.legal_mask(), self._others())

    def _others(self) -> int:
        others = self.hands[1 - self.to_move]
        if self.led >= 0:
            others |= 1 << self.led
        return others

    # --- Make and unmake ----------------------------------------------------------------------

    def make(self, card: int) -> None:
        """Play ``card`` (a legal one) for the player to move."""
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] ^= bit
        led = self.led
        broken = self.spades_broken
        if led < 0:
            self._undo.append((card, broken))
            if bit & SPADE_MASK:
                self.spades_broken = True
            self.led = card
            self.to_move = 1 - seat
            return
        self._undo.append((led, card, broken, self.leader))
        if bit & SPADE_MASK:
            self.spades_broken = True
        winner = seat if FOLLOWER_WINS[led * 52 + card] else 1 - seat
        self.tricks[winner] += 1
        self.tricks_left -= 1
        self.led = -1
        self.to_move = self.leader = winner

    def unmake(self) -> None:
        """Take back the last move."""
        entry = self._undo.pop()
        if len(entry) == 2:
            card, broken = entry
            self.led = -1
            seat = self.to_move = 1 - self.to_move
            self.hands[seat] |= 1 << card
            self.spades_broken = bool(broken)
            return
        led, card, broken, leader = entry
        self.tricks[self.leader] -= 1
        self.tricks_left += 1
        self.leader = leader
        self.led = led
        seat = self.to_move = 1 - leader
        self.hands[seat] |= 1 << card
        self.spades_broken = bool(broken)

    @property
    def over(self) -> bool:
        return self.tricks_left == 0

    def key(self) -> tuple[int, int, int, int]:
        """A transposition key (valid at a trick boundary): hands, leader, spades broken and the
        tricks seat 0 has won (which decides what the remaining tricks are worth)."""
        return (self.hands[0], self.hands[1],
                self.leader << 1 | self.spades_broken, self.tricks[0])
