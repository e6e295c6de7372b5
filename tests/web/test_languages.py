"""The server speaks the request's language: the ``tricktable_lang`` cookie, else
``Accept-Language``, else English.  Errors carry their message as a catalogue key and
parameters (``reason``) and its words in that language (``message``); every text field an
answer holds — options, the Daily's notice and share text, a table's phrases — is worded too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.daily_helpers import Visitors, start_daily
from tests.web.live import hear_phrases
from tests.web.play import act, assert_error, first_legal, new_game, play_to_end
from tests.web.tables import create, join
from tests.web.tables import visitors as visitors_on_one_loop
from tricktable.i18n import LANGUAGES, Message, translate
from tricktable.web.language import LANGUAGE_COOKIE

OTHERS = [language for language in LANGUAGES if language != "en"]


def speaking(language: str) -> dict[str, str]:
    return {"Accept-Language": f"{language};q=0.9, en;q=0.1"}


def worded(data: dict[str, Any], language: str) -> str:
    """The error's message, checked against its reason worded in ``language``."""
    assert set(data) >= {"error", "message", "reason"}, data
    reason = Message.from_json(data["reason"])
    assert data["message"] == translate(language, reason)
    message: str = data["message"]
    return message


def at_a_card(client: TestClient) -> dict[str, Any]:
    """A new game played on until the human is to play a card with one it may not play."""
    for _attempt in range(20):
        game = new_game(client, difficulty="easy")
        while game["status"] != "over":
            if game["legal_actions"][0].startswith("play ") and game["unplayable"]:
                return game
            game = act(client, game, first_legal(game, None))  # type: ignore[arg-type]
    raise AssertionError("no hand with an unplayable card")


def test_an_illegal_card_is_refused_in_each_language(client: TestClient) -> None:
    game = at_a_card(client)
    bad = sorted(game["unplayable"])[0]
    url = f"/api/games/{game['id']}/actions"
    body = {"action": f"play {bad}", "version": game["version"]}
    said = {}
    for language in LANGUAGES:
        response = client.post(url, json=body, headers=speaking(language))
        data = assert_error(response, 422, "illegal_action")
        said[language] = worded(data, language)
        assert response.headers["content-language"] == language
        assert data["reason"]["key"].startswith("illegal.")
    assert said["en"] == game["unplayable"][bad]  # the engine's English, word for word
    for language in OTHERS:
        assert said[language] != said["en"], language
        # The same reason the table shows next to the card, in the same language.
        again = client.get(f"/api/games/{game['id']}", headers=speaking(language)).json()
        assert again["unplayable"][bad] == said[language]
    not_mine = next(c for c in ("AC", "AS", "AH", "QC", "QS", "7D", "8D")
                    if c not in game["view"]["hand"]["hand"])
    data = client.post(url, json={**body, "action": f"play {not_mine}"},
                       headers=speaking("de")).json()
    assert worded(data, "de").startswith("Du hast ") and data["message"].endswith(" nicht.")
    assert client.get(f"/api/games/{game['id']}").json()["version"] == game["version"]


def test_the_cookie_wins_over_accept_language(client: TestClient) -> None:
    game = at_a_card(client)
    body = {"action": "pick", "version": game["version"]}
    client.cookies.set(LANGUAGE_COOKIE, "fi")
    response = client.post(f"/api/games/{game['id']}/actions", json=body,
                           headers=speaking("de"))
    data = assert_error(response, 422, "illegal_action")
    assert worded(data, "fi").startswith("Et voi nyt ottaa blindiä")
    assert response.headers["content-language"] == "fi"
    assert "Accept-Language" in response.headers["vary"]
    client.cookies.set(LANGUAGE_COOKIE, "xx")  # not a language of ours: Accept-Language then
    data = client.post(f"/api/games/{game['id']}/actions", json=body,
                       headers=speaking("de")).json()
    assert worded(data, "de") == (
        "Du kannst jetzt nicht aufnehmen: Jetzt musst du eine Karte spielen.")
    del client.cookies[LANGUAGE_COOKIE]
    data = client.post(f"/api/games/{game['id']}/actions", json=body).json()
    assert worded(data, "en") == "You cannot pick now: it is time to play a card."


