"""Results worth sharing: the Share text, the day's score distribution and percentile, and
Daily streaks."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import date

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.daily_helpers import Visitors, established, start_daily
from tests.web.play import act, assert_error, new_game, play_to_end, spades_choice
from tricktable.web.daily.results import MARKS, histogram, standing, streaks

CARD = re.compile(r"\b(10|[2-9JQKA])[CDHS]\b")


@pytest.fixture
def visitors(app: FastAPI) -> Iterator[Visitors]:
    made = Visitors(app)
    yield made
    made.close()


def test_the_share_text_is_spoiler_free(visitors: Visitors) -> None:
    first, second, newcomer = visitors(), visitors(), visitors("192.0.2.8", returning=False)
    games = [play_to_end(c, start_daily(c), seed=k) for k, c in
             enumerate((first, second, newcomer))]
    assert_error(first.get(f"/api/games/{games[1]['id']}/share"), 403, "not_your_game")
    shared = first.get(f"/api/games/{games[0]['id']}/share").json()
    title, result, marks = shared["text"].split("\n")
    assert title == "Tricktable Sheepshead Daily March 14, 2030"  # the date as English writes it
    better = sum(1 for g in games[:2] if g["score"] > games[0]["score"])
    assert result == f"Score {games[0]['score']:+d} · rank {better + 1} of 2"
    # One mark a hand: the role (picker, partner, defender, leaster) and won or lost.
    results = [r for r in games[0]["view"]["results"] if r["kind"] != "passed_out"]
    expected = []
    for r in results:
        role = ("leaster" if r["picker"] is None else "picker" if r["picker"] == 0
                else "partner" if r["partner"] == 0 else "defender")
        expected.append(MARKS[role, r["scores"][0] > 0])
    assert marks == "".join(expected) and len(results) == 10
    assert not CARD.search(shared["text"])
    unranked = newcomer.get(f"/api/games/{games[2]['id']}/share").json()
    assert "unranked (would rank" in unranked["text"] and unranked["of"] == 3
    # Only a finished Daily.
    fresh = new_game(first)
    assert_error(first.get(f"/api/games/{fresh['id']}/share"), 400, "not_a_daily")


def test_the_spades_share_text_marks_each_hand(client: TestClient) -> None:
    established(client)
    game = start_daily(client, "spades")
    assert_error(client.get(f"/api/games/{game['id']}/share"), 409, "not_finished")
    rng = random.Random(3)
    while game["status"] != "over":
        game = act(client, game, spades_choice(game, rng))
    text = client.get(f"/api/games/{game['id']}/share").json()["text"]
    hands = game["view"]["results"]
    assert text.split("\n")[2] == "".join(
        MARKS["hand", h["scores"][0] > h["scores"][1]] for h in hands)
    assert not CARD.search(text)


def test_the_board_shows_the_distribution_and_my_percentile(visitors: Visitors) -> None:
    players = [visitors() for _ in range(4)]
    scores = [play_to_end(c, start_daily(c), seed=k)["score"] for k, c in enumerate(players)]
    board = players[0].get("/api/leaderboard").json()
    bins = board["distribution"]["bins"]
    assert board["distribution"]["players"] == 4 and sum(b["count"] for b in bins) == 4
    assert bins[0]["low"] == min(scores) and bins[-1]["high"] == max(scores)
    you = board["you"]
    assert you["ranked"] and you["score"] == scores[0] and you["of"] == 4
    assert you["percentile"] == round(100 * sum(1 for s in scores[1:] if s < scores[0]) / 3)
    assert visitors().get("/api/leaderboard").json()["you"] is None  # not played


def test_histogram_standing_and_streaks() -> None:
    assert histogram([]) == []
    assert histogram([5]) == [{"low": 5, "high": 5, "count": 1}]
    bins = histogram([-12, -3, 0, 0, 4, 9, 30], bins=4)
    # 43 whole numbers from -12 to 30 in ranges of 11: -12..-2, -1..9, 10..20, 21..30.
    assert [(b["low"], b["high"], b["count"]) for b in bins] == [
        (-12, -2, 2), (-1, 9, 4), (10, 20, 0), (21, 30, 1)]
    assert standing([10, 5, 5, 0], 5, counted=True) == {
        "score": 5, "rank": 2, "of": 4, "percentile": 33}
    assert standing([10, 5, 0], 7, counted=False) == {
        "score": 7, "rank": 2, "of": 4, "percentile": 67}
    assert standing([3], 3, counted=True)["percentile"] is None
    d = date(2030, 3, 14)
    assert streaks([], d) == {"current": 0, "best": 0}
    days = [date(2030, 3, k) for k in (1, 2, 3, 4, 9, 12, 13)]
    assert streaks(days, d) == {"current": 2, "best": 4}
    assert streaks([*days, d], d) == {"current": 3, "best": 4}
    assert streaks(days, date(2030, 3, 15)) == {"current": 0, "best": 4}
