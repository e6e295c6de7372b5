"""The Daily: same deals for everyone on a Central-time day, one ranked attempt, the leaderboard."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import Clock
from tests.web.daily_helpers import established
from tests.web.play import act, first_legal, play_to_end, spades_choice
from tricktable.web.daily.dates import daily_date, daily_seed
from tricktable.web.games.service import GameService


def start(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/daily", json={})
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def test_the_daily_date_is_central_time() -> None:
    assert daily_date(datetime(2030, 3, 15, 3, 0, tzinfo=UTC)) == date(2030, 3, 14)
    assert daily_date(datetime(2030, 3, 15, 6, 0, tzinfo=UTC)) == date(2030, 3, 15)
    assert daily_date(datetime(2030, 1, 15, 5, 59, tzinfo=UTC)) == date(2030, 1, 14)  # CST
    assert daily_date(datetime(2030, 1, 15, 6, 0, tzinfo=UTC)) == date(2030, 1, 15)


def test_daily_seeds_need_the_secret() -> None:
    day = date(2030, 3, 14)
    assert daily_seed("a", "sheepshead", day) == daily_seed("a", "sheepshead", day)
    assert daily_seed("a", "sheepshead", day) != daily_seed("b", "sheepshead", day)
    assert daily_seed("a", "sheepshead", day) != daily_seed("a", "sheepshead", date(2030, 3, 15))
    assert daily_seed("a", "sheepshead", day) != daily_seed("a", "spades", day)


def test_everyone_gets_the_same_deals_and_the_same_replies(
    client: TestClient, other_client: TestClient
) -> None:
    established(client)
    established(other_client)
    mine, theirs = start(client), start(other_client)
    assert mine["id"] != theirs["id"]
    assert mine["mode"] == "daily" and mine["ranked"] and mine["daily_date"] == "2030-03-14"
    assert mine["preset"] == "milwaukee" and mine["difficulty"] == "normal"
    assert mine["view"] == theirs["view"] and mine["events"] == theirs["events"]
    for _ in range(25):  # the same moves meet the same replies
        action = first_legal(mine, None)  # type: ignore[arg-type]
        mine, theirs = act(client, mine, action), act(other_client, theirs, action)
        assert mine["view"] == theirs["view"] and mine["events"] == theirs["events"]


def test_one_ranked_attempt_a_day_and_the_leaderboard(
    client: TestClient, other_client: TestClient
) -> None:
    established(client)
    established(other_client)
    client.put("/api/me", json={"nickname": "Ole"})
    first = start(client)
    info = client.get("/api/daily").json()
    assert info["commitment"] == hashlib.sha256(
        daily_seed("test-secret", "sheepshead", date(2030, 3, 14)).encode()).hexdigest()
    assert info | {"ranked_message": None, "commitment": None} == {
        "game": "sheepshead", "date": "2030-03-14", "preset": "milwaukee",
        "difficulty": "normal", "played": True, "finished": False, "score": None,
        "game_id": first["id"], "ranked": True, "unranked_reason": None,
        "ranked_message": None, "commitment": None,
    }
    assert "ranked" in info["ranked_message"]
    again = start(client)  # resumes the unfinished Daily
    assert again["id"] == first["id"] and again["events"] == []
    finished = play_to_end(client, first, seed=1)
    info = client.get("/api/daily").json()
    assert info["finished"] and info["score"] == finished["score"]
    assert info["game_id"] == first["id"]

    second = start(client)  # one Daily a day: the finished one comes back
    assert second["id"] == first["id"] and second["status"] == "over"

    theirs = play_to_end(other_client, start(other_client), seed=3)
    board = client.get("/api/leaderboard").json()
    assert board["date"] == board["today"] == "2030-03-14"
    assert len(board["entries"]) == 2
    by_name = {e["name"]: e for e in board["entries"]}
    assert by_name["Ole"]["score"] == finished["score"] and by_name["Ole"]["you"]
    other = next(e for e in board["entries"] if e["name"] != "Ole")
    assert other["score"] == theirs["score"] and not other["you"]
    assert other["name"].startswith("Anonymous ")
    scores = [e["score"] for e in board["entries"]]
    assert scores == sorted(scores, reverse=True)
    assert board["entries"][0]["rank"] == 1
    assert board["entries"][1]["rank"] == (1 if scores[0] == scores[1] else 2)
    assert board["days"] == [{"date": "2030-03-14", "players": 2}]
    stats = client.get("/api/me/stats").json()
    assert stats["games"] == 1 and len(stats["history"]) == 1
    assert stats["daily_streak"] == {"current": 1, "best": 1}


def test_a_new_day_brings_new_deals_and_past_days_stay(client: TestClient, clock: Clock) -> None:
    established(client)
    today = start(client)
    play_to_end(client, today, seed=1)
    clock.moment = datetime(2030, 3, 15, 18, 0, tzinfo=UTC)
    tomorrow = start(client)
    assert tomorrow["ranked"] and tomorrow["daily_date"] == "2030-03-15"
    assert tomorrow["view"]["hand"]["hand"] != today["view"]["hand"]["hand"]
    assert client.get("/api/leaderboard").json()["entries"] == []
    past = client.get("/api/leaderboard", params={"date": "2030-03-14"}).json()
    assert len(past["entries"]) == 1 and past["entries"][0]["you"]
    play_to_end(client, tomorrow, seed=2)
    assert client.get("/api/me/stats").json()["daily_streak"] == {"current": 2, "best": 2}
    clock.moment = datetime(2030, 3, 17, 18, 0, tzinfo=UTC)  # a day missed
    assert client.get("/api/me/stats").json()["daily_streak"] == {"current": 0, "best": 2}


def test_the_days_opponent_is_fixed_by_its_first_game(app: FastAPI) -> None:
    service: GameService = app.state.service
    first = service.store.daily("sheepshead", "2030-01-01", preset="milwaukee",
                                difficulty="normal", opponent="random")
    later = service.store.daily("sheepshead", "2030-01-01", preset="milwaukee",
                                difficulty="normal", opponent="strong")
    assert first == later and later.opponent == "random"


def test_a_server_without_a_configured_secret_keeps_one(
    make_app: Callable[..., FastAPI], clock: Clock
) -> None:
    with TestClient(make_app(secret=None)) as first:
        one = start(first)
    with TestClient(make_app(secret=None)) as second:
        two = start(second)
    assert one["view"]["hand"]["hand"] == two["view"]["hand"]["hand"]
    with TestClient(make_app(secret="another")) as third:
        assert start(third)["view"]["hand"]["hand"] != one["view"]["hand"]["hand"]


# --- The Spades Daily ----------------------------------------------------------------------------


def start_spades(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/daily", json={"game": "spades"})
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def play_spades(client: TestClient, game: dict[str, Any], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    while game["status"] != "over":
        game = act(client, game, spades_choice(game, rng))
    return game


def test_everyone_gets_the_same_spades_daily(client: TestClient, other_client: TestClient,
                                            app: FastAPI) -> None:
    established(client)
    established(other_client)
    mine, theirs = start_spades(client), start_spades(other_client)
    assert mine["id"] != theirs["id"] and mine["game"] == "spades"
    assert mine["mode"] == "daily" and mine["ranked"] and mine["daily_date"] == "2030-03-14"
    assert mine["preset"] == "standard" and mine["difficulty"] == "normal"
    assert mine["view"] == theirs["view"] and mine["events"] == theirs["events"]
    rng = random.Random(4)
    for _ in range(40):  # the same moves meet the same replies, through the draw and beyond
        action = spades_choice(mine, rng)
        mine, theirs = act(client, mine, action), act(other_client, theirs, action)
        assert mine["view"] == theirs["view"] and mine["events"] == theirs["events"]
    # A separate seed from the Sheepshead Daily's, and a Sheepshead attempt is still open.
    service: GameService = app.state.service
    row = service.store.game(mine["id"])
    assert row is not None and row.seed == daily_seed("test-secret", "spades", date(2030, 3, 14))
    assert client.get("/api/daily", params={"game": "sheepshead"}).json()["played"] is False
    assert start(client)["ranked"]


def test_one_ranked_spades_daily_and_its_leaderboard(
    client: TestClient, other_client: TestClient
) -> None:
    established(client)
    established(other_client)
    client.put("/api/me", json={"nickname": "Lena"})
    first = start_spades(client)
    assert client.get("/api/daily", params={"game": "spades"}).json() | {
        "ranked_message": None, "commitment": None} == {
        "game": "spades", "date": "2030-03-14", "preset": "standard", "difficulty": "normal",
        "played": True, "finished": False, "score": None, "game_id": first["id"],
        "ranked": True, "unranked_reason": None, "ranked_message": None, "commitment": None,
    }
    assert start_spades(client)["id"] == first["id"]  # resumes the unfinished Daily
    finished = play_spades(client, first, 1)
    totals = finished["view"]["totals"]
    assert finished["score"] == totals[0] - totals[1]
    info = client.get("/api/daily", params={"game": "spades"}).json()
    assert info["finished"] and info["score"] == finished["score"]

    again = start_spades(client)  # one Daily a day: the finished one comes back
    assert again["id"] == first["id"] and again["status"] == "over"
    theirs = play_spades(other_client, start_spades(other_client), 2)

    board = client.get("/api/leaderboard", params={"game": "spades"}).json()
    assert board["game"] == "spades" and len(board["entries"]) == 2
    by_you = {e["you"]: e for e in board["entries"]}
    mine = by_you[True]
    assert mine["name"] == "Lena" and mine["score"] == finished["score"]
    assert mine["won"] == (finished["view"]["winner"] == 0) and mine["totals"] == totals
    assert mine["daily_wins"] == int(mine["won"])
    assert by_you[False]["score"] == theirs["score"]
    scores = [e["score"] for e in board["entries"]]
    assert scores == sorted(scores, reverse=True)
    assert board["days"] == [{"date": "2030-03-14", "players": 2}]
    # The Sheepshead leaderboard is separate.
    assert client.get("/api/leaderboard").json()["entries"] == []
    stats = client.get("/api/me/stats", params={"game": "spades"}).json()
    assert stats["games"] == 1 and stats["unfinished"] == 0
