"""bench/gain_by_role.py (a player's gain over basic, split by the seat's role) and
bench/open_card_bound.py (the same for an oracle that sees the true deal)."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktable.ai.players import make_player
from tricktable.ai.sheepshead.sampling import SheepsheadSample
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import Phase, new_hand

BENCH = Path(__file__).parents[2] / "bench"
SCRIPT = BENCH / "gain_by_role.py"


def load(name: str) -> ModuleType:
    """A script of bench/ as a module (open_card_bound imports gain_by_role as a sibling)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def script() -> ModuleType:
    return load("gain_by_role")


def test_basic_gains_nothing_over_itself_in_any_role() -> None:
    bench = script()
    for deal in range(4):
        rows = bench.gains("basic", "11", deal, "milwaukee")
        assert len(rows) == 5
        assert all(before == after and gain == 0.0 for before, after, gain in rows)
        assert [before for before, _, _ in rows].count("picker") <= 1


def test_the_roles_are_the_hands_and_the_gain_is_the_seats_score_difference() -> None:
    bench = script()
    rows = bench.gains("strong:samples=8", "11", 3, "milwaukee")
    basic = make_player("sheepshead", "basic")
    alike = bench.play([basic] * 5, "11", 3, "milwaukee")
    for seat, (before, after, gain) in enumerate(rows):
        assert before == bench.role(alike, seat)
        lineup = [basic] * 5
        lineup[seat] = make_player("sheepshead", "strong:samples=8", reproducible=True)
        result = bench.play(lineup, "11", 3, "milwaukee")
        assert after == bench.role(result, seat)
        assert gain == result.scores[seat] - alike.scores[seat]


def test_the_report_names_the_groups_and_the_total() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT), "strong:samples=4", "--deals", "3"],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("strong:samples=4: 3 deals, 15 hands; gain per hand over basic")
    groups = [line.split()[:3] for line in lines[2:]]
    assert groups and all(arrow == "->" for _, arrow, _ in groups)
    assert sum(int(line.split()[3]) for line in lines[2:]) == 15


def test_a_bad_player_is_named() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT), "strang", "--deals", "1"],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "There is no sheepshead player 'strang'" in run.stderr


@pytest.mark.parametrize("kind", ["solved", "played"])
def test_the_open_card_oracle_leaves_basic_only_at_its_cards_and_for_a_better_true_score(
        kind: str) -> None:
    bench = load("open_card_bound")
    basic = BasicPlayer()
    left = 0
    for seed in range(6):
        oracle = bench.OpenCardOracle(kind)
        state = new_hand(rules=PRESETS["milwaukee"], dealer=seed % 5, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            oracle.watch(state)
            choice = oracle.choose(view, random.Random(seed))
            usual = basic.choose(view, random.Random(seed))
            if choice != usual:
                left += 1
                assert view.phase is Phase.PLAY
                assert (len(view.tricks) >= 2) == (kind == "solved")
                truth = SheepsheadSample(hands=tuple(state.hands), buried=state.buried,
                                         unknown=state.unknown, blind=0,
                                         partner=state.partner)
                strong = oracle.strong
                evaluate = strong._values if kind == "solved" else strong._rollouts
                ours, theirs = evaluate(view, truth, [choice, usual], None)
                assert ours > theirs
            state.apply(choice)
    assert left
