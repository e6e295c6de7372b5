"""Hints, reviews, reasons and replays over HTTP (Sheepshead and Spades): New games only for
hints, the review computed by the workers and stored, replays face up only once a deal is over,
others' Dailies only after the day, the computers' reasons mid-hand in public words only.
"""

from __future__ import annotations

import random
import re
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.sheepshead.leaks import card_strings, hidden_cards
from tests.web.conftest import Clock
from tests.web.daily_helpers import established, start_daily
from tests.web.play import act, assert_error, new_game, play_to_end, spades_choice, true_match
from tricktable.ai.teaching.evaluation import EvaluationSettings, decision_seed
from tricktable.ai.teaching.hint import hint
from tricktable.cards import CARDS
from tricktable.i18n import translate
from tricktable.web.games.service import GameService
from tricktable.web.review.service import ReviewService, worded_replay

SAMPLES = 4
HINT_SAMPLES = 2


@pytest.fixture
def app(make_app: Any) -> FastAPI:
    app: FastAPI = make_app()
    app.state.reviews = ReviewService(app.state.service, samples=SAMPLES,
                                      hint_samples=HINT_SAMPLES)
    return app


def _decision_seed(game: dict[str, Any], match: Any) -> str:
    """The seed of the decision the game is at: the hint's and the review's."""
    deals = match.deals if hasattr(match, "deals") else match.hands
    return decision_seed(f"{game['id']}/teach", len(deals) - 1, len(deals[-1].history))


def _service(client: TestClient) -> GameService:
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    return service


def _reviewed(client: TestClient, game_id: str) -> dict[str, Any]:
    """Start the review and wait for the workers to finish it."""
    started = client.post(f"/api/games/{game_id}/review")
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + 120
    while True:
        review: dict[str, Any] = client.get(f"/api/games/{game_id}/review").json()
        assert 0.0 <= review["progress"] <= 1.0
        if review["status"] == "done" or time.monotonic() > deadline:
            return review
        time.sleep(0.1)


def test_a_hint_is_the_search_on_my_view_and_marks_the_game(client: TestClient) -> None:
    game = new_game(client, hands=5)
    answer = client.post(f"/api/games/{game['id']}/hint")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["hint"]["action"] in game["legal_actions"]
    assert data["hint"]["reason"]
    assert data["hints_used"] == 1
    # It is exactly the hint of my seat's view (nothing else reaches it).
    match = true_match(_service(client), game)
    expected = hint(match.current.view(game["seat"]), _decision_seed(game, match),
                    EvaluationSettings(samples=HINT_SAMPLES))
    assert data["hint"] == expected.to_json()
    options = [o["action"] for o in data["hint"]["options"]]
    assert data["hint"]["action"] in options or not options
    assert client.post(f"/api/games/{game['id']}/hint").json()["hints_used"] == 2
    assert client.get(f"/api/games/{game['id']}/review").json()["hints_used"] == 2


def test_hints_are_refused_in_the_daily_and_in_others_games(
        client: TestClient, other_client: TestClient) -> None:
    established(client)
    daily = start_daily(client)
    refused = assert_error(client.post(f"/api/games/{daily['id']}/hint"), 403,
                           "no_hints_in_daily")
    assert "New games" in refused["message"]
    game = new_game(client, hands=5)
    assert_error(other_client.post(f"/api/games/{game['id']}/hint"), 403, "not_your_game")
    assert_error(client.post("/api/games/" + "0" * 32 + "/hint"), 404, "unknown_game")
    assert_error(client.post("/api/games/bad%20id/hint"), 400)


def test_a_finished_hand_is_reviewed_stored_and_replayed_face_up(
        client: TestClient, other_client: TestClient) -> None:
    game = new_game(client, hands=5)
    hand_number = game["view"]["hand_number"]
    early = client.get(f"/api/games/{game['id']}/replay").json()
    assert early["deals"] == []  # nothing is over: nothing face up
    assert client.get(f"/api/games/{game['id']}/review").json()["status"] == "waiting"
    while game["view"]["hand_number"] == hand_number and game["status"] != "over":
        game = act(client, game, game["legal_actions"][-1])
    review = _reviewed(client, game["id"])
    assert review["status"] == "done" and review["deals"] >= 1
    assert review["decisions"], review
    for decision in review["decisions"]:
        assert decision["best"] is not None
        assert decision["loss"] >= 0 or decision["mark"] is None
    stored = client.get(f"/api/games/{game['id']}/review").json()
    assert stored["decisions"] == review["decisions"]  # stored once, read back

    replay = client.get(f"/api/games/{game['id']}/replay").json()
    match = true_match(_service(client), game)
    deals = replay["deals"]
    assert len(deals) == sum(1 for hand in match.deals if hand.is_over)
    first = deals[0]
    assert first["hands"] == [[str(c) for c in h] for h in match.deals[0].deal.hands]
    assert first["decisions"] == [d for d in review["decisions"] if d["deal"] == 0]
    if first["tricks"]:
        plays = [p for trick in first["tricks"] for p in trick["plays"]]
        assert all(p["reason"] for p in plays if p["seat"] != replay["seat"])
    # The deal in progress is not in the replay.
    assert all(match.deals[d["deal"]].is_over for d in deals)
    assert_error(other_client.get(f"/api/games/{game['id']}/replay"), 403, "not_your_game")
    assert_error(other_client.post(f"/api/games/{game['id']}/review"), 403, "not_your_game")


