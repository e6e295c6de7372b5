"""Tables on real server processes: friends on two servers over one PostgreSQL database see
each other's moves (``LISTEN/NOTIFY``); ``kill -9`` of the server mid-hand loses nothing and
every player's connection resumes where it was."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.play import random_legal
from tests.web.postgres import PostgresServer, missing
from tests.web.remote import RemoteSitter, event_numbers, sit
from tests.web.servers import Server
from tricktable.web.store.db import make_engine
from tricktable.web.store.games import Store


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


@pytest.fixture
def postgres_url(postgres: PostgresServer | str) -> Iterator[str]:
    if isinstance(postgres, str):
        missing(postgres)
    assert isinstance(postgres, PostgresServer)
    with postgres.database() as url:
        yield url


def test_friends_on_two_servers_see_each_others_moves(postgres_url: str, tmp_path: Path,
                                                      servers: list[Server]) -> None:
    first = Server(postgres_url, tmp_path / "first.log")
    servers.append(first)
    second = Server(postgres_url, tmp_path / "second.log")
    servers.append(second)
    ann_http, ann = sit(first.url, None, "Ann", game="sheepshead", hands=5, difficulty="easy")
    bob_http, bob = sit(second.url, ann["invite"], "Bob")
    cy_http, cy = sit(second.url, ann["invite"], "Cy")
    started = ann_http.post(f"/api/tables/{ann['invite']}/start",
                            headers={"X-Seat-Token": ann["token"]})
    assert started.status_code == 200, started.text
    game_id = started.json()["game"]["id"]
    players = [
        RemoteSitter(lambda: first.url, ann["invite"], ann["token"], random_legal, 1,
                     game=game_id),
        RemoteSitter(lambda: second.url, ann["invite"], bob["token"], random_legal, 2,
                     game=game_id),
        RemoteSitter(lambda: second.url, ann["invite"], cy["token"], random_legal, 3,
                     game=game_id),
    ]
    for player in players:
        player.start()
    seen = [player.finish() for player in players]
    for player, messages in zip(players, seen, strict=True):
        numbers = event_numbers(messages)
        assert numbers == list(range(len(numbers)))  # every event, once, in order
        assert player.acted > 0
        played_by = {e["seat"] for m in messages if m["type"] == "state" and m["game"]
                     for e in m["game"]["events"] if e["type"] == "CardPlayed"}
        assert {0, 1, 2} <= played_by  # each saw the moves made on the other server
    assert seen[0][-1]["game"]["view"]["totals"] == seen[1][-1]["game"]["view"]["totals"]
    for client in (ann_http, bob_http, cy_http):
        client.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_hand_and_every_player_continues(backend: str, tmp_path: Path,
                                                    servers: list[Server],
                                                    request: pytest.FixtureRequest) -> None:
    database = (f"sqlite:///{tmp_path / 'tables.sqlite3'}" if backend == "sqlite"
                else request.getfixturevalue("postgres_url"))
    server = Server(database, tmp_path / "server.log")
    servers.append(server)
    current = {"url": server.url}
    ann_http, ann = sit(server.url, None, "Ann", game="sheepshead", hands=5, difficulty="easy")
    bob_http, bob = sit(server.url, ann["invite"], "Bob")
    started = ann_http.post(f"/api/tables/{ann['invite']}/start",
                            headers={"X-Seat-Token": ann["token"]})
    assert started.status_code == 200, started.text
    game_id = started.json()["game"]["id"]
    players = [RemoteSitter(lambda: current["url"], ann["invite"], seat["token"],
                            random_legal, k, game=game_id)
               for k, seat in enumerate((ann, bob))]
    for player in players:
        player.start()
    store = Store(make_engine(database))
    # Mid-hand: some cards of the first hand played.
    deadline = time.monotonic() + 120
    while sum(1 for _, a in store.actions(game_id, 10_000) if a.startswith("play")) < 8:
        assert time.monotonic() < deadline, "the game did not get going"
        time.sleep(0.05)
    server.kill()
    killed = store.game(game_id)
    assert killed is not None and killed.status == "playing"
    log_at_kill = store.actions(game_id, killed.version)
    restarted = Server(database, tmp_path / "server.log")
    servers.append(restarted)
    current["url"] = restarted.url
    for player in players:
        messages = player.finish()
        assert player.reconnects >= 1
        numbers = event_numbers(messages)
        assert numbers == list(range(len(numbers)))  # resumed after the last event seen
        assert messages[-1]["game"]["status"] == "over"
    final = store.game(game_id)
    assert final is not None and final.status == "over"
    assert store.actions(game_id, final.version)[:killed.version] == log_at_kill
    store.engine.dispose()
    ann_http.close()
    bob_http.close()
