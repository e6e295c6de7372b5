"""The pages work under the Content-Security-Policy in Chromium: no violation, the scripts run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import chromium_page, page_errors, wait_for_state
from tests.web.servers import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(f"sqlite:///{tmp_path / 'csp.sqlite3'}", tmp_path / "server.log")
    yield started
    started.kill()


def test_the_pages_run_under_the_policy(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        violations: list[str] = []
        page.on("console", lambda m: violations.append(m.text)
                if "Content Security Policy" in m.text else None)
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