def test_others_dailies_can_be_watched_only_after_the_day(
        client: TestClient, other_client: TestClient, clock: Clock) -> None:
    established(client)
    mine = play_to_end(client, start_daily(client), seed=1)
    assert mine["ranked"]
    assert client.get("/api/leaderboard").json()["entries"][0]["replay"] is None
    for url in (f"/api/games/{mine['id']}/replay", f"/api/games/{mine['id']}/review"):
        assert_error(other_client.get(url), 403, "not_revealed")
    assert_error(other_client.post(f"/api/games/{mine['id']}/review"), 403, "not_revealed")
    # Not even to me: everybody plays the same deals until the day ends.
    assert_error(client.get(f"/api/games/{mine['id']}/replay"), 403, "not_revealed")
    assert_error(client.post(f"/api/games/{mine['id']}/review"), 403, "not_revealed")

    clock.moment = datetime(2030, 3, 15, 5, 0, tzinfo=UTC)  # midnight CDT: the day is over
    watched = other_client.get(f"/api/games/{mine['id']}/replay")
    assert watched.status_code == 200, watched.text
    assert watched.json()["mine"] is False and len(watched.json()["deals"]) >= 10
    assert client.get(f"/api/games/{mine['id']}/replay").json()["mine"] is True
    board = other_client.get("/api/leaderboard", params={"date": "2030-03-14"}).json()
    assert board["entries"][0]["replay"] == f"/replay?game={mine['id']}"


def test_spades_games_have_hints_reviews_and_replays(client: TestClient) -> None:
    game = new_game(client, game="spades")
    assert client.get(f"/api/games/{game['id']}/replay").json()["deals"] == []
    rng = random.Random(3)
    hinted = 0
    while game["view"]["hand_number"] == 1 and game["status"] != "over":
        if game["legal_actions"] and game["legal_actions"][0].startswith("bid") and not hinted:
            answer = client.post(f"/api/games/{game['id']}/hint")
            assert answer.status_code == 200, answer.text
            found = answer.json()["hint"]
            assert found["action"] in game["legal_actions"]
            assert found["action"] in [o["action"] for o in found["options"]]
            match = true_match(_service(client), game)
            expected = hint(match.view(game["seat"]), _decision_seed(game, match),
                            EvaluationSettings(samples=HINT_SAMPLES))
            assert found == expected.to_json()
            hinted += 1
        game = act(client, game, spades_choice(game, rng))
    assert hinted
    review = _reviewed(client, game["id"])
    assert review["status"] == "done" and review["decisions"]
    assert {d["phase"] for d in review["decisions"]} <= {"bid", "play"}
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    [deal] = replay["deals"]
    match = true_match(_service(client), game)
    first = match.hands[0]
    plays = [p for trick in deal["tricks"] for p in trick["plays"]]
    assert [p["card"] for p in plays] == [str(c) for t in first.tricks for c in t.cards]
    assert all(p["reason"] for p in plays if p["seat"] != replay["seat"])
    assert deal["bids"] == list(first.bids) and len(deal["summary"]) == 2


def test_the_computers_reasons_mid_hand_name_no_hidden_card(client: TestClient) -> None:
    """Live reasons are the public forms: read at every step of a hand, they name no card the
    player may not know, and a hidden action (a bury) is not named either."""
    game = new_game(client, hands=5, difficulty="normal")
    seen = 0
    while game["view"]["hand_number"] == 1 and game["status"] != "over":
        answer = client.get(f"/api/games/{game['id']}/reasons")
        assert answer.status_code == 200, answer.text
        data = answer.json()
        match = true_match(_service(client), game)
        state = match.current
        hidden = hidden_cards(state, game["seat"]) - {state.called}
        assert not card_strings(data["reasons"]) & hidden, data
        assert len(data["reasons"]) == sum(1 for s, _ in state.history if s != game["seat"])
        assert all(line["reason"] and line["seat_name"] for line in data["reasons"])
        seen = max(seen, len(data["reasons"]))
        game = act(client, game, game["legal_actions"][-1])
    assert seen > 5


