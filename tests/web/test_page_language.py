"""The pages in the visitor's language: every page drawn on the server in the language of the
menu's cookie (else ``Accept-Language``), with ``<html lang>`` and the language menu, whatever
text a route puts into it staying words; and
``GET /language``, which remembers a choice and goes back only to a page of this site."""

from __future__ import annotations

import html
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tricktable.i18n import LANGUAGES, catalogue, language_names, translate
from tricktable.web.language import LANGUAGE_COOKIE

PAGES = ("/", "/leaderboard", "/replay?game=abc", "/friends", "/t/" + "x" * 22, "/nope")


def language_cookie(response: object) -> str:
    """The Set-Cookie of the language (the identity cookie may come along)."""
    found = [c for c in response.headers.get_list("set-cookie")  # type: ignore[attr-defined]
             if c.startswith(f"{LANGUAGE_COOKIE}=")]
    return found[0] if found else ""


def nav_words(language: str) -> list[str]:
    return [translate(language, key) for key in ("web.nav.play", "web.nav.rules")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_is_drawn_in_the_chosen_language(client: TestClient, language: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    for path in PAGES:
        # Not gzipped, so that Content-Length is the page's (test_words_files: the gzipped).
        response = client.get(path, headers={"Accept-Encoding": "identity"})
        assert response.status_code == (404 if path in ("/nope", "/t/" + "x" * 22) else 200), \
            path
        page = response.text
        assert f'<html lang="{language}">' in page, path
        assert "{{" not in page, (path, re.findall(r"\{\{[^}]*\}\}", page))
        for word in nav_words(language):
            assert f">{word}<" in page, (path, word)
        assert response.headers["content-language"] == language
        assert "Accept-Language" in response.headers["vary"]
        assert int(response.headers["content-length"]) == len(response.content)
        # The menu names every language in its own words and comes back to this page.
        for code, name in language_names().items():
            selected = " selected" if code == language else ""
            assert f'<option value="{code}" lang="{code}"{selected}>{name}</option>' in page
        assert f'<input type="hidden" name="next" value="{path.replace("&", "&amp;")}">' in page


def test_accept_language_picks_the_first_language_we_speak(client: TestClient) -> None:
    page = client.get("/leaderboard", headers={"Accept-Language": "pt-BR, sv;q=0.9, de;q=0.8"})
    assert '<html lang="sv">' in page.text and ">Topplista<" in page.text
    page = client.get("/leaderboard", headers={"Accept-Language": "pt-BR"})
    assert '<html lang="en">' in page.text and ">Leaderboard<" in page.text
    # A choice in the menu beats the browser's languages.
    client.cookies.set(LANGUAGE_COOKIE, "fi")
    page = client.get("/leaderboard", headers={"Accept-Language": "de"})
    assert '<html lang="fi">' in page.text


def test_the_pseudo_language_draws_every_word_accented(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "en-XA")
    page = client.get("/").text
    assert '<html lang="en-XA">' in page
    assert catalogue("en-XA")["web.nav.play"] in page  # "[Ƥļåý·~]", HTML-escaped as it is


def test_head_answers_the_headers_of_the_drawn_page(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "de")
    got, head = client.get("/"), client.head("/")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == got.headers["content-length"]


@pytest.mark.parametrize("path", ["/{{t 'web.nav.play'}}", "/{{ t('web.nav.play') }}",
                                  "/{% if true %}x{% endif %}", "/<b>x</b>"])
def test_text_a_route_puts_into_a_page_stays_words(client: TestClient, path: str) -> None:
    # The 404 page says the path; a path that looks like a template's words or markup stays
    # as it is, escaped as html.escape escapes it.
    response = client.get(path)
    assert response.status_code == 404
    assert ">Play<" in response.text  # the navigation's own word
    said = translate("en", "server.page.not_found", path=path)
    assert f'<p data-words="server">{html.escape(said)}</p>' in response.text
    assert "<b>x" not in response.text


def test_static_files_are_left_alone_and_the_api_says_its_language(client: TestClient) -> None:
    script = client.get("/static/js/i18n.js")
    assert script.status_code == 200 and "content-language" not in script.headers
    options = client.get("/api/options", headers={"Accept-Language": "sv"})
    assert options.headers["content-language"] == "sv" and "{{" not in options.text


# --- GET /language ---------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_choosing_a_language_remembers_it_and_goes_back(client: TestClient,
                                                        language: str) -> None:
    response = client.get("/language", params={"lang": language,
                                               "next": "/leaderboard?game=spades"},
                          follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/leaderboard?game=spades"
    cookie = language_cookie(response)
    assert cookie.startswith(f"{LANGUAGE_COOKIE}={language};")
    assert "Max-Age=31536000" in cookie and "Path=/" in cookie
    assert "SameSite=lax" in cookie and "Secure" not in cookie and "HttpOnly" not in cookie
    assert response.headers["cache-control"] == "no-store"
    page = client.get("/leaderboard")  # the cookie is kept: the next visit is in the language
    assert f'<html lang="{language}">' in page.text
    assert client.get("/api/i18n").json()["language"] == language


def test_a_region_or_capitals_choose_the_language(client: TestClient) -> None:
    response = client.get("/language?lang=DE-at&next=/", follow_redirects=False)
    assert language_cookie(response).startswith(f"{LANGUAGE_COOKIE}=de;")


@pytest.mark.parametrize("target", [
    None, "", "leaderboard", "//evil.example/", "/\\evil.example", "https://evil.example/",
    "javascript:alert(1)", "/ok\r\nSet-Cookie: x=1", "/" + "a" * 2100,
])
def test_the_menu_goes_back_only_to_this_site(client: TestClient, target: str | None) -> None:
    params = {"lang": "nl"} if target is None else {"lang": "nl", "next": target}
    response = client.get("/language", params=params, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"


def test_a_page_of_this_site_keeps_its_query_and_fragment(client: TestClient) -> None:
    response = client.get("/language", params={"lang": "sv", "next": "/?game=spades#game=ab12"},
                          follow_redirects=False)
    assert response.headers["location"] == "/?game=spades#game=ab12"


@pytest.mark.parametrize("lang", [None, "", "xx", "pt-BR", "klingon", "nl" * 40])
def test_an_unknown_language_is_refused_in_the_visitor_s_words(client: TestClient,
                                                               lang: str | None) -> None:
    params = {} if lang is None else {"lang": lang}
    response = client.get("/language", params=params, headers={"Accept-Language": "de"},
                          follow_redirects=False)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_language"
    assert body["message"] == translate("de", "web.language.unknown",
                                        languages=", ".join(LANGUAGES))
    assert language_cookie(response) == ""


def test_the_pseudo_language_can_be_chosen_by_name(client: TestClient) -> None:
    response = client.get("/language?lang=en-XA&next=/rules", follow_redirects=False)
    assert language_cookie(response).startswith(f"{LANGUAGE_COOKIE}=en-XA;")


def test_the_cookie_is_secure_over_https(app: FastAPI) -> None:
    with TestClient(app, base_url="https://testserver") as secure:
        response = secure.get("/language?lang=fi&next=/", follow_redirects=False)
        assert "Secure" in language_cookie(response)
