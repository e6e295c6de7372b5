"""Real server processes: kill -9 mid-hand, restart, the game continues exactly; two servers on
one database serve the same game and refuse a double submission."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.web.play import spades_choice
from tests.web.servers import Server
from tricktable.ai.players import make_player
from tricktable.game import parse_action
from tricktable.web.games import adapter
from tricktable.web.games.computer import decision_rng
from tricktable.web.store.db import make_engine
from tricktable.web.store.games import Store

TEST_OPTIONS = {"TRICKTABLE_TEST_OPTIONS": "1"}


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


def act(client: httpx2.Client, game: dict[str, Any], action: str) -> dict[str, Any]:
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"action": action, "version": game["version"]})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def stable(game: dict[str, Any]) -> dict[str, Any]:
    return {k: game[k] for k in ("version", "view", "legal_actions", "deal", "event_count",
                                 "previous_hand", "status")}


def mid_second_hand(game: dict[str, Any]) -> bool:
    """In the middle of the second hand, where a restart has the most to lose: Sheepshead with
    tricks taken and cards in hand; Spades in the draw, the stock half gone."""
    view = game["view"]
    if view["hand_number"] < 2 or not game["legal_actions"]:
        return False
    if game["game"] == "spades":
        return bool(view["hand"]["phase"] == "draw" and view["hand"]["stock_left"] < 30)
    return bool(view["hand"]["tricks"] and game["legal_actions"][0].startswith("play"))


GAMES = {
    "sheepshead": {"difficulty": "normal"},
    "spades": {"game": "spades", "difficulty": "normal", "target": 150},
}


@pytest.mark.parametrize("name", list(GAMES))
def test_kill_9_mid_hand_then_restart_continues_exactly(tmp_path: Path, servers: list[Server],
                                                       database_url: str, name: str) -> None:
    log = tmp_path / "server.log"
    rng = random.Random(7)

    def choose(game: dict[str, Any]) -> str:
        if game["game"] == "spades":
            return spades_choice(game, rng)
        return str(game["legal_actions"][0])

    servers.append(Server(database_url, log, env=TEST_OPTIONS))
    with httpx2.Client(base_url=servers[0].url, timeout=30) as client:
        game = client.post("/api/games", json=GAMES[name]).json()
        while not mid_second_hand(game):
            game = act(client, game, choose(game))
        before = stable(client.get(f"/api/games/{game['id']}").json())
        assert {k: v for k, v in before.items() if k != "previous_hand"} == {
            k: v for k, v in stable(game).items() if k != "previous_hand"}
        cookies = dict(client.cookies)

    servers[0].kill()
    servers.append(Server(database_url, log, env=TEST_OPTIONS))
    with httpx2.Client(base_url=servers[1].url, timeout=30, cookies=cookies) as client:
        after = client.get(f"/api/games/{game['id']}").json()
        assert stable(after) == before
        game = after
        while game["status"] != "over":
            game = act(client, game, choose(game))

    # The whole game, across the kill, is what an uninterrupted game gives: every computer
    # decision is the one its seed and history determine.
    engine = make_engine(database_url)
    store = Store(engine)
    row = store.game(game["id"])
    assert row is not None and row.version > 0
    log_rows = store.actions(row.id, row.version + 1)
    engine.dispose()
    assert len(log_rows) == row.version
    chosen = adapter(name)
    match = chosen.new_match(row.rules, row.seed)
    for index, (seat, text) in enumerate(log_rows):
        if seat != 0:
            player = make_player(name, row.opponent)
            expected = player.choose(chosen.player_view(match, seat),
                                     decision_rng(row.seed, index))
            assert str(expected) == text, f"action {index}"
        chosen.apply(match, seat, parse_action(text))
    assert chosen.is_over(match) and list(match.totals) == game["view"]["totals"]


def test_two_servers_on_one_database(tmp_path: Path, servers: list[Server],
                                     database_url: str) -> None:
    log = tmp_path / "server.log"
    servers.append(Server(database_url, log))
    # PostgreSQL spelled plainly (postgresql://) is psycopg 3 too: the same database.
    servers.append(Server(database_url.replace("postgresql+psycopg://", "postgresql://"), log))
    with httpx2.Client(base_url=servers[0].url, timeout=30) as first:
        game = first.post("/api/games", json={"difficulty": "normal"}).json()
        cookies = dict(first.cookies)
    clients = [httpx2.Client(base_url=s.url, timeout=30, cookies=cookies) for s in servers]
    try:
        for turn in range(10):
            game = act(clients[turn % 2], game, game["legal_actions"][-1])
            other = clients[(turn + 1) % 2].get(f"/api/games/{game['id']}").json()
            assert stable(other) == stable(game) | {"previous_hand": other["previous_hand"]}
        # The same submission to both servers at once: exactly one applies.
        body = {"action": game["legal_actions"][-1], "version": game["version"]}
        answers: list[httpx2.Response] = []
        barrier = threading.Barrier(2)

        def submit(client: httpx2.Client) -> None:
            barrier.wait()
            answers.append(client.post(f"/api/games/{game['id']}/actions", json=body))

        threads = [threading.Thread(target=submit, args=(c,)) for c in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(r.status_code for r in answers) == [200, 409]
        winner = next(r for r in answers if r.status_code == 200).json()
        loser = next(r for r in answers if r.status_code == 409).json()
        assert loser["error"] == "stale_version"
        assert stable(loser["game"]) == stable(winner) | {
            "previous_hand": loser["game"]["previous_hand"]}
    finally:
        for client in clients:
            client.close()
