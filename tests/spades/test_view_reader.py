"""The view reader (a seat's view read field by field) agrees with the whole view at every
state of random hands of every preset."""

from __future__ import annotations

import pytest

from tests.view_reader_checks import checked_readers
from tricktable.spades.rules import PRESETS
from tricktable.spades.state import HandState, new_hand
from tricktable.spades.view import ViewReader


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_field_read_equals_the_view(preset: str) -> None:
    def start(number: int) -> HandState:
        return new_hand(rules=PRESETS[preset], first=number % 2, seed=f"reader/{number}")

    for read, view in checked_readers(start, ViewReader, seats=2):
        assert read.current() == (view.current_trick.leader, view.current_trick.cards)
        draw = read.draw()
        assert (draw.taken, draw.discarded, draw.exchanged, draw.exchange_given,
                draw.exchange_received) == (view.taken, view.discarded, view.exchanged,
                                            view.exchange_given, view.exchange_received)


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or 1"):
        ViewReader(new_hand(first=0, seed=1), 2)