def test_the_options_name_games_tables_and_difficulties_in_the_language(
        client: TestClient) -> None:
    english = client.get("/api/options").json()["games"]
    assert english["sheepshead"]["title"] == "Sheepshead"
    assert english["spades"]["preset_labels"]["standard"] == "Standard (first to 500)"
    assert english["sheepshead"]["difficulty_labels"] == {
        "easy": "Easy", "normal": "Normal", "hard": "Hard"}
    dutch = client.get("/api/options", headers=speaking("nl")).json()["games"]
    assert dutch["spades"]["title"] == "Schoppen"
    assert dutch["sheepshead"]["difficulty_labels"]["easy"] == "Makkelijk"
    german = client.get("/api/options", headers=speaking("de")).json()["games"]
    assert german["sheepshead"]["preset_labels"]["tavern"] == "Kneipe (Verdopplung)"
    for language in OTHERS:
        games = client.get("/api/options", headers=speaking(language)).json()["games"]
        for name, options in games.items():
            assert set(options["preset_labels"]) == set(options["presets"])
            assert options["preset_labels"] != english[name]["preset_labels"], language


def test_validation_and_missing_routes_answer_in_the_language(client: TestClient) -> None:
    data = assert_error(client.post("/api/games", json={"hands": "5"}, headers=speaking("de")),
                        400, "bad_request")
    assert worded(data, "de").startswith("Ungültige Anfrage: hands muss eine ganze Zahl sein")
    assert '"5"' in data["message"]
    data = assert_error(client.post("/api/games", json={"colour": "red"},
                                    headers=speaking("sv")), 400, "bad_request")
    assert "colour är inget fält här" in worded(data, "sv")
    data = assert_error(client.post("/api/games", json={"game": "spades", "hands": 5},
                                    headers=speaking("nl")), 400, "bad_request")
    assert worded(data, "nl") == "Ongeldig verzoek: hands is hier geen veld."
    data = assert_error(client.get("/api/nothing-here", headers=speaking("fi")), 404)
    assert worded(data, "fi") == "Täällä ei ole mitään."
    page = client.get("/no-such-page", headers=speaking("id"))
    assert page.status_code == 404 and "Tidak ada halaman /no-such-page di sini." in page.text
    data = assert_error(client.get(f"/api/games/{'0' * 32}", headers=speaking("id")), 404,
                        "unknown_game")
    assert worded(data, "id").startswith("Tidak ada permainan")


def test_the_daily_notice_follows_the_language(client: TestClient) -> None:
    english = client.get("/api/daily").json()["ranked_message"]
    german = client.get("/api/daily", headers=speaking("de")).json()["ranked_message"]
    assert english.startswith("This attempt is not ranked")
    assert german.startswith("Dieser Versuch kommt nicht in die Wertung")


@pytest.fixture
def visitors(app: FastAPI) -> Iterator[Visitors]:
    made = Visitors(app)
    yield made
    made.close()


ENGLISH_WORDS = re.compile(r"\b(Score|rank|of|Daily|unranked|would|March)\b")


def test_the_share_text_follows_the_players_language(visitors: Visitors) -> None:
    player = visitors()
    game = play_to_end(player, start_daily(player))
    url = f"/api/games/{game['id']}/share"
    english = player.get(url).json()["text"]
    assert ENGLISH_WORDS.search(english)
    for language, date in (("nl", "14 maart 2030"), ("de", "14. März 2030"),
                           ("fi", "14. maaliskuuta 2030"), ("sv", "14 mars 2030"),
                           ("id", "14 Maret 2030")):
        text = player.get(url, headers=speaking(language)).json()["text"]
        assert text != english and date in text.split("\n")[0], (language, text)
        assert not ENGLISH_WORDS.search(text), (language, text)
        assert text.split("\n")[2] == english.split("\n")[2]  # the same marks
    player.cookies.set(LANGUAGE_COOKIE, "de")
    assert "Tagesspiel" in player.get(url).json()["text"]


