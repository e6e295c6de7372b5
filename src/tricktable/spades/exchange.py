"""The double-nil exchange: the choices open to the player, and the random draw from the pile.

A double-nil player with 13 cards may give up any 0 to 3 of them: 378 choices.  Building 378
actions for every exchange would cost more than the rest of a random hand, so the choices are an
immutable, lazily built sequence, :class:`ExchangeOptions`, that behaves like (and compares equal
to) the tuple of those actions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from itertools import chain, combinations, pairwise
from typing import overload

from tricktable.cards import CARDS, Card, cards_of
from tricktable.game import Action, ActionKind, Seed, seed_text

__all__ = ["MAX_EXCHANGE", "ExchangeOptions", "exchange_action", "exchange_draw"]

MAX_EXCHANGE = 3
"""A double-nil player gives up at most this many cards."""


class _Actions(dict[tuple[Card, ...], Action]):
    """Shared exchange actions by their ascending cards, made on first use."""

    def __missing__(self, cards: tuple[Card, ...]) -> Action:
        action = self[cards] = Action(ActionKind.EXCHANGE, cards)
        return action


_ACTIONS = _Actions()


def exchange_action(cards: Sequence[Card]) -> Action:
    """The shared action giving up ``cards`` (any order)."""
    return _ACTIONS[tuple(sorted(cards))]


_POSITIONS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _positions(count: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of 0 to 3 positions among ``count``, by size, then in lexicographic order."""
    found = _POSITIONS.get(count)
    if found is None:
        found = _POSITIONS[count] = tuple(
            chain.from_iterable(combinations(range(count), k) for k in range(MAX_EXCHANGE + 1))
        )
    return found


class ExchangeOptions(Sequence[Action]):
    """The exchanges a hand allows, in a stable order: giving up nothing, then every single
    card, every pair and every three cards, each in ascending card order.

    Equal to any sequence of the same actions (``tuple(options) == options``).
    """

    __slots__ = ("_cards", "_positions", "hand")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        """The hand, as a card bitmask."""
        self._cards = tuple(cards_of(hand))
        self._positions = _positions(len(self._cards))

    def __len__(self) -> int:
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        cards = self._cards
        return _ACTIONS[tuple(map(cards.__getitem__, self._positions[index]))]

    def __iter__(self) -> Iterator[Action]:
        cards = self._cards
        subsets = (combinations(cards, k) for k in range(MAX_EXCHANGE + 1))
        return map(_ACTIONS.__getitem__, chain.from_iterable(subsets))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind is not ActionKind.EXCHANGE:
            return False
        cards = action.cards
        return (
            action.number is None
            and len(cards) <= MAX_EXCHANGE
            and all(a < b for a, b in pairwise(cards))
            and all((self.hand >> c) & 1 for c in cards)
        )

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        return tuple(self).index(value, start, len(self) if stop is None else stop)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ExchangeOptions):
            return self.hand == other.hand
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return len(other) == len(self) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ExchangeOptions({len(self)} choices of {' '.join(map(str, self._cards))})"


def exchange_draw(pile: int, count: int, seed: Seed) -> tuple[Card, ...]:
    """The ``count`` cards a double-nil player draws at random from the discard pile ``pile``
    (a bitmask), in ascending card order.

    The algorithm, fixed because records depend on it: the byte stream is SHAKE-256 of
    ``"tricktable/spades-exchange/" + seed_text(seed)`` (UTF-8).  For each card in turn, the
    next 8 bytes are read as an unsigned big-endian integer ``r``, and the card at index
    ``r % n`` of the ``n`` cards still in the pile, in ascending card order, is drawn (the bias
    of the modulo is below 2**-58).
    """
    if not count:
        return ()
    remaining = []
    while pile:
        low = pile & -pile
        remaining.append(CARDS[low.bit_length() - 1])
        pile ^= low
    if count > len(remaining):
        raise ValueError("The discard pile does not hold that many cards.")
    message = f"tricktable/spades-exchange/{seed_text(seed)}".encode()
    stream = hashlib.shake_256(message).digest(8 * count)
    drawn = [
        remaining.pop(int.from_bytes(stream[8 * k : 8 * k + 8], "big") % len(remaining))
        for k in range(count)
    ]
    return tuple(sorted(drawn))
