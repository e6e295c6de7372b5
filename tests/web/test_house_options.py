"""New game with Sheepshead house options over the table's: partner, crack, blitz, max_doubles.

The options list each table's house options; a new game takes any of them and plays by them
(its view's rules say so, and the hand offers what they allow); bad values are 400s that say
what was wrong and create nothing; Spades and the Daily take none."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.play import act, assert_error, new_game


def rules_of(game: dict[str, Any]) -> dict[str, Any]:
    rules: dict[str, Any] = game["view"]["hand"]["rules"]
    return rules


def test_the_options_give_each_tables_house_options(client: TestClient) -> None:
    games = client.get("/api/options").json()["games"]
    house = games["sheepshead"]["house_options"]
    assert house["milwaukee"] == {"partner": "called-ace", "crack": False, "blitz": False,
                                  "max_doubles": None}
    assert house["wisconsin-jd"] == {"partner": "jack-of-diamonds", "crack": True,
                                     "blitz": True, "max_doubles": 4}
    assert set(house) == set(games["sheepshead"]["presets"])
    assert games["spades"]["house_options"] == {}


def test_a_new_game_plays_by_the_options_chosen(client: TestClient) -> None:
    game = new_game(client, preset="milwaukee", difficulty="easy", hands=5,
                    partner="jack-of-diamonds", crack=True, blitz=True, max_doubles=2)
    rules = rules_of(game)
    assert (rules["partner"], rules["crack"], rules["blitz"], rules["max_doubles"]) == \
        ("jack-of-diamonds", True, True, 2)
    assert rules["no_picker"] == "leaster" and rules["hands"] == 5  # the rest is the table's
    assert game["preset"] == "milwaukee"
    loaded = client.get(f"/api/games/{game['id']}").json()
    assert rules_of(loaded) == rules


def test_options_left_out_are_the_tables_and_null_max_doubles_lifts_the_cap(
    client: TestClient,
) -> None:
    game = new_game(client, preset="wisconsin-jd", difficulty="easy", hands=5, crack=False)
    rules = rules_of(game)
    assert (rules["partner"], rules["crack"], rules["blitz"], rules["max_doubles"]) == \
        ("jack-of-diamonds", False, True, 4)
    assert rules_of(new_game(client, preset="wisconsin-jd", max_doubles=None))["max_doubles"] \
        is None


def test_without_cracks_or_blitzes_none_is_offered(client: TestClient) -> None:
    """Every hand of a Wisconsin table with crack and blitz off goes from the call to the play:
    the human is never asked to crack, recrack or blitz."""
    game = new_game(client, preset="wisconsin-jd", difficulty="easy", hands=5, crack=False,
                    blitz=False)
    asked: set[str] = set()
    while game["status"] == "playing":
        legal = game["legal_actions"]
        asked.update(a.split()[0] for a in legal)
        game = act(client, game, legal[-1] if legal == ["pick", "pass"] else legal[0])
    assert not asked & {"crack", "recrack", "blitz"}, asked
    assert all(e["type"] not in ("Cracked", "Recracked", "Blitzed", "Declined")
               for e in game["events"])


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"partner": "queen-of-clubs"}, "partner"),
        ({"partner": None}, "partner cannot be null"),
        ({"crack": "yes"}, "crack"),
        ({"crack": 1}, "crack"),
        ({"blitz": None}, "blitz cannot be null"),
        ({"max_doubles": -1}, "max_doubles"),
        ({"max_doubles": 9}, "max_doubles"),
        ({"max_doubles": 2.5}, "max_doubles"),
        ({"max_doubles": True}, "max_doubles"),
        ({"game": "spades", "crack": True}, "crack is not a field"),
    ],
)
def test_bad_house_options_say_what_was_wrong_and_create_nothing(
    client: TestClient, body: dict[str, Any], fragment: str,
) -> None:
    data = assert_error(client.post("/api/games", json=body), 400, "bad_request")
    assert fragment in data["message"], data
    assert client.get("/api/games").json() == {"games": []}


def test_the_daily_takes_no_house_options(client: TestClient) -> None:
    assert_error(client.post("/api/daily", json={"game": "sheepshead", "crack": True}), 400)
    assert client.get("/api/options").json()["games"]["sheepshead"]["daily"]["preset"] == \
        "milwaukee"
