"""A real ``tricktable serve`` process for the tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``tricktable serve`` in its own process group (so kill -9 takes its workers too)."""

    def __init__(self, database: str, log: Path, *, workers: int = 1,
                 env: dict[str, str] | None = None, args: Sequence[str] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "TRICKTABLE_SECRET": "restart-test", **(env or {})}
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(self.port),
             "--database", database, "--workers", str(workers), *args],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; see {log}")
            time.sleep(0.1)

    def kill(self) -> None:
        """kill -9, the whole process group."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.log.close()
