"""Getting up from a table, the host taking a player off it, and idle tables closing: the seat
opens in the lobby or goes to a computer once the game has started, the token stops working
(over HTTP and on the live connection), the last one out closes the table, and a table nothing
happens at for ``table_idle_seconds`` answers that it has closed and is removed with its games."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta

import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import Clock
from tests.web.play import assert_error, random_legal
from tests.web.tables import Sitter, at_a_table, create, join, play_by_polling, start, started_table
from tricktable.web.store.db import games
from tricktable.web.tables.db import friend_phrases, friend_seats, friend_tables
from tricktable.web.tables.service import TableService
from tricktable.web.tables.views import owner_of


def leave(sitter: Sitter) -> dict[str, object]:
    response = sitter.client.post(f"/api/tables/{sitter.invite}/leave", headers=sitter.headers)
    assert response.status_code == 200, response.text
    answer: dict[str, object] = response.json()
    return answer


def remove(host: Sitter, seat: object) -> object:
    return host.client.post(f"/api/tables/{host.invite}/remove", headers=host.headers,
                            json={"seat": seat})


def kinds(sitter: Sitter) -> list[str]:
    return [seat["kind"] for seat in sitter.poll()["table"]["seats"]]


def rows(app: FastAPI, table: sa.Table, *where: sa.ColumnElement[bool]) -> int:
    service: TableService = app.state.tables
    with service.store.engine.connect() as connection:
        return int(connection.execute(
            sa.select(sa.func.count()).select_from(table).where(*where)).scalar_one())


def test_leaving_the_lobby_opens_the_seat_and_hands_on_the_host(app: FastAPI) -> None:
    with at_a_table(app, "Bob", "Cy", game="sheepshead", hands=5, difficulty="easy",
                    nickname="Ann") as (ann, bob, cy):
        left = leave(bob)
        assert left["game"] is None and left["table"]["you"] is None  # type: ignore[index]
        assert kinds(ann)[:3] == ["human", "open", "human"]
        assert_error(bob.client.get(f"/api/tables/{bob.invite}", headers=bob.headers), 403,
                     "not_seated")
        assert_error(bob.client.post(f"/api/tables/{bob.invite}/leave", headers=bob.headers),
                     403, "not_seated")
        # The host leaves: the first player left hosts; the seat opens for anyone.
        leave(ann)
        table = cy.poll()["table"]
        assert table["host_seat"] == cy.seat and table["seats"][0]["kind"] == "open"
        again = join(bob.client, ann.invite, "Bob")  # sitting down again is a fresh seat
        assert again.seat == 0
        assert start(cy)["table"]["state"] == "playing"


def test_a_player_who_leaves_a_game_is_played_by_a_computer(app: FastAPI) -> None:
    with started_table(app, game="sheepshead", hands=5, difficulty="easy",
                       nickname="Ann") as (ann, bob):
        leave(bob)
        assert kinds(ann) == ["human", "computer", "computer", "computer", "computer"]
        play_by_polling([ann], random_legal, random.Random(3), timeout=240)
        assert ann.poll()["table"]["state"] == "finished"


def test_the_host_takes_a_player_off_the_table(app: FastAPI) -> None:
    with at_a_table(app, "Bob", "Cy", game="sheepshead", hands=5, difficulty="easy",
                    nickname="Ann") as (ann, bob, cy):
        assert_error(remove(bob, cy.seat), 403, "not_host")  # type: ignore[arg-type]
        assert_error(remove(ann, ann.seat), 400, "bad_seat")  # type: ignore[arg-type]
        assert_error(remove(ann, 4), 400, "bad_seat")  # type: ignore[arg-type]
        assert_error(remove(ann, 5), 400, "bad_request")  # type: ignore[arg-type]
        assert_error(remove(ann, "1"), 400, "bad_request")  # type: ignore[arg-type]
        assert kinds(ann)[:3] == ["human", "human", "human"]  # nothing changed
        start(ann)
        url = f"/api/tables/{ann.invite}/live"
        with bob.client.websocket_connect(url) as websocket:
            websocket.send_json({"token": bob.token})
            assert websocket.receive_json()["type"] == "state"
            answer = remove(ann, bob.seat)
            assert answer.status_code == 200  # type: ignore[attr-defined]
            assert answer.json()["table"]["seats"][1]["kind"] == "computer"  # type: ignore
            message = websocket.receive_json()
            while message["type"] != "error":  # a state may have been on its way
                message = websocket.receive_json()
            assert message["error"] == "not_seated" and "host" in message["message"]
        assert_error(bob.client.get(f"/api/tables/{bob.invite}", headers=bob.headers), 403,
                     "not_seated")
        assert kinds(cy)[:3] == ["human", "computer", "human"]


def test_the_last_one_out_closes_the_table(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:
        ann = create(client, game="spades", difficulty="easy", nickname="Ann")
        table_id = app.state.tables.store.by_invite(ann.invite).id
        start(ann)
        client.post(f"/api/tables/{ann.invite}/phrases", headers=ann.headers,
                    json={"phrase": "gg"})
        assert leave(ann)["table"] is None
        assert_error(client.get(f"/api/tables/{ann.invite}"), 404, "unknown_table")
        for table, column in ((friend_tables, friend_tables.c.id),
                              (friend_seats, friend_seats.c.table_id),
                              (friend_phrases, friend_phrases.c.table_id)):
            assert rows(app, table, column == table_id) == 0
        assert rows(app, games, games.c.player_id == owner_of(table_id)) == 0


def test_an_idle_table_closes_and_is_removed(make_app: Callable[..., FastAPI],
                                             clock: Clock) -> None:
    app = make_app(table_idle_seconds=3600)
    tables: TableService = app.state.tables
    with TestClient(app, raise_server_exceptions=False) as client:
        idle = create(client, game="sheepshead", hands=5, difficulty="easy")
        start(idle)
        busy = create(client, game="spades", difficulty="easy")
        swept = create(client, game="spades", difficulty="easy")
        idle_id = tables.store.by_invite(idle.invite).id
        owned = rows(app, games, games.c.player_id == owner_of(idle_id))
        assert owned == 1
        clock.moment += timedelta(minutes=50)
        with TestClient(app, raise_server_exceptions=False) as bob_client:
            join(bob_client, busy.invite, "Bob")  # someone sits down: not idle
        assert tables.sweep() == 0
        clock.moment += timedelta(minutes=20)  # 70 min for two tables, 20 for the busy one
        error = assert_error(client.get(f"/api/tables/{idle.invite}", headers=idle.headers),
                             404, "table_expired")
        assert "closed" in error["message"]
        assert_error(client.get(f"/api/tables/{idle.invite}"), 404, "unknown_table")
        assert rows(app, games, games.c.player_id == owner_of(idle_id)) == 0
        assert tables.sweep() == 1  # the other idle table, never asked for again
        assert_error(client.get(f"/api/tables/{swept.invite}"), 404, "unknown_table")
        assert busy.poll()["table"]["state"] == "lobby"
        assert rows(app, friend_tables) == 1
