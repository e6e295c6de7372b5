"""The double-dummy solver equals brute force on random endings."""

import random

from tricktable.ai.sheepshead.solver import SheepsheadSolver, leaster_score
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.search import SearchPosition
from tricktable.sheepshead.state import HandState, Phase, new_hand


def ending(seed: int, rng: random.Random, *, all_pass: bool = False) -> HandState | None:
    """A random hand played until two or three tricks (and maybe part of a trick) remain."""
    state = new_hand(rules=PRESETS["milwaukee"], dealer=seed % 5, seed=seed)
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        if state.phase is Phase.PICK:
            state.apply(legal[1] if all_pass or rng.random() < 0.3 else legal[0])
        else:
            state.apply(rng.choice(legal))
    stop = 3 + rng.randrange(2)
    while len(state.tricks) < stop:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(rng.randrange(5)):
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def brute_team(state: HandState, team: set[int]) -> int:
    if state.is_over:
        return 0
    values = []
    for action in state.legal_actions():
        child = state.copy()
        before = sum(child.points_by_seat[s] for s in team)
        child.apply(action)
        gained = sum(child.points_by_seat[s] for s in team) - before
        values.append(gained + brute_team(child, team))
    return max(values) if state.to_move in team else min(values)


def brute_leaster(state: HandState, seat: int) -> int:
    if state.is_over:
        return leaster_score(state.points_by_seat, state.tricks_by_seat, seat)
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(brute_leaster(child, seat))
    return max(values) if state.to_move == seat else min(values)


def test_team_solver_equals_brute_force_on_random_endings() -> None:
    rng = random.Random(1)
    solved = 0
    for seed in range(300):
        state = ending(seed, rng)
        if state is None or state.picker is None:
            continue
        team = {state.picker} | ({state.partner} if state.partner is not None else set())
        solver = SheepsheadSolver()
        position = SearchPosition.from_state(state)
        exact = solver.solve(position)
        assert exact == brute_team(state, team)
        values = list(solver.move_values(position).values())
        maximizing = state.to_move in team
        assert (max(values) if maximizing else min(values)) == exact
        solved += 1
    assert solved > 200


def test_solver_keeps_the_called_cards_rules_to_the_end() -> None:
    """Endings where the called suit has not been led yet: the partner may not throw the called
    card, nor lead another card of its suit; the search on integers must follow that."""
    rng = random.Random(5)
    bound = 0
    for seed in range(1500):
        state = ending(seed, rng)
        if state is None or state.picker is None or state.partner is None:
            continue
        if state.called_suit_led or state.unknown is not None or state.rules.jack_of_diamonds:
            continue
        exact = brute_team(state, {state.picker, state.partner})
        assert SheepsheadSolver().solve(SearchPosition.from_state(state)) == exact
        for target in (exact - 3, exact + 1):
            found = SheepsheadSolver().solve(SearchPosition.from_state(state), target - 1, target)
            assert (found >= target) == (exact >= target)
        bound += 1
    assert bound > 20


def test_leaster_solver_equals_paranoid_brute_force() -> None:
    rng = random.Random(2)
    scores = set()
    for seed in range(120):
        state = ending(seed, rng, all_pass=True)
        if state is None:
            continue
        seat = rng.randrange(5)
        position = SearchPosition.from_state(state)
        exact = brute_leaster(state, seat)
        assert SheepsheadSolver().solve_leaster(position, seat) == exact
        scores.add(exact)
    assert scores == {-1, 0, 4}  # a win, a tie and a loss among them


def test_zero_window_searches_bound_the_exact_value() -> None:
    rng = random.Random(3)
    for seed in range(60):
        state = ending(seed, rng)
        if state is None or state.picker is None:
            continue
        exact = SheepsheadSolver().solve(SearchPosition.from_state(state))
        for target in (exact - 5, exact, exact + 1, exact + 7):
            bound = SheepsheadSolver().solve(SearchPosition.from_state(state), target - 1, target)
            assert (bound >= target) == (exact >= target)


def test_leaster_score() -> None:
    assert leaster_score([10, 20, 0, 40, 50], [1, 1, 0, 2, 2], 0) == 4
    assert leaster_score([10, 20, 0, 40, 50], [1, 1, 0, 2, 2], 1) == -1
    assert leaster_score([10, 10, 0, 50, 50], [1, 1, 0, 2, 2], 0) == 0


def test_positions_sharing_an_equivalence_key_have_the_same_value() -> None:
    """Hands that reach one trick boundary by playing different (but, for what is left,
    equivalent) cards share a transposition entry; that is only sound if they are worth the same."""
    rng = random.Random(4)
    groups: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}
    for seed in range(40):
        start = new_hand(rules=PRESETS["milwaukee"], dealer=seed % 5, seed=seed)
        while start.phase is not Phase.PLAY:
            start.apply(start.legal_actions()[0])
        while len(start.tricks) < 1:
            start.apply(rng.choice(start.legal_actions()))
        for _ in range(30):  # ways to play the next trick
            state = start.copy()
            while len(state.tricks) < 2:
                state.apply(rng.choice(state.legal_actions()))
            position = SearchPosition.from_state(state)
            value = SheepsheadSolver().solve(position)
            groups.setdefault(position.equivalence_key(), {})[position.key()] = value
    merged = [members for members in groups.values() if len(members) > 1]
    assert len(merged) > 10
    for members in merged:
        assert len(set(members.values())) == 1


def test_move_generation_masks_match_the_card_tables() -> None:
    """The integer search's move generation reads points and runs of equal cards from literal
    masks; they must be the card tables'."""
    from tricktable.ai.sheepshead import solver_moves
    from tricktable.sheepshead.search import POINTS_OF, SUIT_OF

    for value in (0, 2, 3, 4, 10, 11):
        expected = sum(1 << i for i in range(32) if POINTS_OF[i] == value)
        assert getattr(solver_moves, f"POINTS_{value}") == expected
    continues = sum(1 << i for i in range(1, 32)
                    if POINTS_OF[i] == POINTS_OF[i - 1] and SUIT_OF[i] == SUIT_OF[i - 1])
    assert continues == solver_moves.CONTINUES


def test_a_solver_reused_across_deals_answers_as_a_fresh_one() -> None:
    """The integer search's table is keyed by the cards left, which name the hands only within
    one deal: a solver given another deal with the same cards left (two defenders' hands
    swapped) must forget what it stored, and answer as a fresh solver does."""
    rng = random.Random(6)
    reused = SheepsheadSolver()
    checked = differing = 0
    for seed in range(300):
        state = ending(seed, rng)
        if state is None or state.picker is None or state.current_trick:
            continue
        team = {state.picker, state.partner}
        first, second = [seat for seat in range(5) if seat not in team][:2]
        position = SearchPosition.from_state(state)
        swapped = SearchPosition.from_state(state)
        swapped.hands[first], swapped.hands[second] = swapped.hands[second], swapped.hands[first]
        for one in (position, swapped):
            assert reused.solve(one) == SheepsheadSolver().solve(one)
            assert reused.move_values(one) == SheepsheadSolver().move_values(one)
        differing += SheepsheadSolver().solve(position) != SheepsheadSolver().solve(swapped)
        checked += 1
    assert checked > 50
    assert differing >= 3  # the swaps matter: a table kept across them would answer wrongly
