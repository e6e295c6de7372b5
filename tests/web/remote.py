"""A person at a table on a real server process: HTTP through httpx2, live messages through a
real WebSocket (``websockets``), in a thread; reconnects (resuming after the last event it saw)
when the server goes away, to whatever server ``where()`` names then."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import httpx2
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.live import Listening
from tests.web.tables import SEAT_HEADER


def sit(base: str, invite: str | None, nickname: str, **table: Any) -> tuple[httpx2.Client,
                                                                             dict[str, Any]]:
    """A new browser (own cookies) that creates a table (no invite) or sits at one."""
    client = httpx2.Client(base_url=base, timeout=30)
    if invite is None:
        response = client.post("/api/tables", json={"nickname": nickname, **table})
    else:
        response = client.post(f"/api/tables/{invite}/seats", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    return client, response.json()


class RemoteSitter(Listening):
    timeout = 600

    def __init__(self, where: Callable[[], str], invite: str, token: str,
                 choose: Callable[[dict[str, Any], random.Random], str], seed: int, *,
                 game: str | None = None) -> None:
        super().__init__()
        self.where = where
        self.invite = invite
        self.token = token
        self.choose = choose
        self.rng = random.Random(seed)
        self.reconnects = 0
        self.acted = 0
        self.after: int | None = 0
        self.game = game
        """The game whose events to start from (event 0); None: from the state now."""

    def _act(self, game: dict[str, Any]) -> None:
        with httpx2.Client(base_url=self.where(), timeout=30) as client:
            response = client.post(f"/api/tables/{self.invite}/actions",
                                   headers={SEAT_HEADER: self.token},
                                   json={"action": self.choose(game, self.rng),
                                         "version": game["version"]})
        assert response.status_code in (200, 409), response.text
        self.acted += response.status_code == 200

    def _session(self) -> bool:
        """One connection: whether the game ended during it."""
        base = self.where().replace("http://", "ws://")
        query = "" if self.game is None else f"?after={self.after}&game={self.game}"
        with connect(f"{base}/api/tables/{self.invite}/live{query}",
                     open_timeout=10) as websocket:
            websocket.send(json.dumps({"token": self.token}))
            while True:
                message = json.loads(websocket.recv(timeout=120))
                self.messages.append(message)
                if message["type"] != "state":
                    continue
                game = message["game"]
                if game is not None:
                    self.after, self.game = game["event_count"], game["id"]
                if message["table"]["state"] == "finished":
                    return True
                if game and game["legal_actions"] and game["status"] == "playing":
                    try:
                        self._act(game)
                    except httpx2.HTTPError:
                        return False  # the server went away: reconnect

    def run(self) -> None:
        try:
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                try:
                    if self._session():
                        return
                except (ConnectionClosed, OSError, TimeoutError):
                    pass
                self.reconnects += 1
                time.sleep(0.2)
            raise AssertionError("the game did not finish")
        except BaseException as error:
            self.error = error

    def stuck(self) -> str:
        return "the game did not finish in time"


def event_numbers(messages: list[dict[str, Any]]) -> list[int]:
    return [e["index"] for m in messages if m["type"] == "state" and m["game"]
            for e in m["game"]["events"]]
