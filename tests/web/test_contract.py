"""The API's contract: the OpenAPI document lists every status a route answers with the error
body, and requests are strict (no bool or text for a number, no empty choice, no unknown field).
"""

from __future__ import annotations

from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from tests.web.play import assert_error, new_game
from tricktable.web.games import ADAPTERS, DIFFICULTIES
from tricktable.web.schemas import DifficultyName, GameName, PresetName

ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}

EXPECTED = {
    ("post", "/api/games"): {"201", "400", "413", "429", "503"},
    ("post", "/api/daily"): {"200", "400", "413", "429", "503"},
    ("get", "/api/daily"): {"200", "400"},
    ("get", "/api/games/{game_id}"): {"200", "400", "403", "404", "503"},
    ("post", "/api/games/{game_id}/actions"): {"200", "400", "403", "404", "409", "413", "422",
                                               "429", "503"},
    ("put", "/api/me"): {"200", "400", "409", "413", "429"},
    ("get", "/api/daily/commitments"): {"200", "400"},
    ("get", "/api/daily/seed"): {"200", "400", "404"},
    ("get", "/api/games/{game_id}/record"): {"200", "400", "403", "404", "409"},
    ("get", "/api/games/{game_id}/share"): {"200", "400", "403", "404", "409"},
    ("get", "/api/me/stats"): {"200", "400"},
    ("get", "/api/leaderboard"): {"200", "400"},
    ("get", "/readyz"): {"200", "503"},
    ("get", "/healthz"): {"200"},
    ("get", "/api/health"): {"200"},
    ("get", "/metrics"): {"200", "401", "404"},
    ("get", "/api/options"): {"200"},
    ("get", "/api/i18n"): {"200"},
    ("get", "/api/learn"): {"200"},
    ("get", "/api/learn/{lesson}"): {"200", "400", "404"},
    ("get", "/api/games"): {"200"},
    ("get", "/api/me"): {"200"},
    ("post", "/api/games/{game_id}/hint"): {"200", "400", "403", "404", "409", "429", "503"},
    ("get", "/api/games/{game_id}/review"): {"200", "400", "403", "404", "409"},
    ("post", "/api/games/{game_id}/review"): {"202", "400", "403", "404", "409", "429"},
    ("get", "/api/games/{game_id}/replay"): {"200", "400", "403", "404", "409"},
    ("get", "/api/games/{game_id}/reasons"): {"200", "400", "403", "404"},
    ("get", "/api/games/{game_id}/coach"): {"200", "400", "403", "404", "429", "503"},
    ("post", "/api/games/{game_id}/undo"): {"200", "400", "403", "404", "409", "413", "429"},
    ("post", "/api/tables"): {"201", "400", "413", "429", "503"},
    ("get", "/api/tables/{invite}"): {"200", "400", "403", "404"},
    ("get", "/api/tables/{invite}/watch"): {"200", "400", "404"},
    ("post", "/api/tables/{invite}/seats"): {"201", "400", "404", "409", "413", "429", "503"},
    ("post", "/api/tables/{invite}/start"): {"200", "400", "403", "404", "409", "429"},
    ("post", "/api/tables/{invite}/rematch"): {"200", "400", "403", "404", "409", "429"},
    ("post", "/api/tables/{invite}/actions"): {"200", "400", "403", "404", "409", "413", "422",
                                               "429"},
    ("post", "/api/tables/{invite}/phrases"): {"200", "400", "403", "404", "413", "429"},
    ("post", "/api/tables/{invite}/leave"): {"200", "400", "403", "404", "503"},
    ("post", "/api/tables/{invite}/settings"): {"200", "400", "403", "404", "409", "413", "429",
                                                "503"},
    ("post", "/api/tables/{invite}/hint"): {"200", "400", "403", "404", "409", "429", "503"},
    ("post", "/api/tables/{invite}/seat-link"): {"200", "400", "403", "404", "429"},
    ("get", "/api/tables/{invite}/replay"): {"200", "400", "403", "404", "409"},
    ("get", "/api/tables/{invite}/review"): {"200", "400", "403", "404", "409"},
    ("post", "/api/tables/{invite}/review"): {"202", "400", "403", "404", "409", "429"},
    ("post", "/api/tables/{invite}/replay-step"): {"200", "400", "403", "404", "409", "413",
                                                   "429"},
    ("post", "/api/tables/{invite}/seat-move"): {"201", "400", "403", "404", "413", "429", "503"},
    ("post", "/api/tables/{invite}/remove"): {"200", "400", "403", "404", "413", "503"},
}


