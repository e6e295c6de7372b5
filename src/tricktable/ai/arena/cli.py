"""The arena for people: a progress bar while it runs, then a table (and optionally JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tricktable.ai.arena.runner import ArenaReport, ArenaSpec, PlayerReport, run_arena
from tricktable.ai.arena.stats import Estimate

__all__ = ["arena_main", "render_report", "run_with_progress"]


def run_with_progress(spec: ArenaSpec, console: Console) -> ArenaReport:
    """Run the arena with a Rich progress bar and time-left estimate."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("deals"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{spec.game} arena", total=spec.deals)
        return run_arena(spec, on_progress=lambda n: progress.advance(task, n))


def _estimate_text(estimate: Estimate) -> str:
    if estimate.half_width is None:
        return f"{estimate.mean:+.3f}"
    return f"{estimate.mean:+.3f} ± {estimate.half_width:.3f}"


def _figure_text(value: float | None, fmt: str) -> str:
    return "–" if value is None else fmt.format(value)


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def render_report(report: ArenaReport) -> Table:
    """The arena's figures as a table: a column per player (and the baseline), a row per figure
    (players are few and figures many, so this fits a terminal)."""
    spec = report.spec
    title = (f"{spec.game}: {spec.deals:,} deals × {len(report.lineup)} seatings, seed {spec.seed}"
             + (f", {spec.preset}" if spec.preset else "")
             + (", CPU clock" if spec.cpu_clock else ""))
    table = Table(title=title, header_style="bold")
    table.add_column("")
    players: list[tuple[str, PlayerReport]] = list(report.players.items())
    if report.baseline is not None:
        players.append((f"{report.baseline.name} (baseline)", report.baseline))
    for label, _ in players:
        table.add_column(label, justify="right")
    table.add_row("hands", *(f"{p.hands:,}" for _, p in players))
    table.add_row(f"{report.score_label} (95% CI)", *(_estimate_text(p.score) for _, p in players))
    for column in report.columns:
        table.add_row(
            column.header, *(_figure_text(p.figures.get(column.key), column.fmt)
                             for _, p in players)
        )
    table.add_row("decision ms p50", *(_ms(p.latency_p50) for _, p in players))
    table.add_row("decision ms p95", *(_ms(p.latency_p95) for _, p in players))
    table.add_row("decision ms p99", *(_ms(p.latency_p99) for _, p in players))
    if report.gain is not None:
        table.caption = (
            f"gain of {report.lineup[0]} over {spec.baseline} in its seat: "
            f"{_estimate_text(report.gain)} per hand (95% CI over deals); "
            f"{report.seconds:.1f} s"
        )
    else:
        table.caption = f"{report.seconds:.1f} s"
    return table


def arena_main(spec: ArenaSpec, *, json_file: Path | None, console: Console) -> ArenaReport:
    """What ``tricktable arena`` does: run, print the table, write the JSON if asked."""
    report = run_with_progress(spec, console)
    console.print(render_report(report))
    if json_file is not None:
        text = json.dumps(report.to_json(), indent=2)
        if str(json_file) == "-":
            console.print_json(text)
        else:
            json_file.write_text(text + "\n", encoding="utf-8")
    return report
