"""The ``tricktable`` command: play in the terminal, replay records, run benchmarks.

``play`` and ``review`` speak the player's language (``--lang``, else the environment's locale);
their ``--json`` output stays language-free.  Each command lives in the module of its idea
(:mod:`.play`, :mod:`.records`, :mod:`.daily`, :mod:`.serve`, :mod:`.figures`); this module
gathers them into one Typer app.
"""

from __future__ import annotations

import typer

from tricktable.cli.daily import verify_daily
from tricktable.cli.figures import arena, bench_engine, bench_rl, bench_solver
from tricktable.cli.play import hint_line, play
from tricktable.cli.records import replay, review
from tricktable.cli.serve import serve
from tricktable.cli.train import train_app

__all__ = ["app", "hint_line", "main"]

app = typer.Typer(
    help="Sheepshead and two-player Spades against computer players.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command()(play)
app.command()(review)
app.command()(replay)
app.command("verify-daily")(verify_daily)
app.command()(serve)
app.command()(arena)

bench_app = typer.Typer(help="Benchmarks that print figures.", no_args_is_help=True)
bench_app.command("engine")(bench_engine)
bench_app.command("solver")(bench_solver)
bench_app.command("rl")(bench_rl)
app.add_typer(bench_app, name="bench")
app.add_typer(train_app, name="train")


def main() -> None:
    """Run the ``tricktable`` command."""
    app()
