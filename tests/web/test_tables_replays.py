"""After a game at a friends' table, over HTTP and the live WebSocket: each seated player opens
the replay and the review of their own seat (its decisions only, with the single-player games'
review service), only once the game is over, and nobody else does; the table replays the game
together, every live connection told the step."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.play import assert_error, random_legal, steady_spades
from tests.web.tables import Sitter, create, join, play_by_polling, start, visitors
from tricktable.web.review.service import ReviewService

SAMPLES = 4
HINT_SAMPLES = 2


@pytest.fixture
def app(make_app: Any) -> FastAPI:
    app: FastAPI = make_app(test_options=True, rate_limit_action_player="",
                            rate_limit_action_address="")
    app.state.reviews = ReviewService(app.state.service, samples=SAMPLES,
                                      hint_samples=HINT_SAMPLES, cpu_seconds=5.0)
    return app


@pytest.fixture
def people(app: FastAPI) -> Iterator[list[TestClient]]:
    """Ann and Bob at one table, Cat at another, and a stranger: four browsers."""
    found = visitors(app, 4)
    with found[0], found[1], found[2], found[3]:
        yield found


def url(sitter: Sitter, what: str) -> str:
    return f"/api/tables/{sitter.invite}/{what}"


def reviewed(sitter: Sitter) -> dict[str, Any]:
    """Start the review of the sitter's seat and wait for the workers to finish it."""
    started = sitter.client.post(url(sitter, "review"), headers=sitter.headers)
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + 240
    while True:
        review: dict[str, Any] = sitter.client.get(url(sitter, "review"),
                                                   headers=sitter.headers).json()
        if review["status"] == "done" or time.monotonic() > deadline:
            return review
        time.sleep(0.2)


def seats_of_steps(replay: dict[str, Any]) -> dict[tuple[int, int], int]:
    """Who acted at each (deal, index) of the replay."""
    found: dict[tuple[int, int], int] = {}
    for deal in replay["deals"]:
        for step in deal["bidding"] + [p for t in deal["tricks"] for p in t["plays"]]:
            found[deal["deal"], step["index"]] = step["seat"]
    return found


def test_each_seat_reviews_its_own_decisions_after_the_game_and_nobody_else(
        people: list[TestClient]) -> None:
    ann_client, bob_client, cat_client, stranger = people
    ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy", nickname="Ann")
    bob = join(bob_client, ann.invite, "Bob")
    cat = create(cat_client, game="sheepshead", hands=5, difficulty="easy", nickname="Cat")
    # Before any game, and while the game is played: refused, nothing computed.
    assert_error(ann_client.get(url(ann, "replay"), headers=ann.headers), 409, "not_started")
    start(ann)
    game_id = ann.poll()["game"]["id"]
    for what in ("replay", "review"):
        body = assert_error(ann_client.get(url(ann, what), headers=ann.headers),
                            409, "game_not_over")
        assert "once the game is over" in body["message"]
    assert_error(ann_client.post(url(ann, "review"), headers=ann.headers), 409, "game_not_over")
    assert_error(ann_client.post(url(ann, "replay-step"), headers=ann.headers,
                                 json={"step": 0}), 409, "game_not_over")
    play_by_polling([ann, bob], random_legal, random.Random(11))
    assert ann.poll()["game"]["status"] == "over"

    # Not seated here: no token, a made-up one, another table's seat; another table's game.
    for headers in ({}, {"X-Seat-Token": "x" * 32}, cat.headers):
        for what in ("replay", "review"):
            assert_error(stranger.get(url(ann, what), headers=headers), 403, "not_seated")
        assert_error(stranger.post(url(ann, "review"), headers=headers), 403, "not_seated")
    assert_error(cat_client.get(f"{url(cat, 'replay')}?game={game_id}", headers=cat.headers),
                 404, "unknown_game")
    assert_error(ann_client.get(f"{url(ann, 'replay')}?game=nope", headers=ann.headers),
                 404, "unknown_game")

    replay = ann_client.get(url(ann, "replay"), headers=ann.headers).json()
    assert replay["game_id"] == game_id and replay["seat"] == 0 and replay["mine"]
    assert replay["seat_names"] == ["Ann", "Bob", "Computer", "Computer", "Computer"]
    assert len(replay["deals"]) >= 5
    who = seats_of_steps(replay)
    for deal in replay["deals"]:  # the game is over: every hand face up
        assert all(len(cards) == 6 for cards in deal["hands"])
        for step in deal["bidding"] + [p for t in deal["tricks"] for p in t["plays"]]:
            if step["seat"] in (0, 1):  # a person's play never gets a computer's reason
                assert step["reason"] is None, step

    reviews = {sitter.seat: reviewed(sitter) for sitter in (ann, bob)}
    for seat, review in reviews.items():
        assert review["status"] == "done" and review["seat"] == seat, review
        assert review["decisions"], review
        # Only that seat's own decisions: each is an action its seat took.
        assert {who[d["deal"], d["index"]] for d in review["decisions"]} == {seat}
    ann_marks = ann_client.get(url(ann, "replay"), headers=ann.headers).json()
    marked = [d for deal in ann_marks["deals"] for d in deal["decisions"]]
    assert marked and {who[d["deal"], d["index"]] for d in marked} == {0}
    # The single-player replay of the table's game stays closed: it is nobody's own game.
    assert_error(ann_client.get(f"/api/games/{game_id}/replay"), 403, "not_your_game")


