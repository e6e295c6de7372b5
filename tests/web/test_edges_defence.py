"""Defence in depth at the edges, in process: other sites' requests refused (403, and 4403 on a
WebSocket), ``no-store`` on the API, HSTS over HTTPS only, huge headers answered 431."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tests.web.play import assert_error, new_game
from tests.web.tables import at_a_table, create
from tricktable.i18n import Message, translate
from tricktable.web.edges.proxy import FORWARDED_HOST, ProxyHeadersMiddleware

EASY = {"difficulty": "easy"}
EVIL = "https://evil.example"

# --- Origin -------------------------------------------------------------------------------------


FOREIGN = [EVIL, "null", "http://testserver.evil.example", "https://testserver",
           "http://testserver:8000", "garbage"]
"""Other origins than the test client's own (``http://testserver``): another site, a
sandboxed frame's ``null``, a look-alike name, another scheme, another port, no origin."""


def test_a_state_change_from_another_origin_is_a_403_and_changes_nothing(
    client: TestClient,
) -> None:
    for origin in FOREIGN:
        refused = assert_error(client.post("/api/games", json=EASY,
                                           headers={"origin": origin}), 403, "origin_not_allowed")
        assert refused["reason"]["key"] == "server.origin_not_allowed"
        assert origin in refused["message"]
        assert_error(client.put("/api/me", json={"nickname": "Forged"},
                                headers={"origin": origin}), 403, "origin_not_allowed")
    assert client.get("/api/games").json() == {"games": []}
    assert client.get("/api/me").json()["nickname"] is None
    # The server's own origin (as written, or with its default port), or none, may.
    for own in ({"origin": "http://testserver"}, {"origin": "http://TestServer:80"}, {}):
        assert client.post("/api/games", json=EASY, headers=own).status_code == 201
        assert client.put("/api/me", json={"nickname": "Own"}, headers=own).status_code == 200


def test_the_refusal_is_in_the_request_s_language(client: TestClient) -> None:
    refused = assert_error(client.post("/api/games", json=EASY,
                                       headers={"origin": EVIL, "accept-language": "nl"}),
                           403, "origin_not_allowed")
    assert refused["message"] == translate("nl", Message("server.origin_not_allowed",
                                                         {"origin": EVIL}))
    assert "andere site" in refused["message"]


def test_pages_are_guarded_too_and_reading_is_not(client: TestClient) -> None:
    assert_error(client.post("/", headers={"origin": EVIL}), 403, "origin_not_allowed")
    assert client.post("/").status_code == 405  # without Origin: as before
    # A GET changes nothing (and the browser keeps its answer from the other site).
    assert client.get("/api/games", headers={"origin": EVIL}).status_code == 200
    assert client.get("/", headers={"origin": EVIL}).status_code == 200


