"""Playing the arena's blocks of deals on a Ray cluster (the optional ``ray`` extra).

Every block is one Ray task; the report is the same as on local processes, deal for deal,
since each deal's cards and each seat's choices come from the arena's seed alone.  Every node of
the cluster needs the same version of tricktable installed (its compiled modules are not shipped
with the tasks).

``address`` is what :func:`ray.init` takes: ``"auto"`` for the cluster this machine belongs to,
``"ray://head:10001"`` for a remote one through Ray Client, ``"local"`` for a fresh one-machine
cluster that ends with the run.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["RAY_MISSING", "play_on_ray"]

RAY_MISSING = "Ray is not installed: pip install 'tricktable[ray]'."
_CONNECT_SECONDS = 5.0

Spec = TypeVar("Spec")
Result = TypeVar("Result")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(RAY_MISSING) from None
    return ray


def _check_reachable(address: str) -> None:
    """Refuse at once a cluster address nothing listens at (Ray itself keeps trying for
    minutes)."""
    if address in ("auto", "local"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=_CONNECT_SECONDS).close()
    except (OSError, ValueError) as error:
        raise ValueError(f"No Ray cluster answers at {address!r}: {error}.") from None


def play_on_ray(address: str, play: Callable[[Spec, range], Result], spec: Spec,
                blocks: Sequence[range]) -> Iterator[tuple[range, Result]]:
    """Run ``play(spec, block)`` for every block as Ray tasks on the cluster at ``address``;
    yields each block with its result as it finishes.  Connects (or starts a local cluster)
    unless this process is already connected, and disconnects at the end if it connected."""
    ray = _ray()
    connected_here = not ray.is_initialized()
    if connected_here:
        if address == "local":
            # A throwaway cluster on this machine reports nothing home.
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        _check_reachable(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level="WARNING")
        except ConnectionError as error:
            raise ValueError(f"Could not join the Ray cluster at {address!r}: {error}") from None
    try:
        task = ray.remote(play)
        spec_ref = ray.put(spec)
        pending = {task.remote(spec_ref, block): block for block in blocks}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if connected_here:
            ray.shutdown()
