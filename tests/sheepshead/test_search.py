"""The unchecked search position plays exactly like the checked engine."""

import random

import pytest

from tricktable.cards import cards_of
from tricktable.game import Action
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.search import (
    CARD_OF,
    INDEX_OF,
    UNKNOWN_MOVE,
    SearchPosition,
    compact_mask,
    global_mask,
)
from tricktable.sheepshead.state import HandState, Phase, new_hand


def to_play_phase(seed: int, rng: random.Random, preset: str) -> HandState:
    state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
    while state.phase is not Phase.PLAY and not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def engine_moves(state: HandState) -> set[int]:
    moves = {INDEX_OF[a.card] for a in state.legal_actions()}
    if state.unknown is not None and INDEX_OF[state.unknown] in moves:
        moves.discard(INDEX_OF[state.unknown])
        moves.add(UNKNOWN_MOVE)
    return moves


def position_moves(position: SearchPosition) -> set[int]:
    moves = set(cards_of(position.legal_mask()))
    return {int(m) for m in moves} | ({UNKNOWN_MOVE} if position.unknown_legal() else set())


def test_compact_order_is_power_order_and_masks_convert() -> None:
    assert [str(c) for c in CARD_OF[:5]] == ["QC", "QS", "QH", "QD", "JC"]
    assert [str(c) for c in CARD_OF[14:20]] == ["AC", "10C", "KC", "9C", "8C", "7C"]
    mask = sum(1 << c for c in CARD_OF[3:9])
    assert global_mask(compact_mask(mask)) == mask


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_position_follows_the_engine_move_by_move(preset: str) -> None:
    rng = random.Random(preset)
    compared = 0
    for seed in range(400):
        state = to_play_phase(seed, rng, preset)
        if state.is_over:
            continue
        position = SearchPosition.from_state(state)
        start = (list(position.hands), position.to_move, position.key())
        history: list[int] = []
        while not state.is_over:
            assert position.to_move == state.to_move
            assert position_moves(position) == engine_moves(state)
            # Every merged move list still covers each class of equivalent cards.
            merged = position.moves()
            assert set(merged) <= engine_moves(state) and merged
            action = rng.choice(state.legal_actions())
            move = INDEX_OF[action.card]
            if state.unknown is not None and action.card == state.unknown:
                move = UNKNOWN_MOVE
            state.apply(action)
            position.make(move)
            history.append(move)
            assert [compact_mask(h) for h in state.hands] == position.hands
            assert state.points_by_seat == position.points
            assert state.tricks_by_seat == position.tricks
            compared += 1
            if not state.is_over:
                fresh = SearchPosition.from_state(state)
                assert fresh.key() == position.key() or position.trick
        assert position.over
        for _ in history:
            position.unmake()
        assert (list(position.hands), position.to_move, position.key()) == start
    assert compared > 5000


def test_unmake_restores_every_field() -> None:
    rng = random.Random(9)
    for seed in range(200):
        state = to_play_phase(seed, rng, "milwaukee")
        position = SearchPosition.from_state(state)
        snapshots = []
        moves = []
        while not position.over:
            snapshots.append((list(position.hands), position.to_move, position.leader,
                              list(position.trick), position.team_points, list(position.points),
                              list(position.tricks), position.status, position.unknown_played))
            move = rng.choice(position.moves())
            position.make(move)
            moves.append(move)
        while moves:
            position.unmake()
            moves.pop()
            assert snapshots.pop() == (
                list(position.hands), position.to_move, position.leader, list(position.trick),
                position.team_points, list(position.points), list(position.tricks),
                position.status, position.unknown_played)


def test_play_actions_map_to_moves() -> None:
    state = to_play_phase(3, random.Random(3), "milwaukee")
    action = state.legal_actions()[0]
    assert CARD_OF[INDEX_OF[action.card]] == action.card
    assert Action.play(CARD_OF[INDEX_OF[action.card]]) == action
