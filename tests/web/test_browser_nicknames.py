"""A nickname field counts what a reader sees: emoji joined into one picture are one character,
as the server counts them, so the 24 characters the server takes can all be typed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import page_errors
from tests.web.servers import Server, sqlite_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from sqlite_server(tmp_path_factory.mktemp("nicknames"), "nicknames")


def test_the_leaderboard_s_field_takes_24_characters_as_seen(server: Server,
                                                              browser: Any) -> None:
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(f"{server.url}/leaderboard")
    page.wait_for_selector("body[data-state=ready]")  # the page fills the field with my name
    field = page.locator("#nickname")
    coder = "👩\u200d💻"  # one picture, five UTF-16 units
    field.fill(coder * 4 + "a" * 22)  # 26 characters as seen
    assert field.input_value() == coder * 4 + "a" * 20
    with page.expect_response(lambda r: r.request.method != "GET" and "/api/" in r.url) as sent:
        page.locator("#nickname-form button[type=submit]").click()
    assert sent.value.ok, sent.value.text()
    page.wait_for_selector("#toast:not([hidden])")
    me = page.evaluate("fetch('/api/me').then(r => r.json())")
    assert me["nickname"] == coder * 4 + "a" * 20
    assert errors == []
    page.close()
