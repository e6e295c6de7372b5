"""Playing tables with friends through the HTTP API and the live WebSocket, for the tests and
the benchmark: create, sit, start, act, wait for a seat's turn."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from fastapi import FastAPI
from fastapi.testclient import TestClient

SEAT_HEADER = "X-Seat-Token"


class Visitor(TestClient):
    """A visitor (own cookies) to an app in the test process.  Entered while another visitor of
    the same app is open, it shares that one's event loop instead of starting a second loop
    and a second app lifespan: every connection runs on one loop, as in one server process.
    (Two plain TestClients run the app on two loops, and a live message handed from one loop
    to a connection on the other waits until that loop next wakes, up to the presence
    ticker's second.)"""

    _open: ClassVar[dict[int, Visitor]] = {}
    _host: Visitor | None = None

    def __enter__(self) -> Self:
        host = Visitor._open.get(id(self.app))
        if host is None:
            super().__enter__()
            Visitor._open[id(self.app)] = self
        else:
            self._host = host
            self.portal = host.portal
        return self

    def __exit__(self, *args: Any) -> None:
        if self._host is not None:
            self.portal = None
            self._host = None
            return
        Visitor._open.pop(id(self.app), None)
        super().__exit__(*args)


def visitors(app: FastAPI, count: int) -> list[TestClient]:
    """``count`` visitors to ``app``, to enter together (``with a, b:``): one event loop."""
    return [Visitor(app, raise_server_exceptions=False) for _ in range(count)]


@dataclass
class Sitter:
    """One person at a table: their client (own cookies), seat, token and last answer."""

    client: TestClient
    invite: str
    seat: int
    token: str
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def headers(self) -> dict[str, str]:
        return {SEAT_HEADER: self.token}

    def poll(self) -> dict[str, Any]:
        game = self.state.get("game")
        query = "" if not game else f"?after={game['event_count']}&game={game['id']}"
        response = self.client.get(f"/api/tables/{self.invite}{query}", headers=self.headers)
        assert response.status_code == 200, response.text
        self.state = response.json()
        return self.state

    def act(self, action: str) -> Any:
        game = self.state["game"]
        return self.client.post(f"/api/tables/{self.invite}/actions", headers=self.headers,
                                json={"action": action, "version": game["version"],
                                      "since": game["event_count"]})


def create(client: TestClient, **body: Any) -> Sitter:
    body.setdefault("nickname", "Host")
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return Sitter(client, data["invite"], data["seat"], data["token"], data)


def join(client: TestClient, invite: str, nickname: str) -> Sitter:
    response = client.post(f"/api/tables/{invite}/seats", json={"nickname": nickname})
    assert response.status_code == 201, response.text
    data = response.json()
    return Sitter(client, invite, data["seat"], data["token"], data)


def start(host: Sitter) -> dict[str, Any]:
    response = host.client.post(f"/api/tables/{host.invite}/start", headers=host.headers)
    assert response.status_code == 200, response.text
    host.state = response.json()
    return host.state


@contextmanager
def at_a_table(app: FastAPI, *guests: str, **body: Any) -> Iterator[list[Sitter]]:
    """Ann's table (``body``; left out, an easy five-hand Sheepshead) with ``guests`` seated
    after her, in the lobby: the sitters, Ann first, their visitors open for the block."""
    people = visitors(app, 1 + len(guests))
    with ExitStack() as stack:
        for client in people:
            stack.enter_context(client)
        ann = create(people[0], **(body or {"game": "sheepshead", "hands": 5,
                                            "difficulty": "easy"}))
        yield [ann, *(join(client, ann.invite, name)
                      for client, name in zip(people[1:], guests, strict=True))]


@contextmanager
def started_table(app: FastAPI, **body: Any) -> Iterator[tuple[Sitter, Sitter]]:
    """Ann's table (as :func:`at_a_table`) with Bob in the next seat, started."""
    with at_a_table(app, "Bob", **body) as (ann, bob):
        start(ann)
        yield ann, bob


def my_turn(state: dict[str, Any]) -> bool:
    game = state.get("game")
    return bool(game and game["legal_actions"])


def finished(state: dict[str, Any]) -> bool:
    return state["table"]["state"] == "finished"


def until_my_turn(sitter: Sitter, timeout: float = 60) -> dict[str, Any]:
    """Poll until it is the sitter's turn (the computers have made their moves before it): the
    game then stands still until the sitter acts."""
    deadline = time.monotonic() + timeout
    while not my_turn(sitter.poll()):
        assert time.monotonic() < deadline, "the sitter's turn never came"
        time.sleep(0.02)
    return sitter.state


def play_by_polling(sitters: list[Sitter], choose: Callable[[dict[str, Any], random.Random],
                                                                 str],
                    rng: random.Random, *, timeout: float = 300,
                    check: Callable[[Sitter, dict[str, Any]], None] | None = None) -> int:
    """Play every sitter's turns (the computers play the other seats in the background)
    until the table's game is over; the number of actions the sitters played."""
    deadline = time.monotonic() + timeout
    played = 0
    while time.monotonic() < deadline:
        states = [s.poll() for s in sitters]
        if check is not None:
            for sitter, state in zip(sitters, states, strict=True):
                check(sitter, state)
        if all(finished(state) for state in states):
            return played
        moved = False
        for sitter in sitters:
            if my_turn(sitter.state):
                response = sitter.act(choose(sitter.state["game"], rng))
                assert response.status_code in (200, 409), response.text
                sitter.state = response.json() if response.status_code == 200 else (
                    response.json()["game"])
                if check is not None:
                    check(sitter, sitter.state)
                played += response.status_code == 200
                moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the table's game did not finish in time")
