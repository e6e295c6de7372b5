"""What the Daily tests share: returning browsers, visitors from chosen addresses."""

from __future__ import annotations

from contextlib import ExitStack
from datetime import datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tricktable.web.games.service import GameService

LONG_AGO = datetime(2030, 1, 1)
"""When returning browsers were first seen (naive UTC, as stored)."""


def established(client: TestClient) -> str:
    """Make ``client`` a returning browser (its player first seen long before today, so its
    Dailies may be ranked); its player id."""
    player_id: str = client.get("/api/me").json()["player_id"]
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    service.store.ensure_player(player_id, LONG_AGO)
    return player_id


class Visitors:
    """Browsers (each its own cookie jar) on one app, from chosen addresses; closed together."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.stack = ExitStack()

    def __call__(self, address: str = "testclient", *, returning: bool = True) -> TestClient:
        client = self.stack.enter_context(
            TestClient(self.app, raise_server_exceptions=False, client=(address, 50000)))
        if returning:
            established(client)
        return client

    def close(self) -> None:
        self.stack.close()


def start_daily(client: TestClient, game: str = "sheepshead") -> dict[str, Any]:
    response = client.post("/api/daily", json={"game": game})
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data
