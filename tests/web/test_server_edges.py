"""The edges on a real ``tricktable serve`` process and real sockets: chunked bodies, HEAD,
forwarded headers, rate limits shared by two server processes, JSON request logs and metrics
summed over server processes."""

from __future__ import annotations

import json
import select
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.servers import Server
from tests.web.test_operations import metric

EASY = {"difficulty": "easy"}


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'edges.sqlite3'}"


@pytest.fixture
def server(tmp_path: Path, database: str) -> Iterator[Server]:
    started = Server(database, tmp_path / "server.log", args=["--log-format", "json"],
                     env={"TRICKTABLE_RATE_LIMIT_NEW_GAME_ADDRESS": "3/minute"})
    yield started
    started.kill()


def test_a_chunked_body_past_the_limit_is_refused_over_a_socket(server: Server) -> None:
    """A chunked body with no Content-Length: the server answers 413 once the body passes
    64 KiB, without waiting for (or reading) the rest of the 4 MiB the client would send."""
    chunk = b"z" * 1024
    sent = 0
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(b"PUT /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           b"Content-Type: application/json\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n")
        answer = b""
        while sent < 4 * 1024 * 1024:
            if select.select([connection], [], [], 0)[0]:
                break  # the server has answered
            try:
                connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            except OSError:  # the server closed its side after answering
                break
            sent += len(chunk)
        while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
            part = connection.recv(65536)
            if not part:
                break
            answer += part
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:200]
    assert json.loads(body)["error"] == "too_large"
    assert sent < 1024 * 1024, sent


def test_head_and_security_headers_over_a_socket(server: Server) -> None:
    for path in ("/", "/leaderboard", "/rules"):
        head = httpx.head(server.url + path)
        assert head.status_code == 200 and head.content == b""
        assert "frame-ancestors 'none'" in head.headers["content-security-policy"]
        assert head.headers["x-content-type-options"] == "nosniff"


def test_nobody_can_spoof_an_address_without_a_trusted_proxy(server: Server) -> None:
    answers = []
    for number in range(4):  # a new player and a new claimed address each time
        forged = {"x-forwarded-for": f"198.51.100.{number}", "forwarded": f"for=192.0.2.{number}"}
        answers.append(httpx.post(server.url + "/api/games", json=EASY, headers=forged,
                                  timeout=30))
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[-1].json()["error"] == "too_many_requests"
    assert int(answers[-1].headers["retry-after"]) >= 1
    over_https = httpx.get(server.url + "/api/me", headers={"x-forwarded-proto": "https"})
    assert "Secure" not in over_https.headers["set-cookie"]


def test_a_trusted_proxy_names_the_client(tmp_path: Path, database: str) -> None:
    proxy = Server(database, tmp_path / "proxy.log", args=["--trusted-proxy", "127.0.0.1"],
                   env={"TRICKTABLE_RATE_LIMIT_NEW_GAME_ADDRESS": "1/minute"})
    try:
        for number in range(3):
            forwarded = {"x-forwarded-for": f"198.51.100.{number}"}
            answer = httpx.post(proxy.url + "/api/games", json=EASY, headers=forwarded,
                                timeout=30)
            assert answer.status_code == 201, answer.text
        again = httpx.post(proxy.url + "/api/games", json=EASY,
                           headers={"x-forwarded-for": "198.51.100.0"}, timeout=30)
        assert again.status_code == 429
        secure = httpx.get(proxy.url + "/api/me", headers={"x-forwarded-proto": "https"})
        assert "; Secure" in secure.headers["set-cookie"]
    finally:
        proxy.kill()


def test_two_server_processes_share_the_rate_limits(tmp_path: Path, server: Server,
                                                    database: str) -> None:
    other = Server(database, tmp_path / "other.log",
                   env={"TRICKTABLE_RATE_LIMIT_NEW_GAME_ADDRESS": "3/minute"})
    try:
        codes = [httpx.post(url + "/api/games", json=EASY, timeout=30).status_code
                 for url in (server.url, other.url, server.url, other.url)]
        assert codes == [201, 201, 201, 429]
    finally:
        other.kill()


def test_json_logs_hold_one_line_per_request(tmp_path: Path, server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        game = client.post("/api/games", json=EASY).json()
        client.get(f"/api/games/{game['id']}")
    lines = [json.loads(line) for line in (tmp_path / "server.log").read_text().splitlines()
             if line.startswith("{")]
    requests = [line for line in lines if line["logger"] == "tricktable.access"]
    assert [(r["method"], r["route"], r["status"]) for r in requests[-2:]] == [
        ("POST", "/api/games", 201), ("GET", "/api/games/{game_id}", 200)]
    assert len({r["player"] for r in requests[-2:]}) == 1
    text = (tmp_path / "server.log").read_text()
    assert game["id"] not in text
    for card in game["view"]["hand"]:
        assert f'"{card}"' not in text


def test_metrics_are_summed_over_server_processes(tmp_path: Path, database: str) -> None:
    multi = Server(database, tmp_path / "multi.log", args=["--processes", "2"])

    def options_answered() -> float:
        with httpx.Client(base_url=multi.url, timeout=30) as fresh:  # a new connection
            return metric(fresh.get("/metrics").text, "tricktable_requests_total",
                          route="/api/options", method="GET", status="200")

    try:
        for _ in range(12):
            with httpx.Client(base_url=multi.url, timeout=30) as fresh:
                assert fresh.get("/api/options").status_code == 200
        # Whichever process answers /metrics counts the other's requests too.
        assert [options_answered() for _ in range(6)] == [12.0] * 6
    finally:
        multi.kill()
