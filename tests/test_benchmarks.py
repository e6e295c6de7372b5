"""The benchmark commands run and print the figures the notes quote (not timed here)."""

import json
import subprocess
import sys

import pytest


def run(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", "tricktable.cli", "bench", *args, "--json"],
                          capture_output=True, text=True, check=True)
    data: dict[str, object] = json.loads(done.stdout)
    return data


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_engine_bench_reports_hands_per_second(game: str) -> None:
    figures = run("engine", "--game", game, "--hands", "50")
    assert figures["game"] == game and figures["hands"] == 50
    assert isinstance(figures["hands_per_second"], float) and figures["hands_per_second"] > 0
    assert isinstance(figures["legal_actions_us"], float) and figures["legal_actions_us"] > 0


def test_solver_bench_reports_percentiles_and_node_rate() -> None:
    figures = run("solver", "--deals", "3")
    assert figures["deals"] == 3
    median, p95 = figures["median_ms"], figures["p95_ms"]
    assert isinstance(median, float) and isinstance(p95, float) and 0 < median <= p95
    assert isinstance(figures["nodes_per_second"], int) and figures["nodes_per_second"] > 0
