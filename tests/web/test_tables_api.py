"""Tables with friends over HTTP: create, sit by invite, start with computers in the empty
seats, play only your own seat, rematch; the errors say what was wrong and change nothing."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from datetime import timedelta

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import Clock
from tests.web.daily_helpers import Visitors
from tests.web.live import hear_phrases
from tests.web.play import assert_error, random_legal, steady_spades
from tests.web.tables import (
    SEAT_HEADER,
    create,
    join,
    play_by_polling,
    start,
    started_table,
    visitors,
)
from tricktable.web.tables.db import friend_tables
from tricktable.web.tables.service import TableService


def clients(app: FastAPI, count: int) -> list[TestClient]:
    return visitors(app, count)


def test_friends_and_computers_play_a_whole_game_and_a_rematch(app: FastAPI) -> None:
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy", nickname="Ann")
        assert len(ann.invite) >= 22 and ann.seat == 0
        lobby = ann.state["table"]
        assert [s["kind"] for s in lobby["seats"]] == ["human", "open", "open", "open", "open"]
        assert ann.state["game"] is None
        bob = join(bob_client, ann.invite, "Bob")
        assert bob.seat == 1
        assert [s["nickname"] for s in bob.state["table"]["seats"]][:2] == ["Ann", "Bob"]
        state = start(ann)
        assert state["table"]["state"] == "playing"
        assert [s["kind"] for s in state["table"]["seats"]] == [
            "human", "human", "computer", "computer", "computer"]
        assert state["game"]["names"] == ["Ann", "Bob", "Computer", "Computer", "Computer"]
        played = play_by_polling([ann, bob], random_legal, random.Random(7))
        assert played > 0
        final = ann.poll()
        assert final["game"]["status"] == "over"
        assert len(final["game"]["view"]["results"]) >= 5
        # Bob is not the host: no rematch for him; Ann starts one at the same seats.
        assert_error(bob_client.post(f"/api/tables/{ann.invite}/rematch", headers=bob.headers),
                     403, "not_host")
        first_game = final["game"]["id"]
        again = ann_client.post(f"/api/tables/{ann.invite}/rematch", headers=ann.headers)
        assert again.status_code == 200, again.text
        assert again.json()["table"]["round"] == 2
        assert bob.poll()["game"]["id"] != first_game


def test_a_seat_sees_only_its_own_hand(app: FastAPI) -> None:
    with started_table(app) as (ann, bob):
        a, b = ann.poll()["game"], bob.poll()["game"]
        assert a["seat"] == 0 and b["seat"] == 1
        assert set(a["view"]["hand"]["hand"]).isdisjoint(b["view"]["hand"]["hand"])
        # Without a token: the seats only, no game view.
        anyone = ann.client.get(f"/api/tables/{ann.invite}").json()
        assert anyone["game"] is None and anyone["table"]["you"] is None


def test_nobody_acts_for_another_seat_or_a_computer(app: FastAPI) -> None:
    with started_table(app) as (ann, bob):
        url = f"/api/tables/{ann.invite}/actions"
        game = ann.poll()["game"]
        body = {"action": "pass", "version": game["version"]}
        for seat, words in ((1, "another player"), (3, "computer")):
            error = assert_error(ann.client.post(url, headers=ann.headers,
                                                 json={**body, "seat": seat}),
                                 403, "not_your_seat")
            assert words in error["message"]
        # Guessed and missing tokens sit nobody.
        for headers in ({SEAT_HEADER: secrets.token_urlsafe(24)}, {}):
            assert_error(ann.client.post(url, headers=headers, json=body), 403, "not_seated")
            assert_error(ann.client.post(f"/api/tables/{ann.invite}/start", headers=headers),
                         403, "not_seated")
        # A token of one table is nothing at another.
        other = create(bob.client, game="spades", difficulty="easy")
        assert_error(bob.client.post(url, headers=other.headers, json=body), 403, "not_seated")
        # A guessed invite finds no table.
        assert_error(ann.client.get(f"/api/tables/{secrets.token_urlsafe(16)}"), 404,
                     "unknown_table")
        # Not my turn: a 409 with the table as it is; a stale version too.
        waiting = ann if ann.poll()["game"]["to_move"] != 0 else bob
        waiting.poll()
        assert_error(waiting.act("pass"), 409, "not_your_turn")
        mover = bob if waiting is ann else ann
        state = mover.poll()
        stale = mover.client.post(url, headers=mover.headers, json={
            "action": state["game"]["legal_actions"][0],
            "version": state["game"]["version"] + 5})
        assert assert_error(stale, 409, "stale_version")["game"]["game"]["version"] == (
            state["game"]["version"])
        assert_error(mover.act("bid 4"), 422, "illegal_action")
        assert mover.poll()["game"]["version"] == state["game"]["version"]


def test_the_lobby_rules(app: FastAPI) -> None:
    ann_client, bob_client, cy_client = clients(app, 3)
    with ann_client, bob_client, cy_client:
        ann = create(ann_client, game="spades", difficulty="easy")
        assert [s["kind"] for s in ann.state["table"]["seats"]] == ["human", "open"]
        bob = join(bob_client, ann.invite, "Bob")
        assert_error(cy_client.post(f"/api/tables/{ann.invite}/seats",
                                    json={"nickname": "Cy"}), 409, "table_full")
        # The same browser sits again: its seat back, with a new token (the old one is void).
        again = join(bob_client, ann.invite, "Bob")
        assert again.seat == bob.seat and again.token != bob.token
        assert_error(bob_client.get(f"/api/tables/{ann.invite}", headers=bob.headers), 403)
        assert_error(bob_client.post(f"/api/tables/{ann.invite}/start",
                                     headers=again.headers), 403, "not_host")
        start(ann)
        assert_error(ann_client.post(f"/api/tables/{ann.invite}/start", headers=ann.headers),
                     409, "table_started")
        assert_error(ann_client.post(f"/api/tables/{ann.invite}/rematch",
                                     headers=ann.headers), 409, "not_finished")
        for nickname in ("   ", "x" * 25, "a\u0007b"):
            assert_error(cy_client.post("/api/tables", json={"nickname": nickname}), 400,
                         "bad_nickname")
        assert_error(cy_client.post("/api/tables", json={"nickname": "Cy", "target": 50}),
                     400, "bad_request")
        assert_error(cy_client.post("/api/tables", json={"nickname": "Cy", "hands": 7}),
                     400, "bad_request")


def test_creating_tables_is_rate_limited(make_app: Callable[..., FastAPI]) -> None:
    app = make_app(rate_limit_create_table_player="3/minute")
    with TestClient(app, raise_server_exceptions=False) as client:
        for _ in range(3):
            create(client, game="spades", difficulty="easy")
        response = client.post("/api/tables", json={"game": "spades", "nickname": "Spam"})
        assert_error(response, 429, "too_many_requests")
        assert int(response.headers["Retry-After"]) >= 1


def test_one_address_cannot_make_tables_in_bulk(app: FastAPI) -> None:
    """With fresh cookies for every table, one address still makes at most 20 a minute (the
    default), and the others are refused before anything is stored."""
    visitors = Visitors(app)
    try:
        made = 0
        for k in range(25):
            client = visitors("198.51.100.23", returning=False)
            response = client.post("/api/tables", json={"game": "spades", "nickname": f"P{k}"})
            if response.status_code == 201:
                made += 1
            else:
                assert_error(response, 429, "too_many_requests")
        assert made == 20
        service: TableService = app.state.tables
        with service.store.engine.connect() as connection:
            stored = connection.execute(sa.select(sa.func.count()).select_from(friend_tables))
            assert stored.scalar_one() == 20
        other = visitors("198.51.100.24", returning=False)  # another address is not held up
        assert other.post("/api/tables", json={"game": "spades", "nickname": "Q"}).status_code \
            == 201
    finally:
        visitors.close()


def test_quick_phrases_are_a_fixed_list(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:
        ann = create(client, game="spades", difficulty="easy")
        url = f"/api/tables/{ann.invite}/phrases"
        said = client.post(url, headers=ann.headers, json={"phrase": "gg"})
        assert said.status_code == 200
        assert said.json()["said"] == {"number": 1, "seat": 0, "nickname": "Host",
                                       "phrase": "gg", "text": "Good game"}
        assert_error(client.post(url, headers=ann.headers, json={"phrase": "you stink"}), 400)
        assert_error(client.post(url, json={"phrase": "gg"}), 403, "not_seated")
        # The refused ones said nothing.
        assert ann.poll()["table"]["said"] == 1


def test_phrases_are_stored_in_order_and_a_seat_is_rate_limited(app: FastAPI,
                                                                 clock: Clock) -> None:
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="spades", difficulty="easy", nickname="Ann")
        bob = join(bob_client, ann.invite, "Bob")
        url = f"/api/tables/{ann.invite}/phrases"
        for phrase in ("nice", "sorry", "wow", "gg"):
            assert ann_client.post(url, headers=ann.headers, json={"phrase": phrase}).is_success
        # A fifth within the window: refused, nothing stored; Bob may still speak.
        refused = ann_client.post(url, headers=ann.headers, json={"phrase": "oops"})
        assert_error(refused, 429, "too_many_phrases")
        assert int(refused.headers["Retry-After"]) >= 1
        assert bob_client.post(url, headers=bob.headers, json={"phrase": "thanks"}).is_success
        clock.moment += timedelta(seconds=16)
        assert ann_client.post(url, headers=ann.headers, json={"phrase": "brb"}).json()[
            "said"]["number"] == 6
        # Polling after phrase 2: the rest, in order; without a number, none (only the count).
        state = bob_client.get(f"/api/tables/{ann.invite}?said=2", headers=bob.headers).json()
        assert [(s["number"], s["nickname"], s["phrase"]) for s in state["said"]] == [
            (3, "Ann", "wow"), (4, "Ann", "gg"), (5, "Bob", "thanks"), (6, "Ann", "brb")]
        assert state["table"]["said"] == 6
        assert "said" not in bob.poll()
        # Without a seat token, no phrases.
        assert "said" not in bob_client.get(f"/api/tables/{ann.invite}?said=0").json()
        assert_error(bob_client.get(f"/api/tables/{ann.invite}?said=-1", headers=bob.headers),
                     400)


def test_a_reconnecting_player_hears_the_phrases_said_while_away(app: FastAPI) -> None:
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="spades", difficulty="easy", nickname="Ann")
        bob = join(bob_client, ann.invite, "Bob")
        url = f"/api/tables/{ann.invite}/phrases"
        live = f"/api/tables/{ann.invite}/live"
        with bob_client.websocket_connect(live) as websocket:
            websocket.send_json({"token": bob.token})
            first = websocket.receive_json()
            assert first["table"]["said"] == 0 and "said" not in first
            ann_client.post(url, headers=ann.headers, json={"phrase": "nice"})
            assert [p["number"] for p in hear_phrases(websocket)] == [1]
        # Bob is away: two phrases; he comes back after phrase 1 and hears them in order.
        for phrase in ("sorry", "gg"):
            ann_client.post(url, headers=ann.headers, json={"phrase": phrase})
        with bob_client.websocket_connect(f"{live}?said=1") as websocket:
            websocket.send_json({"token": bob.token})
            back = websocket.receive_json()
            assert back["type"] == "state"
            assert [(s["number"], s["text"]) for s in back["said"]] == [
                (2, "Sorry, partner"), (3, "Good game")]
            ann_client.post(url, headers=ann.headers, json={"phrase": "wow"})
            assert [p["number"] for p in hear_phrases(websocket)] == [4]  # and on, live


@pytest.mark.parametrize("game", ["spades"])
def test_two_friends_play_spades_to_the_end(make_app: Callable[..., FastAPI],
                                            game: str) -> None:
    # Machine-speed play, far past any person's pace: no action limits here.
    app = make_app(test_options=True, rate_limit_action_player="",
                   rate_limit_action_address="")
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game=game, target=50, difficulty="easy")
        bob = join(bob_client, ann.invite, "Bob")
        start(ann)
        play_by_polling([ann, bob], steady_spades, random.Random(3))
        assert ann.poll()["game"]["status"] == "over" == bob.poll()["game"]["status"]


def test_an_invite_page_for_no_table_is_the_not_found_page(client: TestClient) -> None:
    ann = create(client, game="spades", difficulty="easy", nickname="Ann")
    assert client.get(f"/t/{ann.invite}").status_code == 200
    for path in ("/t/abc", "/t/" + "x" * 22, "/t/" + ann.invite[:-1] + "_"):
        page = client.get(path)
        assert page.status_code == 404, path
        assert "text/html" in page.headers["content-type"]
        assert 'id="friends-new"' not in page.text  # not the create-a-table form
        assert page.headers["referrer-policy"] == "no-referrer"
    assert "There is no table with this invite" in client.get("/t/" + "x" * 22).text


def test_hints_follow_the_hosts_setting_shown_to_all(app: FastAPI) -> None:
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy", nickname="Ann")
        bob = join(bob_client, ann.invite, "Bob")
        settings = f"/api/tables/{ann.invite}/settings"
        hint = f"/api/tables/{ann.invite}/hint"
        assert bob.poll()["table"]["helpers"] is False  # off unless the host chooses
        assert_error(bob_client.post(settings, headers=bob.headers, json={"helpers": True}),
                     403, "not_host")
        assert_error(ann_client.post(settings, headers=ann.headers, json={"helpers": "yes"}),
                     400)
        assert bob.poll()["table"]["helpers"] is False
        assert ann_client.post(settings, headers=ann.headers,
                               json={"helpers": True}).json()["table"]["helpers"] is True
        assert bob.poll()["table"]["helpers"] is True  # shown to every player
        state = start(ann)
        # Mid-game the setting holds: the same for every player of a game.
        assert_error(ann_client.post(settings, headers=ann.headers, json={"helpers": False}),
                     409, "table_started")
        mover, waiting = (ann, bob) if state["game"]["to_move"] == 0 else (bob, ann)
        if state["game"]["to_move"] in (0, 1):
            found = mover.client.post(hint, headers=mover.headers)
            assert found.status_code == 200, found.text
            assert found.json()["hint"]["action"] in mover.poll()["game"]["legal_actions"]
            assert_error(waiting.client.post(hint, headers=waiting.headers), 409,
                         "not_your_turn")
        assert_error(ann_client.post(hint), 403, "not_seated")


def test_a_table_without_hints_refuses_them_without_a_403(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:
        ann = create(client, game="sheepshead", hands=5, difficulty="easy", nickname="Ann")
        start(ann)
        assert_error(client.post(f"/api/tables/{ann.invite}/hint", headers=ann.headers), 409,
                     "no_hints_here")


def test_a_seat_link_moves_the_seat_to_another_browser_once(app: FastAPI) -> None:
    ann_client, phone, laptop = clients(app, 3)
    with ann_client, phone, laptop:
        ann = create(ann_client, game="spades", difficulty="easy", nickname="Ann")
        bob = join(phone, ann.invite, "Bob")
        start(ann)
        link = f"/api/tables/{ann.invite}/seat-link"
        move = f"/api/tables/{ann.invite}/seat-move"
        assert_error(laptop.post(link), 403, "not_seated")
        code = phone.post(link, headers=bob.headers).json()["code"]
        live = f"/api/tables/{ann.invite}/live"
        with phone.websocket_connect(live) as old:
            old.send_json({"token": bob.token})
            assert old.receive_json()["type"] == "state"
            taken = laptop.post(move, json={"code": code})
            assert taken.status_code == 201, taken.text
            moved = taken.json()
            assert moved["seat"] == 1 and moved["token"] != bob.token
            assert moved["game"]["seat"] == 1
            # The phone loses the seat: its live connection is told, its token is nothing.
            for _ in range(10):
                message = old.receive_json()
                if message["type"] == "error":
                    break
            assert message["type"] == "error" and message["error"] == "not_seated"
        assert_error(phone.get(f"/api/tables/{ann.invite}", headers=bob.headers), 403,
                     "not_seated")
        laptop_seat = laptop.get(f"/api/tables/{ann.invite}",
                                 headers={"X-Seat-Token": moved["token"]}).json()
        assert laptop_seat["table"]["you"] == 1
        # Once: the same code again, or a made-up one, moves nothing.
        assert_error(phone.post(move, json={"code": code}), 403, "bad_seat_link")
        assert_error(phone.post(move, json={"code": "1-" + "0" * 40}), 403, "bad_seat_link")
        assert_error(phone.post(move, json={"code": "nine"}), 400)
        assert laptop.get(f"/api/tables/{ann.invite}",
                          headers={"X-Seat-Token": moved["token"]}).status_code == 200
