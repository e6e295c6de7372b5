"""The app's edges in process: body limit, rate limits, security headers, HEAD, proxies."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tests.web.play import assert_error, new_game
from tricktable.web.edges.proxy import ProxyHeadersMiddleware, client_address, parse_networks
from tricktable.web.identity import COOKIE_NAME

# --- Body limit -------------------------------------------------------------------------------


def test_a_body_past_the_limit_is_a_413_and_changes_nothing(client: TestClient) -> None:
    body = b'{"nickname": "' + b"x" * (64 * 1024) + b'"}'
    response = client.put("/api/me", content=body, headers={"content-type": "application/json"})
    assert_error(response, 413, "too_large")
    assert client.get("/api/me").json()["nickname"] is None
    assert_error(client.post("/api/games", content=b" " * 70_000,
                             headers={"content-type": "application/json"}), 413, "too_large")
    assert client.get("/api/games").json() == {"games": []}


def test_a_chunked_body_past_the_limit_is_a_413(client: TestClient) -> None:
    def chunks() -> object:
        yield b'{"nickname": "'
        for _ in range(100):
            yield b"y" * 1024
        yield b'"}'

    response = client.put("/api/me", content=chunks(),  # type: ignore[arg-type]
                          headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers
    assert_error(response, 413, "too_large")


def test_a_body_under_the_limit_is_read(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(body_limit=100)) as client:
        assert client.put("/api/me", json={"nickname": "Short"}).status_code == 200
        assert_error(client.put("/api/me", json={"nickname": "L" * 100}), 413, "too_large")


# --- Rate limits ------------------------------------------------------------------------------


def test_new_games_past_the_players_limit_are_429_with_retry_after(
    make_app: Callable[..., FastAPI],
) -> None:
    with TestClient(make_app(rate_limit_new_game_player="2/minute")) as client:
        new_game(client, difficulty="easy")
        new_game(client, difficulty="easy")
        response = client.post("/api/games", json={"difficulty": "easy"})
        assert_error(response, 429, "too_many_requests")
        assert 1 <= int(response.headers["retry-after"]) <= 60
        assert len(client.get("/api/games").json()["games"]) == 2
        with TestClient(client.app) as other:  # another player, the same address
            new_game(other, difficulty="easy")


def test_a_new_cookie_does_not_escape_the_address_limit(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(rate_limit_new_game_address="2/minute")
    for expected in (201, 201, 429):
        with TestClient(app) as client:  # a fresh cookie jar: a new anonymous player each time
            assert client.post("/api/games", json={"difficulty": "easy"}).status_code == expected


def test_actions_and_daily_starts_are_limited(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(rate_limit_action_player="1/minute",
                             rate_limit_daily_player="1/minute")) as client:
        game = new_game(client, difficulty="easy")
        url = f"/api/games/{game['id']}/actions"
        body = {"action": game["legal_actions"][0], "version": game["version"]}
        assert client.post(url, json=body).status_code == 200
        assert_error(client.post(url, json=body), 429, "too_many_requests")
        assert client.post("/api/daily", json={}).status_code == 200
        assert_error(client.post("/api/daily", json={}), 429, "too_many_requests")
        assert client.get(f"/api/games/{game['id']}").status_code == 200  # reading is free


def test_two_apps_on_one_database_share_the_counters(make_app: Callable[..., FastAPI]) -> None:
    first, second = (make_app(rate_limit_new_game_address="3/minute") for _ in range(2))
    with TestClient(first) as a, TestClient(second) as b:
        new_game(a, difficulty="easy")
        new_game(b, difficulty="easy")
        new_game(a, difficulty="easy")
        assert_error(b.post("/api/games", json={"difficulty": "easy"}), 429)


def test_a_malformed_limit_is_refused_at_start(make_app: Callable[..., FastAPI]) -> None:
    with pytest.raises(ValueError, match="rate_limit_action_player"):
        make_app(rate_limit_action_player="lots")


# --- Security headers and HEAD ----------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/leaderboard", "/rules?game=spades", "/api/options",
                                  "/static/js/app.js", "/api/games/nope", "/no/such/page"])
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
    assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_an_invite_page_keeps_its_own_referrer_policy(client: TestClient) -> None:
    """The invite is in the page's URL: a link followed from it must not carry it along."""
    invite = client.get("/t/" + "a" * 22)
    assert invite.headers["referrer-policy"] == "no-referrer"
    assert invite.headers.get_list("referrer-policy") == ["no-referrer"]
    assert client.get("/friends").headers["referrer-policy"] == "same-origin"


