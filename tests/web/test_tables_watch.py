"""Watching a table: anyone with the invite sees the public view live, and nothing else.

A leak walk over every message a watcher receives in whole games (every card named must be
public at that moment: played, on the table, shown in a blitz, or the hand's bury and unknown
card once the hand is over, as every player sees them then; the partner only once revealed);
the watcher's view is the same whichever least-knowing seat it is built from; watchers cannot
act or talk; an invite that names no table is not found."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.sheepshead.leaks import card_strings, hidden_cards, partner_known
from tests.web.live import Listening, LiveSitter, phrases_in
from tests.web.play import random_legal, steady_spades
from tests.web.tables import create, join, start, until_my_turn, visitors
from tests.web.test_tables_live import true_match
from tricktable.game import parse_action
from tricktable.web.games import TableOptions, adapter
from tricktable.web.store.games import GameRow
from tricktable.web.tables.service import TableService
from tricktable.web.tables.watch import WATCHER, proxies, watcher_game_json

MALFORMED = "abc"
UNKNOWN = "A" * 22


class Watcher(Listening):
    """Watches a table over the live WebSocket until its game is over; keeps every message."""

    def __init__(self, client: TestClient, invite: str, *, ready: threading.Event | None = None,
                 say: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.client, self.invite, self.ready, self.say = client, invite, ready, say

    def run(self) -> None:
        try:
            with self.client.websocket_connect(f"/api/tables/{self.invite}/live") as websocket:
                websocket.send_json({"watch": True})
                while True:
                    message = websocket.receive_json()
                    self.messages.append(message)
                    if self.ready is not None and message["type"] == "state":
                        self.ready.set()
                    if self.say is not None and message["type"] == "state" and message["game"]:
                        websocket.send_json(self.say)  # a watcher trying to play: refused
                        self.say = None
                    if message["type"] == "state" and message["table"]["state"] == "finished":
                        return
        except BaseException as error:  # reported by finish()
            self.error = error

    def stuck(self) -> str:
        return "the watched game did not finish"


def assert_public(tables: TableService, message: dict[str, Any],
                  seen: dict[str, int]) -> None:
    """Nothing in a watcher's message that is not public at the message's version."""
    assert message["table"]["you"] is None and message["table"]["watching"] is True
    game = message["game"]
    if game is None:
        return
    assert game["seat"] is None and game["watching"] is True
    assert game["legal_actions"] == [] and game["unplayable"] == {}
    seed = tables.games.store.game(game["id"]).seed  # type: ignore[union-attr]
    assert seed not in repr(message)
    match = true_match(tables, game)
    current = match.deals[game["deal"]]

    def hides(data: Any, deal: Any, where: str) -> None:
        leaked = card_strings(data) & hidden_cards(deal, WATCHER) - {deal.called}
        assert not leaked, f"watcher, {where}: sees {sorted(map(str, leaked))}"

    hand = game["view"]["hand"]
    hides(hand, current, "view.hand")
    assert hand["hand"] == [] and hand["blind"] is None and hand["is_partner"] is False
    if not current.is_over:
        assert hand["buried"] is None and hand["unknown_card"] is None
    if partner_known(current, WATCHER):
        assert hand["partner"] == current.partner
    else:
        assert hand["partner"] is None
        seen["partner_hidden"] += current.partner is not None
    assert hand["card_counts"] == list(current.view(0).card_counts)  # counts are public
    for event in game["events"]:
        deal = match.deals[event["deal"]]
        hides(event, deal, f"event {event['index']}")
        if event["type"] == "PartnerRevealed":
            assert partner_known(deal, WATCHER)
        seen["face_down"] += event["type"] == "CardPlayed" and event.get("card") is None
    if game["previous_hand"] is not None:
        previous = game["previous_hand"]
        hides(previous, match.deals[previous["deal"]], "previous")
        assert previous["view"]["hand"] == [] and previous["view"]["blind"] is None
    seen["messages"] += 1
    seen["events"] += len(game["events"])


def test_a_watcher_sees_a_whole_game_live_and_nothing_hidden(app: FastAPI) -> None:
    ann_client, bob_client, eve_client = visitors(app, 3)
    tables: TableService = app.state.tables
    with ann_client, bob_client, eve_client:
        ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy")
        # The watcher comes while the table is open and sees the seats fill.
        ready = threading.Event()
        eve = Watcher(eve_client, ann.invite, ready=ready, say={"action": "pass"})
        eve.start()
        assert ready.wait(10)
        bob = join(bob_client, ann.invite, "Bob")
        # A live feed may skip to the newest state: the lobby with Bob, before the start.
        eve.heard(lambda m: m["type"] == "state" and m["table"]["state"] == "lobby"
                  and sum(s["kind"] == "human" for s in m["table"]["seats"]) == 2)
        game_id = start(ann)["game"]["id"]
        said = bob_client.post(f"/api/tables/{ann.invite}/phrases", headers=bob.headers,
                               json={"phrase": "nice"})
        assert said.status_code == 200, said.text
        players = [LiveSitter(ann, random_legal, 1, after=0, game=game_id),
                   LiveSitter(bob, random_legal, 2, after=0, game=game_id)]
        for player in players:
            player.start()
        heard = [player.finish() for player in players]
        watched = eve.finish()
    seen = {"messages": 0, "events": 0, "partner_hidden": 0, "face_down": 0}
    states = [m for m in watched if m["type"] == "state"]
    lobby = [m["table"] for m in states if m["table"]["state"] == "lobby"]
    assert [sum(s["kind"] == "human" for s in t["seats"]) for t in lobby][:1] == [1]
    assert any(sum(s["kind"] == "human" for s in t["seats"]) == 2 for t in lobby)
    for message in states:
        assert_public(tables, message, seen)
    # Live through the whole game: every event once, in order, to the end.  The first game
    # message is the whole view with the events from then on (the computers may have acted
    # before the feed first told the watcher).
    games = [m["game"] for m in states if m["game"]]
    numbers = [e["index"] for g in games for e in g["events"]]
    first = games[0]["event_count"] - len(games[0]["events"])
    assert numbers == list(range(first, first + len(numbers)))
    assert numbers[-1] + 1 == games[-1]["event_count"]
    assert games[-1]["status"] == "over" and games[-1]["view"]["is_over"]
    assert len(games[-1]["view"]["results"]) >= 5  # the final standings
    assert seen["messages"] > 20 and seen["events"] > 100 and seen["partner_hidden"] > 0
    # A watcher who tries to play is told, clearly, and goes on watching.
    refusals = [m for m in watched if m["type"] == "error"]
    assert [m["error"] for m in refusals] == ["watching"], refusals
    assert "watch" in refusals[0]["message"].lower()
    # The phrases reach the watcher, with the speaker's seat (for the bubble there): on their
    # own, or in the state message of a look that saw them first.
    phrases = [said for message in watched for said in phrases_in(message)]
    assert [(said["seat"], said["phrase"]) for said in phrases] == [(bob.seat, "nice")]
    # The players are told how many watch.
    assert all(any(m["type"] == "state" and m["table"].get("watchers") == 1 for m in messages)
               for messages in heard)


def _row(name: str, rules: dict[str, Any], seed: str, version: int) -> GameRow:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return GameRow(id="g" * 32, game=name, player_id="tbl_x", mode="table", daily_date=None,
                   ranked=False, preset=None, rules=rules, difficulty="easy", opponent="easy",
                   seed=seed, human_seat=0, version=version, status="playing", score=None,
                   stats=None, created_at=now, updated_at=now, finished_at=None)


@pytest.mark.parametrize(("name", "seed"), [("sheepshead", "watch-1"), ("sheepshead", "watch-2"),
                                            ("spades", "watch-3")])
def test_the_watcher_view_is_the_same_whichever_least_knowing_seat_it_is_built_from(
        app: FastAPI, name: str, seed: str) -> None:
    """So nothing of the seat it is built from remains: it is the public part of the game."""
    tables: TableService = app.state.tables
    chosen = adapter(name)
    options = TableOptions(hands=5) if name == "sheepshead" else TableOptions(target=100)
    rules = chosen.rules(None, options)
    match = chosen.new_match(rules, seed)
    rng = random.Random(seed)
    names = [f"P{k}" for k in range(5 if name == "sheepshead" else 2)]
    played: set[str] = set()
    steps = 0
    while not chosen.is_over(match) and steps < 400:
        row = _row(name, rules, seed, steps)
        since = 0 if steps % 2 else None  # every event so far, or a whole-state load
        built = [watcher_game_json(tables, row, chosen, match, since, names, None, proxy=k)
                 for k in proxies(chosen, match)]
        assert len(built) >= 2
        assert all(b == built[0] for b in built[1:]), f"step {steps}: depends on the proxy"
        if name == "sheepshead":  # and nothing hidden from a seat-less observer
            deals = chosen.hands(match)
            hidden = hidden_cards(deals[-1], WATCHER) - {deals[-1].called}
            assert not card_strings(built[0]["view"]["hand"]) & hidden, f"step {steps}"
            for event in built[0]["events"]:
                deal = deals[event["deal"]]
                assert not card_strings(event) & (hidden_cards(deal, WATCHER) - {deal.called})
        if name == "spades":  # public: the cards played, nothing of either hand or the draw
            for hand in chosen.hands(match):
                played |= {str(c) for t in hand.view(0).tricks for c in t.cards}
                played |= {str(c) for c in hand.view(0).current_trick.cards}
            named = {str(c) for c in card_strings(built[0]["view"])
                     | card_strings(built[0]["events"])
                     | card_strings(built[0]["previous_hand"])}
            assert named <= played, sorted(named - played)
        seat = chosen.to_move(match)
        assert seat is not None
        legal = chosen.state_json(match, seat, 0, full=False)["legal_actions"]
        text = steady_spades({"legal_actions": legal}, rng) if name == "spades" \
            else rng.choice(legal)
        chosen.apply(match, seat, parse_action(text))
        steps += 1
    assert steps > 30


def test_watching_over_http_open_then_started(app: FastAPI) -> None:
    ann_client, eve_client = visitors(app, 2)
    with ann_client, eve_client:
        ann = create(ann_client, game="spades", difficulty="easy", turn_seconds=60)
        seen = eve_client.get(f"/api/tables/{ann.invite}/watch")
        assert seen.status_code == 200, seen.text
        body = seen.json()
        assert body["game"] is None and body["table"]["watching"] is True
        assert body["table"]["you"] is None and body["table"]["state"] == "lobby"
        start(ann)
        until_my_turn(ann)  # the computer's draw, if it draws first, is in the game now
        body = eve_client.get(f"/api/tables/{ann.invite}/watch").json()
        game = body["game"]
        assert game["watching"] and game["seat"] is None and game["legal_actions"] == []
        assert game["view"]["hand"]["hand"] == [] and game["view"]["hand"]["taken"] == []
        assert game["view"]["hand"]["top_card"] is None
        assert 0 < game["turn_ends_in"] <= 60  # the turn timer, as the players see it
        seats = body["table"]["seats"]  # presence, as the players see it
        assert seats[0]["presence"] in ("connected", "reconnecting")
        assert seats[1]["presence"] is None
        again = eve_client.get(f"/api/tables/{ann.invite}/watch",
                               params={"after": game["event_count"], "game": game["id"]})
        assert again.status_code == 200 and again.json()["game"]["events"] == []


def test_a_watcher_cannot_act_or_talk_and_changes_nothing(app: FastAPI) -> None:
    ann_client, eve_client = visitors(app, 2)
    with ann_client, eve_client:
        ann = create(ann_client, game="sheepshead", difficulty="easy")
        state = start(ann)
        before = eve_client.get(f"/api/tables/{ann.invite}/watch").json()["game"]
        acted = eve_client.post(f"/api/tables/{ann.invite}/actions",
                                json={"action": "pass", "version": before["version"]})
        assert acted.status_code == 403 and acted.json()["error"] == "not_seated"
        said = eve_client.post(f"/api/tables/{ann.invite}/phrases", json={"phrase": "nice"})
        assert said.status_code == 403 and said.json()["error"] == "not_seated"
        # A watcher's connection carries no seat token: acting with it is not possible either.
        forged = eve_client.post(f"/api/tables/{ann.invite}/actions",
                                 headers={"X-Seat-Token": "watch"},
                                 json={"action": "pass", "version": before["version"]})
        assert forged.status_code == 403
        after = eve_client.get(f"/api/tables/{ann.invite}/watch").json()
        assert after["table"]["said"] == state["table"]["said"] == 0
        assert after["game"]["version"] >= before["version"]  # only the computers moved


@pytest.mark.parametrize("invite", [MALFORMED, UNKNOWN, "A" * 100])
def test_an_invite_that_names_no_table_is_not_found_for_watchers(client: TestClient,
                                                                 invite: str) -> None:
    answer = client.get(f"/api/tables/{invite}/watch")
    assert answer.status_code == 404 and answer.json()["error"] == "unknown_table"
    with client.websocket_connect(f"/api/tables/{invite}/live") as websocket:
        websocket.send_json({"watch": True})
        message = websocket.receive_json()
    assert message["type"] == "error" and message["error"] == "unknown_table"


def test_a_spades_watcher_gets_only_the_cards_played_in_a_whole_game(test_app: FastAPI) -> None:
    ann_client, bob_client, eve_client = visitors(test_app, 3)
    tables: TableService = test_app.state.tables
    spades = adapter("spades")
    with ann_client, bob_client, eve_client:
        ann = create(ann_client, game="spades", target=30, difficulty="easy")
        bob = join(bob_client, ann.invite, "Bob")
        game_id = start(ann)["game"]["id"]
        eve = Watcher(eve_client, ann.invite)
        eve.start()
        players = [LiveSitter(ann, steady_spades, 3, after=0, game=game_id),
                   LiveSitter(bob, steady_spades, 4, after=0, game=game_id)]
        for player in players:
            player.start()
        for player in players:
            player.finish()
        watched = eve.finish()
    checked = 0
    for message in (m for m in watched if m["type"] == "state" and m["game"]):
        game = message["game"]
        assert game["seat"] is None and game["legal_actions"] == []
        row = tables.games.store.game(game["id"])
        assert row is not None and row.seed not in repr(message)
        match = spades.new_match(row.rules, row.seed)
        for seat, text in tables.games.store.actions(row.id, game["version"]):
            spades.apply(match, seat, parse_action(text))
        played = {str(c) for hand in spades.hands(match) for trick in
                  (*hand.view(0).tricks, hand.view(0).current_trick) for c in trick.cards}
        named = {str(c) for c in card_strings(game["view"]) | card_strings(game["events"])
                 | card_strings(game["previous_hand"])}
        assert named <= played, f"version {game['version']}: {sorted(named - played)}"
        hand = game["view"]["hand"]
        assert hand["hand"] == [] and hand["taken"] == [] and hand["discarded"] == []
        assert all(e.get("kept") is None for e in game["events"] if e["type"] == "Drew")
        checked += 1
    assert checked > 10 and watched[-1]["game"]["status"] == "over"
