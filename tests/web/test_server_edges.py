"""The edges on a real ``tricktable serve`` process and real sockets: chunked bodies, HEAD,
forwarded headers, rate limits shared by two server processes, JSON request logs and metrics
summed over server processes."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from tests.web.servers import Server, free_port
from tests.web.test_operations import metric

EASY = {"difficulty": "easy"}


LIMITS = {"TRICKTABLE_RATE_LIMIT_NEW_GAME_ADDRESS": "3/minute",
          "TRICKTABLE_RATE_LIMIT_DAILY_ADDRESS": "2/minute"}
"""Only test_nobody_can_spoof… starts games and only test_two_server_processes… starts Dailies
on the shared server, so each meets its own counter."""


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("edges")


@pytest.fixture(scope="module")
def database(place: Path) -> str:
    return f"sqlite:///{place / 'edges.sqlite3'}"


@pytest.fixture(scope="module")
def server(place: Path, database: str) -> Iterator[Server]:
    started = Server(database, place / "server.log", args=["--log-format", "json"], env=LIMITS)
    yield started
    started.kill()


@pytest.fixture(scope="module")
def proxied(place: Path, database: str) -> Iterator[Server]:
    """A second server process on the same database, behind a (pretend) proxy at 127.0.0.1."""
    started = Server(database, place / "proxied.log", args=["--trusted-proxy", "127.0.0.1"],
                     env=LIMITS)
    yield started
    started.kill()


def _answer(port: int, head: bytes, body: bytes) -> bytes:
    """Send a request's head and the start of its body, never the rest; the server's answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as connection:
        connection.sendall(head + body)
        answer = b""
        while not answer.endswith(b"}"):
            part = connection.recv(65536)  # a timeout here: the server waited for the rest
            if not part:
                break
            answer += part
    return answer


def test_a_body_past_the_limit_is_refused_before_it_is_all_sent(server: Server) -> None:
    """Past 64 KiB the server answers 413 at once: it neither waits for nor reads the rest
    (a chunked body without a length, or a 16 MiB Content-Length)."""
    chunked = b"".join(b"400\r\n" + b"z" * 1024 + b"\r\n" for _ in range(80))  # 80 KiB
    answers = [
        _answer(server.port, b"PUT /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
                b'e\r\n{"nickname": "\r\n' + chunked),
        _answer(server.port, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 16777216\r\n\r\n",
                b"{" + b" " * 1000),
    ]
    for answer in answers:
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 413"), answer[:200]
        assert json.loads(body)["error"] == "too_large"
    assert httpx2.get(server.url + "/api/games").json() == {"games": []}


def test_head_and_security_headers_over_a_socket(server: Server) -> None:
    for path in ("/", "/leaderboard", "/rules"):
        head = httpx2.head(server.url + path)
        assert head.status_code == 200 and head.content == b""
        assert "frame-ancestors 'none'" in head.headers["content-security-policy"]
        assert head.headers["x-content-type-options"] == "nosniff"


def test_nobody_can_spoof_an_address_without_a_trusted_proxy(server: Server) -> None:
    answers = []
    for number in range(4):  # a new player and a new claimed address each time
        forged = {"x-forwarded-for": f"198.51.100.{number}", "forwarded": f"for=192.0.2.{number}"}
        answers.append(httpx2.post(server.url + "/api/games", json=EASY, headers=forged,
                                  timeout=30))
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[-1].json()["error"] == "too_many_requests"
    assert int(answers[-1].headers["retry-after"]) >= 1
    over_https = httpx2.get(server.url + "/api/me", headers={"x-forwarded-proto": "https"})
    assert "Secure" not in over_https.headers["set-cookie"]


def test_a_trusted_proxy_names_the_client(proxied: Server) -> None:
    def start(address: str) -> int:
        return httpx2.post(proxied.url + "/api/games", json=EASY, timeout=30,
                          headers={"x-forwarded-for": address}).status_code

    assert [start("198.51.100.20") for _ in range(4)] == [201, 201, 201, 429]
    assert start("198.51.100.21") == 201  # another client behind the same proxy
    secure = httpx2.get(proxied.url + "/api/me", headers={"x-forwarded-proto": "https"})
    assert "; Secure" in secure.headers["set-cookie"]


def test_two_server_processes_share_the_rate_limits(server: Server, proxied: Server) -> None:
    codes = [httpx2.post(url + "/api/daily", json={}, timeout=30).status_code
             for url in (server.url, proxied.url, server.url)]
    assert codes == [200, 200, 429]


def test_json_logs_hold_one_line_per_request(place: Path, server: Server) -> None:
    with httpx2.Client(base_url=server.url, timeout=30) as client:
        client.put("/api/me", json={"nickname": "Logged Lou"})
        client.get("/api/games/0123456789abcdef0123456789abcdef")
    expected = [("PUT", "/api/me", 200), ("GET", "/api/games/{game_id}", 404)]
    deadline = time.monotonic() + 10
    while True:  # a request's line is written just after its answer is sent
        lines = [json.loads(line) for line in (place / "server.log").read_text().splitlines()
                 if line.startswith("{")]
        requests = [line for line in lines if line["logger"] == "tricktable.access"]
        if ([(r["method"], r["route"], r["status"]) for r in requests[-2:]] == expected
                or time.monotonic() > deadline):
            break
        time.sleep(0.1)
    assert [(r["method"], r["route"], r["status"]) for r in requests[-2:]] == expected
    assert len({r["player"] for r in requests[-2:]}) == 1
    assert all(r["duration_ms"] >= 0 for r in requests)
    text = (place / "server.log").read_text()
    assert "0123456789abcdef0123456789abcdef" not in text and "Logged Lou" not in text


def test_metrics_are_summed_over_server_processes(place: Path, database: str) -> None:
    multi = Server(database, place / "multi.log", args=["--processes", "2"])

    def options_answered() -> float:
        with httpx2.Client(base_url=multi.url, timeout=30) as fresh:  # a new connection
            return metric(fresh.get("/metrics").text, "tricktable_requests_total",
                          route="/api/options", method="GET", status="200")

    try:
        for _ in range(12):
            with httpx2.Client(base_url=multi.url, timeout=30) as fresh:
                assert fresh.get("/api/options").status_code == 200
        # Whichever process answers /metrics counts the other's requests too.
        assert [options_answered() for _ in range(6)] == [12.0] * 6
    finally:
        multi.kill()


def test_metrics_on_their_own_address_sum_every_process(place: Path, database: str) -> None:
    listener = free_port()
    multi = Server(database, place / "metrics.log",
                   args=["--processes", "2", "--metrics-address", f"127.0.0.1:{listener}"])
    try:
        for _ in range(8):
            with httpx2.Client(base_url=multi.url, timeout=30) as fresh:  # a new connection
                assert fresh.get("/api/options").status_code == 200
                assert fresh.get("/metrics").status_code == 404  # not on the players' port
        scraped = httpx2.get(f"http://127.0.0.1:{listener}/metrics", timeout=30)
        assert scraped.status_code == 200
        assert metric(scraped.text, "tricktable_requests_total", route="/api/options",
                      method="GET", status="200") == 8
    finally:
        multi.kill()
