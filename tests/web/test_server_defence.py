"""Defence in depth on a real ``tricktable serve`` process and real sockets: huge headers get a
431 (not a reset connection), other sites' requests and WebSockets are refused, and
``--allowed-origin`` names the sites that may."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.web.servers import Server

EASY = {"difficulty": "easy"}
FRIENDS = "https://friends.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    place = tmp_path_factory.mktemp("defence")
    started = Server(f"sqlite:///{place / 'defence.sqlite3'}", place / "server.log",
                     args=["--allowed-origin", FRIENDS])
    yield started
    started.kill()


def _sent_in_pieces(port: int, request: bytes) -> bytes:
    """Send ``request`` 4 KiB at a time, as a network delivers it; the server's whole answer
    (it closes the connection after a refusal)."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as connection:
        for start in range(0, len(request), 4096):
            connection.sendall(request[start:start + 4096])
            time.sleep(0.002)
        answer = b""
        while part := connection.recv(65536):
            answer += part
    return answer


@pytest.mark.parametrize("header", [b"Cookie: crumbs=" + b"c" * 60_000,
                                    b"X-Junk: " + b"j" * 100_000])
def test_huge_headers_get_a_431_that_says_why(server: Server, header: bytes) -> None:
    """uvicorn alone resets a connection whose head passes 16 KiB in pieces; the app's own
    limit (32 KiB) answers first, and uvicorn reads up to four times that for it to."""
    answer = _sent_in_pieces(server.port, b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             + header + b"\r\nConnection: keep-alive\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 "), answer[:300]
    assert b"connection: close" in head.lower()
    refused = json.loads(body)
    assert refused["error"] == "headers_too_large"
    assert refused["message"].startswith("The request's headers are larger than 32,768 bytes")


def test_another_site_s_request_is_refused(server: Server) -> None:
    with httpx2.Client(base_url=server.url, timeout=30) as client:
        refused = client.post("/api/games", json=EASY, headers={"origin": "https://evil.example"})
        assert refused.status_code == 403 and refused.json()["error"] == "origin_not_allowed"
        assert refused.headers["cache-control"] == "no-store"
        assert client.get("/api/games").json() == {"games": []}
        for origin in (server.url, FRIENDS):
            assert client.post("/api/games", json=EASY,
                               headers={"origin": origin}).status_code == 201
    assert "strict-transport-security" not in refused.headers  # plain HTTP


def test_another_site_s_websocket_is_closed_with_4403(server: Server) -> None:
    with httpx2.Client(base_url=server.url, timeout=30) as client:
        table = client.post("/api/tables", json={"nickname": "Host", "game": "sheepshead",
                                                 "hands": 5, "difficulty": "easy"}).json()
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table['invite']}/live"
    with connect(url, origin=Origin("https://evil.example"), open_timeout=15) as live:
        refused = json.loads(live.recv(timeout=15))
        assert refused["type"] == "error" and refused["error"] == "origin_not_allowed"
        with pytest.raises(ConnectionClosed) as closed:
            live.recv(timeout=15)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    for origin in (server.url, FRIENDS):
        with connect(url, origin=Origin(origin), open_timeout=15) as live:
            live.send(json.dumps({"token": table["token"]}))
            assert json.loads(live.recv(timeout=15))["type"] == "state"


def test_a_malformed_allowed_origin_stops_the_server_at_start(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tricktable.cli", "serve", "--database",
         f"sqlite:///{tmp_path / 'never.sqlite3'}", "--allowed-origin", "friends.example"],
        capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "is not an origin" in run.stderr and "--allowed-origin" in run.stderr
    assert not (tmp_path / "never.sqlite3").exists()
