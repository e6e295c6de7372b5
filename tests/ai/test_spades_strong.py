"""``strong`` for Spades: legal, reproducible under its node budget (on a busy machine as on an
idle one), and sensible."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tests.ai.busy import busy_cores
from tests.spades.helpers import apply_all, hand_after_draw
from tricktable.ai.budget import Budget
from tricktable.ai.players import make_player
from tricktable.ai.spades.strong import (
    DEFAULT_BUDGET,
    StrongSettings,
    StrongSpadesPlayer,
    utility_table,
)
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, ActionKind
from tricktable.spades.bots import BasicPlayer
from tricktable.spades.rules import PRESETS
from tricktable.spades.state import HandState, Phase, new_hand
from tricktable.spades.view import SpadesView

SMALL = Budget(samples=3, time_ms=None)


def states(count: int, rng: random.Random) -> Iterator[HandState]:
    """Hands stopped at random points of every phase, double nil now and then."""
    for seed in range(count):
        state = new_hand(seed=f"strong-{seed}", first=seed % 2)
        for _ in range(rng.randrange(75)):
            legal = state.legal_actions()
            if state.phase is Phase.DRAW:
                state.apply(DOUBLE_NIL if DOUBLE_NIL in legal and rng.random() < 0.2
                            else rng.choice((KEEP, REJECT)))
            else:
                state.apply(legal[rng.randrange(len(legal))])
            if state.is_over:
                break
        if not state.is_over:
            yield state


def test_registered() -> None:
    assert isinstance(make_player("spades", "strong"), StrongSpadesPlayer)


def test_strong_only_returns_legal_actions() -> None:
    rng = random.Random(1)
    player = StrongSpadesPlayer(SMALL)
    kinds = set()
    for state in states(60, rng):
        view = state.view(state.to_move or 0)
        action = player.choose(view, rng)
        assert action in view.legal_actions
        kinds.add(action.kind)
        state.apply(action)  # and the engine agrees
    assert {ActionKind.PLAY, ActionKind.BID} <= kinds


def test_the_same_seed_gives_the_same_choices() -> None:
    for state in states(25, random.Random(2)):
        if state.phase not in (Phase.PLAY, Phase.BID):
            continue
        view = state.view(state.to_move or 0)
        first = StrongSpadesPlayer(Budget(samples=4, time_ms=None)).choose(view, random.Random(5))
        again = StrongSpadesPlayer(Budget(samples=4, time_ms=None)).choose(view, random.Random(5))
        assert first == again


def test_a_whole_hand_with_strong_on_both_sides() -> None:
    rng = random.Random(3)
    state = new_hand(seed="whole", first=0)
    players = [StrongSpadesPlayer(SMALL), StrongSpadesPlayer(SMALL)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), rng), seat=seat)
    assert state.result is not None and sum(state.tricks_won) == 13


def test_it_takes_the_trick_it_needs() -> None:
    # Seat 1 wins eleven diamond tricks while seat 0 throws clubs; then he leads KH.  Seat 0
    # (bid 2, no trick yet) holds AH 2H: winning with the ace keeps the bid alive (it makes it
    # if his last card is a club or a diamond); the two never makes it.
    first = "AH 2H AC KC QC JC 10C 9C 8C 7C 6C 5C 4C"
    second = "KH 3H AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"
    state = apply_all(hand_after_draw(first, second), ["bid 11", "bid 2"])
    for diamond, club in zip(second.split()[2:], first.split()[2:], strict=True):
        apply_all(state, [f"play {diamond}", f"play {club}"])
    apply_all(state, ["play KH"])
    view = state.view(0)
    player = StrongSpadesPlayer(Budget(samples=8, time_ms=None),
                                settings=StrongSettings(bag_cost=0.0))
    assert str(player.choose(view, random.Random(1))) == "play AH"


def test_utility_table_counts_bags_and_the_game() -> None:
    settings = StrongSettings(bag_cost=8.0, win_bonus=250.0, endgame=150)
    far = utility_table(bids=(4, 5), double_nil=(False, False), totals=(0, 0), bags=(0, 0),
                        rules=PRESETS["standard"], settings=settings)
    # One more trick for seat 0 beyond its bid: +1 point, a bag charged 8, and one fewer
    # bag (worth +8 to seat 0) for seat 1 who still made his bid.
    assert far[5] - far[4] == (1 - 8) - (-1 + 8)
    near = utility_table(bids=(4, 5), double_nil=(False, False), totals=(460, 300),
                         bags=(0, 0), rules=PRESETS["standard"], settings=settings)
    assert near[4] == 40 - 54 + 250 and near[3] == -40 - 55  # 500 reached: the game is won


def test_a_tiny_time_budget_still_gives_legal_actions() -> None:
    rng = random.Random(4)
    player = StrongSpadesPlayer(Budget(samples=48, time_ms=1.0))
    state = new_hand(seed="hurry", first=1)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        action = player.choose(view, rng) if seat == 0 else view.legal_actions[0]
        assert action in view.legal_actions
        state.apply(action)


def opening_views(count: int) -> list[SpadesView]:
    """The first searched decisions of ``count`` hands (the bids, then the opening lead), the
    long solves a budget cuts: the draw played by ``basic``."""
    views = []
    basic = BasicPlayer()
    for seed in range(count):
        state = new_hand(seed=f"budget-{seed}", first=seed % 2)
        while state.phase is not Phase.PLAY:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.phase is Phase.BID:
                views.append(view)
            state.apply(basic.choose(view, random.Random(seed)), seat=seat)
        views.append(state.view(state.to_move or 0))
    return views


def test_a_decision_stops_on_its_node_budget() -> None:
    view = opening_views(1)[0]
    assert view.phase is Phase.BID
    free = StrongSpadesPlayer(Budget(samples=24, time_ms=None))
    free.choose(view, random.Random(1))
    budget = Budget(samples=24, time_ms=None, nodes=10_000)
    bounded = StrongSpadesPlayer(budget)
    bounded.choose(view, random.Random(1))
    # It spends about its budget (the first deals may run to one and a half budgets, and a
    # search stops one node past its limit), where its 24 deals cost far more.
    assert budget.nodes is not None
    assert budget.nodes / 2 < bounded.nodes <= 1.5 * budget.nodes + 1
    assert free.nodes > 3 * budget.nodes


def test_the_default_budget_gives_the_same_choices_on_busy_cores() -> None:
    assert DEFAULT_BUDGET.time_ms is None and DEFAULT_BUDGET.nodes is not None
    views = opening_views(1)

    def decide() -> tuple[list[str], int]:
        player = StrongSpadesPlayer()
        choices = [str(player.choose(view, random.Random(k))) for k, view in enumerate(views)]
        return choices, player.nodes

    idle = decide()
    with busy_cores(2):
        busy = decide()
    assert busy == idle  # the same choices from the same work, node for node
    assert idle[1] > len(views) * DEFAULT_BUDGET.nodes / 2  # the budget, not 48 deals, bound them
