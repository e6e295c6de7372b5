"""In Chromium, on a real server: every static file a page loads (the modules its script imports,
the court cards' pictures at the table, the words of its language) comes from a versioned URL,
and coming back to the page asks the server for none of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.web.browser import chromium_page, page_errors, wait_for_state
from tests.web.servers import Server, sqlite_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "static-cache")


class Network:
    """The page's requests as Chromium's DevTools see them: URL, and whether the cache answered."""

    def __init__(self, page: Any) -> None:
        self.urls: dict[str, str] = {}
        self.cached: set[str] = set()
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent",
               lambda e: self.urls.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        cdp.on("Network.responseReceived", lambda e: e["response"].get("fromDiskCache")
               and self.cached.add(e["requestId"]))
        cdp.send("Network.enable")

    def static(self) -> dict[str, str]:
        """Each /static request since the last :meth:`clear`: its URL."""
        return {rid: url for rid, url in self.urls.items()
                if urlsplit(url).path.startswith("/static/")}

    def clear(self) -> None:
        self.urls.clear()
        self.cached.clear()


def test_a_second_visit_takes_every_static_file_from_the_cache(server: Server,
                                                               browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        network = Network(page)
        page.goto(server.url)
        wait_for_state(page, "lobby")
        page.get_by_role("button", name="Play today's Daily").click()
        page.wait_for_selector("#table-view:not([hidden])")
        page.wait_for_load_state("networkidle")
        first = network.static()
        paths = {urlsplit(url).path for url in first.values()}
        assert {"/static/js/app.js", "/static/js/i18n.js", "/static/css/tokens.css",
                "/static/i18n/en.json"} <= paths
        words = [url for url in first.values() if "/static/i18n/" in url]
        assert len(words) == 1  # the page's preload is the fetch i18n.js makes: fetched once
        assert not any(urlsplit(url).path == "/api/i18n" for url in network.urls.values())
        unversioned = [url for url in first.values() if not parse_qs(urlsplit(url).query).get("v")]
        assert unversioned == []
        network.clear()
        page.goto(server.url)
        wait_for_state(page, "lobby playing")
        page.wait_for_load_state("networkidle")
        again = network.static()
        assert again, "the page loaded no static file the second time"
        asked = sorted(url for rid, url in again.items() if rid not in network.cached)
        assert asked == []
        assert errors == []
