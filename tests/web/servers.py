"""A real ``tricktable serve`` process for the tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``tricktable serve`` in its own process group (so kill -9 takes its workers too).

    It starts at once; ``url``, ``port`` and ``process`` wait until it answers, so servers
    created one after another (or while a browser starts) boot side by side."""

    def __init__(self, database: str, log: Path, *, workers: int = 1,
                 env: dict[str, str] | None = None, args: Sequence[str] = ()) -> None:
        self._port = free_port()
        self._url = f"http://127.0.0.1:{self._port}"
        self._log_path = log
        env = {**os.environ, "TRICKTABLE_SECRET": "restart-test", **(env or {})}
        self.log = log.open("ab")
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(self._port),
             "--database", database, "--workers", str(workers), *args],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )
        self._ready = False

    def wait(self) -> None:
        """Until the server answers its health check (a minute at most)."""
        deadline = time.monotonic() + 60
        while not self._ready:
            with contextlib.suppress(httpx2.HTTPError):
                self._ready = httpx2.get(f"{self._url}/api/health", timeout=1).status_code == 200
            if self._ready:
                return
            if self._process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; see {self._log_path}")
            time.sleep(0.1)

    @property
    def url(self) -> str:
        self.wait()
        return self._url

    @property
    def port(self) -> int:
        self.wait()
        return self._port

    @property
    def process(self) -> subprocess.Popen[bytes]:
        self.wait()
        return self._process

    def kill(self) -> None:
        """kill -9, the whole process group."""
        if self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGKILL)
        self._process.wait(timeout=30)
        self.log.close()


def sqlite_server(where: Path, name: str, *, test_options: bool = False,
                  **options: Any) -> Iterator[Server]:
    """A fixture's server of its own: a SQLite database ``name``.sqlite3 and the log in ``where``,
    the test options when asked (``TRICKTABLE_TEST_OPTIONS``), killed after (``yield from``)."""
    env = {"TRICKTABLE_TEST_OPTIONS": "1"} if test_options else {}
    started = Server(f"sqlite:///{where / f'{name}.sqlite3'}", where / "server.log",
                     env={**env, **options.pop("env", {})}, **options)
    yield started
    started.kill()
