"""A person learns from the computer in Chromium: a New game, a hint, a finished hand, then its
review (computed by the server's workers, its progress shown) and its replay, stepped through
with the buttons and the arrow keys, every card face up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.servers import Server


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    started = Server(database_url, tmp_path / "server.log", workers=2)
    yield started
    started.kill()


def test_a_hint_a_finished_hand_its_review_and_its_replay(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        learn(page, server.url, artifacts("browser-review"))


def learn(page: Any, url: str, directory: Path) -> None:
    errors = page_errors(page)
    shot = Screenshots(page, directory)
    page.goto(url)
    wait_for_state(page, "lobby")
    page.locator("#new-game-button").click()
    page.wait_for_selector("#table-view:not([hidden])")
    page.select_option("#speed", "instant")

    # A hint at my first decision: the recommendation, its reason and the options' points.
    wait_for_state(page, "idle")
    page.locator("#hint-button").click()
    page.get_by_test_id("hint-action").wait_for()
    assert page.get_by_test_id("hint-action").inner_text().startswith("The computer would ")
    assert page.get_by_test_id("hint-reason").inner_text().startswith("Why: ")
    assert "played with hints (1 so far)" in page.locator("#dialog-body").inner_text()
    shot("hint")
    page.locator("#dialog-buttons button.primary").click()

    # Play the first hand out (passing, then the first legal card each time).
    for _step in range(200):
        state = wait_for_state(page, "idle hand-end final")
        if state != "idle":
            break
        prompt = page.locator("#prompt-buttons")
        if prompt.get_by_role("button", name="Pass", exact=True).count():
            prompt.get_by_role("button", name="Pass", exact=True).click()
        elif page.locator("#hand button.card.legal").count():
            page.locator("#hand button.card.legal").first.click()
        else:
            prompt.locator("button").first.click()
    else:
        pytest.fail("the first hand did not end")
    shot("hand-end")
    page.locator("#dialog-buttons button.primary").click()
    wait_for_state(page, "idle")

    # The last hand's summary leads to its replay too.
    page.locator("#last-hand-button").click()
    assert page.get_by_test_id("replay-link").get_attribute("href").startswith("/replay?game=")
    page.locator("#dialog-buttons button.primary").click()

    # The replay of the finished hand, and its review.
    page.locator("#replay-button").click()
    page.wait_for_url("**/replay?game=*")
    page.locator("#replay-step").filter(has_text="The deal and the bidding").wait_for()
    seats = page.locator(".replay-seat")
    assert seats.count() == 5
    for seat in range(5):
        assert seats.nth(seat).locator(".mini").count() >= 6  # every hand face up
    assert page.locator(".replay-board .mini[data-card='unknown']").count() == 0
    page.locator("#review-start").click()
    page.locator("#review-status").filter(has_text="Reviewed:").wait_for(timeout=120_000)
    shot("review-done")

    page.locator("#replay-next").click()
    page.locator("#replay-step").filter(has_text="Trick 1 of").wait_for()
    trick = page.get_by_test_id("replay-trick")
    assert trick.locator("li").count() == 5
    assert trick.locator(".reason").count() >= 4  # every computer play says why
    shot("replay-trick-1")
    page.keyboard.press("ArrowRight")
    page.locator("#replay-step").filter(has_text="Trick 2 of").wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator("#replay-step").filter(has_text="Trick 1 of").wait_for()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    page.get_by_test_id("replay-result").wait_for()
    shot("replay-result")
    review = page.request.get(
        url + "/api/games/" + page.url.split("game=")[1] + "/review").json()
    assert review["status"] == "done" and review["hints_used"] == 1
    marks = [d for d in review["decisions"] if d["mark"]]
    assert page.locator(".review-list li").count() == len(marks)
    assert not errors, errors
