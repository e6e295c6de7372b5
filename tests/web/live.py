"""Sitting at a table over the live WebSocket (the test client's), acting over HTTP, in a thread
per person: for the tests of live delivery and its leak walk."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

from tests.web.tables import Sitter


def phrases_in(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The phrases a live message carries: a phrase message's one, or those a state message
    brings (a look that saw a phrase before its own notice came sends it with the state)."""
    if message["type"] == "phrase":
        return [message["said"]]
    return list(message.get("said", [])) if message["type"] == "state" else []


def hear_phrases(websocket: Any, count: int = 1, *, limit: int = 50) -> list[dict[str, Any]]:
    """Read a live connection until ``count`` phrases have come, in either form."""
    heard: list[dict[str, Any]] = []
    for _ in range(limit):
        heard += phrases_in(websocket.receive_json())
        if len(heard) >= count:
            return heard
    raise AssertionError(f"{limit} live messages and only {len(heard)} phrases")


class Listening(threading.Thread):
    """A thread that keeps the live messages it reads (``messages``) and what it raised
    (``error``); :meth:`finish` waits for it and raises that again."""

    timeout: float = 300
    """How long :meth:`finish` waits by default, in seconds."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.messages: list[dict[str, Any]] = []
        self.error: BaseException | None = None

    def stuck(self) -> str:
        """What a thread still running after the wait is said to have failed at."""
        return "the game did not finish"

    def heard(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 30) -> None:
        """Wait until a message read so far is ``wanted``."""
        deadline = time.monotonic() + timeout
        while not any(wanted(message) for message in list(self.messages)):
            assert self.error is None and self.is_alive(), self.error or "stopped listening"
            assert time.monotonic() < deadline, "the wanted message never came"
            time.sleep(0.02)

    def finish(self, timeout: float | None = None) -> list[dict[str, Any]]:
        self.join(self.timeout if timeout is None else timeout)
        assert not self.is_alive(), self.stuck()
        if self.error is not None:
            raise self.error
        return self.messages


class LiveSitter(Listening):
    """Reads a seat's live messages until the table's game is over (or ``stop_after``
    messages), playing the seat's turns with ``choose`` as they come; keeps every message."""

    def __init__(self, sitter: Sitter, choose: Callable[[dict[str, Any], random.Random], str],
                 seed: int, *, after: int | None = None, game: str | None = None,
                 stop: Callable[[dict[str, Any]], bool] | None = None) -> None:
        super().__init__()
        self.sitter = sitter
        self.choose = choose
        self.rng = random.Random(seed)
        self.query = "" if after is None else f"?after={after}&game={game}"
        self.stop_when = stop or (lambda m: m["table"]["state"] == "finished")
        self.acted = 0

    def run(self) -> None:
        try:
            url = f"/api/tables/{self.sitter.invite}/live{self.query}"
            with self.sitter.client.websocket_connect(url) as websocket:
                websocket.send_json({"token": self.sitter.token})
                while True:
                    message = websocket.receive_json()
                    self.messages.append(message)
                    if message["type"] != "state":
                        continue
                    if self.stop_when(message):
                        return
                    game = message["game"]
                    if game and game["legal_actions"] and game["status"] == "playing":
                        self.sitter.state = message
                        response = self.sitter.act(self.choose(game, self.rng))
                        assert response.status_code in (200, 409), response.text
                        self.acted += response.status_code == 200
        except BaseException as error:  # reported by finish()
            self.error = error

    def stuck(self) -> str:
        return f"seat {self.sitter.seat}: the game did not finish"