def test_hints_and_review_starts_are_rate_limited(make_app: Any) -> None:
    with TestClient(make_app(rate_limit_hint_player="2/minute")) as client:
        game = new_game(client, hands=5)
        url = f"/api/games/{game['id']}/hint"
        assert client.post(url).status_code == 200
        assert client.post(f"/api/games/{game['id']}/review").status_code == 202
        assert_error(client.post(url), 429, "too_many_requests")
        assert client.get(f"/api/games/{game['id']}/review").status_code == 200  # reading


def test_the_replay_page_holds_no_inline_script_or_style(client: TestClient) -> None:
    answer = client.get("/replay?game=abc")
    assert answer.status_code == 200
    page = answer.text.lower()
    assert "<style" not in page and " style=" not in page
    assert re.search(r'<script type="module" src="/static/js/replay\.js\?v=[0-9a-f]+"></script>',
                     page)
    assert client.head("/replay").status_code == 200


def test_hints_reviews_and_replays_are_worded_in_the_language(client: TestClient) -> None:
    """What is stored holds messages, not words: each answer words them in the request's
    language; a review stored with English words (before messages) reads back as it is."""
    german = {"Accept-Language": "de"}
    game = new_game(client, hands=5, difficulty="normal")
    found = client.post(f"/api/games/{game['id']}/hint", headers=german).json()["hint"]
    match = true_match(_service(client), game)
    english = hint(match.current.view(game["seat"]), _decision_seed(game, match),
                   EvaluationSettings(samples=HINT_SAMPLES))
    assert found["action"] == str(english.action)
    assert found["reason"] == translate("de", english.reason)
    while game["view"]["hand_number"] == 1 and game["status"] != "over":
        game = act(client, game, game["legal_actions"][0])
    _reviewed(client, game["id"])
    replays = {language: client.get(f"/api/games/{game['id']}/replay",
                                    headers={"Accept-Language": language}).json()
               for language in ("en", "fi")}
    deal = {language: replay["deals"][0] for language, replay in replays.items()}
    assert deal["fi"]["summary"] != deal["en"]["summary"]
    reasons = {language: [p["reason"] for t in d["tricks"] for p in t["plays"] if p["reason"]]
               for language, d in deal.items()}
    assert reasons["en"] and reasons["fi"] != reasons["en"]
    labels = [s["label"] for s in deal["fi"]["bidding"]]
    assert all(isinstance(label, str) for label in labels)
    assert {"passaa", "ota blindi"} & set(labels) or not labels
    # The stored review itself holds no words of any language.
    stored = ReviewService(_service(client)).reviews.reviewed(game["id"])[0]
    assert isinstance(stored["replay"]["summary"], dict)
    assert all(isinstance(d["chosen_label"], dict | str) for d in stored["decisions"])
    # A review stored before messages (English text) is shown as it was.
    old = {**stored, "replay": {**stored["replay"], "summary": "won with 70"}}
    assert worded_replay(old["replay"], "de")["summary"] == "won with 70"


@pytest.mark.parametrize("game_name", ["sheepshead", "spades"])
def test_a_daily_in_progress_offers_only_the_public_reasons(
        client: TestClient, game_name: str) -> None:
    """Nothing in a Daily helps beyond what every seat knows: no hint, no review or replay
    until the day is over, and the computers' reasons are their public forms, naming no card I
    could not know (not even the picker's unknown card, played face down)."""
    established(client)
    game = start_daily(client, game_name)
    rng = random.Random(5)
    refused = seen = 0
    for _ in range(40):
        if game["status"] == "over":
            break
        if game["legal_actions"] and refused < 2:  # (hints are rate-limited)
            assert_error(client.post(f"/api/games/{game['id']}/hint"), 403,
                         "no_hints_in_daily")
            refused += 1
        for what in ("review", "replay"):
            assert_error(client.get(f"/api/games/{game['id']}/{what}"), 403, "not_revealed")
        answer = client.get(f"/api/games/{game['id']}/reasons")
        assert answer.status_code == 200, answer.text
        reasons = answer.json()["reasons"]
        match = true_match(_service(client), game)
        if game_name == "spades":
            view = match.hands[-1].view(game["seat"])
            hidden = set(CARDS) - set(view.hand) - set(view.played_cards)
        else:
            state = match.current
            hidden = hidden_cards(state, game["seat"]) - {state.called}
        assert not card_strings(reasons) & hidden, reasons
        seen = max(seen, len(reasons))
        action = (spades_choice(game, rng) if game_name == "spades"
                  else game["legal_actions"][-1])
        game = act(client, game, action)
    assert refused == 2 and seen >= 5