def test_a_table_speaks_each_connection_s_language(app: FastAPI) -> None:
    ann_client, bob_client = visitors_on_one_loop(app, 2)
    with ann_client, bob_client:
        ann_client.cookies.set(LANGUAGE_COOKIE, "de")
        bob_client.headers["Accept-Language"] = "fi"
        ann = create(ann_client, game="spades", difficulty="easy")
        bob = join(bob_client, ann.invite, "Bob")
        assert {p["id"]: p["text"] for p in ann.state["table"]["phrases"]}["gg"] == "Gut gespielt"
        assert {p["id"]: p["text"] for p in bob.state["table"]["phrases"]}["gg"] == "Hyvä peli"
        with bob_client.websocket_connect(f"/api/tables/{ann.invite}/live",
                                          headers={"Accept-Language": "fi"}) as live:
            live.send_json({"token": bob.token})
            first = live.receive_json()
            assert first["type"] == "state"
            assert {p["id"]: p["text"] for p in first["table"]["phrases"]}["brb"] == "Palaan heti"
            said = ann_client.post(f"/api/tables/{ann.invite}/phrases", headers=ann.headers,
                                   json={"phrase": "gg"}).json()["said"]
            assert said["text"] == "Gut gespielt"
            heard = hear_phrases(live)
            assert [(p["phrase"], p["text"]) for p in heard] == [("gg", "Hyvä peli")]
        # Both at once on one table's feed: each reads the table and a phrase in their own words.
        with ann_client.websocket_connect(f"/api/tables/{ann.invite}/live") as ann_live, \
                bob_client.websocket_connect(f"/api/tables/{ann.invite}/live") as bob_live:
            ann_live.send_json({"token": ann.token})
            bob_live.send_json({"token": bob.token})
            for live, language in ((ann_live, "de"), (bob_live, "fi")):
                state = live.receive_json()
                assert state["type"] == "state"
                phrases = {p["id"]: p["text"] for p in state["table"]["phrases"]}
                assert phrases["gg"] == translate(language, Message("phrase.gg"))
            bob_client.post(f"/api/tables/{ann.invite}/phrases", headers=bob.headers,
                            json={"phrase": "thanks"})
            for live, language in ((ann_live, "de"), (bob_live, "fi")):
                assert [p["text"] for p in hear_phrases(live)] == [
                    translate(language, Message("phrase.thanks"))]
        data = assert_error(ann_client.post(f"/api/tables/{ann.invite}/phrases",
                                            headers=ann.headers, json={"phrase": "boo"}),
                            400, "bad_request")
        assert "phrase muss eines von nice, sorry" in worded(data, "de")
        # Ann's cookie wins over her handshake's Accept-Language, on a WebSocket too.
        with ann_client.websocket_connect(f"/api/tables/{ann.invite}/live",
                                          headers={"Accept-Language": "sv"}) as live:
            live.send_json({"token": "not-a-token-of-this-table"})
            refused = live.receive_json()
            assert refused["type"] == "error" and refused["error"] == "not_seated"
            assert worded(refused, "de") == "Dieser Platz-Token gehört nicht zu diesem Tisch."


def test_an_anonymous_tag_is_named_in_the_language_and_reserved_in_every_one(
        client: TestClient) -> None:
    english = client.get("/api/me").json()["name"]
    finnish = client.get("/api/me", headers=speaking("fi")).json()["name"]
    assert english.startswith("Anonymous ") and finnish == "Nimetön " + english.split()[1]
    for taken in ("Nimetön 02fd", "anonym", "ANONIEM 1a2b", "Anonim"):
        data = assert_error(client.put("/api/me", json={"nickname": taken},
                                       headers=speaking("de")), 400, "nickname_reserved")
        assert "Anonym 02fd" in worded(data, "de")
