"""A Daily is played on its own day: once midnight US Central has passed, its seed and every
other player's game are public, so an unfinished Daily of that day takes no more actions and
stays off the board."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import Clock
from tests.web.daily_helpers import established, start_daily
from tests.web.play import act, assert_error

BEFORE_MIDNIGHT = datetime(2030, 3, 15, 4, 50, tzinfo=UTC)
"""23:50 US Central (CDT) on 14 March 2030."""
AFTER_MIDNIGHT = datetime(2030, 3, 15, 5, 1, tzinfo=UTC)
"""00:01 US Central on 15 March: the 14th's seed is revealed."""


@pytest.mark.parametrize("game", ["sheepshead", "spades"])
def test_a_daily_takes_no_action_once_its_day_has_ended(
    client: TestClient, other_client: TestClient, clock: Clock, game: str
) -> None:
    clock.moment = BEFORE_MIDNIGHT
    established(client)
    played = start_daily(client, game)
    assert played["daily_date"] == "2030-03-14" and played["ranked"]
    for _ in range(2):
        played = act(client, played, str(played["legal_actions"][0]))

    clock.moment = AFTER_MIDNIGHT
    seed = other_client.get("/api/daily/seed", params={"game": game, "date": "2030-03-14"})
    assert seed.json()["revealed"]  # the deals are public now
    response = client.post(f"/api/games/{played['id']}/actions", json={
        "action": str(played["legal_actions"][0]), "version": played["version"],
        "since": played["event_count"]})
    error = assert_error(response, 409, "daily_closed")
    assert "2030-03-14" in error["message"] and "midnight US Central" in error["message"]
    # The body carries the game as it stands, as other 409s do: unchanged.
    assert error["game"]["id"] == played["id"] and error["game"]["version"] == played["version"]
    assert error["game"]["status"] == "playing" and error["game"]["events"] == []
    again = client.get(f"/api/games/{played['id']}").json()
    assert again["version"] == played["version"] and again["status"] == "playing"
    # A stale version is still the closed Daily (not a 409 that invites another try).
    stale = client.post(f"/api/games/{played['id']}/actions", json={
        "action": "pass", "version": 0})
    assert_error(stale, 409, "daily_closed")

    board = other_client.get("/api/leaderboard",
                             params={"game": game, "date": "2030-03-14"}).json()
    assert board["entries"] == [] and board["distribution"]["players"] == 0
    today = start_daily(client, game)  # today's Daily is another game
    assert today["daily_date"] == "2030-03-15" and today["id"] != played["id"]
