"""The arena on a Ray cluster: a real local one (``--ray local``), the same figures as at home."""

import json
import socket
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tricktable.ai.arena.runner import ArenaReport, ArenaSpec, run_arena
from tricktable.cli import app

ray = pytest.importorskip("ray", reason="the ray extra is part of the test install")

# One local Ray cluster at a time: these tests share a pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("ray")


def figures(data: dict[str, Any]) -> dict[str, Any]:
    """A report's figures without the clocks (which differ from run to run)."""
    for player in [*data["players"].values(), data.get("baseline") or {}]:
        player.pop("latency_ms", None)
    data.pop("seconds")
    return data


def test_a_run_on_a_local_ray_cluster_matches_one_process_deal_for_deal(
        tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "basic,random", "--deals", "8", "--jobs", "4",
        "--seed", "11", "--baseline", "random", "--ray", "local", "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert "gain of basic over random" in result.output
    assert not ray.is_initialized()  # the cluster it started ended with the run
    at_home: ArenaReport = run_arena(ArenaSpec(
        game="sheepshead", players=("basic", "random"), deals=8, seed=11, baseline="random"))
    on_ray = json.loads(out.read_text())
    assert on_ray["players"]["basic"]["hands"] == 8 * 5
    assert figures(on_ray) == figures(json.loads(json.dumps(at_home.to_json())))


def test_a_process_already_on_a_cluster_keeps_its_connection() -> None:
    spec = ArenaSpec(game="spades", players=("basic", "random"), deals=2, seed=4, jobs=2)
    at_home = run_arena(spec)
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        report = run_arena(replace(spec, ray="auto"))
        assert ray.is_initialized()
    finally:
        ray.shutdown()
    assert figures(report.to_json()) == figures(at_home.to_json())


@pytest.mark.parametrize("address", ["127.0.0.1:{port}", "ray://127.0.0.1:{port}",
                                     "no-such-host.invalid:6379", "no port"])
def test_an_unreachable_cluster_is_a_clear_error_and_plays_nothing(address: str) -> None:
    with socket.socket() as closed:  # a port nothing listens at
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    address = address.format(port=port)
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "basic", "--deals", "1", "--ray", address,
    ])
    assert result.exit_code == 2, result.output
    assert "No Ray cluster answers at" in result.output and address in result.output
    assert not ray.is_initialized()


def test_without_ray_installed_the_arena_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an install without the extra sees
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "basic", "--deals", "1", "--ray", "auto",
    ])
    assert result.exit_code == 2, result.output
    assert "pip install 'tricktable[ray]'" in result.output