def test_the_pages_hold_no_inline_script_or_style(client: TestClient) -> None:
    for path in ("/", "/leaderboard", "/rules", "/rules?game=spades"):
        page = client.get(path).text.lower()
        assert "<style" not in page and " style=" not in page
        assert page.count("<script") == page.count('<script type="module" src=')
        assert " onclick=" not in page
        assert not re.search(r"""=\s*["']?\s*javascript:""", page)  # no javascript: URL


@pytest.mark.parametrize("path", ["/", "/leaderboard", "/rules", "/favicon.ico",
                                  "/static/css/style.css"])
def test_pages_answer_head(client: TestClient, path: str) -> None:
    got = client.get(path)
    head = client.head(path)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-security-policy"]


# --- Proxies and the client's address ---------------------------------------------------------


def _echo(trusted: tuple[str, ...], peer: str) -> TestClient:
    async def echo(request: Request) -> JSONResponse:
        return JSONResponse({"address": client_address(request), "scheme": request.url.scheme})

    app = ProxyHeadersMiddleware(Starlette(routes=[Route("/", echo)]), trusted=trusted)
    return TestClient(app, client=(peer, 1234))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("trusted", "peer", "headers", "address", "scheme"),
    [
        ((), "203.0.113.9", {"x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https"},
         "203.0.113.9", "http"),
        (("10.0.0.0/8",), "203.0.113.9", {"x-forwarded-for": "1.2.3.4"}, "203.0.113.9", "http"),
        (("10.0.0.0/8",), "10.1.2.3", {"x-forwarded-for": "198.51.100.7",
                                       "x-forwarded-proto": "https"}, "198.51.100.7", "https"),
        # A client's own X-Forwarded-For is kept to the left of the one the proxy appends.
        (("10.0.0.0/8",), "10.1.2.3", {"x-forwarded-for": "1.2.3.4, 198.51.100.7"},
         "198.51.100.7", "http"),
        # Chained trusted proxies are walked back to the first untrusted hop.
        (("10.0.0.0/8",), "10.1.2.3", {"x-forwarded-for": "198.51.100.7, 10.9.9.9"},
         "198.51.100.7", "http"),
        (("10.0.0.1",), "10.0.0.1", {"forwarded": 'for=192.0.2.60;proto=https;by=10.0.0.1'},
         "192.0.2.60", "https"),
        (("::1", "10.0.0.1"), "10.0.0.1", {"forwarded": 'for="[2001:db8::17]:4711"'},
         "2001:db8::17", "http"),
        (("10.0.0.1",), "10.0.0.1", {"x-forwarded-proto": "https"}, "10.0.0.1", "https"),
        (("10.0.0.1",), "10.0.0.1", {"x-forwarded-for": "not-an-address"}, "10.0.0.1", "http"),
    ],
)
def test_forwarded_headers_count_only_from_trusted_proxies(
    trusted: tuple[str, ...], peer: str, headers: dict[str, str], address: str, scheme: str,
) -> None:
    assert _echo(trusted, peer).get("/", headers=headers).json() == {
        "address": address, "scheme": scheme}


