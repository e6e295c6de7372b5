"""The static files are cached for a year at versioned URLs: every URL a page reaches (its style
sheets, its scripts, the modules they import, the pictures they name, a style sheet's url())
carries its version; a versioned answer is ``immutable``, any other ``no-cache``; and no static
answer sets a cookie."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import SQLITE_ONLY

pytestmark = SQLITE_ONLY  # the files do not depend on the database

IMMUTABLE = "public, max-age=31536000, immutable"
PAGES = ("/", "/leaderboard", "/rules", "/rules?game=spades", "/replay?game=abc", "/friends",
         "/learn", "/nope", "/t/" + "x" * 22)

_ATTRIBUTE = re.compile(r"""\b(?:href|src)="([^"]*/static/[^"]*)\"""")
_IMPORT = re.compile(r"""\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]""")
_STRING = re.compile(r"""['"`](/static/[^'"`]*)['"`]""")
_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


def versioned(url: str) -> bool:
    parts = urlsplit(url)
    return parts.path.startswith("/static/") and bool(parse_qs(parts.query).get("v"))


def referred(url: str, text: str) -> list[str]:
    """The URLs a script or style sheet at ``url`` refers to, resolved as a browser would."""
    if urlsplit(url).path.endswith(".js"):
        found = [*_IMPORT.findall(text), *_STRING.findall(text)]
        assert "`/static/" not in text, f"{url} builds a static URL at run time"
    else:
        found = [target for target in _CSS_URL.findall(text) if not target.startswith("data:")]
    return [urljoin(url, target) for target in found]


def test_every_static_url_the_pages_reach_is_versioned_and_immutable(
        client: TestClient) -> None:
    base = "http://testserver"
    seen: set[str] = set()
    waiting: list[tuple[str, str]] = []
    for path in PAGES:
        page = client.get(path)
        assert page.headers.get("cache-control") == "no-cache", path
        urls = _ATTRIBUTE.findall(page.text)
        assert any("/static/js/" in url for url in urls), path
        waiting += [(urljoin(base + path, url), path) for url in urls]
    while waiting:
        url, where = waiting.pop()
        assert versioned(url), f"{where} refers to {url}, without its version"
        if url in seen:
            continue
        seen.add(url)
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == IMMUTABLE, url
        assert "set-cookie" not in answer.headers, url
        if urlsplit(url).path.endswith((".js", ".css")):
            waiting += [(target, url) for target in referred(url, answer.text)]
    paths = {urlsplit(url).path for url in seen}
    assert "/static/js/i18n.js" in paths and "/static/css/tokens.css" in paths  # imported
    assert "/static/cards/QC.svg" in paths  # named by cards.js


def test_an_unversioned_or_old_url_works_but_is_asked_for_again(client: TestClient) -> None:
    page = client.get("/").text
    (script,) = re.findall(r'src="(/static/js/app\.js[^"]*)"', page)
    current = client.get(script)
    for url in ("/static/js/app.js", "/static/js/app.js?v=0123456789ab", "/static/js/app.js?v="):
        answer = client.get(url)
        assert answer.status_code == 200 and answer.content == current.content, url
        assert answer.headers["cache-control"] == "no-cache", url
        assert answer.headers["etag"] == current.headers["etag"], url
        again = client.get(url, headers={"If-None-Match": answer.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", url
    assert client.get("/static/js/no-such.js").status_code == 404
    assert client.post(script).status_code == 405


@pytest.mark.parametrize("path", ["/static/js/app.js", "/static/css/style.css",
                                  "/static/cards/KD.svg", "/static/favicon.svg"])
def test_no_static_answer_sets_a_cookie(client: TestClient, path: str) -> None:
    """A visitor's first request, for a file: no identity cookie (one a shared cache could keep
    and hand to others, and a cookie on every file answer for nothing)."""
    assert "set-cookie" not in client.get(path).headers, path
    assert "set-cookie" not in client.head(path).headers, path
    assert "set-cookie" not in client.get(path + "?v=x").headers, path
    assert len(client.cookies) == 0, path
    assert "set-cookie" in client.get("/api/me").headers  # the API still gives one


def test_a_versioned_answer_s_head_is_its_get_s(client: TestClient) -> None:
    url = re.findall(r'href="(/static/css/style\.css[^"]*)"', client.get("/").text)[0]
    got, head = client.get(url), client.head(url)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["cache-control"] == got.headers["cache-control"] == IMMUTABLE
    assert head.headers["content-type"] == got.headers["content-type"] == "text/css; charset=utf-8"
