"""The pages' words come from a static file per language, named by the page: the same words as
``GET /api/i18n``, cached for a year at a URL that changes with them, with no cookie; and what
goes out gzipped (the pages, the static files) holds no secret, what holds one (the API, an
invite's table page) goes out as it is."""

from __future__ import annotations

import gzip
import re

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import SQLITE_ONLY
from tests.web.play import new_game
from tests.web.tables import create
from tricktable.i18n import LANGUAGES, PSEUDO_LANGUAGE
from tricktable.web.edges.compression import PAGES
from tricktable.web.language import LANGUAGE_COOKIE

pytestmark = SQLITE_ONLY  # nothing here depends on the database

IMMUTABLE = "public, max-age=31536000, immutable"
_WORDS = re.compile(r'<meta name="tricktable-words" content="([^"]+)">')
_PRELOAD = re.compile(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">')


def words_url(page: str) -> str:
    (named,) = _WORDS.findall(page)
    assert _PRELOAD.findall(page) == [named]  # fetched from the start, as i18n.js fetches it
    return named


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO_LANGUAGE])
def test_a_page_names_its_language_s_words_the_same_as_the_api_s(client: TestClient,
                                                                 language: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, language)
    url = words_url(client.get("/").text)
    assert url.startswith(f"/static/i18n/{language}.json?v=")
    client.cookies.clear()  # a first request: no identity cookie yet, and none given here
    client.cookies.set(LANGUAGE_COOKIE, "de" if language != "de" else "fi")
    words = client.get(url)  # the URL names the language: the cookie does not change it
    assert words.status_code == 200
    assert words.headers["cache-control"] == IMMUTABLE
    assert words.headers["content-type"] == "application/json"
    assert "set-cookie" not in words.headers
    client.cookies.set(LANGUAGE_COOKIE, language)
    assert words.json() == client.get("/api/i18n").json()
    assert words.json()["language"] == language


def test_each_language_s_words_have_their_own_url(client: TestClient) -> None:
    urls = set()
    for language in LANGUAGES:
        urls.add(words_url(client.get("/leaderboard", headers={"Accept-Language": language}).text))
    assert len(urls) == len(LANGUAGES)
    for url in urls:
        unversioned = client.get(url.split("?")[0])
        assert unversioned.headers["cache-control"] == "no-cache"
        again = client.get(url, headers={"If-None-Match": unversioned.headers["etag"]})
        assert again.status_code == 304


@pytest.mark.parametrize("path", ["/", "/leaderboard", "/friends", "/learn", "/replay?game=x"])
def test_every_page_with_a_script_that_reads_words_names_them(client: TestClient,
                                                              path: str) -> None:
    assert words_url(client.get(path).text).startswith("/static/i18n/en.json?v=")


@pytest.mark.parametrize("path", ["/rules", "/nope"])
def test_a_page_whose_script_reads_no_words_fetches_none(client: TestClient, path: str) -> None:
    page = client.get(path).text
    assert "tricktable-words" not in page and 'rel="preload"' not in page


@pytest.mark.parametrize("path", sorted(PAGES))
def test_the_pages_go_out_gzipped(client: TestClient, path: str) -> None:
    page = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert page.status_code == 200 and page.headers["content-encoding"] == "gzip", path
    assert "Accept-Encoding" in page.headers["vary"] and "<html" in page.text
    with client.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as raw:
        wire = b"".join(raw.iter_raw())
        assert int(raw.headers["content-length"]) == len(wire) < len(page.content) / 2
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == page.text


def test_the_words_go_out_gzipped(client: TestClient) -> None:
    url = words_url(client.get("/").text)
    with client.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as words:
        assert words.headers["content-encoding"] == "gzip"
        wire = b"".join(words.iter_raw())
    assert len(wire) < len(gzip.decompress(wire)) / 3  # 70 kB of words, a fifth of that sent


def test_what_holds_a_secret_goes_out_as_it_is(client: TestClient) -> None:
    """The API's answers (my cards, a seat token) and an invite's table page (it names the
    invite), beside words the request chose: compressed, their length would tell guesses of
    the secret (BREACH)."""
    gzipped = {"Accept-Encoding": "gzip"}
    host = create(client, nickname="Ann")
    game = new_game(client)
    for path in (f"/api/games/{game['id']}", f"/api/tables/{host.invite}", "/api/options",
                 "/api/i18n", f"/t/{host.invite}"):
        answer = client.get(path, headers={**gzipped, **host.headers})
        assert answer.status_code == 200, path
        assert len(answer.content) > 500, path  # long enough for the gzip of the pages
        assert "content-encoding" not in answer.headers, path
