"""The API's interactive docs (``/api/docs``) in Chromium: Swagger UI draws the contract from this
server alone, under the same Content-Security-Policy as every page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.web.browser import chromium_page, page_errors
from tests.web.servers import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(f"sqlite:///{tmp_path / 'docs.sqlite3'}", tmp_path / "server.log")
    yield started
    started.kill()


def test_the_api_docs_load_nothing_from_another_host(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        violations: list[str] = []
        page.on("console", lambda m: violations.append(m.text)
                if "Content Security Policy" in m.text else None)
        hosts: set[str] = set()
        page.on("request", lambda request: hosts.add(urlsplit(request.url).netloc))
        response = page.goto(server.url + "/api/docs")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_selector(".swagger-ui .info .title")
        assert "Tricktable" in page.inner_text(".swagger-ui .info .title")
        page.wait_for_selector("[data-path=\"/api/leaderboard\"]")  # operations, from ours
        assert hosts == {urlsplit(server.url).netloc}
        assert violations == []
        assert errors == []
