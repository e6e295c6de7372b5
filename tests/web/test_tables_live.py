"""Tables live over the WebSocket: every message holds only the receiving seat's view and the
events after the last one sent; a reconnect resumes after the number it saw; a leak walk over
every message of a whole game; a disconnected player's seat goes to a computer after the grace
period and comes back to the player."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.sheepshead.leaks import card_strings, hidden_cards, partner_known
from tests.web.live import LiveSitter
from tests.web.play import random_legal
from tests.web.tables import create, join, start, started_table, visitors
from tricktable.game import parse_action
from tricktable.sheepshead.match import Match
from tricktable.web.games import adapter
from tricktable.web.tables.service import TableService


def clients(app: FastAPI, count: int) -> list[TestClient]:
    return visitors(app, count)


def true_match(tables: TableService, game: dict[str, Any]) -> Match:
    row = tables.games.store.game(game["id"])
    assert row is not None
    match: Match = adapter("sheepshead").new_match(row.rules, row.seed)
    for seat, text in tables.games.store.actions(row.id, game["version"]):
        match.apply(parse_action(text), seat=seat)
    return match


def assert_hides(tables: TableService, message: dict[str, Any], seat: int,
                 seen: dict[str, int]) -> None:
    """Nothing in a live message that ``seat`` may not know at the message's version."""
    game = message["game"]
    if game is None:
        return
    assert game["seat"] == seat
    seed = tables.games.store.game(game["id"]).seed  # type: ignore[union-attr]
    assert seed not in repr(message)
    match = true_match(tables, game)
    current = match.deals[game["deal"]]
    skip = frozenset({"legal_actions"})

    def hides(data: Any, deal: Any, where: str) -> None:
        leaked = card_strings(data, skip_keys=skip) & hidden_cards(deal, seat) - {deal.called}
        assert not leaked, f"seat {seat}, {where}: sees {sorted(map(str, leaked))}"

    hides(game["view"]["hand"], current, "view.hand")  # (results of past hands are public)
    hides(game["unplayable"], current, "unplayable")
    assert set(game["view"]["hand"]["hand"]) == {str(c) for c in current.hand(seat)}
    if not partner_known(current, seat):
        assert game["view"]["hand"]["partner"] is None
    for event in game["events"]:
        deal = match.deals[event["deal"]]
        hides(event, deal, f"event {event['index']}")
        if event["type"] == "PartnerRevealed":
            assert partner_known(deal, seat)
    if game["previous_hand"] is not None:
        hides(game["previous_hand"], match.deals[game["previous_hand"]["deal"]], "previous")
    expected = [str(a) for a in match.legal_actions()] if match.to_move == seat else []
    assert game["legal_actions"] in (expected, [])
    seen["messages"] += 1
    seen["events"] += len(game["events"])
    seen["picker"] += current.picker == seat


def test_a_leak_walk_over_every_live_message_of_a_whole_game(app: FastAPI) -> None:
    ann_client, bob_client = clients(app, 2)
    tables: TableService = app.state.tables
    with ann_client, bob_client:
        ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy")
        bob = join(bob_client, ann.invite, "Bob")
        game_id = start(ann)["game"]["id"]
        # From event 0: every event of the game goes through the live connection.
        players = [LiveSitter(ann, random_legal, 1, after=0, game=game_id),
                   LiveSitter(bob, random_legal, 2, after=0, game=game_id)]
        for player in players:
            player.start()
        seen = {"messages": 0, "events": 0, "picker": 0}
        for player in players:
            messages = player.finish()
            states = [m for m in messages if m["type"] == "state" and m["game"]]
            # Numbered events, each sent once, in order, with nothing missing.
            numbers = [e["index"] for m in states for e in m["game"]["events"]]
            assert numbers == list(range(len(numbers))), numbers[:20]
            assert numbers and numbers[-1] + 1 == states[-1]["game"]["event_count"]
            for message in messages:
                if message["type"] == "state":
                    assert_hides(tables, message, player.sitter.seat, seen)
            assert states[-1]["game"]["status"] == "over"
        assert players[0].acted and players[1].acted
        assert seen["messages"] > 20 and seen["events"] > 100


def test_a_reconnect_resumes_after_the_last_event_it_saw(app: FastAPI) -> None:
    with started_table(app) as (ann, bob):
        # Bob plays along in the background; Ann watches for a few messages, then leaves.
        bob_live = LiveSitter(bob, random_legal, 5)
        bob_live.start()
        first = LiveSitter(ann, random_legal, 6, stop=lambda m: bool(
            m["game"] and m["game"]["event_count"] > 30))
        first.start()
        messages = first.finish()
        last = [m for m in messages if m["type"] == "state"][-1]["game"]
        count = last["event_count"]
        resumed = LiveSitter(ann, random_legal, 7, after=count, game=last["id"],
                             stop=lambda m: True)
        resumed.start()
        message = resumed.finish()[0]
        events = message["game"]["events"]
        assert all(e["index"] >= count for e in events)
        if events:
            assert events[0]["index"] == count
        # Unknown game id: the whole state again, no events replayed.
        fresh = LiveSitter(ann, random_legal, 8, after=3, game="0" * 32, stop=lambda m: True)
        fresh.start()
        assert fresh.finish()[0]["game"]["events"] == []
        # Ann plays on to the end with Bob (so no connection is left waiting).
        rest = LiveSitter(ann, random_legal, 9)
        rest.start()
        rest.finish()
        bob_live.finish()


