"""``GET /api/i18n``: the browser's words in the language the player chose or the browser asks."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tricktable.i18n import LANGUAGES
from tricktable.web.language import LANGUAGE_COOKIE


def test_the_browser_s_first_language_we_speak_is_chosen(client: TestClient) -> None:
    answer = client.get("/api/i18n", headers={"Accept-Language": "fr-FR,fr;q=0.9,de;q=0.8"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["language"] == "de"
    assert answer.headers["content-language"] == "de"
    assert body["messages"]["language.name"] == "Deutsch"
    assert list(body["languages"]) == list(LANGUAGES)
    assert "Accept-Language" in answer.headers["vary"]


def test_the_language_chosen_in_the_menu_wins_over_the_browser(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "fi")
    body = client.get("/api/i18n", headers={"Accept-Language": "de"}).json()
    assert body["language"] == "fi" and body["messages"]["language.name"] == "Suomi"


def test_english_when_nothing_matches(client: TestClient) -> None:
    body = client.get("/api/i18n", headers={"Accept-Language": "ja"}).json()
    assert body["language"] == "en" and body["messages"]["language.name"] == "English"
