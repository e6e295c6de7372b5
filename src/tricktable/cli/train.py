"""``tricktable train``: the learned leaf value of Sheepshead ``strong`` (``strong:leaf=learned``).

``tricktable train selfplay`` writes self-play shards (deterministic per seed, resumable: shards
already on disk are skipped) outside the repository; ``tricktable train fit`` trains the model on
them and writes the file that is committed.  The steps that rebuild the committed model are in
the research notes (docs/research/learned-values.md).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["default_data_dir", "train_app"]

train_app = typer.Typer(help="Train the learned leaf value of Sheepshead strong.",
                        no_args_is_help=True)


def default_data_dir() -> Path:
    """Where self-play shards go unless told: the user's cache, never the repository."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("tricktable", appauthor=False)) / "sheepshead-leaf"


DataDir = Annotated[Path | None, typer.Option(
    help="Folder of the self-play shards (default: the user's cache, "
         "e.g. ~/.cache/tricktable/sheepshead-leaf).")]


@train_app.command("selfplay")
def selfplay(
    shards: Annotated[int, typer.Option(help="Shards to make (those on disk are skipped).")] = 1,
    start: Annotated[int, typer.Option(help="The first shard's index.")] = 0,
    hands: Annotated[int, typer.Option(help="Hands per shard.")] = 50,
    base: Annotated[int, typer.Option(help="Shard i is dealt from seed BASE + i.")] = 1000,
    explore: Annotated[float, typer.Option(
        help="Chance of a random card in the tricks basic plays.")] = 0.1,
    data_dir: DataDir = None,
    jobs: Annotated[int, typer.Option(help="Processes.")] = 1,
) -> None:
    """Self-play shards for the leaf value: basic to the end of trick 1 or 2, strong on."""
    from tricktable.ai.sheepshead.selfplay import ShardSpec, generate

    folder = data_dir or default_data_dir()
    spec = ShardSpec(base=base, hands=hands, explore=explore)
    began = time.process_time(), time.perf_counter()
    written, skipped = generate(folder, spec, shards, start=start, jobs=jobs)
    cpu, wall = time.process_time() - began[0], time.perf_counter() - began[1]
    typer.echo(f"{len(written)} shards written, {len(skipped)} already there, in {folder} "
               f"({wall:.0f} s wall, {cpu:.0f} s CPU in this process)")


@train_app.command("fit")
def fit_model(
    data_dir: DataDir = None,
    out: Annotated[Path | None, typer.Option(
        help="Model file to write (default: the committed one, "
             "src/tricktable/ai/sheepshead/sheepshead-leaf.npz, when run in the repository).")
    ] = None,
    hidden: Annotated[int, typer.Option(help="Hidden units.")] = 16,
    epochs: Annotated[int, typer.Option(help="Full-batch Adam epochs at most.")] = 1500,
    seed: Annotated[int, typer.Option(help="Seed of the initial weights.")] = 0,
) -> None:
    """Fit the leaf value to the shards and write the model; prints validation losses."""
    from tricktable.ai.sheepshead.fitting import fit
    from tricktable.ai.sheepshead.learned import MODEL_FILE
    from tricktable.ai.sheepshead.selfplay import read_shards
    from tricktable.cli.common import die

    folder = data_dir or default_data_dir()
    records = read_shards(folder)
    if not records:
        die(f"No shards in {folder}: run tricktable train selfplay first.")
    target = out or Path("src/tricktable/ai/sheepshead") / MODEL_FILE
    began = time.process_time()
    try:
        model, report = fit(records, hidden=hidden, epochs=epochs, seed=seed)
    except ValueError as error:
        die(str(error))
    model.save(target)
    for line in report.lines():
        typer.echo(line)
    typer.echo(f"wrote {target} ({target.stat().st_size} bytes) in "
               f"{time.process_time() - began:.1f} s CPU")
