"""The Spades double-dummy solver equals brute force through the checked engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.spades.helpers import random_play_phase
from tricktable.ai.spades.solver import SearchAborted, SpadesSolver, payoff_table, trick_payoff
from tricktable.game import Action
from tricktable.spades.rules import PRESETS
from tricktable.spades.search import SearchPosition
from tricktable.spades.state import HandState


def ending(seed: int, rng: random.Random, tricks_left: int) -> HandState:
    """A random hand played until ``tricks_left`` tricks (and maybe a lead) remain."""
    state = random_play_phase(seed, rng, bids=(0, 1, 2, 3, 4, 5, 6, 7))
    while len(state.tricks) < 13 - tricks_left:
        state.apply(rng.choice(state.legal_actions()))
    if rng.random() < 0.5:
        state.apply(rng.choice(state.legal_actions()))
    return state


def brute(state: HandState, payoff: Sequence[float]) -> float:
    """Seat 0's payoff under best play, by trying every legal card through the engine."""
    if state.is_over:
        return payoff[state.tricks_won[0]]
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(brute(child, payoff))
    return max(values) if state.to_move == 0 else min(values)


def random_payoff(state: HandState, rng: random.Random) -> tuple[float, ...]:
    kind = rng.randrange(3)
    if kind == 0:
        return tuple(float(v) for v in trick_payoff())
    if kind == 1:
        return tuple(rng.uniform(-50, 50) for _ in range(14))  # any table, not monotone
    return tuple(float(v) for v in payoff_table(
        bids=[b or 0 for b in state.bids], double_nil=state.double_nil,
        bags=(rng.randrange(10), rng.randrange(10)), rules=PRESETS["standard"]))


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_solver_equals_brute_force_on_random_endings(tricks_left: int) -> None:
    rng = random.Random(tricks_left)
    for seed in range(150):
        state = ending(seed, rng, tricks_left)
        payoff = random_payoff(state, rng)
        exact = brute(state, payoff)
        position = SearchPosition.from_state(state)
        solver = SpadesSolver(payoff)
        assert solver.solve(position) == exact
        values = solver.move_values(position)
        assert (max if state.to_move == 0 else min)(values.values()) == exact
        # Every legal card, merged or not, is worth what brute force says.
        for card, move in position.move_classes().items():
            child = state.copy()
            child.apply(Action.play(card))
            assert values[move] == brute(child, payoff)


def test_windows_bound_the_exact_value() -> None:
    rng = random.Random(7)
    for seed in range(80):
        state = ending(seed, rng, 3)
        payoff = random_payoff(state, rng)
        exact = brute(state, payoff)
        for low, high in ((exact - 1, exact + 1), (exact, exact + 5), (exact - 5, exact),
                          (exact + 1, exact + 2), (exact - 2, exact - 1)):
            bound = SpadesSolver(payoff).solve(SearchPosition.from_state(state), low, high)
            if low < exact < high:
                assert bound == exact
            elif exact <= low:
                assert bound <= low and bound >= exact
            else:
                assert bound >= high and bound <= exact


def test_a_shared_table_keeps_answers_exact() -> None:
    rng = random.Random(8)
    for seed in range(40):
        state = ending(seed, rng, 3)
        payoff = random_payoff(state, rng)
        solver = SpadesSolver(payoff)
        position = SearchPosition.from_state(state)
        for _ in range(3):  # repeated searches reuse the transposition table
            solver.solve(position, rng.uniform(-60, 0), rng.uniform(0, 60))
        assert solver.solve(position) == brute(state, payoff)


def test_payoff_table_is_the_score_difference() -> None:
    table = payoff_table(bids=(4, 5), bags=(0, 0), rules=PRESETS["standard"])
    assert table[4] == 40 - (50 + 4)  # both make their bids; he takes 4 bags
    assert table[9] == (40 + 5) - (-50)  # he is set
    assert table[3] == -40 - (50 + 5)  # I am set
    nil = payoff_table(bids=(0, 5), bags=(9, 0), rules=PRESETS["standard"])
    assert nil[0] == 100 - (50 + 8)
    assert nil[1] == (-100 + 1 - 100) - (50 + 7)  # a failed nil's trick is a bag: 10 bags


def test_deep_positions_solve_and_agree_with_move_values() -> None:
    rng = random.Random(9)
    for seed in range(6):
        state = ending(seed, rng, 7)
        payoff = random_payoff(state, rng)
        position = SearchPosition.from_state(state)
        solver = SpadesSolver(payoff)
        exact = solver.solve(position)
        values = SpadesSolver(payoff).move_values(position)
        assert (max if state.to_move == 0 else min)(values.values()) == exact


def test_a_passed_deadline_stops_a_long_search() -> None:
    rng = random.Random(10)
    state = ending(1, rng, 13)
    solver = SpadesSolver(trick_payoff(), deadline=0.0)  # long past
    with pytest.raises(SearchAborted):
        solver.solve(SearchPosition.from_state(state))


def test_a_node_limit_stops_a_search_at_that_count() -> None:
    state = ending(2, random.Random(11), 13)
    free = SpadesSolver(trick_payoff())
    exact = free.solve(SearchPosition.from_state(state))
    needed = free.nodes
    assert needed > 100
    # Exactly enough nodes: the same value; one fewer: the search stops at the count.
    enough = SpadesSolver(trick_payoff(), node_limit=needed)
    assert enough.solve(SearchPosition.from_state(state)) == exact and enough.nodes == needed
    short = SpadesSolver(trick_payoff(), node_limit=needed - 1)
    with pytest.raises(SearchAborted):
        short.solve(SearchPosition.from_state(state))
    assert short.nodes == needed


def test_a_deadline_is_read_on_the_solvers_clock() -> None:
    state = ending(1, random.Random(10), 13)
    solver = SpadesSolver(trick_payoff(), deadline=1.0, clock=lambda: 0.0)  # never reached
    assert solver.solve(SearchPosition.from_state(state)) == SpadesSolver(
        trick_payoff()).solve(SearchPosition.from_state(state))
