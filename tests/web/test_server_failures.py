"""A real server process when things go wrong: an unexpected error answers JSON and keeps the
keep-alive connection; the computer players' worker processes die with the server."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.servers import Server


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    started = Server(database_url, tmp_path / "server.log",
                     env={"TRICKTABLE_TEST_OPTIONS": "1"})
    yield started
    started.kill()


def test_an_unexpected_error_keeps_the_connection(server: Server) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.connect()
    socket = connection.sock

    def ask(method: str, path: str, body: bytes | None = None) -> tuple[int, dict[str, object]]:
        connection.request(method, path, body=body,
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = json.loads(response.read())
        assert response.getheader("Connection", "").lower() != "close"
        return response.status, data

    for _ in range(3):
        status, data = ask("GET", "/api/test/error")
        assert (status, data["error"]) == (500, "internal") and data["message"]
        status, data = ask("GET", "/api/health")
        assert (status, data) == (200, {"ok": True})
    for path in ("/api/games/%00", "/api/games/abc%00def", "/api/leaderboard?date=%00",
                 "/api/me/stats?game=%00"):
        status, data = ask("GET", path)
        assert 400 <= status < 500 and data["message"], (path, data)
    status, data = ask("POST", "/api/games/abc%00def/actions",
                       b'{"action": "pass", "version": 0}')
    assert status == 404 and data["error"] == "unknown_game"
    status, data = ask("PUT", "/api/me", b'{"nickname": "Bob\\u0000"}')
    assert status == 400 and data["error"] == "bad_nickname"
    assert ask("GET", "/api/health")[0] == 200
    assert connection.sock is socket  # one connection all along: never reset, never reopened
    connection.close()


def process_state(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent id (Linux ``/proc``), or None if it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def children(parent: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            state = process_state(int(entry.name))
            if state is not None and state[1] == parent:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    state = process_state(pid)
    return state is not None and state[0] not in "ZX"  # a zombie has exited


def test_the_workers_die_when_the_server_is_killed(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("reads the process table from Linux's /proc")
    # Workers do not touch the database: SQLite alone is enough here.
    server = Server(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "server.log", workers=2)
    try:
        workers = children(server.process.pid)
        assert len(workers) >= 2, workers  # two workers (and multiprocessing's tracker)
        os.kill(server.process.pid, signal.SIGKILL)  # the main process only, not its group
        server.process.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if running(pid)]
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever is left, if anything
            os.killpg(server.process.pid, signal.SIGKILL)
        server.log.close()
