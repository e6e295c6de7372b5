"""Spades through the HTTP API: new games, the draw, double nil and its exchange, bidding, play,
the end of a game, and every kind of bad input (a clear 4xx, never a 500, nothing changed)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.play import act, assert_error, new_game, spades_choice
from tricktable.ai.players import player_names
from tricktable.web.games.service import GameService
from tricktable.web.games.spades import first_player

HUMAN = 0


@pytest.fixture
def tclient(test_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(test_app, raise_server_exceptions=False) as client:
        yield client


def new_spades(client: TestClient, **body: Any) -> dict[str, Any]:
    return new_game(client, game="spades", **body)


def post(client: TestClient, game: dict[str, Any], action: Any, **extra: Any) -> Any:
    return client.post(f"/api/games/{game['id']}/actions",
                       json={"action": action, "version": game["version"], **extra})


def phase(game: dict[str, Any]) -> str:
    return str(game["view"]["hand"]["phase"])


def play_until(client: TestClient, game: dict[str, Any], done: Callable[[dict[str, Any]], bool],
               *, seed: int = 0, limit: int = 3000) -> dict[str, Any]:
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game) or game["status"] == "over":
            return game
        game = act(client, game, spades_choice(game, rng))
    raise AssertionError("the condition never came")


def unchanged(client: TestClient, game: dict[str, Any]) -> None:
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


# --- Pages -------------------------------------------------------------------------------------


def test_the_home_page_offers_both_games_and_the_spades_pages(client: TestClient) -> None:
    page = client.get("/").text
    assert 'data-game="sheepshead"' in page and 'data-game="spades"' in page
    assert 'id="spades-view"' in page
    for path in ("/static/js/spades.js", "/static/js/sheepshead.js", "/static/js/common.js"):
        assert client.get(path).status_code == 200, path
    rules = client.get("/rules", params={"game": "spades"})
    assert rules.status_code == 200 and "Spades for two" in rules.text
    assert "Double nil" in rules.text and "<table" in rules.text
    assert 'href="/rules?game=sheepshead"' in rules.text
    missing = client.get("/rules", params={"game": "chess"})  # a page: answered by a page
    assert missing.status_code == 404 and "There are no rules for &#x27;chess&#x27;" in missing.text


# --- Options and new games ----------------------------------------------------------------------


def test_options_offer_spades_with_the_registered_computers(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert list(options["games"]) == ["sheepshead", "spades"]
    spades = options["games"]["spades"]
    assert spades["title"] == "Spades" and spades["presets"] == ["standard", "short"]
    assert spades["hands"] == [] and spades["daily"] == {"preset": "standard",
                                                        "difficulty": "normal"}
    registered = player_names("spades")
    assert spades["difficulties"]["easy"] == "random"
    assert spades["difficulties"]["normal"] == ("basic" if "basic" in registered else "random")
    hard = next(name for name in ("strong", "basic", "random") if name in registered)
    assert spades["difficulties"]["hard"] == hard
    assert options["test_options"] is False


def test_a_new_spades_game_waits_for_the_human_at_the_draw(client: TestClient,
                                                           app: FastAPI) -> None:
    service: GameService = app.state.service
    for _ in range(4):
        game = new_spades(client, difficulty="easy")
        assert game["game"] == "spades" and game["status"] == "playing" and game["seat"] == 0
        assert game["preset"] == "standard" and game["opponent"] == "random"
        view, hand = game["view"], game["view"]["hand"]
        assert view["target"] == 500 and view["hand_number"] == 1 and view["totals"] == [0, 0]
        assert view["exchange"] is None and view["results"] == [] and view["winner"] is None
        assert hand["phase"] == "draw" and hand["to_move"] == HUMAN
        assert hand["top_card"] is not None and hand["hand"] == []
        assert "legal_actions" not in hand and "events" not in hand
        assert game["legal_actions"] == ["keep", "reject", "double-nil"]
        # The first player comes from the seed; the computer's draw, if it drew first, shows
        # neither its card nor its choice.
        row = service.store.game(game["id"])
        assert row is not None and hand["first"] == first_player(row.seed)
        if hand["first"] == 1:
            assert game["version"] == len(game["events"]) and hand["card_counts"] == [0, 1]
            drew = [e for e in game["events"] if e["type"] == "Drew"]
            assert drew == [{"index": drew[0]["index"], "deal": 0, "type": "Drew", "seat": 1,
                             "kept": None, "taken": None, "discarded": None}]
            assert hand["stock_left"] == 50
        else:
            assert game["version"] == 0 and game["events"] == [] and hand["stock_left"] == 52
        assert "seed" not in repr(game)


def test_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = [first_player(f"seed-{k}") for k in range(200)]
    assert firsts == [first_player(f"seed-{k}") for k in range(200)]
    assert 70 < sum(firsts) < 130


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"preset": "milwaukee"}, "milwaukee"),
        ({"preset": "short", "hands": 5}, "hands"),
        ({"difficulty": "impossible"}, "impossible"),
        ({"target": 100}, "test-only"),
        ({"target": "soon"}, "target"),
    ],
)
def test_bad_new_spades_games_say_what_was_wrong(client: TestClient, body: dict[str, Any],
                                                 fragment: str) -> None:
    data = assert_error(client.post("/api/games", json={"game": "spades", **body}), 400)
    assert fragment in data["message"], data
    assert client.get("/api/games").json() == {"games": []}


@pytest.mark.parametrize("target", [0, -5, 10_001, 2.5, True])
def test_a_test_target_must_be_sensible(tclient: TestClient, target: Any) -> None:
    assert_error(tclient.post("/api/games", json={"game": "spades", "target": target}), 400,
                 "bad_request")


def test_a_test_target_is_only_for_spades(tclient: TestClient) -> None:
    assert tclient.get("/api/options").json()["test_options"] is True
    data = assert_error(tclient.post("/api/games", json={"game": "sheepshead", "target": 100}),
                        400)
    assert "target is not a field" in data["message"]
    game = new_spades(tclient, target=150, preset="short")
    assert game["view"]["target"] == 150 and game["preset"] == "short"


# --- The draw ----------------------------------------------------------------------------------


def test_keep_and_reject_show_the_drawer_both_cards(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    for action in ("keep", "reject", "keep"):
        top = game["view"]["hand"]["top_card"]
        before = list(game["view"]["hand"]["hand"])
        game = act(client, game, action)
        mine = [e for e in game["events"] if e["type"] == "Drew" and e["seat"] == HUMAN]
        theirs = [e for e in game["events"] if e["type"] == "Drew" and e["seat"] != HUMAN]
        assert len(mine) == 1 and len(theirs) <= 1
        drew = mine[0]
        assert drew["kept"] is (action == "keep")
        assert (drew["taken"] if action == "keep" else drew["discarded"]) == top
        hand = game["view"]["hand"]["hand"]
        assert sorted(hand) == sorted([*before, drew["taken"]])
        assert drew["discarded"] in game["view"]["hand"]["discarded"]
        assert drew["discarded"] not in hand
        for event in theirs:  # the computer's draw: neither its cards nor its choice
            assert event["kept"] is None and event["taken"] is None and event["discarded"] is None
        counts = game["view"]["hand"]["card_counts"]
        assert counts[HUMAN] == len(hand) and abs(counts[0] - counts[1]) <= 1


def test_illegal_actions_in_the_draw_get_the_engines_reason(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    cases = [
        ("bid 4", "keep or reject the top card"),
        ("play AS", "keep or reject the top card"),
        ("exchange", "keep or reject the top card"),
        ("pick", "keep or reject the top card"),
        ("call AH", "keep or reject the top card"),
    ]
    for text, fragment in cases:
        data = assert_error(post(client, game, text), 422, "illegal_action")
        assert fragment in data["message"], (text, data)
    for text in ("keep 4", "keep AS", "double-nil AS", "bid", "dance", "exchange ZZ"):
        assert_error(post(client, game, text), 400, "bad_action")
    unchanged(client, game)
    game = act(client, game, "keep")
    data = assert_error(post(client, game, "double-nil"), 422, "illegal_action")
    assert "too late" in data["message"]
    unchanged(client, game)


# --- Double nil and the exchange ---------------------------------------------------------------


def test_double_nil_then_the_exchange_of_up_to_three_cards(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    game = act(client, game, "double-nil")
    assert [e["type"] for e in game["events"]] == ["DoubleNilDeclared"]
    assert game["view"]["hand"]["double_nil"][HUMAN]
    assert game["view"]["hand"]["bids"][HUMAN] == "double-nil"
    assert game["legal_actions"] == ["keep", "reject"]
    assert_error(post(client, game, "double-nil"), 422, "illegal_action")
    game = play_until(client, game, lambda g: g["legal_actions"] == ["exchange"])
    assert game["view"]["exchange"] == {"up_to": 3} and phase(game) == "exchange"
    hand = game["view"]["hand"]["hand"]
    assert len(hand) == 13
    assert len(str(game)) < 20_000  # not 378 exchange choices
    not_mine = next(c for c in ("AS", "KS", "QS", "AH", "KH", "2C", "3C", "4C") if c not in hand)
    bad = [
        (f"exchange {' '.join(hand[:4])}", 422, "at most 3"),
        (f"exchange {not_mine}", 422, "do not hold"),
        (f"exchange {hand[0]} {hand[0]}", 400, "once"),
        ("bid 3", 422, "exchange up to three cards"),
        ("keep", 422, "exchange up to three cards"),
        (f"play {hand[0]}", 422, "exchange up to three cards"),
    ]
    for text, status, fragment in bad:
        data = assert_error(post(client, game, text), status)
        assert fragment in data["message"], (text, data)
    unchanged(client, game)
    given = hand[:2]
    game = act(client, game, f"exchange {' '.join(reversed(given))}")
    mine = [e for e in game["events"] if e["type"] == "Exchanged" and e["seat"] == HUMAN]
    assert len(mine) == 1 and mine[0]["swapped"] == 2
    assert sorted(mine[0]["given"]) == sorted(given) and len(mine[0]["received"]) == 2
    now = game["view"]["hand"]
    assert not set(given) & set(now["hand"]) and set(mine[0]["received"]) <= set(now["hand"])
    assert now["exchange_given"] == mine[0]["given"]
    assert game["view"]["exchange"] is None and phase(game) in ("bid", "play")
    # A double-nil player does not bid: next comes the play (or the computer's bid first).
    assert not any(a.startswith("bid") for a in game["legal_actions"])


# --- Bidding and play --------------------------------------------------------------------------


def test_bidding_then_illegal_cards_are_explained(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    game = play_until(client, game, lambda g: phase(g) == "bid" and bool(g["legal_actions"]))
    assert game["legal_actions"] == ["bid nil", *(f"bid {n}" for n in range(1, 14))]
    first = game["view"]["hand"]["first"]
    bids = game["view"]["hand"]["bids"]
    if not game["view"]["hand"]["double_nil"][1]:
        assert (bids[1] is not None) == (first == HUMAN)  # the second player bids first
    for text, status in (("bid 14", 422), ("bid -1", 400), ("bid four", 400), ("keep", 422),
                         ("exchange", 422), ("bid 3 AS", 400)):
        assert_error(post(client, game, text), status)
    unchanged(client, game)
    game = act(client, game, "bid 3")
    bid_events = [e for e in game["events"] if e["type"] == "BidMade"]
    assert bid_events[0] == {"index": bid_events[0]["index"], "deal": 0, "type": "BidMade",
                             "seat": HUMAN, "tricks": 3}
    assert game["view"]["hand"]["bids"][HUMAN] == 3 and phase(game) == "play"

    # Play on until the human leads with spades not broken while holding spades and other
    # cards, or follows without a card of the led suit to hand: each refusal says why.
    messages: set[str] = set()
    rng = random.Random(5)
    for _ in range(600):
        if game["status"] == "over" or len(messages) == 2:
            break
        hand = game["view"]["hand"]
        legal = {a.split()[1] for a in game["legal_actions"] if a.startswith("play ")}
        illegal = sorted(set(hand["hand"]) - legal) if legal else []
        if illegal:
            data = assert_error(post(client, game, f"play {illegal[0]}"), 422, "illegal_action")
            if hand["current_trick"]["cards"]:
                assert data["message"].startswith("You must follow"), data
                messages.add("follow")
            else:
                assert data["message"].startswith("Spades are not broken"), data
                assert illegal[0].endswith("S")
                messages.add("spades")
            unchanged(client, game)
        game = act(client, game, spades_choice(game, rng))
    assert "follow" in messages or "spades" in messages


def test_a_card_the_human_does_not_hold(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    game = play_until(client, game, lambda g: any(a.startswith("play ")
                                                  for a in g["legal_actions"]))
    hand = game["view"]["hand"]["hand"]
    not_mine = next(c for c in ("AS", "KS", "AH", "KH", "AC", "KC", "AD", "KD") if c not in hand)
    data = assert_error(post(client, game, f"play {not_mine}"), 422, "illegal_action")
    assert "do not hold" in data["message"]
    assert_error(post(client, game, "play AS KS"), 400, "bad_action")
    unchanged(client, game)


# --- Versions, concurrency and the end of a game -----------------------------------------------


def test_a_stale_spades_version_is_a_409_with_the_current_state(client: TestClient) -> None:
    game = new_spades(client, difficulty="easy")
    moved = act(client, game, "reject")
    data = assert_error(post(client, game, "keep", since=game["event_count"]), 409,
                        "stale_version")
    assert data["game"]["version"] == moved["version"]
    assert data["game"]["view"] == moved["view"] and data["game"]["events"] == moved["events"]


def test_concurrent_spades_submissions_one_applies(app: FastAPI) -> None:
    with TestClient(app) as client:
        game = new_spades(client, difficulty="normal")
        barrier = threading.Barrier(4)
        answers: list[int] = []

        def submit(action: str) -> None:
            barrier.wait()
            answers.append(post(client, game, action).status_code)

        threads = [threading.Thread(target=submit, args=(a,))
                   for a in ("keep", "reject", "keep", "double-nil")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers) == [200, 409, 409, 409]


def test_two_apps_on_one_database_serve_the_same_spades_game(
    make_app: Callable[..., FastAPI],
) -> None:
    first_app, second_app = make_app(), make_app()
    with TestClient(first_app) as first:
        game = new_spades(first, difficulty="normal")
        cookies = dict(first.cookies)
    rng = random.Random(2)
    with TestClient(first_app, cookies=cookies) as first, \
            TestClient(second_app, cookies=cookies) as second:
        for turn in range(40):
            game = act((first, second)[turn % 2], game, spades_choice(game, rng))
            other = (first, second)[(turn + 1) % 2].get(f"/api/games/{game['id']}").json()
            assert other["view"] == game["view"] and other["legal_actions"] == game["legal_actions"]


def test_a_whole_spades_game_then_its_statistics(tclient: TestClient) -> None:
    game = new_spades(tclient, difficulty="normal", target=150)
    game = play_until(tclient, game, lambda g: False, seed=11)
    view = game["view"]
    assert game["status"] == "over" and game["legal_actions"] == []
    assert view["is_over"] and view["winner"] in (0, 1)
    totals = view["totals"]
    assert max(totals) >= 150 and totals[view["winner"]] > totals[1 - view["winner"]]
    assert game["score"] == totals[0] - totals[1]
    assert game["place"] == (1 if view["winner"] == HUMAN else 2)
    assert len(view["results"]) == view["hand_number"] >= 1
    last = view["results"][-1]
    assert last["totals"] == totals and len(last["reasons"]) == 2
    assert last["reasons"][0].startswith("bid ")
    assert game["previous_hand"]["view"]["result"]["totals"] == totals
    data = assert_error(post(tclient, game, "keep"), 409, "game_over")
    assert data["game"]["status"] == "over"
    stats = tclient.get("/api/me/stats", params={"game": "spades"}).json()
    assert stats["game"] == "spades" and stats["games"] == 1
    assert stats["wins"] == (1 if view["winner"] == HUMAN else 0)
    assert stats["average_score"] == game["score"] and stats["hands"] == len(view["results"])
    assert 0 <= stats["contracts_made"] <= stats["contracts"] <= stats["hands"]
    assert stats["history"][0]["id"] == game["id"]
    sheepshead = tclient.get("/api/me/stats").json()
    assert sheepshead["games"] == 0 and sheepshead["pick_rate"] is None


def test_no_bad_spades_request_is_a_500(client: TestClient) -> None:
    texts = ["keep", "reject", "double-nil", "exchange", "exchange AS KS QS JS 10S", "bid nil",
             "bid 13", "bid 99", "play 2C", "pass", "pick", "bury QC 7H", "call AH", "alone",
             "call AH unknown 7C", "", " ", "keep\u0000", "ＫＥＥＰ", "play 1S", "bid 1e3"]

    def probe(game: dict[str, Any]) -> None:
        legal = set(game["legal_actions"])
        for text in texts:
            if text in legal:
                continue
            response = post(client, game, text)
            assert response.status_code in (400, 422), (text, response.text)
            assert response.json()["message"]
        for body in ([], {"action": "keep"}, {"action": None, "version": game["version"]},
                     {"action": "keep", "version": "new"}, {"action": "keep", "version": 1e99}):
            response = client.post(f"/api/games/{game['id']}/actions", json=body)
            assert 400 <= response.status_code < 500, (body, response.text)
        unchanged(client, game)

    game = new_spades(client, difficulty="easy")
    probe(game)
    game = play_until(client, game, lambda g: phase(g) == "bid" and bool(g["legal_actions"]))
    probe(game)
    game = play_until(client, act(client, game, "bid 2"), lambda g: phase(g) == "play")
    probe(game)
    for path in ("/api/daily?game=spades-ish", "/api/leaderboard?game=spades&date=2030-13-01",
                 "/api/me/stats?game=SPADES", "/rules?game=chess"):
        response = client.get(path)
        assert 400 <= response.status_code < 500, (path, response.text)
