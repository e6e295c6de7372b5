"""The view reader (a seat's view read field by field) agrees with the whole view at every
state of random hands of every preset."""

from __future__ import annotations

import pytest

from tests.view_reader_checks import checked_readers
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import HandState, new_hand
from tricktable.sheepshead.view import ViewReader


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_field_read_equals_the_view(preset: str) -> None:
    def start(number: int) -> HandState:
        return new_hand(rules=PRESETS[preset], dealer=number % 5, seed=f"reader/{number}")

    for read, view in checked_readers(start, ViewReader, seats=5):
        current = view.current_trick
        assert read.current() == (current.leader, current.cards, current.face_down)


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="0 to 4"):
        ViewReader(new_hand(seed=1), 5)
