"""The contract every game's view reader keeps with the whole view, checked the same way for
Sheepshead and Spades."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any


def assert_reader_agrees(read: Any, view: Any) -> None:
    """``read`` (a seat's ``ViewReader``) gives every field of ``view`` (that seat's whole view)
    and the reader's own shortcuts (trick count, hand mask, tricks from any start) agree."""
    for field in dataclasses.fields(view):
        assert getattr(read, field.name) == getattr(view, field.name), field.name
    assert read.trick_count == len(view.tricks)
    assert read.hand_mask == sum(1 << c for c in view.hand)
    for start in range(len(view.tricks) + 1):
        assert read.tricks_from(start) == view.tricks[start:]


def every_state(state: Any, rng: random.Random) -> Iterator[Any]:
    """``state`` before each uniformly random legal action and once more when the hand is over
    (the same object, played on)."""
    while True:
        yield state
        if state.is_over:
            return
        legal = list(state.legal_actions())
        state.apply(legal[rng.randrange(len(legal))])


def checked_readers(start: Callable[[int], Any], reader: Callable[[Any, int], Any], seats: int,
                    hands: int = 40) -> Iterator[tuple[Any, Any]]:
    """Every seat's reader and view at every state of ``hands`` random hands (hand ``n`` from
    ``start(n)``, played on from ``random.Random(n)``), each reader already checked against its
    view by :func:`assert_reader_agrees`; the caller checks what its game adds."""
    for number in range(hands):
        for state in every_state(start(number), random.Random(number)):
            for seat in range(seats):
                view = state.view(seat)
                read = reader(state, seat)
                assert_reader_agrees(read, view)
                yield read, view