def test_an_allowed_origin_may_change_state(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(allowed_origins=("https://friends.example/", "http://localhost:8000"))
    with TestClient(app) as client:
        for origin in ("https://friends.example", "http://localhost:8000"):
            assert client.post("/api/games", json=EASY,
                               headers={"origin": origin}).status_code == 201
        assert_error(client.post("/api/games", json=EASY,
                                 headers={"origin": "http://localhost:8001"}), 403)


def test_a_malformed_allowed_origin_is_refused_at_start(
    make_app: Callable[..., FastAPI],
) -> None:
    for wrong in ("friends.example", "ftp://friends.example", "https://friends.example/path"):
        with pytest.raises(ValueError, match="is not an origin"):
            make_app(allowed_origins=(wrong,))


def test_the_origin_behind_a_trusted_proxy_is_the_one_the_browser_asked(
    make_app: Callable[..., FastAPI],
) -> None:
    app = make_app(trusted_proxies=("10.0.0.0/8",))
    forwarded = {"x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https",
                 "x-forwarded-host": "games.example.org"}
    with TestClient(app, client=("10.0.0.5", 1)) as proxied:  # type: ignore[arg-type]
        own = {**forwarded, "origin": "https://games.example.org"}
        assert proxied.post("/api/games", json=EASY, headers=own).status_code == 201
        # The proxy's own address is not the page's origin.
        assert_error(proxied.post("/api/games", json=EASY,
                                  headers={**forwarded, "origin": "http://testserver"}), 403)
        # Host passed through as it is (nginx: proxy_set_header Host $host), scheme forwarded.
        passed = {"host": "games.example.org", "x-forwarded-proto": "https",
                  "origin": "https://games.example.org"}
        assert proxied.post("/api/games", json=EASY, headers=passed).status_code == 201
    with TestClient(app, client=("203.0.113.1", 1)) as direct:  # type: ignore[arg-type]
        # Nobody else's forwarded headers are believed.
        assert_error(direct.post("/api/games", json=EASY,
                                 headers={**forwarded, "origin": "https://games.example.org"}),
                     403, "origin_not_allowed")


def test_a_live_table_from_another_origin_is_refused_with_4403(app: FastAPI) -> None:
    with at_a_table(app) as (ann,):
        url = f"/api/tables/{ann.invite}/live"
        with ann.client.websocket_connect(url, headers={"origin": EVIL}) as live:
            refused = live.receive_json()
            assert refused["type"] == "error" and refused["error"] == "origin_not_allowed"
            assert EVIL in refused["message"]
            closed = live.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4403
        for origin in ({"origin": "http://testserver"}, {}):
            with ann.client.websocket_connect(url, headers=origin) as live:
                live.send_json({"token": ann.token})
                assert live.receive_json()["type"] == "state"


# --- Cache-Control ------------------------------------------------------------------------------


def test_every_api_answer_of_a_player_is_no_store(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    table = create(client, game="sheepshead", hands=5, difficulty="easy")
    answers = [
        client.get("/api/me"),
        client.put("/api/me", json={"nickname": "Cached Cal"}),
        client.get("/api/me/stats"),
        client.get("/api/games"),
        client.post("/api/games", json=EASY),
        client.get(f"/api/games/{game['id']}"),
        client.get(f"/api/games/{game['id']}/review"),
        client.get(f"/api/tables/{table.invite}", headers=table.headers),
        client.get("/api/daily"),
        client.get("/api/games/0123456789abcdef0123456789abcdef"),  # an error answer too
        client.post("/api/games", json=EASY, headers={"origin": EVIL}),
    ]
    for answer in answers:
        assert answer.headers.get("cache-control") == "no-store", (
            answer.request.url, answer.status_code, answer.headers.get("cache-control"))
    # Answers that choose their own caching keep it; the contract is everyone's.
    assert client.get("/api/i18n").headers["cache-control"] == "private, no-cache"
    assert client.get("/").headers["cache-control"] == "no-cache"
    assert "cache-control" not in client.get("/api/openapi.json").headers
    assert "cache-control" not in client.get("/api/docs").headers


# --- HSTS ---------------------------------------------------------------------------------------


def test_hsts_only_over_https(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(trusted_proxies=("10.0.0.0/8",))
    https = TestClient(app, base_url="https://testserver")
    for path in ("/", "/api/me", "/static/js/app.js", "/no/such/page"):
        assert https.get(path).headers["strict-transport-security"] == "max-age=31536000"
    http = TestClient(app)
    assert "strict-transport-security" not in http.get("/").headers
    proxied = TestClient(app, client=("10.0.0.5", 1))  # type: ignore[arg-type]
    forwarded = proxied.get("/", headers={"x-forwarded-proto": "https"}).headers
    assert forwarded["strict-transport-security"] == "max-age=31536000"
    direct = TestClient(app, client=("203.0.113.1", 1))  # type: ignore[arg-type]
    assert "strict-transport-security" not in direct.get(
        "/", headers={"x-forwarded-proto": "https"}).headers


def test_hsts_can_be_set_or_turned_off(make_app: Callable[..., FastAPI]) -> None:
    longer = "max-age=63072000; includeSubDomains"
    with TestClient(make_app(hsts=longer), base_url="https://testserver") as client:
        assert client.get("/").headers["strict-transport-security"] == longer
    with TestClient(make_app(hsts=""), base_url="https://testserver") as client:
        assert "strict-transport-security" not in client.get("/").headers


# --- Header limit -------------------------------------------------------------------------------


def test_huge_headers_are_a_431_that_says_why_and_change_nothing(client: TestClient) -> None:
    cookie = "crumbs=" + "c" * 60_000
    refused = assert_error(client.get("/api/me", headers={"cookie": cookie}), 431,
                           "headers_too_large")
    assert refused["reason"] == {"key": "server.headers_too_large", "params": {"limit": 32768}}
    assert "32,768 bytes" in refused["message"]
    assert_error(client.post("/api/games", json=EASY, headers={"x-junk": "j" * 40_000}), 431,
                 "headers_too_large")
    assert_error(client.get("/", headers={"x-junk": "j" * 40_000}), 431)
    assert client.get("/api/games").json() == {"games": []}
    assert client.get("/api/me", headers={"x-fine": "f" * 30_000}).status_code == 200


def test_the_header_limit_is_a_setting(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(header_limit=2000)) as client:
        assert client.get("/api/me", headers={"x-some": "s" * 1000}).status_code == 200
        assert_error(client.get("/api/me", headers={"x-some": "s" * 2000}), 431)


# --- Proxies: the forwarded host ----------------------------------------------------------------


def _host_echo(peer: str) -> TestClient:
    async def echo(request: Request) -> JSONResponse:
        return JSONResponse({"host": request.scope.get(FORWARDED_HOST),
                             "scheme": request.url.scheme, "header": request.headers["host"]})

    app = ProxyHeadersMiddleware(Starlette(routes=[Route("/", echo)]), trusted=("10.0.0.1",))
    return TestClient(app, client=(peer, 1234))  # type: ignore[arg-type]


def test_a_trusted_proxy_names_the_host() -> None:
    cases = [
        ("10.0.0.1", {"x-forwarded-host": "games.example.org"}, "games.example.org"),
        ("10.0.0.1", {"x-forwarded-for": "1.2.3.4",
                      "x-forwarded-host": "a.example, b.example:8443"}, "b.example:8443"),
        ("10.0.0.1", {"forwarded": "for=1.2.3.4;host=games.example.org;proto=https"},
         "games.example.org"),
        ("10.0.0.1", {"x-forwarded-host": "[2001:db8::1]:8443"}, "[2001:db8::1]:8443"),
        ("10.0.0.1", {"x-forwarded-host": "evil.example/path"}, None),  # not a host
        ("203.0.113.9", {"x-forwarded-host": "games.example.org"}, None),  # untrusted
    ]
    for peer, headers, host in cases:
        # The Host header stays as it came: no URL the app builds names the forwarded host.
        assert _host_echo(peer).get("/", headers=headers).json() == {
            "host": host, "scheme": "https" if "https" in str(headers) else "http",
            "header": "testserver"}, (peer, headers)