def test_the_table_replays_the_game_together_over_the_live_feed(
        people: list[TestClient]) -> None:
    ann_client, bob_client, _, stranger = people
    ann = create(ann_client, game="spades", target=50, difficulty="easy", nickname="Ann")
    bob = join(bob_client, ann.invite, "Bob")
    start(ann)
    play_by_polling([ann, bob], steady_spades, random.Random(5))
    replay = bob_client.get(url(bob, "replay"), headers=bob.headers).json()
    assert replay["together"] == 0 and replay["steps"] > 3
    with bob_client.websocket_connect(url(bob, "live")) as websocket:
        websocket.send_json({"token": bob.token})
        assert websocket.receive_json()["type"] == "state"
        moved = ann_client.post(url(ann, "replay-step"), headers=ann.headers, json={"step": 3})
        assert moved.status_code == 200, moved.text
        assert moved.json() == {"game": replay["game_id"], "step": 3, "steps": replay["steps"]}
        for _ in range(5):  # a change of who is connected may come as a state first
            heard = websocket.receive_json()
            if heard["type"] == "replay":
                break
        assert heard == {"type": "replay", "game": replay["game_id"], "step": 3}
    assert bob_client.get(url(bob, "replay"), headers=bob.headers).json()["together"] == 3
    # Bad steps and strangers change nothing.
    last = replay["steps"] - 1
    body = assert_error(ann_client.post(url(ann, "replay-step"), headers=ann.headers,
                                        json={"step": last + 1}), 409, "no_such_step")
    assert str(last) in body["message"]
    for bad in ({"step": -1}, {"step": "2"}, {"step": 1, "extra": 1}, {}):
        assert_error(ann_client.post(url(ann, "replay-step"), headers=ann.headers, json=bad),
                     400)
    assert_error(stranger.post(url(ann, "replay-step"), json={"step": 1}), 403, "not_seated")
    assert bob_client.get(url(bob, "replay"), headers=bob.headers).json()["together"] == 3


def test_the_replay_says_which_seats_the_computers_played(people: list[TestClient]) -> None:
    """The page names each computer by its seat, as the table does ("Computer 2"): the replay
    says which seats they are, the same as the table's computer seats."""
    ann = create(people[0], game="sheepshead", hands=5, difficulty="easy", nickname="Ann")
    start(ann)
    play_by_polling([ann], random_legal, random.Random(3))
    replay = people[0].get(url(ann, "replay"), headers=ann.headers).json()
    table = ann.poll()["table"]["seats"]
    assert replay["computers"] == [s["seat"] for s in table if s["kind"] == "computer"]
    assert replay["computers"] == [1, 2, 3, 4]
    assert replay["seat_names"][0] == "Ann"