def test_the_document_lists_every_status_each_route_answers(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    found = {(method, path): set(operation["responses"])
             for path, item in document["paths"].items()
             for method, operation in item.items()}
    assert found == EXPECTED
    assert "HTTPValidationError" not in document["components"]["schemas"]
    error = document["components"]["schemas"]["ErrorBody"]
    assert set(error["required"]) == {"error", "message"}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, answer in operation["responses"].items():
                if status.startswith("4") or (status == "503" and path != "/readyz"):
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == ERROR_REF, (method, path, status)
    limited = document["paths"]["/api/games"]["post"]["responses"]["429"]
    assert "Retry-After" in limited["headers"]


def test_the_choices_in_the_schemas_are_the_servers() -> None:
    assert set(get_args(GameName)) == set(ADAPTERS)
    assert set(get_args(DifficultyName)) == set(DIFFICULTIES)
    assert set(get_args(PresetName)) == {name for game in ADAPTERS.values()
                                         for name in game.presets}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"hands": "5"}, ["hands", '"5"']),
        ({"hands": 5.5}, ["hands", "5.5"]),
        ({"hands": 7}, ["hands", "5, 10, 15, 20", "7"]),
        ({"game": "spades", "hands": 5}, ["hands", "not a field"]),
        ({"hands": True}, ["hands", "true"]),
        ({"preset": ""}, ["preset", '""', "milwaukee"]),
        ({"difficulty": ""}, ["difficulty", '""', "normal"]),
        ({"game": ""}, ["game", '""']),
        ({"game": "sheepshead", "colour": "red"}, ["colour", "not a field"]),
    ],
)
def test_new_game_requests_are_strict(client: TestClient, body: dict[str, Any],
                                      words: list[str]) -> None:
    message = assert_error(client.post("/api/games", json=body), 400, "bad_request")["message"]
    assert all(word in message for word in words), message
    assert client.get("/api/games").json() == {"games": []}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": True}, ["version", "true"]),
        ({"version": "0"}, ["version", '"0"']),
        ({"version": 0.5}, ["version", "0.5"]),
        ({"since": False}, ["since", "false"]),
        ({"seat": "0"}, ["seat"]),
        ({"extra": 1}, ["extra", "not a field"]),
    ],
)
def test_action_requests_are_strict(client: TestClient, change: dict[str, Any],
                                    words: list[str]) -> None:
    game = new_game(client, difficulty="easy")
    body = {"action": game["legal_actions"][0], "version": game["version"], **change}
    response = client.post(f"/api/games/{game['id']}/actions", json=body)
    message = assert_error(response, 400, "bad_request")["message"]
    assert all(word in message for word in words), message
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


def test_strict_requests_still_accept_what_the_browser_sends(client: TestClient) -> None:
    game = new_game(client, game="sheepshead", preset="pagat", difficulty="easy", hands=5)
    assert game["preset"] == "pagat"
    response = client.post(f"/api/games/{game['id']}/actions", json={
        "action": game["legal_actions"][0], "version": game["version"],
        "since": game["event_count"], "game_id": game["id"], "seat": game["seat"]})
    assert response.status_code == 200, response.text
    assert client.put("/api/me", json={"nickname": "Strict Sue"}).json()["nickname"] == (
        "Strict Sue")
    assert_error(client.put("/api/me", json={"nickname": 5}), 400, "bad_request")


def test_query_choices_are_checked(client: TestClient) -> None:
    for path in ("/api/daily?game=", "/api/me/stats?game=chess", "/api/leaderboard?game=go"):
        assert_error(client.get(path), 400, "bad_request")


@pytest.mark.parametrize(("path", "field"), [
    ("/api/leaderboard?date=9999-12-31", "date"),  # the day after does not exist
    ("/api/leaderboard?date=0001-01-01", "date"),
    ("/api/leaderboard?date=2030-02-30", "date"),
    ("/api/leaderboard?date=2030-3-14", "date"),
    ("/api/leaderboard?date=20300314", "date"),
    ("/api/daily/seed?date=9999-12-31", "date"),
    ("/api/daily/seed?date=1999-12-31", "date"),
    ("/api/daily/seed?date=2030-13-01", "date"),
    ("/api/games/{game}?since=2147483648", "since"),
    ("/api/games/{game}?since=-1", "since"),
    ("/api/games/{game}?since=1e3", "since"),
])
def test_dates_and_counts_are_checked_before_use(client: TestClient, path: str,
                                                 field: str) -> None:
    game = new_game(client, difficulty="easy")
    message = assert_error(client.get(path.format(game=game["id"])), 400,
                           "bad_request")["message"]
    assert field in message, message
    if field == "date":
        assert "2000-01-01" in message and "2999-12-31" in message and "YYYY-MM-DD" in message


def test_the_first_and_last_days_are_answered(client: TestClient) -> None:
    for day in ("2000-01-01", "2999-12-31"):
        assert client.get(f"/api/leaderboard?date={day}").json()["date"] == day
    assert client.get("/api/daily/seed?date=2000-01-01").json()["revealed"] is True


@pytest.mark.parametrize("change", [{"version": 2**31}, {"since": 2**40}])
def test_action_counts_are_bounded(client: TestClient, change: dict[str, Any]) -> None:
    game = new_game(client, difficulty="easy")
    body = {"action": game["legal_actions"][0], "version": game["version"], **change}
    response = client.post(f"/api/games/{game['id']}/actions", json=body)
    message = assert_error(response, 400, "bad_request")["message"]
    assert next(iter(change)) in message and "2,147,483,647" in message, message
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]
