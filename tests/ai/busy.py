"""Other processes keeping the machine's cores busy, as on a loaded server."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["busy_cores"]


@contextmanager
def busy_cores(count: int = 2) -> Iterator[None]:
    """``count`` processes spinning on the CPU for as long as the block runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()
