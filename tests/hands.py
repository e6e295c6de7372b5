"""Walking a hand decision by decision, for tests of either game's players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def decisions(state: Any) -> Iterator[tuple[int, Any]]:
    """Each seat to move and its view, until the hand is over; the caller applies the seat's
    action before asking for the next."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        yield seat, state.view(seat)
