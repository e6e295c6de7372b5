"""A Daily players can trust: one Daily per player, game and day (raced by threads and by two
server processes), unique nicknames, and rehearsal resistance without registration."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx2
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import Clock
from tests.web.daily_helpers import Visitors, established, start_daily
from tests.web.play import assert_error, play_to_end
from tests.web.servers import Server
from tricktable.web.daily.connection import connection_key, connection_network
from tricktable.web.games.service import GameService
from tricktable.web.store.db import daily_attempts, games, make_engine
from tricktable.web.store.games import Store


@pytest.fixture
def visitors(app: FastAPI) -> Iterator[Visitors]:
    made = Visitors(app)
    yield made
    made.close()


def daily_games(service: GameService, player_id: str) -> list[Any]:
    with service.store.engine.connect() as db:
        return db.execute(sa.select(games.c.id, games.c.ranked).where(
            games.c.player_id == player_id, games.c.mode == "daily")).all()


# --- One Daily per player, game and day ---------------------------------------------------------


def test_concurrent_daily_requests_from_threads_get_one_ranked_game(
    app: FastAPI, visitors: Visitors
) -> None:
    service: GameService = app.state.service
    for round_ in range(3):
        client = visitors()
        player_id = client.get("/api/me").json()["player_id"]
        barrier = threading.Barrier(6)

        def post(_k: int, client: TestClient = client,
                 barrier: threading.Barrier = barrier) -> dict[str, Any]:
            barrier.wait()
            return start_daily(client)

        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(post, range(6)))
        assert len({a["id"] for a in answers}) == 1, round_
        assert all(a["ranked"] for a in answers)
        stored = daily_games(service, player_id)
        assert len(stored) == 1 and stored[0].ranked
        # Resuming, from any request, is the same ranked game.
        assert start_daily(client)["id"] == answers[0]["id"]
        assert client.get("/api/daily").json()["game_id"] == answers[0]["id"]


def test_concurrent_daily_requests_across_two_server_processes(
    database_url: str, tmp_path: Path, make_app: Callable[..., FastAPI]
) -> None:
    make_app().state.service.store.engine.dispose()  # migrate the database once, up front
    servers = [Server(database_url, tmp_path / f"server-{k}.log") for k in range(2)]
    store = Store(make_engine(database_url))
    try:
        for _round in range(3):
            cookie = httpx2.get(f"{servers[0].url}/api/me")
            player_id = cookie.json()["player_id"]
            # A returning browser, by the servers' real clock.
            store.ensure_player(player_id, datetime.now(UTC).replace(tzinfo=None)
                                - timedelta(days=30))
            jar = dict(cookie.cookies)
            barrier = threading.Barrier(8)

            def post(k: int, jar: dict[str, str] = jar,
                     barrier: threading.Barrier = barrier) -> dict[str, Any]:
                barrier.wait()
                response = httpx2.post(f"{servers[k % 2].url}/api/daily", json={},
                                      cookies=jar, timeout=60)
                assert response.status_code == 200, response.text
                data: dict[str, Any] = response.json()
                return data

            with ThreadPoolExecutor(8) as pool:
                answers = list(pool.map(post, range(8)))
            assert len({a["id"] for a in answers}) == 1
            assert all(a["ranked"] for a in answers)
            with store.engine.connect() as db:
                stored = db.execute(sa.select(games.c.ranked).where(
                    games.c.player_id == player_id, games.c.mode == "daily")).all()
            assert [bool(r.ranked) for r in stored] == [True]
            for server in servers:  # resuming on either server: the same ranked game
                again = httpx2.post(f"{server.url}/api/daily", json={}, cookies=jar,
                                   timeout=60).json()
                assert again["id"] == answers[0]["id"] and again["ranked"]
    finally:
        store.engine.dispose()
        for server in servers:
            server.kill()


def test_a_finished_daily_is_not_played_again(client: TestClient) -> None:
    established(client)
    first = start_daily(client)
    finished = play_to_end(client, first, seed=1)
    again = start_daily(client)
    assert again["id"] == first["id"] and again["status"] == "over" and again["ranked"]
    assert again["score"] == finished["score"]
    info = client.get("/api/daily").json()
    assert info["finished"] and info["game_id"] == first["id"] and info["ranked"]


# --- Names ----------------------------------------------------------------------------------------


def test_nicknames_are_unique_after_nfkc_and_casefolding(
    client: TestClient, other_client: TestClient, visitors: Visitors
) -> None:
    assert client.put("/api/me", json={"nickname": "Ace"}).status_code == 200
    for taken in ("Ace", "ACE", "  ace ", "Ａｃｅ", "ᴬce".replace("ᴬ", "A")):
        error = assert_error(other_client.put("/api/me", json={"nickname": taken}), 409,
                             "nickname_taken")
        assert "taken" in error["message"]
    assert other_client.get("/api/me").json()["nickname"] is None  # nothing changed
    # Ligatures and compatibility forms fold too: "ﬁ" is "fi".
    assert other_client.put("/api/me", json={"nickname": "ﬁve"}).status_code == 200
    assert_error(visitors().put("/api/me", json={"nickname": "Five"}), 409, "nickname_taken")
    # One's own name in another case is still one's own.
    assert client.put("/api/me", json={"nickname": "ACE"}).json()["name"] == "ACE"
    # Freed names can be taken.
    assert client.put("/api/me", json={"nickname": "Deuce"}).status_code == 200
    assert other_client.put("/api/me", json={"nickname": "ace"}).status_code == 200


def test_the_anonymous_tag_form_is_reserved(client: TestClient,
                                            other_client: TestClient) -> None:
    tag = other_client.get("/api/me").json()["name"]
    assert tag.startswith("Anonymous ")
    for name in (tag, tag.upper(), "anonymous", "Ａｎｏｎｙｍｏｕｓ 02FD", "Anonymous02fd"):
        error = assert_error(client.put("/api/me", json={"nickname": name}), 400,
                             "nickname_reserved")
        assert "reserved" in error["message"]
    assert client.get("/api/me").json()["nickname"] is None
    assert client.put("/api/me", json={"nickname": "Anonymous Coward"}).status_code == 200


# --- Rehearsal resistance -------------------------------------------------------------------------


def test_a_private_window_cannot_rehearse_for_a_ranked_attempt(visitors: Visitors) -> None:
    regular = visitors("203.0.113.9")
    assert regular.get("/api/daily").json()["ranked"]
    private = visitors("203.0.113.9", returning=False)  # a brand-new browser
    info = private.get("/api/daily").json()
    assert not info["ranked"] and info["unranked_reason"] == "new_browser"
    assert "not ranked" in info["ranked_message"] and "new" in info["ranked_message"]
    rehearsal = start_daily(private)
    assert not rehearsal["ranked"]
    # The regular browser on that connection now gets an unranked Daily too, and says why.
    info = regular.get("/api/daily").json()
    assert not info["ranked"] and info["unranked_reason"] == "connection_new_browser"
    assert "from your connection" in info["ranked_message"]
    assert not start_daily(regular)["ranked"]
    # Another connection is not affected.
    elsewhere = visitors("198.51.100.20")
    assert elsewhere.get("/api/daily").json()["ranked"] and start_daily(elsewhere)["ranked"]


def test_a_brand_new_browser_is_shown_where_it_would_have_placed(
    visitors: Visitors, clock: Clock
) -> None:
    ranked = visitors("198.51.100.1")
    ranked_score = play_to_end(ranked, start_daily(ranked), seed=1)["score"]
    newcomer = visitors("198.51.100.2", returning=False)
    game = play_to_end(newcomer, start_daily(newcomer), seed=2)
    board = newcomer.get("/api/leaderboard").json()
    assert [e["score"] for e in board["entries"]] == [ranked_score]
    you = board["you"]
    assert you["ranked"] is False and you["score"] == game["score"] and you["of"] == 2
    assert you["rank"] == (1 if game["score"] >= ranked_score else 2)
    # Tomorrow the same browser is a returning one: ranked.
    clock.moment = datetime(2030, 3, 15, 18, 0, tzinfo=UTC)
    assert newcomer.get("/api/daily").json()["ranked"]
    assert start_daily(newcomer)["ranked"]


def test_a_household_on_one_connection_is_each_ranked(visitors: Visitors) -> None:
    household = [visitors("192.0.2.44") for _ in range(4)]
    assert all(start_daily(browser)["ranked"] for browser in household)
    # IPv6: four browsers of one /64, each with its own address.
    home = [visitors(f"2001:db8:5:7::{k + 1}") for k in range(4)]
    assert all(start_daily(browser)["ranked"] for browser in home)


def test_ranked_attempts_per_connection_are_capped(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(daily_ranked_per_ipv4=3, daily_ranked_per_ipv6=2)
    visitors = Visitors(app)
    try:
        flood = [start_daily(visitors("203.0.113.50")) for _ in range(5)]
        assert [g["ranked"] for g in flood] == [True, True, True, False, False]
        info = visitors("203.0.113.50").get("/api/daily").json()
        assert info["unranked_reason"] == "connection_cap" and "3 ranked" in info[
            "ranked_message"]
        # An IPv6 /64 is one connection, whatever its addresses; the next /64 is another.
        six = [start_daily(visitors(f"2001:db8:1:2::{k:x}"))["ranked"] for k in range(1, 4)]
        assert six == [True, True, False]
        assert start_daily(visitors("2001:db8:1:3::1"))["ranked"]
        # The cap is per game: the Spades Daily counts its own.
        assert start_daily(visitors("203.0.113.50"), "spades")["ranked"]
    finally:
        visitors.close()


def test_the_cap_holds_against_concurrent_requests(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(daily_ranked_per_ipv4=2)
    visitors = Visitors(app)
    try:
        browsers = [visitors("203.0.113.77") for _ in range(6)]
        barrier = threading.Barrier(6)

        def post(client: TestClient) -> bool:
            barrier.wait()
            return bool(start_daily(client)["ranked"])

        with ThreadPoolExecutor(6) as pool:
            ranked = list(pool.map(post, browsers))
        assert sorted(ranked) == [False] * 4 + [True] * 2
    finally:
        visitors.close()


def test_connections_are_kept_only_as_an_hmac_of_the_day(app: FastAPI, visitors: Visitors,
                                                         clock: Clock) -> None:
    service: GameService = app.state.service
    start_daily(visitors("203.0.113.5"))
    start_daily(visitors("2001:db8:9:9:1:2:3:4"))
    clock.moment = datetime(2030, 3, 15, 18, 0, tzinfo=UTC)
    start_daily(visitors("203.0.113.5"))
    with service.store.engine.connect() as db:
        stored = db.execute(sa.select(daily_attempts.c.date, daily_attempts.c.connection)
                            .order_by(daily_attempts.c.date)).all()
    first_day = {row.connection for row in stored if row.date == "2030-03-14"}
    assert first_day == {connection_key("test-secret", "203.0.113.5", date(2030, 3, 14)),
                         connection_key("test-secret", "2001:db8:9:9::", date(2030, 3, 14))}
    assert stored[2].connection == connection_key("test-secret", "203.0.113.5",
                                                  date(2030, 3, 15))
    assert stored[2].connection not in first_day  # unrelated from day to day
    for row in stored:
        assert "203" not in row.connection and "db8" not in row.connection
    assert connection_network("::ffff:203.0.113.5") == "203.0.113.5"
    assert connection_network("2001:db8:9:9:ffff::1") == "2001:db8:9:9::/64"
    assert connection_key("another", "203.0.113.5", date(2030, 3, 14)) not in first_day
