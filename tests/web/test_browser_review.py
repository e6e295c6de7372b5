"""A person learns from the computer in Chromium: a New game, a hint (its table holds what it
recommends), the computers' plays in public words mid-hand, a finished hand, then its review
(computed by the server's workers, its progress shown) and its replay, stepped through with the
buttons and the arrow keys, every card face up; and a hint at a Spades bid."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import Screenshots, artifacts, chromium_page, page_errors, wait_for_state
from tests.web.conftest import SQLITE_ONLY
from tests.web.play import spades_choice
from tests.web.servers import Server

pytestmark = SQLITE_ONLY


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    started = Server(database_url, tmp_path / "server.log", workers=2)
    yield started
    started.kill()


def test_a_hint_a_finished_hand_its_review_and_its_replay(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        learn(page, server.url, artifacts("browser-review"))


def hint_table(page: Any) -> bool:
    """Check the open hint's table, if it has one (a forced move has none): what the hint
    recommends is one of its rows.  Whether there was a table."""
    options = page.get_by_test_id("hint-options")
    if not options.count():
        assert "the only legal play" in page.get_by_test_id("hint-reason").inner_text()
        return False
    assert options.locator("tbody tr").count() >= 2
    recommended = options.locator("strong")
    assert recommended.count() == 1
    assert recommended.inner_text() in page.get_by_test_id("hint-action").inner_text()
    assert "sampled deals" in page.locator("#dialog-body").inner_text()
    return True


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
    tabled = hint_table(page)
    hints = 1
    shot("hint")
    page.locator("#dialog-buttons button.primary").click()

    # Play the first hand out (passing, then the first legal card each time); midway, what the
    # computers' plays say, in words anyone at the table may read.
    asked = False
    for step in range(200):
        state = wait_for_state(page, "idle hand-end final")
        if state != "idle":
            break
        choices = (page.locator("#hand button.card.legal").count()
                   + page.locator("#prompt-buttons button").count())
        if not tabled and choices >= 2:  # the first decision was forced: hint at a real one
            page.locator("#hint-button").click()
            page.get_by_test_id("hint-action").wait_for()
            tabled = hint_table(page)
            hints += 1
            page.locator("#dialog-buttons button.primary").click()
        if step == 4 and not asked:
            page.locator("#reasons-button").click()
            page.get_by_test_id("reasons-list").wait_for()
            reasons = page.get_by_test_id("reasons-list")
            assert reasons.locator("li").count() >= 4
            assert "object" not in reasons.inner_text() and " — " in reasons.inner_text()
            shot("reasons")
            page.locator("#dialog-buttons button.primary").click()
            asked = True
        prompt = page.locator("#prompt-buttons")
        if prompt.get_by_role("button", name="Pass", exact=True).count():
            prompt.get_by_role("button", name="Pass", exact=True).click()
        elif page.locator("#hand button.card.legal").count():
            page.locator("#hand button.card.legal").first.click()
        else:
            prompt.locator("button").first.click()
    else:
        pytest.fail("the first hand did not end")
    assert tabled, "no hint with a table of options"
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
    assert review["status"] == "done" and review["hints_used"] == hints
    marks = [d for d in review["decisions"] if d["mark"]]
    assert page.locator(".review-list li").count() == len(marks)
    assert not errors, errors


def test_a_hint_at_a_spades_bid(server: Server, browser: Any) -> None:
    with chromium_page(browser) as page:
        errors = page_errors(page)
        shot = Screenshots(page, artifacts("browser-review-spades"))
        page.goto(f"{server.url}/?game=spades")
        wait_for_state(page, "lobby")
        page.get_by_role("button", name="Start a new game").click()
        page.wait_for_selector("#spades-view:not([hidden])")
        page.select_option("#sp-speed", "instant")
        wait_for_state(page, "idle")
        # The draw is table practice's rule: a hint without a table.
        page.locator("#sp-hint-button").click()
        page.get_by_test_id("hint-action").wait_for()
        assert page.get_by_test_id("hint-action").inner_text().startswith("The computer would ")
        page.locator("#dialog-buttons button.primary").click()
        while page.get_by_test_id("keep-button").count():
            page.get_by_test_id("keep-button").click()
            wait_for_state(page, "idle")
        page.locator("#sp-hint-button").click()
        options = page.get_by_test_id("hint-options")
        options.wait_for()
        assert options.locator("strong").count() == 1
        assert "bid" in page.get_by_test_id("hint-action").inner_text()
        shot("spades-bid-hint")
        page.locator("#dialog-buttons button.primary").click()

        # Finish the hand (through the API, as the page would) and replay it face up.
        found = re.search(r"game=([0-9a-f]+)", page.url)
        assert found, page.url
        api = f"{server.url}/api/games/{found[1]}"
        game = page.request.get(api).json()
        rng = random.Random(5)
        while game["view"]["hand_number"] == 1 and game["status"] != "over":
            game = page.request.post(f"{api}/actions", data={
                "action": spades_choice(game, rng), "version": game["version"],
                "since": game["event_count"]}).json()
        page.goto(f"{server.url}/replay?game={found[1]}")
        page.locator("#replay-step").filter(has_text="The deal and the bidding").wait_for()
        assert page.locator(".replay-seat").count() == 2
        assert page.locator(".replay-seat").nth(1).locator(".mini").count() == 13
        page.locator("#replay-next").click()
        trick = page.get_by_test_id("replay-trick")
        trick.wait_for()
        assert trick.locator("li").count() == 2 and trick.locator(".reason").count() == 1
        assert "took trick 1" in page.locator(".result-line").inner_text()
        shot("spades-replay-trick-1")
        for _ in range(13):
            page.keyboard.press("ArrowRight")
        page.get_by_test_id("replay-result").wait_for()
        shot("spades-replay-result")
        assert not errors, errors
