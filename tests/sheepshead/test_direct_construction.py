"""Compiled, the view, the current trick, basic's table, the deal and the hand's result are built
by setting their fields directly (not through the frozen dataclasses' interpreted __init__): what is
built must equal what the dataclass constructor builds from the same fields, and stay frozen."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tricktable.sheepshead.knowledge import Table, TrickState, read_table
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import new_hand
from tricktable.sheepshead.view import SheepsheadView, TrickView


def _rebuilt(value: object) -> object:
    cls = type(value)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    return cls(**{f.name: getattr(value, f.name) for f in fields if f.init})


@pytest.mark.parametrize("preset", list(PRESETS))
def test_direct_construction_equals_the_dataclass_constructor(preset: str) -> None:
    for number in range(15):
        rng = random.Random(number)
        state = new_hand(rules=PRESETS[preset], dealer=number % 5, seed=f"direct/{number}")
        while not state.is_over:
            for seat in range(5):
                view = state.view(seat)
                assert type(view) is SheepsheadView
                assert _rebuilt(view) == view
                assert type(view.current_trick) is TrickView
                assert _rebuilt(view.current_trick) == view.current_trick
                table = read_table(view)
                assert type(table) is Table and type(table.trick) is TrickState
                assert _rebuilt(table) == table
                assert _rebuilt(table.trick) == table.trick
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert _rebuilt(state.result) == state.result
        assert _rebuilt(state.deal) == state.deal


def test_directly_built_objects_stay_frozen() -> None:
    state = new_hand(seed=1)
    view = state.view(0)
    table = read_table(view)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    for value in (view, view.current_trick, table, table.trick, state.deal, state.result):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, dataclasses.fields(value)[0].name, None)
