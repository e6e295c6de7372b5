"""Engine benchmarks: random complete hands through the public API, on one core."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tricktable.game import Action, Seat

__all__ = ["HAND_FACTORIES", "engine_benchmark"]


class _Hand(Protocol):
    @property
    def to_move(self) -> Seat | None: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Action, *, seat: Seat | None = None) -> None: ...

    def copy(self) -> Any: ...


def _sheepshead_hand(seed: int) -> _Hand:
    from tricktable.sheepshead.state import new_hand

    return new_hand(dealer=seed % 5, seed=seed)


def _spades_hand(seed: int) -> _Hand:
    from tricktable.spades import random_hand_state

    hand: _Hand = random_hand_state(seed)
    return hand


HAND_FACTORIES: dict[str, Callable[[int], _Hand]] = {
    "sheepshead": _sheepshead_hand,
    "spades": _spades_hand,
}


def engine_benchmark(game: str, *, hands: int = 20000, seed: int = 1) -> dict[str, Any]:
    """Play ``hands`` random hands (every choice uniform among the legal actions) and time it;
    then time cold legal-action queries on states taken from such hands."""
    try:
        factory = HAND_FACTORIES[game]
    except KeyError:
        raise ValueError(
            f"There is no game {game!r}; choose from {', '.join(HAND_FACTORIES)}."
        ) from None
    rng = random.Random(seed)
    draw = rng.random
    actions = 0
    factory(-1)  # imports the game's modules outside the timing: a one-time cost, not a hand's
    start = time.process_time()
    for number in range(hands):
        state = factory(number)
        while state.to_move is not None:
            legal = state.legal_actions()
            state.apply(legal[int(draw() * len(legal))])
            actions += 1
    elapsed = time.process_time() - start

    samples: list[_Hand] = []
    for number in range(min(hands, 2000)):
        state = factory(hands + number)
        while state.to_move is not None:
            if rng.random() < 0.1:
                samples.append(state.copy())
            legal = state.legal_actions()
            state.apply(legal[int(draw() * len(legal))])
    query_start = time.process_time()
    for sample in samples:
        sample.legal_actions()
    query_elapsed = time.process_time() - query_start
    return {
        "game": game,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "legal_actions_us": round(query_elapsed / max(1, len(samples)) * 1e6, 3),
    }


def solver_benchmark(*, deals: int = 60, seed: int = 1) -> dict[str, Any]:
    """Time the double-dummy solver on complete sampled Sheepshead deals from the first lead.

    Each deal is bid by ``basic`` players; the first leader's view is sampled into a complete
    deal (as the ``strong`` player does) and solved exactly for the picker's team's points.
    Leasters are skipped (their solve is a different search).
    """
    from tricktable.ai.sheepshead.sampling import position_for, sample_deals
    from tricktable.ai.sheepshead.solver import SheepsheadSolver
    from tricktable.sheepshead.bots import BasicPlayer
    from tricktable.sheepshead.state import Phase, new_hand

    rng = random.Random(seed)
    basic = BasicPlayer()
    times: list[float] = []
    nodes = 0
    number = 0
    while len(times) < deals:
        state = new_hand(dealer=number % 5, seed=f"bench-solver/{seed}/{number}")
        number += 1
        while state.phase is not Phase.PLAY and not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(basic.choose(state.view(seat), rng))
        if state.is_over or state.picker is None:
            continue
        assert state.to_move is not None
        view = state.view(state.to_move)
        position = position_for(view, sample_deals(view, rng, 1)[0])
        solver = SheepsheadSolver()
        start = time.process_time()
        solver.solve(position)
        times.append(time.process_time() - start)
        nodes += solver.nodes
    times.sort()
    total = sum(times)
    return {
        "game": "sheepshead",
        "deals": deals,
        "median_ms": round(1000 * times[len(times) // 2], 2),
        "p95_ms": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 2),
        "max_ms": round(1000 * times[-1], 2),
        "nodes_per_second": round(nodes / total),
    }
