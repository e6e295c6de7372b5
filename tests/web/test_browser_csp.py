"""The pages work under the Content-Security-Policy in Chromium: no violation, the scripts run;
the API's interactive docs (``/api/docs``) too, Swagger UI drawing the contract from this server
alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.web.browser import chromium_page, csp_violations, page_errors, wait_for_state
from tests.web.servers import Server, sqlite_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from sqlite_server(tmp_path, "csp")


def test_the_pages_run_under_the_policy(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        violations = csp_violations(page)
        response = page.goto(server.url)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        wait_for_state(page, "lobby")  # app.js ran and drew the lobby
        page.get_by_role("button", name="Play today's Daily").click()
        page.wait_for_selector("#table-view:not([hidden])")
        page.goto(server.url + "/leaderboard")
        page.wait_for_load_state("networkidle")
        page.goto(server.url + "/rules?game=spades")
        page.wait_for_load_state("networkidle")
        assert violations == []
        assert errors == []


def test_the_api_docs_load_nothing_from_another_host(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        violations = csp_violations(page)
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
