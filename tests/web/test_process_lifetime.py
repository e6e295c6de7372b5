"""``tricktable serve --processes 2`` as real processes: kill -9 of the supervisor ends every
process the server started (server processes, computer-player workers, multiprocessing's
resource tracker) within seconds, and a new server binds the same port at once."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from tests.web.servers import free_port

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table from Linux's /proc")

SERVER_PROCESSES = 2
WORKERS = 1
EXPECTED = SERVER_PROCESSES + SERVER_PROCESSES * WORKERS + 1  # and the resource tracker


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def descendants(root: int) -> set[tuple[int, str]]:
    """Every live process under ``root``, as (pid, start time): a pid alone may be reused."""
    parents: dict[int, list[tuple[int, str]]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[0] not in "ZX":
                parents.setdefault(int(fields[1]), []).append((int(entry.name), fields[19]))
    found: set[tuple[int, str]] = set()
    todo = [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child[0])
    return found


def alive(process: tuple[int, str]) -> bool:
    fields = _stat(process[0])
    return fields is not None and fields[0] not in "ZX" and fields[19] == process[1]


@contextlib.contextmanager
def serving(database: str, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``tricktable serve --processes 2`` on ``port`` until every process is up."""
    with log.open("ab") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(port),
             "--database", database, "--processes", str(SERVER_PROCESSES),
             "--workers", str(WORKERS)],
            stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "TRICKTABLE_SECRET": "lifetime-test"})
    try:
        deadline = time.monotonic() + 120
        while True:
            with contextlib.suppress(httpx2.HTTPError):
                ready = httpx2.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
                if ready.status_code == 200 and len(descendants(process.pid)) >= EXPECTED:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; see {log}")
            time.sleep(0.2)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever is left, if anything
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def test_kill_9_of_the_supervisor_ends_every_process_and_frees_the_port(tmp_path: Path) -> None:
    # The processes touch no database in ending: SQLite alone is enough here.
    database_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    port = free_port()
    with serving(database_url, port, tmp_path / "first.log") as first:
        started = descendants(first.pid)
        assert len(started) == EXPECTED, started
        os.kill(first.pid, signal.SIGKILL)  # the supervisor only, not its group
        first.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(alive(process) for process in started) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [process for process in started if alive(process)]
        assert left == [], [Path(f"/proc/{pid}/cmdline").read_bytes()[:200] for pid, _ in left]
        with pytest.raises(httpx2.TransportError):
            httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
    with serving(database_url, port, tmp_path / "second.log") as second:
        assert httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=10).json() == {"ok": True}
        assert second.poll() is None
