"""``tricktable arena`` and ``tricktable bench …``: commands that measure and print figures."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from tricktable.cli.common import GameName, JsonOption, die


def arena(
    game: Annotated[GameName, typer.Argument(help="Which game.")],
    players: Annotated[str, typer.Option(
        help="Players seat by seat, comma-separated; the last fills the empty seats. A "
             "player's settings may be comma-separated too: strong:play_z=0.25,samples=48,basic.")],
    deals: Annotated[int, typer.Option(help="Deals, each played in every seating.")] = 1000,
    baseline: Annotated[str | None, typer.Option(
        help="Also play each deal with this player in the first player's seat; report the gain."
    )] = None,
    jobs: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the deals and the players' choices.")] = 1,
    json_file: Annotated[Path | None, typer.Option(
        "--json", help="Also write the figures as JSON to this file (- for stdout).")] = None,
    preset: Annotated[str | None, typer.Option(help="Table rules preset.")] = None,
    cpu_clock: Annotated[bool, typer.Option(
        help="Budget and time decisions in CPU seconds, not wall seconds: figures that do not "
             "depend on how loaded a shared machine is.")] = False,
    ray: Annotated[str | None, typer.Option(
        help="Play the deals on this Ray cluster instead of local processes: auto, local, "
             "ray://HEAD:10001 (needs the ray extra; --jobs then means the cluster's CPUs).",
        metavar="ADDRESS")] = None,
) -> None:
    """Computer players against each other by duplicate play; prints figures per player."""
    from tricktable.ai.arena.cli import arena_main
    from tricktable.ai.arena.runner import ArenaSpec, default_jobs, split_lineup

    console = Console()
    try:
        spec = ArenaSpec(
            game=game.value, players=split_lineup(players), deals=deals, seed=seed,
            baseline=baseline, jobs=jobs or default_jobs(), preset=preset,
            cpu_clock=cpu_clock, ray=ray,
        )
        arena_main(spec, json_file=json_file, console=console)
    except ValueError as error:
        console.print(f"[bold red]{escape(str(error))}[/]")
        raise typer.Exit(2) from None


def _show(figures: dict[str, Any], as_json: bool, line: Callable[[dict[str, Any]], str]) -> None:
    """Print a benchmark's figures: one JSON object, or ``line(figures)`` for people."""
    if as_json:
        typer.echo(json.dumps(figures))
    else:
        Console().print(line(figures))


def bench_engine(
    game: Annotated[GameName, typer.Option(help="Which game.")] = GameName.sheepshead,
    hands: Annotated[int, typer.Option(help="Random hands to play.")] = 20000,
    seed: Annotated[int, typer.Option(help="Seed of the random choices.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """Random complete hands per second through the public API, on one core."""
    from tricktable.benchmarks import engine_benchmark

    _show(engine_benchmark(game.value, hands=hands, seed=seed), as_json, lambda figures: (
        f"{figures['game']}: {figures['hands_per_second']:,.0f} hands/s, "
        f"{figures['actions_per_second']:,.0f} actions/s, "
        f"legal-action query {figures['legal_actions_us']:.2f} µs "
        f"({figures['hands']} hands in {figures['seconds']} s)"))


def bench_solver(
    deals: Annotated[int, typer.Option(help="Sampled deals to solve.")] = 60,
    seed: Annotated[int, typer.Option(help="Seed of the deals and samples.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """Time to solve a complete sampled Sheepshead deal from the first lead."""
    from tricktable.benchmarks import solver_benchmark

    _show(solver_benchmark(deals=deals, seed=seed), as_json, lambda figures: (
        f"double-dummy solve from the first lead: median {figures['median_ms']} ms, "
        f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms, "
        f"{figures['nodes_per_second']:,} nodes/s ({figures['deals']} deals)"))


def bench_rl(
    game: Annotated[GameName, typer.Option(help="Which game.")] = GameName.sheepshead,
    hands: Annotated[int, typer.Option(help="Hands to play.")] = 2000,
    seed: Annotated[int, typer.Option(help="Seed of the hands and the random choices.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """PettingZoo environment steps per second with random legal actions (the rl extra)."""
    try:
        from tricktable.rl.benchmark import rl_benchmark
    except ImportError as error:
        die(str(error))

    _show(rl_benchmark(game.value, hands=hands, seed=seed), as_json, lambda figures: (
        f"{figures['game']}: {figures['steps_per_second']:,.0f} environment steps/s "
        f"({figures['cpu_steps_per_second']:,.0f} per CPU second), "
        f"{figures['hands_per_second']:,.0f} hands/s "
        f"({figures['steps']:,} steps in {figures['hands']} hands, {figures['seconds']} s)"))
