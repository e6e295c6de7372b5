"""The unchecked search position plays exactly like the checked engine."""

from __future__ import annotations

import random

from tests.spades.helpers import random_play_phase
from tricktable.cards import cards_of
from tricktable.game import Action
from tricktable.spades.search import SearchPosition, merged_moves, move_classes


def snapshot(position: SearchPosition) -> tuple[object, ...]:
    return (list(position.hands), position.to_move, position.leader, position.led,
            list(position.tricks), position.tricks_left, position.spades_broken)


def test_search_position_follows_the_engine_move_by_move() -> None:
    rng = random.Random(1)
    compared = 0
    for seed in range(400):
        state = random_play_phase(seed, rng)
        # Start anywhere in the play, mid-trick included.
        for _ in range(rng.randrange(26)):
            state.apply(rng.choice(state.legal_actions()))
        position = SearchPosition.from_state(state)
        start = snapshot(position)
        played = 0
        while not state.is_over:
            assert position.to_move == state.to_move and position.leader == state.leader
            assert position.legal_mask() == state.legal_play_mask()
            assert {int(a.card) for a in state.legal_actions()} == set(
                cards_of(position.legal_mask()))
            moves = position.moves()
            assert moves and set(moves) <= set(cards_of(position.legal_mask()))
            assert set(position.move_classes().values()) == set(moves)
            action = rng.choice(state.legal_actions())
            state.apply(action)
            position.make(action.card)
            played += 1
            assert position.hands == state.hands
            assert position.tricks == state.tricks_won
            assert position.spades_broken == state.spades_broken
            assert position.tricks_left == 13 - len(state.tricks)
            compared += 1
        assert position.over
        for _ in range(played):
            position.unmake()
        assert snapshot(position) == start
    assert compared > 5000


def test_unmake_restores_every_field() -> None:
    rng = random.Random(2)
    for seed in range(200):
        position = SearchPosition.from_state(random_play_phase(seed, rng))
        snapshots = []
        while not position.over:
            snapshots.append(snapshot(position))
            position.make(rng.choice(position.moves()))
        while snapshots:
            position.unmake()
            assert snapshot(position) == snapshots.pop()


def test_merged_moves_keep_one_card_of_each_run() -> None:
    # Seat holds 9H 8H 6H; the other hand holds 7H: 9H-8H are one move, 6H another.
    nine, eight, seven, six = (26 + r for r in (7, 6, 5, 4))
    legal = 1 << nine | 1 << eight | 1 << six
    assert merged_moves(legal, 1 << seven) == [nine, six]
    assert move_classes(legal, 1 << seven) == {nine: nine, eight: nine, six: six}
    assert merged_moves(legal, 0) == [nine]
    # A different suit never merges.
    assert merged_moves(1 << 12 | 1 << 13, 0) == [13, 12]


def test_play_actions_are_cards() -> None:
    state = random_play_phase(3, random.Random(3))
    position = SearchPosition.from_state(state)
    assert {Action.play(c) for c in position.move_classes()} == set(state.legal_actions())
