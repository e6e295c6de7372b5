"""Coached games over HTTP: the coach's line after each of my decisions (the hint's evaluation of
that decision, naming no card my seat could not know), the undo of my last decision (replayed
exactly from the seed), and every refusal (a game that is not coached, a Daily, nothing to undo,
a stale version, a game that is over).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.sheepshead.leaks import card_strings, hidden_cards
from tests.web.daily_helpers import start_daily
from tests.web.play import act, assert_error, new_game, random_legal, spades_choice
from tests.web.tables import create, start, visitors
from tricktable.cards import Card, parse_card
from tricktable.web.games import adapter
from tricktable.web.games.service import GameService
from tricktable.web.review.service import ReviewService

HINT_SAMPLES = 2
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SYMBOL_CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")


@pytest.fixture
def app(make_app: Any) -> FastAPI:
    app: FastAPI = make_app()
    app.state.reviews = ReviewService(app.state.service, samples=4, hint_samples=HINT_SAMPLES)
    return app


def _service(client: TestClient) -> GameService:
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    return service


def _coach(client: TestClient, game_id: str, index: int | None = None) -> dict[str, Any]:
    url = f"/api/games/{game_id}/coach" + ("" if index is None else f"?index={index}")
    response = client.get(url)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _undo(client: TestClient, game: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]})


def named_cards(data: Any) -> set[Card]:
    """Every card a coach's answer names: as codes (``QC``, in action texts) or symbols
    (``Q♣``, in its words)."""
    text = json.dumps(data, ensure_ascii=False)
    return card_strings(data) | {parse_card(rank + SYMBOLS[suit])
                                 for rank, suit in SYMBOL_CARD.findall(text)}


def _check_coach_line(client: TestClient, game: dict[str, Any], index: int,
                      line: dict[str, Any]) -> None:
    """The line names no card my seat could not know at the decision (a call's options name
    the cards that may be called, not where they are: those are my options, not a leak)."""
    row = _service(client).store.game(game["id"])
    assert row is not None
    actions = _service(client).store.actions(row.id, index)
    match = adapter(row.game).replay(row.rules, row.seed, actions)
    deal = match.deals[-1] if hasattr(match, "deals") else match.hands[-1]
    # Every card it names is one my seat's view named at the decision (my cards, my options,
    # the cards played), in either game.
    seen = card_strings(deal.view(row.human_seat).to_json())
    assert named_cards(line) <= seen, (line, sorted(map(str, named_cards(line) - seen)))
    if row.game == "sheepshead":
        options = named_cards([str(a) for a in match.legal_actions()])
        leaked = named_cards(line) & hidden_cards(deal, row.human_seat) - options
        assert not leaked, (line, sorted(map(str, leaked)))


def test_a_coached_game_says_a_line_after_each_decision_the_hint_s_recommendation(
        client: TestClient) -> None:
    game = new_game(client, hands=5, coached=True)
    assert game["coached"] is True and game["ranked"] is False
    assert _coach(client, game["id"])["coach"] is None  # no decision of mine yet
    rng = random.Random(3)
    lines = 0
    verdicts = set()
    while game["status"] != "over" and lines < 14:
        hinted = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
        index = game["version"]
        action = random_legal(game, rng)
        game = act(client, game, action)
        line = _coach(client, game["id"], index)["coach"]
        assert line is not None
        assert line["index"] == index and line["chosen"] == action
        # The coach's recommendation is the hint's for the same position.
        assert line["recommended"] == hinted["action"]
        assert line["text"] and "{" not in line["text"]
        verdicts.add(line["verdict"])
        if line["verdict"] == "same":
            assert line["recommended"] == action
        _check_coach_line(client, game, index, line)
        lines += 1
    assert lines == 14 and {"same", "other"} & verdicts
    # The last decision's line by default, and the same words each time (same seed).
    last = _coach(client, game["id"])["coach"]
    assert last == _coach(client, game["id"])["coach"]
    assert last["index"] == index


def test_the_coach_speaks_the_request_s_language(client: TestClient) -> None:
    game = new_game(client, hands=5, coached=True)
    index = game["version"]
    game = act(client, game, game["legal_actions"][0])
    english = _coach(client, game["id"], index)["coach"]["text"]
    client.cookies.set("tricktable_lang", "de")
    german = _coach(client, game["id"], index)["coach"]["text"]
    assert german != english and ("Coach" in german or "Wahl" in german)


def test_undo_takes_back_my_last_decision_and_replays_exactly(client: TestClient) -> None:
    game = new_game(client, hands=5, coached=True)
    rng = random.Random(5)
    for _ in range(3):
        game = act(client, game, random_legal(game, rng))
    before = client.get(f"/api/games/{game['id']}").json()
    action = random_legal(game, rng)
    after = act(client, game, action)
    assert after["version"] > before["version"]
    undone = _undo(client, after)
    assert undone.status_code == 200, undone.text
    back = undone.json()
    assert back["version"] == before["version"]
    for key in ("view", "legal_actions", "unplayable", "deal", "event_count", "status"):
        assert back[key] == before[key], key
    store = _service(client).store
    assert len(store.actions(game["id"], 10_000)) == before["version"]
    # The same decision again meets the same replies: the game is its seed and its actions.
    again = act(client, back, action)
    assert again["version"] == after["version"]
    assert again["view"] == after["view"] and again["legal_actions"] == after["legal_actions"]
    # A stale version (the one undone from) changes nothing.
    stale = _undo(client, after | {"version": after["version"] + 1})
    assert_error(stale, 409, "stale_version")
    assert client.get(f"/api/games/{game['id']}").json()["version"] == again["version"]


def test_undo_is_refused_outside_a_coached_game(client: TestClient) -> None:
    plain = new_game(client, hands=5)
    played = act(client, plain, plain["legal_actions"][0])
    assert_error(_undo(client, played), 403, "not_coached")
    assert client.get(f"/api/games/{plain['id']}").json()["version"] == played["version"]
    assert_error(client.get(f"/api/games/{plain['id']}/coach"), 403, "not_coached")
    # A Daily is never coached: neither asked so, nor undone, nor coached.
    assert_error(client.post("/api/daily", json={"game": "sheepshead", "coached": True}),
                 400, "no_coach_in_daily")
    daily = start_daily(client)
    daily = act(client, daily, daily["legal_actions"][0])
    assert_error(_undo(client, daily), 403, "no_coach_in_daily")
    assert_error(client.get(f"/api/games/{daily['id']}/coach"), 403, "no_coach_in_daily")
    assert client.get(f"/api/games/{daily['id']}").json()["version"] == daily["version"]
    # Another player's coached game is not mine to undo.
    coached = new_game(client, hands=5, coached=True)
    coached = act(client, coached, coached["legal_actions"][0])
    with TestClient(client.app) as stranger:  # type: ignore[arg-type]
        assert_error(_undo(stranger, coached), 403, "not_your_game")
    # Bad bodies change nothing.
    assert client.post(f"/api/games/{coached['id']}/undo", json={}).status_code in (400, 422)
    assert client.post(f"/api/games/{coached['id']}/undo",
                       json={"version": "1"}).status_code in (400, 422)
    assert client.get(f"/api/games/{coached['id']}").json()["version"] == coached["version"]


def test_nothing_to_undo_before_my_first_decision(client: TestClient) -> None:
    game = new_game(client, hands=5, coached=True)
    assert_error(_undo(client, game), 409, "nothing_to_undo")
    # One undo takes back one decision; then there is nothing left.
    played = act(client, game, game["legal_actions"][0])
    back = _undo(client, played).json()
    assert back["version"] == game["version"]
    assert_error(_undo(client, back), 409, "nothing_to_undo")


def test_a_finished_coached_game_is_not_undone_and_is_marked(client: TestClient) -> None:
    game = new_game(client, game="spades", preset="short", coached=True)
    rng = random.Random(2)
    while game["status"] != "over":
        game = act(client, game, spades_choice(game, rng))
    assert_error(_undo(client, game), 409, "game_over")
    assert game["coached"] and not game["ranked"]
    listed = client.get("/api/games").json()["games"]
    assert [g["coached"] for g in listed if g["id"] == game["id"]] == [True]
    assert client.get(f"/api/games/{game['id']}/replay").json()["coached"] is True
    assert client.get(f"/api/games/{game['id']}/review").json()["coached"] is True


def test_spades_decisions_are_coached_too(client: TestClient) -> None:
    game = new_game(client, game="spades", coached=True)
    rng = random.Random(4)
    for _ in range(6):
        hinted = client.post(f"/api/games/{game['id']}/hint").json()["hint"]
        index = game["version"]
        action = spades_choice(game, rng)
        game = act(client, game, action)
        line = _coach(client, game["id"], index)["coach"]
        assert line["chosen"] == action and line["recommended"] == hinted["action"]
        assert line["text"]
        _check_coach_line(client, game, index, line)


def test_a_table_with_friends_has_no_coach_and_no_undo(app: FastAPI) -> None:
    (ann_client,) = visitors(app, 1)
    with ann_client:
        ann = create(ann_client, game="sheepshead", hands=5, difficulty="easy")
        game = start(ann)["game"]
        undo = ann_client.post(f"/api/games/{game['id']}/undo",
                               json={"version": game["version"]})
        assert_error(undo, 403)
        assert_error(ann_client.get(f"/api/games/{game['id']}/coach"), 403)
        # Nothing was taken back (the computers play on at a table, so the game only grows).
        assert ann.poll()["game"]["version"] >= game["version"]
