"""The view reader (a seat's view read field by field) agrees with the whole view at every
state of random hands of every preset."""

from __future__ import annotations

import random

import pytest

from tests.view_reader_checks import assert_reader_agrees, every_state
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import new_hand
from tricktable.sheepshead.view import ViewReader


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_field_read_equals_the_view(preset: str) -> None:
    for number in range(40):
        start = new_hand(rules=PRESETS[preset], dealer=number % 5, seed=f"reader/{number}")
        for state in every_state(start, random.Random(number)):
            for seat in range(5):
                view = state.view(seat)
                read = ViewReader(state, seat)
                assert_reader_agrees(read, view)
                current = view.current_trick
                assert read.current() == (current.leader, current.cards, current.face_down)


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="0 to 4"):
        ViewReader(new_hand(seed=1), 5)