def test_a_trusted_proxy_must_be_an_address() -> None:
    assert [str(n) for n in parse_networks(["10.0.0.0/8", " ::1 ", ""])] == ["10.0.0.0/8",
                                                                             "::1/128"]
    with pytest.raises(ValueError, match="not an IP address"):
        parse_networks(["proxy.example"])


def test_the_cookie_is_secure_over_https_through_a_trusted_proxy(
    make_app: Callable[..., FastAPI],
) -> None:
    app = make_app(trusted_proxies=("10.0.0.0/8",))
    proxied = TestClient(app, client=("10.0.0.5", 1))  # type: ignore[arg-type]
    cookie = proxied.get("/api/me", headers={"x-forwarded-proto": "https"}).headers["set-cookie"]
    assert cookie.startswith(COOKIE_NAME) and "; Secure" in cookie
    direct = TestClient(app, client=("203.0.113.1", 1))  # type: ignore[arg-type]
    cookie = direct.get("/api/me", headers={"x-forwarded-proto": "https"}).headers["set-cookie"]
    assert "Secure" not in cookie
    https = TestClient(app, base_url="https://testserver")
    assert "; Secure" in https.get("/api/me").headers["set-cookie"]


# --- Stored addresses -------------------------------------------------------------------------


def test_the_rate_limit_counters_never_hold_an_address(
    make_app: Callable[..., FastAPI], database_url: str,
) -> None:
    """The counters key on a keyed hash (HMAC under the server secret) of the connection, so the
    database never holds a client's address; the limits count exactly as before."""
    app = make_app(rate_limit_new_game_address="2/minute")
    addresses = ["203.0.113.7", "2001:db8:7:7::1", "2001:db8:7:7::2"]
    statuses = []
    for address in addresses:
        with TestClient(app, client=(address, 50_000)) as client:  # type: ignore[arg-type]
            statuses.append(client.post("/api/games", json={"difficulty": "easy"}).status_code)
    assert statuses == [201, 201, 201]
    # The IPv6 addresses share one /64 (a household's or a phone's), as for the Daily: a third
    # address in it is past the limit of 2.
    with TestClient(app, client=("2001:db8:7:7::3", 1)) as client:  # type: ignore[arg-type]
        assert_error(client.post("/api/games", json={"difficulty": "easy"}), 429)
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        rows = [tuple(str(value) for value in row)
                for row in connection.execute(sa.text("SELECT * FROM rate_limits"))]
    engine.dispose()
    assert rows
    stored = " ".join(" ".join(row) for row in rows)
    for address in (*addresses, "2001:db8:7:7::", "2001:db8:7:7::/64", "203.0.113"):
        assert address not in stored, (address, rows)


# --- Methods: HEAD wherever GET is, a complete Allow ------------------------------------------


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/metrics", "/api/options",
                                  "/api/games", "/api/me", "/api/leaderboard", "/api/docs"])
def test_head_is_answered_wherever_get_is(client: TestClient, path: str) -> None:
    got = client.get(path)
    head = client.head(path)
    assert head.status_code == got.status_code == 200, (path, head.status_code)
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-security-policy"]


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("DELETE", "/api/games", "GET, HEAD, POST"),
    ("PATCH", "/api/me", "GET, HEAD, PUT"),
    ("OPTIONS", "/api/daily", "GET, HEAD, POST"),
    ("PUT", "/api/games/0123456789abcdef0123456789abcdef/review", "GET, HEAD, POST"),
    ("GET", "/api/games/0123456789abcdef0123456789abcdef/actions", "POST"),
    ("HEAD", "/api/games/0123456789abcdef0123456789abcdef/hint", "POST"),
    ("POST", "/healthz", "GET, HEAD"),
    ("BREW", "/metrics", "GET, HEAD"),
    ("POST", "/static/css/style.css", "GET, HEAD"),
])
def test_a_405_allows_every_method_of_the_path(client: TestClient, method: str, path: str,
                                               allow: str) -> None:
    response = client.request(method, path)
    assert response.status_code == 405
    assert response.headers["allow"] == allow
