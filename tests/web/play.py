"""Playing games through the HTTP API, for the tests and the benchmark's checks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

Chooser = Callable[[dict[str, Any], random.Random], str]


def first_legal(game: dict[str, Any], rng: random.Random) -> str:
    return str(game["legal_actions"][0])


def random_legal(game: dict[str, Any], rng: random.Random) -> str:
    return str(rng.choice(game["legal_actions"]))


def act(client: TestClient, game: dict[str, Any], action: str) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game['id']}/actions",
        json={"action": action, "version": game["version"], "since": game["event_count"]},
    )
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def play_to_end(
    client: TestClient, game: dict[str, Any], choose: Chooser = random_legal, *, seed: int = 0,
    on_response: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    rng = random.Random(seed)
    while game["status"] != "over":
        game = act(client, game, choose(game, rng))
        if on_response is not None:
            on_response(game)
    return game
