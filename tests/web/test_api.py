"""The HTTP API on a temporary database: every endpoint, and every kind of bad input."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.play import act, assert_error, first_legal, new_game, play_to_end
from tricktable.ai.players import player_names
from tricktable.web.identity import COOKIE_NAME


def first_play(game: dict[str, Any], client: TestClient) -> dict[str, Any]:
    """Play on (first legal action) until the human is to play a card."""
    while not game["legal_actions"][0].startswith("play "):
        game = act(client, game, first_legal(game, None))  # type: ignore[arg-type]
    return game


# --- Pages and health --------------------------------------------------------------------------


def test_health_and_pages_are_served(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True}
    page = client.get("/")
    assert page.status_code == 200 and "<title>Tricktable" in page.text
    assert 'src="/static/js/app.js?v=' in page.text  # versioned: see test_static_caching
    assert "Daily leaderboard" in client.get("/leaderboard").text
    rules = client.get("/rules")
    assert rules.status_code == 200
    assert "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦" in rules.text
    assert "<table" in rules.text and "unknown card" in rules.text
    for path in ("/static/js/app.js", "/static/js/cards.js", "/static/js/api.js",
                 "/static/js/ui.js", "/static/js/leaderboard.js", "/static/css/style.css"):
        assert client.get(path).status_code == 200, path
    assert client.get("/favicon.ico").headers["content-type"].startswith("image/svg")


def test_unknown_routes_and_methods_answer_json(client: TestClient) -> None:
    assert_error(client.get("/api/nothing-here"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")


def test_an_unknown_page_is_an_html_page_with_a_way_back(client: TestClient) -> None:
    for path, words in (("/nope", "There is no page at /nope here."),
                        ("/rules?game=chess", "There are no rules for &#x27;chess&#x27; here")):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("text/html"), path
        assert "<h1>Page not found</h1>" in response.text and words in response.text
        assert 'href="/"' in response.text


# --- Identity ------------------------------------------------------------------------------------


def test_first_visit_gets_a_signed_http_only_cookie(app: FastAPI) -> None:
    with TestClient(app) as client:
        response = client.get("/")
        cookie = response.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE_NAME}=")
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
        me = client.get("/api/me").json()
        assert "set-cookie" not in client.get("/api/me").headers  # the cookie is kept
        assert client.get("/api/me").json()["player_id"] == me["player_id"]
        assert me["nickname"] is None and me["name"].startswith("Anonymous ")


def test_a_forged_cookie_is_not_trusted(app: FastAPI) -> None:
    with TestClient(app) as client:
        me = client.get("/api/me").json()
        forged = f"{'0' * 32}.{client.cookies[COOKIE_NAME].split('.')[1]}"
    with TestClient(app, cookies={COOKIE_NAME: forged}) as intruder:
        response = intruder.get("/api/me")
        assert response.json()["player_id"] not in (me["player_id"], "0" * 32)
        assert "set-cookie" in response.headers
    with TestClient(app, cookies={COOKIE_NAME: "garbage"}) as confused:
        assert confused.get("/api/me").status_code == 200


def test_secure_cookie_when_asked(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(cookie_secure=True)) as client:
        assert "Secure" in client.get("/").headers["set-cookie"]


def test_nickname_can_be_set_and_changed(client: TestClient) -> None:
    assert client.put("/api/me", json={"nickname": "  Ole   Olson "}).json()["nickname"] == (
        "Ole Olson"
    )
    assert client.get("/api/me").json()["name"] == "Ole Olson"
    assert client.put("/api/me", json={"nickname": "Lena"}).json()["name"] == "Lena"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"nickname": ""}, "bad_nickname"),
        ({"nickname": "   "}, "bad_nickname"),
        ({"nickname": "x" * 25}, "bad_nickname"),
        ({"nickname": "bell\x07"}, "bad_nickname"),
        ({"nickname": 5}, "bad_request"),
        ({}, "bad_request"),
        ({"nickname": "ok", "admin": True}, "bad_request"),
    ],
)
def test_bad_nicknames_change_nothing(client: TestClient, body: Any, code: str) -> None:
    client.put("/api/me", json={"nickname": "Lena"})
    assert_error(client.put("/api/me", json=body), 400, code)
    assert client.get("/api/me").json()["nickname"] == "Lena"


# --- Options and new games ------------------------------------------------------------------------


def test_options_map_difficulties_to_registered_players(client: TestClient) -> None:
    options = client.get("/api/options").json()
    sheepshead = options["games"]["sheepshead"]
    assert sheepshead["presets"] == ["milwaukee", "pagat", "tavern", "wisconsin-jd"]
    assert sheepshead["daily"]["preset"] == "milwaukee"
    assert sheepshead["difficulties"]["easy"] == "random"
    registered = player_names("sheepshead")
    assert sheepshead["difficulties"]["normal"] == ("basic" if "basic" in registered else "random")
    hard = next(name for name in ("strong", "basic", "random") if name in registered)
    assert sheepshead["difficulties"]["hard"] == hard
    assert options["today"] == "2030-03-14" and options["daily_time_zone"] == "America/Chicago"


@pytest.mark.parametrize("preset", ["milwaukee", "pagat", "tavern", "wisconsin-jd"])
def test_a_new_game_waits_for_the_human(client: TestClient, preset: str) -> None:
    game = new_game(client, preset=preset, difficulty="easy", hands=5)
    assert game["status"] == "playing" and game["mode"] == "new" and not game["ranked"]
    assert game["preset"] == preset and game["opponent"] == "random" and game["seat"] == 0
    view = game["view"]
    assert view["hand"]["to_move"] == 0 and view["hands_in_game"] == 5
    if game["legal_actions"] == ["pick", "pass"]:
        assert game["version"] == len([e for e in game["events"] if e["type"] == "Passed"])
    else:  # a computer player picked before the human's turn
        assert view["hand"]["picker"] not in (None, 0)
        first_question = ("play ", "blitz ", "pass") if preset == "wisconsin-jd" else ("play ",)
        assert all(a.startswith(first_question) for a in game["legal_actions"]), \
            game["legal_actions"]
    assert game["event_count"] == len(game["events"])
    assert [e["index"] for e in game["events"]] == list(range(game["event_count"]))
    assert "seed" not in game and all("seed" not in str(key) for key in view)


@pytest.mark.parametrize(
    "body",
    [
        {"preset": "vegas"},
        {"difficulty": "impossible"},
        {"hands": 7},
        {"game": "bridge"},
        {"hands": "many"},
        {"color": "red"},
    ],
)
def test_bad_new_game_requests_say_what_was_wrong(client: TestClient, body: Any) -> None:
    data = assert_error(client.post("/api/games", json=body), 400)
    assert any(word in data["message"] for word in ("vegas", "impossible", "7", "bridge",
                                                    "hands", "color"))
    assert client.get("/api/games").json() == {"games": []}


def test_malformed_json_is_a_400(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert assert_error(response, 400, "bad_request")["message"] == (
        "The request body is not valid JSON."
    )
    assert_error(client.post("/api/games", json=[1, 2]), 400, "bad_request")


# --- Loading games ------------------------------------------------------------------------------


def test_my_games_lists_and_loads_them(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]
    loaded = client.get(f"/api/games/{game['id']}").json()
    assert loaded["view"] == game["view"] and loaded["version"] == game["version"]
    assert loaded["events"] == []  # no `since`: nothing to animate
    everything = client.get(f"/api/games/{game['id']}", params={"since": 0}).json()
    assert everything["events"] == game["events"]
    beyond = client.get(f"/api/games/{game['id']}", params={"since": 10_000}).json()
    assert beyond["events"] == []


def test_unknown_and_other_players_games(client: TestClient, other_client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    assert_error(client.get("/api/games/0123456789abcdef0123456789abcdef"), 404, "unknown_game")
    assert_error(client.get("/api/games/" + "x" * 300), 404, "unknown_game")
    assert_error(other_client.get(f"/api/games/{game['id']}"), 403, "not_your_game")
    assert_error(client.get(f"/api/games/{game['id']}", params={"since": -1}), 400, "bad_request")
    assert_error(client.get(f"/api/games/{game['id']}", params={"since": "x"}), 400)


# --- Acting -------------------------------------------------------------------------------------


def test_an_action_runs_the_computers_to_the_next_decision(client: TestClient) -> None:
    game = new_game(client, difficulty="normal")
    before = game["event_count"]
    after = act(client, game, game["legal_actions"][-1])
    assert after["version"] > game["version"]
    assert after["events"][0]["index"] == before and after["events"][0]["seat"] == 0
    assert [e["index"] for e in after["events"]] == list(range(before, after["event_count"]))
    assert after["view"]["hand"]["to_move"] == 0 or after["status"] == "over"
    assert after["legal_actions"]


def test_without_since_the_events_start_at_the_action(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"action": game["legal_actions"][-1], "version": game["version"]})
    assert response.json()["events"][0]["index"] == game["event_count"]


def test_an_illegal_card_gets_the_engines_reason_and_changes_nothing(client: TestClient) -> None:
    game = first_play(new_game(client, difficulty="easy"), client)
    hand = game["view"]["hand"]["hand"]
    legal = {a.split()[1] for a in game["legal_actions"]}
    url = f"/api/games/{game['id']}/actions"
    if set(hand) - legal:
        bad = sorted(set(hand) - legal)[0]
        data = assert_error(client.post(url, json={"action": f"play {bad}",
                                                   "version": game["version"]}),
                            422, "illegal_action")
        message = data["message"]
        assert message.startswith(("You must follow", "The partner", "The picker",
                                   "You cannot", "The unknown")) or (
            " are led: the picker must play the unknown card" in message), message
    not_mine = next(c for c in ("AC", "AS", "AH", "QC", "QS", "7D", "8D") if c not in hand)
    data = assert_error(client.post(url, json={"action": f"play {not_mine}",
                                               "version": game["version"]}),
                        422, "illegal_action")
    assert "do not hold" in data["message"]
    data = assert_error(client.post(url, json={"action": "pick", "version": game["version"]}),
                        422, "illegal_action")
    assert data["message"] == "You cannot pick now: it is time to play a card."
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]
    act(client, game, game["legal_actions"][0])  # the cached game was not harmed


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"action": "dance", "version": None}, 400, "bad_request"),
        ({"action": "dance"}, 400, "bad_request"),
        ({"version": 0}, 400, "bad_request"),
        ({"action": 7, "version": 0}, 400, "bad_request"),
        ({"action": "x" * 500, "version": 0}, 400, "bad_request"),
        ({"action": "pass", "version": 0, "since": -3}, 400, "bad_request"),
        ({"action": "pass", "version": 0, "extra": 1}, 400, "bad_request"),
    ],
)
def test_malformed_action_requests(client: TestClient, body: dict[str, Any], status: int,
                                   code: str) -> None:
    game = new_game(client, difficulty="easy")
    body = {k: (game["version"] if k == "version" and v == 0 else v) for k, v in body.items()}
    assert_error(client.post(f"/api/games/{game['id']}/actions", json=body), status, code)
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("dance", "not an action"),
        ("play", "not a card"),
        ("play ZZ", "not a card"),
        ("bury QC", "Bury two different cards"),
        ("", "empty"),
    ],
)
def test_unreadable_actions_say_why(client: TestClient, text: str, fragment: str) -> None:
    game = new_game(client, difficulty="easy")
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"action": text, "version": game["version"]})
    data = assert_error(response, 400, "bad_action")
    assert fragment.lower() in data["message"].lower() or response.status_code == 400


def test_malformed_json_action(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    response = client.post(f"/api/games/{game['id']}/actions", content=b'{"action": "pass",',
                           headers={"content-type": "application/json"})
    assert_error(response, 400, "bad_request")


def test_a_stale_version_is_a_409_with_the_current_state(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    moved = act(client, game, game["legal_actions"][-1])
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"action": game["legal_actions"][-1], "version": game["version"],
                                 "since": game["event_count"]})
    data = assert_error(response, 409, "stale_version")
    assert data["message"].startswith("The game moved on") and "version" not in data["message"]
    assert data["game"]["version"] == moved["version"]
    assert data["game"]["view"] == moved["view"]
    assert data["game"]["events"] == moved["events"]


def test_the_same_submission_twice_applies_once(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    body = {"action": game["legal_actions"][-1], "version": game["version"]}
    first = client.post(f"/api/games/{game['id']}/actions", json=body)
    second = client.post(f"/api/games/{game['id']}/actions", json=body)
    assert first.status_code == 200 and second.status_code == 409
    assert client.get(f"/api/games/{game['id']}").json()["version"] == first.json()["version"]


def test_concurrent_submissions_one_applies(app: FastAPI) -> None:
    with TestClient(app) as client:
        game = new_game(client, difficulty="normal")
        body = {"action": game["legal_actions"][-1], "version": game["version"]}
        barrier = threading.Barrier(6)
        answers: list[int] = []

        def submit() -> None:
            barrier.wait()
            answers.append(
                client.post(f"/api/games/{game['id']}/actions", json=body).status_code
            )

        threads = [threading.Thread(target=submit) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers) == [200] + [409] * 5
        version = client.get(f"/api/games/{game['id']}").json()["version"]
        assert version > game["version"]


def test_two_apps_on_one_database_serve_the_same_game(make_app: Callable[..., FastAPI]) -> None:
    first_app, second_app = make_app(), make_app()
    with TestClient(first_app) as first:
        game = new_game(first, difficulty="normal")
        cookies = dict(first.cookies)
    with TestClient(first_app, cookies=cookies) as first, \
            TestClient(second_app, cookies=cookies) as second:
        for turn in range(12):
            client = (first, second)[turn % 2]
            game = act(client, game, game["legal_actions"][0])
            other = (first, second)[(turn + 1) % 2]
            assert other.get(f"/api/games/{game['id']}").json()["view"] == game["view"]
        stale = {"action": game["legal_actions"][0], "version": game["version"]}
        assert first.post(f"/api/games/{game['id']}/actions", json=stale).status_code == 200
        assert_error(second.post(f"/api/games/{game['id']}/actions", json=stale), 409,
                     "stale_version")


def test_actions_for_another_game_or_seat(client: TestClient, other_client: TestClient) -> None:
    game = first_play(new_game(client, difficulty="easy"), client)
    other = first_play(new_game(client, difficulty="easy"), client)
    url = f"/api/games/{game['id']}/actions"
    action = game["legal_actions"][0]
    data = assert_error(
        client.post(url, json={"action": action, "version": game["version"],
                               "game_id": other["id"]}),
        400, "wrong_game",
    )
    assert other["id"] in data["message"]
    # A card only the other game's hand holds is illegal here: the engine says why.
    foreign = next((c for c in other["view"]["hand"]["hand"]
                    if c not in game["view"]["hand"]["hand"]), None)
    if foreign is not None:
        assert_error(client.post(url, json={"action": f"play {foreign}",
                                            "version": game["version"]}), 422, "illegal_action")
    assert_error(client.post(url, json={"action": action, "version": game["version"],
                                        "seat": 2}), 403, "not_your_seat")
    assert_error(other_client.post(url, json={"action": action, "version": game["version"]}),
                 403, "not_your_game")
    assert_error(client.post("/api/games/feedfacefeedfacefeedfacefeedface/actions",
                             json={"action": action, "version": 0}), 404, "unknown_game")
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


def test_a_whole_game_then_acting_is_out_of_turn(client: TestClient) -> None:
    game = play_to_end(client, new_game(client, difficulty="normal", hands=5), seed=3)
    assert game["status"] == "over" and game["legal_actions"] == []
    assert game["view"]["is_over"] and game["view"]["hand_number"] == 5
    assert game["score"] == game["view"]["totals"][0]
    assert game["place"] == 1 + sum(t > game["score"] for t in game["view"]["totals"])
    assert game["previous_hand"]["view"]["result"] is not None
    data = assert_error(
        client.post(f"/api/games/{game['id']}/actions",
                    json={"action": "pass", "version": game["version"]}),
        409, "game_over",
    )
    assert data["game"]["status"] == "over"
    stats = client.get("/api/me/stats").json()
    assert stats["games"] == 1 and stats["hands"] == 5 and stats["average_score"] == game["score"]
    assert 0 <= stats["pick_rate"] <= 1
    assert stats["history"][0]["id"] == game["id"]


def test_a_process_pool_plays_the_computers(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(executor="process", workers=1)) as client:
        game = new_game(client, difficulty="normal")
        for _ in range(8):
            game = act(client, game, game["legal_actions"][-1])
        assert game["status"] == "playing"


# --- Never a 500 --------------------------------------------------------------------------------


def test_no_bad_request_is_a_500(client: TestClient) -> None:
    game = new_game(client, difficulty="easy")
    url = f"/api/games/{game['id']}"
    requests: list[tuple[str, str, Any]] = [
        ("post", "/api/games", b"\xff\xfe"),
        ("post", "/api/games", b"null"),
        ("post", "/api/games", b'"text"'),
        ("post", "/api/games", b'{"preset": null, "difficulty": ["easy"]}'),
        ("post", "/api/daily", b'{"game": 12}'),
        ("post", "/api/daily", b'{"game": "spades-maybe"}'),
        ("put", "/api/me", b'{"nickname": null}'),
        ("post", f"{url}/actions", b"[]"),
        ("post", f"{url}/actions", b'{"action": "play QC QS", "version": 1}'),
        ("post", f"{url}/actions", b'{"action": "call AH unknown", "version": 1}'),
        ("post", f"{url}/actions", b'{"action": "bid 99", "version": 1}'),
        ("post", f"{url}/actions", b'{"action": "pass", "version": 1e99}'),
        ("post", f"{url}/actions", b'{"action": "pass", "version": -1}'),
        ("post", f"{url}/actions", b'{"action": "pass", "version": 99999999999999999999}'),
        ("post", f"{url}/actions", b'{"action": "pass\\u0000", "version": 1}'),
        ("get", "/api/games/%00", None),
        # Text PostgreSQL refuses (NUL) or cannot encode (a lone surrogate), anywhere.
        ("get", f"{url}%00", None),
        ("post", "/api/games/abc%00def/actions", b'{"action": "pass", "version": 1}'),
        ("post", f"{url}/actions", b'{"action": "pass", "version": 1, "game_id": "a\\u0000"}'),
        ("post", "/api/games", b'{"preset": "milwaukee\\u0000"}'),
        ("post", "/api/games", b'{"difficulty": "\\ud800"}'),
        ("post", "/api/games", b'{"\\ud800": "a field named with a lone surrogate"}'),
        ("post", "/api/games", b'{"game": "\\u0000"}'),
        ("post", "/api/daily", b'{"game": "spades\\u0000"}'),
        ("put", "/api/me", b'{"nickname": "Bob\\u0000"}'),
        ("put", "/api/me", b'{"nickname": "Bob\\ud800"}'),
        ("get", "/api/leaderboard?date=2030-03-14%00", None),
        ("get", "/api/leaderboard?game=%00", None),
        ("get", "/api/daily?game=%00", None),
        ("get", "/api/me/stats?game=sheepshead%00", None),
        ("get", "/api/leaderboard?date=yesterday", None),
        ("get", "/api/leaderboard?date=2030-02-30", None),
        ("get", "/api/leaderboard?game=chess", None),
        ("get", "/api/me/stats?game=chess", None),
        ("get", "/api/daily?game=chess", None),
    ]
    for method, path, body in requests:
        response = client.request(method, path, content=body,
                                  headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (method, path, body, response.text)
        assert response.json()["message"], (path, body)
    huge = client.get(f"{url}?since=99999999999999999999999")  # past any event number
    assert huge.status_code == 400 and "since" in huge.json()["message"]
    assert client.get(url).json()["version"] == game["version"]