def test_a_wrong_token_gets_no_live_messages(app: FastAPI) -> None:
    with TestClient(app, raise_server_exceptions=False) as client:
        ann = create(client, game="spades", difficulty="easy")
        with client.websocket_connect(f"/api/tables/{ann.invite}/live") as websocket:
            websocket.send_json({"token": "not-a-token-of-this-table"})
            message = websocket.receive_json()
            assert message["type"] == "error" and message["error"] == "not_seated"
            assert "game" not in message and "table" not in message


def test_an_away_player_is_played_by_a_computer_until_back(
        make_app: Callable[..., FastAPI]) -> None:
    app = make_app(table_grace_seconds=1.0, now=None)  # presence needs the real clock
    with started_table(app) as (ann, bob):
        # Ann plays live; Bob never connects: after the grace period a computer plays him.
        ann_live = LiveSitter(ann, random_legal, 11, stop=lambda m: any(
            e.get("seat") == 1 for e in (m["game"] or {}).get("events", [])
            if e["type"] in ("Passed", "Picked", "CardPlayed")))
        began = time.monotonic()
        ann_live.start()
        messages = ann_live.finish(120)
        assert time.monotonic() - began >= 0.9
        seats = [m for m in messages if m["type"] == "state"][-1]["table"]["seats"]
        assert seats[1]["away"] and seats[1]["kind"] == "human"
        # Bob comes back: the seat is his again (his turns come to him), to the end.
        back = LiveSitter(bob, random_legal, 12)
        ann_live = LiveSitter(ann, random_legal, 13)
        back.start()
        ann_live.start()
        final = back.finish(300)[-1]
        ann_live.finish(300)
        assert back.acted > 0
        assert not final["table"]["seats"][1]["away"]


def test_the_turn_timer_plays_for_an_idle_player_who_keeps_the_seat(
        make_app: Callable[..., FastAPI]) -> None:
    app = make_app(now=None)  # the timer runs on the real clock
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="spades", difficulty="easy", nickname="Ann",
                     turn_seconds=5)
        bob = join(bob_client, ann.invite, "Bob")
        start(ann)
        people = {ann.seat: ann, bob.seat: bob}
        # The timer looks at the tables this process serves live: Ann watches.
        with ann_client.websocket_connect(f"/api/tables/{ann.invite}/live") as websocket:
            websocket.send_json({"token": ann.token})
            websocket.receive_json()
            game = ann.poll()["game"]
            idle = people[game["to_move"]]
            waiting = time.monotonic()
            # Nobody moves: once the turn is 5 s old a computer makes one move for the idle
            # player, and no more (the next turn, whoever's, is a person's again).
            while (moved := idle.poll()["game"])["version"] == game["version"]:
                assert time.monotonic() - waiting < 60, "the turn timer never fired"
                time.sleep(0.05)
            assert time.monotonic() - waiting >= 4
            assert moved["version"] == game["version"] + 1
            assert moved["events"][0]["seat"] == idle.seat
            # The idle player keeps the seat: still theirs, named, and their token still acts.
            seat = idle.state["table"]["seats"][idle.seat]
            assert seat["kind"] == "human" and not seat["away"]
            assert seat["nickname"] == ("Ann" if idle is ann else "Bob")
            # A player who acts in time resets the timer: each acts 3 s into the turn for
            # four turns (12 s, far past 5 s in all), and every move is theirs.
            for _turn in range(4):
                state = ann.poll()["game"]
                mover = people[state["to_move"]]
                mover.poll()
                time.sleep(3)
                response = mover.act(mover.state["game"]["legal_actions"][0])
                assert response.status_code == 200, response.text
            log = app.state.tables.games.store.actions(moved["id"], 10_000)
            assert len(log) == moved["version"] + 4


def test_an_away_host_passes_the_start_to_a_player_present(
        make_app: Callable[..., FastAPI]) -> None:
    app = make_app(table_grace_seconds=1.0, now=None)  # presence needs the real clock
    ann_client, bob_client = clients(app, 2)
    with ann_client, bob_client:
        ann = create(ann_client, game="spades", difficulty="easy", nickname="Ann")
        bob = join(bob_client, ann.invite, "Bob")
        assert bob_client.post(f"/api/tables/{ann.invite}/start",
                               headers=bob.headers).status_code == 403
        # Ann (the host) is gone; Bob waits at the table until the start is his.
        waiting = LiveSitter(bob, random_legal, 1, stop=lambda m: m["table"]["host_seat"] == 1)
        waiting.start()
        message = waiting.finish(60)[-1]
        assert message["table"]["seats"][0]["away"]
        assert message["table"]["seats"][1]["host"]
        started = bob_client.post(f"/api/tables/{ann.invite}/start", headers=bob.headers)
        assert started.status_code == 200, started.text
        assert started.json()["table"]["state"] == "playing"
